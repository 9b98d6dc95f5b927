//! One module per subcommand.

pub(crate) mod complete;
pub(crate) mod count;
pub(crate) mod interactive;
pub(crate) mod merge;
pub(crate) mod one;
pub(crate) mod picture;
pub(crate) mod plan;
pub(crate) mod shard;
pub(crate) mod solve;
pub(crate) mod verify;
pub(crate) mod web;

use std::io::{self, BufWriter, Read, StdoutLock};
use std::num::NonZeroUsize;

use queens::Counter;

/// Standard output, locked and buffered in large blocks for streaming millions of lines.
pub(crate) fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// All of standard input; failing to read it is a usage error.
pub(crate) fn read_stdin() -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|e| crate::error::usage(format!("cannot read standard input: {e}")))?;
    Ok(bytes)
}

/// A counter on `--threads` threads, or by default one per core.
pub(crate) fn counter(threads: Option<NonZeroUsize>) -> Counter {
    threads.map_or_else(Counter::new, |t| Counter::new().threads(t))
}
