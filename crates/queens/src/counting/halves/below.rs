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
//! Below the empty prefix one set of each orbit is joined as in the count, and the pair
//! count says how many pairs each top and each bottom is in: each top's are counted by
//! its lead, its first [`LEAD_ROWS`] queens, and each bottom's by its last ones, the lead
//! of the images turned upside down. A join stands for up to four sets, each of which
//! the pass above would join on its own, and the one pass counts the children of every
//! prefix shorter than the lead.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use super::LEAD_ROWS;
use super::{Halves, Scratch};
use crate::counting::pairs::{pairs_by_run, pairs_of_each};
use crate::threads::prelude::*;

// A piece's counts fit in a `u64` while the whole board's do: Q(25) < 2^64 ≤ Q(26).
const _: () = assert!(crate::limits::RANK_MAX_N <= 25);

/// What a thread reuses from one set to the next.
struct Lists {
    scratch: Scratch,
    leads: Leads,
    /// The counts per child (per lead, below the empty prefix) of a piece of sets: at
    /// most 64 sets' solutions, far fewer than a `u64` holds on every board that is
    /// ranked.
    out: Vec<u64>,
}

/// The lists of the joins below the empty prefix, counted by orbits of sets.
#[derive(Default)]
struct Leads {
    /// The set's tops, and their runs of one lead (`Blocks::tops_with_leads`).
    tops: Vec<u64>,
    top_leads: Vec<(u32, u16)>,
    /// The bottoms of the joins, and their runs of one lead turned upside down.
    bottoms: Vec<u64>,
    bottom_leads: Vec<(u32, u16)>,
    /// Per join, its runs in `bottom_leads`, where its bottoms start, and which of their
    /// images are counted: upside down, and mirrored too.
    runs: Vec<(Range<usize>, usize, (bool, bool))>,
    /// The pairs of each top, and of each bottom.
    top_pairs: Vec<u32>,
    bottom_pairs: Vec<u32>,
    /// The pairs of the tops or the bottoms before each, and of all of them: each run's
    /// pairs are the difference of two, with no loop over the run.
    before: Vec<u32>,
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
        // Below the empty prefix of an even board the children are mirror images in
        // pairs: only the left half is counted.
        let halve = prefix.is_empty() && n.is_multiple_of(2);
        let children = if halve {
            (1u64 << (n / 2)) - 1
        } else {
            (1u64 << n) - 1
        };
        let sets = self
            .sets()
            .filter(|&set| set & own == own || (n % 2 == 1 && set & image == image));
        let mut out = self.on_sets(sets, n, bytes, stop, |set, lists| {
            self.children_on(set, prefix, &mirrored, children, lists);
        });
        if halve {
            for c in 0..n / 2 {
                out[n - 1 - c] = out[c];
            }
        }
        out
    }

    /// The solutions by their lead, the columns of their first [`LEAD_ROWS`] rows in base
    /// n: the children of every prefix shorter than that at once. `None` where there are
    /// no tables of the top rows, or their first block is shorter than the lead. One set
    /// of each orbit is joined, as in the count ([`Halves::joins`]); the sets are shared
    /// out as in [`Halves::children`].
    pub(crate) fn leads(&self, bytes: usize, stop: Option<&AtomicBool>) -> Option<Vec<u128>> {
        let n = self.n;
        if !self.blocks.as_ref()?.has_leads() {
            return None;
        }
        let width = n.pow(LEAD_ROWS as u32);
        let sets = self.sets().filter(|&set| self.joins(set).next().is_some());
        Some(self.on_sets(sets, width, bytes, stop, |set, lists| {
            self.leads_on(set, width, lists);
        }))
    }

    /// The counts `count(set, lists)` adds to `lists.out` (`width` of them), added up
    /// over `sets` on rayon's threads, each with lists of about `bytes / threads`; once
    /// `stop` is set the sets left are skipped.
    fn on_sets(
        &self,
        sets: impl Iterator<Item = u32>,
        width: usize,
        bytes: usize,
        stop: Option<&AtomicBool>,
        count: impl Fn(u32, &mut Lists) + Sync,
    ) -> Vec<u128> {
        let sets: Vec<u32> = sets.collect();
        let threads = crate::threads::available().max(1);
        let per_thread = bytes / threads;
        // The sets are taken a few at a time, their counts added to the total at the
        // end of each piece: a piece takes far longer than the lock, and adding up the
        // leads (n³ of them) after every set cost 8% of the pass at n = 18. Many pieces
        // per thread keep the threads busy to the end.
        let piece = (sets.len() / threads / 16).clamp(1, 64);
        let total = Mutex::new(vec![0u128; width]);
        let each = |lists: &mut Lists, sets: &[u32]| {
            lists.out.fill(0);
            for &set in sets {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return;
                }
                count(set, lists);
            }
            if lists.out.iter().any(|&c| c != 0) {
                let mut total = total.lock().unwrap_or_else(PoisonError::into_inner);
                total
                    .iter_mut()
                    .zip(&lists.out)
                    .for_each(|(t, &c)| *t += u128::from(c));
            }
        };
        let lists = || Lists {
            scratch: Scratch::within(per_thread),
            leads: Leads::default(),
            out: vec![0; width],
        };
        sets.par_chunks(piece).map_init(lists, each).collect::<()>();
        total.into_inner().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds to `out`, by their lead, the solutions of the joins `set` stands for
    /// ([`Halves::joins`]) and of all their images: each join's pairs are counted by the
    /// lead of the top and by that of the bottom turned upside down, the lead of the
    /// images turned upside down; the leads are below `width`.
    ///
    /// As in the count, the set's tops are the tables and the bottoms of all its joins
    /// the probes of one pair count, which counts each side's pairs
    /// ([`pairs_of_each`]); only a join whose tops' mirror images are not counted (the
    /// middle queen in the middle column, and the mirror image of the tops one of the
    /// join's other images) is counted on its own.
    fn leads_on(&self, set: u32, width: usize, lists: &mut Lists) {
        let h = self.h;
        let Some(blocks) = &self.blocks else {
            return;
        };
        let Lists {
            leads:
                Leads {
                    tops,
                    top_leads,
                    bottoms,
                    bottom_leads,
                    runs,
                    top_pairs,
                    bottom_pairs,
                    before,
                },
            out,
            ..
        } = lists;
        tops.clear();
        top_leads.clear();
        blocks.tops_with_leads(set, h, 0, tops, top_leads);
        if tops.is_empty() {
            return;
        }
        let bits = 2 * self.w + 1;
        // A lead's mirror image, each column c of it n − 1 − c: in base n, each digit
        // taken from n − 1.
        let mirror = |lead: u16| width - 1 - usize::from(lead);
        // Adds the pairs of each run, from `start`, to its lead, as is and mirrored where
        // asked, `before` the pairs before each pattern (wrapping: a run's own pairs fit
        // a `u32`). Many runs have none, but adding them costs less than a branch that
        // guesses.
        let mut credit = |before: &[u32],
                          start: usize,
                          leads: &[(u32, u16)],
                          (plain, mirrored): (bool, bool)| {
            let mut from = before[start];
            let runs = leads.iter().map(|&(end, lead)| {
                let to = before[end as usize];
                let pairs = u64::from(to.wrapping_sub(from));
                from = to;
                (pairs, lead)
            });
            match (plain, mirrored) {
                (true, true) => runs.for_each(|(pairs, lead)| {
                    out[usize::from(lead)] += pairs;
                    out[mirror(lead)] += pairs;
                }),
                (true, false) => runs.for_each(|(pairs, lead)| out[usize::from(lead)] += pairs),
                (false, true) => runs.for_each(|(pairs, lead)| out[mirror(lead)] += pairs),
                (false, false) => {}
            }
        };
        let running = |pairs: &[u32], before: &mut Vec<u32>| {
            before.clear();
            before.push(0);
            let mut sum = 0u32;
            before.extend(pairs.iter().map(|&p| {
                sum = sum.wrapping_add(p);
                sum
            }));
        };
        // Which images of each join are counted: (top set, bottom set) as is, upside
        // down, and the mirror images of both, which are other joins where the middle
        // queen is not in the middle column (its weight) and may be the same ones where
        // it is.
        let counted = |rest: u32| -> [bool; 4] {
            let columns = set | rest;
            let mirror_is_an_image = self.mirror_set(columns) == columns;
            let images = [set, rest, self.mirror_set(set), self.mirror_set(rest)];
            std::array::from_fn(|i| !(mirror_is_an_image && images[..i].contains(&images[i])))
        };
        // The set itself is always counted: the joins differ in whether the tops'
        // mirror images are.
        for tops_mirrored in [true, false] {
            bottoms.clear();
            bottom_leads.clear();
            runs.clear();
            for join in self.joins(set) {
                let counted = counted(join.rest);
                debug_assert_eq!(
                    counted.iter().filter(|&&c| c).count() as u128,
                    join.weight,
                    "each image counted once"
                );
                if counted[2] != tops_mirrored {
                    continue;
                }
                // A bottom is a top turned upside down: its last rows are the top's
                // first.
                let (start, first_run) = (bottoms.len(), bottom_leads.len());
                blocks.tops_with_leads(join.rest, h, join.blocked, bottoms, bottom_leads);
                bottoms[start..]
                    .iter_mut()
                    .for_each(|p| *p = self.upside_down(*p) | join.blocked);
                runs.push((
                    first_run..bottom_leads.len(),
                    start,
                    (counted[1], counted[3]),
                ));
            }
            if bottoms.is_empty() {
                continue;
            }
            pairs_of_each(tops, bottoms, bits, top_pairs, bottom_pairs);
            running(top_pairs, before);
            credit(before, 0, top_leads, (true, tops_mirrored));
            running(bottom_pairs, before);
            for (leads, start, images) in runs.iter() {
                credit(before, *start, &bottom_leads[leads.clone()], *images);
            }
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
                flip,
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

    /// Every lead of every board whose tables hold them, against the search; the others
    /// have none.
    #[test]
    fn leads_are_the_searched_counts() {
        for n in 4..=13 {
            let halves = Halves::new(n).with_blocks(1 << 20, None);
            let Some(leads) = halves.leads(1 << 24, None) else {
                assert!(halves.h < 2 * LEAD_ROWS, "n = {n} has tables of the lead");
                continue;
            };
            let prefixes = (0..n.pow(LEAD_ROWS as u32)).map(|lead| {
                let mut prefix = vec![0u32; LEAD_ROWS];
                let mut rest = lead;
                for c in prefix.iter_mut().rev() {
                    *c = (rest % n) as u32;
                    rest /= n;
                }
                prefix
            });
            let searched: Vec<u128> = prefixes
                .map(|prefix| count_prefix(n, &prefix).unwrap())
                .collect();
            assert_eq!(leads, searched, "n = {n}");
        }
        assert!(Halves::new(13).leads(1 << 24, None).is_none(), "no tables");
    }
}
