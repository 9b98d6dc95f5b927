//! The join's inner loop: how many pairs of two lists of bit patterns share no bit.
//!
//! The patterns of one list (the *tables*) are taken 512 at a time. For each 4 bits of a
//! pattern and each of their 16 values, a 512-bit word says which of the block's patterns
//! are clear of them, so a pattern of the other list (a *probe*) costs one AND per 4 bits
//! and one popcount per 512 pairs. Storing the patterns bit-sliced and precomputing the
//! ANDs of a few bits at a time is the matcher of Evgeny Kluev's quadrant join
//! (github.com/EvgenyKluev/N-Queens-Count-Sol, matchtr.h); the code here is its own.
//! Where the CPU has AVX-512 with its popcount, a block's word is one register.

/// Patterns per block: one 512-bit word per table entry.
const BLOCK: usize = 512;

/// Bits a table entry covers: 16 entries per 4 bits.
const CHUNK_BITS: usize = 4;

/// The 512 bits of a table entry, one per pattern of the block.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Word([u64; BLOCK / 64]);

impl Word {
    #[inline(always)]
    fn and(self, o: Word) -> Word {
        Word(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    #[inline(always)]
    fn ones(self) -> u64 {
        self.0.iter().map(|w| u64::from(w.count_ones())).sum()
    }
}

/// How many pairs `(a, b)` of `tables × probes` have `a & b == 0`. Every pattern must
/// lie in the low `bits` bits.
pub(crate) fn disjoint_pairs(tables: &[u64], probes: &[u64], bits: u32) -> u64 {
    debug_assert!(
        tables
            .iter()
            .chain(probes)
            .all(|&p| bits >= 64 || p >> bits == 0)
    );
    let chunks = (bits as usize).div_ceil(CHUNK_BITS).max(1);
    let mut table = vec![[Word([0; BLOCK / 64]); 16]; chunks];
    let mut total = 0;
    for block in tables.chunks(BLOCK) {
        build(block, &mut table);
        total += probe(&table, probes);
    }
    total
}

/// Fills `table[c][v]`: which patterns of `block` are clear of the value `v` of bits
/// `4c .. 4c + 4`.
fn build(block: &[u64], table: &mut [[Word; 16]]) {
    let mut present = Word([0; BLOCK / 64]);
    for i in 0..block.len() {
        present.0[i / 64] |= 1 << (i % 64);
    }
    let mut clear = vec![present; table.len() * CHUNK_BITS];
    for (i, &pattern) in block.iter().enumerate() {
        let mut bits = pattern;
        while bits != 0 {
            clear[bits.trailing_zeros() as usize].0[i / 64] &= !(1 << (i % 64));
            bits &= bits - 1;
        }
    }
    for (chunk, row) in table.iter_mut().enumerate() {
        row[0] = present;
        for value in 1..16usize {
            let low = value.trailing_zeros() as usize;
            row[value] = row[value & (value - 1)].and(clear[chunk * CHUNK_BITS + low]);
        }
    }
}

/// The disjoint pairs of one block's table and every probe.
fn probe(table: &[[Word; 16]], probes: &[u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
        {
            // SAFETY: both features were just detected on the running CPU.
            return unsafe { probe_avx512(table, probes) };
        }
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: both features were just detected on the running CPU.
            return unsafe { probe_avx2(table, probes) };
        }
    }
    probe_any(table, probes)
}

#[inline(always)]
fn probe_any(table: &[[Word; 16]], probes: &[u64]) -> u64 {
    let mut total = 0;
    for &p in probes {
        let mut acc = table[0][p as usize & 15];
        for (chunk, row) in table.iter().enumerate().skip(1) {
            acc = acc.and(row[(p >> (CHUNK_BITS * chunk)) as usize & 15]);
        }
        total += acc.ones();
    }
    total
}

/// The same code compiled for 256-bit ANDs and the popcount instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn probe_avx2(table: &[[Word; 16]], probes: &[u64]) -> u64 {
    probe_any(table, probes)
}

/// One 512-bit register per word, and AVX-512's per-lane popcount.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
fn probe_avx512(table: &[[Word; 16]], probes: &[u64]) -> u64 {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi64, _mm512_and_si512, _mm512_load_si512, _mm512_popcnt_epi64,
        _mm512_reduce_add_epi64, _mm512_setzero_si512,
    };
    let load = |word: &Word| {
        // SAFETY: a Word is 64 bytes, aligned to 64.
        unsafe { _mm512_load_si512((word as *const Word).cast::<__m512i>()) }
    };
    let mut sum = _mm512_setzero_si512();
    for &p in probes {
        let mut acc = load(&table[0][p as usize & 15]);
        for (chunk, row) in table.iter().enumerate().skip(1) {
            acc = _mm512_and_si512(acc, load(&row[(p >> (CHUNK_BITS * chunk)) as usize & 15]));
        }
        sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(acc));
    }
    _mm512_reduce_add_epi64(sum) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_match_a_plain_double_loop() {
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bits: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse patterns, so that some pairs are disjoint.
            (x & x.rotate_left(11) & x.rotate_left(29)) & (u64::MAX >> (64 - bits))
        };
        for bits in [1, 5, 30, 38, 64] {
            for (a, b) in [(0, 5), (1, 1), (63, 9), (512, 64), (700, 70), (1025, 3)] {
                let tables: Vec<u64> = (0..a).map(|_| next(bits)).collect();
                let probes: Vec<u64> = (0..b).map(|_| next(bits)).collect();
                let plain = tables
                    .iter()
                    .flat_map(|t| probes.iter().map(move |p| t & p))
                    .filter(|&both| both == 0)
                    .count() as u64;
                assert_eq!(disjoint_pairs(&tables, &probes, bits), plain, "{a} × {b}");
                let mut table = vec![[Word([0; BLOCK / 64]); 16]; (bits as usize).div_ceil(4)];
                let portable: u64 = tables
                    .chunks(BLOCK)
                    .map(|block| {
                        build(block, &mut table);
                        probe_any(&table, &probes)
                    })
                    .sum();
                assert_eq!(portable, plain, "{a} × {b}, portable");
            }
        }
    }
}
