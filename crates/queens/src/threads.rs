//! Running work on the threads a caller asked for: the one place that knows whether the
//! crate was built with its `parallel` feature (rayon's pools) or without it (the calling
//! thread alone, as in the WebAssembly page, which has no threads to start).
//!
//! Work that can run in parallel is written once, with rayon's iterator methods from
//! [`prelude`]; without the feature the same methods run in order on the calling thread.

use std::num::NonZeroUsize;

use crate::Error;
use crate::limits::MAX_THREADS;

/// The iterator methods parallel work is written with.
pub(crate) mod prelude {
    #[cfg(feature = "parallel")]
    pub(crate) use rayon::prelude::*;

    #[cfg(not(feature = "parallel"))]
    pub(crate) use super::sequential::{IntoParallelIterator, IntoParallelRefIterator};
}

/// How many threads run work when the caller names no number: one per core, or one.
pub(crate) fn available() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    return 1;
}

/// How many threads `threads` asks for, by default one per core; an error past
/// [`MAX_THREADS`].
pub(crate) fn count(threads: Option<NonZeroUsize>) -> Result<usize, Error> {
    match threads {
        Some(t) if t.get() > MAX_THREADS => Err(Error::TooManyThreads {
            threads: t.get(),
            max: MAX_THREADS,
        }),
        Some(t) => Ok(t.get()),
        None => Ok(available()),
    }
}

/// Runs `sequential` on the calling thread when one thread is asked for, else `parallel`
/// on a pool of the size asked for. Without the `parallel` feature, `sequential` always:
/// the answer never depends on the number of threads.
///
/// A pool of its own only when asked for a size: by default rayon's global pool serves
/// every call, so callers counting often (a uniform draw counts each time) do not start
/// threads each time.
pub(crate) fn on_threads<T: Send>(
    threads: Option<NonZeroUsize>,
    sequential: impl FnOnce() -> T,
    parallel: impl FnOnce() -> T + Send,
) -> Result<T, Error> {
    count(threads)?;
    match threads {
        #[cfg(not(feature = "parallel"))]
        _ => {
            drop(parallel);
            Ok(sequential())
        }
        #[cfg(feature = "parallel")]
        Some(t) if t == NonZeroUsize::MIN => Ok(sequential()),
        #[cfg(feature = "parallel")]
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.get())
            .build()
            .map(|pool| pool.install(parallel))
            .map_err(|e| Error::Threads(crate::error::Cause::new(e))),
        #[cfg(feature = "parallel")]
        None => Ok(parallel()),
    }
}

/// The few rayon iterator methods the crate uses, run in order on the calling thread.
/// Methods of a type of its own, not of `Iterator`, so that none is mistaken for a
/// standard method of the same name.
#[cfg(not(feature = "parallel"))]
mod sequential {
    /// An iterator standing in for one of rayon's.
    pub(crate) struct Sequential<I>(I);

    /// `into_par_iter`, for anything that iterates.
    pub(crate) trait IntoParallelIterator: IntoIterator + Sized {
        fn into_par_iter(self) -> Sequential<Self::IntoIter> {
            Sequential(self.into_iter())
        }
    }

    impl<T: IntoIterator> IntoParallelIterator for T {}

    /// `par_iter` and `par_chunks`, for slices (and so vectors).
    pub(crate) trait IntoParallelRefIterator<T> {
        fn par_iter(&self) -> Sequential<std::slice::Iter<'_, T>>;

        fn par_chunks(&self, size: usize) -> Sequential<std::slice::Chunks<'_, T>>;
    }

    impl<T> IntoParallelRefIterator<T> for [T] {
        fn par_iter(&self) -> Sequential<std::slice::Iter<'_, T>> {
            Sequential(self.iter())
        }

        fn par_chunks(&self, size: usize) -> Sequential<std::slice::Chunks<'_, T>> {
            Sequential(self.chunks(size))
        }
    }

    impl<I: Iterator> Sequential<I> {
        pub(crate) fn with_max_len(self, _: usize) -> Self {
            self
        }

        pub(crate) fn map<B>(
            self,
            f: impl FnMut(I::Item) -> B,
        ) -> Sequential<impl Iterator<Item = B>> {
            Sequential(self.0.map(f))
        }

        /// One state for the whole run: there is one thread.
        pub(crate) fn map_init<S, B>(
            self,
            init: impl Fn() -> S,
            mut f: impl FnMut(&mut S, I::Item) -> B,
        ) -> Sequential<impl Iterator<Item = B>> {
            let mut state = init();
            Sequential(self.0.map(move |item| f(&mut state, item)))
        }

        pub(crate) fn find_map_any<B>(mut self, f: impl FnMut(I::Item) -> Option<B>) -> Option<B> {
            self.0.find_map(f)
        }

        pub(crate) fn find_map_first<B>(
            mut self,
            f: impl FnMut(I::Item) -> Option<B>,
        ) -> Option<B> {
            self.0.find_map(f)
        }

        pub(crate) fn sum<S: std::iter::Sum<I::Item>>(self) -> S {
            self.0.sum()
        }

        pub(crate) fn collect<C: FromIterator<I::Item>>(self) -> C {
            self.0.collect()
        }
    }

    impl<T, I: Iterator<Item = Option<T>>> Sequential<I> {
        /// Stops at the first `None`, as rayon's does.
        pub(crate) fn try_reduce(
            mut self,
            identity: impl Fn() -> T,
            op: impl Fn(T, T) -> Option<T>,
        ) -> Option<T> {
            self.0.try_fold(identity(), |sum, item| op(sum, item?))
        }
    }
}
