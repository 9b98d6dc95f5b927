//! Integer masks for the searches: bit `c` of a row mask stands for column `c`.
//!
//! A node of the search is three masks over the next row: the columns taken, and the
//! squares attacked along each diagonal direction. Going one row down shifts the diagonal
//! masks one column each way, so testing a square is one AND and nothing is allocated.

/// The largest board the bitboard searches accept: one bit per column of a `u64`.
pub const MAX_N: usize = 64;

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

/// Fills rows `first..n` in every possible way, row `r` taking its queen from
/// `allowed[r]` and only once the columns in `taken[r]` hold queens, and calls `leaf`
/// with each complete board (`placed[r]`: the single-bit mask of row `r`'s queen; rows
/// before `first` must already be set): the hot loop of the counter.
///
/// An explicit stack instead of recursion, and the last row read straight off the row
/// before it, so the deepest level is never pushed. Diagonal masks are shifted without
/// masking to the board: bits past the last column never reach an `allowed` mask, and bits
/// shifted past bit 63 are lost, as they should be.
#[inline(always)]
pub(crate) fn search_rows(
    first: usize,
    node: Node,
    allowed: &[u64],
    taken: &[u64],
    placed: &mut [u64; MAX_N],
    mut leaf: impl FnMut(&[u64; MAX_N]),
) {
    let n = allowed.len();
    if first >= n {
        leaf(placed);
        return;
    }
    let last = n - 1;
    let free0 = allowed[first] & !node.attacked();
    if first == last {
        if free0 != 0 {
            placed[last] = free0;
            leaf(placed);
        }
        return;
    }
    let mut cols = [0u64; MAX_N];
    let mut down_right = [0u64; MAX_N];
    let mut down_left = [0u64; MAX_N];
    let mut free = [0u64; MAX_N];
    let mut row = first;
    cols[row] = node.cols;
    down_right[row] = node.down_right;
    down_left[row] = node.down_left;
    free[row] = free0;
    loop {
        let f = free[row];
        if f == 0 {
            if row == first {
                return;
            }
            row -= 1;
            continue;
        }
        let bit = f & f.wrapping_neg();
        free[row] = f ^ bit;
        placed[row] = bit;
        let c = cols[row] | bit;
        let dr = (down_right[row] | bit) << 1;
        let dl = (down_left[row] | bit) >> 1;
        // Branch-free: a required column still empty empties the next row.
        let missing = taken[row + 1] & !c;
        let next = allowed[row + 1] & !(c | dr | dl) & (u64::from(missing == 0)).wrapping_neg();
        if row + 1 == last {
            if next != 0 {
                placed[last] = next;
                leaf(placed);
            }
            continue;
        }
        if next != 0 {
            row += 1;
            cols[row] = c;
            down_right[row] = dr;
            down_left[row] = dl;
            free[row] = next;
        }
    }
}
