//! Integer masks for the searches: bit `c` of a row mask stands for column `c`.
//!
//! A node of the search is three masks over the next row: the columns taken, and the
//! squares attacked along each diagonal direction. Going one row down shifts the diagonal
//! masks one column each way, so testing a square is one AND and nothing is allocated.

use std::sync::atomic::{AtomicBool, Ordering};

/// The largest board the bitboard searches accept: one bit per column of a `u64`.
pub const MAX_N: usize = 64;

/// Checks that a board of `n` fits the bitboard searches, and that `rows` given rows fit
/// on it.
pub(crate) fn check_board(n: usize, rows: usize) -> Result<(), crate::Error> {
    if n > MAX_N {
        return Err(crate::Error::TooLarge { n, max: MAX_N });
    }
    if rows > n {
        return Err(crate::Error::PrefixTooLong { rows, n });
    }
    Ok(())
}

/// The mask with the low `n` bits set, the board's columns.
pub(crate) fn full_mask(n: usize) -> u64 {
    debug_assert!(n <= MAX_N);
    if n == MAX_N { !0 } else { (1u64 << n) - 1 }
}

/// The squares attacked in the next row, and the columns taken, below one partial placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Node {
    /// Columns already holding a queen.
    pub(crate) cols: u64,
    /// Squares attacked along the down-right diagonals (column grows with the row).
    pub(crate) down_right: u64,
    /// Squares attacked along the down-left diagonals (column shrinks with the row).
    pub(crate) down_left: u64,
}

impl Node {
    /// The squares of the next row that a queen above attacks, or whose column is taken.
    #[inline(always)]
    pub(crate) fn attacked(self) -> u64 {
        self.cols | self.down_right | self.down_left
    }

    /// The free squares of the next row.
    #[inline(always)]
    pub(crate) fn free(self, full: u64) -> u64 {
        full & !self.attacked()
    }

    /// The node one row down after a queen is placed on the single-bit mask `bit`.
    #[inline(always)]
    pub(crate) fn place(self, bit: u64, full: u64) -> Node {
        Node {
            cols: self.cols | bit,
            down_right: ((self.down_right | bit) << 1) & full,
            down_left: (self.down_left | bit) >> 1,
        }
    }
}

/// Calls `found` with the columns of every placement of queens on the first `rows` rows
/// of an `n`-column board that attack each other nowhere, in lexicographic order, until
/// it breaks.
pub(crate) fn placements(
    n: usize,
    rows: usize,
    found: impl FnMut(&[u32]) -> std::ops::ControlFlow<()>,
) {
    placements_from(n, &[], rows, found);
}

/// [`placements`] that start with `prefix`, columns of the first rows that attack each
/// other nowhere: one part of the list, for a thread of its own.
pub(crate) fn placements_from(
    n: usize,
    prefix: &[u32],
    rows: usize,
    mut found: impl FnMut(&[u32]) -> std::ops::ControlFlow<()>,
) {
    fn go(
        node: Node,
        full: u64,
        rows: usize,
        columns: &mut Vec<u32>,
        found: &mut impl FnMut(&[u32]) -> std::ops::ControlFlow<()>,
    ) -> std::ops::ControlFlow<()> {
        if columns.len() == rows {
            return found(columns);
        }
        let mut free = node.free(full);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            columns.push(bit.trailing_zeros());
            let next = go(node.place(bit, full), full, rows, columns, found);
            columns.pop();
            next?;
        }
        std::ops::ControlFlow::Continue(())
    }
    let full = full_mask(n);
    let rows = rows.min(n);
    if prefix.len() > rows {
        return;
    }
    let mut columns = Vec::with_capacity(rows);
    columns.extend_from_slice(prefix);
    let node = prefix
        .iter()
        .fold(Node::default(), |node, &c| node.place(1 << c, full));
    let _ = go(node, full, rows, &mut columns, &mut found);
}

/// Counts the completions of `node` with the textbook recursion: every free square of the
/// next row is tried in turn until all columns are taken.
pub(crate) fn count_completions(node: Node, full: u64) -> u64 {
    if node.cols == full {
        return 1;
    }
    let mut free = node.free(full);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += count_completions(node.place(bit, full), full);
    }
    total
}

/// How many subtrees [`search_lanes`] walks in lockstep.
const LANES: usize = 4;

/// One lane of [`search_lanes`]: a depth-first search with its own stacks.
struct Lane {
    depth: usize,
    live: bool,
    placed: [u64; MAX_N],
    cols: [u64; MAX_N],
    down_right: [u64; MAX_N],
    down_left: [u64; MAX_N],
    free: [u64; MAX_N],
}

/// Fills rows `first..n` in every possible way, row `r` taking its queen from
/// `allowed[r]` and only once the columns in `taken[r]` hold queens, and calls `leaf`
/// with each complete board (`board[r]`: the single-bit mask of row `r`'s queen), for the
/// boards starting with the columns in `prefix`: the hot loop of the counter. It searches
/// several subtrees at once: the children of the prefix (each square of the row after
/// it), walked `LANES` at a time in lockstep.
///
/// Each step advances every lane by one square tried (after backtracking once if its row
/// is exhausted), with no branch on the outcome: the next row is computed whether or not
/// there is a square to try, and the depth moves by arithmetic. The lanes' independent
/// dependency chains then overlap in the processor instead of stalling on mispredicted
/// branches, which dominate a one-subtree search (4 lanes measured fastest here; 8 spill
/// out of the first-level cache). Only leaves (complete boards, rare) and refilling a
/// finished lane branch.
///
/// Diagonal masks are shifted without masking to the board: bits past the last column
/// never reach an `allowed` mask, and bits shifted past bit 63 are lost, as they should be.
///
/// With `stop`, the search looks at it every 2^16 steps (about a millisecond) and
/// returns early once it is set.
pub(crate) fn search_lanes(
    prefix: &[u32],
    allowed: &[u64],
    taken: &[u64],
    stop: Option<&AtomicBool>,
    mut leaf: impl FnMut(&[u64; MAX_N]),
) {
    let n = allowed.len();
    let last = n - 1;
    // The lanes start on the row after the children of the prefix's last row.
    let first = prefix.len() + 1;
    assert!(
        first >= 2 && first < last,
        "lanes start below a prefix and above the last two rows"
    );
    let full = full_mask(n);
    let mut placed = [0u64; MAX_N];
    let mut node = Node::default();
    for (row, &c) in prefix.iter().enumerate() {
        placed[row] = 1 << c;
        node = node.place(1 << c, full);
    }
    // The subtrees: each square of the row after the prefix, and the node under it.
    let row = prefix.len();
    let mut options = allowed[row] & !node.attacked() & required(taken[row], node.cols);
    let mut starts = std::iter::from_fn(move || {
        (options != 0).then(|| {
            let bit = options & options.wrapping_neg();
            options ^= bit;
            (bit, node.place(bit, full))
        })
    });
    let mut lanes: [Lane; LANES] = std::array::from_fn(|_| Lane {
        depth: first,
        live: false,
        placed,
        cols: [0; MAX_N],
        down_right: [0; MAX_N],
        down_left: [0; MAX_N],
        free: [0; MAX_N],
    });
    // Puts a lane on the next subtree, or parks it: a parked lane has nothing to try, so
    // each step only backtracks it to `first − 1`, where it is parked again.
    let mut refill = |lane: &mut Lane| {
        lane.depth = first;
        lane.free[first] = 0;
        lane.live = false;
        if let Some((bit, node)) = starts.next() {
            lane.live = true;
            lane.placed[first - 1] = bit;
            lane.cols[first] = node.cols;
            lane.down_right[first] = node.down_right;
            lane.down_left[first] = node.down_left;
            lane.free[first] =
                allowed[first] & !node.attacked() & required(taken[first], node.cols);
        }
    };
    lanes.iter_mut().for_each(&mut refill);
    let mut steps = 0u32;
    while lanes.iter().any(|lane| lane.live) {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(1 << 16) && stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return;
        }
        for lane in &mut lanes {
            // An exhausted row backtracks and tries its parent's next square in the same
            // step; row `first − 1` is never tried from, so its `free` stays 0.
            let d = lane.depth - usize::from(lane.free[lane.depth] == 0);
            let f = lane.free[d];
            let has = usize::from(f != 0);
            let bit = f & f.wrapping_neg();
            lane.free[d] = f ^ bit;
            lane.placed[d] = bit;
            let c = lane.cols[d] | bit;
            let dr = (lane.down_right[d] | bit) << 1;
            let dl = (lane.down_left[d] | bit) >> 1;
            let next = allowed[d + 1] & !(c | dr | dl) & required(taken[d + 1], c);
            let at_last = usize::from(d + 1 == last);
            if has & at_last != 0 && next != 0 {
                lane.placed[last] = next;
                leaf(&lane.placed);
            }
            lane.cols[d + 1] = c;
            lane.down_right[d + 1] = dr;
            lane.down_left[d + 1] = dl;
            lane.free[d + 1] = next;
            let descend = has & (1 - at_last) & usize::from(next != 0);
            lane.depth = d + descend + has - 1;
        }
        for lane in &mut lanes {
            if lane.depth < first {
                refill(lane);
            }
        }
    }
}

/// All ones when every column of `need` holds a queen in `cols`, else zero.
#[inline(always)]
fn required(need: u64, cols: u64) -> u64 {
    u64::from(need & !cols == 0).wrapping_neg()
}
