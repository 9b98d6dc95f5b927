//! The last rows of every solution, looked up instead of searched.
//!
//! A search row by row spends most of its nodes on the last few rows, where almost every
//! branch dies and each dead end costs a mispredicted branch. The placements of the
//! last `k` rows are few enough to list once: bucketed by their column set and sorted
//! lexicographically inside each bucket, each with the diagonals it would meet coming
//! down from the rows above. Below a top of `n − k` rows, the bottoms that complete it
//! are the bucket of the columns it left free, filtered by one AND per bottom, eight at
//! a time with AVX-512: a meet in the middle, walked in lexicographic order. The idea of
//! joining a top with precomputed placements of the remaining rows is the join of half
//! boards of `counting::halves` (after Evgeny Kluev's quadrant join,
//! github.com/EvgenyKluev/N-Queens-Count-Sol), turned to listing.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::shared::PerSize;

use crate::bitboard::Node;

/// The most bottoms a table lists: with k = 6 rows, 15 MB.
const MAX_ENTRIES: usize = 1 << 20;

/// The most rows a bottom has. Each row more multiplies the table by about n and the
/// bottoms tried per solution by about 1.5, and removes about half the search.
pub(crate) const MAX_ROWS: usize = 8;

/// The most rows a bottom has where the filter runs one bottom at a time: more would
/// try more bottoms than the search it saves.
const MAX_ROWS_PORTABLE: usize = 5;

/// The largest board with a table: a bottom's two diagonal masks share one `u64`.
pub(crate) const MAX_N: usize = 32;

/// Per bottom, the down-right diagonals a queen above must not be on in the low half of
/// a key and the down-left ones in the high half, as the masks of the row above it shift
/// them. Up to n = 16 a key is a `u32`, so that one vector tests sixteen bottoms and a
/// bucket is half the bytes. [`PADDING`] entries follow the last, so that a vector load
/// never leaves the list.
#[derive(Debug)]
enum Keys {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

/// The keys past the last bottom: a vector's worth of the narrow ones.
const PADDING: usize = 16;

/// The largest board whose keys are narrow: two masks of n bits in a `u32`.
const NARROW_MAX_N: usize = 16;

/// The placements of the last `k` rows of an `n × n` board, bucketed by column set.
pub(crate) struct Bottoms {
    k: usize,
    /// `binomial[m * (k + 1) + j]` is C(m, j): the colex ranks of the column sets.
    binomial: Vec<u32>,
    /// Where each column set's bucket starts, by colex rank, and one past the last.
    start: Vec<u32>,
    /// Per bottom: the diagonals a queen above must not be on.
    keys: Keys,
    /// Per bottom, its `k` columns, a byte each, then 8 of padding, so that each bottom
    /// can be read as 8 columns.
    columns: Vec<u8>,
}

impl std::fmt::Debug for Bottoms {
    /// The table's shape, not its millions of entries.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bottoms")
            .field("rows", &self.k)
            .field("placements", &(self.start.last().copied().unwrap_or(0)))
            .finish_non_exhaustive()
    }
}

impl Bottoms {
    /// The table with the most rows that fits [`MAX_ENTRIES`], or `None` where `n` is above
    /// [`MAX_N`] or not even one row would help.
    pub(crate) fn new(n: usize) -> Option<Bottoms> {
        if !(4..=MAX_N).contains(&n) {
            return None;
        }
        let max_rows = if vector_filter() {
            MAX_ROWS
        } else {
            MAX_ROWS_PORTABLE
        };
        // Counting each depth costs about as many nodes as it counts, so the sizes are
        // found from the top down and stop at the first one too large.
        // No more rows than half the board: below n = 16 the table would outgrow the
        // listing it serves.
        let mut k = 0;
        while k < max_rows.min(n / 2) && placements(n, k + 1, |_| {}) <= MAX_ENTRIES {
            k += 1;
        }
        (k >= 2).then(|| Bottoms::with_rows(n, k))
    }

    /// The table of the last `k` rows.
    pub(crate) fn with_rows(n: usize, k: usize) -> Bottoms {
        let mut binomial = vec![0u32; (n + 1) * (k + 1)];
        for m in 0..=n {
            binomial[m * (k + 1)] = 1;
            for j in 1..=k.min(m) {
                binomial[m * (k + 1) + j] =
                    binomial[(m - 1) * (k + 1) + j - 1] + binomial[(m - 1) * (k + 1) + j];
            }
        }
        let mut table = Bottoms {
            k,
            binomial,
            start: Vec::new(),
            keys: Keys::Wide(Vec::new()),
            columns: Vec::new(),
        };
        let half = if n <= NARROW_MAX_N { 16 } else { 32 };
        // Listed twice, in lexicographic order: once to size the buckets, once to fill
        // them, which keeps them in that order and needs no second copy of the table.
        let bottom = |cols: &[u32]| {
            let (mut set, mut key) = (0u64, 0u64);
            for (i, c) in cols.iter().map(|&c| c as usize).enumerate() {
                set |= 1 << c;
                // A queen `i` rows below the top's last row meets the down-right
                // diagonal that is at column c − i there, and the down-left one at c + i.
                if c >= i {
                    key |= 1 << (c - i);
                }
                if c + i < n {
                    key |= 1 << (half + c + i);
                }
            }
            (set, key)
        };
        let buckets = table.binomial[n * (k + 1) + k] as usize;
        let mut start = vec![0u32; buckets + 1];
        let entries = placements(n, k, |cols| {
            start[table.rank(bottom(cols).0) + 1] += 1;
        });
        for i in 0..buckets {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut keys = vec![0u64; entries + PADDING];
        let mut columns = vec![0u8; entries * k + 8];
        placements(n, k, |cols| {
            let (set, key) = bottom(cols);
            let rank = table.rank(set);
            let at = next[rank] as usize;
            next[rank] += 1;
            keys[at] = key;
            for (to, &c) in columns[at * k..(at + 1) * k].iter_mut().zip(cols) {
                *to = c as u8;
            }
        });
        table.start = start;
        table.keys = if half == 16 {
            Keys::Narrow(keys.into_iter().map(|k| k as u32).collect())
        } else {
            Keys::Wide(keys)
        };
        table.columns = columns;
        table
    }

    /// The rows a bottom fills.
    pub(crate) fn rows(&self) -> usize {
        self.k
    }

    /// The colex rank of a set of `k` columns.
    #[inline(always)]
    fn rank(&self, set: u64) -> usize {
        let mut rank = 0;
        let mut bits = set;
        let mut j = 1;
        while bits != 0 {
            rank += self.binomial[bits.trailing_zeros() as usize * (self.k + 1) + j];
            bits &= bits - 1;
            j += 1;
        }
        rank as usize
    }

    /// Asks the caches for the buckets of the tops that each bit of `free` would finish
    /// below a top whose columns are `cols`: the buckets are scattered over a table larger
    /// than the core's caches, and fetching them while the earlier ones are filtered
    /// halves the time a join waits for memory.
    #[inline]
    pub(crate) fn prefetch(&self, cols: u64, mut free: u64, full: u64) {
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let at = self.start[self.rank(full & !(cols | bit))] as usize;
            let line = match &self.keys {
                Keys::Narrow(keys) => keys[at..].as_ptr().cast::<i8>(),
                Keys::Wide(keys) => keys[at..].as_ptr().cast::<i8>(),
            };
            for i in 0..3 {
                prefetch(line.wrapping_add(64 * i));
            }
        }
    }

    /// Calls `hit` with the columns of every bottom that completes a top of `n − k` rows
    /// whose next row is `node`, in lexicographic order: its `k` columns, then whatever
    /// follows them up to 8.
    #[inline]
    pub(crate) fn join(&self, node: Node, full: u64, mut hit: impl FnMut(&[u32; 8])) {
        let rank = self.rank(full & !node.cols);
        let (lo, hi) = (self.start[rank] as usize, self.start[rank + 1] as usize);
        let k = self.k;
        let mut emit = |i: usize| {
            let columns: [u8; 8] = self.columns[i * k..i * k + 8].try_into().unwrap();
            hit(&columns.map(u32::from));
        };
        let down_right = node.down_right & full;
        match &self.keys {
            Keys::Narrow(keys) => {
                let key = (down_right | node.down_left << 16) as u32;
                filter(keys, lo, hi, key, &mut emit);
            }
            Keys::Wide(keys) => filter(keys, lo, hi, down_right | node.down_left << 32, &mut emit),
        }
    }
}

/// A key of either width, and its filter eight or sixteen at a time.
trait Key: Copy + std::ops::BitAnd<Output = Self> + PartialEq + Default {
    /// [`filter`] with AVX-512.
    ///
    /// # Safety
    /// The CPU has AVX-512F, and `keys` holds [`PADDING`] entries past `hi`.
    #[cfg(target_arch = "x86_64")]
    unsafe fn filter_avx512(
        keys: &[Self],
        lo: usize,
        hi: usize,
        key: Self,
        emit: &mut impl FnMut(usize),
    );
}

/// Passes `emit` the bottoms `lo..hi` whose key shares no bit with `key`, in order.
#[inline(always)]
fn filter<K: Key>(keys: &[K], lo: usize, hi: usize, key: K, emit: &mut impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    if vector_filter() {
        // SAFETY: the CPU has AVX-512F, and every list of keys is padded.
        unsafe { K::filter_avx512(keys, lo, hi, key, emit) };
        return;
    }
    filter_any(keys, lo, hi, key, emit);
}

/// [`filter`] one bottom at a time.
fn filter_any<K: Key>(keys: &[K], lo: usize, hi: usize, key: K, emit: &mut impl FnMut(usize)) {
    for (i, &k) in keys.iter().enumerate().take(hi).skip(lo) {
        if k & key == K::default() {
            emit(i);
        }
    }
}

/// A hint that the cache line at `p` is wanted soon; nothing where there is no such hint.
#[inline(always)]
fn prefetch(p: *const i8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults, whatever the address; SSE is in every x86_64 CPU.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Whether the bottoms are filtered eight at a time.
fn vector_filter() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        crate::cpu::has(crate::cpu::Feature::Avx512)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// One masked test a vector: no compression or gather, which are microcoded on some CPUs.
impl Key for u64 {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,popcnt")]
    unsafe fn filter_avx512(
        keys: &[u64],
        lo: usize,
        hi: usize,
        key: u64,
        emit: &mut impl FnMut(usize),
    ) {
        use std::arch::x86_64::{
            _mm512_loadu_si512, _mm512_mask_testn_epi64_mask, _mm512_set1_epi64,
        };
        debug_assert!(hi + PADDING <= keys.len());
        let wanted = _mm512_set1_epi64(key as i64);
        let mut i = lo;
        while i < hi {
            let lanes = (hi - i).min(8);
            // SAFETY: `keys` holds `PADDING` entries past `hi`.
            let v = unsafe { _mm512_loadu_si512(keys.as_ptr().add(i).cast()) };
            let mut hits = _mm512_mask_testn_epi64_mask((0xffu16 >> (8 - lanes)) as u8, v, wanted);
            while hits != 0 {
                emit(i + hits.trailing_zeros() as usize);
                hits &= hits - 1;
            }
            i += 8;
        }
    }
}

impl Key for u32 {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,popcnt")]
    unsafe fn filter_avx512(
        keys: &[u32],
        lo: usize,
        hi: usize,
        key: u32,
        emit: &mut impl FnMut(usize),
    ) {
        use std::arch::x86_64::{
            _mm512_loadu_si512, _mm512_mask_testn_epi32_mask, _mm512_set1_epi32,
        };
        debug_assert!(hi + PADDING <= keys.len());
        let wanted = _mm512_set1_epi32(key as i32);
        let mut i = lo;
        while i < hi {
            let lanes = (hi - i).min(16);
            // SAFETY: `keys` holds `PADDING` entries past `hi`.
            let v = unsafe { _mm512_loadu_si512(keys.as_ptr().add(i).cast()) };
            let mut hits =
                _mm512_mask_testn_epi32_mask((0xffff_ffffu32 >> (32 - lanes)) as u16, v, wanted);
            while hits != 0 {
                emit(i + hits.trailing_zeros() as usize);
                hits &= hits - 1;
            }
            i += 16;
        }
    }
}

/// Calls `found` with every placement of queens on `k` consecutive rows of an `n`-column
/// board that attack each other nowhere, in lexicographic order, and returns how many,
/// stopping early past [`MAX_ENTRIES`].
fn placements(n: usize, k: usize, mut found: impl FnMut(&[u32])) -> usize {
    let mut count = 0;
    crate::bitboard::placements(n, k, |columns| {
        count += 1;
        found(columns);
        if count > MAX_ENTRIES {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    count
}

/// The table for `n`, built once and shared: every [`Solutions`](super::Solutions) of a
/// board size, prefixed or not, joins with the same table ([`PerSize`]).
pub(crate) fn shared(n: usize) -> Option<Arc<Bottoms>> {
    static TABLES: PerSize<Bottoms> = PerSize::new();
    TABLES.get(n, Bottoms::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_filter_keeps_what_the_portable_one_keeps() {
        if !vector_filter() {
            return;
        }
        /// Random buckets of `keys` filtered both ways, with sparse keys, as real tops
        /// have, so that many bottoms pass.
        fn check<K: Key + std::fmt::Debug>(start: &[u32], keys: &[K], narrow: impl Fn(u64) -> K) {
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..2000 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let key = narrow(seed & (seed >> 7) & (seed >> 13));
                let bucket = (seed >> 40) as usize % (start.len() - 1);
                let (lo, hi) = (start[bucket] as usize, start[bucket + 1] as usize);
                let (mut any, mut vector) = (Vec::new(), Vec::new());
                filter_any(keys, lo, hi, key, &mut |i| any.push(i));
                // SAFETY: the CPU has AVX-512F (checked above), and the keys are padded.
                unsafe { K::filter_avx512(keys, lo, hi, key, &mut |i| vector.push(i)) };
                assert_eq!(vector, any, "key {key:?}, bottoms {lo}..{hi}");
            }
        }
        let (narrow, wide) = (Bottoms::with_rows(12, 4), Bottoms::with_rows(18, 3));
        match (&narrow.keys, &wide.keys) {
            (Keys::Narrow(n), Keys::Wide(w)) => {
                check(&narrow.start, n, |k| k as u32);
                check(&wide.start, w, |k| k);
            }
            _ => panic!("n = 12 has narrow keys and n = 18 wide ones"),
        }
    }
}
