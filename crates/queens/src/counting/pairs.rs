//! The join's inner loop: how many pairs of two lists of bit patterns share no bit.
//!
//! The patterns of one list (the *tables*) are taken 512 at a time. For each chunk of up
//! to 8 bits of a pattern and each of their values, a 512-bit word says which of the
//! block's patterns are clear of them, so a pattern of the other list (a *probe*) costs
//! one AND per chunk and one popcount per 512 pairs. Storing the patterns bit-sliced and precomputing the
//! ANDs of a few bits at a time is the matcher of Evgeny Kluev's quadrant join
//! (github.com/EvgenyKluev/N-Queens-Count-Sol, matchtr.h); the code here is its own.
//! Where the CPU has AVX-512 with its popcount, a block's word is one register.

#[cfg(target_arch = "x86_64")]
use crate::cpu::{self, Feature};
use std::cell::Cell;
use std::ops::Range;

/// Patterns per block: one 512-bit word per table entry.
const BLOCK: usize = 512;

/// How the squeezed patterns are cut into chunks, one per byte: `count` chunks of `width`
/// bits at the low end of their bytes (the last one possibly fewer), so that a probe's
/// index into a chunk's row is one of its bytes. A probe costs a load per chunk, so a
/// pattern takes as few chunks as whole bytes allow, each as narrow as that count allows
/// (a block's table then builds no more entries of a row than its width reaches): n = 24's
/// patterns of 31 or 32 squeezed bits take four loads where chunks of 7 bits took five, and
/// measured faster although their tables (16 KB a chunk) outgrow a 32 KB first-level cache
/// (docs/performance.md).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Chunks {
    count: usize,
    width: u32,
}

impl Chunks {
    /// The chunks of patterns of `bits` bits.
    fn of(bits: u32) -> Chunks {
        let count = bits.div_ceil(8).max(1);
        Chunks {
            count: count as usize,
            width: bits.div_ceil(count).max(1),
        }
    }

    /// Where the `bits` squeezed bits go: the low `width` bits of each byte, in order.
    fn lanes(self, bits: u32) -> u64 {
        let byte = (1u64 << self.width) - 1;
        let mut lanes = 0;
        let mut left = bits;
        for c in 0..self.count {
            let here = left.min(self.width);
            lanes |= (byte >> (self.width - here)) << (8 * c);
            left -= here;
        }
        lanes
    }
}

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
    fn or(self, o: Word) -> Word {
        Word(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    /// The lanes from `from` to `to` (excluded).
    fn lanes(from: usize, to: usize) -> Word {
        Word(std::array::from_fn(|i| {
            let (lo, hi) = ((64 * i).max(from), (64 * i + 64).min(to));
            if hi <= lo {
                0
            } else {
                (u64::MAX >> (64 - (hi - lo))) << (lo - 64 * i)
            }
        }))
    }

    #[inline(always)]
    fn ones(self) -> u64 {
        self.0.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The half of the lanes, 0 for the low 256 or 1 for the high 256, that holds every
    /// lane set, if one does.
    #[inline(always)]
    fn half(&self) -> Option<usize> {
        let (low, high) = self.0.split_at(HALF_WORDS);
        if high.iter().all(|&w| w == 0) {
            Some(0)
        } else if low.iter().all(|&w| w == 0) {
            Some(1)
        } else {
            None
        }
    }
}

/// The 64-bit words of half a [`Word`].
const HALF_WORDS: usize = BLOCK / 128;

/// For each run of `probes` and its weight, the pairs `(a, b)` of `tables × run` with
/// `a & b == 0`, times the weight, added up ([`pairs_by_run`]).
pub(crate) fn weighted_pairs(
    tables: &[u64],
    probes: &[u64],
    runs: &[(Range<usize>, u128)],
    bits: u32,
) -> u128 {
    let mut total = 0;
    let ranges: Vec<Range<usize>> = runs.iter().map(|(run, _)| run.clone()).collect();
    pairs_by_run(tables, probes, &ranges, bits, |r, pairs| {
        total += runs[r].1 * u128::from(pairs);
    });
    total
}

/// The pairs `(a, b)` of `tables × run` with `a & b == 0`, for each run of `probes`:
/// `add(r, pairs)` is called any number of times for run `r`, the calls adding up to its
/// pairs (none where there are no tables). Every pattern must lie in the low `bits` bits.
///
/// Long lists are first cut by some of their densest bits: tables and probes are put in
/// groups by their values on those bits, and only groups with no common bit are paired,
/// which leaves out about a fifth of the pairs per bit cut (the sieve of Kluev's counter,
/// sieve.h, with the bits chosen here by sampling each list's densities). The cut bits
/// are then squeezed out with the others that cannot meet: two groups that are paired
/// share none of them. The tables' blocks run on across their groups' ends, a group of
/// probes meeting each block under a mask of the groups it pairs with.
pub(crate) fn pairs_by_run(
    tables: &[u64],
    probes: &[u64],
    runs: &[Range<usize>],
    bits: u32,
    add: impl FnMut(usize, u64),
) {
    pairs_cut_by(tables, probes, runs, bits, cuts_for(tables, probes), add);
}

/// How many bits to cut `tables` and `probes` by.
fn cuts_for(tables: &[u64], probes: &[u64]) -> usize {
    // Each group of tables should fill a few blocks, or most of its table is padding; one
    // block is enough where long tables meet more probes, the tables then costing little
    // beside the probing (at n = 17, shorter lists cut that fine are slower).
    let per_group = if probes.len() > tables.len() && tables.len() >= ONE_BLOCK_GROUPS {
        BLOCK
    } else {
        CUT_BLOCKS * BLOCK
    };
    (tables.len() / per_group)
        .max(1)
        .ilog2()
        .min(MAX_CUTS as u32) as usize
}

/// [`pairs_by_run`] with the lists cut by `cuts` bits (at most [`MAX_CUTS`]).
fn pairs_cut_by(
    tables: &[u64],
    probes: &[u64],
    runs: &[Range<usize>],
    bits: u32,
    cuts: usize,
    mut add: impl FnMut(usize, u64),
) {
    let or = |list: &[u64]| list.iter().fold(0, |acc, &p| acc | p);
    let probed = runs
        .iter()
        .fold(0, |acc, run| acc | or(&probes[run.clone()]));
    let cut = Cut::new(tables, probes, probed, bits, cuts);
    let groups = cut.groups();
    // The probes of run r in group g: probe_start[r * groups + g]..[.. + 1].
    let mut sorted = Vec::with_capacity(probes.len());
    let mut probe_start = Vec::with_capacity(runs.len() * groups + 1);
    for run in runs {
        let (part, starts) = cut.partition(&probes[run.clone()], |_, _| {});
        let offset = sorted.len() as u32;
        probe_start.extend(starts[..groups].iter().map(|s| s + offset));
        sorted.extend(part);
    }
    probe_start.push(sorted.len() as u32);
    // A block holds the tables of one group or of a few, and a group of probes pairs
    // with the lanes of each group it shares no bit with: the whole block, or the lanes
    // under a mask. Blocks that each held one group were 64% (n = 22) to 70% (n = 24)
    // full, weighted by the probes they met; across the groups' ends a probe meets 4% to
    // 8% fewer blocks, and n = 22 and 24 units counted 1.06 and 1.10 times faster.
    let mut pairs = vec![0u64; runs.len()];
    cut.each_packed_block(tables, |table, spans| {
        // Probes with a bit that every group of the block has pair with none of it.
        let shared = spans.iter().fold(groups - 1, |acc, &(g, _)| acc & g);
        for_each_subset((groups - 1) & !shared, |h| {
            let (mut lanes, mut paired) = (Word([0; BLOCK / 64]), 0);
            for (_, span) in spans.iter().filter(|&&(g, _)| g & h == 0) {
                lanes = lanes.or(*span);
                paired += 1;
            }
            if paired == 0 {
                return;
            }
            let mask = (paired < spans.len()).then_some(&lanes);
            for (r, pairs) in pairs.iter_mut().enumerate() {
                let at = r * groups + h;
                let run = probe_start[at] as usize..probe_start[at + 1] as usize;
                *pairs += probe(table, &sorted[run], mask);
            }
        });
        for (r, pairs) in pairs.iter_mut().enumerate() {
            add(r, std::mem::take(pairs));
        }
    });
}

/// For each probe, how many of `tables` share no bit with it, in place of what
/// `by_probe` held, and for each table, how many of `probes`, in place of what
/// `by_table` held. Every pattern must lie in the low `bits` bits. The lists are cut as
/// in [`pairs_by_run`]; each probe's count costs a sum of its word's lanes beside the
/// probe, and the tables' counts are kept bit-sliced ([`Tally`]), so one pass over the
/// pairs counts both sides.
pub(crate) fn pairs_of_each(
    tables: &[u64],
    probes: &[u64],
    bits: u32,
    by_table: &mut Vec<u32>,
    by_probe: &mut Vec<u32>,
) {
    by_table.clear();
    by_table.resize(tables.len(), 0);
    by_probe.clear();
    by_probe.resize(probes.len(), 0);
    if tables.is_empty() || probes.is_empty() {
        return;
    }
    let probed = probes.iter().fold(0, |acc, &p| acc | p);
    let cut = Cut::new(tables, probes, probed, bits, cuts_for(tables, probes));
    // Where each sorted probe and table came from.
    let mut probe_from = vec![0u32; probes.len()];
    let (sorted, start) = cut.partition(probes, |i, slot| probe_from[slot] = i as u32);
    // Written as the tables are placed, read block by block as they are counted.
    let table_from = vec![Cell::new(0u32); tables.len()];
    let mut sorted_counts = vec![0u32; probes.len()];
    let mut tally = Tally::default();
    let mut block_counts = [0u32; BLOCK];
    cut.each_block(
        tables,
        |i, slot| table_from[slot].set(i as u32),
        |table, free, block| {
            for_each_subset(free, |h| {
                let run = start[h] as usize..start[h + 1] as usize;
                for at in run.clone().step_by(Tally::MOST) {
                    let piece = at..run.end.min(at + Tally::MOST);
                    if tally.added + piece.len() > Tally::MOST {
                        tally.flush(&mut block_counts);
                    }
                    tally.added += piece.len();
                    probe_each(
                        table,
                        &sorted[piece.clone()],
                        &mut sorted_counts[piece],
                        &mut tally,
                    );
                }
            });
            tally.flush(&mut block_counts);
            for (count, from) in block_counts.iter_mut().zip(&table_from[block]) {
                by_table[from.get() as usize] = std::mem::take(count);
            }
        },
    );
    for (&i, &count) in probe_from.iter().zip(&sorted_counts) {
        by_probe[i as usize] = count;
    }
}

/// How many probes each pattern of a table's block has met, bit-sliced: bit `j` of entry
/// `e`'s count is bit `e` of plane `j`. A probe's word is added as a binary counter is
/// incremented, a carry rippling up only as far as it reaches, which is seldom far: few
/// of a block's patterns meet any one probe. Counting the tables' side in the pass over
/// the probes saves the second pass with the lists swapped, and its table.
struct Tally {
    planes: [Word; Tally::PLANES],
    /// Probes added since the last flush.
    added: usize,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            planes: [Word([0; BLOCK / 64]); Tally::PLANES],
            added: 0,
        }
    }
}

impl Tally {
    const PLANES: usize = 16;

    /// The most probes between two flushes, which no count can overflow.
    const MOST: usize = (1 << Tally::PLANES) - 1;

    /// Adds `word` at plane `from`: one probe's word at plane 0, or what carries out of
    /// the planes a kernel keeps in registers.
    #[inline(always)]
    fn add_at(&mut self, from: usize, word: Word) {
        let mut carry = word;
        for plane in &mut self.planes[from..] {
            if carry.0.iter().all(|&w| w == 0) {
                break;
            }
            let was = *plane;
            *plane = Word(std::array::from_fn(|i| was.0[i] ^ carry.0[i]));
            carry = was.and(carry);
        }
    }

    /// Moves the counts to `counts`, by entry, and clears them.
    fn flush(&mut self, counts: &mut [u32; BLOCK]) {
        #[cfg(target_arch = "x86_64")]
        if cpu::has(Feature::Avx512) {
            // SAFETY: the running CPU has the feature (`cpu::has`).
            return unsafe { self.flush_avx512(counts) };
        }
        self.flush_portable(counts);
    }

    /// [`Tally::flush`] bit by bit.
    fn flush_portable(&mut self, counts: &mut [u32; BLOCK]) {
        for (j, plane) in self.planes.iter_mut().enumerate() {
            for (lane, word) in plane.0.iter_mut().enumerate() {
                let mut rest = std::mem::take(word);
                while rest != 0 {
                    counts[lane * 64 + rest.trailing_zeros() as usize] += 1 << j;
                    rest &= rest - 1;
                }
            }
        }
        self.added = 0;
    }

    /// [`Tally::flush`] sixteen counts at a time: each plane's bit adds its weight to
    /// the count under it by a masked add, where bit by bit each set bit of every plane
    /// costs a scan and an add of its own (a block's counts of a few hundred hold four or
    /// five set bits each). Planes above the highest one in use are left out.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn flush_avx512(&mut self, counts: &mut [u32; BLOCK]) {
        use std::arch::x86_64::{
            __m512i, _mm512_loadu_si512, _mm512_mask_add_epi32, _mm512_set1_epi32,
            _mm512_storeu_si512,
        };
        let used = self
            .planes
            .iter()
            .rposition(|plane| plane.0.iter().any(|&w| w != 0))
            .map_or(0, |j| j + 1);
        for (v, sixteen) in counts.chunks_exact_mut(16).enumerate() {
            let (lane, shift) = (v / 4, 16 * (v % 4));
            let at = sixteen.as_mut_ptr().cast::<__m512i>();
            // SAFETY: the chunk is 16 counts, 64 bytes, which the unaligned load and
            // store touch.
            let mut sum = unsafe { _mm512_loadu_si512(at) };
            for (j, plane) in self.planes[..used].iter().enumerate() {
                let bits = (plane.0[lane] >> shift) as u16;
                sum = _mm512_mask_add_epi32(sum, bits, sum, _mm512_set1_epi32(1 << j));
            }
            // SAFETY: as the load.
            unsafe { _mm512_storeu_si512(at, sum) };
        }
        self.planes[..used].fill(Word([0; BLOCK / 64]));
        self.added = 0;
    }
}

/// Calls `each(h)` for every subset `h` of `set`, `set` itself first.
#[inline(always)]
fn for_each_subset(set: usize, mut each: impl FnMut(usize)) {
    let mut h = set;
    loop {
        each(h);
        if h == 0 {
            break;
        }
        h = (h - 1) & set;
    }
}

/// A block's table and the buffer it is built with, kept from one block to the next.
#[derive(Default)]
struct BlockTable {
    rows: Vec<Row>,
    clear: Vec<Word>,
}

impl BlockTable {
    const fn new() -> BlockTable {
        BlockTable {
            rows: Vec::new(),
            clear: Vec::new(),
        }
    }

    /// The table of `block`, its squeezed patterns cut into `chunks` ([`build_with`]).
    fn build(&mut self, block: &[u64], chunks: Chunks) -> &[Row] {
        if self.rows.len() < chunks.count {
            self.rows.resize(chunks.count, [Word([0; BLOCK / 64]); 256]);
        }
        let rows = &mut self.rows[..chunks.count];
        build_with(block, rows, chunks.width, &mut self.clear);
        rows
    }
}

thread_local! {
    /// The block table of [`Cut::each_block`] and [`Cut::each_packed_block`], kept from
    /// one pair count to the next: allocated and cleared afresh, 16 KB a chunk, it cost a
    /// count of many small sets (n = 17) a few percent.
    static BLOCK_TABLE: std::cell::RefCell<BlockTable> =
        const { std::cell::RefCell::new(BlockTable::new()) };
}

/// How two lists are cut: their densest bits, the groups they make, and the other bits
/// both lists can set, squeezed into the chunks' bytes.
struct Cut {
    /// The cut bits: a pattern's group is its values on them, squeezed together.
    group: Squeeze,
    cuts: usize,
    squeeze: Squeeze,
    /// Chunks of the squeezed patterns.
    chunks: Chunks,
}

impl Cut {
    /// The cut of `tables` and `probes` by `cuts` bits (at most [`MAX_CUTS`]), `probed`
    /// the bits the probes that are counted set.
    fn new(tables: &[u64], probes: &[u64], probed: u64, bits: u32, cuts: usize) -> Cut {
        debug_assert!(cuts <= MAX_CUTS);
        debug_assert!(
            tables
                .iter()
                .chain(probes)
                .all(|&p| bits >= 64 || p >> bits == 0)
        );
        // Only the bits set in both lists can make a pair meet: the others are squeezed
        // out, which often leaves two thirds of them.
        let relevant = tables.iter().fold(0, |acc, &p| acc | p) & probed;
        // One or two bits more than the lists' lengths ask for where that saves every
        // probe a chunk: n = 24's lists of 33 or 34 bits left take four chunks, not five.
        // With the blocks running across the groups' ends smaller groups cost little, and
        // the estimates of n = 23 and 24 fell 2% to 6% (docs/performance.md).
        let left = (relevant.count_ones() as usize).saturating_sub(cuts);
        let cuts = match left % 8 {
            extra @ (1 | 2) if cuts > 0 && left > 8 => (cuts + extra).min(MAX_CUTS),
            _ => cuts,
        };
        let cut = densest_bits(tables, probes, relevant, cuts);
        let cut_mask = cut.iter().fold(0, |mask, &b| mask | 1 << b);
        let squeezed = relevant & !cut_mask;
        let (squeeze, chunks) = Squeeze::into_chunks(squeezed);
        Cut {
            group: Squeeze::new(cut_mask),
            cuts: cut.len(),
            squeeze,
            chunks,
        }
    }

    fn groups(&self) -> usize {
        1 << self.cuts
    }

    /// `list` squeezed and sorted by group (stably), and where each group starts, with one
    /// past the end; `placed(i, slot)` says where each pattern went.
    fn partition(
        &self,
        list: &[u64],
        mut placed: impl FnMut(usize, usize),
    ) -> (Vec<u64>, Vec<u32>) {
        if self.groups() == 1 {
            (0..list.len()).for_each(|i| placed(i, i));
            return (self.squeeze.all(list), vec![0, list.len() as u32]);
        }
        #[cfg(target_arch = "x86_64")]
        if cpu::has(Feature::Bmi2) {
            // SAFETY: the running CPU has the feature (`cpu::has`).
            return unsafe { self.partition_bmi2(list, placed) };
        }
        self.partition_by(list, placed, |p| self.group.one(p), |p| self.squeeze.one(p))
    }

    /// [`Cut::partition`] with `pext` for each pattern's group and squeezed bits.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn partition_bmi2(
        &self,
        list: &[u64],
        placed: impl FnMut(usize, usize),
    ) -> (Vec<u64>, Vec<u32>) {
        use std::arch::x86_64::{_pdep_u64, _pext_u64};
        let (group, squeeze, to) = (self.group.mask, self.squeeze.mask, self.squeeze.to);
        self.partition_by(
            list,
            placed,
            |p| _pext_u64(p, group),
            |p| _pdep_u64(_pext_u64(p, squeeze), to),
        )
    }

    /// [`Cut::partition`], each pattern's group and squeezed bits found where they are
    /// used: two passes over the list, with no list of groups or of squeezed patterns
    /// written and read back between them.
    #[inline(always)]
    fn partition_by(
        &self,
        list: &[u64],
        mut placed: impl FnMut(usize, usize),
        group: impl Fn(u64) -> u64,
        squeeze: impl Fn(u64) -> u64,
    ) -> (Vec<u64>, Vec<u32>) {
        let groups = self.groups();
        // Neighbours in a list are often in one group, and a count bumped once per
        // pattern then waits on its own store from the pattern before: four counts per
        // group, each pattern of a four bumping its own, make four such chains at once.
        let mut counts = vec![[0u32; 4]; groups];
        let mut fours = list.chunks_exact(4);
        for four in &mut fours {
            for (k, &p) in four.iter().enumerate() {
                counts[group(p) as usize][k] += 1;
            }
        }
        for &p in fours.remainder() {
            counts[group(p) as usize][0] += 1;
        }
        let mut start = vec![0u32; groups + 1];
        for (g, four) in counts.iter().enumerate() {
            start[g + 1] = start[g] + four.iter().sum::<u32>();
        }
        let mut next = start.clone();
        let mut sorted = vec![0; list.len()];
        for (i, &p) in list.iter().enumerate() {
            let slot = &mut next[group(p) as usize];
            sorted[*slot as usize] = squeeze(p);
            placed(i, *slot as usize);
            *slot += 1;
        }
        (sorted, start)
    }

    /// Builds the table of each block of `tables`, group by group, and calls
    /// `each(table, free, block)`, `free` the groups with no bit of the block's (the
    /// subsets of `free` are the groups of probes it can pair with) and `block` where its
    /// patterns lie among the sorted tables; `placed` is told where each table went, as
    /// in [`Cut::partition`].
    fn each_block(
        &self,
        tables: &[u64],
        placed: impl FnMut(usize, usize),
        mut each: impl FnMut(&[Row], usize, Range<usize>),
    ) {
        let groups = self.groups();
        let (tables, table_start) = self.partition(tables, placed);
        BLOCK_TABLE.with_borrow_mut(|table| {
            for g in 0..groups {
                let (from, to) = (table_start[g] as usize, table_start[g + 1] as usize);
                for at in (from..to).step_by(BLOCK) {
                    let block = at..to.min(at + BLOCK);
                    let rows = table.build(&tables[block.clone()], self.chunks);
                    each(rows, (groups - 1) & !g, block);
                }
            }
        });
    }

    /// [`Cut::each_block`] with the blocks running on across the groups' ends, so that
    /// only the last is partly empty: calls `each(table, spans)`, `spans` each group the
    /// block holds, with its lanes.
    fn each_packed_block(&self, tables: &[u64], mut each: impl FnMut(&[Row], &[(usize, Word)])) {
        let groups = self.groups();
        let (tables, start) = self.partition(tables, |_, _| {});
        let mut spans = Vec::new();
        BLOCK_TABLE.with_borrow_mut(|table| {
            let mut first = 0;
            for at in (0..tables.len()).step_by(BLOCK) {
                let end = tables.len().min(at + BLOCK);
                let rows = table.build(&tables[at..end], self.chunks);
                while start[first + 1] as usize <= at {
                    first += 1;
                }
                spans.clear();
                let mut g = first;
                while g < groups && (start[g] as usize) < end {
                    let from = (start[g] as usize).max(at) - at;
                    let to = (start[g + 1] as usize).min(end) - at;
                    if to > from {
                        spans.push((g, Word::lanes(from, to)));
                    }
                    g += 1;
                }
                each(rows, &spans);
            }
        });
    }
}

#[cfg(feature = "parallel")]
/// Calls `pair(t, p)` for every pair of `tables[t]` and `probes[p]` with no common bit, in
/// no particular order: the listing's join (`enumerate/joined.rs`), where the pairs
/// themselves are wanted and the lists are a few hundred to a few thousand patterns.
/// `scratch` keeps the buffers from call to call.
pub(crate) fn for_each_pair(
    scratch: &mut PairScratch,
    tables: &[u64],
    probes: &[u64],
    mut pair: impl FnMut(usize, usize),
) {
    let or = |list: &[u64]| list.iter().fold(0, |acc, &p| acc | p);
    let (squeeze, chunks) = Squeeze::into_chunks(or(tables) & or(probes));
    squeeze.all_into(probes, &mut scratch.probes);
    squeeze.all_into(tables, &mut scratch.tables);
    let PairScratch {
        table,
        tables,
        probes,
    } = scratch;
    for (b, block) in tables.chunks(BLOCK).enumerate() {
        matches(table.build(block, chunks), probes, &mut |lane, bits, p| {
            let mut rest = bits;
            while rest != 0 {
                pair(b * BLOCK + lane * 64 + rest.trailing_zeros() as usize, p);
                rest &= rest - 1;
            }
        });
    }
}

#[cfg(feature = "parallel")]
/// The buffers of [`for_each_pair`].
#[derive(Default)]
pub(crate) struct PairScratch {
    table: BlockTable,
    tables: Vec<u64>,
    probes: Vec<u64>,
}

#[cfg(feature = "parallel")]
/// For each probe `p` and each 64-bit lane of its word in `table` that is not zero,
/// `hit(lane, bits, p)`.
fn matches(table: &[Row], probes: &[u64], hit: &mut dyn FnMut(usize, u64, usize)) {
    macro_rules! by_chunks {
        ($($c:literal)*) => {
            match table.len() {
                $($c => matches_fixed::<$c>(table.try_into().expect("the length matched"), probes, hit),)*
                _ => unreachable!("at most {MAX_CHUNKS} chunks"),
            }
        };
    }
    const _: () = assert!(MAX_CHUNKS == 8);
    by_chunks!(1 2 3 4 5 6 7 8)
}

#[cfg(feature = "parallel")]
fn matches_fixed<const C: usize>(
    table: &[Row; C],
    probes: &[u64],
    hit: &mut dyn FnMut(usize, u64, usize),
) {
    #[cfg(target_arch = "x86_64")]
    if cpu::has(Feature::Avx512) {
        // SAFETY: the running CPU has the feature (`cpu::has`).
        return unsafe { matches_avx512(table, probes, hit) };
    }
    matches_any(table, probes, hit)
}

#[cfg(feature = "parallel")]
#[inline(always)]
fn matches_any<const C: usize>(
    table: &[Row; C],
    probes: &[u64],
    hit: &mut dyn FnMut(usize, u64, usize),
) {
    for (i, &p) in probes.iter().enumerate() {
        let mut acc = table[0][index(p, 0)];
        for (c, row) in table.iter().enumerate().skip(1) {
            acc = acc.and(row[index(p, c)]);
        }
        if acc.0.iter().any(|&w| w != 0) {
            for (lane, &bits) in acc.0.iter().enumerate() {
                if bits != 0 {
                    hit(lane, bits, i);
                }
            }
        }
    }
}

#[cfg(feature = "parallel")]
/// The same, a word per 512-bit register and one test of it for the common probe that
/// meets nothing.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,popcnt")]
fn matches_avx512<const C: usize>(
    table: &[Row; C],
    probes: &[u64],
    hit: &mut dyn FnMut(usize, u64, usize),
) {
    use std::arch::x86_64::{
        __m512i, _mm512_and_si512, _mm512_load_si512, _mm512_storeu_si512, _mm512_test_epi64_mask,
    };
    let load = |word: &Word| {
        // SAFETY: a Word is 64 bytes, aligned to 64.
        unsafe { _mm512_load_si512((word as *const Word).cast::<__m512i>()) }
    };
    for (i, &p) in probes.iter().enumerate() {
        let mut acc = load(&table[0][index(p, 0)]);
        for (c, row) in table.iter().enumerate().skip(1) {
            acc = _mm512_and_si512(acc, load(&row[index(p, c)]));
        }
        let mut lanes = _mm512_test_epi64_mask(acc, acc);
        if lanes != 0 {
            let mut words = [0u64; BLOCK / 64];
            // SAFETY: `words` is 64 bytes.
            unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast::<__m512i>(), acc) };
            while lanes != 0 {
                let lane = lanes.trailing_zeros() as usize;
                hit(lane, words[lane], i);
                lanes &= lanes - 1;
            }
        }
    }
}

/// The most bits a pair count cuts its lists by: one per doubling of the tables. At
/// n = 24 and 25 (millions of tops, 11 to 14 bits) a cap of 10 made the units up to a
/// fifth slower (docs/performance.md); 15 and 16 bits, for lists of tens of millions,
/// are tested on short lists only. 65,536 groups stay small beside such lists.
const MAX_CUTS: usize = 16;

/// Tables from which groups of one block are cut, where the probes outnumber them.
const ONE_BLOCK_GROUPS: usize = 16 * BLOCK;

/// Blocks of tables each group should fill at least.
const CUT_BLOCKS: usize = 2;

/// The `k` bits of `relevant` most often set in both lists, judged on a sample of each.
fn densest_bits(tables: &[u64], probes: &[u64], relevant: u64, k: usize) -> Vec<u32> {
    if k == 0 {
        return Vec::new();
    }
    let density = |list: &[u64]| {
        let mut counts = [0u32; 64];
        for &p in list.iter().step_by((list.len() / 256).max(1)) {
            let mut rest = p;
            while rest != 0 {
                counts[rest.trailing_zeros() as usize] += 1;
                rest &= rest - 1;
            }
        }
        counts
    };
    let (t, p) = (density(tables), density(probes));
    let mut order: Vec<u32> = (0..64).filter(|&b| relevant >> b & 1 != 0).collect();
    order.sort_by_key(|&b| std::cmp::Reverse(u64::from(t[b as usize]) * u64::from(p[b as usize])));
    order.truncate(k);
    order
}

/// Moves the bits of a mask to the low end, in order (BMI2's `pext`), or to the bits of
/// another mask with as many (then `pdep`).
struct Squeeze {
    mask: u64,
    to: u64,
}

impl Squeeze {
    fn new(mask: u64) -> Squeeze {
        Squeeze::into(
            mask,
            u64::MAX.checked_shr(64 - mask.count_ones()).unwrap_or(0),
        )
    }

    fn into(mask: u64, to: u64) -> Squeeze {
        debug_assert_eq!(mask.count_ones(), to.count_ones());
        Squeeze { mask, to }
    }

    /// The bits of `mask` into the bytes of their [`Chunks`], and those chunks.
    fn into_chunks(mask: u64) -> (Squeeze, Chunks) {
        let chunks = Chunks::of(mask.count_ones());
        (Squeeze::into(mask, chunks.lanes(mask.count_ones())), chunks)
    }

    /// Every pattern of `list`, squeezed, in place of what `out` held.
    fn all_into(&self, list: &[u64], out: &mut Vec<u64>) {
        out.clear();
        #[cfg(target_arch = "x86_64")]
        if cpu::has(Feature::Bmi2) {
            // SAFETY: the running CPU has the feature (`cpu::has`).
            return unsafe { self.all_into_bmi2(list, out) };
        }
        out.extend(list.iter().map(|&p| self.one(p)));
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn all_into_bmi2(&self, list: &[u64], out: &mut Vec<u64>) {
        use std::arch::x86_64::{_pdep_u64, _pext_u64};
        out.extend(
            list.iter()
                .map(|&p| _pdep_u64(_pext_u64(p, self.mask), self.to)),
        );
    }

    /// Every pattern of `list`, squeezed.
    fn all(&self, list: &[u64]) -> Vec<u64> {
        let mut out = Vec::with_capacity(list.len());
        self.all_into(list, &mut out);
        out
    }

    /// One pattern, bit by bit.
    fn one(&self, p: u64) -> u64 {
        let mut out = 0;
        let (mut mask, mut to) = (self.mask, self.to);
        while mask != 0 {
            let (low, at) = (mask & mask.wrapping_neg(), to & to.wrapping_neg());
            if p & low != 0 {
                out |= at;
            }
            mask ^= low;
            to ^= at;
        }
        out
    }
}

/// Fills `table[c][v]`: which patterns of `block` are clear of the value `v` of byte `c`,
/// chunks of `width` bits ([`Chunks`]), with `clear` a buffer kept from one block to the
/// next.
fn build_with(block: &[u64], table: &mut [Row], width: u32, clear: &mut Vec<Word>) {
    let mut present = Word([0; BLOCK / 64]);
    for i in 0..block.len() {
        present.0[i / 64] |= 1 << (i % 64);
    }
    clear.clear();
    clear.resize(table.len() * 8, present);
    clear_bits(block, clear);
    for (chunk, row) in table.iter_mut().enumerate() {
        row[0] = present;
        for value in 1..1usize << width {
            let low = value.trailing_zeros() as usize;
            row[value] = row[value & (value - 1)].and(clear[chunk * 8 + low]);
        }
    }
}

/// Clears, in `clear[b]`, the bit of every pattern of `block` that has bit `b`.
fn clear_bits(block: &[u64], clear: &mut [Word]) {
    #[cfg(target_arch = "x86_64")]
    if cpu::has(Feature::Avx512) {
        // SAFETY: the running CPU has the feature (`cpu::has`).
        unsafe { clear_bits_avx512(block, clear) };
        return;
    }
    clear_bits_any(block, clear);
}

/// [`clear_bits`] without vector instructions.
fn clear_bits_any(block: &[u64], clear: &mut [Word]) {
    for (i, &pattern) in block.iter().enumerate() {
        let mut bits = pattern;
        while bits != 0 {
            clear[bits.trailing_zeros() as usize].0[i / 64] &= !(1 << (i % 64));
            bits &= bits - 1;
        }
    }
}

/// The same, eight patterns at a time, a bit of theirs at a time: a test of one register
/// clears eight patterns' bits at once, with no branch on how many bits a pattern has,
/// which the loop above mispredicts for nearly every pattern.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn clear_bits_avx512(block: &[u64], clear: &mut [Word]) {
    use std::arch::x86_64::{
        _mm512_maskz_loadu_epi64, _mm512_set1_epi64, _mm512_slli_epi64, _mm512_test_epi64_mask,
    };
    let bits = clear.len().min(64);
    crate::cpu::by_registers(block.len(), |start, lanes| {
        // SAFETY: the masked load reads only the patterns of the block.
        let patterns = unsafe { _mm512_maskz_loadu_epi64(lanes, block.as_ptr().add(start).cast()) };
        let mut bit = _mm512_set1_epi64(1);
        for word in &mut clear[..bits] {
            // Byte g of a word holds the bits of patterns 8g to 8g + 7 (little-endian).
            let byte = &mut bytes_of(word)[start / 8];
            *byte &= !_mm512_test_epi64_mask(patterns, bit);
            bit = _mm512_slli_epi64::<1>(bit);
        }
    });
}

/// A word's 64 bytes, the first the low byte of its first `u64`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn bytes_of(word: &mut Word) -> &mut [u8; BLOCK / 8] {
    // SAFETY: a Word is 64 bytes of plain integers, and any byte pattern is a valid u8.
    unsafe { &mut *(word as *mut Word).cast::<[u8; BLOCK / 8]>() }
}

/// The table entries of one chunk, one per value of its byte (a chunk of fewer than 8
/// bits uses the first).
type Row = [Word; 256];

/// The most chunks a 64-bit pattern has: one per byte.
const MAX_CHUNKS: usize = 8;

/// The disjoint pairs of one block's table and every probe, among the block's lanes in
/// `mask` if one is given.
fn probe(table: &[Row], probes: &[u64], mask: Option<&Word>) -> u64 {
    probe_with::<false>(table, probes, &mut [], None, mask)
}

/// The disjoint pairs of one block's table and each probe, added to its count and, for
/// each pattern of the block, to `tally`.
fn probe_each(table: &[Row], probes: &[u64], counts: &mut [u32], tally: &mut Tally) {
    debug_assert_eq!(probes.len(), counts.len());
    probe_with::<true>(table, probes, counts, Some(tally), None);
}

/// [`probe`], or with `EACH` [`probe_each`], with the loop over the table's chunks
/// unrolled for its length.
fn probe_with<const EACH: bool>(
    table: &[Row],
    probes: &[u64],
    counts: &mut [u32],
    tally: Option<&mut Tally>,
    mask: Option<&Word>,
) -> u64 {
    macro_rules! by_chunks {
        ($($c:literal)*) => {
            match table.len() {
                $($c => probe_fixed::<$c, EACH>(table.try_into().expect("the length matched"), probes, counts, tally, mask),)*
                _ => unreachable!("at most {MAX_CHUNKS} chunks"),
            }
        };
    }
    const _: () = assert!(MAX_CHUNKS == 8);
    by_chunks!(1 2 3 4 5 6 7 8)
}

fn probe_fixed<const C: usize, const EACH: bool>(
    table: &[Row; C],
    probes: &[u64],
    counts: &mut [u32],
    tally: Option<&mut Tally>,
    mask: Option<&Word>,
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if cpu::has(Feature::Avx512Popcnt) {
            // SAFETY: the running CPU has the features (`cpu::has`).
            return unsafe { probe_avx512::<C, EACH>(table, probes, counts, tally, mask) };
        }
        if cpu::has(Feature::Avx2) {
            // SAFETY: the running CPU has the features (`cpu::has`).
            return unsafe { probe_avx2::<C, EACH>(table, probes, counts, tally, mask) };
        }
    }
    probe_any::<C, EACH>(table, probes, counts, tally, mask)
}

/// A probe's index into the row of chunk `c`: its byte `c`.
#[inline(always)]
fn index(p: u64, c: usize) -> usize {
    usize::from((p >> (8 * c)) as u8)
}

#[inline(always)]
fn probe_any<const C: usize, const EACH: bool>(
    table: &[Row; C],
    probes: &[u64],
    counts: &mut [u32],
    mut tally: Option<&mut Tally>,
    mask: Option<&Word>,
) -> u64 {
    if let Some(mask) = mask
        && let Some(half) = mask.half()
    {
        debug_assert!(!EACH, "only the count without a tally takes a mask");
        return probe_half_any(table, probes, mask, half);
    }
    let mut total = 0;
    for (i, &p) in probes.iter().enumerate() {
        let mut acc = table[0][index(p, 0)];
        for (c, row) in table.iter().enumerate().skip(1) {
            acc = acc.and(row[index(p, c)]);
        }
        // Only where a block holds groups the probes do not pair with: an AND with all
        // lanes would cost every other probe an instruction.
        if let Some(mask) = mask {
            acc = acc.and(*mask);
        }
        if EACH {
            counts[i] += acc.ones() as u32;
            if let Some(tally) = tally.as_deref_mut() {
                tally.add_at(0, acc);
            }
        } else {
            total += acc.ones();
        }
    }
    total
}

/// The pairs of each probe with the lanes of `mask`, all in half `half` of the block:
/// that half's words alone, half the loads and ANDs of a whole block.
#[inline(always)]
fn probe_half_any<const C: usize>(
    table: &[Row; C],
    probes: &[u64],
    mask: &Word,
    half: usize,
) -> u64 {
    let words = half * HALF_WORDS..(half + 1) * HALF_WORDS;
    let part = |word: &Word| -> [u64; HALF_WORDS] {
        word.0[words.clone()].try_into().expect("half a word")
    };
    let mask = part(mask);
    let mut total = 0;
    for &p in probes {
        let mut acc = mask;
        for (c, row) in table.iter().enumerate() {
            let word = part(&row[index(p, c)]);
            acc = std::array::from_fn(|i| acc[i] & word[i]);
        }
        total += acc.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
    }
    total
}

/// The same code compiled for 256-bit ANDs and the popcount instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn probe_avx2<const C: usize, const EACH: bool>(
    table: &[Row; C],
    probes: &[u64],
    counts: &mut [u32],
    tally: Option<&mut Tally>,
    mask: Option<&Word>,
) -> u64 {
    probe_any::<C, EACH>(table, probes, counts, tally, mask)
}

/// One 512-bit register per word, and AVX-512's per-lane popcount: summed over the
/// probes lane by lane, or with `EACH` over each probe's lanes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512vpopcntdq")]
fn probe_avx512<const C: usize, const EACH: bool>(
    table: &[Row; C],
    probes: &[u64],
    counts: &mut [u32],
    tally: Option<&mut Tally>,
    mask: Option<&Word>,
) -> u64 {
    use std::arch::x86_64::{
        __m256i, __m512i, _mm256_add_epi32, _mm256_loadu_si256, _mm256_storeu_si256,
        _mm512_add_epi64, _mm512_and_si512, _mm512_cvtepi64_epi32, _mm512_load_si512,
        _mm512_popcnt_epi64, _mm512_reduce_add_epi64, _mm512_setzero_si512, _mm512_shuffle_i64x2,
        _mm512_store_si512, _mm512_ternarylogic_epi64, _mm512_test_epi64_mask,
        _mm512_unpackhi_epi64, _mm512_unpacklo_epi64, _mm512_xor_si512,
    };
    let load = |word: &Word| {
        // SAFETY: a Word is 64 bytes, aligned to 64.
        unsafe { _mm512_load_si512((word as *const Word).cast::<__m512i>()) }
    };
    let store = |word: &mut Word, value: __m512i| {
        // SAFETY: a Word is 64 bytes, aligned to 64.
        unsafe { _mm512_store_si512((word as *mut Word).cast::<__m512i>(), value) }
    };
    let word = |p: u64| {
        let mut acc = load(&table[0][index(p, 0)]);
        for (c, row) in table.iter().enumerate().skip(1) {
            acc = _mm512_and_si512(acc, load(&row[index(p, c)]));
        }
        acc
    };
    if !EACH {
        if let Some(mask) = mask
            && let Some(half) = mask.half()
        {
            return probe_half_avx512(table, probes, mask, half);
        }
        let mut sum = _mm512_setzero_si512();
        if let Some(mask) = mask {
            let mask = load(mask);
            for &p in probes {
                sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(_mm512_and_si512(word(p), mask)));
            }
        } else {
            for &p in probes {
                sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(word(p)));
            }
        }
        return _mm512_reduce_add_epi64(sum) as u64;
    }
    let tally = tally.expect("each probe's count comes with a tally");
    // Tally::add_at, its low planes in registers: every probe's word goes through them, and
    // through memory each would wait on the store of the probe before it. Eight probes'
    // words go in at once by carry-save adders (Harley and Seal's popcount): per four,
    // two add pairs of them into the ones and a third the two carries into the twos; a
    // seventh adds the two fours into the fours, and only what carries out of them
    // ripples on. A carry out of the registers ripples on in memory, behind a branch
    // the CPU mispredicts, so they hold six planes: a block's pattern that meets many
    // probes between two flushes carries out of four planes every sixteen, which cost
    // the ranking of n = 20 about 5% (on Zen 4).
    let mut planes: [__m512i; REGISTER_PLANES] = std::array::from_fn(|j| load(&tally.planes[j]));
    // (a + b + c) as a sum bit and a carry bit: exclusive or, and majority.
    let add3 = |a, b, c| {
        (
            _mm512_ternarylogic_epi64::<0x96>(a, b, c),
            _mm512_ternarylogic_epi64::<0xe8>(a, b, c),
        )
    };
    // A carry added into the planes from the first given on, as Tally::add_at does in
    // memory, and on into memory past the last.
    let ripple = |planes: &mut [__m512i], mut carry: __m512i, tally: &mut Tally| {
        for plane in planes {
            let was = *plane;
            *plane = _mm512_xor_si512(was, carry);
            carry = _mm512_and_si512(was, carry);
        }
        if _mm512_test_epi64_mask(carry, carry) != 0 {
            let mut word = Word([0; BLOCK / 64]);
            store(&mut word, carry);
            tally.add_at(REGISTER_PLANES, word);
        }
    };
    // Eight probes' counts at once: their words' lane counts added pairwise across the
    // eight (a transpose that adds as it goes), three steps of a few shuffles where a
    // sum of each word's lanes on its own costs six.
    let add_pairs = |a: [__m512i; 8]| {
        let s: [__m512i; 4] = std::array::from_fn(|k| {
            let (x, y) = (a[2 * k], a[2 * k + 1]);
            _mm512_add_epi64(_mm512_unpacklo_epi64(x, y), _mm512_unpackhi_epi64(x, y))
        });
        let halves = |x, y| {
            _mm512_add_epi64(
                _mm512_shuffle_i64x2::<0b10_00_10_00>(x, y),
                _mm512_shuffle_i64x2::<0b11_01_11_01>(x, y),
            )
        };
        let (t0, t1) = (halves(s[0], s[1]), halves(s[2], s[3]));
        _mm512_cvtepi64_epi32(halves(t0, t1))
    };
    let by_eight = probes.chunks_exact(8);
    let rest = by_eight.remainder();
    let mut at = 0;
    for eight in by_eight {
        let w: [__m512i; 8] = std::array::from_fn(|k| word(eight[k]));
        let ones = add_pairs(std::array::from_fn(|k| _mm512_popcnt_epi64(w[k])));
        let slot = counts[at..at + 8].as_mut_ptr().cast::<__m256i>();
        // SAFETY: the slice has the 8 counts the unaligned load and store touch.
        unsafe { _mm256_storeu_si256(slot, _mm256_add_epi32(_mm256_loadu_si256(slot), ones)) };
        at += 8;
        // The fours each half of the eight carries out of the twos.
        let mut fours = [_mm512_setzero_si512(); 2];
        for (k, four) in w.chunks_exact(4).enumerate() {
            let (sum, twos_a) = add3(planes[0], four[0], four[1]);
            let (sum, twos_b) = add3(sum, four[2], four[3]);
            planes[0] = sum;
            (planes[1], fours[k]) = add3(planes[1], twos_a, twos_b);
        }
        let (sum, carry) = add3(planes[2], fours[0], fours[1]);
        planes[2] = sum;
        ripple(&mut planes[3..], carry, tally);
    }
    for &p in rest {
        let w = word(p);
        counts[at] += _mm512_reduce_add_epi64(_mm512_popcnt_epi64(w)) as u32;
        at += 1;
        ripple(&mut planes, w, tally);
    }
    for (plane, value) in tally.planes.iter_mut().zip(planes) {
        store(plane, value);
    }
    0
}

/// [`probe_half_any`] on 256-bit registers. A block's probes under a mask confined to one
/// half of its lanes were 32% (n = 22) and 29% (n = 24) of all; on cores that run a
/// 512-bit instruction as two 256-bit halves (Zen 4) the half costs half as much.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512vpopcntdq")]
fn probe_half_avx512<const C: usize>(
    table: &[Row; C],
    probes: &[u64],
    mask: &Word,
    half: usize,
) -> u64 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_load_si256, _mm256_popcnt_epi64,
        _mm256_setzero_si256, _mm256_storeu_si256,
    };
    let load = |word: &Word| {
        // SAFETY: a Word is 64 bytes, aligned to 64, and `half` is 0 or 1: its 32-byte
        // halves are aligned to 32.
        unsafe { _mm256_load_si256((word as *const Word).cast::<__m256i>().add(half)) }
    };
    let mask = load(mask);
    let mut sum = _mm256_setzero_si256();
    for &p in probes {
        let mut acc = mask;
        for (c, row) in table.iter().enumerate() {
            acc = _mm256_and_si256(acc, load(&row[index(p, c)]));
        }
        sum = _mm256_add_epi64(sum, _mm256_popcnt_epi64(acc));
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 bytes, the unaligned store's width.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), sum) };
    lanes.iter().sum()
}

/// The planes of a [`Tally`] the AVX-512 kernel keeps in registers, ones to 32s: eight
/// spill registers in its loop (slower than four).
#[cfg(target_arch = "x86_64")]
const REGISTER_PLANES: usize = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squeezing_bit_by_bit_is_pext() {
        let squeeze = Squeeze::new(0xf0f0_0000_ffff_0001);
        let list = [
            0,
            1,
            0xffff_ffff_ffff_ffff,
            0x1234_5678_9abc_def0,
            0x8000_0000_0001_0000,
        ];
        let one: Vec<u64> = list.iter().map(|&p| squeeze.one(p)).collect();
        assert_eq!(squeeze.all(&list), one);
        assert_eq!(one[2], (1 << 25) - 1);
        assert_eq!(one[4], 1 << 24 | 1 << 1);
        // Into chunks of 7 bits a byte: the 25 bits as 7, 7, 7 and 4.
        let chunks = Chunks::of(25);
        assert_eq!(chunks, Chunks { count: 4, width: 7 });
        let spread = Squeeze::into(squeeze.mask, chunks.lanes(25));
        let one: Vec<u64> = list.iter().map(|&p| spread.one(p)).collect();
        assert_eq!(spread.all(&list), one);
        assert_eq!(one[2], 0x0f7f_7f7f);
        // Squeezed bit 24 is bit 3 of the fourth chunk.
        assert_eq!(one[4], 1 << 27 | 1 << 1);
    }

    /// Patterns of any width take the fewest bytes, chunks as even as they can be, and
    /// every bit a place of its own.
    #[test]
    fn chunks_fill_as_few_bytes_as_they_can() {
        assert_eq!(Chunks::of(0), Chunks { count: 1, width: 1 });
        assert_eq!(Chunks::of(8), Chunks { count: 1, width: 8 });
        assert_eq!(Chunks::of(9), Chunks { count: 2, width: 5 });
        assert_eq!(Chunks::of(32), Chunks { count: 4, width: 8 });
        assert_eq!(Chunks::of(33), Chunks { count: 5, width: 7 });
        assert_eq!(Chunks::of(64), Chunks { count: 8, width: 8 });
        for bits in 0..=64 {
            let chunks = Chunks::of(bits);
            let lanes = chunks.lanes(bits);
            assert_eq!(
                chunks.count,
                bits.div_ceil(8).max(1) as usize,
                "{bits} bits"
            );
            assert_eq!(lanes.count_ones(), bits, "{bits} bits");
            for c in 0..chunks.count {
                let byte = lanes >> (8 * c) & 0xff;
                assert!(byte < 1 << chunks.width, "{bits} bits, chunk {c}");
                assert!(
                    byte & (byte + 1) == 0,
                    "{bits} bits: chunk {c} from the low end"
                );
            }
        }
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn listed_pairs_are_the_plain_double_loops_by_either_kernel() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & x.rotate_left(23) & 0x3fff_ffff
        };
        let mut scratch = PairScratch::default();
        for (a, b) in [(0, 3), (1, 1), (40, 700), (513, 90), (1200, 30)] {
            let tables: Vec<u64> = (0..a).map(|_| next()).collect();
            let probes: Vec<u64> = (0..b).map(|_| next()).collect();
            let mut plain: Vec<(usize, usize)> = (0..a)
                .flat_map(|t| (0..b).map(move |p| (t, p)))
                .filter(|&(t, p)| tables[t] & probes[p] == 0)
                .collect();
            let mut listed = Vec::new();
            for_each_pair(&mut scratch, &tables, &probes, |t, p| listed.push((t, p)));
            listed.sort_unstable();
            plain.sort_unstable();
            assert_eq!(listed, plain, "{a} × {b}");
            // The portable kernel on the same table, block by block.
            let mut portable = Vec::new();
            // The patterns as they are: a whole byte a chunk.
            let mut table = vec![[Word([0; BLOCK / 64]); 256]; 4];
            for (k, block) in tables.chunks(BLOCK).enumerate() {
                build_with(block, &mut table, 8, &mut Vec::new());
                let fixed: &[Row; 4] = table[..].try_into().unwrap();
                matches_any(fixed, &probes, &mut |lane, bits, p| {
                    let mut rest = bits;
                    while rest != 0 {
                        portable.push((k * BLOCK + lane * 64 + rest.trailing_zeros() as usize, p));
                        rest &= rest - 1;
                    }
                });
            }
            portable.sort_unstable();
            assert_eq!(portable, plain, "{a} × {b}, portable");
        }
    }

    /// Sparse random patterns in the low `bits` bits (an xorshift generator, three words
    /// ANDed), so that some pairs are disjoint.
    struct Sparse(u64);

    impl Sparse {
        fn next(&mut self, bits: u32) -> u64 {
            let x = &mut self.0;
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            (*x & x.rotate_left(11) & x.rotate_left(29)) & (u64::MAX >> (64 - bits))
        }

        fn list(&mut self, len: usize, bits: u32) -> Vec<u64> {
            (0..len).map(|_| self.next(bits)).collect()
        }
    }

    /// A probe under a mask counts the pairs of the mask's lanes, by either kernel, the
    /// masks that lie in one half of the block probed on that half alone.
    #[test]
    fn masked_probes_count_the_lanes_of_the_mask_by_either_kernel() {
        let mut sparse = Sparse(0x1f83_d9ab_fb41_bd6b);
        let block = sparse.list(BLOCK, 30);
        let probes = sparse.list(300, 30);
        let mut table = vec![[Word([0; BLOCK / 64]); 256]; 4];
        build_with(&block, &mut table, 8, &mut Vec::new());
        let rows: &[Row; 4] = table[..].try_into().expect("four chunks");
        for (from, to) in [
            (0, 512),
            (0, 200),
            (100, 256),
            (256, 512),
            (300, 400),
            (200, 300),
        ] {
            let mask = Word::lanes(from, to);
            let plain: u64 = probes
                .iter()
                .map(|&p| block[from..to].iter().filter(|&&t| t & p == 0).count() as u64)
                .sum();
            assert!(plain > 0, "lanes {from}..{to} pair");
            let portable = probe_any::<4, false>(rows, &probes, &mut [], None, Some(&mask));
            assert_eq!(portable, plain, "portable, lanes {from}..{to}");
            assert_eq!(
                probe(&table, &probes, Some(&mask)),
                plain,
                "lanes {from}..{to}"
            );
        }
    }

    /// A tally's counts moved out sixteen at a time (where the CPU can) are those moved
    /// out bit by bit, added to what the counts held.
    #[test]
    fn a_tally_flushes_the_same_counts_either_way() {
        let mut sparse = Sparse(0x510e_527f_ade6_82d1);
        for top in [0, 1, 5, Tally::PLANES] {
            let mut planes = [Word([0; BLOCK / 64]); Tally::PLANES];
            for plane in &mut planes[..top] {
                plane.0 = std::array::from_fn(|_| sparse.next(64) | sparse.next(64));
            }
            let held: [u32; BLOCK] = std::array::from_fn(|i| (i * 7) as u32);
            let (mut fast, mut slow) = (held, held);
            let mut tally = Tally { planes, added: 9 };
            tally.flush(&mut fast);
            assert!(tally.planes.iter().all(|p| p.0 == [0; BLOCK / 64]) && tally.added == 0);
            Tally { planes, added: 9 }.flush_portable(&mut slow);
            assert_eq!(fast, slow, "{top} planes");
        }
    }

    /// A list sorted by group with `pext` (where the CPU has it) is the list sorted bit by
    /// bit, each pattern in the same place.
    #[test]
    fn sorting_by_group_is_the_same_with_pext() {
        let mut sparse = Sparse(0x3c6e_f372_fe94_f82b);
        let (tables, probes) = (sparse.list(3000, 40), sparse.list(2000, 40));
        let probed = probes.iter().fold(0, |acc, &p| acc | p);
        for cuts in 0..=4 {
            let cut = Cut::new(&tables, &probes, probed, 40, cuts);
            let mut fast = Vec::new();
            let fast = (cut.partition(&probes, |i, slot| fast.push((i, slot))), fast);
            let mut slow = Vec::new();
            let by_bits = cut.partition_by(
                &probes,
                |i, slot| slow.push((i, slot)),
                |p| cut.group.one(p),
                |p| cut.squeeze.one(p),
            );
            assert_eq!(fast, (by_bits, slow), "{cuts} cuts");
        }
    }

    /// The disjoint pairs of `tables` with each run of `probes`, by a double loop.
    fn plain_pairs(tables: &[u64], probes: &[u64], runs: &[Range<usize>]) -> Vec<u64> {
        runs.iter()
            .map(|run| {
                let run = &probes[run.clone()];
                tables
                    .iter()
                    .map(|t| run.iter().filter(|&&p| t & p == 0).count() as u64)
                    .sum()
            })
            .collect()
    }

    /// Cut by any number of bits, the lists pair the same, even where the groups are a few
    /// patterns or none; runs of probes are counted apart.
    #[test]
    fn every_depth_of_cut_counts_the_same_pairs() {
        let mut sparse = Sparse(0x9e37_79b9_7f4a_7c15);
        for (bits, a, b) in [(3, 40, 50), (24, 1500, 700), (40, 600, 2000)] {
            let tables = sparse.list(a, bits);
            let probes = sparse.list(b, bits);
            let runs = [0..b / 3, b / 3..b, 0..b];
            let plain = plain_pairs(&tables, &probes, &runs);
            for cuts in 0..=MAX_CUTS {
                let mut counted = vec![0; runs.len()];
                pairs_cut_by(&tables, &probes, &runs, bits, cuts, |r, pairs| {
                    counted[r] += pairs;
                });
                assert_eq!(counted, plain, "{bits} bits, {a} × {b}, {cuts} cuts");
            }
        }
    }

    /// Around the lengths where the number of cut bits and the size of the groups change
    /// (one block a group from 8,192 tables where the probes outnumber them), the lists
    /// pair as a double loop does.
    #[test]
    fn lists_at_the_lengths_where_the_cut_changes_count_the_same_pairs() {
        let mut sparse = Sparse(0x6a09_e667_f3bc_c908);
        let ones = ONE_BLOCK_GROUPS;
        for (a, b) in [
            (2047, 2100),
            (2048, 2100),
            (4096, 4200),
            (ones - 1, ones + 900),
            (ones, ones + 900),
            (ones, ones - 1),
        ] {
            let tables = sparse.list(a, 40);
            let probes = sparse.list(b, 40);
            let runs = [0..b / 2, b / 2..b];
            let plain = plain_pairs(&tables, &probes, &runs);
            let mut counted = vec![0; runs.len()];
            pairs_by_run(&tables, &probes, &runs, 40, |r, pairs| counted[r] += pairs);
            assert_eq!(counted, plain, "{a} × {b}");
        }
    }

    #[test]
    fn pairs_match_a_plain_double_loop() {
        let mut sparse = Sparse(0x2545_f491_4f6c_dd1d);
        for bits in [1, 5, 30, 38, 64] {
            // Up to 4,700 tables: the lists are then cut by their densest bits.
            for (a, b) in [
                (0, 5),
                (1, 1),
                (63, 9),
                (512, 64),
                (700, 70),
                (1025, 3),
                (4700, 90),
                // More probes than a tally holds between flushes.
                (600, 70_000),
            ] {
                let tables = sparse.list(a, bits);
                let probes = sparse.list(b, bits);
                let counts = plain_pairs(&tables, &probes, &[0..b, 0..b / 2]);
                let (plain, halves) = (counts[0], u128::from(counts[1]));
                let runs = [(0..b, 3), (0..b / 2, 1)];
                let weighted = weighted_pairs(&tables, &probes, &runs, bits);
                assert_eq!(weighted, 3 * u128::from(plain) + halves, "{a} × {b}");
                let mut table = vec![[Word([0; BLOCK / 64]); 256]; bits.div_ceil(8) as usize];
                let mut each = vec![0u32; probes.len()];
                let mut each_table = Vec::new();
                let portable: u64 = tables
                    .chunks(BLOCK)
                    .map(|block| {
                        build_with(block, &mut table, 8, &mut Vec::new());
                        let mut tally = Tally::default();
                        let mut block_counts = [0; BLOCK];
                        let mut sum = 0;
                        // A tally holds the counts of at most Tally::MOST probes.
                        for (probes, each) in
                            probes.chunks(Tally::MOST).zip(each.chunks_mut(Tally::MOST))
                        {
                            let counted = Some(&mut tally);
                            sum += match &table[..] {
                                [a] => {
                                    probe_any::<1, true>(&[*a], probes, each, counted, None);
                                    probe_any::<1, false>(&[*a], probes, &mut [], None, None)
                                }
                                [a, b] => {
                                    probe_any::<2, true>(&[*a, *b], probes, each, counted, None);
                                    probe_any::<2, false>(&[*a, *b], probes, &mut [], None, None)
                                }
                                rest => {
                                    let fixed: &[Row; MAX_CHUNKS] = &std::array::from_fn(|c| {
                                        rest.get(c)
                                            .copied()
                                            .unwrap_or([Word([!0; BLOCK / 64]); 256])
                                    });
                                    probe_any::<MAX_CHUNKS, true>(
                                        fixed, probes, each, counted, None,
                                    );
                                    probe_any::<MAX_CHUNKS, false>(
                                        fixed,
                                        probes,
                                        &mut [],
                                        None,
                                        None,
                                    )
                                }
                            };
                            tally.flush(&mut block_counts);
                        }
                        each_table.extend_from_slice(&block_counts[..block.len()]);
                        assert!(block_counts[block.len()..].iter().all(|&c| c == 0));
                        sum
                    })
                    .sum();
                assert_eq!(portable, plain, "{a} × {b}, portable");
                let by_probe: Vec<u32> = probes
                    .iter()
                    .map(|&p| tables.iter().filter(|&&t| t & p == 0).count() as u32)
                    .collect();
                let by_table: Vec<u32> = tables
                    .iter()
                    .map(|&t| probes.iter().filter(|&&p| t & p == 0).count() as u32)
                    .collect();
                assert_eq!(each, by_probe, "{a} × {b}, portable, each probe");
                assert_eq!(each_table, by_table, "{a} × {b}, portable, each table");
                let (mut of_tables, mut of_probes) = (vec![7; 3], vec![7; 3]);
                pairs_of_each(&tables, &probes, bits, &mut of_tables, &mut of_probes);
                assert_eq!(of_probes, by_probe, "{a} × {b}, each probe");
                assert_eq!(of_tables, by_table, "{a} × {b}, each table");
            }
        }
    }
}
