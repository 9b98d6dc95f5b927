//! Every completion of a problem, lazily, in lexicographic order.

use super::grid::{Grid, Order, State, Step};
use super::sparse;
use crate::Placement;

/// The completions of a [`Completion`](super::Completion), in lexicographic order: see
/// [`Completion::iter`](super::Completion::iter).
#[derive(Debug, Clone)]
pub struct Completions(pub(super) Walker);

/// How the completions are walked: on the bitboards, or on the open rows and columns of a
/// board above them. Both are boxed: each holds a kilobyte or so of masks, moved once into
/// the heap.
#[derive(Debug, Clone)]
pub(super) enum Walker {
    Board(Box<BoardWalk>),
    Open(Box<sparse::Walk>),
}

#[derive(Debug, Clone)]
pub(super) struct BoardWalk {
    grid: Grid,
    /// Per open row being filled: the node above it, the row, and its untried squares.
    stack: Vec<(State, usize, u64)>,
    columns: Vec<u32>,
    /// The givens alone complete the board: yield it once.
    pending_full: bool,
}

impl Completions {
    pub(super) fn new(grid: Grid, start: State, given: Vec<Option<u32>>) -> Completions {
        let columns = given.iter().map(|c| c.unwrap_or(0)).collect();
        let mut it = BoardWalk {
            grid,
            stack: Vec::new(),
            columns,
            pending_full: false,
        };
        match it.grid.step(&mut { start }, &mut [], Order::Rows) {
            Step::Done => it.pending_full = true,
            Step::Row(r, options) => it.stack.push((start, r, options)),
            _ => {}
        }
        Completions(Walker::Board(Box::new(it)))
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
            Walker::Board(walk) => walk.grid.n(),
            Walker::Open(walk) => walk.n(),
        }
    }
}

impl BoardWalk {
    fn next_columns(&mut self) -> Option<&[u32]> {
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
            self.columns[r] = c as u32;
            let mut below = self.grid.place(s, r, c);
            match self.grid.step(&mut below, &mut [], Order::Rows) {
                Step::Done => return Some(&self.columns),
                Step::Row(next, options) => self.stack.push((below, next, options)),
                _ => {}
            }
        }
    }
}

impl Iterator for Completions {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_columns().map(|c| Placement::new(c.to_vec()))
    }
}
