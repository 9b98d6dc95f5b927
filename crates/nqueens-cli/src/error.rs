//! Exit codes, and turning errors into one line on stderr.

use std::fmt;
use std::io;
use std::process::ExitCode;

/// The exit code of a usage error: bad arguments or unreadable input.
pub(crate) const USAGE: u8 = 2;

/// An error caused by what the user asked for, as opposed to a failure while doing it.
#[derive(Debug)]
pub(crate) struct UsageError(pub(crate) String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// Builds a usage error.
pub(crate) fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError(message.into()).into()
}

/// Prints `e` as one line and picks the exit code. A closed output pipe (`| head`) is not
/// a failure: the reader had what it wanted.
pub(crate) fn report(e: &anyhow::Error) -> ExitCode {
    let broken_pipe = e
        .chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe);
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    eprintln!("nqueens: {e:#}");
    if e.downcast_ref::<UsageError>().is_some() || e.downcast_ref::<queens::Error>().is_some() {
        ExitCode::from(USAGE)
    } else {
        ExitCode::FAILURE
    }
}
