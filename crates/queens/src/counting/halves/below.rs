//! The solutions below a prefix of the top rows, counted by the join, for each column of
//! the row after it: what ranking needs at every row.
//!
//! The count proper joins one column set of each orbit and weighs it by the orbit's size,
//! which loses where each solution's first rows were. Below a prefix every set is joined,
//! the tops that start with the prefix are the probes of the pair count and the bottoms
//! of the columns they leave are its tables, and the probes are grouped by their queen in
//! the row after the prefix: one pass over the sets counts every child of the prefix.
//! The bottoms are found without the diagonals the prefix holds, which no probe misses.
//!
//! For odd n the middle queens `m > h` are the mirror images of `n − 1 − m`, which the
//! halves do not hold: their solutions below the prefix are the mirror images of those
//! of `m < h` below the mirrored prefix, so the tops of both prefixes are probes.
//!
//! Below the empty prefix, the first row, one set of each orbit is joined as in the count,
//! and its pairs are counted twice: by the top's first queen and by the bottom's last,
//! which is the first queen of the images turned upside down. That is twice the pair
//! count's work of a join, but a join stands for up to four sets, each of which the pass
//! above would join on its own: for even n the first row costs half as much, for odd n,
//! whose middle queens already stand for their mirror images, about the same.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use super::{Halves, Scratch};
use crate::counting::pairs::pairs_by_run;
use crate::threads::prelude::*;

/// What a thread reuses from one set to the next.
struct Lists {
    scratch: Scratch,
    first_row: FirstRow,
    /// The set's counts per child.
    out: Vec<u128>,
}

/// The lists of the first row's children, counted by orbits of sets.
#[derive(Default)]
struct FirstRow {
    /// Tops (and bottoms, as the tops they are upside down) by their first queen.
    by_first: Vec<Vec<u64>>,
    /// The set's tops in runs of one first queen.
    tops: Vec<u64>,
    top_runs: Probes,
    /// One join's bottoms in runs of one last queen.
    bottoms: Vec<u64>,
    bottom_runs: Probes,
    /// The join's pairs by the column of the top's first queen, and by the bottom's last.
    by_top: Vec<u64>,
    by_bottom: Vec<u64>,
}

/// The probes of one set: the tops of the prefix, then those of its mirror image, in
/// runs of one child each.
#[derive(Debug, Default)]
struct Probes {
    runs: Vec<Range<usize>>,
    /// Per run, the child of its prefix the run's solutions are counted for.
    children: Vec<usize>,
}

impl Halves {
    /// For each column `c`, the solutions whose first rows are `prefix` then `c`; the
    /// prefix must be valid and shorter than a half's rows. The sets are shared out
    /// among rayon's threads, each with lists of about `bytes / threads`. Once `stop` is
    /// set the sets left are skipped, and the counts mean nothing.
    pub(crate) fn children(
        &self,
        prefix: &[u32],
        bytes: usize,
        stop: Option<&AtomicBool>,
    ) -> Vec<u128> {
        let n = self.n;
        assert!(prefix.len() < self.h, "a prefix within the top half");
        let mirrored: Vec<u32> = prefix.iter().map(|&c| n as u32 - 1 - c).collect();
        let columns = |p: &[u32]| p.iter().fold(0u32, |acc, &c| acc | 1 << c);
        let (own, image) = (columns(prefix), columns(&mirrored));
        // Below the empty prefix a set's orbit under the symmetries that keep the middle
        // row is joined once, as in the count, where there are tables of tops by their
        // first queen; else, below an empty prefix of an even board, the children are
        // mirror images in pairs: only the left half is counted.
        let by_orbit = prefix.is_empty() && self.h > 1 && self.blocks.is_some();
        let halve = prefix.is_empty() && n.is_multiple_of(2) && !by_orbit;
        let children = if halve {
            (1u64 << (n / 2)) - 1
        } else {
            (1u64 << n) - 1
        };
        let sets: Vec<u32> = self
            .sets()
            .filter(|&set| set & own == own || (n % 2 == 1 && set & image == image))
            .filter(|&set| !by_orbit || self.joins(set).next().is_some())
            .collect();
        let threads = crate::threads::available().max(1);
        let per_thread = bytes / threads;
        // A set takes far longer than a lock: each adds its counts to the total.
        let total = Mutex::new(vec![0u128; n]);
        let each = |lists: &mut Lists, &set: &u32| {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return;
            }
            lists.out.fill(0);
            if by_orbit {
                self.first_row_on(set, lists);
            } else {
                self.children_on(set, prefix, &mirrored, children, lists);
            }
            if lists.out.iter().any(|&c| c != 0) {
                let mut total = total.lock().unwrap_or_else(PoisonError::into_inner);
                total.iter_mut().zip(&lists.out).for_each(|(t, c)| *t += c);
            }
        };
        let lists = || Lists {
            scratch: Scratch::within(per_thread),
            first_row: FirstRow {
                by_first: vec![Vec::new(); n],
                by_top: vec![0; n],
                by_bottom: vec![0; n],
                ..FirstRow::default()
            },
            out: vec![0; n],
        };
        sets.par_iter().map_init(lists, each).collect::<()>();
        let mut out = total.into_inner().unwrap_or_else(PoisonError::into_inner);
        if halve {
            for c in 0..n / 2 {
                out[n - 1 - c] = out[c];
            }
        }
        out
    }

    /// Adds to `out`, by the column of their first queen, the solutions of the joins
    /// `set` stands for ([`Halves::joins`]) and of all their images: each join's pairs are
    /// counted by the queen of the top's first row and by that of the bottom's last row,
    /// the first row of the images turned upside down.
    fn first_row_on(&self, set: u32, lists: &mut Lists) {
        let (n, h) = (self.n, self.h);
        let Some(blocks) = &self.blocks else {
            return;
        };
        let Lists {
            first_row:
                FirstRow {
                    by_first,
                    tops,
                    top_runs,
                    bottoms,
                    bottom_runs,
                    by_top,
                    by_bottom,
                },
            out,
            ..
        } = lists;
        blocks.tops_by_first(set, h, 0, by_first);
        in_runs(by_first, |p| p, tops, top_runs);
        if tops.is_empty() {
            return;
        }
        let bits = 2 * self.w + 1;
        for join in self.joins(set) {
            let blocked = join.blocked;
            // A bottom is a top turned upside down: its last row is the top's first.
            blocks.tops_by_first(join.rest, h, blocked, by_first);
            in_runs(
                by_first,
                |p| self.upside_down(p) | blocked,
                bottoms,
                bottom_runs,
            );
            by_top.fill(0);
            by_bottom.fill(0);
            pairs_by_run(bottoms, tops, &top_runs.runs, bits, |r, pairs| {
                by_top[top_runs.children[r]] += pairs;
            });
            pairs_by_run(tops, bottoms, &bottom_runs.runs, bits, |r, pairs| {
                by_bottom[bottom_runs.children[r]] += pairs;
            });
            // The images of (top set, bottom set): as is, upside down, and the mirror
            // images of both, which are other joins where the middle queen is not in the
            // middle column (its weight) and may be the same ones where it is.
            let columns = set | join.rest;
            let mirror_is_an_image = self.mirror_set(columns) == columns;
            let images = [
                (set, &*by_top, false),
                (join.rest, &*by_bottom, false),
                (self.mirror_set(set), &*by_top, true),
                (self.mirror_set(join.rest), &*by_bottom, true),
            ];
            let mut counted = 0;
            for (i, &(image, tally, mirrored)) in images.iter().enumerate() {
                if mirror_is_an_image && images[..i].iter().any(|&(other, ..)| other == image) {
                    continue;
                }
                counted += 1;
                for (c, &pairs) in tally.iter().enumerate() {
                    out[if mirrored { n - 1 - c } else { c }] += u128::from(pairs);
                }
            }
            debug_assert_eq!(counted, join.weight, "each image counted once");
        }
    }

    /// Adds to `out` the solutions with their top on `set` below `prefix` (and, for
    /// the middle queens that stand for their mirror images, below `mirrored`), per
    /// child among `children`.
    fn children_on(
        &self,
        set: u32,
        prefix: &[u32],
        mirrored: &[u32],
        children: u64,
        lists: &mut Lists,
    ) {
        let n = self.n;
        let Lists {
            scratch: Scratch {
                tops, bottoms, cap, ..
            },
            out,
            ..
        } = lists;
        tops.clear();
        let mut probes = Probes::default();
        // Below the empty prefix, where there are tables, the sets are joined by orbits
        // ([`Halves::first_row_on`]); here the tops come from the search.
        self.prefixed_tops(set, prefix, children, tops, &mut probes);
        // The runs from `own` on are of the mirrored prefix, counted only with the
        // middle queens that stand for their mirror images too.
        let own = probes.runs.len();
        let symmetric = prefix == mirrored;
        if n % 2 == 1 && !symmetric {
            self.prefixed_tops(set, mirrored, children, tops, &mut probes);
        }
        if probes.runs.is_empty() {
            return;
        }
        let bits = 2 * self.w + 1;
        // Every probe holds its prefix's diagonals, so a bottom on one of them pairs with
        // none: the bottoms are found without them, fewer the longer the prefix.
        let diagonals = |p: &[u32]| {
            let all = p.iter().enumerate();
            all.fold(0, |acc, (row, &c)| acc | self.bits[row * n + c as usize]) & self.window()
        };
        let held = diagonals(prefix);
        let held_by_both = held & diagonals(mirrored);
        for middle in self.middles.iter().filter(|m| set & !m.columns == 0) {
            let both = middle.weight == 2;
            let runs = &probes.runs[..if both { probes.runs.len() } else { own }];
            let mut add = |r: usize, pairs: u64| {
                let c = probes.children[r];
                let pairs = u128::from(pairs);
                if r >= own {
                    out[n - 1 - c] += pairs;
                } else {
                    out[c] += pairs;
                    if both && symmetric {
                        out[n - 1 - c] += pairs;
                    }
                }
            };
            let blocked = middle.blocked;
            let flip = |p| self.upside_down(p) | blocked;
            // Turned upside down, a bottom must miss the diagonals every probe holds.
            let missed = self.upside_down(if both { held_by_both } else { held });
            bottoms.clear();
            // The bottoms use the columns the middle queen and the top leave.
            self.tops(
                middle.columns ^ set,
                blocked | missed,
                &flip,
                *cap,
                bottoms,
                &mut |batch| {
                    pairs_by_run(batch, tops, runs, bits, &mut add);
                    batch.clear();
                    true
                },
            );
            if !bottoms.is_empty() {
                pairs_by_run(bottoms, tops, runs, bits, &mut add);
            }
        }
    }

    /// Appends the tops on `set` that start with `prefix`, one run per child among
    /// `children`.
    fn prefixed_tops(
        &self,
        set: u32,
        prefix: &[u32],
        children: u64,
        out: &mut Vec<u64>,
        probes: &mut Probes,
    ) {
        let n = self.n;
        let (mut free, mut right, mut left, mut pattern) = (u64::from(set), 0u64, 0u64, 0u64);
        for (row, &c) in prefix.iter().enumerate() {
            let bit = 1u64 << c;
            if free & bit == 0 {
                return;
            }
            free ^= bit;
            right = (right | bit) << 1;
            left = (left | bit) >> 1;
            pattern |= self.bits[row * n + c as usize];
        }
        let row = prefix.len();
        let squares = &self.bits[row * n..(row + 1) * n];
        let mut open = free & !(right | left) & children;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            let c = bit.trailing_zeros() as usize;
            let start = out.len();
            if row + 1 == self.h {
                out.push(pattern | squares[c]);
            } else {
                self.search(
                    row + 1,
                    free ^ bit,
                    (right | bit) << 1,
                    (left | bit) >> 1,
                    pattern | squares[c],
                    out,
                );
            }
            if out.len() > start {
                probes.runs.push(start..out.len());
                probes.children.push(c);
            }
        }
    }
}

/// Empties `by_first` into `out`, each pattern through `map`, in runs of one first queen
/// each, in the order of the columns.
fn in_runs(
    by_first: &mut [Vec<u64>],
    map: impl Fn(u64) -> u64,
    out: &mut Vec<u64>,
    probes: &mut Probes,
) {
    out.clear();
    probes.runs.clear();
    probes.children.clear();
    for (c, list) in by_first.iter_mut().enumerate() {
        if !list.is_empty() {
            let start = out.len();
            out.extend(list.drain(..).map(&map));
            probes.runs.push(start..out.len());
            probes.children.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::count_prefix;

    /// Every child of every valid prefix of up to two rows, against the search.
    #[test]
    fn children_are_the_searched_counts() {
        for n in 4..=11 {
            for halves in [Halves::new(n), Halves::new(n).with_blocks(1 << 20, None)] {
                let h = halves.h;
                let mut prefixes: Vec<Vec<u32>> = vec![vec![]];
                for a in 0..n as u32 {
                    prefixes.push(vec![a]);
                    for b in 0..n as u32 {
                        prefixes.push(vec![a, b]);
                    }
                }
                for prefix in prefixes.iter().filter(|p| p.len() < h) {
                    if crate::board::validate_rows(prefix, n).is_err() {
                        continue;
                    }
                    let joined = halves.children(prefix, 1 << 24, None);
                    let searched: Vec<u128> = (0..n as u32)
                        .map(|c| count_prefix(n, &[&prefix[..], &[c]].concat()).unwrap())
                        .collect();
                    assert_eq!(joined, searched, "n = {n}, prefix {prefix:?}");
                }
            }
        }
    }
}
