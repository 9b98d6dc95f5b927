//! Turning errors into one line on stderr and an exit code.
//!
//! Exit codes: 0 the answer, 1 a negative answer (an invalid placement, no completion,
//! records that do not add up), 2 a usage error (bad arguments or unreadable input),
//! 3 no answer in the time allowed, 4 a failure while doing the work (a file that cannot
//! be written, threads that cannot start). Scripts that split a search tell a share's "no"
//! (1) from its failure (4). A run stopped by a signal it caught to save its state ends by
//! that signal, which shells report as 128 + its number (130 for Ctrl-C, 143 for SIGTERM).

use std::fmt;
use std::io;
use std::process::ExitCode;

use queens::ErrorKind;

use crate::stop::Signal;

/// How a command ends, and so its exit code: the one place the codes are defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exit {
    /// 0: the answer.
    Answer,
    /// 1: a negative answer: an invalid placement, no completion, records that do not
    /// add up.
    No,
    /// 2: a usage error: bad arguments or unreadable input.
    Usage,
    /// 3: no answer within the time allowed.
    Unknown,
    /// 4: a failure while doing what was asked.
    Failure,
    /// Stopped by a signal, once the run's state is saved: the process ends by it again.
    Signalled(Signal),
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(match exit {
            Exit::Answer => 0,
            Exit::No => 1,
            Exit::Usage => 2,
            Exit::Unknown => 3,
            Exit::Failure => 4,
            Exit::Signalled(signal) => signal.status(),
        })
    }
}

/// An error caused by what the user asked for, as opposed to a failure while doing it.
#[derive(Debug)]
pub(crate) struct UsageError(pub(crate) String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A file's name as messages quote it: in single quotes, cut and escaped by the rule every
/// quoted input follows ([`queens::limits::excerpt_name`]), so that a name with a newline
/// or of thousands of characters still makes a one-line message.
pub(crate) fn shown(path: &std::path::Path) -> String {
    format!(
        "'{}'",
        queens::limits::excerpt_name(&path.display().to_string())
    )
}

/// Writes one line to stderr, as `eprintln!` does, but never panics: a stderr that cannot
/// be written (full, closed) loses the message, and the exit code still tells.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::error::say_line(format_args!($($arg)*))
    };
}
pub(crate) use say;

/// The line of [`say!`].
pub(crate) fn say_line(line: fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(io::stderr(), "{line}");
}

/// Builds a usage error.
pub(crate) fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError(message.into()).into()
}

/// Prints `e` as one line and picks the exit code. A closed output pipe (`| head`) is not
/// a failure: the reader had what it wanted.
pub(crate) fn report(e: &anyhow::Error) -> Exit {
    if broken_pipe(e) {
        return Exit::Answer;
    }
    say!("nqueens: {e:#}");
    let usage = match e.downcast_ref::<queens::Error>() {
        Some(e) => !matches!(e.kind(), ErrorKind::Io | ErrorKind::System),
        None => e.downcast_ref::<UsageError>().is_some(),
    };
    if usage { Exit::Usage } else { Exit::Failure }
}

/// Whether `e` comes of writing to a reader that has gone (`| head`).
pub(crate) fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
