//! One module per subcommand, and the output they share: standard output, the progress
//! bar and the JSON report of a count.

pub(crate) mod complete;
pub(crate) mod count;
pub(crate) mod docs;
pub(crate) mod inflight;
pub(crate) mod instance;
pub(crate) mod interactive;
pub(crate) mod merge;
pub(crate) mod one;
pub(crate) mod picture;
pub(crate) mod plan;
pub(crate) mod proof;
pub(crate) mod shard;
pub(crate) mod shares;
pub(crate) mod solve;
pub(crate) mod verify;
pub(crate) mod web;

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::num::NonZeroUsize;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use queens::{Counter, Tally};

/// Standard output, locked and buffered in large blocks for streaming millions of lines.
pub(crate) fn stdout() -> Stdout {
    Stdout {
        out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        closed: stdout_closed(),
    }
}

/// Standard output whose failures say that it is standard output that failed, and that
/// fails when it is closed (`nqueens count 8 >&-`), where Rust's own would drop every
/// byte and report success.
pub(crate) struct Stdout {
    out: BufWriter<StdoutLock<'static>>,
    closed: bool,
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        self.out.write(buf).map_err(named)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.check()?;
        self.out.write_all(buf).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check()?;
        self.out.flush().map_err(named)
    }
}

impl Stdout {
    fn check(&self) -> io::Result<()> {
        if self.closed {
            return Err(io::Error::other(
                "cannot write standard output: it is closed",
            ));
        }
        Ok(())
    }
}

/// A failed write to standard output, saying so; its kind is kept, so that a closed pipe
/// is still told apart.
fn named(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write standard output: {e}"))
}

/// Whether file descriptor 1 was closed when the program started. Rust's runtime opens
/// `/dev/null` on a closed standard descriptor before `main`, for reading and writing;
/// a shell's `>/dev/null` opens it for writing only, so the two are told apart.
#[cfg(unix)]
fn stdout_closed() -> bool {
    use std::os::fd::{AsFd, AsRawFd};
    use std::os::unix::fs::MetadataExt;
    let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() else {
        return true;
    };
    // SAFETY: F_GETFL only reads the flags of a descriptor this process owns.
    let flags = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETFL) };
    let out = std::fs::File::from(fd).metadata();
    let null = std::fs::metadata("/dev/null");
    match (out, null) {
        (Ok(out), Ok(null)) => {
            out.rdev() == null.rdev()
                && out.ino() == null.ino()
                && flags >= 0
                && flags & libc::O_ACCMODE == libc::O_RDWR
        }
        _ => false,
    }
}

/// Whether standard output is closed: duplicating its handle fails.
#[cfg(windows)]
fn stdout_closed() -> bool {
    use std::os::windows::io::AsHandle;
    io::stdout().as_handle().try_clone_to_owned().is_err()
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

/// A spinner with a message and the elapsed time on stderr, for work of unknown length;
/// hidden unless stderr is a terminal.
pub(crate) fn spinner() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {wide_msg}")
            .expect("the template is valid"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
