//! Every completion of a problem, lazily, in lexicographic order, on either board.

use super::grid::{Board, Grid, Order, Portable, State, Step, step};
use super::sparse::Sparse;
use crate::Placement;

/// The completions of a [`Completion`](super::Completion), in lexicographic order: see
/// [`Completion::iter`](super::Completion::iter).
#[derive(Debug, Clone)]
pub struct Completions(pub(super) Walker);

/// The board the completions are walked on: the bitboards, or the open rows and columns of
/// a board above them. Both are boxed: each holds a kilobyte or so of masks, moved once
/// into the heap.
#[derive(Debug, Clone)]
pub(super) enum Walker {
    Board(Box<Walk<Grid>>),
    Open(Box<Walk<Sparse>>),
}

/// The completions on one board: its open rows filled in order, each from its smallest
/// open column up, with the same cuts as the search for one completion.
#[derive(Debug, Clone)]
pub(super) struct Walk<B: Board> {
    board: B,
    /// Per open row being filled: the node above it, the row, and its untried squares.
    stack: Vec<(B::Node, usize, u64)>,
    /// The whole board's columns, the givens in their rows.
    columns: Vec<u32>,
    /// The givens alone complete the board: yield it once.
    pending_full: bool,
}

impl<B: Board> Walk<B> {
    /// The walk from `start`, with the whole board's `columns` holding the givens.
    pub(super) fn new(board: B, start: B::Node, columns: Vec<u32>) -> Walk<B> {
        let mut walk = Walk {
            board,
            stack: Vec::new(),
            columns,
            pending_full: false,
        };
        match step(&walk.board, &mut { start }, &mut [], Order::Rows, Portable) {
            Step::Done => walk.pending_full = true,
            Step::Row(r, options) => walk.stack.push((start, r, options)),
            _ => {}
        }
        walk
    }

    pub(super) fn next_columns(&mut self) -> Option<&[u32]> {
        if std::mem::take(&mut self.pending_full) {
            return Some(&self.columns);
        }
        loop {
            let (s, r, options) = self.stack.last_mut()?;
            if *options == 0 {
                self.stack.pop();
                continue;
            }
            let c = options.trailing_zeros() as usize;
            *options &= *options - 1;
            let (s, r) = (*s, *r);
            self.board.record(&mut self.columns, r, c);
            let mut below = self.board.place(s, r, c);
            match step(&self.board, &mut below, &mut [], Order::Rows, Portable) {
                Step::Done => return Some(&self.columns),
                Step::Row(next, options) => self.stack.push((below, next, options)),
                _ => {}
            }
        }
    }
}

impl Completions {
    /// The completions on the bitboards from `start`, with `given` each row's given column.
    pub(super) fn on_grid(grid: Grid, start: State, given: &[Option<u32>]) -> Completions {
        let columns = given.iter().map(|c| c.unwrap_or(0)).collect();
        Completions(Walker::Board(Box::new(Walk::new(grid, start, columns))))
    }

    /// The completions of a large problem's open board.
    pub(super) fn on_open(open: Sparse) -> Completions {
        Completions(Walker::Open(Box::new(open.walk())))
    }

    /// The next completion's columns, without allocating.
    pub fn next_columns(&mut self) -> Option<&[u32]> {
        match &mut self.0 {
            Walker::Board(walk) => walk.next_columns(),
            Walker::Open(walk) => walk.next_columns(),
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        match &self.0 {
            Walker::Board(walk) => walk.columns.len(),
            Walker::Open(walk) => walk.columns.len(),
        }
    }
}

impl Iterator for Completions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_columns().map(|c| Placement::new(c.to_vec()))
    }
}
