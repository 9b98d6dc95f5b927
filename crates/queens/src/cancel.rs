//! Stopping a long count or search from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A handle that stops a count or a completion search from another thread: give a clone
/// to [`Counter::cancel_on`](crate::Counter::cancel_on) or
/// [`Completion::cancel_on`](crate::Completion::cancel_on), and call
/// [`cancel`](Cancel::cancel) on any clone. The work then ends within a unit of the
/// plan or a few thousand search nodes, with [`Error::Cancelled`](crate::Error::Cancelled).
///
/// ```
/// use queens::{Cancel, Counter, Error};
///
/// let cancel = Cancel::new();
/// cancel.cancel();
/// let stopped = Counter::new().cancel_on(cancel.clone()).count(12);
/// assert_eq!(stopped, Err(Error::Cancelled));
/// assert!(cancel.is_cancelled());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A handle not yet cancelled.
    pub fn new() -> Self {
        Cancel::default()
    }

    /// Asks every count and search holding a clone of this handle to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](Cancel::cancel) was called on any clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for the inner loops that poll it.
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.0
    }
}

/// Two handles are equal when they are clones of one another: cancelling either
/// cancels both.
impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}

/// Whether an optional handle was cancelled.
pub(crate) fn cancelled(cancel: Option<&Cancel>) -> bool {
    cancel.is_some_and(Cancel::is_cancelled)
}
