//! Long work off the GIL, stopped by Ctrl-C.
//!
//! Python delivers a signal by setting a flag that only the main thread acts on, when it
//! next runs Python code or checks. So the work runs on a thread of its own while the
//! calling thread waits with the GIL released, waking every [`TICK`] to check for
//! signals and to report progress; on `KeyboardInterrupt` it cancels the work through the
//! library's [`Cancel`] handle, waits for it to stop, and raises.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use queens::Cancel;

/// How often the waiting thread checks for signals and reports progress.
const TICK: Duration = Duration::from_millis(50);

/// Progress that the work reports and the waiting thread passes on: `done` of `of`.
#[derive(Debug, Default)]
pub(crate) struct Meter {
    done: AtomicU64,
    of: AtomicU64,
}

impl Meter {
    /// Records that `done` of `of` is finished.
    pub(crate) fn set(&self, done: u64, of: u64) {
        self.of.store(of, Ordering::Relaxed);
        self.done.fetch_max(done, Ordering::Relaxed);
    }

    fn get(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.of.load(Ordering::Relaxed),
        )
    }
}

/// Runs `work` with the GIL released, giving it a [`Cancel`] handle that Ctrl-C (or an
/// exception from `progress`) cancels, and a [`Meter`] whose readings are passed to
/// `progress(done, of)` from the calling thread as they change.
///
/// `work` must stop soon once its handle is cancelled: the caller waits for it.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&Cancel, &Meter) -> T + Send,
) -> PyResult<T> {
    let cancel = Cancel::new();
    let meter = Meter::default();
    let finished = Finished::default();
    thread::scope(|s| {
        let worker = {
            let (cancel, meter, finished) = (&cancel, &meter, &finished);
            s.spawn(move || {
                // Set even if the work panics, so that the waiting thread wakes.
                let _signal = finished.on_drop();
                work(cancel, meter)
            })
        };
        let mut reported = (0, 0);
        let outcome = loop {
            let done = py.detach(|| finished.wait(TICK));
            if let Some(callback) = progress {
                let now = meter.get();
                if now != reported && now.1 > 0 {
                    reported = now;
                    if let Err(err) = callback.call1(now) {
                        break Err(err);
                    }
                }
            }
            if done {
                break Ok(());
            }
            if let Err(err) = py.check_signals() {
                break Err(err);
            }
        };
        if outcome.is_err() {
            // The work's result is dropped: the exception is the answer.
            cancel.cancel();
        }
        let joined = py.detach(|| worker.join());
        outcome?;
        joined.map_err(|_| PyRuntimeError::new_err("the work failed unexpectedly (a Rust panic)"))
    })
}

/// Set once the work has ended, with a way to wait for it.
#[derive(Debug, Default)]
struct Finished {
    done: Mutex<bool>,
    changed: Condvar,
}

impl Finished {
    /// A guard that marks the work finished when dropped, on return or on panic.
    fn on_drop(&self) -> impl Drop + '_ {
        struct Signal<'a>(&'a Finished);
        impl Drop for Signal<'_> {
            fn drop(&mut self) {
                *self.0.done.lock().unwrap_or_else(PoisonError::into_inner) = true;
                self.0.changed.notify_all();
            }
        }
        Signal(self)
    }

    /// Waits up to `timeout` for the work to end; whether it has.
    fn wait(&self, timeout: Duration) -> bool {
        let done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        let (done, _) = self
            .changed
            .wait_timeout_while(done, timeout, |done| !*done)
            .unwrap_or_else(PoisonError::into_inner);
        *done
    }
}
