//! Every solution in lexicographic order from joined halves, a range of first rows at a
//! time.
//!
//! A solution is a top half (its first h = ⌊n/2⌋ rows) on a column set S, for odd n a
//! queen in the middle row, and a bottom half on the columns left: the join the counter
//! runs (`counting/halves/`), here with the pairs themselves. The halves on a set are
//! joined from tables of the placements of a quarter of the board's rows, bucketed by
//! column set, and a set's tops and bottoms are paired with the counter's bit-sliced
//! kernel ([`for_each_pair`]).
//!
//! The join finds the solutions in no useful order, so they are found a *pass* at a time:
//! the solutions whose first three rows lie in a range of three-row prefixes, each as a
//! 64-bit code that sorts as the solutions do. A pass's codes are sorted (a radix sort)
//! and handed on in blocks, in order. A pass holds a bounded number of codes in one list,
//! so memory stays flat whatever the size of the answer and the number of threads; the
//! price is that every pass lists the bottoms of every set its tops can join.

use std::ops::{ControlFlow, Range};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::shared::PerSize;
use crate::cancel::{Cancel, cancelled};
use crate::counting::pairs::{PairScratch, for_each_pair};

/// The smallest board listed this way: below it the search is as fast, and a quarter of
/// the rows is less than the three rows a pass is cut by.
const MIN_N: usize = 12;

/// The largest: a code must fit in 64 bits.
const MAX_N: usize = 17;

/// Whether the board `n` is listed this way.
pub(super) fn lists(n: usize) -> bool {
    (MIN_N..=MAX_N).contains(&n)
}

/// Rows of the prefixes passes are cut by.
const PREFIX_ROWS: usize = 3;

/// Every placement of the first [`PREFIX_ROWS`] rows of an `n × n` board, each as its
/// columns in `w` bits a row, the first row's highest: in lexicographic order, sorted.
fn prefixes(n: usize, w: u32) -> Vec<u64> {
    let mut all = Vec::new();
    crate::bitboard::placements(n, PREFIX_ROWS, |p| {
        all.push(p.iter().fold(0u64, |acc, &c| acc << w | u64::from(c)));
        ControlFlow::Continue(())
    });
    all
}

/// The columns of the prefix `p`, row by row.
fn prefix_columns(p: u64, w: u32) -> impl Iterator<Item = usize> {
    (0..PREFIX_ROWS)
        .map(move |i| (p >> (w as usize * (PREFIX_ROWS - 1 - i))) as usize & ((1 << w) - 1))
}

/// Codes a pass aims to hold: 32 MB. They are sorted in place but for a few buckets at a
/// time.
const PASS_CODES: usize = 1 << 22;

/// How the first passes grow: each may hold `times` the codes of all passes before it,
/// or `from` codes whatever those held.
#[derive(Clone, Copy)]
struct Ramp {
    times: u64,
    from: u64,
}

/// The ramp of a listing of every solution. Passes that grow eightfold from 16,384 codes
/// bring the 10,000th solution of n = 17 in about 50 ms and cost the whole listing no time
/// that could be measured; grown 64-fold from a million codes, the second pass alone held
/// a reader up for 0.25 s.
const RAMP: Ramp = Ramp {
    times: 8,
    from: 1 << 14,
};

/// The ramp of a listing of one solution per class, whose passes hold a fraction of the
/// codes for the same bottoms: there the small passes of [`RAMP`] made the whole listing
/// 6 to 13% slower (n = 15 to 17).
const RAMP_ONE_PER_CLASS: Ramp = Ramp {
    times: 64,
    from: 1 << 20,
};

/// Solutions handed on per block.
const BLOCK: usize = 2048;

/// Codes a thread collects before it hands them over to the pass's list.
const HAND_OVER: usize = 1 << 14;

/// The most threads a window of blocks is sized for.
const WINDOW_THREADS: usize = 8;

/// The bit of each diagonal through square `(row, col)`: sums `row + col` and differences
/// `row − col`, less the four corner diagonals, which hold one square each and so can
/// never hold two queens. 4n − 6 bits: a `u64` up to n = 17.
fn square_key(n: usize, row: usize, col: usize) -> u64 {
    let diagonals = 2 * n - 3;
    let mut key = 0;
    let sum = row + col;
    if (1..=diagonals).contains(&sum) {
        key |= 1 << (sum - 1);
    }
    let difference = row + n - 1 - col;
    if (1..=diagonals).contains(&difference) {
        key |= 1 << (diagonals + difference - 1);
    }
    key
}

/// The placements of a few consecutive rows, bucketed by their column set.
struct Table {
    /// The rows it places queens on.
    rows: Range<usize>,
    /// Where the bucket of each column set (as a bit mask) starts, and one past the end.
    start: Vec<u32>,
    /// Each placement's columns, `w` bits per row, its first row highest.
    cols: Vec<u64>,
    /// Each placement's diagonals ([`square_key`]).
    keys: Vec<u64>,
}

impl Table {
    /// Every placement of queens on `rows` of an `n × n` board, one to a row, column and
    /// diagonal.
    fn new(n: usize, rows: Range<usize>, w: u32) -> Table {
        let mut found = Vec::new();
        let mut stack = vec![(rows.start, 0u32, 0u64, 0u64)];
        while let Some((row, set, cols, key)) = stack.pop() {
            if row == rows.end {
                found.push((set, cols, key));
                continue;
            }
            for col in (0..n).rev() {
                let square = square_key(n, row, col);
                if set >> col & 1 == 0 && key & square == 0 {
                    stack.push((
                        row + 1,
                        set | 1 << col,
                        cols << w | col as u64,
                        key | square,
                    ));
                }
            }
        }
        Table::bucketed(n, rows, found)
    }

    fn bucketed(n: usize, rows: Range<usize>, found: Vec<(u32, u64, u64)>) -> Table {
        let mut start = vec![0u32; (1 << n) + 1];
        for &(set, ..) in &found {
            start[set as usize + 1] += 1;
        }
        for s in 0..1 << n {
            start[s + 1] += start[s];
        }
        let mut next = start.clone();
        let (mut cols, mut keys) = (vec![0; found.len()], vec![0; found.len()]);
        for (set, c, k) in found {
            let at = &mut next[set as usize];
            cols[*at as usize] = c;
            keys[*at as usize] = k;
            *at += 1;
        }
        Table {
            rows,
            start,
            cols,
            keys,
        }
    }

    /// The placements `keep` accepts, given their columns and diagonals.
    fn filtered(&self, keep: impl Fn(u64, u64) -> bool) -> Table {
        let mut found = Vec::new();
        for set in 0..self.start.len() - 1 {
            for i in self.bucket(set as u32) {
                if keep(self.cols[i], self.keys[i]) {
                    found.push((set as u32, self.cols[i], self.keys[i]));
                }
            }
        }
        let n = (self.start.len() - 1).trailing_zeros() as usize;
        Table::bucketed(n, self.rows.clone(), found)
    }

    /// Whether the placement `cols` (`w` bits a row) puts every queen on a column that
    /// `allowed` (a mask per row of the board) allows in its row.
    fn within(&self, cols: u64, w: u32, allowed: &[u32]) -> bool {
        let last = self.rows.end - 1;
        self.rows.clone().all(|row| {
            let col = (cols >> (w as usize * (last - row))) & ((1 << w) - 1);
            allowed[row] >> col & 1 != 0
        })
    }

    fn bucket(&self, set: u32) -> Range<usize> {
        self.start[set as usize] as usize..self.start[set as usize + 1] as usize
    }
}

/// How a solution is written as a code, so that a pass's codes sort as its solutions do.
///
/// Up to n = 16, every column in `w` bits, the first row's highest (*packed*). Above, a
/// pass's solutions share their first queen, which is left out: the top's other columns
/// in `w` bits each, then for odd n the middle queen's rank among the columns the top
/// leaves, then each of the bottom's columns as its rank among the bottom's columns. Below
/// a given top, ranks sort as the columns they stand for.
#[derive(Clone, Copy)]
struct Layout {
    n: usize,
    h: usize,
    w: u32,
    odd: bool,
    packed: bool,
    /// Bits of the middle queen's column or rank (none for even n).
    middle_bits: u32,
    /// Bits of each of the bottom's columns or ranks.
    bottom_w: u32,
}

impl Layout {
    fn new(n: usize) -> Layout {
        let h = n / 2;
        let odd = n % 2 == 1;
        let w = width(n as u32);
        let packed = n as u32 * w <= u64::BITS;
        Layout {
            n,
            h,
            w,
            odd,
            packed,
            middle_bits: match (odd, packed) {
                (false, _) => 0,
                (true, true) => w,
                (true, false) => width(h as u32 + 1),
            },
            bottom_w: if packed { w } else { width(h as u32) },
        }
    }

    /// Bits below the top's columns.
    fn suffix_bits(&self) -> u32 {
        self.middle_bits + self.bottom_w * self.h as u32
    }

    /// Where the columns of the second and third rows lie in a code: `2w` bits from
    /// here, the second row's highest.
    fn prefix_shift(&self) -> u32 {
        if self.packed {
            self.w * (self.n as u32 - 3)
        } else {
            self.suffix_bits() + self.w * (self.h as u32 - 3)
        }
    }

    /// The top's part of a code, from its columns.
    fn top(&self, cols: u64) -> u64 {
        let kept = if self.packed { self.h } else { self.h - 1 };
        (cols & ((1 << (self.w as usize * kept)) - 1)) << self.suffix_bits()
    }

    /// The middle queen's part of a code, on column `m` above the bottom's `set`.
    fn middle(&self, m: u32, set: u32) -> u64 {
        let part = if self.packed {
            m
        } else {
            (set & ((1 << m) - 1)).count_ones()
        };
        u64::from(part) << (self.bottom_w * self.h as u32)
    }

    /// The bottom's part of a code, from its columns; `rank[c]` is column c's rank among
    /// the bottom's.
    #[inline(always)]
    fn bottom(&self, cols: u64, rank: &[u8; 32]) -> u64 {
        if self.packed {
            return cols;
        }
        let w = self.w as usize;
        (0..self.h).fold(0, |code, i| {
            let col = (cols >> (w * (self.h - 1 - i))) as usize & ((1 << w) - 1);
            code << self.bottom_w | u64::from(rank[col])
        })
    }

    /// How many of `codes`, of one first column, lie under each prefix: indexed by the
    /// columns of the second and third rows, `w` bits each.
    fn under_prefixes(&self, codes: &[u64]) -> Vec<u32> {
        let w = self.w;
        let mut counts = vec![0u32; 1 << (2 * w)];
        let shift = self.prefix_shift();
        for &code in codes {
            counts[(code >> shift) as usize & ((1 << (2 * w)) - 1)] += 1;
        }
        counts
    }

    /// Writes the columns of each of `codes`, solutions whose first queen is in column
    /// `first`, to `out`, `n` a code.
    fn decode(&self, codes: &[u64], first: u32, out: &mut [u32]) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::has(crate::cpu::Feature::Bmi2) {
            // SAFETY: the running CPU has the feature (`cpu::has`).
            return unsafe { self.decode_bmi2(codes, first, out) };
        }
        for (&code, out) in codes.iter().zip(out.chunks_exact_mut(self.n)) {
            self.decode_one(code, first, out, select);
        }
    }

    /// The same, each rank's column found by `pdep`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn decode_bmi2(&self, codes: &[u64], first: u32, out: &mut [u32]) {
        let select =
            |set: u32, rank: u32| std::arch::x86_64::_pdep_u32(1 << rank, set).trailing_zeros();
        for (&code, out) in codes.iter().zip(out.chunks_exact_mut(self.n)) {
            self.decode_one(code, first, out, select);
        }
    }

    #[inline(always)]
    fn decode_one(&self, code: u64, first: u32, out: &mut [u32], select: impl Fn(u32, u32) -> u32) {
        let (n, h, w) = (self.n, self.h, self.w as usize);
        let field = |at: u32, bits: u32| (code >> at) as u32 & ((1 << bits) - 1);
        if self.packed {
            for (i, slot) in out[..n].iter_mut().enumerate() {
                *slot = field((w * (n - 1 - i)) as u32, w as u32);
            }
            return;
        }
        let suffix = self.suffix_bits();
        out[0] = first;
        let mut set = 1 << first;
        for (i, slot) in out[1..h].iter_mut().enumerate() {
            let col = field(suffix + (w * (h - 2 - i)) as u32, w as u32);
            *slot = col;
            set |= 1 << col;
        }
        let mut free = ((1u64 << n) - 1) as u32 & !set;
        let mut at = h;
        let bottom_bits = self.bottom_w * h as u32;
        if self.odd {
            let col = select(free, field(bottom_bits, self.middle_bits));
            out[h] = col;
            free ^= 1 << col;
            at += 1;
        }
        for (i, slot) in out[at..].iter_mut().enumerate() {
            *slot = select(
                free,
                field(self.bottom_w * (h - 1 - i) as u32, self.bottom_w),
            );
        }
    }
}

/// Bits for a rank among `k` choices.
fn width(k: u32) -> u32 {
    u32::BITS - k.saturating_sub(1).leading_zeros()
}

/// The column of the `rank`-th set bit of `set`, counting from 0.
fn select(set: u32, rank: u32) -> u32 {
    let mut rest = set;
    for _ in 0..rank {
        rest &= rest - 1;
    }
    rest.trailing_zeros()
}

/// The tables every pass joins: a top half is the placements of its first `a` rows and
/// of its other `h − a`, a bottom half likewise.
struct Quarters {
    layout: Layout,
    a: usize,
    upper: [Table; 2],
    lower: [Table; 2],
    /// Every set of `a` of `h` places, as a mask of places.
    splits: Vec<u32>,
    /// Every set of `a − 1` of `h − 1` places.
    splits_holding: Vec<u32>,
    /// Every set of `h` columns: the bottoms' sets.
    sets: Vec<u32>,
}

/// The halves on one set, with their columns and diagonals.
#[derive(Default)]
struct Halves {
    cols: Vec<u64>,
    keys: Vec<u64>,
}

impl Halves {
    fn clear(&mut self) {
        self.cols.clear();
        self.keys.clear();
    }
}

/// What one thread keeps from pass to pass.
#[derive(Default)]
struct Worker {
    /// Codes found and not yet handed over to the pass's list.
    codes: Vec<u64>,
    tops: Halves,
    bottoms: Halves,
    /// The tops above a bottom set, with their middle queens: codes and diagonals.
    uppers: Vec<u64>,
    upper_keys: Vec<u64>,
    scratch: PairScratch,
}

impl Quarters {
    fn new(n: usize) -> Quarters {
        let layout = Layout::new(n);
        let (h, w) = (layout.h, layout.w);
        let a = h / 2;
        let low = n - h;
        let subsets = |of: usize, k: usize| -> Vec<u32> {
            (0u32..1 << of)
                .filter(|s| s.count_ones() as usize == k)
                .collect()
        };
        Quarters {
            layout,
            a,
            upper: [Table::new(n, 0..a, w), Table::new(n, a..h, w)],
            lower: [Table::new(n, low..low + a, w), Table::new(n, low + a..n, w)],
            splits: subsets(h, a),
            splits_holding: subsets(h - 1, a - 1),
            sets: subsets(n, h),
        }
    }

    /// The tables of `n`, built once and shared by every listing of the size
    /// ([`PerSize`]).
    fn shared(n: usize) -> Arc<Quarters> {
        static TABLES: PerSize<Quarters> = PerSize::new();
        TABLES
            .get(n, |n| Some(Quarters::new(n)))
            .expect("every size has its tables")
    }

    /// Appends every half on `set` joined from `first` (the placements of its first `a`
    /// rows) and `second`, whose diagonals miss `avoid`.
    fn halves(&self, first: &Table, second: &Table, set: u32, avoid: u64, out: &mut Halves) {
        self.halves_holding(first, second, set, 0, avoid, out);
    }

    /// [`Quarters::halves`] whose first `a` rows hold the column `holding` (a mask of one
    /// column, or none).
    fn halves_holding(
        &self,
        first: &Table,
        second: &Table,
        set: u32,
        holding: u32,
        avoid: u64,
        out: &mut Halves,
    ) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::has(crate::cpu::Feature::Avx512)
            && crate::cpu::has(crate::cpu::Feature::Bmi2)
        {
            // SAFETY: the running CPU has the features (`cpu::has`).
            return unsafe { self.halves_avx512([first, second], set, holding, avoid, out) };
        }
        self.halves_with(
            [first, second],
            set,
            holding,
            avoid,
            out,
            (deposit, pair_any),
        );
    }

    /// The same, eight pairs at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,popcnt,bmi2")]
    fn halves_avx512(
        &self,
        tables: [&Table; 2],
        set: u32,
        holding: u32,
        avoid: u64,
        out: &mut Halves,
    ) {
        self.halves_with(
            tables,
            set,
            holding,
            avoid,
            out,
            (
                |places, set| std::arch::x86_64::_pdep_u32(places, set),
                |k, h, a, ks: &[u64], cs: &[u64], o: &mut Halves| pair_avx512(k, h, a, ks, cs, o),
            ),
        );
    }

    #[inline(always)]
    fn halves_with(
        &self,
        [first, second]: [&Table; 2],
        set: u32,
        holding: u32,
        avoid: u64,
        out: &mut Halves,
        (deposit, pair): (
            impl Fn(u32, u32) -> u32,
            impl Fn(u64, u64, u64, &[u64], &[u64], &mut Halves),
        ),
    ) {
        let shift = self.layout.w as usize * (self.layout.h - self.a);
        let splits = if holding == 0 {
            &self.splits
        } else {
            &self.splits_holding
        };
        for &split in splits {
            let s1 = deposit(split, set ^ holding) | holding;
            let ones = first.bucket(s1);
            if ones.is_empty() {
                continue;
            }
            let twos = second.bucket(set ^ s1);
            let (keys, cols) = (&second.keys[twos.clone()], &second.cols[twos]);
            // Room for every pair, and a register's overhang.
            out.keys.reserve(ones.len() * keys.len() + 8);
            out.cols.reserve(ones.len() * keys.len() + 8);
            for i in ones {
                let key = first.keys[i];
                if key & avoid == 0 {
                    pair(key, first.cols[i] << shift, avoid, keys, cols, out);
                }
            }
        }
    }

    /// Appends to `worker.codes` every solution whose bottom is on `set` and whose top's
    /// first rows lie in `pass`.
    fn join(&self, pass: &Pass, set: u32, worker: &mut Worker) {
        let layout = self.layout;
        let full = ((1u64 << layout.n) - 1) as u32;
        let left = full ^ set;
        let holding = 1 << pass.first_column;
        if set & holding != 0 {
            return;
        }
        // Every top of the pass above this bottom set, with its middle queen: its code
        // above the bottom's, and its diagonals and the middle queen's, so that a bottom
        // clear of them is clear of both.
        worker.uppers.clear();
        worker.upper_keys.clear();
        let middles = match layout.odd {
            true => left & !holding,
            false => 0,
        };
        for middle in (0..layout.n as u32)
            .filter(|&m| middles >> m & 1 != 0)
            .map(Some)
            .chain((!layout.odd).then_some(None))
        {
            let (top_set, avoid, rank) = match middle {
                Some(m) => (
                    left ^ 1 << m,
                    square_key(layout.n, layout.h, m as usize),
                    layout.middle(m, set),
                ),
                None => (left, 0, 0),
            };
            worker.tops.clear();
            self.halves(&pass.first, &pass.second, top_set, avoid, &mut worker.tops);
            worker
                .uppers
                .extend(worker.tops.cols.iter().map(|&c| layout.top(c) | rank));
            worker
                .upper_keys
                .extend(worker.tops.keys.iter().map(|&k| k | avoid));
        }
        if worker.uppers.is_empty() {
            return;
        }
        worker.bottoms.clear();
        self.halves(&pass.lower[0], &pass.lower[1], set, 0, &mut worker.bottoms);
        let Worker {
            codes,
            uppers,
            upper_keys,
            bottoms,
            scratch,
            ..
        } = worker;
        let mut rank = [0u8; 32];
        let mut rest = set;
        for r in 0..layout.h as u8 {
            rank[rest.trailing_zeros() as usize] = r;
            rest &= rest - 1;
        }
        let code = |u: usize, b: usize| uppers[u] | layout.bottom(bottoms.cols[b], &rank);
        // The shorter list is the one bit-sliced.
        if upper_keys.len() <= bottoms.keys.len() {
            for_each_pair(scratch, upper_keys, &bottoms.keys, |u, b| {
                codes.push(code(u, b))
            });
        } else {
            for_each_pair(scratch, &bottoms.keys, upper_keys, |b, u| {
                codes.push(code(u, b))
            });
        }
    }
}

/// Appends the halves of the placement `key`, `high` (its columns, shifted into place)
/// and each of `keys`, `cols` that is clear of it and of `avoid`; `out` has room for all
/// of them.
#[inline(always)]
fn pair_any(key: u64, high: u64, avoid: u64, keys: &[u64], cols: &[u64], out: &mut Halves) {
    // Every pair is written and the clear ones kept: no branch to mispredict.
    let len = out.keys.len();
    let (to_keys, to_cols) = (out.keys.spare_capacity_mut(), out.cols.spare_capacity_mut());
    let mut kept = 0;
    for (&k, &c) in keys.iter().zip(cols) {
        to_keys[kept].write(key | k);
        to_cols[kept].write(high | c);
        kept += usize::from((key | avoid) & k == 0);
    }
    // SAFETY: the first `kept` spare slots of each were written above.
    unsafe {
        out.keys.set_len(len + kept);
        out.cols.set_len(len + kept);
    }
}

/// The same, eight at a time: the clear ones compressed in a register and the whole
/// register stored, as the counter's join of placements does (a compressing store to
/// memory is microcoded on AMD's Zen 4). `out` has room for a register past them.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,popcnt")]
#[inline]
fn pair_avx512(key: u64, high: u64, avoid: u64, keys: &[u64], cols: &[u64], out: &mut Halves) {
    use std::arch::x86_64::{
        __m512i, _mm512_mask_testn_epi64_mask, _mm512_maskz_compress_epi64,
        _mm512_maskz_loadu_epi64, _mm512_or_si512, _mm512_set1_epi64, _mm512_storeu_si512,
    };
    let len = out.keys.len();
    assert!(
        out.keys.capacity() - len >= keys.len() + 8 && out.cols.capacity() - len >= keys.len() + 8
    );
    let (to_keys, to_cols) = (out.keys.as_mut_ptr(), out.cols.as_mut_ptr());
    let (both, key, high) = (
        _mm512_set1_epi64((key | avoid) as i64),
        _mm512_set1_epi64(key as i64),
        _mm512_set1_epi64(high as i64),
    );
    let mut kept = 0;
    // SAFETY: the loads read only lanes within the slices; the stores write 8 lanes from
    // `len + kept`, within the room asserted above (`kept ≤ at`).
    let step = |at: usize, lanes: u8| unsafe {
        let k = _mm512_maskz_loadu_epi64(lanes, keys.as_ptr().add(at).cast());
        let c = _mm512_maskz_loadu_epi64(lanes, cols.as_ptr().add(at).cast());
        let clear = _mm512_mask_testn_epi64_mask(lanes, k, both);
        _mm512_storeu_si512(
            to_keys.add(len + kept).cast::<__m512i>(),
            _mm512_maskz_compress_epi64(clear, _mm512_or_si512(k, key)),
        );
        _mm512_storeu_si512(
            to_cols.add(len + kept).cast::<__m512i>(),
            _mm512_maskz_compress_epi64(clear, _mm512_or_si512(c, high)),
        );
        kept += clear.count_ones() as usize;
    };
    crate::cpu::by_registers(keys.len(), step);
    // SAFETY: the first `kept` slots past `len` were written above.
    unsafe {
        out.keys.set_len(len + kept);
        out.cols.set_len(len + kept);
    }
}

/// The bits of `set` picked by `places`: the `i`-th lowest bit of `set` where `places`
/// has bit `i`.
fn deposit(places: u32, set: u32) -> u32 {
    let mut out = 0;
    let mut rest = set;
    let mut i = 0;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if places >> i & 1 != 0 {
            out |= low;
        }
        rest ^= low;
        i += 1;
    }
    out
}

/// The columns each row may hold, as a mask per row, in the smallest image of a symmetry
/// class whose first queen is in column `c` (at most
/// [`super::UniqueSolutions::max_first`]).
///
/// The eight images of a solution start with the distances of the queens on the board's
/// four edges from the corners: the first row's queen from either end, the last row's,
/// and the rows of the queens of the first and last columns from either end. The smallest
/// image starts with the least of them, so no edge queen of it lies closer than `c` to a
/// corner. This prunes the tables, not the solutions: which image of those left is the
/// smallest is still tested solution by solution. The middle row is never restricted.
fn smallest_images(n: usize, c: u32) -> Vec<u32> {
    let (c, full) = (c as usize, ((1u64 << n) - 1) as u32);
    let edges = 1 | 1 << (n - 1);
    let mut allowed: Vec<u32> = (0..n)
        .map(|row| match row < c || row > n - 1 - c {
            true => full & !edges,
            false => full,
        })
        .collect();
    allowed[0] = full;
    allowed[n - 1] &= full >> c & full << c;
    allowed
}

/// What the passes so far tell of the solutions under each prefix, to cut the next pass
/// near [`PASS_CODES`].
#[derive(Clone)]
struct Estimates {
    w: u32,
    /// Every prefix, in order: [`prefixes`].
    prefixes: Vec<u64>,
    /// Codes listed under each prefix, once a pass has covered it.
    listed: Vec<Option<u32>>,
    /// Each prefix's mirror image (column c → n − 1 − c), under which lie the mirror
    /// images of its solutions; none where a pass lists fewer than every solution.
    mirror: Option<Vec<usize>>,
    /// Codes and prefixes listed so far in each first column.
    columns: Vec<(u64, usize)>,
    ramp: Ramp,
}

impl Estimates {
    fn new(n: usize, w: u32, prefixes: Vec<u64>, unique: bool) -> Estimates {
        let mirror = (!unique).then(|| {
            let flip =
                |p: u64| prefix_columns(p, w).fold(0, |acc, col| acc << w | (n - 1 - col) as u64);
            prefixes
                .iter()
                .map(|&p| {
                    prefixes
                        .binary_search(&flip(p))
                        .expect("the mirror image of a placement is a placement")
                })
                .collect()
        });
        Estimates {
            w,
            listed: vec![None; prefixes.len()],
            prefixes,
            mirror,
            columns: vec![(0, 0); n],
            ramp: if unique { RAMP_ONE_PER_CLASS } else { RAMP },
        }
    }

    /// The end of the next pass, from `range.start` within the prefixes `range` of first
    /// column `c`: the pieces the column has left are cut to about the same size, each
    /// about [`PASS_CODES`] at most.
    fn cut(&self, range: Range<usize>, c: usize) -> usize {
        // The first pass is one prefix, so that the first solutions come at once.
        if self.columns.iter().all(|&(_, seen)| seen == 0) {
            return range.start + 1;
        }
        let guess = self.column_guess(c);
        let each = |i: usize| {
            self.mirror
                .as_ref()
                .and_then(|m| self.listed[m[i]])
                .map_or(guess, f64::from)
        };
        let total: f64 = range.clone().map(each).sum();
        // An eighth over the aim is not worth a pass more.
        let even = total / (total / (1.125 * PASS_CODES as f64)).ceil().max(1.0);
        // The first passes grow from the first prefix's size ([`Ramp`]), so that a
        // consumer who wants a few thousand solutions is not kept waiting on a whole first
        // column of a large board.
        let so_far: u64 = self.columns.iter().map(|&(codes, _)| codes).sum();
        let Ramp { times, from } = self.ramp;
        let target = even.min((times * so_far).max(from) as f64);
        let mut sum = 0.0;
        let mut to = range.start;
        while to < range.end {
            let more = each(to);
            if to > range.start && sum + more / 2.0 > target {
                break;
            }
            sum += more;
            to += 1;
        }
        to
    }

    /// Codes a prefix of column `c` holds, judged from the columns before it: the last
    /// one's density, grown as it grew from the one before (or by a quarter, with only one
    /// before it), never shrunk.
    fn column_guess(&self, c: usize) -> f64 {
        let density = |c: usize| {
            let (codes, seen) = self.columns[c];
            (seen > 0).then(|| codes as f64 / seen as f64)
        };
        let last = c.checked_sub(1).and_then(density);
        let before = c.checked_sub(2).and_then(density);
        match (last, before) {
            (Some(d1), Some(d2)) if d2 > 0.0 => d1 * (d1 / d2).max(1.0),
            (Some(d1), _) => d1 * 1.25,
            // The first column, after its first prefix.
            (None, _) => density(c).unwrap_or(0.0) * 1.25,
        }
    }

    /// Takes note of a pass over the prefixes `range` of first column `c`, which listed
    /// `counts` codes under each pair of second and third columns.
    fn record(&mut self, range: Range<usize>, c: usize, counts: &[u32]) {
        let low = (1 << (2 * self.w)) - 1;
        for i in range {
            let under = counts[(self.prefixes[i] & low) as usize];
            self.listed[i] = Some(under);
            self.columns[c].0 += u64::from(under);
            self.columns[c].1 += 1;
        }
    }
}

/// The solutions of one pass: those whose first three rows are one of a range of prefixes.
struct Pass {
    /// The column of the first queen of every solution of the pass.
    first_column: u32,
    /// The placements of the tops' first rows that start with a prefix of the range: the
    /// first of `upper`, filtered.
    first: Table,
    /// The tops' other rows: the second of `upper`, less the placements on a diagonal
    /// every prefix of the range holds.
    second: Table,
    /// The bottoms' quarters, less the placements on a diagonal every prefix of the range
    /// holds.
    lower: [Table; 2],
}

impl Pass {
    /// The pass over `prefixes`, consecutive prefixes of first column `c`; with `unique`,
    /// of the smallest images of their classes only.
    fn new(quarters: &Quarters, prefixes: &[u64], c: usize, unique: bool) -> Pass {
        let Layout { n, w, .. } = quarters.layout;
        let range = prefixes[0]..=prefixes[prefixes.len() - 1];
        let below = (quarters.a - PREFIX_ROWS) * w as usize;
        let allowed = unique.then(|| smallest_images(n, c as u32));
        let within = |t: &Table, cols| allowed.as_deref().is_none_or(|a| t.within(cols, w, a));
        let [upper, second] = &quarters.upper;
        let first =
            upper.filtered(|cols, _| range.contains(&(cols >> below)) && within(upper, cols));
        // The diagonals every prefix of the pass holds.
        let common = prefixes.iter().fold(!0u64, |acc, &p| {
            acc & prefix_columns(p, w)
                .enumerate()
                .fold(0, |k, (row, col)| k | square_key(n, row, col))
        });
        let second = second.filtered(|cols, key| key & common == 0 && within(second, cols));
        let lower = quarters
            .lower
            .each_ref()
            .map(|t| t.filtered(|cols, key| key & common == 0 && within(t, cols)));
        Pass {
            first_column: c as u32,
            first,
            second,
            lower,
        }
    }
}

/// A listing's passes, one after another: the tables they join, what the passes so far
/// tell of the next one's size, and the one list of the pass's codes. The passes run on
/// the rayon pool of the thread that asks for them.
pub(super) struct Passes {
    quarters: Arc<Quarters>,
    estimates: Estimates,
    unique: bool,
    /// The next pass's first prefix.
    from: usize,
    /// One past the last prefix to list.
    end: usize,
    /// One per thread of the pool the passes were made on; a thread of another pool takes
    /// the one of its index modulo their number.
    workers: Vec<Mutex<Worker>>,
    /// The last pass's codes, sorted. One list, whatever the number of threads, with room
    /// for twice a pass's codes so that it never moves as it grows: only the pages it
    /// fills are memory.
    codes: Mutex<Vec<u64>>,
}

impl Passes {
    /// The passes over the solutions of `n` (`MIN_N ≤ n ≤ MAX_N`) whose first queen
    /// stands in one of `columns`; with `unique`, the smallest images of their classes
    /// only, with a worker for each thread of the current rayon pool.
    fn new(n: usize, columns: Range<u32>, unique: bool) -> Passes {
        let quarters = Quarters::shared(n);
        let w = quarters.layout.w;
        let prefixes = prefixes(n, w);
        let first_column = |p: u64| (p >> (2 * w as usize)) as u32;
        let from = prefixes.partition_point(|&p| first_column(p) < columns.start);
        let end = prefixes
            .partition_point(|&p| first_column(p) < columns.end)
            .max(from);
        Passes {
            quarters,
            estimates: Estimates::new(n, w, prefixes, unique),
            unique,
            from,
            end,
            workers: (0..rayon::current_num_threads())
                .map(|_| Mutex::default())
                .collect(),
            codes: Mutex::new(Vec::with_capacity(2 * PASS_CODES)),
        }
    }

    fn layout(&self) -> &Layout {
        &self.quarters.layout
    }

    /// The last pass's codes, sorted.
    fn codes(&mut self) -> &[u64] {
        self.codes.get_mut().expect("no thread panics holding it")
    }

    /// Lists the next pass on the current rayon pool: the column of its first queen, its
    /// codes then sorted in [`Passes::codes`]; `None` after the last. Once `cancel` is
    /// cancelled the pass joins no more sets, and its codes are not the pass's.
    fn advance(&mut self, cancel: Option<&Cancel>) -> Option<u32> {
        let Passes {
            quarters,
            estimates,
            unique,
            from,
            end,
            workers,
            codes,
        } = self;
        let (n, w) = (quarters.layout.n, quarters.layout.w);
        codes
            .get_mut()
            .expect("no thread panics holding it")
            .clear();
        let prefixes = &estimates.prefixes;
        let first_column = |p: u64| (p >> (2 * w as usize)) as usize;
        let c = first_column(*prefixes.get(*from..*end)?.first()?);
        if *unique && c > super::UniqueSolutions::max_first(n) as usize {
            *from = *end;
            return None;
        }
        // A pass never spans two first columns: its tops then share their first queen,
        // whose diagonals every bottom it joins must miss.
        let column_end = *from + prefixes[*from..*end].partition_point(|&p| first_column(p) == c);
        let to = estimates.cut(*from..column_end, c);
        let pass = Pass::new(quarters, &estimates.prefixes[*from..to], c, *unique);
        let list = &*codes;
        let hand_over = |found: &mut Vec<u64>| {
            list.lock()
                .expect("no thread panics holding it")
                .extend_from_slice(found);
            found.clear();
        };
        quarters.sets.par_iter().with_min_len(16).for_each(|&set| {
            if cancelled(cancel) {
                return;
            }
            let me = rayon::current_thread_index().unwrap_or(0) % workers.len();
            let mut worker = workers[me]
                .lock()
                .expect("a worker never panics holding it");
            quarters.join(&pass, set, &mut worker);
            if worker.codes.len() >= HAND_OVER {
                hand_over(&mut worker.codes);
            }
        });
        for worker in workers.iter_mut() {
            hand_over(&mut worker.get_mut().expect("not poisoned").codes);
        }
        let layout = quarters.layout;
        let codes = codes.get_mut().expect("not poisoned");
        sort(codes, layout.prefix_shift(), 2 * layout.w);
        let counts = codes
            .par_chunks(1 << 16)
            .map(|codes| layout.under_prefixes(codes))
            .reduce_with(|mut a, b| {
                a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
                a
            })
            .unwrap_or_else(|| layout.under_prefixes(&[]));
        estimates.record(*from..to, c, &counts);
        *from = to;
        Some(c as u32)
    }
}

impl Clone for Passes {
    /// The same passes from the same point on, with workers of their own.
    fn clone(&self) -> Passes {
        Passes {
            quarters: Arc::clone(&self.quarters),
            estimates: self.estimates.clone(),
            unique: self.unique,
            from: self.from,
            end: self.end,
            workers: self.workers.iter().map(|_| Mutex::default()).collect(),
            codes: Mutex::new(self.codes.lock().expect("not poisoned").clone()),
        }
    }
}

/// Lists the solutions of `n` (`MIN_N ≤ n ≤ MAX_N`) whose first queen stands in one of
/// `columns` in lexicographic order, in blocks, as [`super::Solutions::for_each_block`]
/// does, on `threads` threads, until `cancel` is cancelled: then within the join of a set
/// or the rendering of a window of blocks.
pub(super) fn for_each_block<T: Send, B>(
    n: usize,
    (columns, threads): (Range<u32>, usize),
    (unique, cancel): (bool, Option<&Cancel>),
    map: &(impl Fn(&[u32]) -> T + Sync),
    consume: &mut impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, crate::Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| crate::Error::Threads(crate::error::Cause::new(e)))?;
    let mut passes = pool.install(|| Passes::new(n, columns, unique));
    let layout = *passes.layout();
    while let Some(first) = pool.install(|| passes.advance(cancel)) {
        if cancelled(cancel) {
            // The pass may have stopped short of some of its sets.
            return Err(crate::Error::Cancelled);
        }
        let handed = hand_on(
            &layout,
            &pool,
            passes.codes(),
            (first, unique, cancel),
            map,
            consume,
        )?;
        if let Some(b) = handed {
            return Ok(Some(b));
        }
    }
    Ok(None)
}

/// Every solution of a board from [`MIN_N`] to [`MAX_N`] (or those of one first column),
/// pulled a block at a time: the pass is listed on the rayon pool of the thread that
/// pulls, and its codes are decoded on that thread as they are asked for.
#[derive(Clone)]
pub(super) struct Cursor {
    passes: Passes,
    /// The column of the pass's first queen.
    first: u32,
    /// The pass's next code to decode.
    at: usize,
    test: crate::symmetry::CanonicalTest,
}

impl Cursor {
    /// The solutions of `n`, or with `first` those whose first queen is in that column;
    /// with `unique`, one per class, the smallest image.
    pub(super) fn new(n: usize, first: Option<u32>, unique: bool) -> Cursor {
        Cursor {
            passes: Passes::new(n, first.map_or(0..n as u32, |c| c..c + 1), unique),
            first: 0,
            at: 0,
            test: Default::default(),
        }
    }

    /// Whether it lists the smallest image of each class only.
    pub(super) fn one_per_class(&self) -> bool {
        self.passes.unique
    }

    /// Appends the next solutions to `out`, `n` columns each, until it holds at least
    /// `until` columns: false once there are no more.
    pub(super) fn fill(&mut self, out: &mut Vec<u32>, until: usize) -> bool {
        let (layout, unique) = (*self.passes.layout(), self.passes.unique);
        while out.len() < until {
            let codes = self.passes.codes();
            if self.at == codes.len() {
                // Past the last pass the list stays empty, and so does every later read.
                self.at = 0;
                match self.passes.advance(None) {
                    Some(first) => self.first = first,
                    None => return false,
                }
                continue;
            }
            let block = &codes[self.at..codes.len().min(self.at + BLOCK)];
            self.at += block.len();
            decode(
                &layout,
                block,
                self.first,
                unique.then_some(&mut self.test),
                out,
            );
        }
        true
    }
}

impl std::fmt::Debug for Cursor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cursor")
            .field("n", &self.passes.layout().n)
            .field("unique", &self.passes.unique)
            .field("next_prefix", &self.passes.from)
            .field("first", &self.first)
            .field("at", &self.at)
            .finish_non_exhaustive()
    }
}

/// Appends the solutions of `codes`, whose first queen is in column `first`, to `out`,
/// `n` columns each; with a class test, only the smallest images of their classes.
fn decode(
    layout: &Layout,
    codes: &[u64],
    first: u32,
    test: Option<&mut crate::symmetry::CanonicalTest>,
    out: &mut Vec<u32>,
) {
    let n = layout.n;
    let start = out.len();
    out.resize(start + codes.len() * n, 0);
    layout.decode(codes, first, &mut out[start..]);
    if let Some(test) = test {
        test.retain_smallest(out, start, n, |_| false);
    }
}

/// Sorts `codes`: split in place by the `bits` bits from `shift` on (the second and third
/// rows' columns: the pass's first is the same for all), then each part by a radix sort
/// on the pool, which needs room for a part rather than all of them: small parts keep
/// that room, and each sort, within the cache.
fn sort(codes: &mut [u64], shift: u32, bits: u32) {
    let digit = |code: u64| (code >> shift) as usize & ((1 << bits) - 1);
    let mut start = vec![0usize; (1 << bits) + 1];
    for &code in codes.iter() {
        start[digit(code) + 1] += 1;
    }
    for d in 0..1 << bits {
        start[d + 1] += start[d];
    }
    // Each code is swapped into the next free place of its part until the part under
    // the cursor holds its own (an American flag sort's pass).
    let mut next = start.clone();
    for d in 0..1 << bits {
        while next[d] < start[d + 1] {
            let code = codes[next[d]];
            let home = digit(code);
            if home == d {
                next[d] += 1;
            } else {
                codes.swap(next[d], next[home]);
                next[home] += 1;
            }
        }
    }
    let mut parts = Vec::with_capacity(1 << bits);
    let mut rest = codes;
    for d in 0..1 << bits {
        let (part, after) = rest.split_at_mut(start[d + 1] - start[d]);
        parts.push(part);
        rest = after;
    }
    parts.into_par_iter().for_each(radsort::sort);
}

/// Hands the sorted `codes` on in blocks, rendered on the pool a window at a time, until
/// `cancel` is cancelled.
fn hand_on<T: Send, B>(
    layout: &Layout,
    pool: &rayon::ThreadPool,
    codes: &[u64],
    (first, unique, cancel): (u32, bool, Option<&Cancel>),
    map: &(impl Fn(&[u32]) -> T + Sync),
    consume: &mut impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, crate::Error> {
    let n = layout.n;
    // Blocks enough to keep every thread busy, but no more than a few megabytes of
    // columns and rendered bytes in flight, whatever the number of threads.
    let window = BLOCK * 4 * pool.current_num_threads().min(WINDOW_THREADS);
    for window in codes.chunks(window) {
        if cancelled(cancel) {
            return Err(crate::Error::Cancelled);
        }
        let blocks: Vec<Option<(Vec<u32>, T)>> = pool.install(|| {
            window
                .par_chunks(BLOCK)
                .map(|codes| {
                    let mut cols = Vec::with_capacity(codes.len() * n);
                    let mut test = crate::symmetry::CanonicalTest::default();
                    decode(layout, codes, first, unique.then_some(&mut test), &mut cols);
                    (!cols.is_empty()).then(|| {
                        let made = map(&cols);
                        (cols, made)
                    })
                })
                .collect()
        });
        for (cols, made) in blocks.into_iter().flatten() {
            if let ControlFlow::Break(b) = consume(&cols, made) {
                return Ok(Some(b));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::enumerate::{Solutions, UniqueSolutions, bottoms};

    fn listed(n: usize, threads: usize) -> Vec<u32> {
        listed_of(n, threads, false)
    }

    /// The solutions below `prefix` by the search, or with `unique` the smallest images
    /// of their classes.
    fn searched(n: usize, prefix: &[u32], unique: bool) -> Vec<u32> {
        let table = bottoms::shared(n);
        let mut all = Vec::new();
        if unique {
            let mut reps = UniqueSolutions::below(n, prefix, table);
            while let Some(c) = reps.next_columns() {
                all.extend_from_slice(c);
            }
        } else {
            let mut every = Solutions::below(n, prefix, table);
            while let Some(c) = every.next_columns() {
                all.extend_from_slice(c);
            }
        }
        all
    }

    fn listed_of(n: usize, threads: usize, unique: bool) -> Vec<u32> {
        let mut all = Vec::new();
        for_each_block(
            n,
            (0..n as u32, threads),
            (unique, None),
            &|_: &[u32]| (),
            &mut |block: &[u32], ()| {
                all.extend_from_slice(block);
                ControlFlow::<()>::Continue(())
            },
        )
        .unwrap();
        all
    }

    #[test]
    fn passes_are_cut_by_the_counts_under_the_mirror_images() {
        let n = 12;
        let w = width(n as u32);
        let prefixes = prefixes(n, w);
        let column = |c: u64| {
            let at = |c: u64| prefixes.partition_point(|&p| p >> (2 * w) < c);
            at(c)..at(c + 1)
        };
        let mut estimates = Estimates::new(n, w, prefixes.clone(), false);
        let first = column(0);
        assert_eq!(
            estimates.cut(first.clone(), 0),
            1,
            "the first pass is one prefix"
        );
        // Every prefix of the first column held a tenth of a pass.
        let tenth = PASS_CODES as u32 / 10;
        estimates.record(first.clone(), 0, &vec![tenth; 1 << (2 * w)]);
        let last = column(n as u64 - 1);
        let mut pieces = Vec::new();
        let mut from = last.start;
        while from < last.end {
            let to = estimates.cut(from..last.end, n - 1);
            assert!(to > from);
            pieces.push(to - from);
            from = to;
        }
        let passes = (first.len() as f64 / 10.0 / 1.125).ceil() as usize;
        assert_eq!(pieces.len(), passes, "{pieces:?}");
        let (least, most) = (pieces.iter().min().unwrap(), pieces.iter().max().unwrap());
        assert!(most - least <= 1, "evenly cut: {pieces:?}");
    }

    #[test]
    fn the_join_lists_what_the_search_lists_in_order() {
        for n in [12, 13, 14, 15] {
            let expected = searched(n, &[], false);
            for threads in [1, 2] {
                assert_eq!(listed(n, threads), expected, "n = {n}, {threads} threads");
            }
        }
    }

    #[test]
    fn one_per_class_is_what_the_search_lists_in_order() {
        for n in [12, 13, 14] {
            let expected = searched(n, &[], true);
            for threads in [1, 3] {
                assert_eq!(
                    listed_of(n, threads, true),
                    expected,
                    "n = {n}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn the_pulled_solutions_are_the_searched_ones_whatever_the_reads() {
        for (n, unique) in [(12, false), (13, false), (12, true), (13, true)] {
            let expected = searched(n, &[], unique);
            let mut cursor = Cursor::new(n, None, unique);
            let mut got = Vec::new();
            // Reads of every size, from one solution to more than a pass holds.
            for round in 0.. {
                let until = got.len() + n * [1, 7, BLOCK - 1, BLOCK + 1, 1 << 22][round % 5];
                if !cursor.fill(&mut got, until) {
                    break;
                }
                assert!(got.len() >= until);
            }
            let mut after = Vec::new();
            assert!(!cursor.fill(&mut after, 1) && after.is_empty(), "read dry");
            assert_eq!(got, expected, "n = {n}, unique {unique}");
        }
    }

    #[test]
    fn a_first_column_pulls_the_solutions_searched_below_it() {
        for (n, unique) in [(12, false), (13, false), (13, true)] {
            for c in 0..n as u32 {
                let mut got = Vec::new();
                Cursor::new(n, Some(c), unique).fill(&mut got, usize::MAX);
                assert_eq!(got, searched(n, &[c], unique), "n = {n}, column {c}");
            }
        }
    }

    #[test]
    fn a_clone_goes_on_from_where_it_was_made() {
        let n = 13;
        let mut cursor = Cursor::new(n, None, false);
        let mut head = Vec::new();
        // Some way into the listing: past the first pass, which is one prefix.
        cursor.fill(&mut head, n * 3000);
        let mut copy = cursor.clone();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        cursor.fill(&mut a, usize::MAX);
        copy.fill(&mut b, usize::MAX);
        assert_eq!(a, b);
        head.extend_from_slice(&a);
        assert_eq!(head, searched(n, &[], false));
    }

    #[test]
    fn the_portable_kernels_find_what_the_vector_ones_find() {
        // The listing above runs the vector forms where the CPU has them; these run the
        // portable ones beside them, on every bottom set of n = 12 and 13.
        for n in [12, 13] {
            let quarters = Quarters::new(n);
            let tables = [&quarters.lower[0], &quarters.lower[1]];
            for (i, &set) in quarters.sets.iter().enumerate() {
                let (holding, avoid) = match i % 3 {
                    0 => (0, 0),
                    1 => (0, square_key(n, 0, i % n)),
                    _ => (1 << set.trailing_zeros(), square_key(n, 1, 2)),
                };
                let mut fast = Halves::default();
                quarters.halves_holding(tables[0], tables[1], set, holding, avoid, &mut fast);
                let mut portable = Halves::default();
                quarters.halves_with(
                    tables,
                    set,
                    holding,
                    avoid,
                    &mut portable,
                    (deposit, pair_any),
                );
                let sorted = |h: &Halves| {
                    let mut all: Vec<(u64, u64)> =
                        h.cols.iter().copied().zip(h.keys.iter().copied()).collect();
                    all.sort_unstable();
                    all
                };
                assert_eq!(sorted(&fast), sorted(&portable), "n = {n}, set {set:b}");
            }
        }
    }

    #[test]
    fn codes_decode_alike_by_pdep_and_bit_by_bit() {
        for n in [12, 13, 16, 17] {
            let layout = Layout::new(n);
            let mut listed = Solutions::new(n).unwrap();
            for _ in 0..2000 {
                let columns = listed.next_columns().unwrap().to_vec();
                let top = columns[..layout.h]
                    .iter()
                    .fold(0, |a, &c| a << layout.w | u64::from(c));
                let bottom_set = columns[n - layout.h..]
                    .iter()
                    .fold(0u32, |s, &c| s | 1 << c);
                let mut rank = [0u8; 32];
                let mut rest = bottom_set;
                for r in 0..layout.h as u8 {
                    rank[rest.trailing_zeros() as usize] = r;
                    rest &= rest - 1;
                }
                let bottom = columns[n - layout.h..]
                    .iter()
                    .fold(0, |a, &c| a << layout.w | u64::from(c));
                let middle = if layout.odd {
                    layout.middle(columns[layout.h], bottom_set)
                } else {
                    0
                };
                let code = layout.top(top) | middle | layout.bottom(bottom, &rank);
                let mut portable = vec![0; n];
                layout.decode_one(code, columns[0], &mut portable, select);
                let mut fast = vec![0; n];
                layout.decode(&[code], columns[0], &mut fast);
                assert_eq!((&portable, &fast), (&columns, &columns), "n = {n}");
            }
        }
    }
}
