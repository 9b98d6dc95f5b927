//! Counting by joining half boards, each generated when it is joined: the method of the
//! plan's units, with memory set by one column set's halves rather than by the board.
//!
//! A solution is its top `h = ⌊n/2⌋` rows, its bottom `h` rows and, when n is odd, the
//! queen of the middle row. A top on the column set `S` and a bottom on the columns left
//! (beside the middle queen) form a solution exactly when no diagonal holds a queen of
//! each, so the total is a sum over column sets of the disjoint pairs between two lists
//! of diagonal patterns: a meet in the middle instead of a search of the whole tree. The
//! idea of joining partial solutions of parts of the board, and of counting the pairs
//! with bit-sliced tables, is Evgeny Kluev's (github.com/EvgenyKluev/N-Queens-Count-Sol,
//! which joins quadrants, after the deepgreen pages it cites); this module joins halves,
//! generates them per set, and its code is its own.
//!
//! * Only the `2h − 1` diagonals of each direction that both halves reach matter, so a
//!   pattern is 2 × (2h − 1) bits, and one more for the sum diagonal just below them,
//!   which a middle queen in the first column attacks: a `u64` up to n =
//!   [`HALVES_MAX_N`]. The sums run up and the differences down, so that turning a top
//!   upside down (a bottom) is a rotation of the pattern.
//! * The tops on a set are the tables of the pair count, built once for the joins of
//!   every middle queen; a middle queen's diagonals are added to each of its bottoms, so
//!   that the tops it attacks are left out without being filtered.
//! * The tops on a set are found by the textbook search of the top rows restricted to
//!   the set's columns; a bottom is a top turned upside down. Only the two lists of the
//!   set being joined are in memory: about 16 bytes per top.
//! * The column sets `S`, `rest ∖ S` (upside down) and, when the middle queen is in the
//!   middle column or there is none, their mirror images have equal counts: each orbit
//!   is joined once and weighted by its size. The middle queens `m` and `n − 1 − m` are
//!   mirror images, so only `m ≤ h` are joined.
//!
//! Here: the geometry of the halves ([`Halves`]) and the join of a set's tops and
//! bottoms ([`Halves::count_set`]). `tops.rs` finds the tops on a set, by the search or
//! from the tables of `blocks.rs`, which also holds the one kernel the CPU chooses for.

mod below;
mod blocks;
mod tops;
mod uniform;

use std::num::NonZeroUsize;

pub(crate) use blocks::LEAD_ROWS;
use blocks::{Blocks, RowsPlacement, next_subset};
pub(crate) use uniform::SetCounts;

use super::pairs::weighted_pairs;

/// The largest board the halves count: a pattern must fit a `u64`.
pub(crate) const HALVES_MAX_N: usize = 32;

/// The smallest board the halves count.
pub(crate) const HALVES_MIN_N: usize = 2;

/// The pattern bit of diagonal `i` of the window, of the sums or the differences.
fn window_bit(w: u32, i: usize, sum: bool) -> u64 {
    if sum {
        1 << i
    } else {
        1 << (2 * w as usize - 1 - i)
    }
}

/// A middle queen (or none, for even n), as the joins of every set see it.
#[derive(Debug, Clone, Copy)]
struct MiddleQueen {
    /// The columns the halves share out: all but the middle queen's.
    columns: u32,
    /// The pattern bits a top or bottom may not have: the middle queen's diagonals.
    blocked: u64,
    /// 2 for a queen left of the middle column, standing for its mirror image too.
    weight: u128,
}

/// One join of the tops on a set: with the bottoms on `rest`, beside one middle queen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Join {
    blocked: u64,
    rest: u32,
    /// How many solutions each pair stands for: the orbit's size, times the middle
    /// queen's weight.
    weight: u128,
}

/// The geometry of the halves of an `n × n` board.
#[derive(Debug, Clone)]
pub(crate) struct Halves {
    n: usize,
    /// Rows in each half.
    h: usize,
    /// Diagonals of one direction that both halves reach: the window.
    w: u32,
    /// Per top square `row · n + column`, its pattern bits.
    bits: Vec<u64>,
    middles: Vec<MiddleQueen>,
    /// The placements of the top half's first and last rows, when they fit in memory.
    blocks: Option<Blocks>,
}

/// The lists a thread reuses from one set to the next, and how long they may grow.
#[derive(Debug)]
pub(crate) struct Scratch {
    tops: Vec<u64>,
    /// The bottoms of the joins of the set, one run each.
    bottoms: Vec<u64>,
    runs: Vec<(std::ops::Range<usize>, u128)>,
    /// The most patterns a list holds before it is counted and emptied.
    cap: usize,
}

impl Scratch {
    /// Lists that hold at most about `bytes` together, with the pair count's copies of
    /// them ([`LIST_BYTES_PER_PATTERN`]).
    pub(crate) fn within(bytes: usize) -> Scratch {
        Scratch {
            tops: Vec::new(),
            bottoms: Vec::new(),
            runs: Vec::new(),
            cap: (bytes / 2 / LIST_BYTES_PER_PATTERN).max(MIN_CAP),
        }
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::within(super::DEFAULT_MEMORY / 2)
    }
}

/// What a list is budgeted per pattern. The pair count needs 24 bytes: its 8, 8 more for
/// the squeezed copy it sorts by group, and 8 for the squeezed run it sorts before adding
/// it to that copy (its table is one block's, reused, at most 128 KB a thread). The rest
/// is headroom: lists allowed three times as long were no faster at n = 24 and 25
/// (docs/performance.md).
pub(crate) const LIST_BYTES_PER_PATTERN: usize = 80;

/// The fewest patterns a list is let hold, whatever the memory: below this, a set's tops
/// would be found again for too many batches of bottoms.
const MIN_CAP: usize = 1 << 16;

impl Halves {
    /// The halves of an `n × n` board, `HALVES_MIN_N ≤ n ≤ HALVES_MAX_N`.
    pub(crate) fn new(n: usize) -> Halves {
        assert!((HALVES_MIN_N..=HALVES_MAX_N).contains(&n));
        let h = n / 2;
        let w = (2 * h - 1) as u32;
        // Both halves reach the diagonals numbered n − h ..= n + h − 2 (sums r + c, and
        // differences r − c + n − 1), a window symmetric about the long diagonal n − 1.
        let low = n - h;
        // Sum diagonal i of the window is pattern bit i and difference diagonal i is bit
        // 2w − 1 − i, so that turning a top upside down is a rotation of the window.
        let below = 1 << (2 * w);
        let bit = |d: usize, sum: bool| {
            if d + 1 == low && sum {
                below
            } else if (low..low + w as usize).contains(&d) {
                window_bit(w, d - low, sum)
            } else {
                0
            }
        };
        let mut bits = vec![0; h * n];
        for r in 0..h {
            for c in 0..n {
                bits[r * n + c] = bit(r + c, true) | bit(r + n - 1 - c, false);
            }
        }
        let all = ((1u64 << n) - 1) as u32;
        let middles = if n.is_multiple_of(2) {
            vec![MiddleQueen {
                columns: all,
                blocked: 0,
                weight: 1,
            }]
        } else {
            // The middle queen (h, m) attacks the tops' sum diagonal h + m and difference
            // diagonal 3h − m (out of their reach for m = 0); a bottom, turned upside
            // down, the same. The queens m and n − 1 − m are mirror images: each m < h
            // counts for both.
            (0..=h)
                .map(|m| MiddleQueen {
                    columns: all & !(1 << m),
                    blocked: match m {
                        0 => below,
                        m => window_bit(w, m - 1, true) | window_bit(w, 2 * h - 1 - m, false),
                    },
                    weight: if m < h { 2 } else { 1 },
                })
                .collect()
        };
        Halves {
            n,
            h,
            w,
            bits,
            middles,
            blocks: None,
        }
    }

    /// The same halves, finding tops from two tables of placements where they fit in
    /// `bytes` (else by the restricted search, which needs no tables), the tables built
    /// on `threads` threads (by default one per core).
    pub(crate) fn with_blocks(mut self, bytes: usize, threads: Option<NonZeroUsize>) -> Halves {
        let budget = bytes / std::mem::size_of::<RowsPlacement>();
        self.blocks = Blocks::new(&self, budget, threads);
        self
    }

    /// The board size.
    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// Every set of `h` of the n columns, in increasing order.
    pub(crate) fn sets(&self) -> impl Iterator<Item = u32> + use<> {
        let first = ((1u64 << self.h) - 1) as u32;
        self.sets_between(first, ((1u64 << self.n) - 1) as u32)
    }

    /// The sets of `h` columns from `first` to `last`, in increasing order.
    pub(crate) fn sets_between(&self, first: u32, last: u32) -> impl Iterator<Item = u32> + use<> {
        let valid = first.count_ones() as usize == self.h;
        std::iter::successors(valid.then_some(u64::from(first)), move |&set| {
            let next = next_subset(set);
            (next <= u64::from(last)).then_some(next)
        })
        .map(|set| set as u32)
    }

    /// For each join of `set`, each distinct image of its (top set, middle queen, bottom
    /// set) under the symmetries that keep the middle row, as the columns each row may use:
    /// the solutions the join stands for are the solutions of these restricted boards.
    pub(crate) fn images(&self, set: u32) -> Vec<Vec<u64>> {
        self.joins(set)
            .flat_map(|join| self.images_of(set, &join))
            .collect()
    }

    /// [`Halves::images`] of one join of `set`: as many as its weight, each holding as
    /// many solutions as the join has pairs. The images of two joins differ in their
    /// middle queen, or in their sets when there is none.
    fn images_of(&self, set: u32, join: &Join) -> Vec<Vec<u64>> {
        let (n, h) = (self.n, self.h);
        let all = ((1u64 << n) - 1) as u32;
        let mirror = |s: u32| u64::from(self.mirror_set(s));
        let middle = all ^ set ^ join.rest;
        let (top, middle_w, bottom) = (u64::from(set), u64::from(middle), u64::from(join.rest));
        let (top_m, middle_m, bottom_m) = (mirror(set), mirror(middle), mirror(join.rest));
        let mut images: Vec<Vec<u64>> = Vec::with_capacity(4);
        for (t, m, b) in [
            (top, middle_w, bottom),
            (bottom, middle_w, top),
            (top_m, middle_m, bottom_m),
            (bottom_m, middle_m, top_m),
        ] {
            let mut rows = vec![t; h];
            if n % 2 == 1 {
                rows.push(m);
            }
            rows.extend(std::iter::repeat_n(b, h));
            if !images.contains(&rows) {
                images.push(rows);
            }
        }
        images
    }

    /// The joins `set` stands for: one per middle queen for which it is the least of its
    /// orbit under the symmetries that keep the middle row, weighted by the orbit's size.
    pub(crate) fn joins(&self, set: u32) -> impl Iterator<Item = Join> + '_ {
        self.middles
            .iter()
            .filter(move |middle| set & !middle.columns == 0)
            .filter_map(move |middle| {
                let columns = middle.columns;
                let mut images = [set, columns ^ set, set, set];
                if self.mirror_set(columns) == columns {
                    let mirror = self.mirror_set(set);
                    images[2] = mirror;
                    images[3] = columns ^ mirror;
                }
                if images.iter().any(|&image| image < set) {
                    return None;
                }
                images.sort_unstable();
                let distinct = 1 + images.windows(2).filter(|p| p[0] != p[1]).count();
                Some(Join {
                    blocked: middle.blocked,
                    rest: columns ^ set,
                    weight: distinct as u128 * middle.weight,
                })
            })
    }

    fn mirror_set(&self, set: u32) -> u32 {
        set.reverse_bits() >> (32 - self.n)
    }

    /// The pattern bits both halves reach.
    fn window(&self) -> u64 {
        (1 << (2 * self.w)) - 1
    }

    /// The window of a top turned upside down: row r becomes n − 1 − r, which maps the
    /// sum diagonal s to the difference diagonal 2n − 2 − s and back, so the window's two
    /// halves swap.
    fn upside_down(&self, pattern: u64) -> u64 {
        let window = pattern & self.window();
        (window >> self.w | window << self.w) & self.window()
    }

    /// Appends the bottoms of `join` to `out`, handed on as [`Halves::tops`] hands on
    /// tops: the tops on its rest turned upside down. The bottoms the middle queen attacks
    /// are dropped; the tops it attacks are clear of no bottom once its diagonals are
    /// added to every one.
    fn bottoms(
        &self,
        join: &Join,
        cap: usize,
        out: &mut Vec<u64>,
        full: &mut dyn FnMut(&mut Vec<u64>) -> bool,
    ) -> bool {
        let flip = |p| self.upside_down(p) | join.blocked;
        self.tops(join.rest, join.blocked, flip, cap, out, full)
    }

    /// The solutions the joins of `set` stand for.
    pub(crate) fn count_set(&self, set: u32, scratch: &mut Scratch) -> u128 {
        let Scratch {
            tops,
            bottoms,
            runs,
            cap,
        } = scratch;
        let cap = *cap;
        let bits = 2 * self.w + 1;
        let mut sum = 0;
        tops.clear();
        bottoms.clear();
        runs.clear();
        let mut joins = self.joins(set).peekable();
        if joins.peek().is_none() {
            return 0;
        }
        // The tops are kept whole when they fit, else found again for each batch of
        // bottoms, a piece at a time.
        let whole = self.tops(set, 0, |p| p, cap, tops, &mut |_| false);
        let count =
            |tops: &mut Vec<u64>, bottoms: &[u64], runs: &[(std::ops::Range<usize>, u128)]| {
                if whole {
                    return weighted_pairs(tops, bottoms, runs, bits);
                }
                let mut sum = 0;
                tops.clear();
                self.tops(set, 0, |p| p, cap, tops, &mut |piece| {
                    sum += weighted_pairs(piece, bottoms, runs, bits);
                    piece.clear();
                    true
                });
                sum + weighted_pairs(tops, bottoms, runs, bits)
            };
        for join in joins {
            let mut start = bottoms.len();
            self.bottoms(&join, cap, bottoms, &mut |batch| {
                runs.push((start..batch.len(), join.weight));
                sum += count(tops, batch, runs);
                batch.clear();
                runs.clear();
                start = 0;
                true
            });
            runs.push((start..bottoms.len(), join.weight));
        }
        // One join and nothing added to its bottoms: the shorter list makes the tables,
        // which cost more per pattern than probes do.
        if let [(run, weight)] = &runs[..]
            && whole
            && bottoms.len() < tops.len()
            && bottoms.iter().all(|&p| p >> (2 * self.w) == 0)
        {
            let mask = self.window();
            tops.iter_mut().for_each(|p| *p &= mask);
            let probes = [(0..tops.len(), *weight)];
            return sum + weighted_pairs(&bottoms[run.clone()], tops, &probes, bits);
        }
        sum + count(tops, bottoms, runs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upside_down_is_an_involution_that_swaps_directions() {
        let halves = Halves::new(16);
        let w = halves.w;
        for p in [
            0,
            1,
            1 << 14,
            1 << 15,
            0x3fff_ffff,
            0x1234_5678 & 0x3fff_ffff,
        ] {
            assert_eq!(halves.upside_down(halves.upside_down(p)), p);
        }
        // The first sum diagonal of the window becomes the last difference diagonal.
        assert_eq!(halves.upside_down(1), window_bit(w, 14, false));
    }

    #[test]
    fn every_middle_queen_and_column_set_is_weighed_once() {
        let binomial = |a: u128, b: u128| (0..b).fold(1, |acc, i| acc * (a - i) / (i + 1));
        for n in HALVES_MIN_N..=18 {
            let halves = Halves::new(n);
            let weighed: u128 = halves
                .sets()
                .flat_map(|set| halves.joins(set))
                .map(|j| j.weight)
                .sum();
            let (n, h) = (n as u128, n as u128 / 2);
            let expected = if n % 2 == 0 {
                binomial(n, h)
            } else {
                n * binomial(n - 1, h)
            };
            assert_eq!(weighed, expected, "n = {n}");
        }
    }

    /// Lists too long for their cap are counted in batches of bottoms, each against the
    /// tops found again piece by piece: the same counts as whole lists.
    #[test]
    fn capped_lists_count_the_same() {
        for n in [9, 11, 12] {
            for halves in [Halves::new(n), Halves::new(n).with_blocks(1 << 20, None)] {
                let mut whole = Scratch::default();
                let mut tiny = Scratch {
                    cap: 7,
                    ..Scratch::default()
                };
                for set in halves.sets() {
                    assert_eq!(
                        halves.count_set(set, &mut tiny),
                        halves.count_set(set, &mut whole),
                        "n = {n}, set {set:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_join_agrees_with_the_textbook_search() {
        for n in HALVES_MIN_N..=12 {
            let halves = Halves::new(n);
            let mut scratch = Scratch::default();
            let total: u128 = halves
                .sets()
                .map(|set| halves.count_set(set, &mut scratch))
                .sum();
            assert_eq!(total, crate::reference::textbook_count(n), "n = {n}");
        }
    }
}
