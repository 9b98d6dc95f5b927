//! A lazy iterator over all solutions, in lexicographic order of the column array.

mod bottoms;
#[cfg(feature = "parallel")]
mod joined;
mod ordered;
mod proof;
mod shared;
mod walk;

pub use proof::{CheckError, FirstProof, ProofFlaw};
pub use walk::LexWalk;

use std::sync::Arc;

use bottoms::Bottoms;

use crate::bitboard::{Node, check_board, full_mask};
use crate::board::validate_rows;
use crate::{Error, Placement};

/// Every solution of the n-queens puzzle, lazily, in lexicographic order of the column
/// array: row 0's column ascending, then row 1's, and so on, the order in which a row-by-row
/// backtracker finds them.
///
/// From n = 12 to 17, with at most the first row given, the solutions come from joined
/// halves, as [`Solutions::for_each_block`] lists them: the solutions of a range of first
/// rows at a time (a *pass*), found on the rayon pool of the thread that reads them (every
/// core by default; `RAYON_NUM_THREADS` or rayon's `ThreadPool::install` choose) and sorted,
/// then decoded a block at a time as they are read. A pass holds at most about 4 million
/// solutions, 32 MB, and the first is a single prefix, so the first solution comes at once.
///
/// Elsewhere the upper rows are searched by a bitboard backtracker; the last few rows (up
/// to 8, for n up to 32) are not searched but joined: every placement of them is listed
/// once per board size, bucketed by the columns it fills, and a top takes the bucket of the
/// columns it left free, filtered by its diagonals.
///
/// Either way the buffers are allocated once, so [`Solutions::next_columns`] and
/// [`Solutions::next_block`] stream solutions without allocating. The [`Iterator`]
/// implementation is the convenient form and allocates one [`Placement`] per solution.
///
/// ```
/// use queens::Solutions;
///
/// let all: Vec<Vec<u32>> = Solutions::new(4)?.map(|p| p.into_columns()).collect();
/// assert_eq!(all, [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// assert_eq!(Solutions::new(8)?.count(), 92);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone)]
pub struct Solutions {
    n: usize,
    full: u64,
    /// The rows fixed by the caller; the search never backtracks into them.
    start: usize,
    /// The first row the bottoms fill: `n` without them.
    cut: usize,
    bottoms: Option<Arc<Bottoms>>,
    /// The row being filled; `None` once the search is exhausted.
    row: Option<usize>,
    /// `nodes[r]`: the masks above row `r`; `free[r]`: the untried squares of row `r`.
    nodes: Vec<Node>,
    free: Vec<u64>,
    columns: Vec<u32>,
    /// Solutions found and not yet lent, `n` columns each, from `next` on.
    found: Vec<u32>,
    next: usize,
    /// The partial placement is itself complete: yield it once (n = 0, or a full prefix).
    pending_full: bool,
    /// Where the solutions come from joined halves instead of the search.
    #[cfg(feature = "parallel")]
    joined: Option<Box<joined::Cursor>>,
}

impl std::fmt::Debug for Solutions {
    /// The board, the prefix and where the listing stands, without the tables it reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Solutions");
        d.field("n", &self.n)
            .field("prefix", &&self.columns[..self.start]);
        #[cfg(feature = "parallel")]
        if let Some(cursor) = &self.joined {
            return d.field("joined", cursor).finish_non_exhaustive();
        }
        let placed = self.row.unwrap_or(self.start);
        d.field("placed", &&self.columns[..placed])
            .field("bottoms", &self.bottoms)
            .field(
                "unread",
                &(self.found.len().saturating_sub(self.next) / self.n.max(1)),
            )
            .finish_non_exhaustive()
    }
}

impl Solutions {
    /// All solutions for an `n × n` board; `n` is at most [`MAX_N`](crate::limits::MAX_N).
    ///
    /// ```
    /// assert_eq!(queens::Solutions::new(0)?.count(), 1); // the empty board
    /// assert_eq!(queens::Solutions::new(3)?.count(), 0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Self, Error> {
        Self::with_prefix(n, &[])
    }

    /// The solutions whose first rows are `prefix`, still in lexicographic order.
    ///
    /// Fails if `n` is too large, `prefix` has more than `n` rows, or the prefix's queens
    /// already attack each other or stand off the board.
    ///
    /// ```
    /// use queens::Solutions;
    ///
    /// let first: Vec<u32> = Solutions::with_prefix(8, &[7, 1])?.next().unwrap().into_columns();
    /// assert_eq!(first, [7, 1, 3, 0, 6, 4, 2, 5]);
    /// assert!(Solutions::with_prefix(8, &[0, 1]).is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn with_prefix(n: usize, prefix: &[u32]) -> Result<Self, Error> {
        Self::listing(n, prefix, false)
    }

    /// The solutions below `prefix` by the fastest engine for it, or with `one_per_class`
    /// only the smallest images of their classes where that engine can tell them (see
    /// [`Solutions::one_per_class`]).
    fn listing(n: usize, prefix: &[u32], one_per_class: bool) -> Result<Self, Error> {
        check_board(n, prefix.len())?;
        validate_rows(prefix, n).map_err(Error::InvalidPrefix)?;
        // The joined halves list a whole first column at a time, so below a longer prefix
        // the search is the faster.
        #[cfg(feature = "parallel")]
        if prefix.len() <= 1 && joined::lists(n) {
            let mut solutions = Self::below(n, prefix, None);
            solutions.row = None;
            let cursor = joined::Cursor::new(n, prefix.first().copied(), one_per_class);
            solutions.joined = Some(Box::new(cursor));
            return Ok(solutions);
        }
        #[cfg(not(feature = "parallel"))]
        let _ = one_per_class;
        // Near the bottom there is nothing left to join: no table.
        let bottoms = (prefix.len() + 2 < n).then(|| bottoms::shared(n)).flatten();
        Ok(Self::below(n, prefix, bottoms))
    }

    /// Whether only the smallest image of each class is listed: joined halves asked for
    /// them skip the others before they are decoded.
    fn one_per_class(&self) -> bool {
        #[cfg(feature = "parallel")]
        if let Some(cursor) = &self.joined {
            return cursor.one_per_class();
        }
        false
    }

    /// The solutions below a valid `prefix`, finishing with `bottoms` where they leave the
    /// search at least a row.
    pub(crate) fn below(n: usize, prefix: &[u32], bottoms: Option<Arc<Bottoms>>) -> Self {
        let full = full_mask(n);
        let mut nodes = vec![Node::default(); n + 1];
        for (row, &c) in prefix.iter().enumerate() {
            nodes[row + 1] = nodes[row].place(1 << c, full);
        }
        let start = prefix.len();
        let bottoms = bottoms.filter(|b| start + b.rows() < n);
        let cut = n - bottoms.as_ref().map_or(0, |b| b.rows());
        let mut free = vec![0; n + 1];
        free[start] = nodes[start].free(full);
        // Padded to a whole row of the widest table, for the fixed-width copies of `push`.
        let mut columns = vec![0; n.max(bottoms::MAX_N)];
        columns[..start].copy_from_slice(prefix);
        Solutions {
            n,
            full,
            start,
            cut,
            bottoms,
            row: (start < n).then_some(start),
            nodes,
            free,
            columns,
            found: Vec::new(),
            next: 0,
            pending_full: start == n,
            #[cfg(feature = "parallel")]
            joined: None,
        }
    }

    /// The board size.
    ///
    /// ```
    /// assert_eq!(queens::Solutions::new(6)?.n(), 6);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// Advances to the next solution and lends its column array, without allocating.
    ///
    /// ```
    /// let mut solutions = queens::Solutions::new(4)?;
    /// assert_eq!(solutions.next_columns(), Some(&[1, 3, 0, 2][..]));
    /// assert_eq!(solutions.next_columns(), Some(&[2, 0, 3, 1][..]));
    /// assert_eq!(solutions.next_columns(), None);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn next_columns(&mut self) -> Option<&[u32]> {
        if std::mem::take(&mut self.pending_full) {
            return Some(&self.columns[..self.n]);
        }
        if self.next == self.found.len() {
            self.found.clear();
            self.next = 0;
            let mut found = std::mem::take(&mut self.found);
            self.find(&mut found, self.n, usize::MAX);
            self.found = found;
            if self.found.is_empty() {
                return None;
            }
        }
        let at = self.next;
        self.next += self.n;
        Some(&self.found[at..at + self.n])
    }

    /// Appends up to `max` of the next solutions to `block`, `n` columns each, and returns
    /// how many: fewer than `max` only when there are no more. The bulk form of
    /// [`Solutions::next_columns`], for consumers that take solutions by the thousand;
    /// with a reused `block` it allocates nothing.
    ///
    /// ```
    /// let mut solutions = queens::Solutions::new(8)?;
    /// let mut block = Vec::new();
    /// assert_eq!(solutions.next_block(&mut block, 50), 50);
    /// assert_eq!(&block[..8], [0, 4, 7, 5, 2, 6, 1, 3]);
    /// block.clear();
    /// assert_eq!(solutions.next_block(&mut block, 50), 42);
    /// assert_eq!(block.len(), 42 * 8);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn next_block(&mut self, block: &mut Vec<u32>, max: usize) -> usize {
        self.fill(block, max, usize::MAX).0
    }

    /// [`Solutions::next_block`] that also returns once about `budget` squares have been
    /// tried, so that a caller can look at the clock or a stop flag: how many solutions it
    /// appended, and whether there may be more.
    pub(crate) fn fill(
        &mut self,
        block: &mut Vec<u32>,
        max: usize,
        budget: usize,
    ) -> (usize, bool) {
        if max == 0 {
            return (0, true);
        }
        let n = self.n;
        if std::mem::take(&mut self.pending_full) {
            block.extend_from_slice(&self.columns[..n]);
            return (1, false);
        }
        if n == 0 {
            // The empty board's one solution is lent above.
            return (0, false);
        }
        // Those found before, first.
        let lent = ((self.found.len() - self.next) / n).min(max);
        block.extend_from_slice(&self.found[self.next..self.next + lent * n]);
        self.next += lent * n;
        let before = block.len() - lent * n;
        let mut more = self.next < self.found.len();
        if lent < max {
            // Saturating: a `max` of "all of them" must not wrap to a small target.
            more = self.find(block, before.saturating_add(max.saturating_mul(n)), budget);
        }
        let count = (block.len() - before) / n;
        if count > max {
            // The last top's bottoms overshot: keep the rest for later.
            let end = before + max * n; // below the block's length, so no overflow
            self.found.clear();
            self.found.extend_from_slice(&block[end..]);
            self.next = 0;
            block.truncate(end);
            return (max, true);
        }
        (count, more)
    }

    /// Appends solutions to `out` until it holds at least `until` columns or, in the
    /// search, `budget` squares of the upper rows have been tried; false once there are no
    /// more.
    fn find(&mut self, out: &mut Vec<u32>, until: usize, budget: usize) -> bool {
        #[cfg(feature = "parallel")]
        if let Some(cursor) = &mut self.joined {
            return cursor.fill(out, until);
        }
        self.search(out, until, budget)
    }

    /// Searches on until `out` holds at least `until` columns or `budget` squares of the
    /// upper rows have been tried; false once the search is exhausted.
    ///
    /// The rows down to `inner` are walked with an explicit stack, so that the search can
    /// stop and resume anywhere there; below it, each subtree is finished by recursion,
    /// which keeps its masks in registers.
    fn search(&mut self, out: &mut Vec<u32>, until: usize, mut budget: usize) -> bool {
        let Some(mut row) = self.row else {
            return false;
        };
        let full = self.full;
        let inner = self.cut.saturating_sub(INNER_ROWS).max(self.start);
        let bottoms = self.bottoms.as_deref();
        loop {
            let free = self.free[row];
            if free == 0 {
                if row == self.start {
                    self.row = None;
                    return false;
                }
                row -= 1;
                continue;
            }
            let bit = free & free.wrapping_neg();
            self.free[row] = free ^ bit;
            self.columns[row] = bit.trailing_zeros();
            budget = budget.saturating_sub(1);
            let below = self.nodes[row].place(bit, full);
            if row == inner {
                subtree(
                    bottoms,
                    &mut self.columns,
                    row + 1,
                    self.cut,
                    below,
                    full,
                    out,
                );
                if out.len() >= until || budget == 0 {
                    self.row = Some(row);
                    return true;
                }
                continue;
            }
            row += 1;
            self.nodes[row] = below;
            self.free[row] = below.free(full);
            if budget == 0 {
                self.row = Some(row);
                return true;
            }
        }
    }
}

/// Appends the solution of `top[..cut]` and `tail[..n - cut]` to `out`, by copies of a
/// fixed width that the compiler turns into a few vector moves: a general copy of a few
/// dozen bytes is a call to `memmove`, which took a fifth of the time.
#[inline(always)]
fn push(out: &mut Vec<u32>, top: &[u32; bottoms::MAX_N], cut: usize, tail: &[u32; 8], n: usize) {
    out.reserve(bottoms::MAX_N + 8);
    let len = out.len();
    // SAFETY: the reserve leaves room for `MAX_N + 8` columns past `len`, and `cut` is below
    // `MAX_N`; the columns past `len + n` are written but not counted, so never read.
    unsafe {
        let end = out.as_mut_ptr().add(len);
        end.cast::<[u32; bottoms::MAX_N]>().write_unaligned(*top);
        end.add(cut).cast::<[u32; 8]>().write_unaligned(*tail);
        out.set_len(len + n);
    }
}

/// The rows above the cut that [`subtree`] fills by recursion.
const INNER_ROWS: usize = 4;

/// Appends every solution below `node`, whose rows above `row` are `columns[..row]`: rows
/// `row..cut` by the search, the rest joined from `bottoms`.
fn subtree(
    bottoms: Option<&Bottoms>,
    columns: &mut [u32],
    row: usize,
    cut: usize,
    node: Node,
    full: u64,
    out: &mut Vec<u32>,
) {
    if row == cut {
        match bottoms {
            Some(bottoms) => {
                let n = cut + bottoms.rows();
                let top: &[u32; bottoms::MAX_N] = columns[..bottoms::MAX_N].try_into().unwrap();
                bottoms.join(node, full, |tail| push(out, top, cut, tail, n));
            }
            None => out.extend_from_slice(&columns[..cut]),
        }
        return;
    }
    let mut free = node.free(full);
    if row + 1 == cut
        && let Some(bottoms) = bottoms
    {
        bottoms.prefetch(node.cols, free, full);
    }
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        columns[row] = bit.trailing_zeros();
        subtree(
            bottoms,
            columns,
            row + 1,
            cut,
            node.place(bit, full),
            full,
            out,
        );
    }
}

impl Solutions {
    /// The solution most recently returned by [`Solutions::next_columns`].
    fn current(&self) -> &[u32] {
        if self.next == 0 {
            &self.columns[..self.n]
        } else {
            &self.found[self.next - self.n..self.next]
        }
    }
}

impl Iterator for Solutions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_columns().map(|c| Placement::new(c.to_vec()))
    }
}

/// One solution per class of solutions equal under rotation and reflection — the
/// lexicographically smallest of its 8 images — in lexicographic order.
///
/// Only the first rows a smallest image can start with are searched (its first queen is
/// in the left half), and each solution is compared with its images without allocating.
///
/// ```
/// use queens::UniqueSolutions;
///
/// let reps: Vec<Vec<u32>> = UniqueSolutions::new(6)?.map(|p| p.into_columns()).collect();
/// assert_eq!(reps, [[1, 3, 5, 0, 2, 4]]);
/// assert_eq!(UniqueSolutions::new(8)?.count(), 12);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug)]
pub struct UniqueSolutions {
    solutions: Solutions,
    test: crate::symmetry::CanonicalTest,
    /// Row 0's column above which no smallest image starts.
    max_first: u32,
    /// A solution past `max_first` was met: every later one is too.
    done: bool,
}

impl UniqueSolutions {
    /// The class representatives of an `n × n` board.
    pub fn new(n: usize) -> Result<Self, Error> {
        Self::with_prefix(n, &[])
    }

    /// The class representatives whose first rows are `prefix`; see [`Solutions::with_prefix`].
    pub fn with_prefix(n: usize, prefix: &[u32]) -> Result<Self, Error> {
        Ok(Self::of(Solutions::listing(n, prefix, true)?))
    }

    /// The class representatives below a valid `prefix`; see [`Solutions::below`].
    pub(crate) fn below(n: usize, prefix: &[u32], bottoms: Option<Arc<Bottoms>>) -> Self {
        Self::of(Solutions::below(n, prefix, bottoms))
    }

    fn of(solutions: Solutions) -> Self {
        UniqueSolutions {
            max_first: Self::max_first(solutions.n()),
            solutions,
            test: Default::default(),
            done: false,
        }
    }

    /// Row 0's column above which no smallest image of an `n × n` solution starts:
    /// `(n − 2) / 2`. Past the middle its mirror image would start further left. The
    /// middle column of an odd board starts none either: the images of a solution also
    /// start with the rows of the queens of the first and last columns, counted from
    /// either end, so in a smallest image starting at the middle column both of those
    /// queens would stand in the middle row.
    pub(crate) fn max_first(n: usize) -> u32 {
        n.saturating_sub(2) as u32 / 2
    }

    /// Whether `columns` starts past the last representative's first column: in
    /// lexicographic order, so does every later solution.
    pub(super) fn past_the_last(max_first: u32, columns: &[u32]) -> bool {
        columns.first().is_some_and(|&c| c > max_first)
    }

    /// Advances to the next representative and lends its column array.
    pub fn next_columns(&mut self) -> Option<&[u32]> {
        if self.solutions.one_per_class() {
            return self.solutions.next_columns();
        }
        while !self.done {
            let columns = self.solutions.next_columns()?;
            if Self::past_the_last(self.max_first, columns) {
                self.done = true;
            } else if self.test.is_canonical(columns) {
                // Re-borrow: the solver's buffer still holds this solution.
                return Some(self.solutions.current());
            }
        }
        None
    }

    /// [`Solutions::fill`] for the representatives: the solutions found are filtered in
    /// the block itself. Fewer than `max` may come while there are more.
    pub(crate) fn fill(
        &mut self,
        block: &mut Vec<u32>,
        max: usize,
        budget: usize,
    ) -> (usize, bool) {
        let n = self.solutions.n();
        if self.done {
            return (0, false);
        }
        if n == 0 || self.solutions.one_per_class() {
            // The empty board is its own smallest image; the joined halves list nothing
            // else.
            return self.solutions.fill(block, max, budget);
        }
        let before = block.len();
        let (_, more) = self.solutions.fill(block, max, budget);
        let max_first = self.max_first;
        if self.test.retain_smallest(block, before, n, |columns| {
            Self::past_the_last(max_first, columns)
        }) {
            self.done = true;
        }
        ((block.len() - before) / n, more && !self.done)
    }
}

impl Iterator for UniqueSolutions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_columns().map(|c| Placement::new(c.to_vec()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution below `prefix` by the plain search, with no table.
    fn searched(n: usize, prefix: &[u32]) -> Vec<u32> {
        let mut plain = Solutions::below(n, prefix, None);
        let mut all = Vec::new();
        while let Some(c) = plain.next_columns() {
            all.extend_from_slice(c);
        }
        all
    }

    #[test]
    fn debug_names_the_listing_not_its_tables() {
        // The table of n = 20 holds millions of entries; the joined tables of n = 16 too.
        for (n, prefix) in [(20, &[3, 0][..]), (16, &[]), (16, &[5, 2]), (8, &[])] {
            let mut solutions = Solutions::with_prefix(n, prefix).unwrap();
            solutions.next_columns();
            let shown = format!("{solutions:?}");
            assert!(shown.len() < 600, "{} bytes: {shown:.300}", shown.len());
            assert!(
                shown.contains(&format!("n: {n}, prefix: {prefix:?}")),
                "{shown}"
            );
        }
    }

    #[test]
    fn every_table_size_joins_to_the_searched_solutions() {
        for n in 4..=11 {
            let expected = searched(n, &[]);
            for k in 2..=(n - 2).min(bottoms::MAX_ROWS) {
                let table = Arc::new(Bottoms::with_rows(n, k));
                let mut joined = Solutions::below(n, &[], Some(table));
                let mut got = Vec::new();
                while let Some(c) = joined.next_columns() {
                    got.extend_from_slice(c);
                }
                assert_eq!(got, expected, "n = {n}, k = {k}");
            }
        }
    }

    #[test]
    fn prefixes_of_every_depth_join_to_the_searched_solutions() {
        let n = 10;
        let table = Arc::new(Bottoms::with_rows(n, 4));
        for prefix in [&[][..], &[3], &[0, 2], &[9, 7, 4], &[1, 3, 5, 7, 9, 2]] {
            let mut joined = Solutions::below(n, prefix, Some(table.clone()));
            let mut got = Vec::new();
            while let Some(c) = joined.next_columns() {
                got.extend_from_slice(c);
            }
            assert_eq!(got, searched(n, prefix), "prefix {prefix:?}");
        }
    }

    #[test]
    fn blocks_budgets_and_single_steps_interleave_in_order() {
        let n = 10;
        let expected = searched(n, &[]);
        let mut solutions = Solutions::with_prefix(n, &[]).unwrap();
        let mut got = Vec::new();
        // Blocks of awkward sizes and tiny budgets cut the search between tops and in the
        // middle of one top's bottoms; single steps read what the blocks kept back.
        for round in 0.. {
            let mut block = Vec::new();
            let (count, more) = solutions.fill(&mut block, 1 + round % 7, 1 + round % 3);
            assert_eq!(block.len(), count * n);
            got.extend_from_slice(&block);
            if let Some(c) = solutions.next_columns() {
                got.extend_from_slice(c);
            } else if !more {
                break;
            }
        }
        assert_eq!(got, expected);
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn the_public_forms_read_the_joined_halves_in_order() {
        let n = 12;
        let expected = searched(n, &[]);
        let mut reps = Vec::new();
        let mut plain = UniqueSolutions::below(n, &[], None);
        while let Some(c) = plain.next_columns() {
            reps.extend_from_slice(c);
        }
        let mut all = Solutions::new(n).unwrap();
        let mut classes = UniqueSolutions::new(n).unwrap();
        assert!(all.joined.is_some() && classes.solutions.one_per_class());
        let (mut got, mut got_reps) = (Vec::new(), Vec::new());
        // Blocks cut where a block of the join does not end, single steps between them.
        for round in 0.. {
            let size = [1, 2047, 2049, 5000][round % 4];
            let mut block = Vec::new();
            let more = all.next_block(&mut block, size) > 0;
            got.extend_from_slice(&block);
            block.clear();
            let more_reps = classes.fill(&mut block, size, usize::MAX).0 > 0;
            got_reps.extend_from_slice(&block);
            if let Some(c) = all.next_columns() {
                got.extend_from_slice(c);
            }
            if let Some(c) = classes.next_columns() {
                got_reps.extend_from_slice(c);
            }
            if !more && !more_reps {
                break;
            }
        }
        assert_eq!(got, expected);
        assert_eq!(got_reps, reps);
    }

    #[test]
    fn a_block_of_any_size_appends_to_what_the_block_holds() {
        // Both engines: the joined halves (n = 12) and the search (below two rows).
        for (n, prefix) in [(12, &[][..]), (12, &[0, 2]), (8, &[])] {
            let expected = searched(n, prefix);
            for max in [usize::MAX, usize::MAX / n] {
                let mut solutions = Solutions::with_prefix(n, prefix).unwrap();
                let mut block = vec![7; n];
                let k = solutions.next_block(&mut block, max);
                assert_eq!((k, &block[n..]), (expected.len() / n, &expected[..]));
            }
        }
    }

    #[test]
    fn the_empty_board_is_one_block_of_one_solution() {
        let mut solutions = Solutions::new(0).unwrap();
        let mut block = Vec::new();
        assert_eq!(solutions.next_block(&mut block, 5), 1);
        assert_eq!(solutions.next_block(&mut block, 5), 0);
        assert!(block.is_empty());
    }

    #[test]
    fn tables_stop_at_their_limits() {
        assert!(Bottoms::new(3).is_none());
        assert!(Bottoms::new(bottoms::MAX_N + 1).is_none());
        let table = Bottoms::new(bottoms::MAX_N).unwrap();
        assert!(table.rows() >= 2);
    }
}
