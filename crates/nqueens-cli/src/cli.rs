//! The command line: every subcommand and flag, documented for `--help`.

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use queens::{Format, MAX_N};
use std::num::NonZeroUsize;
use std::path::PathBuf;

/// Solve, count and verify the n-queens puzzle: place n queens on an n×n board so that no
/// two share a row, a column or a diagonal.
///
/// Run with no arguments to be asked how many queens, as the classic tutorials do.
#[derive(Debug, Parser)]
#[command(name = "nqueens", version, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Print every solution, in lexicographic order of the column array.
    Solve(SolveArgs),
    /// Print the number of solutions.
    Count(CountArgs),
    /// Print one solution for any n up to a billion, built without search, or with
    /// --random a random one found by local search.
    One(OneArgs),
    /// Write the list of work units a count of N is split into, for `shard` and `merge`.
    Plan(PlanArgs),
    /// Count a share of a plan's units, writing one small record per unit into a directory.
    ///
    /// Units already recorded there are skipped, so a shard that was stopped can be run
    /// again. Slurm job arrays map SLURM_ARRAY_TASK_ID to --index.
    Shard(ShardArgs),
    /// Add up a plan's unit records: only when every unit is there exactly once, with a
    /// good checksum. Otherwise list what is missing, duplicated or damaged, print the
    /// command that recomputes exactly those, and exit 1.
    Merge(MergeArgs),
    /// Check placements read from FILE (or standard input) in any output format.
    ///
    /// The format is detected. One line per placement says `ok` or what is wrong;
    /// placements and rows are numbered from 0. Exits 0 when all are solutions, 1 when
    /// any is not, 2 when the input cannot be read as placements.
    Verify(VerifyArgs),
    /// Finish a partly filled board: n-queens completion, blocked n-queens and the
    /// Excluded Diagonals Problem.
    ///
    /// Reads FILE (or standard input), detecting the format: a board of Q (a queen that
    /// must stay), . (a free square) and x (a closed square), one row per line or all on
    /// one line; CSPLib's completion parameters (letting n = 10, letting init = [[r, c],
    /// ...], 0-based); CSPLib's Excluded Diagonals parameters (n = 10, numdiags = 14,
    /// diags = [[d, 1], [d, 0], ...]: [d, 1] closes r + c = d, [d, 0] closes
    /// r - c = d - (n - 1)); blocked n-queens as CSPLib's parameters (letting n = 10,
    /// letting blocks = [[r, c], ...]), MiniZinc data (n, m, row, col) or facts
    /// (board(4). block(1, 1).), 1-based. Or give the problem with --n and --queens.
    ///
    /// Prints one completion (exit 0), or "no completion" on stderr (exit 1), or
    /// "unknown" when --timeout ran out first (exit 3). Givens that attack each other or
    /// stand on closed squares are named (exit 2). Exact up to 64 queens; above, local
    /// search finds completions but cannot prove there is none.
    Complete(CompleteArgs),
    /// Print a random Excluded Diagonals instance in CSPLib's format, for `complete`: the
    /// 4n - 2 diagonals in a random order, each kept only while every row and column
    /// keeps at least 4 open squares. Cut it with `complete --diags D`.
    Instance(InstanceArgs),
    /// Serve the web page on this machine: an interactive board running the same engine,
    /// compiled to WebAssembly. Build the page first with scripts/web/build.sh.
    ///
    /// Prints the page's address on standard output and serves until stopped (Ctrl-C).
    /// The files are static: any web server can host them.
    Web(WebArgs),
}

#[derive(Debug, Args)]
pub(crate) struct WebArgs {
    /// The built page.
    #[arg(long, value_name = "DIR", default_value = "target/web")]
    pub(crate) dir: PathBuf,
    /// The port on 127.0.0.1; 0 picks a free one.
    #[arg(short, long, default_value_t = 8000)]
    pub(crate) port: u16,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct CompleteArgs {
    /// The problem file. By default, standard input (unless --n is given).
    #[arg(conflicts_with = "n")]
    pub(crate) file: Option<PathBuf>,
    /// The board size, for a problem given on the command line.
    #[arg(long, value_name = "N", value_parser = parse_complete_n)]
    pub(crate) n: Option<u32>,
    /// The given queens, with --n: "row,column row,column ...", 0-based.
    #[arg(long, value_name = "SQUARES", requires = "n")]
    pub(crate) queens: Option<String>,
    /// Use only the first D excluded diagonals of the instance.
    #[arg(long, value_name = "D")]
    pub(crate) diags: Option<usize>,
    /// Print every completion, in lexicographic order (n up to 64).
    #[arg(short, long, conflicts_with = "count")]
    pub(crate) all: bool,
    /// Print the number of completions (n up to 64).
    #[arg(short, long)]
    pub(crate) count: bool,
    /// With --all, stop after this many completions.
    #[arg(short, long, value_name = "K", value_parser = parse_limit, requires = "all")]
    pub(crate) limit: Option<u64>,
    /// How to print completions.
    #[arg(short, long, value_enum, default_value_t = FormatArg::Text(Format::Board))]
    pub(crate) format: FormatArg,
    #[command(flatten)]
    pub(crate) picture: PictureArgs,
    /// Give up after this many seconds, printing "unknown" (exit 3). By default the
    /// exact search runs to the end; above 64 queens with more than 64 rows lacking a
    /// given queen, the local search stops after 60 s.
    #[arg(short, long, value_name = "SECONDS", value_parser = parse_seconds, conflicts_with_all = ["all", "count"])]
    pub(crate) timeout: Option<f64>,
    /// Threads searching. By default, one per core. The first completion any thread finds
    /// is printed, so with more than one it can differ between runs; counts never do.
    #[arg(short = 'j', long, value_name = "T")]
    pub(crate) threads: Option<NonZeroUsize>,
    /// Search only share I (0-based) of --of: every machine cuts the search into the same
    /// subtrees and takes every M-th, so that M machines split one long search (Slurm
    /// job arrays map SLURM_ARRAY_TASK_ID to --index). A share without a completion
    /// prints "no completion in share I of M" and exits 1; the problem has none when
    /// every share says so. Up to 64 queens; all shares must run the same version.
    #[arg(short, long, value_name = "I", requires = "of", conflicts_with_all = ["all", "count"])]
    pub(crate) index: Option<usize>,
    /// How many shares the search is cut into, for --index (at most 4096).
    #[arg(long, value_name = "M", value_parser = parse_shares, requires = "index")]
    pub(crate) of: Option<NonZeroUsize>,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct InstanceArgs {
    /// The board size (at most 64).
    #[arg(value_parser = parse_n)]
    pub(crate) n: usize,
    /// The seed of the draw: the same seed gives the same instance everywhere.
    #[arg(short, long, default_value_t = 0)]
    pub(crate) seed: u64,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct SolveArgs {
    /// The number of queens, and the board's width.
    #[arg(value_parser = parse_n)]
    pub(crate) n: usize,
    /// How to print the solutions.
    #[arg(short, long, value_enum, default_value_t = FormatArg::Text(Format::Board))]
    pub(crate) format: FormatArg,
    #[command(flatten)]
    pub(crate) picture: PictureArgs,
    /// Stop after this many solutions. By default, all are printed.
    #[arg(short, long, value_name = "K", value_parser = parse_limit)]
    pub(crate) limit: Option<u64>,
    /// Print one solution per class of solutions equal under rotation and reflection: the
    /// lexicographically smallest of its 8 images.
    #[arg(short, long)]
    pub(crate) unique: bool,
    /// Threads searching for --unique. By default, one per core.
    #[arg(short = 'j', long, value_name = "T")]
    pub(crate) threads: Option<NonZeroUsize>,
    /// Print only the solution at this position (0-based) of the lexicographic order,
    /// found by counting rather than listing the ones before it (n up to 18).
    #[arg(long, value_name = "K", conflicts_with_all = ["unique", "limit"])]
    pub(crate) nth: Option<u128>,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct CountArgs {
    /// The number of queens, and the board's width.
    #[arg(value_parser = parse_n)]
    pub(crate) n: usize,
    /// Print the number of solutions up to rotation and reflection instead (OEIS A002562).
    #[arg(short, long)]
    pub(crate) unique: bool,
    /// Print a JSON object instead of a bare number:
    /// {"n":8,"total":92,"unique":12,"classes":{"8":11,"4":1,"2":0,"1":0},"threads":…,"units":…,"seconds":…}.
    /// classes: how many classes have 8, 4, 2 or 1 distinct images (1 only for n ≤ 1).
    #[arg(long)]
    pub(crate) json: bool,
    /// Threads counting at once. By default, one per core. The answer never depends on it.
    #[arg(short = 'j', long, value_name = "T")]
    pub(crate) threads: Option<NonZeroUsize>,
    /// No progress bar. By default, one is drawn on stderr when it is a terminal.
    #[arg(short, long)]
    pub(crate) quiet: bool,
    /// Record finished work units in FILE (at most every 2 seconds, atomically) and, if it
    /// exists, resume from it: a count killed at any moment loses only the units in flight.
    /// Such a count runs the plan's units at every n (without it, n ≤ 17 joins half boards
    /// in memory, which is faster).
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<PathBuf>,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct OneArgs {
    /// The number of queens, from 0 to 1,000,000,000.
    #[arg(value_parser = parse_big_n)]
    pub(crate) n: u32,
    /// How to print the solution. Drawn formats (board, line, leetcode, unicode) stop at
    /// n = 10,000; columns and json have no limit.
    #[arg(short, long, value_enum, default_value_t = FormatArg::Text(Format::Columns))]
    pub(crate) format: FormatArg,
    #[command(flatten)]
    pub(crate) picture: PictureArgs,
    /// A random solution by min-conflicts local search (n up to 100,000,000), instead of
    /// the fixed construction. The seed used is printed on stderr.
    #[arg(short, long)]
    pub(crate) random: bool,
    /// A solution drawn uniformly at random among all of them (n up to 18), by counting:
    /// unlike --random, every solution is equally likely.
    #[arg(short, long, conflicts_with = "random")]
    pub(crate) uniform: bool,
    /// The seed for --random and --uniform: the same seed gives the same solution on every
    /// machine. By default, one is drawn from the clock.
    #[arg(short, long)]
    pub(crate) seed: Option<u64>,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct PlanArgs {
    /// The number of queens.
    #[arg(value_parser = parse_n)]
    pub(crate) n: usize,
    /// Where to write the plan.
    #[arg(short, long, value_name = "PLAN")]
    pub(crate) output: PathBuf,
    /// Split into at least this many units, by fixing more rows per unit (up to 6), for
    /// clusters with many more tasks than the default split has units. By default, units
    /// fix 3 rows (871 units for n = 16, 5,763 for 27).
    #[arg(long, value_name = "K")]
    pub(crate) units: Option<usize>,
}

#[derive(Debug, Args)]
pub(crate) struct ShardArgs {
    /// The plan file, from `nqueens plan`.
    pub(crate) plan: PathBuf,
    /// Which share to count: the units whose id is I modulo --of (0-based).
    #[arg(short, long, value_name = "I", requires = "of")]
    pub(crate) index: Option<usize>,
    /// How many shares the plan is cut into.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..), requires = "index")]
    pub(crate) of: Option<u64>,
    /// Count exactly these units instead (comma-separated ids, as `merge` prints them).
    #[arg(long, value_name = "IDS", value_delimiter = ',', conflicts_with_all = ["index", "of"])]
    pub(crate) units: Option<Vec<usize>>,
    /// The directory the unit records go to (created if missing).
    #[arg(short, long, value_name = "DIR")]
    pub(crate) output: PathBuf,
    /// Threads counting at once. By default, one per core.
    #[arg(short = 'j', long, value_name = "T")]
    pub(crate) threads: Option<NonZeroUsize>,
    /// No progress bar. By default, one is drawn on stderr when it is a terminal.
    #[arg(short, long)]
    pub(crate) quiet: bool,
}

#[derive(Debug, Args)]
pub(crate) struct MergeArgs {
    /// The plan file, from `nqueens plan`.
    pub(crate) plan: PathBuf,
    /// The directory (or directories) holding the unit records.
    #[arg(required = true)]
    pub(crate) dirs: Vec<PathBuf>,
    /// Also recount this percentage of the units, chosen at random, by the slow
    /// independent path, and compare with their records.
    #[arg(long, value_name = "P", value_parser = parse_percent)]
    pub(crate) recheck: Option<f64>,
    /// Print the same JSON object as `count --json`.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The file to read. By default, standard input.
    pub(crate) file: Option<PathBuf>,
}

/// How pictures (--format svg or png) are drawn and where they go.
#[derive(Debug, Args)]
pub(crate) struct PictureArgs {
    /// Label rows and columns with their numbers (svg and png).
    #[arg(long)]
    pub(crate) coords: bool,
    /// Boards per row when a picture holds several solutions (svg and png).
    #[arg(long, value_name = "C", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) columns: u16,
    /// Write the picture to FILE instead of standard output (required for png).
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

/// An output format, as a command-line value: a text format, or a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FormatArg {
    Text(Format),
    /// An SVG picture (a grid of boards for several solutions).
    Svg,
    /// The same picture as a PNG file.
    Png,
}

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [FormatArg; 8] = {
            let f = Format::ALL;
            [
                FormatArg::Text(f[0]),
                FormatArg::Text(f[1]),
                FormatArg::Text(f[2]),
                FormatArg::Text(f[3]),
                FormatArg::Text(f[4]),
                FormatArg::Text(f[5]),
                FormatArg::Svg,
                FormatArg::Png,
            ]
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let format = match *self {
            FormatArg::Text(format) => format,
            FormatArg::Svg => {
                return Some(
                    PossibleValue::new("svg")
                        .help("a picture: chequered boards, queens drawn as paths"),
                );
            }
            FormatArg::Png => {
                return Some(
                    PossibleValue::new("png")
                        .help("the same picture as PNG, written to --output FILE"),
                );
            }
        };
        let help = match format {
            Format::Board => "one row per line, Q and ., a blank line between solutions",
            Format::Line => "one solution per line: .Q.. ...Q Q... ..Q.",
            Format::Columns => "one column array per line: [1, 3, 0, 2]",
            Format::Leetcode => "one JSON array of boards, as LeetCode's solveNQueens returns",
            Format::Json => "JSON Lines: {\"n\":4,\"index\":0,\"columns\":[1,3,0,2]}",
            Format::Unicode => "a framed, chequered grid with ♛ for the queens",
            _ => "",
        };
        Some(PossibleValue::new(format.name()).help(help))
    }
}

/// Parses a number of queens for the searches, naming what is allowed when it is not one.
pub(crate) fn parse_n(s: &str) -> Result<usize, String> {
    parse_queens(s, MAX_N as u64).map(|n| n as usize)
}

/// The largest n `one` accepts.
pub(crate) const ONE_MAX_N: u32 = 1_000_000_000;

/// Parses the number of queens for `one`, which builds rather than searches.
fn parse_big_n(s: &str) -> Result<u32, String> {
    parse_queens(s, u64::from(ONE_MAX_N)).map(|n| n as u32)
}

/// The largest board `complete` takes: its local search keeps tens of bytes per queen.
pub(crate) const COMPLETE_MAX_N: u32 = 10_000_000;

/// Parses the board size for `complete --n`.
fn parse_complete_n(s: &str) -> Result<u32, String> {
    parse_queens(s, u64::from(COMPLETE_MAX_N)).map(|n| n as u32)
}

/// A whole number of queens from 0 to `max`, or a message saying what is allowed.
fn parse_queens(s: &str, max: u64) -> Result<u64, String> {
    let allowed = format!("expected a whole number from 0 to {max}");
    let s = s.trim();
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if s.strip_prefix('-').is_some_and(digits) {
        return Err(format!("'{s}' is negative: {allowed}"));
    }
    if !digits(s) {
        return Err(format!("'{s}' is not a number of queens: {allowed}"));
    }
    match s.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!(
            "n = {s} is too large: at most {max} queens are supported"
        )),
    }
}

/// Parses a percentage from 0 to 100.
fn parse_percent(s: &str) -> Result<f64, String> {
    match s.trim().trim_end_matches('%').parse::<f64>() {
        Ok(p) if (0.0..=100.0).contains(&p) => Ok(p),
        _ => Err(format!(
            "'{s}' is not a percentage: expected a number from 0 to 100"
        )),
    }
}

/// Parses `--limit`, a count of solutions.
fn parse_limit(s: &str) -> Result<u64, String> {
    s.trim().parse().map_err(|_| {
        format!(
            "'{s}' is not a number of solutions: expected a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// The most shares a completion search is cut into. Every share builds all the subtrees
/// (at least 64 per share, and the last level of the tree can overshoot that several
/// times): at n = 30, 122 MB at 4,096 shares but 672 MB at 10,000.
const MAX_SHARES: usize = 4096;

/// A number of shares for `complete --of`.
fn parse_shares(s: &str) -> Result<NonZeroUsize, String> {
    match s.trim().parse::<NonZeroUsize>() {
        Ok(m) if m.get() <= MAX_SHARES => Ok(m),
        _ => Err(format!(
            "'{s}' is not a number of shares: expected a whole number from 1 to {MAX_SHARES}"
        )),
    }
}

/// A positive number of seconds.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() && t <= 1e9 => Ok(t),
        _ => Err(format!(
            "'{s}' is not a number of seconds: expected a positive number such as 10 or 0.5"
        )),
    }
}
