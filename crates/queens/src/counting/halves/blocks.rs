//! The tables of the half's row blocks, and the join of two of their buckets: the tops
//! on a set without a search.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::Halves;
use super::tops::TopSink;
#[cfg(target_arch = "x86_64")]
use crate::cpu::{self, Feature};
use crate::threads::on_threads;
use crate::threads::prelude::*;

/// The rows of a top's lead, which [`Blocks::tops_with_leads`] tells.
pub(crate) const LEAD_ROWS: usize = 3;

/// The tops on a set are joined from two tables: the placements of the half's first `a`
/// rows and of its other `h − a` rows, each bucketed by its column set. A top on `S` is a
/// pair of them on `S₁ ⊂ S` and `S ∖ S₁` on no common diagonal: about ten branch-free
/// checks per top, where the search of the rows restricted to `S` visits nine nodes a
/// top with a mispredicted branch at each.
#[derive(Debug, Clone)]
pub(super) struct Blocks {
    /// Rows in the first block.
    a: usize,
    upper: Bucketed,
    lower: Bucketed,
    /// `binomial[m][k]`, for the ranks of column sets.
    binomial: Vec<[u32; 17]>,
}

/// Placements of some rows, bucketed by the colex rank of their column set.
#[derive(Debug, Clone)]
pub(super) struct Bucketed {
    /// Where each bucket starts in the lists, and one past the last.
    start: Vec<u32>,
    /// Each placement's pattern, sum diagonals and difference diagonals, in three lists
    /// so that a few can be joined at once.
    patterns: Vec<u64>,
    sums: Vec<u64>,
    diffs: Vec<u64>,
    /// Each placement's lead, its columns in the board's first [`LEAD_ROWS`] rows in base
    /// n, for the first block only.
    leads: Vec<u16>,
}

/// A placement of queens on a few rows (one entry of a row-block table): its window
/// pattern and its diagonals. Not a [`crate::Placement`], which is a whole board.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct RowsPlacement {
    pattern: u64,
    sums: u64,
    diffs: u64,
}

/// The next set of as many bits (Gosper's hack).
pub(super) fn next_subset(set: u64) -> u64 {
    let low = set & set.wrapping_neg();
    let ripple = set + low;
    ripple | (((set ^ ripple) >> 2) / low)
}

impl Blocks {
    /// The two tables, or `None` where they would hold more than `budget` placements,
    /// built on `threads` threads (by default one per core).
    pub(super) fn new(
        halves: &Halves,
        budget: usize,
        threads: Option<NonZeroUsize>,
    ) -> Option<Blocks> {
        let (n, h) = (halves.n, halves.h);
        let a = h / 2;
        let mut binomial = vec![[0u32; 17]; n + 1];
        for m in 0..=n {
            binomial[m][0] = 1;
            for k in 1..17 {
                binomial[m][k] = if m == 0 {
                    0
                } else {
                    binomial[m - 1][k - 1] + binomial[m - 1][k]
                };
            }
        }
        let mut blocks = Blocks {
            a,
            upper: Bucketed::default(),
            lower: Bucketed::default(),
            binomial,
        };
        let build = |parallel: bool| {
            let mut budget = budget;
            let upper = blocks.placements(halves, 0..a, &mut budget, parallel)?;
            let lower = blocks.placements(halves, a..h, &mut budget, parallel)?;
            Some((upper, lower))
        };
        // A pool that cannot be had builds them on the calling thread instead.
        let tables = on_threads(threads, || build(false), || build(true));
        (blocks.upper, blocks.lower) = tables.unwrap_or_else(|_| build(false))?;
        Some(blocks)
    }

    /// The colex rank of a set among those of as many columns.
    #[inline(always)]
    fn rank(&self, set: u64) -> usize {
        let mut rank = 0;
        let mut bits = set;
        let mut k = 1;
        while bits != 0 {
            rank += self.binomial[bits.trailing_zeros() as usize][k];
            bits &= bits - 1;
            k += 1;
        }
        rank as usize
    }

    /// Every placement of queens on `rows`, bucketed by column set, or `None` once there
    /// are more than `budget` (which they use up).
    ///
    /// Listed, each with the rank of its column set, on every core when `parallel`, one
    /// list per column of the block's first row: taken in column order, the lists are the
    /// order of one search, so the tables do not depend on the number of threads. The budget is checked as a running total of what the
    /// lists have found, a batch at a time, so that a table too large for it stops soon
    /// after it passes it, and one that fits is never refused.
    fn placements(
        &self,
        halves: &Halves,
        rows: std::ops::Range<usize>,
        budget: &mut usize,
        parallel: bool,
    ) -> Option<Bucketed> {
        /// Placements a list finds between two looks at the running total.
        const BATCH: usize = 1 << 12;
        let n = halves.n;
        let k = rows.len();
        let seen = AtomicUsize::new(0);
        let over = |found: usize| seen.fetch_add(found, Ordering::Relaxed) + found > *budget;
        let list = |prefix: &Vec<u32>| {
            let mut found = Vec::new();
            let mut unreported = 0;
            let mut fits = true;
            crate::bitboard::placements_from(n, prefix, k, |columns| {
                let mut p = RowsPlacement::default();
                let mut set = 0u32;
                let lead = columns
                    .iter()
                    .take(LEAD_ROWS)
                    .fold(0, |acc, &c| acc * n as u16 + c as u16);
                for (r, &c) in (rows.start..).zip(columns) {
                    let c = c as usize;
                    p.pattern |= halves.bits[r * n + c];
                    p.sums |= 1 << (r + c);
                    p.diffs |= 1 << (r + n - 1 - c);
                    set |= 1 << c;
                }
                found.push((self.rank(u64::from(set)) as u32, lead, p));
                unreported += 1;
                if unreported == BATCH {
                    unreported = 0;
                    if over(BATCH) {
                        fits = false;
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            (fits && !over(unreported)).then_some(found)
        };
        // A block of no rows (n = 2 and 3) has one placement, the empty one.
        let prefixes: Vec<Vec<u32>> = match k {
            0 => vec![Vec::new()],
            _ => (0..n as u32).map(|c| vec![c]).collect(),
        };
        let lists: Vec<Option<Vec<(u32, u16, RowsPlacement)>>> = if parallel {
            prefixes.par_iter().map(list).collect()
        } else {
            prefixes.iter().map(list).collect()
        };
        let lists: Vec<Vec<(u32, u16, RowsPlacement)>> =
            lists.into_iter().collect::<Option<_>>()?;
        let total: usize = lists.iter().map(Vec::len).sum();
        *budget -= total;
        let buckets = self.binomial[n][k] as usize;
        let mut start = vec![0u32; buckets + 1];
        for &(rank, _, _) in lists.iter().flatten() {
            start[rank as usize + 1] += 1;
        }
        for i in 0..buckets {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut table = Bucketed {
            start: Vec::new(),
            patterns: vec![0; total],
            sums: vec![0; total],
            diffs: vec![0; total],
            leads: vec![0; if rows.start == 0 { total } else { 0 }],
        };
        // The lists in order: each bucket in the order of one search, and so of its
        // placements' first queens.
        for (rank, lead, p) in lists.into_iter().flatten() {
            let slot = &mut next[rank as usize];
            let at = *slot as usize;
            (table.patterns[at], table.sums[at], table.diffs[at]) = (p.pattern, p.sums, p.diffs);
            if let Some(l) = table.leads.get_mut(at) {
                *l = lead;
            }
            *slot += 1;
        }
        table.start = start;
        Some(table)
    }

    /// Appends the pattern of every top on the columns `set` of the h-row half.
    pub(super) fn tops(
        &self,
        set: u32,
        h: usize,
        sink: &mut TopSink<'_, impl Fn(u64) -> u64>,
    ) -> bool {
        let set = u64::from(set);
        for first in self.first_blocks(set, h) {
            let upper = self.upper.bucket(self.rank(first));
            let lower = self.lower.bucket(self.rank(set ^ first));
            join_placements(
                &self.upper,
                upper,
                &self.lower,
                lower,
                sink.avoid,
                sink.out,
                |_, _| {},
            );
            if !sink.pause() {
                return false;
            }
        }
        true
    }

    /// Every set of `a` of the columns of `set` (h of them): the columns of the first
    /// block, in each way a top on `set` can split.
    fn first_blocks(&self, set: u64, h: usize) -> impl Iterator<Item = u64> + use<> {
        // The columns of the set, so that each a-subset of positions maps to one of them.
        let mut positions = [0u8; 32];
        let mut bits = set;
        for p in positions.iter_mut().take(h) {
            *p = bits.trailing_zeros() as u8;
            bits &= bits - 1;
        }
        let deposit = move |pick: u64| {
            let mut out = 0u64;
            let mut bits = pick;
            while bits != 0 {
                out |= 1 << positions[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            out
        };
        let end = 1u64 << h;
        // No rows in the first block (h = 1): one split, the empty one.
        std::iter::successors(Some((1u64 << self.a) - 1), move |&pick| {
            (pick != 0)
                .then(|| next_subset(pick))
                .filter(|&next| next < end)
        })
        .map(deposit)
    }

    /// Appends the pattern of every top on `set` with none of the pattern bits `avoid` to
    /// `out`, and to `leads` the runs of tops of one lead: where each run ends in `out`,
    /// and the columns `c₀, c₁, c₂` of the run's first [`LEAD_ROWS`] queens as
    /// `(c₀ · n + c₁) · n + c₂`. A run starts where the one before it ends (the first where
    /// `out` stood); runs may be empty. The first block must hold the leads
    /// ([`Blocks::has_leads`]).
    pub(super) fn tops_with_leads(
        &self,
        set: u32,
        h: usize,
        avoid: u64,
        out: &mut Vec<u64>,
        leads: &mut Vec<(u32, u16)>,
    ) {
        debug_assert!(self.has_leads());
        let set = u64::from(set);
        let all = &self.upper.leads;
        for first in self.first_blocks(set, h) {
            let upper = self.upper.bucket(self.rank(first));
            let lower = self.lower.bucket(self.rank(set ^ first));
            // The tops of one upper placement are a run: one join of the whole buckets,
            // not one per lead, which at n = 18 holds one or two placements. A run per
            // top, each top's lead written beside it, cost the ranking of n = 18 a
            // tenth of its time.
            join_placements(
                &self.upper,
                upper,
                &self.lower,
                lower,
                avoid,
                out,
                |u, len| leads.push((u32::try_from(len).expect("a list within u32"), all[u])),
            );
        }
    }

    /// Whether the first block holds the tops' leads, their first [`LEAD_ROWS`] rows
    /// (h ≥ 6).
    pub(super) fn has_leads(&self) -> bool {
        self.a >= LEAD_ROWS
    }
}

impl Bucketed {
    /// Where the placements on the set of this rank lie in the lists.
    fn bucket(&self, rank: usize) -> std::ops::Range<usize> {
        self.start[rank] as usize..self.start[rank + 1] as usize
    }
}

impl Default for Bucketed {
    fn default() -> Self {
        Bucketed {
            start: vec![0],
            patterns: Vec::new(),
            sums: Vec::new(),
            diffs: Vec::new(),
            leads: Vec::new(),
        }
    }
}

/// Appends the pattern of each pair of placements `upper × lower` on no common diagonal
/// and with none of the pattern bits `avoid`, upper placement by upper placement: once
/// the pairs of `u` are appended, `joined(u, len)` is told the length of `out` (never
/// where either list is empty).
pub(super) fn join_placements(
    a: &Bucketed,
    upper: std::ops::Range<usize>,
    b: &Bucketed,
    lower: std::ops::Range<usize>,
    avoid: u64,
    out: &mut Vec<u64>,
    joined: impl FnMut(usize, usize),
) {
    if upper.is_empty() || lower.is_empty() {
        return;
    }
    // Room for every pair, and for the vector path's last store, which writes a whole
    // register of 8 patterns wherever fewer of them are kept.
    out.reserve(upper.len() * lower.len() + 8);
    #[cfg(target_arch = "x86_64")]
    if cpu::has(Feature::Avx512) {
        // SAFETY: the running CPU has the feature (`cpu::has`).
        unsafe { join_placements_avx512(a, upper, b, lower, avoid, out, joined) };
        return;
    }
    join_placements_any(a, upper, b, lower, avoid, out, joined);
}

/// [`join_placements`] without vector instructions; `out` has room for every pair.
pub(super) fn join_placements_any(
    a: &Bucketed,
    upper: std::ops::Range<usize>,
    b: &Bucketed,
    lower: std::ops::Range<usize>,
    avoid: u64,
    out: &mut Vec<u64>,
    mut joined: impl FnMut(usize, usize),
) {
    let before = out.len();
    let spare = out.spare_capacity_mut();
    let mut len = 0;
    for u in upper.filter(|&u| a.patterns[u] & avoid == 0) {
        for l in lower.clone() {
            let clear =
                (a.sums[u] & b.sums[l]) | (a.diffs[u] & b.diffs[l]) | (b.patterns[l] & avoid) == 0;
            spare[len].write(a.patterns[u] | b.patterns[l]);
            len += usize::from(clear);
        }
        joined(u, before + len);
    }
    // SAFETY: the first `len` spare slots were written just above.
    unsafe { out.set_len(out.len() + len) };
}

/// The same, eight lower placements at a time, the clear ones' patterns stored together.
///
/// The clear patterns are compressed in a register and the whole register is stored, its
/// lanes past the kept ones overwritten by the next store. The compressing store to
/// memory (`vpcompressq` with a memory operand) is microcoded on AMD's Zen 4 cores; on a
/// Zen 5 core the register form measured 2% to 14% faster (docs/performance.md).
///
/// Whole registers are joined first and the masked rest last ([`cpu::by_registers`]),
/// and the kept lanes are counted with `popcnt`, which `avx512f` alone does not enable:
/// without both, `count 18 -j1` took 4.10 s against 3.55 s on a Zen 4 core.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,popcnt")]
fn join_placements_avx512(
    a: &Bucketed,
    upper: std::ops::Range<usize>,
    b: &Bucketed,
    lower: std::ops::Range<usize>,
    avoid: u64,
    out: &mut Vec<u64>,
    mut joined: impl FnMut(usize, usize),
) {
    use std::arch::x86_64::{
        _mm512_and_si512, _mm512_maskz_compress_epi64, _mm512_maskz_loadu_epi64, _mm512_or_si512,
        _mm512_set1_epi64, _mm512_storeu_si512, _mm512_testn_epi64_mask,
    };
    let (sums, diffs, patterns) = (
        &b.sums[lower.clone()],
        &b.diffs[lower.clone()],
        &b.patterns[lower],
    );
    let mut len = out.len();
    let avoid_all = _mm512_set1_epi64(avoid as i64);
    for u in upper.filter(|&u| a.patterns[u] & avoid == 0) {
        let us = _mm512_set1_epi64(a.sums[u] as i64);
        let ud = _mm512_set1_epi64(a.diffs[u] as i64);
        let up = _mm512_set1_epi64(a.patterns[u] as i64);
        // SAFETY: the loads read only lanes that lie in the lists; each store writes 8
        // slots from `len`, within the capacity reserved above (every pair, and 8 more).
        let step = |start: usize, lanes: u8| unsafe {
            let ls = _mm512_maskz_loadu_epi64(lanes, sums.as_ptr().add(start).cast());
            let ld = _mm512_maskz_loadu_epi64(lanes, diffs.as_ptr().add(start).cast());
            let lp = _mm512_maskz_loadu_epi64(lanes, patterns.as_ptr().add(start).cast());
            let meet = _mm512_or_si512(
                _mm512_or_si512(_mm512_and_si512(ls, us), _mm512_and_si512(ld, ud)),
                _mm512_and_si512(lp, avoid_all),
            );
            let clear = _mm512_testn_epi64_mask(meet, meet) & lanes;
            _mm512_storeu_si512(
                out.as_mut_ptr().add(len).cast(),
                _mm512_maskz_compress_epi64(clear, _mm512_or_si512(lp, up)),
            );
            len += clear.count_ones() as usize;
        };
        cpu::by_registers(sums.len(), step);
        joined(u, len);
    }
    // SAFETY: every slot up to `len` was written by the stores.
    unsafe { out.set_len(len) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buckets of every length up to three registers, whole ones among them (the boards
    /// of the test below have none longer than a register): the vector join keeps the
    /// pairs the portable one keeps, in its order.
    #[test]
    fn joins_of_every_length_agree() {
        // Sparse words from an xorshift generator: about a third of the pairs are clear.
        fn sparse(state: &mut u64) -> u64 {
            let mut word = !0u64;
            for _ in 0..3 {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                word &= *state;
            }
            word
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let bucketed = |len: usize, state: &mut u64| Bucketed {
            start: vec![0, len as u32],
            patterns: (0..len).map(|_| sparse(state)).collect(),
            sums: (0..len).map(|_| sparse(state) & sparse(state)).collect(),
            diffs: (0..len).map(|_| sparse(state)).collect(),
            leads: Vec::new(),
        };
        for len in 0..=25 {
            let (upper, lower) = (bucketed(3, &mut state), bucketed(len, &mut state));
            for avoid in [0, 1 << 7, sparse(&mut state)] {
                let (mut fast, mut slow) = (vec![1], vec![1]);
                let (mut fast_ends, mut slow_ends) = (Vec::new(), Vec::new());
                join_placements(&upper, 0..3, &lower, 0..len, avoid, &mut fast, |u, end| {
                    fast_ends.push((u, end))
                });
                slow.reserve(3 * len);
                join_placements_any(&upper, 0..3, &lower, 0..len, avoid, &mut slow, |u, end| {
                    slow_ends.push((u, end))
                });
                assert_eq!(fast, slow, "{len} lower placements, avoiding {avoid:#x}");
                // With no lower placements the dispatch returns before any upper one; an
                // upper one on a pattern bit of `avoid` is skipped by both.
                if len > 0 {
                    assert_eq!(fast_ends, slow_ends);
                    if let Some(&(_, end)) = fast_ends.last() {
                        assert_eq!(end, fast.len());
                    }
                }
            }
        }
    }

    /// The tops joined from the two tables, with and without vector instructions, are
    /// the tops the restricted search finds.
    #[test]
    fn tops_from_tables_are_the_searched_tops() {
        for n in [2, 3, 4, 5, 7, 12, 13] {
            let plain = Halves::new(n);
            let tabled = Halves::new(n).with_blocks(1 << 20, None);
            let blocks = tabled.blocks.as_ref().expect("small tables fit");
            for set in plain.sets() {
                for avoid in [0, 1 << 3] {
                    let (mut searched, mut joined) = (Vec::new(), Vec::new());
                    plain.tops(set, avoid, |p| p, usize::MAX, &mut searched, &mut |_| true);
                    tabled.tops(set, avoid, |p| p, usize::MAX, &mut joined, &mut |_| true);
                    searched.sort_unstable();
                    joined.sort_unstable();
                    assert_eq!(searched, joined, "n = {n}, set {set:#x}");
                }
            }
            // Every pair of buckets, both ways of joining them.
            let (upper, lower) = (&blocks.upper, &blocks.lower);
            for u in 0..upper.start.len() - 1 {
                for l in (0..lower.start.len() - 1).step_by(7) {
                    let (mut fast, mut slow) = (Vec::new(), Vec::new());
                    join_placements(
                        upper,
                        upper.bucket(u),
                        lower,
                        lower.bucket(l),
                        1 << 5,
                        &mut fast,
                        |_, _| {},
                    );
                    slow.reserve(upper.bucket(u).len() * lower.bucket(l).len());
                    join_placements_any(
                        upper,
                        upper.bucket(u),
                        lower,
                        lower.bucket(l),
                        1 << 5,
                        &mut slow,
                        |_, _| {},
                    );
                    assert_eq!(fast, slow, "n = {n}, buckets {u} and {l}");
                }
            }
        }
    }
}
