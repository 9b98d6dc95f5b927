//! Tables built once per board size and shared by the listings of that size.

use std::sync::{Arc, Mutex, PoisonError, Weak};

/// A table per board size, built on first use: every listing alive of a size holds the
/// same one, and the table of the size asked for last is kept after its listings end, so
/// that a caller making many short-lived listings of one size builds it once.
pub(super) struct PerSize<T>(Mutex<Tables<T>>);

struct Tables<T> {
    /// The table of each size a listing may still hold.
    live: Vec<(usize, Weak<T>)>,
    /// The table last asked for.
    recent: Option<Arc<T>>,
}

impl<T> PerSize<T> {
    pub(super) const fn new() -> PerSize<T> {
        PerSize(Mutex::new(Tables {
            live: Vec::new(),
            recent: None,
        }))
    }

    /// The table of `n`, built by `make` unless a listing holds it already; `None` where
    /// `make` gives none.
    pub(super) fn get(&self, n: usize, make: impl FnOnce(usize) -> Option<T>) -> Option<Arc<T>> {
        let mut tables = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        tables.live.retain(|(_, table)| table.strong_count() > 0);
        let held = tables
            .live
            .iter()
            .find(|&&(m, _)| m == n)
            .and_then(|(_, table)| table.upgrade());
        let table = match held {
            Some(table) => table,
            None => {
                let table = Arc::new(make(n)?);
                tables.live.push((n, Arc::downgrade(&table)));
                table
            }
        };
        tables.recent = Some(Arc::clone(&table));
        Some(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_built_once_while_held_and_the_last_is_kept() {
        static TABLES: PerSize<usize> = PerSize::new();
        let built = std::cell::Cell::new(0);
        let make = |n| {
            built.set(built.get() + 1);
            Some(n)
        };
        let twelve = TABLES.get(12, make).unwrap();
        let thirteen = TABLES.get(13, make).unwrap();
        // Twelve is held, though thirteen was asked for since.
        assert!(Arc::ptr_eq(&twelve, &TABLES.get(12, make).unwrap()));
        assert_eq!(built.get(), 2);
        drop((twelve, thirteen));
        // Twelve, asked for last, is kept; thirteen, held by no one, is built again.
        assert_eq!(*TABLES.get(12, make).unwrap(), 12);
        assert_eq!(built.get(), 2);
        assert_eq!(*TABLES.get(13, make).unwrap(), 13);
        assert_eq!(built.get(), 3);
        assert_eq!(TABLES.get(14, |_| None), None);
    }
}
