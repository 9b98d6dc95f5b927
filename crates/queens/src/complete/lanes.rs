//! The exact search's row scan on AVX-512: eight rows at a time, one a lane.
//!
//! A node of the search is a handful of masks, and [`step`](super::grid::step) looks at
//! every open row of it: the row's squares left (the open columns less its blocked
//! squares and the two diagonal windows), their number, their diagonals, and how many
//! rows meet each column. Eight lanes take each row's variable shifts, the population
//! counts and the running minimum of the ranks in one instruction per eight rows. The
//! answers are [`scan_rows`](super::grid::scan_rows)'s, to the row chosen, so the search
//! walks the same tree; it walks it 1.2 to 1.27 times as fast from n = 34 and a few
//! percent faster at n = 22 (docs/performance.md, "The row scan on eight lanes"), the
//! branching and the way back up costing as much as before.

use super::grid::{Board, Scan, Scanner};

/// Proof that the running CPU has the eight-lane scan's instructions
/// ([`Feature::Avx512Popcnt`](crate::cpu::Feature::Avx512Popcnt) and
/// [`Feature::Bmi`](crate::cpu::Feature::Bmi)): only [`Wide::new`] makes one, after
/// asking.
#[derive(Debug, Clone, Copy)]
pub(super) struct Wide(());

impl Wide {
    /// The proof, where the running CPU has the instructions.
    pub(super) fn new() -> Option<Wide> {
        use crate::cpu::{Feature, has};
        // The search's copy for these CPUs is compiled for the bit scans too.
        (has(Feature::Avx512Popcnt) && has(Feature::Bmi)).then_some(Wide(()))
    }

    /// [`scan_rows`](super::grid::scan_rows) in tightest order on a bitboard: `blocked`
    /// holds each row's closed columns, `sums` and `ups` the low and high words of the
    /// diagonals taken, numbered `r + c` and `c − r + n − 1`.
    #[inline(always)]
    pub(super) fn scan_bitboard(
        self,
        n: usize,
        blocked: &[u64; 64],
        rows: u64,
        cols: u64,
        sums: (u64, u64),
        ups: (u64, u64),
    ) -> Scan {
        // SAFETY: a `Wide` exists only where the CPU has the instructions.
        unsafe { x86::scan(n, blocked, rows, cols, sums, ups) }
    }
}

impl Scanner for Wide {
    #[inline(always)]
    fn scan<B: Board>(self, b: &B, s: &B::Node) -> Scan {
        b.scan_wide(s, self)
    }

    #[inline(always)]
    fn deposit(self, bits: u64, mask: u64) -> u64 {
        // SAFETY: a `Wide` exists only where the CPU has BMI2.
        unsafe { std::arch::x86_64::_pdep_u64(bits, mask) }
    }

    #[inline(always)]
    fn position_sums(self, lo: &[u64], hi: &[u64], sums: &mut [i64]) {
        // SAFETY: a `Wide` exists only where the CPU has the instructions.
        unsafe { x86::position_sums(lo, hi, sums) }
    }
}

mod x86 {
    use std::arch::x86_64::*;

    use super::super::grid::{Lines, Scan};
    use super::super::numbers::PLANES;

    /// [`position_sum`](super::super::numbers::position_sum) of each 128-bit set, eight
    /// at a time: per lane, the popcount of the set's words under each plane of
    /// positions, shifted by the plane's weight.
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    #[inline]
    pub(super) fn position_sums(lo: &[u64], hi: &[u64], sums: &mut [i64]) {
        let len = sums.len().min(lo.len()).min(hi.len());
        for start in (0..len).step_by(8) {
            let lanes = (len - start).min(8);
            let mask = u8::MAX >> (8 - lanes);
            // SAFETY: the masked lanes lie within the slices.
            let (l, h) = unsafe {
                (
                    _mm512_maskz_loadu_epi64(mask, lo.as_ptr().add(start).cast()),
                    _mm512_maskz_loadu_epi64(mask, hi.as_ptr().add(start).cast()),
                )
            };
            let mut sum = _mm512_slli_epi64::<6>(_mm512_popcnt_epi64(h));
            for (b, &plane) in PLANES.iter().enumerate() {
                let plane = _mm512_set1_epi64(plane as i64);
                let count = _mm512_add_epi64(
                    _mm512_popcnt_epi64(_mm512_and_si512(l, plane)),
                    _mm512_popcnt_epi64(_mm512_and_si512(h, plane)),
                );
                sum = _mm512_add_epi64(sum, _mm512_sllv_epi64(count, _mm512_set1_epi64(b as i64)));
            }
            // SAFETY: as the loads.
            unsafe { _mm512_mask_storeu_epi64(sums.as_mut_ptr().add(start).cast(), mask, sum) };
        }
    }

    /// The saturating sum of two bit-sliced counts per column (`ones`, `twos` and a
    /// `fours` set from four on), as the row scan keeps them.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn add_counts(a: [__m512i; 3], b: [__m512i; 3]) -> [__m512i; 3] {
        let carry = _mm512_and_si512(a[0], b[0]);
        let twos = _mm512_xor_si512(a[1], b[1]);
        [
            _mm512_xor_si512(a[0], b[0]),
            _mm512_xor_si512(twos, carry),
            _mm512_or_si512(
                _mm512_or_si512(a[2], b[2]),
                _mm512_or_si512(_mm512_and_si512(a[1], b[1]), _mm512_and_si512(carry, twos)),
            ),
        ]
    }

    /// The eight lanes' counts added into lane 0, by three rounds of adding each lane
    /// to the one 4, 2 and 1 lanes away.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn fold_counts(mut counts: [__m512i; 3]) -> (u64, u64, u64) {
        for idx in [
            _mm512_set_epi64(3, 2, 1, 0, 7, 6, 5, 4),
            _mm512_set_epi64(5, 4, 7, 6, 1, 0, 3, 2),
            _mm512_set_epi64(6, 7, 4, 5, 2, 3, 0, 1),
        ] {
            let moved = counts.map(|v| _mm512_permutexvar_epi64(idx, v));
            counts = add_counts(counts, moved);
        }
        let lane0 = |v: __m512i| _mm_cvtsi128_si64(_mm512_castsi512_si128(v)) as u64;
        (lane0(counts[0]), lane0(counts[1]), lane0(counts[2]))
    }

    /// Each lane's 64 bits of a 128-bit diagonal set from bit `shift`, below 64 (lanes
    /// of rows outside the board read garbage, which the caller masks out).
    ///
    /// The high word moves down by 64 − `shift` in two steps, 1 and 63 − `shift`, so
    /// that no count is 64: the hardware gives 0 for one, but LLVM, not knowing the
    /// count's range, guards each variable shift with a compare and a masked move.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn window(lo: __m512i, hi: __m512i, shift: __m512i) -> __m512i {
        let (shift, rest) = in_range(shift);
        let hi = _mm512_sllv_epi64(_mm512_slli_epi64::<1>(hi), rest);
        _mm512_or_si512(_mm512_srlv_epi64(lo, shift), hi)
    }

    /// The lanes' masks moved up by `shift` (below 64) onto 128-bit diagonal sets, or'ed
    /// into `into`; the high words in two steps, as in [`window`].
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn spread(into: [__m512i; 2], mask: __m512i, shift: __m512i) -> [__m512i; 2] {
        let (shift, rest) = in_range(shift);
        let hi = _mm512_srlv_epi64(_mm512_srli_epi64::<1>(mask), rest);
        [
            _mm512_or_si512(into[0], _mm512_sllv_epi64(mask, shift)),
            _mm512_or_si512(into[1], hi),
        ]
    }

    /// `shift` and 63 − `shift`, both cut to 6 bits, which tells LLVM they are shift
    /// counts below 64.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn in_range(shift: __m512i) -> (__m512i, __m512i) {
        let six_bits = _mm512_set1_epi64(63);
        (
            _mm512_and_si512(shift, six_bits),
            _mm512_andnot_si512(shift, six_bits),
        )
    }

    /// How many bits a 128-bit set split over the lanes' two words has.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn set_len(words: [__m512i; 2]) -> u32 {
        _mm512_reduce_or_epi64(words[0]).count_ones()
            + _mm512_reduce_or_epi64(words[1]).count_ones()
    }

    /// [`Wide::scan_bitboard`](super::Wide::scan_bitboard), eight rows a lane at a time.
    ///
    /// A row's rank joins its number (below 64) as the low 6 bits of a key, so that the
    /// least key is the first of the least ranks, the row [`scan_rows`] keeps.
    ///
    /// [`scan_rows`]: super::super::grid::scan_rows
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1")]
    #[inline]
    pub(super) fn scan(
        n: usize,
        blocked: &[u64; 64],
        rows: u64,
        cols: u64,
        sums: (u64, u64),
        ups: (u64, u64),
    ) -> Scan {
        let wide = |w: u64| _mm512_set1_epi64(w as i64);
        let (sums_lo, sums_hi, ups_lo, ups_hi) =
            (wide(sums.0), wide(sums.1), wide(ups.0), wide(ups.1));
        let (cols, last, one) = (wide(cols), wide(n as u64 - 1), wide(1));
        let mut counts = [_mm512_setzero_si512(); 3];
        let mut reach_sums = [_mm512_setzero_si512(); 2];
        let mut reach_ups = [_mm512_setzero_si512(); 2];
        let mut keys = wide(u64::MAX);
        let mut r = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
        for (chunk, closed) in blocked.chunks_exact(8).take(n.div_ceil(8)).enumerate() {
            let open = (rows >> (8 * chunk)) as u8;
            if open != 0 {
                // The up diagonals of row r are read from c − r + n − 1 = c + (last − r).
                let to_last = _mm512_sub_epi64(last, r);
                // SAFETY: `closed` is eight words.
                let closed = unsafe { _mm512_loadu_si512(closed.as_ptr().cast()) };
                let taken = _mm512_or_si512(
                    _mm512_or_si512(closed, window(sums_lo, sums_hi, r)),
                    window(ups_lo, ups_hi, to_last),
                );
                let options = _mm512_maskz_andnot_epi64(open, taken, cols);
                let squares = _mm512_popcnt_epi64(options);
                let few = _mm512_mask_cmple_epu64_mask(open, squares, one);
                if few != 0 {
                    let first = few.trailing_zeros();
                    let none = _mm512_mask_cmpeq_epu64_mask(few, squares, _mm512_setzero_si512());
                    if none >> first & 1 != 0 {
                        return Scan::Dead;
                    }
                    return Scan::Force(rows & !((1 << (8 * chunk as u32 + first)) - 1));
                }
                let carry = _mm512_and_si512(counts[0], options);
                counts[0] = _mm512_xor_si512(counts[0], options);
                counts[2] = _mm512_or_si512(counts[2], _mm512_and_si512(counts[1], carry));
                counts[1] = _mm512_xor_si512(counts[1], carry);
                reach_sums = spread(reach_sums, options, r);
                reach_ups = spread(reach_ups, options, to_last);
                let off_centre = _mm512_abs_epi64(_mm512_sub_epi64(_mm512_add_epi64(r, r), last));
                let rank = _mm512_or_si512(_mm512_slli_epi64::<7>(squares), off_centre);
                let key = _mm512_or_si512(_mm512_slli_epi64::<6>(rank), r);
                keys = _mm512_mask_min_epu64(keys, open, keys, key);
            }
            r = _mm512_add_epi64(r, wide(8));
        }
        let (ones, twos, fours) = fold_counts(counts);
        let key = _mm512_reduce_min_epu64(keys);
        let queens = rows.count_ones();
        Scan::Lines(Lines {
            ones,
            twos,
            fours,
            best: (key & 63) as usize,
            best_rank: (key >> 6) as u32,
            room: set_len(reach_sums) >= queens && set_len(reach_ups) >= queens,
        })
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::grid::{Board, Diagonals, Grid, Portable, Scanner, State};
    use super::*;

    /// Random nodes of every board size: some queens placed, some squares blocked and
    /// some diagonals closed, from empty boards to nearly full ones, so that every
    /// outcome (a row with no square, forced rows, the diagonal count, every rank) and
    /// both diagonal words come up.
    fn nodes<D: Diagonals>(n: usize, rng: &mut ChaCha8Rng) -> Vec<(Grid<D>, State<D>)> {
        (0..120)
            .map(|_| {
                let mut blocked: Vec<(u32, u32)> = (0..rng.random_range(0..=n * n / 2))
                    .map(|_| (rng.random_range(0..n as u32), rng.random_range(0..n as u32)))
                    .collect();
                // A row closed whole now and then, or but for one square.
                if rng.random_ratio(1, 3) {
                    let (r, keep) = (
                        rng.random_range(0..n as u32),
                        rng.random_range(0..=n as u32),
                    );
                    blocked.extend((0..n as u32).filter(|&c| c != keep).map(|c| (r, c)));
                }
                let grid = Grid::<D>::new(n, &blocked);
                let mut s = grid.start();
                for _ in 0..rng.random_range(0..=2 * n / 3) {
                    let (r, c) = (rng.random_range(0..n), rng.random_range(0..n));
                    if grid.row_options(&s, r) >> c & 1 != 0 && Grid::<D>::rows(&s) >> r & 1 != 0 {
                        s = grid.place(s, r, c);
                    }
                }
                // Diagonals closed of one direction, the other or both: enough, now and
                // then, to leave too few for the queens in one direction only.
                let direction = rng.random_range(0..3);
                for _ in 0..rng.random_range(0..=2 * n) {
                    let d = rng.random_range(0..2 * n - 1);
                    s = match direction {
                        0 => grid.exclude_sum(s, d),
                        1 => grid.exclude_difference(s, d),
                        _ if rng.random() => grid.exclude_sum(s, d),
                        _ => grid.exclude_difference(s, d),
                    };
                }
                (grid, s)
            })
            .collect()
    }

    #[test]
    fn the_wide_scan_finds_what_the_portable_one_does() {
        let Some(wide) = Wide::new() else {
            return; // Nothing to compare on this CPU.
        };
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for n in 1..=64 {
            let mut outcomes = [0; 4];
            let mut compare = |a: Scan, b: Scan| {
                assert_eq!(a, b, "n {n}");
                outcomes[match a {
                    Scan::Dead => 0,
                    Scan::Force(_) => 1,
                    Scan::Lines(lines) if lines.room => 2,
                    Scan::Lines(_) => 3,
                }] += 1;
            };
            if n <= 32 {
                for (grid, s) in nodes::<u64>(n, &mut rng) {
                    compare(wide.scan(&grid, &s), Portable.scan(&grid, &s));
                }
            }
            for (grid, s) in nodes::<u128>(n, &mut rng) {
                compare(wide.scan(&grid, &s), Portable.scan(&grid, &s));
            }
            // Every outcome is compared where the board allows it.
            if n >= 8 {
                assert!(outcomes.iter().all(|&k| k > 0), "n {n}: {outcomes:?}");
            }
        }
    }
}
