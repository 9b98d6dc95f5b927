//! Counting by joining half boards: the counter's fast path up to [`JOIN_MAX_N`].
//!
//! A solution is its top `h = ⌊n/2⌋` rows, its bottom `h` rows and, when n is odd, the
//! queen of the middle row. A top on the column set `S` and a bottom on the other columns
//! form a solution exactly when no diagonal holds a queen of each, so the total is a sum,
//! over column sets, of the disjoint pairs between two lists of diagonal patterns: a meet
//! in the middle instead of a search of the whole tree. The idea of joining partial
//! solutions of parts of the board, and of counting the pairs with bit-sliced tables, is
//! Evgeny Kluev's (github.com/EvgenyKluev/N-Queens-Count-Sol, which joins quadrants);
//! this module joins halves, and its code is its own.
//!
//! * Only the `2h − 1` diagonals of each direction that both halves reach matter, so a
//!   pattern is 2 × (2h − 1) bits, with two more for the middle queen's edge diagonals:
//!   a `u32` up to n = 17. The sums run up and the differences down, so that turning a
//!   top upside down (a bottom) is a rotation of the pattern.
//! * One search of the top rows, started from the left half of the first row, finds
//!   every top or its mirror image; they are bucketed by column set, about 70 MB at
//!   n = 17. A bottom is a top turned upside down, and for odd n the middle queen only
//!   rules out the tops on its diagonals, so this one table serves every join.
//! * The column sets `S`, `rest ∖ S` (upside down) and, when the middle queen is in the
//!   middle column or there is none, their mirror images have equal counts: each orbit
//!   is joined once and weighted by its size. The middle queens `m` and `n − 1 − m` are
//!   mirror images, so only `m ≤ h` are joined.
//! * Pairs are counted 256 tops at a time: for each 4 bits and each of their 16 values,
//!   a 256-bit word says which tops are clear of them, so a bottom costs 8 ANDs and 4
//!   popcounts per 256 tops.
//!
//! A unit is a column set of the top half with its joins, in increasing order of the set:
//! independent of each other, so threads take them a few at a time.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use crate::bitboard::full_mask;

/// The largest board the join counts: its patterns must fit a `u32`, and its tops stay
/// in memory (about 70 MB at n = 17).
pub(crate) const JOIN_MAX_N: usize = 17;

/// Units a thread takes at a time.
const UNITS_PER_TASK: usize = 8;

/// The smallest board the join counts.
pub(crate) const JOIN_MIN_N: usize = 2;

/// The pattern bit of diagonal `i` of the window, of the sums or the differences.
fn window_bit(w: u32, i: usize, sum: bool) -> u32 {
    if sum {
        1 << i
    } else {
        1 << (2 * w as usize - 1 - i)
    }
}

/// A unit: the tops on one column set, joined with the bottoms of each middle queen
/// (one, and none, for even n) whose orbit it stands for.
#[derive(Debug, Clone)]
struct Unit {
    /// The top half's columns.
    set: u32,
    joins: Vec<Middle>,
}

/// One join of a unit's tops: with the bottoms on `rest`, the columns left beside the
/// middle queen.
#[derive(Debug, Clone, Copy)]
struct Middle {
    /// The pattern bits a top may not have: the middle queen's diagonals.
    blocked: u32,
    rest: u32,
    /// How many solutions each pair stands for: the orbit's size.
    weight: u128,
}

/// The geometry of the halves of an `n × n` board, and the units a count runs.
pub(crate) struct Join {
    n: usize,
    /// Rows in each half.
    h: usize,
    /// The board's columns, as a mask.
    all: u32,
    /// Diagonals of one direction that both halves reach: the window.
    w: u32,
    /// Per top square `row · n + column`, its pattern bits.
    bits: Vec<u32>,
    ranks: Ranks,
    units: Vec<Unit>,
}

/// Pattern bit 30: a queen on the sum diagonal just below the window; bit 31: the same
/// for the difference diagonal. For odd n that is the middle row's edge squares' diagonal.
const BELOW: u32 = 1 << 30;
const BELOW_DIFF: u32 = 1 << 31;

impl Join {
    /// The join of an `n × n` board, `JOIN_MIN_N ≤ n ≤ JOIN_MAX_N`.
    pub(crate) fn new(n: usize) -> Join {
        assert!((JOIN_MIN_N..=JOIN_MAX_N).contains(&n));
        let h = n / 2;
        let w = (2 * h - 1) as u32;
        // Both halves reach the diagonals numbered n − h ..= n + h − 2 (sums r + c, and
        // differences r − c + n − 1), a window symmetric about the long diagonal n − 1.
        let low = n - h;
        // Sum diagonal i of the window is pattern bit i and difference diagonal i is bit
        // 2w − 1 − i, so that turning a top upside down is a rotation of the window.
        let bit = |d: usize, sum: bool| {
            if d + 1 == low {
                if sum { BELOW } else { BELOW_DIFF }
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
        let mut join = Join {
            n,
            h,
            all: full_mask(n) as u32,
            w,
            bits,
            ranks: Ranks::new(n, h),
            units: Vec::new(),
        };
        join.units = join.plan();
        join
    }

    /// The units: for each column set of the top half, in increasing order, a join per
    /// middle queen for which the set is the least of its orbit under the symmetries that
    /// keep the middle row, weighted by the orbit's size.
    fn plan(&self) -> Vec<Unit> {
        let (n, h, w, all) = (self.n, self.h, self.w, self.all);
        let middles: Vec<(u32, u32, u128)> = if n % 2 == 0 {
            vec![(all, 0, 1)]
        } else {
            // The middle queen (h, m) attacks the tops' sum diagonal h + m and difference
            // diagonal 3h − m; a bottom, turned upside down, the same. The queens m and
            // n − 1 − m are mirror images: each m < h counts for both.
            (0..=h)
                .map(|m| {
                    let blocked = match m {
                        0 => BELOW,
                        m => window_bit(w, m - 1, true) | window_bit(w, 2 * h - 1 - m, false),
                    };
                    (all & !(1 << m), blocked, if m < h { 2 } else { 1 })
                })
                .collect()
        };
        let mut units = Vec::new();
        let mut set: u32 = (1 << h) - 1;
        while set < 1 << n {
            let joins: Vec<Middle> = middles
                .iter()
                .filter(|&&(columns, _, _)| set & !columns == 0)
                .filter_map(|&(columns, blocked, weight)| {
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
                    Some(Middle {
                        blocked,
                        rest: columns ^ set,
                        weight: distinct as u128 * weight,
                    })
                })
                .collect();
            if !joins.is_empty() {
                units.push(Unit { set, joins });
            }
            // The next set of as many columns (Gosper's hack).
            let low = set & set.wrapping_neg();
            let ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
        units
    }

    fn mirror_set(&self, set: u32) -> u32 {
        set.reverse_bits() >> (32 - self.n)
    }

    /// A top's pattern mirrored left to right: column c becomes n − 1 − c, which swaps
    /// the sum diagonal r + c and the difference diagonal r − c + n − 1 of the same
    /// number, so the window reverses.
    fn mirror(w: u32, pattern: u32) -> u32 {
        let window = pattern & Join::window(w);
        window.reverse_bits() >> (32 - 2 * w) | (pattern & BELOW) << 1 | (pattern & BELOW_DIFF) >> 1
    }

    /// The window of a top turned upside down: row r becomes n − 1 − r, which maps the
    /// sum diagonal s to the difference diagonal 2n − 2 − s and back, so the window's two
    /// halves swap.
    fn upside_down(w: u32, pattern: u32) -> u32 {
        let window = pattern & Join::window(w);
        (window >> w | window << w) & Join::window(w)
    }

    /// The pattern bits both halves reach.
    fn window(w: u32) -> u32 {
        (1 << (2 * w)) - 1
    }

    /// How many units the count runs.
    pub(crate) fn units(&self) -> usize {
        self.units.len()
    }

    /// The number of solutions: every unit's weighted count, added up, on the current
    /// rayon pool when `parallel`, calling `done` after each unit.
    pub(crate) fn count(&self, parallel: bool, done: &(dyn Fn() + Sync)) -> u128 {
        let tops = Tops::new(self, parallel);
        let w = self.w;
        let window = Join::window(w);
        type Scratch = (Vec<u32>, Vec<u32>, Vec<u32>);
        let join = |(tops_on_set, upper, lower): &mut Scratch, unit: &Unit| {
            let (direct, mirrored) = tops.on(self, unit.set);
            tops_on_set.clear();
            tops_on_set.extend_from_slice(direct);
            tops_on_set.extend(mirrored.iter().map(move |&p| Join::mirror(w, p)));
            let mut sum = 0;
            for middle in &unit.joins {
                let blocked = middle.blocked;
                upper.clear();
                upper.extend(
                    tops_on_set
                        .iter()
                        .filter(move |&&p| p & blocked == 0)
                        .map(move |&p| p & window),
                );
                let (direct, mirrored) = tops.on(self, middle.rest);
                lower.clear();
                let mirrored = mirrored.iter().map(move |&p| Join::mirror(w, p));
                lower.extend(
                    direct
                        .iter()
                        .copied()
                        .chain(mirrored)
                        .filter(move |&p| p & blocked == 0)
                        .map(move |p| Join::upside_down(w, p)),
                );
                let pairs = if upper.len() >= lower.len() {
                    disjoint_pairs(upper, lower)
                } else {
                    disjoint_pairs(lower, upper)
                };
                sum += middle.weight * u128::from(pairs);
            }
            done();
            sum
        };
        let run = |units: &[Unit]| -> u128 {
            let mut scratch = Default::default();
            units.iter().map(|unit| join(&mut scratch, unit)).sum()
        };
        if parallel {
            // A few units per task, so that each task's lists grow to size once.
            self.units.par_chunks(UNITS_PER_TASK).map(run).sum()
        } else {
            run(&self.units)
        }
    }

    /// Every top whose first two queens stand in the columns `c0` and `c1` (`c0` alone
    /// when the half has one row), with its set's rank.
    fn tops_below(&self, (c0, c1): (u32, u32), visit: &mut impl FnMut(usize, u32)) {
        let n = self.n;
        let mut visit = |set: u32, pattern: u32| visit(self.ranks.rank(set), pattern);
        let first = 1 << c0;
        if self.h == 1 {
            visit(first, self.bits[c0 as usize]);
            return;
        }
        let second = 1 << c1;
        let cols = first | second;
        let pattern = self.bits[c0 as usize] | self.bits[n + c1 as usize];
        if self.h == 2 {
            visit(cols, pattern);
            return;
        }
        let right = (first << 2) | (second << 1);
        let left = (first >> 2) | (second >> 1);
        self.search(2, cols, right, left, pattern, &mut visit);
    }

    /// The textbook search of the top rows below `row`, reporting each full top's columns
    /// and pattern.
    fn search(
        &self,
        row: usize,
        cols: u32,
        right: u32,
        left: u32,
        pattern: u32,
        visit: &mut impl FnMut(u32, u32),
    ) {
        let mut free = self.all & !(cols | right | left);
        let squares = &self.bits[row * self.n..];
        if row + 1 == self.h {
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                visit(cols | bit, pattern | squares[bit.trailing_zeros() as usize]);
            }
            return;
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let square = squares[bit.trailing_zeros() as usize];
            self.search(
                row + 1,
                cols | bit,
                (right | bit) << 1,
                (left | bit) >> 1,
                pattern | square,
                visit,
            );
        }
    }
}

/// The combinatorial rank of an h-subset of the n columns, from two small tables: the
/// low 8 columns' share, and the rest's given how many of the low 8 are in the set.
struct Ranks {
    low: Vec<u32>,
    /// Indexed by (low columns in the set) · 2^(n − 8) + the set's high columns.
    high: Vec<u32>,
    high_bits: u32,
    len: usize,
}

impl Ranks {
    fn new(n: usize, h: usize) -> Ranks {
        let binomial = |a: usize, b: usize| -> u32 {
            if b > a {
                return 0;
            }
            (0..b).fold(1u64, |acc, i| acc * (a - i) as u64 / (i + 1) as u64) as u32
        };
        // rank = Σ over the set's columns p_0 < p_1 < … of C(p_k, k + 1).
        let share = |bits: usize, shift: usize, before: usize| -> u32 {
            (0..usize::BITS as usize)
                .filter(|&p| bits >> p & 1 != 0)
                .enumerate()
                .map(|(k, p)| binomial(p + shift, k + before + 1))
                .sum()
        };
        let low = (0..256).map(|x| share(x, 0, 0)).collect();
        let high_len = 1usize << n.saturating_sub(8);
        let high = (0..=8)
            .flat_map(|before| (0..high_len).map(move |y| share(y, 8, before)))
            .collect();
        Ranks {
            low,
            high,
            high_bits: high_len.trailing_zeros(),
            len: binomial(n, h) as usize,
        }
    }

    #[inline(always)]
    fn rank(&self, set: u32) -> usize {
        let low = set as usize & 255;
        let high = (low.count_ones() as usize) << self.high_bits | set as usize >> 8;
        (self.low[low] + self.high[high]) as usize
    }
}

/// The tops of the board, bucketed by column set: those whose first queen stands left of
/// the middle (their mirror images are the ones right of it), and for odd n those whose
/// first queen stands in the middle column.
struct Tops {
    /// Where each bucket starts in `patterns`: by rank, the left tops and then the middle
    /// ones.
    start: Vec<u32>,
    patterns: Vec<u32>,
}

impl Tops {
    /// Searches the top rows below each pair of first-row squares (a task each), counts
    /// the tops per bucket, then searches again writing each pattern to its own slot.
    fn new(join: &Join, parallel: bool) -> Tops {
        let n = join.n;
        let buckets = join.ranks.len;
        let starts: Vec<(u32, u32)> = (0..n.div_ceil(2) as u32)
            .flat_map(|c0| (0..n as u32).map(move |c1| (c0, c1)))
            .filter(|&(c0, c1)| join.h < 2 || c0.abs_diff(c1) > 1)
            .filter(|&(_, c1)| join.h >= 2 || c1 == 0)
            .collect();
        // A bucket holds the left tops on a set (2 · rank) or the middle ones (2 · rank + 1).
        let middle = |&(c0, _): &(u32, u32)| usize::from(n % 2 == 1 && c0 as usize == n / 2);
        // At most (h − 2)! = 720 tops share a set and their first two queens: a u16 each,
        // so that a task's counts stay in the first-level cache.
        let count = |start: &(u32, u32)| {
            let mut counts = vec![0u16; buckets];
            join.tops_below(*start, &mut |rank, _| counts[rank] += 1);
            counts
        };
        let counts: Vec<Vec<u16>> = if parallel {
            starts.par_iter().map(count).collect()
        } else {
            starts.iter().map(count).collect()
        };
        // Each task's first slot in each of its buckets, after the tasks before it.
        let mut totals = vec![0u32; 2 * buckets];
        for (task, c) in starts.iter().zip(&counts) {
            let totals = totals.iter_mut().skip(middle(task)).step_by(2);
            totals.zip(c).for_each(|(t, &c)| *t += u32::from(c));
        }
        let mut start = Vec::with_capacity(2 * buckets + 1);
        let mut at = 0;
        for total in totals {
            start.push(at);
            at += total;
        }
        start.push(at);
        let mut next = start[..2 * buckets].to_vec();
        let cursors: Vec<Vec<u32>> = starts
            .iter()
            .zip(counts)
            .map(|(task, c)| {
                let next = next.iter_mut().skip(middle(task)).step_by(2);
                next.zip(c)
                    .map(|(next, c)| {
                        let first = *next;
                        *next += u32::from(c);
                        first
                    })
                    .collect()
            })
            .collect();
        let patterns: Vec<AtomicU32> = (0..at).map(|_| AtomicU32::new(0)).collect();
        let fill = |(start, mut cursor): (&(u32, u32), Vec<u32>)| {
            join.tops_below(*start, &mut |rank, pattern| {
                let slot = &mut cursor[rank];
                patterns[*slot as usize].store(pattern, Ordering::Relaxed);
                *slot += 1;
            });
        };
        if parallel {
            starts.par_iter().zip(cursors).for_each(fill);
        } else {
            starts.iter().zip(cursors).for_each(fill);
        }
        let patterns = patterns.into_iter().map(AtomicU32::into_inner).collect();
        Tops { start, patterns }
    }

    /// The patterns of the tops on the column set `set`: those to take as they are, and
    /// those to mirror.
    fn on(&self, join: &Join, set: u32) -> (&[u32], &[u32]) {
        let slice = |set: u32| {
            let rank = join.ranks.rank(set);
            &self.patterns[self.start[2 * rank] as usize..self.start[2 * rank + 2] as usize]
        };
        let mirrored = join.ranks.rank(join.mirror_set(set));
        let mirrored = &self.patterns
            [self.start[2 * mirrored] as usize..self.start[2 * mirrored + 1] as usize];
        (slice(set), mirrored)
    }
}

/// Tops per table: four 64-bit lanes.
const LANES: usize = 4;
type Lanes = [u64; LANES];

/// The pairs `(a, b)` of `tables × probes` with `a & b == 0`.
fn disjoint_pairs(tables: &[u32], probes: &[u32]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
    {
        // SAFETY: both features were just detected on the running CPU.
        return unsafe { disjoint_pairs_avx2(tables, probes) };
    }
    disjoint_pairs_any(tables, probes)
}

/// The same code compiled for 256-bit ANDs and the popcount instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn disjoint_pairs_avx2(tables: &[u32], probes: &[u32]) -> u64 {
    disjoint_pairs_any(tables, probes)
}

#[inline(always)]
fn disjoint_pairs_any(tables: &[u32], probes: &[u32]) -> u64 {
    let mut total = 0;
    for block in tables.chunks(64 * LANES) {
        let table = Table::new(block);
        for &probe in probes {
            total += table.clear_of(probe);
        }
    }
    total
}

/// For a block of up to 256 patterns, and for each 4 bits of a probe and each of their 16
/// values, which patterns are clear of them.
struct Table {
    words: [[Lanes; 16]; 8],
}

impl Table {
    #[inline(always)]
    fn new(block: &[u32]) -> Table {
        let mut present = [0u64; LANES];
        for i in 0..block.len() {
            present[i / 64] |= 1 << (i % 64);
        }
        let mut clear = [present; 32];
        for (i, &pattern) in block.iter().enumerate() {
            let mut bits = pattern;
            while bits != 0 {
                clear[bits.trailing_zeros() as usize][i / 64] &= !(1 << (i % 64));
                bits &= bits - 1;
            }
        }
        let mut words = [[present; 16]; 8];
        for (chunk, row) in words.iter_mut().enumerate() {
            for value in 1..16usize {
                let low = value.trailing_zeros() as usize;
                row[value] = and(row[value & (value - 1)], clear[chunk * 4 + low]);
            }
        }
        Table { words }
    }

    /// How many patterns of the block share no bit with `probe`.
    #[inline(always)]
    fn clear_of(&self, probe: u32) -> u64 {
        let mut acc = self.words[0][probe as usize & 15];
        for chunk in 1..8 {
            acc = and(acc, self.words[chunk][(probe >> (4 * chunk)) as usize & 15]);
        }
        acc.iter().map(|w| u64::from(w.count_ones())).sum()
    }
}

#[inline(always)]
fn and(a: Lanes, b: Lanes) -> Lanes {
    std::array::from_fn(|i| a[i] & b[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_match_a_plain_double_loop() {
        let mut x = 0x2545_f491_u32;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            // Sparse patterns, so that some pairs are disjoint.
            x & x.rotate_left(7) & x.rotate_left(19)
        };
        for (a, b) in [(0, 5), (1, 1), (63, 9), (64, 64), (300, 70), (513, 3)] {
            let tables: Vec<u32> = (0..a).map(|_| next()).collect();
            let probes: Vec<u32> = (0..b).map(|_| next()).collect();
            let plain = tables
                .iter()
                .flat_map(|t| probes.iter().map(move |p| t & p))
                .filter(|&both| both == 0)
                .count() as u64;
            assert_eq!(disjoint_pairs(&tables, &probes), plain, "{a} × {b}");
            assert_eq!(disjoint_pairs_any(&tables, &probes), plain, "{a} × {b}");
        }
    }

    #[test]
    fn upside_down_is_an_involution_that_swaps_directions() {
        let w = Join::new(16).w;
        for p in [
            0,
            1,
            1 << 14,
            1 << 15,
            0x3fff_ffff,
            0x1234_5678 & 0x3fff_ffff,
        ] {
            assert_eq!(Join::upside_down(w, Join::upside_down(w, p)), p);
            assert_eq!(Join::mirror(w, Join::mirror(w, p)), p);
        }
        // The first sum diagonal of the window becomes the last difference diagonal,
        // and the mirror image's first difference diagonal.
        assert_eq!(Join::upside_down(w, 1), window_bit(w, 14, false));
        assert_eq!(Join::mirror(w, 1), window_bit(w, 0, false));
    }

    #[test]
    fn every_middle_queen_and_column_set_is_weighed_once() {
        let binomial = |a: u128, b: u128| (0..b).fold(1, |acc, i| acc * (a - i) / (i + 1));
        for n in JOIN_MIN_N..=JOIN_MAX_N {
            let join = Join::new(n);
            let weighed: u128 = join
                .units
                .iter()
                .flat_map(|u| &u.joins)
                .map(|m| m.weight)
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

    #[test]
    fn the_join_agrees_with_the_textbook_search() {
        for n in JOIN_MIN_N..=12 {
            let expected = crate::reference::textbook_count(n);
            for parallel in [false, true] {
                assert_eq!(Join::new(n).count(parallel, &|| {}), expected, "n = {n}");
            }
        }
    }
}
