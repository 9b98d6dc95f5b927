//! One module per subcommand, and the output they share: standard output, the progress
//! bar and the JSON report of a count.

pub(crate) mod complete;
pub(crate) mod count;
pub(crate) mod docs;
pub(crate) mod instance;
pub(crate) mod interactive;
pub(crate) mod merge;
pub(crate) mod one;
pub(crate) mod picture;
pub(crate) mod plan;
pub(crate) mod shard;
pub(crate) mod solve;
pub(crate) mod verify;
pub(crate) mod web;

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::num::NonZeroUsize;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use queens::{Counter, Tally};

/// Standard output, locked and buffered in large blocks for streaming millions of lines.
pub(crate) fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// A counter on `--threads` threads (by default one per core) within `--memory`.
pub(crate) fn counter(threads: Option<NonZeroUsize>, memory: usize) -> Counter {
    let counter = Counter::new().memory(memory);
    threads.map_or(counter.clone(), |t| counter.threads(t))
}

/// The `--json` report: the board size, its tally, and how it was counted.
#[derive(serde::Serialize)]
struct Report<'a> {
    n: usize,
    #[serde(flatten)]
    tally: &'a Tally,
    threads: usize,
    units: usize,
    seconds: f64,
}

/// The `--json` object of `count` and `merge`.
pub(crate) fn write_json(
    out: &mut impl Write,
    n: usize,
    tally: &Tally,
    threads: usize,
    units: usize,
    seconds: f64,
) -> anyhow::Result<()> {
    let report = Report {
        n,
        tally,
        threads,
        units,
        seconds: (seconds * 1e6).round() / 1e6,
    };
    serde_json::to_writer(&mut *out, &report)?;
    writeln!(out)?;
    Ok(())
}

/// Units done of all, elapsed time and ETA on stderr; hidden unless stderr is a terminal
/// and the user did not ask for quiet, so scripts only ever see the answer.
pub(crate) fn progress_bar(units: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(units);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} units, ETA {eta}",
        )
        .expect("the template is valid"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
