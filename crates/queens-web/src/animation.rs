//! The textbook backtracking search as an animation that can step both ways.

use queens::{Event, Trace};
use wasm_bindgen::prelude::*;

use crate::{check_n, full_row, pairs};

/// What an event of the animation is, as the page receives it.
const PLACE: u32 = 0;
const REJECT: u32 = 1;
const TAKE_BACK: u32 = 2;
const SOLUTION: u32 = 3;

/// The line along which a queen attacks a rejected square.
const COLUMN: u32 = 0;
/// The diagonal running down to the right (row − column constant).
const FALLING: u32 = 1;
/// The diagonal running down to the left (row + column constant).
const RISING: u32 = 2;

/// The search's tallies so far.
#[derive(Debug, Clone, Copy, Default)]
struct Tallies {
    steps: u64,
    nodes: u64,
    rejections: u64,
    backtracks: u64,
    solutions: u64,
}

/// The textbook backtracking search of a board, one event at a time, forwards and back.
///
/// An event crosses to JavaScript as `[kind, row, column, by, line]`: kind 0 a queen
/// placed, 1 a square rejected because the queen in row `by` attacks it along `line` (0
/// its column, 1 the diagonal falling to the right, 2 the one rising to the right), 2 a
/// queen taken back, 3 a solution (its row and column those of the last queen).
///
/// Stepping back replays the search from the start: a search step costs nanoseconds, so
/// even a million steps replay in milliseconds, and nothing is stored per step.
///
/// ```
/// let mut a = queens_web::Animation::new(4).unwrap();
/// assert_eq!(a.step(), [0, 0, 0, 0, 0]);
/// assert_eq!(a.step(), [1, 1, 0, 0, 0], "(1, 0) shares the column of (0, 0)");
/// assert_eq!(a.step(), [1, 1, 1, 0, 1], "(1, 1) is on its falling diagonal");
/// assert_eq!(a.back(), [1, 1, 0, 0, 0]);
/// assert_eq!((a.steps(), a.rejections()), (2.0, 1.0));
/// ```
#[wasm_bindgen]
pub struct Animation {
    n: usize,
    /// Per row, the column of the learner's queen that the search keeps.
    given: Vec<Option<u32>>,
    trace: Trace,
    event: Vec<u32>,
    tallies: Tallies,
    /// The search tree along the path, level by level: per row and column, one of the
    /// `TREE_` states, `n × n`.
    tree: Vec<u8>,
}

/// A node of the search tree not tried yet (below the path, or right of it).
const TREE_UNTRIED: u8 = 0;
/// Tried and rejected: a queen above attacks it, a branch pruned before it grew.
const TREE_REJECTED: u8 = 1;
/// Placed, searched below and taken back: a branch the search has finished.
const TREE_DONE: u8 = 2;
/// On the path: the queen that stands in its row now.
const TREE_PATH: u8 = 3;

#[wasm_bindgen]
impl Animation {
    /// The search of `n` queens, before its first step.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<Animation, JsError> {
        check_n(n)?;
        Ok(Animation::start(vec![None; n as usize]))
    }

    /// The search of `n` queens that keeps the learner's queens (a flat `[row, column,
    /// …]` array) and fills the other rows around them: it tries only the given square
    /// in a given row, so it finds their completions, or shows why there are none. Two
    /// queens in one row are an error: the search places one per row.
    ///
    /// ```
    /// // A queen kept on (1, 0): row 0 tries column 0, which it attacks, then column 1.
    /// let mut a = queens_web::Animation::with_queens(4, &[1, 0]).unwrap();
    /// assert_eq!(a.step(), [0, 0, 0, 0, 0]);
    /// assert_eq!(a.step(), [1, 1, 0, 0, 0], "the given (1, 0) shares the column of (0, 0)");
    /// assert_eq!(a.step(), [2, 0, 0, 0, 0], "so the queen on (0, 0) is taken back");
    /// ```
    pub fn with_queens(n: u32, queens: &[u32]) -> Result<Animation, JsError> {
        check_n(n)?;
        Ok(Animation::start(
            givens(n, queens).map_err(|e| JsError::new(&e))?,
        ))
    }

    fn start(given: Vec<Option<u32>>) -> Animation {
        Animation {
            n: given.len(),
            trace: Trace::with_givens(given.clone()),
            tree: vec![TREE_UNTRIED; given.len() * given.len()],
            given,
            event: Vec::new(),
            tallies: Tallies::default(),
        }
    }

    /// The next event; empty when the search is over (the event shown stays).
    pub fn step(&mut self) -> Vec<u32> {
        let Some(event) = self.trace.next() else {
            return Vec::new();
        };
        let n = self.n;
        let mut mark = |row: u32, column: u32, state: u8| {
            self.tree[row as usize * n + column as usize] = state;
        };
        match event {
            Event::Place { row, column } => {
                mark(row, column, TREE_PATH);
                // Every row below starts afresh: the new queen's children, untried.
                self.tree[(row as usize + 1) * n..].fill(TREE_UNTRIED);
            }
            Event::Conflict { row, column, .. } => mark(row, column, TREE_REJECTED),
            Event::Remove { row, column } => mark(row, column, TREE_DONE),
            Event::Solution { .. } => {}
        }
        let t = &mut self.tallies;
        t.steps += 1;
        self.event = match event {
            Event::Place { row, column } => {
                t.nodes += 1;
                vec![PLACE, row, column, 0, 0]
            }
            Event::Conflict { row, column, by } => {
                t.rejections += 1;
                let attacker = self.trace.columns()[by as usize];
                let line = if attacker == column {
                    COLUMN
                } else if column > attacker {
                    FALLING
                } else {
                    RISING
                };
                vec![REJECT, row, column, by, line]
            }
            Event::Remove { row, column } => {
                t.backtracks += 1;
                vec![TAKE_BACK, row, column, 0, 0]
            }
            Event::Solution { .. } => {
                t.solutions += 1;
                let last = self.n as u32 - 1;
                vec![SOLUTION, last, self.trace.columns()[last as usize], 0, 0]
            }
        };
        self.event.clone()
    }

    /// Steps until a solution is found or `limit` steps are taken, and returns the last
    /// event (kind 3 if a solution); empty when the search ended first.
    pub fn run_to_solution(&mut self, limit: u32) -> Vec<u32> {
        for _ in 0..limit {
            let event = self.step();
            if event.first().is_none_or(|&kind| kind == SOLUTION) {
                return event;
            }
        }
        self.event.clone()
    }

    /// Goes back one step and returns the event now shown; empty at the start.
    pub fn back(&mut self) -> Vec<u32> {
        let target = self.tallies.steps.saturating_sub(1);
        *self = Animation::start(std::mem::take(&mut self.given));
        for _ in 0..target {
            self.step();
        }
        self.event.clone()
    }

    /// The event shown: the last one stepped; empty at the start.
    pub fn event(&self) -> Vec<u32> {
        self.event.clone()
    }

    /// Events so far.
    pub fn steps(&self) -> f64 {
        self.tallies.steps as f64
    }

    /// Queens placed so far: the nodes of the search tree visited.
    pub fn nodes(&self) -> f64 {
        self.tallies.nodes as f64
    }

    /// Squares rejected so far because a queen above attacks them.
    pub fn rejections(&self) -> f64 {
        self.tallies.rejections as f64
    }

    /// Queens taken back so far.
    pub fn backtracks(&self) -> f64 {
        self.tallies.backtracks as f64
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> f64 {
        self.tallies.solutions as f64
    }

    /// The search tree as far as the search has gone, level by level: per row and
    /// column (`n × n`, row-major), 0 not tried yet, 1 rejected (a pruned branch), 2
    /// searched and taken back (a finished branch), 3 on the path (the queen standing
    /// there now). Level `r + 1` holds the children of the path's node in row `r`.
    ///
    /// ```
    /// let mut a = queens_web::Animation::new(4).unwrap();
    /// for _ in 0..4 {
    ///     a.step(); // (0, 0) placed; (1, 0) and (1, 1) rejected; (1, 2) placed
    /// }
    /// assert_eq!(&a.tree()[..8], [3, 0, 0, 0, 1, 1, 3, 0]);
    /// ```
    pub fn tree(&self) -> Vec<u8> {
        self.tree.clone()
    }

    /// Whether row `row` holds a queen the search keeps.
    pub fn is_given(&self, row: u32) -> bool {
        self.given.get(row as usize).is_some_and(Option::is_some)
    }

    /// The queens on the board now, as a column array of the rows filled.
    pub fn columns(&self) -> Vec<u32> {
        self.trace.columns().to_vec()
    }

    /// The bitboard view of the row the search fills next, as the fast counter keeps it:
    /// `[columns, falling, rising, free]`, bit `c` for column `c`: the squares of that row
    /// the queens above attack down their column, their falling and their rising
    /// diagonal, and those none attacks.
    ///
    /// ```
    /// let mut a = queens_web::Animation::new(4).unwrap();
    /// a.step(); // a queen on (0, 0)
    /// assert_eq!(a.masks(), [0b0001, 0b0010, 0b0000, 0b1100]);
    /// ```
    pub fn masks(&self) -> Vec<u32> {
        let columns = self.trace.columns();
        let row = columns.len();
        let mut masks = vec![0u32; 4];
        for (r, &c) in columns.iter().enumerate() {
            let distance = (row - r) as u32;
            masks[0] |= 1 << c;
            if c + distance < self.n as u32 {
                masks[1] |= 1 << (c + distance);
            }
            if let Some(left) = c.checked_sub(distance) {
                masks[2] |= 1 << left;
            }
        }
        masks[3] = full_row(self.n) & !(masks[0] | masks[1] | masks[2]);
        masks
    }
}

/// Per row, the column of its queen in the flat `[row, column, …]` array; an error for a
/// square off the board or a second queen in a row.
fn givens(n: u32, queens: &[u32]) -> Result<Vec<Option<u32>>, String> {
    let mut given = vec![None; n as usize];
    for (r, c) in pairs(queens) {
        if r >= n || c >= n {
            return Err(format!("({r}, {c}) is not on the {n}×{n} board"));
        }
        if let Some(other) = given[r as usize].replace(c).filter(|&o| o != c) {
            return Err(format!(
                "row {} holds two queens (columns {} and {}): the search places one per row",
                r + 1,
                other.min(c) + 1,
                other.max(c) + 1
            ));
        }
    }
    Ok(given)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rejection_names_a_queen_that_attacks_along_its_line() {
        let mut a = Animation::new(6).ok().unwrap();
        let mut rejections = 0;
        loop {
            let e = a.step();
            if e.is_empty() {
                break;
            }
            if e[0] != REJECT {
                continue;
            }
            rejections += 1;
            let (row, column, by, line) = (e[1], e[2], e[3], e[4]);
            let attacker = a.columns()[by as usize];
            let distance = row - by;
            let along = match line {
                COLUMN => attacker == column,
                FALLING => attacker + distance == column,
                RISING => attacker == column + distance,
                _ => false,
            };
            assert!(along, "{e:?} by ({by}, {attacker})");
        }
        assert_eq!(a.solutions(), 4.0);
        assert_eq!(a.rejections(), rejections as f64);
    }

    #[test]
    fn kept_queens_stay_when_stepping_back() {
        // Nauck's puzzle: its two completions, found again after stepping back.
        let mut a = Animation::with_queens(8, &[4, 1, 3, 3]).ok().unwrap();
        let mut solutions = Vec::new();
        while let Some(&kind) = a.step().first() {
            if kind == SOLUTION {
                solutions.push(a.columns());
            }
        }
        assert_eq!(solutions.len(), 2);
        let mut a = Animation::with_queens(8, &[4, 1, 3, 3]).ok().unwrap();
        for _ in 0..40 {
            a.step();
        }
        for _ in 0..20 {
            a.back();
        }
        assert!(a.is_given(4) && a.is_given(3) && !a.is_given(0));
        assert_eq!(a.run_to_solution(1_000_000)[0], SOLUTION);
        assert_eq!(a.columns(), solutions[0]);
        assert_eq!(
            givens(8, &[0, 1, 0, 5]).unwrap_err(),
            "row 1 holds two queens (columns 2 and 6): the search places one per row"
        );
        assert!(givens(8, &[8, 0]).is_err());
    }

    #[test]
    fn back_then_forward_is_the_same_event() {
        let mut a = Animation::new(8).ok().unwrap();
        let events: Vec<Vec<u32>> = (0..200).map(|_| a.step()).collect();
        for i in (1..200).rev() {
            assert_eq!(a.back(), events[i - 1]);
            assert_eq!(a.steps(), i as f64);
        }
        assert!(a.back().is_empty());
        assert_eq!(a.step(), events[0]);
        let first = a.run_to_solution(10_000);
        assert_eq!(first[0], SOLUTION);
        assert_eq!(
            a.columns(),
            queens::Solutions::new(8).unwrap().next().unwrap().columns()
        );
    }
}
