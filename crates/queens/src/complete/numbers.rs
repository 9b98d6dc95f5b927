//! The diagonal-number cut: the queens of the first (or last) k open rows stand on k
//! distinct difference diagonals, whose numbers add up to what their rows and columns
//! add up to; a node where no k of the diagonals those rows can still reach add up to a
//! sum their columns allow has no completion. Likewise for the first or last k open
//! columns.
//!
//! With the difference diagonal of (r, c) numbered u = c − r + n − 1, the queens of a
//! set R of k rows have Σu = Σc − Σr + k(n − 1), and Σc lies between the sum of the k
//! smallest and of the k largest open columns. Their u are k distinct numbers among the
//! diagonals R's open squares lie on, so Σu is at least the sum of the k smallest of them
//! and at most the sum of the k largest. The cut is where these two ranges miss each
//! other. Over every R it would be the dual of the linear relaxation with each row's and
//! column's weight ±1 on R; the first and last rows (and columns) in order are the sets
//! where the walk's boards fail: with the first rows packed into the top left corner, a
//! band of difference diagonals through the middle is taken, and the rows below it
//! cannot reach far enough right, or the columns right of it far enough down.
//!
//! Only the differences are bounded: on the walk's boards the sums add next to nothing
//! (of 300 subtrees without a completion sampled on n = 36's hardest question, the
//! differences cut 206, the sums 11, all but one of them among the 206), and of the two
//! bounds of each range only the one checked here cut more than a handful.

use super::grid::Scanner;

/// Masks of the bit positions with bit b of the position set, b from 0 to 5: the sum of the
/// positions of a word's bits is Σ popcount(word & PLANES[b]) · 2^b.
pub(super) const PLANES: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The sum of the positions of the bits of a 128-bit set given as its low and high
/// words.
#[inline(always)]
pub(super) fn position_sum(lo: u64, hi: u64) -> i64 {
    let mut sum = i64::from(hi.count_ones()) << 6;
    for (b, plane) in PLANES.iter().enumerate() {
        sum += i64::from((lo & plane).count_ones() + (hi & plane).count_ones()) << b;
    }
    sum
}

/// The lowest `k` bits set, `k` ≤ 64.
#[inline(always)]
fn low_bits(k: u32) -> u64 {
    u64::MAX.checked_shr(64 - k).unwrap_or(0)
}

/// A set of diagonals numbered 0 to 127, as two words.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Set {
    lo: u64,
    hi: u64,
}

impl Set {
    /// Adds `mask` moved up by `shift` (below 64).
    #[inline(always)]
    fn add(&mut self, mask: u64, shift: u32) {
        self.lo |= mask << shift;
        // In two steps, so that no shift is by 64.
        self.hi |= (mask >> 1) >> (63 - shift);
    }

    #[inline(always)]
    fn len(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// The `k` smallest numbers of the set, `k` ≤ its length.
    #[inline(always)]
    fn smallest<K: Scanner>(self, k: u32, scanner: K) -> Set {
        let in_lo = self.lo.count_ones();
        if k <= in_lo {
            Set {
                lo: scanner.deposit(low_bits(k), self.lo),
                hi: 0,
            }
        } else {
            Set {
                lo: self.lo,
                hi: scanner.deposit(low_bits(k - in_lo), self.hi),
            }
        }
    }

    /// The `k` largest numbers of the set, `k` ≤ its length.
    #[inline(always)]
    fn largest<K: Scanner>(self, k: u32, scanner: K) -> Set {
        let in_hi = self.hi.count_ones();
        if k <= in_hi {
            Set {
                lo: 0,
                hi: scanner.deposit(low_bits(k) << (in_hi - k), self.hi),
            }
        } else {
            let (rest, in_lo) = (k - in_hi, self.lo.count_ones());
            Set {
                lo: scanner.deposit(low_bits(rest) << (in_lo - rest), self.lo),
                hi: self.hi,
            }
        }
    }
}

/// Whether the lines of one direction leave the difference-diagonal numbers room, for
/// the first k and the last k of them, from k above half their number.
///
/// `lines` holds the open lines, `others` the open lines of the other direction (as
/// many), `options(line)` the mask of those where `line` can still take a queen, and `m`
/// is n − 1. A row r's square in column c lies on difference diagonal c + (m − r), and a
/// column c's square in row r on r + (m − c), the same diagonals mirrored, so one pass
/// serves both directions.
///
/// Up to half the lines the bound cut next to nothing (13.1 against 13.3 million nodes
/// on n = 36's hard prefix), so only the count of their diagonals is checked there.
#[inline(always)]
pub(super) fn lines_fit<K: Scanner>(
    lines: u64,
    others: u64,
    options: impl Fn(u32) -> u64,
    m: u32,
    scanner: K,
) -> bool {
    let mut batch = Batch::default();
    end_fits::<true, K>(lines, others, &options, m, &mut batch, scanner)
        && end_fits::<false, K>(lines, others, &options, m, &mut batch, scanner)
}

/// [`lines_fit`] for the `LAST` k lines, or the first k.
///
/// The queens of k lines stand on k distinct diagonals whose numbers add up to
/// Σ taken − Σ lines + k·m, the taken being the k lines of the other direction they
/// stand on. For the last k lines the taken add up to at least the k smallest others,
/// so the k largest diagonals the lines reach must reach that; for the first k, to at
/// most the k largest others, which the k smallest diagonals reached must not exceed.
/// The last k go first: on the walk's boards they cut more. One batch serves both ends,
/// filled afresh: a batch made per end measured 6% slower.
#[inline(always)]
fn end_fits<const LAST: bool, K: Scanner>(
    lines: u64,
    others: u64,
    options: &impl Fn(u32) -> u64,
    m: u32,
    batch: &mut Batch,
    scanner: K,
) -> bool {
    let lowest = |mask: u64| mask.trailing_zeros();
    let highest = |mask: u64| 63 - mask.leading_zeros();
    let half = lines.count_ones() / 2;
    let (mut reach, mut numbers, mut taken) = (Set::default(), 0i64, 0i64);
    let (mut left, mut other) = (lines, others);
    for k in 1..=lines.count_ones() {
        let (line, took) = if LAST {
            (highest(left), lowest(other))
        } else {
            (lowest(left), highest(other))
        };
        left ^= 1 << line;
        other ^= 1 << took;
        reach.add(options(line), m - line);
        numbers += i64::from(line);
        taken += i64::from(took);
        if reach.len() < k {
            return false;
        }
        if k > half {
            let bound = taken + i64::from(k) * i64::from(m) - numbers;
            // Both compared as "a sum at most its bound": the last lines' largest
            // diagonals negated.
            let fits = if LAST {
                batch.push(reach.largest(k, scanner), -1, -bound, scanner)
            } else {
                batch.push(reach.smallest(k, scanner), 1, bound, scanner)
            };
            if !fits {
                return false;
            }
        }
    }
    batch.fits(scanner)
}

/// Sets whose position sums are to be compared with bounds, eight at a time.
#[derive(Default)]
struct Batch {
    lo: [u64; 8],
    hi: [u64; 8],
    bound: [i64; 8],
    /// +1, or −1 for a sum to be negated before it is compared.
    sign: [i64; 8],
    len: usize,
}

impl Batch {
    /// Adds a set, its sign and its bound; false if eight were held already and one of
    /// them exceeds its bound.
    #[inline(always)]
    fn push<K: Scanner>(&mut self, set: Set, sign: i64, bound: i64, scanner: K) -> bool {
        if self.len == 8 && !self.fits(scanner) {
            return false;
        }
        let i = self.len;
        (self.lo[i], self.hi[i], self.sign[i], self.bound[i]) = (set.lo, set.hi, sign, bound);
        self.len += 1;
        true
    }

    /// Whether every set held, its position sum times its sign, is within its bound;
    /// empties the batch.
    #[inline(always)]
    fn fits<K: Scanner>(&mut self, scanner: K) -> bool {
        let len = std::mem::take(&mut self.len);
        let mut sums = [0; 8];
        scanner.position_sums(&self.lo[..len], &self.hi[..len], &mut sums[..len]);
        (0..len).all(|i| sums[i] * self.sign[i] <= self.bound[i])
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::grid::{Board, Grid, Portable, Scanner, State};
    use super::*;

    fn positions(set: Set) -> Vec<i64> {
        (0..128)
            .filter(|&i| {
                if i < 64 {
                    set.lo >> i & 1 != 0
                } else {
                    set.hi >> (i - 64) & 1 != 0
                }
            })
            .collect()
    }

    fn random_set(rng: &mut ChaCha8Rng) -> Set {
        // Sparse and dense words, and empty ones, so that the k-th number falls in
        // either word.
        let mut word = || match rng.random_range(0..4) {
            0 => 0,
            1 => rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>(),
            _ => rng.random(),
        };
        Set {
            lo: word(),
            hi: word(),
        }
    }

    fn extremes_hold<K: Scanner>(scanner: K) {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2000 {
            let set = random_set(&mut rng);
            let numbers = positions(set);
            for k in 1..=numbers.len() {
                let least: i64 = numbers[..k].iter().sum();
                let most: i64 = numbers[numbers.len() - k..].iter().sum();
                let (small, large) = (
                    set.smallest(k as u32, scanner),
                    set.largest(k as u32, scanner),
                );
                assert_eq!(positions(small), numbers[..k], "{set:?} k {k}");
                assert_eq!(position_sum(small.lo, small.hi), least);
                assert_eq!(
                    positions(large),
                    numbers[numbers.len() - k..],
                    "{set:?} k {k}"
                );
                assert_eq!(position_sum(large.lo, large.hi), most);
            }
        }
    }

    #[test]
    fn the_extreme_numbers_of_a_set_are_its_smallest_and_largest() {
        extremes_hold(Portable);
        #[cfg(target_arch = "x86_64")]
        if let Some(wide) = super::super::lanes::Wide::new() {
            extremes_hold(wide);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_wide_position_sums_are_the_portable_ones() {
        let Some(wide) = super::super::lanes::Wide::new() else {
            return; // Nothing to compare on this CPU.
        };
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for len in 0..=20 {
            let sets: Vec<Set> = (0..len).map(|_| random_set(&mut rng)).collect();
            let (lo, hi): (Vec<u64>, Vec<u64>) = sets.iter().map(|s| (s.lo, s.hi)).unzip();
            let (mut wide_sums, mut sums) = (vec![0; len], vec![0; len]);
            wide.position_sums(&lo, &hi, &mut wide_sums);
            Portable.position_sums(&lo, &hi, &mut sums);
            assert_eq!(wide_sums, sums);
            let expected: Vec<i64> = sets.iter().map(|&s| positions(s).iter().sum()).collect();
            assert_eq!(sums, expected);
        }
    }

    /// Whether the node has a completion, by plain search over its open rows.
    fn completes(grid: &Grid, s: State) -> bool {
        let rows = Grid::<u128>::rows(&s);
        if rows == 0 {
            return true;
        }
        let r = rows.trailing_zeros() as usize;
        let mut options = grid.row_options(&s, r);
        while options != 0 {
            let c = options.trailing_zeros() as usize;
            options &= options - 1;
            if completes(grid, grid.place(s, r, c)) {
                return true;
            }
        }
        false
    }

    /// Every node the cut refuses, on boards whose first rows are filled and then random
    /// squares taken, has no completion; and the cut does refuse some.
    #[test]
    fn the_cut_refuses_only_boards_without_a_completion() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut refused = 0;
        for n in 4..=13 {
            let grid = Grid::<u128>::new(n, &[]).cutting_by_numbers(true);
            for _ in 0..300 {
                let mut s = grid.start();
                let first = rng.random_range(1..=n / 2);
                for r in 0..n {
                    let options = grid.row_options(&s, r);
                    let take = r < first || rng.random_ratio(1, 4);
                    if take && options != 0 {
                        let c = (0..n)
                            .filter(|c| options >> c & 1 != 0)
                            .nth(rng.random_range(0..options.count_ones() as usize));
                        s = grid.place(s, r, c.unwrap());
                    }
                }
                if !grid.numbers_fit(&s, Portable) {
                    refused += 1;
                    assert!(!completes(&grid, s), "n {n}: {s:?}");
                }
            }
        }
        eprintln!("refused {refused}");
        assert!(refused > 50, "the cut refused only {refused} boards");
    }
}
