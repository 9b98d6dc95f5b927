//! Running work on the threads a caller asked for.

use std::num::NonZeroUsize;

use crate::Error;
use crate::limits::MAX_THREADS;

/// Runs `sequential` on the calling thread when one thread is asked for, else `parallel`
/// on a pool of the size asked for.
///
/// A pool of its own only when asked for a size: by default rayon's global pool serves
/// every call, so callers counting often (a uniform draw counts each time) do not start
/// threads each time.
pub(crate) fn on_threads<T: Send>(
    threads: Option<NonZeroUsize>,
    sequential: impl FnOnce() -> T,
    parallel: impl FnOnce() -> T + Send,
) -> Result<T, Error> {
    match threads {
        Some(t) if t.get() > MAX_THREADS => Err(Error::TooManyThreads {
            threads: t.get(),
            max: MAX_THREADS,
        }),
        Some(t) if t == NonZeroUsize::MIN => Ok(sequential()),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.get())
            .build()
            .map(|pool| pool.install(parallel))
            .map_err(|e| Error::Threads(crate::error::Cause::new(e))),
        None => Ok(parallel()),
    }
}
