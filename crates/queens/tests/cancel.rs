//! A cancelled count or search stops early with `Error::Cancelled`, and an uncancelled
//! one is not disturbed by holding a handle.

use std::num::NonZeroUsize;
use std::thread;
use std::time::{Duration, Instant};

use queens::{Cancel, Completion, Counter, Error, Outcome, complete::excluded_diagonals};

/// Runs `work` with a handle that is cancelled `after` it starts, and returns its
/// result with how long it ran.
fn cancelled_after<T>(after: Duration, work: impl FnOnce(Cancel) -> T) -> (T, Duration) {
    let cancel = Cancel::new();
    let start = Instant::now();
    thread::scope(|s| {
        let handle = cancel.clone();
        s.spawn(move || {
            thread::sleep(after);
            handle.cancel();
        });
        let result = work(cancel);
        (result, start.elapsed())
    })
}

#[test]
fn a_long_count_stops_soon_after_it_is_cancelled() {
    // n = 21 takes a core about half an hour. On one thread the symmetric unit comes
    // first and takes seconds: cancelled inside it, it stops and is never reported.
    let plan = queens::counting::plan(21).unwrap();
    let reported = std::sync::Mutex::new(Vec::new());
    let (result, took) = cancelled_after(Duration::from_millis(300), |cancel| {
        Counter::new()
            .threads(NonZeroUsize::MIN)
            .cancel_on(cancel)
            .count_plan(&plan, |unit, _, _| reported.lock().unwrap().push(unit.id()))
    });
    assert_eq!(result, Err(Error::Cancelled));
    assert!(took < Duration::from_secs(10), "took {took:?}");
    assert_eq!(reported.into_inner().unwrap(), Vec::<usize>::new());
}

#[test]
fn a_hard_completion_search_stops_soon_after_it_is_cancelled() {
    // 30 queens with 32 excluded diagonals: its proof takes about two CPU-hours.
    let problem = excluded_diagonals(30, 1).unwrap().completion(32);
    let (result, took) = cancelled_after(Duration::from_millis(300), |cancel| {
        problem
            .threads(NonZeroUsize::MIN)
            .cancel_on(cancel)
            .find(None)
    });
    assert_eq!(result, Err(Error::Cancelled));
    assert!(took < Duration::from_secs(60), "took {took:?}");
}

#[test]
fn a_long_completion_count_stops_soon_after_it_is_cancelled() {
    // All completions of an empty 24 × 24 board: about 2.3 × 10^14 of them.
    let (result, took) = cancelled_after(Duration::from_millis(300), |cancel| {
        Completion::new(24)
            .threads(NonZeroUsize::MIN)
            .cancel_on(cancel)
            .count()
    });
    assert_eq!(result, Err(Error::Cancelled));
    assert!(took < Duration::from_secs(60), "took {took:?}");
}

#[test]
fn a_handle_never_cancelled_changes_nothing() {
    let cancel = Cancel::new();
    let counts = Counter::new().cancel_on(cancel.clone()).count(10).unwrap();
    assert_eq!(counts.total, 724);
    let nauck = Completion::new(8)
        .queen(4, 1)
        .queen(3, 3)
        .cancel_on(cancel.clone());
    assert_eq!(nauck.count(), Ok(2));
    assert!(matches!(nauck.find(None), Ok(Outcome::Completed(_))));
    let none = Completion::new(4)
        .block(0, 1)
        .block(0, 2)
        .cancel_on(cancel.clone());
    assert_eq!(none.find(None), Ok(Outcome::Impossible));
    assert!(!cancel.is_cancelled());
}

#[test]
fn clones_are_one_handle() {
    let a = Cancel::new();
    let b = a.clone();
    assert_eq!(a, b);
    assert_ne!(a, Cancel::new());
    b.cancel();
    assert!(a.is_cancelled());
}
