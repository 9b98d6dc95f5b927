//! One module per subcommand.

pub(crate) mod complete;
pub(crate) mod count;
pub(crate) mod docs;
pub(crate) mod interactive;
pub(crate) mod merge;
pub(crate) mod one;
pub(crate) mod picture;
pub(crate) mod plan;
pub(crate) mod shard;
pub(crate) mod solve;
pub(crate) mod verify;
pub(crate) mod web;

use std::io::{self, BufWriter, StdoutLock};
use std::num::NonZeroUsize;

use queens::Counter;

/// Standard output, locked and buffered in large blocks for streaming millions of lines.
pub(crate) fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// A counter on `--threads` threads, or by default one per core.
pub(crate) fn counter(threads: Option<NonZeroUsize>) -> Counter {
    threads.map_or_else(Counter::new, |t| Counter::new().threads(t))
}
