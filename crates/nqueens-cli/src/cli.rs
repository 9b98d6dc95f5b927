//! The command line: every subcommand and flag, documented for `--help`.

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use queens::limits::{
    COMPLETION_MAX_N, COMPLETION_MAX_SHARES, CONSTRUCT_MAX_N, COUNT_MAX_MEMORY, COUNT_MAX_N,
    COUNT_MIN_MEMORY, INSTANCE_MAX_N, MAX_N, MAX_THREADS, PLAN_MAX_UNITS, excerpt,
};
use queens::{Format, complete::Export};
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
    /// --random a random one found by local search, or with --uniform (n ≤ 21) one drawn
    /// with every solution equally likely.
    One(OneArgs),
    /// Write the list of work units a count of N is split into, for `shard` and `merge`;
    /// with --estimate, price the count before it runs.
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
    /// Print a completion script for a shell: `source <(nqueens completions bash)`, or
    /// save it where the shell looks for completions.
    Completions(CompletionsArgs),
    /// Print the manual page, in roff: `nqueens man | man -l -`, or save it as
    /// nqueens.1 in a man directory; `nqueens man solve` prints nqueens-solve(1).
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// A subcommand, for its own page. By default, the page of `nqueens` itself.
    pub(crate) command: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub(crate) shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub(crate) struct WebArgs {
    /// The built page.
    #[arg(long, value_name = "DIR", default_value = "target/web")]
    pub(crate) dir: PathBuf,
    /// The port on 127.0.0.1; 0 picks a free one.
    #[arg(short, long, default_value_t = 8000, value_parser = parse_port)]
    pub(crate) port: u16,
}

#[derive(Debug, Clone, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct CompleteArgs {
    /// The problem file. By default, standard input (unless --n is given).
    #[arg(conflicts_with = "n")]
    pub(crate) file: Option<PathBuf>,
    /// The board size, for a problem given on the command line: from 0 to 10,000,000.
    #[arg(long, value_name = "N", value_parser = parse_complete_n)]
    pub(crate) n: Option<usize>,
    /// The given queens, with --n: "row,column row,column ...", 0-based.
    #[arg(
        long,
        value_name = "SQUARES",
        requires = "n",
        conflicts_with = "file",
        allow_hyphen_values = true
    )]
    pub(crate) queens: Option<String>,
    /// Use only the first D excluded diagonals of the instance.
    #[arg(long, value_name = "D", value_parser = parse_diags)]
    pub(crate) diags: Option<usize>,
    /// Print every completion, in lexicographic order (n up to 64).
    #[arg(short, long, conflicts_with = "count")]
    pub(crate) all: bool,
    /// Print the number of completions (n up to 64).
    #[arg(short, long)]
    pub(crate) count: bool,
    /// With --all, stop after this many completions.
    #[arg(short, long, value_name = "K", value_parser = parse_limit, requires = "all", conflicts_with_all = ["count", "export"])]
    pub(crate) limit: Option<u64>,
    /// How to print completions.
    #[arg(short, long, value_enum, default_value_t = FormatArg::Text(Format::Board), conflicts_with_all = ["count", "export"])]
    pub(crate) format: FormatArg,
    #[command(flatten)]
    pub(crate) picture: PictureArgs,
    /// Give up after this many seconds from the start, reading the problem included,
    /// printing "unknown" (exit 3). By default the
    /// exact search runs to the end; above 64 queens with more than 64 rows lacking a
    /// given queen, the local search stops after 60 s.
    #[arg(short, long, value_name = "SECONDS", value_parser = parse_seconds, conflicts_with_all = ["all", "count"])]
    pub(crate) timeout: Option<f64>,
    /// Threads searching. By default, one per core; at most 1024. The first completion any thread finds
    /// is printed, so with more than one it can differ between runs; counts never do.
    #[arg(short = 'j', long, value_name = "T", value_parser = parse_threads, conflicts_with = "export")]
    pub(crate) threads: Option<NonZeroUsize>,
    /// Search only share I (0-based) of --of: every machine cuts the search into the same
    /// subtrees and takes every M-th, so that M machines split one long search (Slurm
    /// job arrays map SLURM_ARRAY_TASK_ID to --index). A share without a completion
    /// prints "no completion in share I of M" and exits 1; the problem has none when
    /// every share says so. Up to 64 queens; all shares must run the same version.
    #[arg(short, long, value_name = "I", value_parser = parse_index, requires = "of", conflicts_with_all = ["all", "count"])]
    pub(crate) index: Option<usize>,
    /// How many shares the search is cut into, for --index (at most 4096).
    #[arg(long, value_name = "M", value_parser = parse_shares, requires = "index")]
    pub(crate) of: Option<NonZeroUsize>,
    /// Write the problem for another solver instead of solving it: dimacs (CNF for SAT
    /// solvers, square (r, c) is variable r·n + c + 1), minizinc (a self-contained model
    /// printing q = [...]; 0-based) or essence (Essence′ parameters for CSPLib's 079/080
    /// models). Up to 1,000 queens. `nqueens verify --problem` checks the other solver's
    /// answer.
    #[arg(long, value_name = "FORMAT", conflicts_with_all = ["all", "count", "timeout", "index"])]
    pub(crate) export: Option<Export>,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct InstanceArgs {
    /// The board size, from 0 to 64.
    #[arg(value_parser = parse_instance_n)]
    pub(crate) n: usize,
    /// The seed of the draw: the same seed gives the same instance everywhere.
    #[arg(short, long, default_value_t = 0, value_parser = parse_seed)]
    pub(crate) seed: u64,
    /// Keep only the first D diagonals drawn (the published instances are meant to be cut).
    #[arg(long, value_name = "D", value_parser = parse_diags)]
    pub(crate) diags: Option<usize>,
    /// Write the instance for another solver instead: dimacs, minizinc or essence (see
    /// `nqueens complete --export`).
    #[arg(long, value_name = "FORMAT")]
    pub(crate) export: Option<Export>,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct SolveArgs {
    /// The number of queens, and the board's width: from 0 to 64.
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
    /// Threads searching and rendering the solutions; the output is the same on any
    /// number. By default, one per core; at most 1024 (listing uses no more than the cores).
    #[arg(short = 'j', long, value_name = "T", value_parser = parse_threads)]
    pub(crate) threads: Option<NonZeroUsize>,
    /// Print only the solution at this position (0-based) of the lexicographic order,
    /// found by counting rather than listing the ones before it (n up to 21).
    #[arg(long, value_name = "K", value_parser = parse_nth, conflicts_with_all = ["unique", "limit"])]
    pub(crate) nth: Option<u128>,
    /// Stop searching after this many seconds: the solutions found by then are printed,
    /// in order and complete, and if the list was not finished, stderr says so and the
    /// exit status is 3 (unknown).
    #[arg(short, long, value_name = "SECONDS", value_parser = parse_seconds, conflicts_with = "nth")]
    pub(crate) timeout: Option<f64>,
    /// With --limit 1: find the first solution by the walk guided by completion proofs
    /// (any n) and write its certificate to FILE, one JSON line per prefix proved to have
    /// no completion, written as it is proved, then the solution. A FILE of the same n is
    /// resumed: its refutations are not searched again. Check it with `nqueens verify
    /// --first N FILE`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["unique", "nth"])]
    pub(crate) proof: Option<PathBuf>,
    /// With --proof: save where the search of the question in flight stands to
    /// FILE.progress (a share's to FILE.progress-I) every this many seconds (at least
    /// 0.1), and when --timeout, Ctrl-C, SIGTERM or SIGHUP stops the run, with the
    /// questions answered by a completion; a run of the same command goes on from it, so
    /// a kill -9 loses about this long of a question's search. The file is removed once
    /// the first solution is found.
    #[arg(long, value_name = "SECONDS", value_parser = parse_save_every, default_value = "60", requires = "proof")]
    pub(crate) save_every: f64,
    /// With --proof: run share I (0-based) of --of M of the walk, M machines that all see
    /// FILE (a cluster file system). Each walks the same path and searches its share of
    /// every question, writing its answers to FILE.share-I and waiting for the others';
    /// share 0 writes the certificate. Slurm job arrays map SLURM_ARRAY_TASK_ID to --index.
    #[arg(short, long, value_name = "I", value_parser = parse_index, requires_all = ["of", "proof"])]
    pub(crate) index: Option<usize>,
    /// How many shares the walk is split into, for --index (at most 4096).
    #[arg(long, value_name = "M", value_parser = parse_shares, requires = "index")]
    pub(crate) of: Option<NonZeroUsize>,
    /// Start at the first solution that begins with these columns of the first rows
    /// ("0,2,4" or "[0, 2, 4]") or comes after every one that does. To resume a listing,
    /// give its last solution: it is printed again. Listed by the walk guided by
    /// completion proofs, at any n.
    #[arg(long, value_name = "PREFIX", value_parser = parse_prefix, conflicts_with_all = ["unique", "nth", "proof"])]
    pub(crate) from: Option<Prefix>,
}

/// The columns of a board's first rows, as `solve --from` takes them.
#[derive(Debug, Clone)]
pub(crate) struct Prefix(pub(crate) Vec<u32>);

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct CountArgs {
    /// The number of queens, and the board's width: from 0 to 32.
    #[arg(value_parser = parse_count_n)]
    pub(crate) n: usize,
    /// Print the number of solutions up to rotation and reflection instead (OEIS A002562).
    #[arg(short, long)]
    pub(crate) unique: bool,
    /// Print a JSON object instead of a bare number:
    /// {"n":8,"total":92,"unique":12,"classes":{"8":11,"4":1,"2":0,"1":0},"threads":…,"units":…,"seconds":…}.
    /// classes: how many classes have 8, 4, 2 or 1 distinct images (1 only for n ≤ 1).
    #[arg(long)]
    pub(crate) json: bool,
    /// Threads counting at once. By default, one per core; at most 1024. The answer never
    /// depends on it.
    #[arg(short = 'j', long, value_name = "T", value_parser = parse_threads)]
    pub(crate) threads: Option<NonZeroUsize>,
    /// No progress bar. By default, one is drawn on stderr when it is a terminal.
    #[arg(short, long)]
    pub(crate) quiet: bool,
    /// Record finished work units in FILE (at most every 2 seconds, atomically, and when
    /// Ctrl-C, SIGTERM or SIGHUP stops the count) and, if it exists, resume from it: a count
    /// killed at any moment loses only the units in flight.
    #[arg(long, value_name = "FILE")]
    pub(crate) checkpoint: Option<PathBuf>,
    /// About how much memory the count may use: half for the tables the halves are joined
    /// from (they fit up to n = 23 with the default; n = 24 and 25 need 3G, n = 26 and 27
    /// 45G, else a slower search finds the halves), half for the threads' lists.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, default_value = "2G")]
    pub(crate) memory: usize,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct OneArgs {
    /// The number of queens, from 0 to 1,000,000,000.
    #[arg(value_parser = parse_big_n)]
    pub(crate) n: usize,
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
    /// A solution drawn uniformly at random among all of them (n up to 21), by counting:
    /// unlike --random, every solution is equally likely.
    #[arg(short, long, conflicts_with = "random")]
    pub(crate) uniform: bool,
    /// The seed for --random and --uniform: the same seed gives the same solution on every
    /// machine. By default, one is drawn from the clock.
    #[arg(short, long, value_parser = parse_seed)]
    pub(crate) seed: Option<u64>,
}

#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub(crate) struct PlanArgs {
    /// The number of queens, from 0 to 32.
    #[arg(value_parser = parse_count_n)]
    pub(crate) n: usize,
    /// Where to write the plan. Needed unless --estimate is given.
    #[arg(short, long, value_name = "PLAN", required_unless_present = "estimate")]
    pub(crate) output: Option<PathBuf>,
    /// Split into at least this many units, by joining fewer column sets of the top half
    /// per unit (down to one), for clusters with more tasks than the default split has
    /// units, or into fewer, larger units. At most 4,000,000.
    #[arg(long, value_name = "K", value_parser = parse_plan_units)]
    pub(crate) units: Option<NonZeroUsize>,
    /// Price the count before it runs: count K of the plan's units, drawn by their
    /// expected work and spread over the plan (and its one symmetric unit), and print the
    /// projected CPU time of the whole count, with one standard error, and its wall time
    /// on the threads that counted the samples. At most as many as the plan has units
    /// besides its symmetric one.
    #[arg(long, value_name = "K", value_parser = parse_samples)]
    pub(crate) estimate: Option<NonZeroUsize>,
    /// With --estimate: also project the wall time on M machines of as many threads.
    #[arg(long, value_name = "M", requires = "estimate", value_parser = parse_machines)]
    pub(crate) machines: Option<NonZeroUsize>,
    /// With --estimate: threads counting the samples, by default one per core; at most
    /// 1024.
    #[arg(short = 'j', long, value_name = "T", requires = "estimate", value_parser = parse_threads)]
    pub(crate) threads: Option<NonZeroUsize>,
    /// With --estimate: the memory the count will be given (see `count --memory`); the
    /// samples are counted with it, as the tables it allows change the time.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, default_value = "2G", requires = "estimate")]
    pub(crate) memory: usize,
    /// With --estimate: no progress bar. By default, one is drawn on stderr when it is a
    /// terminal.
    #[arg(short, long, requires = "estimate")]
    pub(crate) quiet: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ShardArgs {
    /// The plan file, from `nqueens plan`.
    pub(crate) plan: PathBuf,
    /// Which share to count: the units whose id is I modulo --of (0-based).
    #[arg(short, long, value_name = "I", value_parser = parse_index, requires = "of")]
    pub(crate) index: Option<usize>,
    /// How many shares the plan is cut into.
    #[arg(long, value_name = "M", value_parser = parse_plan_shares, requires = "index")]
    pub(crate) of: Option<u64>,
    /// Count exactly these units instead (ids and ranges separated by commas, such as
    /// 3,17-20,42, as `merge` prints them; an id given twice is counted once).
    #[arg(long, value_name = "IDS", value_parser = parse_unit_ids, conflicts_with_all = ["index", "of"])]
    pub(crate) units: Option<UnitIds>,
    /// The directory the unit records go to (created if missing).
    #[arg(short, long, value_name = "DIR")]
    pub(crate) output: PathBuf,
    /// Threads counting at once. By default, one per core; at most 1024.
    #[arg(short = 'j', long, value_name = "T", value_parser = parse_threads)]
    pub(crate) threads: Option<NonZeroUsize>,
    /// No progress bar. By default, one is drawn on stderr when it is a terminal.
    #[arg(short, long)]
    pub(crate) quiet: bool,
    /// About how much memory the shard may use, as for `count --memory`.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory, default_value = "2G")]
    pub(crate) memory: usize,
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
    #[arg(long, value_name = "P", value_parser = parse_percent, allow_negative_numbers = true)]
    pub(crate) recheck: Option<f64>,
    /// Print the same JSON object as `count --json`, where threads is the number of
    /// threads that rechecked and seconds the merge's own time.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The file to read. By default, standard input.
    pub(crate) file: Option<PathBuf>,
    /// Check FILE as another solver's answer to this completion problem (any format
    /// `nqueens complete` reads): a SAT solver's s/v lines for `--export dimacs`,
    /// MiniZinc's q = [...]; for `--export minizinc`, or a placement. A completion must
    /// keep the given queens and avoid closed squares and diagonals; a "no completion"
    /// answer is checked by this search (exact up to 64 queens).
    #[arg(long, value_name = "PROBLEM")]
    pub(crate) problem: Option<PathBuf>,
    /// Check FILE as a certificate that its solution is the first of N queens in
    /// lexicographic order (`nqueens solve N --limit 1 --proof FILE`): every subtree
    /// before it must be listed as refuted, each refutation is proved again by the plain
    /// search (not the completion search that made it), and so is the solution below the
    /// rows the proof covers. Exits 0 when it holds, 1 when it does not. FILE `-` is
    /// standard input.
    #[arg(long, value_name = "N", value_parser = parse_n, requires = "file", conflicts_with = "problem")]
    pub(crate) first: Option<usize>,
    /// With --first: threads proving the refutations again, by default one per core; at
    /// most 1024. Each refutation is cut into subtrees that the threads share.
    #[arg(short = 'j', long, value_name = "T", requires = "first", value_parser = parse_threads)]
    pub(crate) threads: Option<NonZeroUsize>,
    /// With --first: check share I of M (numbered from 0) of the refutations' subtrees, on
    /// one of M machines; the certificate holds when every share says ok. Slurm job
    /// arrays map SLURM_ARRAY_TASK_ID to --index.
    #[arg(short, long, value_name = "I", value_parser = parse_index, requires_all = ["of", "first"])]
    pub(crate) index: Option<usize>,
    /// How many shares the check is split into, for --index (at most 4096).
    #[arg(long, value_name = "M", value_parser = parse_shares, requires = "index")]
    pub(crate) of: Option<NonZeroUsize>,
}

/// How pictures (--format svg or png) are drawn and where they go.
#[derive(Debug, Clone, Args)]
pub(crate) struct PictureArgs {
    /// Label rows and columns with their numbers (svg and png).
    #[arg(long)]
    pub(crate) coords: bool,
    /// Boards per row when a picture holds several solutions (svg and png).
    #[arg(long, value_name = "C", default_value_t = 4, value_parser = parse_picture_columns)]
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

/// The command's own formats, the pictures, beside the library's text formats.
const PICTURES: [(FormatArg, &str, &str); 2] = [
    (
        FormatArg::Svg,
        "svg",
        "a picture: chequered boards, queens drawn as paths",
    ),
    (
        FormatArg::Png,
        "png",
        "the same picture as PNG, written to --output FILE",
    ),
];

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: std::sync::LazyLock<Vec<FormatArg>> = std::sync::LazyLock::new(|| {
            Format::ALL
                .into_iter()
                .map(FormatArg::Text)
                .chain(PICTURES.iter().map(|&(arg, _, _)| arg))
                .collect()
        });
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let (name, help) = match *self {
            FormatArg::Text(format) => (format.name(), format.help()),
            picture => PICTURES
                .iter()
                .find(|&&(arg, _, _)| arg == picture)
                .map(|&(_, name, help)| (name, help))?,
        };
        Some(PossibleValue::new(name).help(help))
    }
}

/// Parses a number of queens for the searches, naming what is allowed when it is not one.
pub(crate) fn parse_n(s: &str) -> Result<usize, String> {
    parse_queens(s, MAX_N as u64, "are supported").map(|n| n as usize)
}

/// Parses a number of queens to count.
fn parse_count_n(s: &str) -> Result<usize, String> {
    let beyond = "can be counted (the join's diagonal patterns are 64 bits)";
    parse_queens(s, COUNT_MAX_N as u64, beyond).map(|n| n as usize)
}

/// Parses `--memory`: bytes, or a number with K, M, G or T (powers of 1024).
fn parse_memory(s: &str) -> Result<usize, String> {
    let allowed = "expected a size such as 512M, 2G or 16G, from 256M to 64T";
    let t = s.trim();
    let (digits, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("'{}' is not a size: {allowed}", excerpt(t))),
    };
    let bytes = digits
        .parse::<u64>()
        .ok()
        .filter(|_| is_digits(digits))
        .ok_or_else(|| format!("'{}' is not a size: {allowed}", excerpt(t)))?;
    bytes
        .checked_mul(1 << shift)
        .filter(|b| (COUNT_MIN_MEMORY..=COUNT_MAX_MEMORY).contains(b))
        .map(|b| b as usize)
        .ok_or_else(|| format!("'{}' is out of range: {allowed}", excerpt(t)))
}

/// Parses the size of a random instance to draw.
fn parse_instance_n(s: &str) -> Result<usize, String> {
    parse_queens(s, INSTANCE_MAX_N as u64, "are supported for an instance").map(|n| n as usize)
}

/// Parses the number of queens for `one`, which builds rather than searches.
fn parse_big_n(s: &str) -> Result<usize, String> {
    parse_queens(s, CONSTRUCT_MAX_N as u64, "are supported").map(|n| n as usize)
}

/// Parses the board size for `complete --n`.
fn parse_complete_n(s: &str) -> Result<usize, String> {
    parse_queens(s, COMPLETION_MAX_N as u64, "are supported").map(|n| n as usize)
}

/// A whole number of queens from 0 to `max`, or a message saying what is allowed.
fn parse_queens(s: &str, max: u64, beyond: &str) -> Result<u64, String> {
    let allowed = format!("expected a whole number from 0 to {max}");
    let s = s.trim();
    if s.strip_prefix('-').is_some_and(is_digits) {
        return Err(format!("'{}' is negative: {allowed}", excerpt(s)));
    }
    if !is_digits(s) {
        return Err(format!(
            "'{}' is not a number of queens: {allowed}",
            excerpt(s)
        ));
    }
    match s.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!(
            "n = {} is too large: at most {max} queens {beyond}",
            excerpt(s)
        )),
    }
}

/// Whether `s` is one or more ASCII digits: no sign, no space.
fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// A whole number from `min` to `max` (a u128, for the widest of them), or a message
/// naming what `s` should have been and what is allowed.
fn whole(s: &str, what: &str, min: u128, max: u128) -> Result<u128, String> {
    let t = s.trim();
    match t.parse::<u128>() {
        Ok(v) if is_digits(t) && (min..=max).contains(&v) => Ok(v),
        _ => Err(format!(
            "'{}' is not {what}: expected a whole number from {min} to {max}",
            excerpt(t)
        )),
    }
}

/// A whole number from 1 to `max`, as [`whole`] reads it.
fn positive(s: &str, what: &str, max: usize) -> Result<NonZeroUsize, String> {
    let v = whole(s, what, 1, max as u128)?;
    Ok(NonZeroUsize::new(v as usize).unwrap_or(NonZeroUsize::MIN))
}

/// Parses `--threads`.
fn parse_threads(s: &str) -> Result<NonZeroUsize, String> {
    positive(s, "a number of threads", MAX_THREADS)
}

/// Parses `--seed`.
fn parse_seed(s: &str) -> Result<u64, String> {
    whole(s, "a seed", 0, u128::from(u64::MAX)).map(|v| v as u64)
}

/// Parses `--limit`, a count of solutions.
fn parse_limit(s: &str) -> Result<u64, String> {
    whole(s, "a number of solutions", 0, u128::from(u64::MAX)).map(|v| v as u64)
}

/// Parses `--nth`, a position in the order of solutions.
fn parse_nth(s: &str) -> Result<u128, String> {
    whole(s, "a solution's position", 0, u128::MAX)
}

/// Parses `--diags`.
fn parse_diags(s: &str) -> Result<usize, String> {
    whole(
        s,
        "a number of diagonals",
        0,
        (4 * COMPLETION_MAX_N) as u128,
    )
    .map(|v| v as usize)
}

/// Parses `solve --from`: columns separated by commas or spaces, in brackets or not; each
/// checked against the board later, where n is known.
fn parse_prefix(s: &str) -> Result<Prefix, String> {
    let bad = || {
        format!(
            "'{}' is not a prefix: expected the columns of the first rows, from 0, as 0,2,4 or [0, 2, 4]",
            queens::limits::excerpt(s)
        )
    };
    let inner = s.trim();
    let inner = match (inner.strip_prefix('['), inner.strip_suffix(']')) {
        (Some(_), Some(_)) => &inner[1..inner.len() - 1],
        (None, None) => inner,
        _ => return Err(bad()),
    };
    if inner.trim().is_empty() {
        return Ok(Prefix(Vec::new()));
    }
    // Commas separate the columns, with spaces around them or not; or spaces alone.
    let tokens: Vec<&str> = if inner.contains(',') {
        inner.split(',').map(str::trim).collect()
    } else {
        inner.split_whitespace().collect()
    };
    tokens
        .iter()
        .map(|t| {
            t.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| t.parse::<u32>().ok())
                .flatten()
                .ok_or_else(bad)
        })
        .collect::<Result<_, _>>()
        .map(Prefix)
}

/// Parses `--index`, a share's number.
fn parse_index(s: &str) -> Result<usize, String> {
    whole(s, "a share's index", 0, u128::from(u32::MAX)).map(|v| v as usize)
}

/// Parses `shard --of`.
fn parse_plan_shares(s: &str) -> Result<u64, String> {
    whole(s, "a number of shares", 1, PLAN_MAX_UNITS as u128).map(|v| v as u64)
}

/// Parses `plan --estimate`, a number of units to count.
fn parse_samples(s: &str) -> Result<NonZeroUsize, String> {
    positive(s, "a number of units to sample", PLAN_MAX_UNITS)
}

/// Parses `plan --machines`.
fn parse_machines(s: &str) -> Result<NonZeroUsize, String> {
    positive(s, "a number of machines", PLAN_MAX_UNITS)
}

/// Parses `plan --units`.
fn parse_plan_units(s: &str) -> Result<NonZeroUsize, String> {
    whole(s, "a number of units", 1, PLAN_MAX_UNITS as u128)
        .map(|v| NonZeroUsize::new(v as usize).expect("at least 1"))
}

/// The unit ids of `shard --units`, one argument however many.
#[derive(Debug, Clone)]
pub(crate) struct UnitIds(pub(crate) Vec<usize>);

/// Parses `shard --units`: unit ids and ranges of them separated by commas, as `merge`
/// prints them (`3,17-20,42`).
fn parse_unit_ids(s: &str) -> Result<UnitIds, String> {
    let id = |id: &str| {
        whole(id, "a unit id", 0, PLAN_MAX_UNITS as u128 - 1)
            .map(|v| v as usize)
            .map_err(|e| format!("{e}; give ids or ranges separated by commas, such as 3,17-20,42"))
    };
    let mut ids = Vec::new();
    for part in s.split(',') {
        match part.split_once('-') {
            Some((first, last)) => {
                let (first, last) = (id(first)?, id(last)?);
                if first > last {
                    return Err(format!(
                        "the range {first}-{last} runs backwards: give it as {last}-{first}"
                    ));
                }
                ids.extend(first..=last);
            }
            None => ids.push(id(part)?),
        }
        if ids.len() > PLAN_MAX_UNITS {
            return Err(format!(
                "more than {PLAN_MAX_UNITS} unit ids: a plan has at most that many units"
            ));
        }
    }
    Ok(UnitIds(ids))
}

/// Parses `--columns`, boards per picture row.
fn parse_picture_columns(s: &str) -> Result<u16, String> {
    whole(s, "a number of boards per row", 1, u128::from(u16::MAX)).map(|v| v as u16)
}

/// Parses `web --port`.
fn parse_port(s: &str) -> Result<u16, String> {
    whole(s, "a port", 0, u128::from(u16::MAX)).map(|v| v as u16)
}

/// Parses a percentage from 0 to 100.
fn parse_percent(s: &str) -> Result<f64, String> {
    match s.trim().trim_end_matches('%').parse::<f64>() {
        Ok(p) if (0.0..=100.0).contains(&p) => Ok(p),
        _ => Err(format!(
            "'{}' is not a percentage: expected a number from 0 to 100",
            excerpt(s)
        )),
    }
}

/// A number of shares for `complete --of`.
fn parse_shares(s: &str) -> Result<NonZeroUsize, String> {
    positive(s, "a number of shares", COMPLETION_MAX_SHARES)
}

/// Parses `--save-every`: seconds, at least a tenth of one, since each save is written
/// and flushed to disk.
fn parse_save_every(s: &str) -> Result<f64, String> {
    match parse_seconds(s) {
        Ok(t) if t >= 0.1 => Ok(t),
        _ => Err(format!(
            "'{}' is not a number of seconds from 0.1 to 1000000000",
            excerpt(s)
        )),
    }
}

/// A positive number of seconds.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() && t <= 1e9 => Ok(t),
        _ => Err(format!(
            "'{}' is not a number of seconds: expected a positive number such as 10 or 0.5, at most 1000000000",
            excerpt(s)
        )),
    }
}
