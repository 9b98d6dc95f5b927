//! Every limit the library enforces, in one place, with the reason for each; the
//! front ends' own limits (pictures, the prompt, files the command keeps) live in the
//! front ends.
//!
//! Board sizes are `usize` throughout the crate's API and row and column numbers `u32`,
//! as in [`Placement::columns`](crate::Placement::columns). Each limit is checked before
//! any allocation or search that it bounds, and breaking it
//! is an error that names the limit, never a panic, a wrapped number or an exhausted
//! machine. Numbers read from input are parsed into wide integers and range-checked, never
//! cast. `docs/limits.md` lists them all for users of the command.

use std::borrow::Cow;

pub use crate::bitboard::MAX_N;

/// The largest board a count accepts: the join's diagonal patterns are 64 bits.
pub const COUNT_MAX_N: usize = crate::counting::halves::HALVES_MAX_N;

/// The largest board a completion problem may have, from any source (a board, any
/// parameter file, or the builder): its local search keeps tens of bytes per queen, and
/// above this the set-up alone takes longer than a typical `--timeout`.
pub const COMPLETION_MAX_N: usize = 10_000_000;

/// The largest board [`construct`](crate::construct) builds: the construction streams in
/// O(1) memory, so this only keeps `n` well within the `u32` its columns are.
pub const CONSTRUCT_MAX_N: usize = 1_000_000_000;

/// The largest board a random solution is drawn for by local search
/// ([`random_solution`](crate::random_solution)): 20 bytes per queen, 2 GB here.
pub const RANDOM_MAX_N: usize = 100_000_000;

/// The largest board an Excluded Diagonals instance is drawn for
/// ([`excluded_diagonals`](crate::complete::excluded_diagonals)): the draw checks every row and
/// column after each of the `4n − 2` diagonals, O(n⁴) steps, a blink at 64 and hours at
/// 1,000.
pub const INSTANCE_MAX_N: usize = 64;

/// The largest board the drawn text formats print: `n²` characters a board.
pub const DRAWN_MAX_N: usize = 10_000;

/// The largest board [`nth_solution`](crate::counting::nth_solution),
/// [`solution_index`](crate::counting::solution_index) and
/// [`uniform_solution`](crate::counting::uniform_solution) are offered for: each counts
/// the solutions below each column of every row, which near the top of the board costs a
/// about one and a half counts of the whole board: 75 to 90 s at 20 on two cores, by the
/// count's growth about ten minutes at 21.
pub const RANK_MAX_N: usize = 21;

/// The most threads a count or search may be asked for. Each thread has a stack of its
/// own; past a few per core they only add start-up time, and 100,000 of them took minutes
/// to start before this limit.
pub const MAX_THREADS: usize = 1024;

/// The largest completion problem exported for other solvers: its CNF has about 12n²
/// clauses (12 million, 236 MB, at 1,000 queens).
pub const EXPORT_MAX_N: usize = 1000;

/// The least memory the front ends let a count be given
/// ([`Counter::memory`](crate::Counter::memory)): 256 MiB.
pub const COUNT_MIN_MEMORY: u64 = 256 << 20;

/// The most memory the front ends let a count be given: 64 TiB.
pub const COUNT_MAX_MEMORY: u64 = 64 << 40;

/// The most units a plan may be split into: a unit and its line in the plan file take
/// about 60 bytes, so a plan stays within a few hundred megabytes.
pub const PLAN_MAX_UNITS: usize = 4_000_000;

/// The most queens a placement being verified may have, a row per queen.
pub const VERIFY_MAX_N: usize = 1_000_000_000;

/// The most bytes read from one input that is parsed whole (every format but streamed
/// column arrays): boards, JSON, completion problems.
pub const INPUT_MAX_BYTES: u64 = 1 << 30;

/// The longest line any text format is read in, for the formats read a line at a time
/// (boards, JSON Lines, framed grids, completion problems): it is held while it is read.
/// Column arrays are streamed and have no such limit.
pub const LINE_MAX_BYTES: usize = 1 << 30;

/// How deeply lists may nest in a parameter file: the published formats nest two deep.
pub const NESTING_MAX_DEPTH: usize = 16;

/// The most completion shares a search is cut into: every share builds all the subtrees
/// (at n = 30, 122 MB at 4,096 shares but 672 MB at 10,000).
pub const COMPLETION_MAX_SHARES: usize = 4096;

/// How many characters of the input an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// How many characters of a file name an error message quotes: names are cut like any
/// other quoted input, but later, since a path's end tells files apart.
pub const NAME_EXCERPT_CHARS: usize = 160;

/// `text` cut to [`EXCERPT_CHARS`] characters, with `…` where it was cut, and its control
/// characters escaped (`\n`, `\u{1b}`), for quoting input in an error message of one
/// line without echoing all of it. The one rule for quoting input, names included
/// ([`excerpt_name`]).
///
/// ```
/// use queens::limits::excerpt;
///
/// assert_eq!(excerpt("[1, 3, 0, 2]"), "[1, 3, 0, 2]");
/// assert_eq!(excerpt(&"9".repeat(100_000)).chars().count(), 41);
/// assert_eq!(excerpt("4\u{1b}[2J\n\0"), "4\\u{1b}[2J\\n\\0");
/// ```
pub fn excerpt(text: &str) -> Cow<'_, str> {
    cut(text, EXCERPT_CHARS)
}

/// A file name as error messages quote it: by the rule of [`excerpt`], cut after
/// [`NAME_EXCERPT_CHARS`] characters.
///
/// ```
/// use queens::limits::excerpt_name;
///
/// assert_eq!(excerpt_name("runs/plan-16.json"), "runs/plan-16.json");
/// assert_eq!(excerpt_name("two\nlines"), "two\\nlines");
/// ```
pub fn excerpt_name(name: &str) -> Cow<'_, str> {
    cut(name, NAME_EXCERPT_CHARS)
}

/// `text` cut after `most` characters, its control characters escaped.
fn cut(text: &str, most: usize) -> Cow<'_, str> {
    let end = text.char_indices().nth(most).map(|(at, _)| at);
    let kept = &text[..end.unwrap_or(text.len())];
    if end.is_none() && !kept.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(kept.len() + 3);
    for c in kept.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    if end.is_some() {
        out.push('…');
    }
    Cow::Owned(out)
}

/// `message` with every run quoted between `'` or `"` cut by [`excerpt`], for passing on
/// another parser's message (serde's, clap's) that may quote a whole input.
///
/// ```
/// use queens::limits::excerpt_quotes;
///
/// let long = format!("invalid value '{}' for '--threads <T>'", "7".repeat(1000));
/// assert_eq!(excerpt_quotes(&long), format!("invalid value '{}…' for '--threads <T>'", "7".repeat(40)));
/// ```
pub fn excerpt_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['\'', '"']) {
        let quote = rest[open..].chars().next().unwrap_or('\'');
        let inner = &rest[open + 1..];
        let Some(close) = inner.find(quote) else {
            break;
        };
        out.push_str(&rest[..=open]);
        out.push_str(&excerpt(&inner[..close]));
        out.push(quote);
        rest = &inner[close + 1..];
    }
    out.push_str(&excerpt_tail(rest));
    out
}

/// What is left of a message after its last quote: cut as well, should an unpaired quote
/// leave a whole input behind it.
fn excerpt_tail(rest: &str) -> Cow<'_, str> {
    cut(rest, 4 * EXCERPT_CHARS)
}
