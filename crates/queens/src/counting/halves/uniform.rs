//! Drawing a solution uniformly: what each column set stands for, counted as the count
//! counts it, and the solution at a given position among those of one set.
//!
//! Each set joined in the count stands for the solutions of a few restricted boards: per
//! join, its distinct images under the symmetries that keep the middle row
//! ([`Halves::images_of`]), each holding the join's pairs. Numbering the solutions set by
//! set, join by join and image by image, position r lies in one image of one join, and the
//! r-th solution of that restricted board in search order is the r-th solution: a
//! bijection from `0..Q(n)` onto the solutions, so a uniform position is a uniform
//! solution. Unlike the lexicographic rank ([`super::Halves::leads`]) it needs no count by
//! the first rows, only the count itself, once, and then each draw searches one
//! restricted board.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Halves, Scratch};
use crate::bitboard::{Node, full_mask};
use crate::counting::pairs::weighted_pairs;
use crate::threads::prelude::*;

/// The sets that stand for any solution, each with the solutions of all the sets up to
/// it: the positions `ends[i − 1]..ends[i]` are those of `sets[i]`.
#[derive(Debug)]
pub(crate) struct SetCounts {
    sets: Vec<u32>,
    ends: Vec<u128>,
}

impl SetCounts {
    /// The number of solutions.
    pub(crate) fn total(&self) -> u128 {
        self.ends.last().copied().unwrap_or(0)
    }

    /// The set position `r` lies in, and where among its solutions.
    fn find(&self, r: u128) -> (u32, u128) {
        let i = self.ends.partition_point(|&end| end <= r);
        let before = i.checked_sub(1).map_or(0, |j| self.ends[j]);
        (self.sets[i], r - before)
    }
}

impl Halves {
    /// Every set's count ([`Halves::count_set`]) on rayon's threads, each with lists of
    /// about `bytes / threads`. Once `stop` is set the sets left are skipped, and the
    /// counts mean nothing.
    pub(crate) fn set_counts(&self, bytes: usize, stop: Option<&AtomicBool>) -> SetCounts {
        let sets: Vec<u32> = self
            .sets()
            .filter(|&set| self.joins(set).next().is_some())
            .collect();
        let per_thread = bytes / crate::threads::available().max(1);
        let counts: Vec<u128> = sets
            .par_iter()
            .map_init(
                || Scratch::within(per_thread),
                |scratch, &set| match stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    true => 0,
                    false => self.count_set(set, scratch),
                },
            )
            .collect();
        let mut total = 0;
        let (sets, ends) = sets
            .into_iter()
            .zip(counts)
            .filter(|&(_, count)| count > 0)
            .map(|(set, count)| {
                total += count;
                (set, total)
            })
            .unzip();
        SetCounts { sets, ends }
    }

    /// The solution at position `r` (below `counts.total()`) of the numbering the
    /// module describes.
    pub(crate) fn solution_at(&self, counts: &SetCounts, r: u128) -> Vec<u32> {
        let (set, mut r) = counts.find(r);
        let bits = 2 * self.w + 1;
        let (mut tops, mut bottoms) = (Vec::new(), Vec::new());
        self.tops(set, 0, |p| p, usize::MAX, &mut tops, &mut |_| true);
        for join in self.joins(set) {
            // The join's pairs as the count finds them.
            bottoms.clear();
            self.bottoms(&join, usize::MAX, &mut bottoms, &mut |_| true);
            let pairs = weighted_pairs(&tops, &bottoms, &[(0..bottoms.len(), 1)], bits);
            let images = self.images_of(set, &join);
            debug_assert_eq!(images.len() as u128, join.weight, "an image per solution");
            for rows in images {
                if r < pairs {
                    return nth_restricted(self.n, &rows, r)
                        .expect("an image holds as many solutions as its join has pairs");
                }
                r -= pairs;
            }
        }
        unreachable!("the position lies among the set's solutions")
    }
}

/// The solution at position `r`, in the order of the plain search, of the `n × n` board
/// with row `i` restricted to the columns `rows[i]`; `None` past the last.
fn nth_restricted(n: usize, rows: &[u64], mut r: u128) -> Option<Vec<u32>> {
    fn search(node: Node, rows: &[u64], full: u64, r: &mut u128, path: &mut Vec<u32>) -> bool {
        let Some((&allowed, below)) = rows.split_first() else {
            if *r == 0 {
                return true;
            }
            *r -= 1;
            return false;
        };
        let mut free = node.free(full) & allowed;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            path.push(bit.trailing_zeros());
            if search(node.place(bit, full), below, full, r, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::with_capacity(n);
    search(Node::default(), rows, full_mask(n), &mut r, &mut path).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::validate_rows;

    #[test]
    fn the_positions_number_every_solution_once() {
        for n in 4..=11 {
            let halves = Halves::new(n);
            let counts = halves.set_counts(1 << 24, None);
            let total = counts.total();
            let mut drawn: Vec<Vec<u32>> =
                (0..total).map(|r| halves.solution_at(&counts, r)).collect();
            assert!(
                drawn
                    .iter()
                    .all(|s| s.len() == n && validate_rows(s, n).is_ok())
            );
            drawn.sort_unstable();
            drawn.dedup();
            let every: Vec<Vec<u32>> = crate::Solutions::new(n)
                .unwrap()
                .map(|p| p.columns().to_vec())
                .collect();
            assert_eq!(drawn, every, "n = {n}");
        }
    }

    #[test]
    fn with_the_tables_of_row_blocks_too() {
        let halves = Halves::new(14).with_blocks(1 << 26, None);
        let counts = halves.set_counts(1 << 24, None);
        assert_eq!(counts.total(), 365_596);
        let mut drawn = Vec::new();
        for r in (0..counts.total()).step_by(997) {
            let s = halves.solution_at(&counts, r);
            assert!(validate_rows(&s, 14).is_ok(), "position {r}");
            drawn.push(s);
        }
        let positions = drawn.len();
        drawn.sort_unstable();
        drawn.dedup();
        assert_eq!(drawn.len(), positions, "one solution per position");
    }
}
