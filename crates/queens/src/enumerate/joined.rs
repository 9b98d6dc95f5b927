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
//! and handed on in blocks, in order. A pass holds a bounded number of codes, so memory
//! stays flat whatever the size of the answer; the price is that every pass lists the
//! bottoms of every set its tops can join.

use std::ops::{ControlFlow, Range};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::counting::pairs::{PairScratch, for_each_pair};

/// The smallest board listed this way: below it the search is as fast, and a quarter of
/// the rows is less than the three rows a pass is cut by.
pub(super) const MIN_N: usize = 12;

/// The largest: a code must fit in 64 bits.
pub(super) const MAX_N: usize = 17;

/// Rows of the prefixes passes are cut by.
const PREFIX_ROWS: usize = 3;

/// Codes a pass aims to hold: 16 MB, and as much again while they are sorted.
const PASS_CODES: usize = 1 << 21;

/// Solutions handed on per block.
const BLOCK: usize = 2048;

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
    /// Where the bucket of each column set (as a bit mask) starts, and one past the end.
    start: Vec<u32>,
    /// Each placement's columns, `w` bits per row, its first row highest.
    cols: Vec<u64>,
    /// Each placement's diagonals ([`square_key`]).
    keys: Vec<u64>,
}

impl Table {
    /// Every placement of queens on `rows` of an `n × n` board, one to a row, column and
    /// diagonal, and whose columns `keep` accepts.
    fn new(n: usize, rows: Range<usize>, w: u32, keep: impl Fn(u64) -> bool) -> Table {
        let mut found = Vec::new();
        let mut stack = vec![(rows.start, 0u32, 0u64, 0u64)];
        while let Some((row, set, cols, key)) = stack.pop() {
            if row == rows.end {
                if keep(cols) {
                    found.push((set, cols, key));
                }
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
        Table::bucketed(n, found)
    }

    fn bucketed(n: usize, found: Vec<(u32, u64, u64)>) -> Table {
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
        Table { start, cols, keys }
    }

    /// The placements whose diagonals miss `avoid`.
    fn avoiding(&self, avoid: u64) -> Table {
        let mut found = Vec::new();
        for set in 0..self.start.len() - 1 {
            for i in self.bucket(set as u32) {
                if self.keys[i] & avoid == 0 {
                    found.push((set as u32, self.cols[i], self.keys[i]));
                }
            }
        }
        let n = (self.start.len() - 1).trailing_zeros() as usize;
        Table::bucketed(n, found)
    }

    fn bucket(&self, set: u32) -> Range<usize> {
        self.start[set as usize] as usize..self.start[set as usize + 1] as usize
    }
}

/// How a solution is written as a code, so that codes sort as the solutions do. Up to
/// n = 16, every column in `w` bits, the first row's highest (*packed*). Above, the top's
/// columns so, then for odd n the middle queen's rank among the columns the top leaves,
/// and the bottom's rows each as its rank among the columns still free (a Lehmer code),
/// in as many bits as that needs: ranks sort as the columns they stand for.
#[derive(Clone, Copy)]
struct Layout {
    n: usize,
    h: usize,
    w: u32,
    odd: bool,
    packed: bool,
    /// Bits of the middle queen's rank (none for even n).
    middle_bits: u32,
    /// Bits of the bottom's Lehmer code.
    lehmer_bits: u32,
}

impl Layout {
    fn new(n: usize) -> Layout {
        let h = n / 2;
        let width = |k: usize| usize::BITS - (k - 1).leading_zeros();
        let odd = n % 2 == 1;
        let w = width(n);
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
                (true, false) => width(h + 1),
            },
            lehmer_bits: if packed {
                w * h as u32
            } else {
                (1..=h).map(width).sum()
            },
        }
    }

    /// Bits below the top's columns.
    fn suffix_bits(&self) -> u32 {
        self.middle_bits + self.lehmer_bits
    }

    /// The bottom's Lehmer code among the columns `set`, from its columns.
    fn lehmer(&self, set: u32, cols: u64) -> u64 {
        let mut free = set;
        let mut code = 0;
        for i in (0..self.h).rev() {
            let col = (cols >> (self.w as usize * i)) as u32 & ((1 << self.w) - 1);
            let rank = (free & ((1 << col) - 1)).count_ones();
            code = code << width(free.count_ones()) | u64::from(rank);
            free ^= 1 << col;
        }
        code
    }

    /// Writes the columns of each of `codes` to `out`, `n` a code.
    fn decode(&self, codes: &[u64], out: &mut [u32]) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::has(crate::cpu::Feature::Bmi2) {
            // SAFETY: the running CPU has the feature (`cpu::has`).
            return unsafe { self.decode_bmi2(codes, out) };
        }
        for (&code, out) in codes.iter().zip(out.chunks_exact_mut(self.n)) {
            self.decode_one(code, out, select);
        }
    }

    /// The same, each rank's column found by `pdep`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn decode_bmi2(&self, codes: &[u64], out: &mut [u32]) {
        let select =
            |set: u32, rank: u32| std::arch::x86_64::_pdep_u32(1 << rank, set).trailing_zeros();
        for (&code, out) in codes.iter().zip(out.chunks_exact_mut(self.n)) {
            self.decode_one(code, out, select);
        }
    }

    #[inline(always)]
    fn decode_one(&self, code: u64, out: &mut [u32], select: impl Fn(u32, u32) -> u32) {
        let (h, w) = (self.h, self.w as usize);
        if self.packed {
            for (i, slot) in out[..self.n].iter_mut().enumerate() {
                *slot = (code >> (w * (self.n - 1 - i))) as u32 & ((1 << w) - 1);
            }
            return;
        }
        let top = code >> self.suffix_bits();
        let mut set = 0u32;
        for (i, slot) in out[..h].iter_mut().enumerate() {
            let col = (top >> (w * (h - 1 - i))) as u32 & ((1 << w) - 1);
            *slot = col;
            set |= 1 << col;
        }
        let mut free = ((1u64 << self.n) - 1) as u32 & !set;
        let mut at = h;
        if self.odd {
            let rank = (code >> self.lehmer_bits) as u32 & ((1 << self.middle_bits) - 1);
            let col = select(free, rank);
            out[h] = col;
            free ^= 1 << col;
            at += 1;
        }
        let mut shift = self.lehmer_bits;
        for (k, slot) in (1..=h as u32).rev().zip(&mut out[at..]) {
            let bits = width(k);
            shift -= bits;
            let rank = (code >> shift) as u32 & ((1 << bits) - 1);
            let col = select(free, rank);
            *slot = col;
            free ^= 1 << col;
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
        let all = |_| true;
        let low = n - h;
        let subsets = |of: usize, k: usize| -> Vec<u32> {
            (0u32..1 << of)
                .filter(|s| s.count_ones() as usize == k)
                .collect()
        };
        Quarters {
            layout,
            a,
            upper: [Table::new(n, 0..a, w, all), Table::new(n, a..h, w, all)],
            lower: [
                Table::new(n, low..low + a, w, all),
                Table::new(n, low + a..n, w, all),
            ],
            splits: subsets(h, a),
            sets: subsets(n, h),
        }
    }

    /// Appends every half on `set` joined from `first` (the placements of its first `a`
    /// rows) and `second`, whose diagonals miss `avoid`.
    fn halves(&self, first: &Table, second: &Table, set: u32, avoid: u64, out: &mut Halves) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::has(crate::cpu::Feature::Avx512)
            && crate::cpu::has(crate::cpu::Feature::Bmi2)
        {
            // SAFETY: the running CPU has the features (`cpu::has`).
            return unsafe { self.halves_avx512(first, second, set, avoid, out) };
        }
        self.halves_with([first, second], set, avoid, out, deposit, pair_any);
    }

    /// The same, eight pairs at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,bmi2")]
    fn halves_avx512(&self, first: &Table, second: &Table, set: u32, avoid: u64, out: &mut Halves) {
        self.halves_with(
            [first, second],
            set,
            avoid,
            out,
            |places, set| std::arch::x86_64::_pdep_u32(places, set),
            |k, h, a, ks, cs, o| pair_avx512(k, h, a, ks, cs, o),
        );
    }

    #[inline(always)]
    fn halves_with(
        &self,
        [first, second]: [&Table; 2],
        set: u32,
        avoid: u64,
        out: &mut Halves,
        deposit: impl Fn(u32, u32) -> u32,
        pair: impl Fn(u64, u64, u64, &[u64], &[u64], &mut Halves),
    ) {
        let shift = self.layout.w as usize * (self.layout.h - self.a);
        for &split in &self.splits {
            let s1 = deposit(split, set);
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
        // Every top of the pass above this bottom set, with its middle queen: its code
        // above the bottom's, and its diagonals and the middle queen's, so that a bottom
        // clear of them is clear of both.
        worker.uppers.clear();
        worker.upper_keys.clear();
        let suffix = layout.suffix_bits();
        let middles = match layout.odd {
            true => left,
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
                    // Its column, or its rank among the columns the top leaves: the
                    // bottom's and its own.
                    if layout.packed {
                        u64::from(m)
                    } else {
                        u64::from((set & ((1 << m) - 1)).count_ones())
                    } << layout.lehmer_bits,
                ),
                None => (left, 0, 0),
            };
            worker.tops.clear();
            self.halves(
                &pass.first,
                &self.upper[1],
                top_set,
                avoid,
                &mut worker.tops,
            );
            worker
                .uppers
                .extend(worker.tops.cols.iter().map(|&c| c << suffix | rank));
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
        let code = |u: usize, b: usize| {
            uppers[u]
                | if layout.packed {
                    bottoms.cols[b]
                } else {
                    layout.lehmer(set, bottoms.cols[b])
                }
        };
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
#[target_feature(enable = "avx512f")]
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
    for at in (0..keys.len()).step_by(8) {
        let rest = keys.len() - at;
        let lanes = if rest >= 8 { 0xff } else { (1u8 << rest) - 1 };
        // SAFETY: the masked loads read only lanes within the slices; the stores write 8
        // lanes from `len + kept`, within the room asserted above (`kept ≤ at`).
        unsafe {
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
        }
    }
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

/// The solutions of one pass: those whose first three rows are one of a range of prefixes.
struct Pass {
    /// The placements of the tops' first rows that start with a prefix of the range.
    first: Table,
    /// The bottoms' quarters, less the placements on a diagonal every prefix of the range
    /// holds.
    lower: [Table; 2],
}

/// Lists every solution of `n` (`MIN_N ≤ n ≤ MAX_N`) in lexicographic order, in blocks,
/// as [`super::Solutions::for_each_block`] does, on `threads` threads.
pub(super) fn for_each_block<T: Send, B>(
    n: usize,
    threads: usize,
    map: &(impl Fn(&[u32]) -> T + Sync),
    consume: &mut impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Result<Option<B>, crate::Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| crate::Error::Threads(crate::error::Cause::new(e)))?;
    let quarters = pool.install(|| Quarters::new(n));
    let layout = quarters.layout;
    let w = layout.w;
    let prefixes = {
        let mut all = Vec::new();
        crate::bitboard::placements(n, PREFIX_ROWS, |p| {
            all.push(p.iter().fold(0u64, |acc, &c| acc << w | u64::from(c)));
            ControlFlow::Continue(())
        });
        all
    };
    let workers: Vec<Mutex<Worker>> = (0..threads).map(|_| Mutex::default()).collect();
    let first_column = |p: u64| p >> (2 * w as usize);
    // Solutions a prefix holds, judged on the passes so far.
    let mut density = 0.0f64;
    let mut from = 0;
    while from < prefixes.len() {
        // A pass never spans two first columns: its tops then share their first queen,
        // whose diagonals every bottom it joins must miss. A first column whose solutions
        // would pass the bound is cut in as many ranges as it takes (in four, for the
        // first, on no estimate).
        let end = from
            + prefixes[from..]
                .partition_point(|&p| first_column(p) == first_column(prefixes[from]));
        let pieces = if density == 0.0 {
            4
        } else {
            (density * 1.25 * (end - from) as f64 / PASS_CODES as f64).ceil() as usize
        };
        let step = (end - from).div_ceil(pieces.max(1));
        let to = (from + step).min(end);
        let range = prefixes[from]..=prefixes[to - 1];
        let below = (quarters.a - PREFIX_ROWS) * w as usize;
        let first = pool
            .install(|| Table::new(n, 0..quarters.a, w, |cols| range.contains(&(cols >> below))));
        let columns = |p: u64| {
            (0..PREFIX_ROWS)
                .map(move |i| (p >> (w as usize * (PREFIX_ROWS - 1 - i))) as usize & ((1 << w) - 1))
        };
        let common = prefixes[from..to].iter().fold(!0u64, |acc, &p| {
            acc & columns(p)
                .enumerate()
                .fold(0, |k, (row, c)| k | square_key(n, row, c))
        });
        let lower = pool.install(|| quarters.lower.each_ref().map(|t| t.avoiding(common)));
        let pass = Pass { first, lower };
        pool.install(|| {
            quarters.sets.par_iter().with_min_len(16).for_each(|&set| {
                let me = rayon::current_thread_index().unwrap_or(0) % threads;
                let mut worker = workers[me]
                    .lock()
                    .expect("a worker never panics holding it");
                quarters.join(&pass, set, &mut worker);
            });
            workers.par_iter().for_each(|worker| {
                radsort::sort(&mut worker.lock().expect("not poisoned").codes);
            });
        });
        let mut runs: Vec<Vec<u64>> = workers
            .iter()
            .map(|w| std::mem::take(&mut w.lock().expect("not poisoned").codes))
            .collect();
        let found: usize = runs.iter().map(Vec::len).sum();
        if std::env::var_os("JOINED_DEBUG").is_some() {
            eprintln!("pass {from}..{to} of {}: {found} codes", prefixes.len());
        }
        density = density.max(found as f64 / (to - from) as f64);
        from = to;
        if let Some(b) = hand_on(&layout, &pool, &mut runs, map, consume) {
            return Ok(Some(b));
        }
        for (worker, mut run) in workers.iter().zip(runs) {
            run.clear();
            worker.lock().expect("not poisoned").codes = run;
        }
    }
    Ok(None)
}

/// Merges the sorted `runs` and hands their solutions on in blocks, rendered on the pool.
fn hand_on<T: Send, B>(
    layout: &Layout,
    pool: &rayon::ThreadPool,
    runs: &mut [Vec<u64>],
    map: &(impl Fn(&[u32]) -> T + Sync),
    consume: &mut impl FnMut(&[u32], T) -> ControlFlow<B>,
) -> Option<B> {
    let n = layout.n;
    let window = BLOCK * 4 * pool.current_num_threads();
    let mut heads = vec![0usize; runs.len()];
    let mut merged = Vec::with_capacity(window);
    loop {
        merged.clear();
        while merged.len() < window {
            let mut best: Option<(usize, u64)> = None;
            for (r, run) in runs.iter().enumerate() {
                if let Some(&c) = run.get(heads[r])
                    && best.is_none_or(|(_, b)| c < b)
                {
                    best = Some((r, c));
                }
            }
            let Some((r, c)) = best else { break };
            heads[r] += 1;
            merged.push(c);
        }
        if merged.is_empty() {
            return None;
        }
        let blocks: Vec<(Vec<u32>, T)> = pool.install(|| {
            merged
                .par_chunks(BLOCK)
                .map(|codes| {
                    let mut cols = vec![0u32; codes.len() * n];
                    layout.decode(codes, &mut cols);
                    let made = map(&cols);
                    (cols, made)
                })
                .collect()
        });
        for (cols, made) in blocks {
            if let ControlFlow::Break(b) = consume(&cols, made) {
                return Some(b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(n: usize, threads: usize) -> Vec<u32> {
        let mut all = Vec::new();
        for_each_block(n, threads, &|_: &[u32]| (), &mut |block: &[u32], ()| {
            all.extend_from_slice(block);
            ControlFlow::<()>::Continue(())
        })
        .unwrap();
        all
    }

    #[test]
    fn the_join_lists_what_the_search_lists_in_order() {
        for n in [12, 13, 14] {
            let mut expected = Vec::new();
            let mut one = super::super::Solutions::new(n).unwrap();
            while let Some(c) = one.next_columns() {
                expected.extend_from_slice(c);
            }
            for threads in [1, 2] {
                assert_eq!(listed(n, threads), expected, "n = {n}, {threads} threads");
            }
        }
    }
}
