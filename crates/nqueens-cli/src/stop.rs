//! Ending a long run on SIGINT, SIGTERM or SIGHUP with its state saved.
//!
//! The commands that keep a file to resume from (`solve --proof`, `count --checkpoint`)
//! catch these signals: the first one cancels the work, which saves where it is, says so,
//! and then ends the process by that same signal. A shell's loop thus still stops at
//! Ctrl-C, and a cluster engine still sees its job ended by the SIGTERM of its time limit
//! (Slurm sends it, then SIGKILL after `KillWait`, 30 s by default). A second Ctrl-C ends
//! the run at once, without saving. A signal set to be ignored when the run starts
//! (`nohup`'s SIGHUP) stays ignored. Every other command is ended by these signals as
//! usual, as is every command on a platform without Unix signals.

use queens::Cancel;

#[cfg(unix)]
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The signals caught, each ended on the same way: Ctrl-C, `kill` and cluster engines'
/// time limits, a closed terminal.
#[cfg(unix)]
const CAUGHT: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// A signal that stopped a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Signal(pub(crate) i32);

impl Signal {
    /// The signal's name, as `kill -l` writes it with its prefix (`SIGTERM`).
    pub(crate) fn name(self) -> String {
        #[cfg(unix)]
        if let Some(name) = signal_hook::low_level::signal_name(self.0) {
            return name.to_owned();
        }
        format!("signal {}", self.0)
    }

    /// The exit status shells give a process this signal ended: 128 + its number.
    pub(crate) fn status(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(u8::MAX)
    }

    /// Ends the process by this signal, as it would have ended without the handler: the
    /// handler is put back to the default and the signal raised again.
    pub(crate) fn end_process(self) -> ! {
        #[cfg(unix)]
        let _ = signal_hook::low_level::emulate_default_handler(self.0);
        // Where the signal did not end the process, its conventional status does.
        std::process::exit(i32::from(self.status()))
    }
}

/// The caught signals of this run: [`Stop::cancel`] is cancelled by the first one.
pub(crate) struct Stop {
    cancel: Cancel,
    #[cfg(unix)]
    signal: std::sync::Arc<std::sync::atomic::AtomicI32>,
}

impl Stop {
    /// Catches SIGINT, SIGTERM and SIGHUP from now to the end of the process.
    #[cfg(unix)]
    pub(crate) fn catch() -> anyhow::Result<Stop> {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

        use anyhow::Context;
        use signal_hook::flag;
        use signal_hook::iterator::Signals;

        // A signal the parent set to be ignored (nohup's SIGHUP, the SIGINT of a script's
        // background job) stays ignored.
        let caught: Vec<i32> = CAUGHT.into_iter().filter(|&s| !ignored(s)).collect();
        // First: a signal from here on is seen by the thread below.
        let mut signals = Signals::new(&caught).context("cannot catch signals")?;
        // A second Ctrl-C ends the run at once. Not a second SIGTERM: Slurm's often comes
        // twice, from the step and forwarded by srun, and a run still saving must not die.
        // Both in the handler itself, in this order: a second signal finds the flag the
        // first one set, whatever the threads are doing.
        if caught.contains(&SIGINT) {
            let first = Arc::new(AtomicBool::new(false));
            flag::register_conditional_default(SIGINT, Arc::clone(&first))
                .and_then(|_| flag::register(SIGINT, first))
                .context("cannot catch signals")?;
        }
        let stop = Stop {
            cancel: Cancel::new(),
            signal: Arc::new(AtomicI32::new(0)),
        };
        let (cancel, signal) = (stop.cancel.clone(), Arc::clone(&stop.signal));
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(first) = signals.forever().next() {
                    signal.store(first, Ordering::SeqCst);
                    cancel.cancel();
                }
            })
            .context("cannot start the thread that catches signals")?;
        Ok(stop)
    }

    /// Without Unix signals nothing is caught, and Ctrl-C ends the run as usual.
    #[cfg(not(unix))]
    pub(crate) fn catch() -> anyhow::Result<Stop> {
        Ok(Stop {
            cancel: Cancel::new(),
        })
    }

    /// The handle the first signal cancels, for the work to stop on.
    pub(crate) fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// The signal that stopped the run, if one did.
    pub(crate) fn signal(&self) -> Option<Signal> {
        #[cfg(unix)]
        if self.cancel.is_cancelled() {
            // The handle is cancelled just after the signal is stored, which shows here
            // at once or very soon.
            loop {
                match self.signal.load(std::sync::atomic::Ordering::SeqCst) {
                    0 => std::thread::yield_now(),
                    signal => return Some(Signal(signal)),
                }
            }
        }
        None
    }
}

/// Whether `signal` is set to be ignored, as a parent may leave it to its children.
#[cfg(unix)]
fn ignored(signal: i32) -> bool {
    let mut action = std::mem::MaybeUninit::<libc::sigaction>::zeroed();
    // SAFETY: with no new action, sigaction only writes the current one into `action`.
    let asked = unsafe { libc::sigaction(signal, std::ptr::null(), action.as_mut_ptr()) };
    // SAFETY: zeroed is a valid sigaction, and a successful call filled it in.
    asked == 0 && unsafe { action.assume_init() }.sa_sigaction == libc::SIG_IGN
}
