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

/// The tops on a set are joined from two tables: the placements of the half's first `a`
/// rows and of its other `h − a` rows, each bucketed by its column set. A top on `S` is a
/// pair of them on `S₁ ⊂ S` and `S ∖ S₁` on no common diagonal: about ten branch-free
/// checks per top, where the search of the rows restricted to `S` visits nine nodes a
/// top with a mispredicted branch at each.
#[derive(Debug, Clone)]
struct Blocks {
    /// Rows in the first block.
    a: usize,
    upper: Bucketed,
    lower: Bucketed,
    /// `binomial[m][k]`, for the ranks of column sets.
    binomial: Vec<[u32; 17]>,
}

/// Placements of some rows, bucketed by the colex rank of their column set.
#[derive(Debug, Clone)]
struct Bucketed {
    /// Where each bucket starts in the lists, and one past the last.
    start: Vec<u32>,
    /// Each placement's pattern, sum diagonals and difference diagonals, in three lists
    /// so that a few can be joined at once.
    patterns: Vec<u64>,
    sums: Vec<u64>,
    diffs: Vec<u64>,
}

/// A placement of queens on a few rows (one entry of a row-block table): its window
/// pattern and its diagonals. Not a [`crate::Placement`], which is a whole board.
#[derive(Debug, Clone, Copy, Default)]
struct RowsPlacement {
    pattern: u64,
    sums: u64,
    diffs: u64,
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
    /// Lists that hold at most about `bytes` together, as the pair count copies them
    /// once and builds its tables (ten times the patterns' own 8 bytes, at worst).
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

/// What a list costs per pattern, copies and tables included: its 8 bytes, 8 more for
/// the squeezed copy the pair count makes, and up to 64 for the tables of its blocks.
pub(crate) const LIST_BYTES_PER_PATTERN: usize = 80;

/// The fewest patterns a list is let hold, whatever the memory: below this, a set's tops
/// would be found again for too many batches of bottoms.
const MIN_CAP: usize = 1 << 16;

/// Where a search appends its tops: each is checked against `avoid` (when the search
/// does not do it), passed through `map`, and every so often, when the list holds `cap`
/// or more, handed to `full`, which empties it and says whether to go on.
struct TopSink<'a> {
    out: &'a mut Vec<u64>,
    /// The patterns before this are checked and mapped.
    settled: usize,
    avoid: u64,
    map: &'a dyn Fn(u64) -> u64,
    cap: usize,
    full: &'a mut dyn FnMut(&mut Vec<u64>) -> bool,
}

impl TopSink<'_> {
    fn settle(&mut self) {
        let mut kept = self.settled;
        for i in self.settled..self.out.len() {
            let p = self.out[i];
            self.out[kept] = (self.map)(p);
            kept += usize::from(p & self.avoid == 0);
        }
        self.out.truncate(kept);
        self.settled = kept;
    }

    /// A point where the search may pause: false if `full` said to stop.
    fn pause(&mut self) -> bool {
        if self.out.len() < self.cap {
            return true;
        }
        self.settle();
        let go_on = (self.full)(self.out);
        self.settled = self.out.len();
        go_on
    }
}

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
    /// `bytes` (else by the restricted search, which needs no tables).
    pub(crate) fn with_blocks(mut self, bytes: usize) -> Halves {
        self.blocks = Blocks::new(&self, bytes / std::mem::size_of::<RowsPlacement>());
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
        let (n, h) = (self.n, self.h);
        let all = ((1u64 << n) - 1) as u32;
        let mirror = |s: u32| u64::from(self.mirror_set(s));
        let mut images = Vec::new();
        for join in self.joins(set) {
            let middle = all ^ set ^ join.rest;
            let (top, middle_w, bottom) = (u64::from(set), u64::from(middle), u64::from(join.rest));
            let (top_m, middle_m, bottom_m) = (mirror(set), mirror(middle), mirror(join.rest));
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
        let whole = self.tops(set, 0, &|p| p, cap, tops, &mut |_| false);
        let count =
            |tops: &mut Vec<u64>, bottoms: &[u64], runs: &[(std::ops::Range<usize>, u128)]| {
                if whole {
                    return weighted_pairs(tops, bottoms, runs, bits);
                }
                let mut sum = 0;
                tops.clear();
                self.tops(set, 0, &|p| p, cap, tops, &mut |piece| {
                    sum += weighted_pairs(piece, bottoms, runs, bits);
                    piece.clear();
                    true
                });
                sum + weighted_pairs(tops, bottoms, runs, bits)
            };
        for join in joins {
            // The bottoms the middle queen attacks are dropped; the tops it attacks are
            // clear of no bottom once its diagonals are added to every one.
            let blocked = join.blocked;
            let flip = |p| self.upside_down(p) | blocked;
            let mut start = bottoms.len();
            self.tops(join.rest, blocked, &flip, cap, bottoms, &mut |batch| {
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

    /// Appends the pattern of every top on the columns `set` with none of the pattern
    /// bits `avoid`, passed through `map`, to `out`; whenever `out` holds `cap` or more at
    /// a point where the search can pause, hands it to `full`, which empties it and says
    /// whether to go on. False if it stopped.
    fn tops(
        &self,
        set: u32,
        avoid: u64,
        map: &dyn Fn(u64) -> u64,
        cap: usize,
        out: &mut Vec<u64>,
        full: &mut dyn FnMut(&mut Vec<u64>) -> bool,
    ) -> bool {
        let settled = out.len();
        let mut sink = TopSink {
            out,
            settled,
            avoid,
            map,
            cap,
            full,
        };
        let done = match &self.blocks {
            Some(blocks) => blocks.tops(set, self.h, &mut sink),
            None => {
                // Each subtree below a queen of the first row is a point to pause at.
                let mut open = u64::from(set);
                let mut done = true;
                while open != 0 && done {
                    let bit = open & open.wrapping_neg();
                    open ^= bit;
                    self.search(
                        1,
                        u64::from(set) ^ bit,
                        bit << 1,
                        bit >> 1,
                        self.bits[bit.trailing_zeros() as usize],
                        sink.out,
                    );
                    done = sink.pause();
                }
                done
            }
        };
        sink.settle();
        done
    }

    /// The textbook search of the top rows from `row` on, with `free` the set's columns
    /// still empty and `right`, `left` the squares of this row attacked diagonally.
    fn search(
        &self,
        row: usize,
        free: u64,
        right: u64,
        left: u64,
        pattern: u64,
        out: &mut Vec<u64>,
    ) {
        if row == self.h {
            out.push(pattern);
            return;
        }
        let mut open = free & !(right | left);
        let squares = &self.bits[row * self.n..(row + 1) * self.n];
        if row + 1 == self.h {
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                out.push(pattern | squares[bit.trailing_zeros() as usize]);
            }
            return;
        }
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.search(
                row + 1,
                free ^ bit,
                (right | bit) << 1,
                (left | bit) >> 1,
                pattern | squares[bit.trailing_zeros() as usize],
                out,
            );
        }
    }
}

/// The next set of as many bits (Gosper's hack).
fn next_subset(set: u64) -> u64 {
    let low = set & set.wrapping_neg();
    let ripple = set + low;
    ripple | (((set ^ ripple) >> 2) / low)
}

impl Blocks {
    /// The two tables, or `None` where they would hold more than `budget` placements.
    fn new(halves: &Halves, budget: usize) -> Option<Blocks> {
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
        let mut budget = budget;
        blocks.upper = blocks.placements(halves, 0..a, &mut budget)?;
        blocks.lower = blocks.placements(halves, a..h, &mut budget)?;
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
    fn placements(
        &self,
        halves: &Halves,
        rows: std::ops::Range<usize>,
        budget: &mut usize,
    ) -> Option<Bucketed> {
        let n = halves.n;
        let mut found: Vec<(u32, RowsPlacement)> = Vec::new();
        let mut columns = Vec::with_capacity(rows.len());
        fn place(
            halves: &Halves,
            rows: &std::ops::Range<usize>,
            columns: &mut Vec<usize>,
            budget: usize,
            found: &mut Vec<(u32, RowsPlacement)>,
        ) -> Option<()> {
            let n = halves.n;
            let row = rows.start + columns.len();
            if row == rows.end {
                if found.len() == budget {
                    return None;
                }
                let mut p = RowsPlacement::default();
                let mut set = 0u64;
                for (r, &c) in (rows.start..).zip(columns.iter()) {
                    p.pattern |= halves.bits[r * n + c];
                    p.sums |= 1 << (r + c);
                    p.diffs |= 1 << (r + n - 1 - c);
                    set |= 1 << c;
                }
                found.push((set as u32, p));
                return Some(());
            }
            for c in 0..n {
                let attacked = (rows.start..)
                    .zip(columns.iter())
                    .any(|(r, &q)| q == c || q.abs_diff(c) == row - r);
                if !attacked {
                    columns.push(c);
                    place(halves, rows, columns, budget, found)?;
                    columns.pop();
                }
            }
            Some(())
        }
        place(halves, &rows, &mut columns, *budget, &mut found)?;
        *budget -= found.len();
        let k = rows.len();
        let buckets = self.binomial[n][k] as usize;
        let mut start = vec![0u32; buckets + 1];
        for (set, _) in &found {
            start[self.rank(u64::from(*set)) + 1] += 1;
        }
        for i in 0..buckets {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut table = Bucketed {
            start: Vec::new(),
            patterns: vec![0; found.len()],
            sums: vec![0; found.len()],
            diffs: vec![0; found.len()],
        };
        for (set, p) in found {
            let slot = &mut next[self.rank(u64::from(set))];
            let at = *slot as usize;
            (table.patterns[at], table.sums[at], table.diffs[at]) = (p.pattern, p.sums, p.diffs);
            *slot += 1;
        }
        table.start = start;
        Some(table)
    }

    /// Appends the pattern of every top on the columns `set` of the h-row half.
    fn tops(&self, set: u32, h: usize, sink: &mut TopSink<'_>) -> bool {
        let set = u64::from(set);
        // The columns of S, so that each a-subset of positions maps to one of S.
        let mut positions = [0u8; 32];
        let mut bits = set;
        for p in positions.iter_mut().take(h) {
            *p = bits.trailing_zeros() as u8;
            bits &= bits - 1;
        }
        let deposit = |pick: u64| {
            let mut out = 0u64;
            let mut bits = pick;
            while bits != 0 {
                out |= 1 << positions[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            out
        };
        let end = 1u64 << h;
        let mut pick = (1u64 << self.a) - 1;
        loop {
            let first = deposit(pick);
            let upper = self.upper.bucket(self.rank(first));
            let lower = self.lower.bucket(self.rank(set ^ first));
            join_placements(&self.upper, upper, &self.lower, lower, sink.avoid, sink.out);
            if !sink.pause() {
                return false;
            }
            if pick == 0 {
                break;
            }
            pick = next_subset(pick);
            if pick >= end {
                break;
            }
        }
        true
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
        }
    }
}

/// Appends the pattern of each pair of placements `upper × lower` on no common diagonal
/// and with none of the pattern bits `avoid`.
fn join_placements(
    a: &Bucketed,
    upper: std::ops::Range<usize>,
    b: &Bucketed,
    lower: std::ops::Range<usize>,
    avoid: u64,
    out: &mut Vec<u64>,
) {
    if upper.is_empty() || lower.is_empty() {
        return;
    }
    // Room for every pair, and for the vector path's last store, which writes a whole
    // register of 8 patterns wherever fewer of them are kept.
    out.reserve(upper.len() * lower.len() + 8);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the feature was just detected on the running CPU.
        unsafe { join_placements_avx512(a, upper, b, lower, avoid, out) };
        return;
    }
    join_placements_any(a, upper, b, lower, avoid, out);
}

/// [`join_placements`] without vector instructions; `out` has room for every pair.
fn join_placements_any(
    a: &Bucketed,
    upper: std::ops::Range<usize>,
    b: &Bucketed,
    lower: std::ops::Range<usize>,
    avoid: u64,
    out: &mut Vec<u64>,
) {
    let spare = out.spare_capacity_mut();
    let mut len = 0;
    for u in upper.filter(|&u| a.patterns[u] & avoid == 0) {
        for l in lower.clone() {
            let clear =
                (a.sums[u] & b.sums[l]) | (a.diffs[u] & b.diffs[l]) | (b.patterns[l] & avoid) == 0;
            spare[len].write(a.patterns[u] | b.patterns[l]);
            len += usize::from(clear);
        }
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
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn join_placements_avx512(
    a: &Bucketed,
    upper: std::ops::Range<usize>,
    b: &Bucketed,
    lower: std::ops::Range<usize>,
    avoid: u64,
    out: &mut Vec<u64>,
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
        for start in (0..sums.len()).step_by(8) {
            let left = sums.len() - start;
            let lanes: u8 = if left >= 8 { 0xff } else { (1u8 << left) - 1 };
            // SAFETY: the masked loads read only the `left` lanes that lie in the lists;
            // the store writes 8 slots from `len`, within the capacity reserved above
            // (every pair, and 8 more).
            unsafe {
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
            }
        }
    }
    // SAFETY: every slot up to `len` was written by the stores.
    unsafe { out.set_len(len) };
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

    /// The tops joined from the two tables, with and without vector instructions, are
    /// the tops the restricted search finds.
    #[test]
    fn tops_from_tables_are_the_searched_tops() {
        for n in [7, 12, 13] {
            let plain = Halves::new(n);
            let tabled = Halves::new(n).with_blocks(1 << 20);
            let blocks = tabled.blocks.as_ref().expect("small tables fit");
            for set in plain.sets() {
                for avoid in [0, 1 << 3] {
                    let (mut searched, mut joined) = (Vec::new(), Vec::new());
                    plain.tops(set, avoid, &|p| p, usize::MAX, &mut searched, &mut |_| true);
                    tabled.tops(set, avoid, &|p| p, usize::MAX, &mut joined, &mut |_| true);
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
                    );
                    slow.reserve(upper.bucket(u).len() * lower.bucket(l).len());
                    join_placements_any(
                        upper,
                        upper.bucket(u),
                        lower,
                        lower.bucket(l),
                        1 << 5,
                        &mut slow,
                    );
                    assert_eq!(fast, slow, "n = {n}, buckets {u} and {l}");
                }
            }
        }
    }

    /// Lists too long for their cap are counted in batches of bottoms, each against the
    /// tops found again piece by piece: the same counts as whole lists.
    #[test]
    fn capped_lists_count_the_same() {
        for n in [9, 11, 12] {
            for halves in [Halves::new(n), Halves::new(n).with_blocks(1 << 20)] {
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
