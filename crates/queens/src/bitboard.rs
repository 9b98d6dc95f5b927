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
    /// The free squares of the next row.
    #[inline(always)]
    pub(crate) fn free(self, full: u64) -> u64 {
        full & !(self.cols | self.down_right | self.down_left)
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
