//! Counting in slices bounded by work, not by plan units, so that a page can stop after
//! any few milliseconds and go on later, at any n.

use queens::{
    counting::Share,
    symmetry::{Symmetry, count_fixed},
};
use wasm_bindgen::prelude::*;

use crate::{check_n, full_row};

/// Counts the solutions of a board a slice at a time: a bitboard backtracking search with
/// its stack kept here between slices, so that a slice of any size ends where it was
/// asked to, even at n = 32 where no count finishes.
///
/// The first row takes only the left half of its columns, each solution found there
/// standing for its mirror image too. After the last slice, the count up to symmetry
/// follows from the solutions a half and a quarter turn leave unchanged, counted by the
/// library's own search for them (Burnside's lemma).
///
/// ```
/// let mut count = queens_web::Count::new(8).unwrap();
/// while !count.step(100) {}
/// assert_eq!((count.total(), count.unique()), ("92".to_owned(), "12".to_owned()));
/// ```
#[wasm_bindgen]
pub struct Count {
    n: usize,
    full: u32,
    /// The next first-row column to search below, and the mirror weight of the one being
    /// searched (2, or 1 for the middle column of an odd board).
    first: u32,
    weight: u64,
    /// The first-row weight already searched: it reaches `n` at the end.
    searched: u64,
    /// The row being filled, from 1; 0 between two first-row columns.
    depth: usize,
    /// Per row: the columns still to try, how many there were, and the three masks of the
    /// squares the queens above attack (columns, and diagonals shifted to this row).
    free: [u32; ROWS],
    choices: [u32; ROWS],
    columns: [u32; ROWS],
    left: [u32; ROWS],
    right: [u32; ROWS],
    total: u64,
    nodes: u64,
    unique: Option<String>,
}

/// Rows of the stack: one per row of the largest board. Indexing with `row % ROWS` costs
/// nothing and spares the bounds checks of the inner loop.
const ROWS: usize = crate::MAX_N as usize;

#[wasm_bindgen]
impl Count {
    /// A count of the solutions of `n` queens, not yet started.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<Count, JsError> {
        check_n(n)?;
        Ok(Count {
            n: n as usize,
            full: full_row(n as usize),
            first: 0,
            weight: 0,
            searched: 0,
            depth: 0,
            free: [0; ROWS],
            choices: [0; ROWS],
            columns: [0; ROWS],
            left: [0; ROWS],
            right: [0; ROWS],
            total: 0,
            nodes: 0,
            unique: None,
        })
    }

    /// Takes up to `budget` more steps of the search, each a queen placed or taken back;
    /// true once the count is finished. A budget of 100,000 is a few milliseconds.
    ///
    /// The row before the last is not entered: the squares it leaves free in the last row
    /// are the solutions below it, counted at once.
    pub fn step(&mut self, budget: u32) -> bool {
        let (n, full) = (self.n, self.full);
        let mut budget = budget;
        let (mut depth, mut total, mut nodes) = (self.depth, self.total, self.nodes);
        while budget > 0 {
            budget -= 1;
            if depth == 0 {
                if self.first as usize * 2 >= n {
                    break;
                }
                let column = self.first;
                self.first += 1;
                self.weight = if 2 * column as usize + 1 == n { 1 } else { 2 };
                nodes += 1;
                if n == 1 {
                    total += self.weight;
                    self.searched += self.weight;
                    continue;
                }
                let bit = 1u32 << column;
                self.enter(1, bit, bit << 1, bit >> 1);
                depth = 1;
                continue;
            }
            let row = depth % ROWS;
            let free = self.free[row];
            if free == 0 {
                depth -= 1;
                if depth == 0 {
                    self.searched += std::mem::take(&mut self.weight);
                }
                continue;
            }
            let bit = free & free.wrapping_neg();
            self.free[row] = free ^ bit;
            nodes += 1;
            let (c, l, r) = (
                self.columns[row] | bit,
                (self.left[row] | bit) << 1,
                (self.right[row] | bit) >> 1,
            );
            if row + 1 == n {
                total += self.weight;
            } else if row + 2 == n {
                let last = u64::from((full & !(c | l | r)).count_ones());
                nodes += last;
                total += last * self.weight;
            } else {
                self.enter(row + 1, c, l, r);
                depth = row + 1;
            }
        }
        (self.depth, self.total, self.nodes) = (depth, total, nodes);
        self.finished()
    }

    fn enter(&mut self, row: usize, columns: u32, left: u32, right: u32) {
        let row = row % ROWS;
        self.columns[row] = columns;
        self.left[row] = left;
        self.right[row] = right;
        let free = self.full & !(columns | left | right);
        self.free[row] = free;
        self.choices[row] = free.count_ones();
    }

    /// Whether the whole search is done.
    pub fn finished(&self) -> bool {
        self.depth == 0 && self.first as usize * 2 >= self.n
    }

    /// An estimate of the share of the work done, from 0 to 1: the first-row columns
    /// searched, and within the one being searched the branches of the next rows done,
    /// each taken as equal.
    pub fn progress(&self) -> f64 {
        if self.finished() {
            return 1.0;
        }
        let mut done = self.searched as f64;
        let mut scale = self.weight as f64;
        for row in 1..=self.depth.min(4) {
            let choices = f64::from(self.choices[row].max(1));
            let tried = f64::from(self.choices[row] - self.free[row].count_ones());
            if row < self.depth {
                // The branch being searched counts only once it is done.
                done += scale * (tried - 1.0) / choices;
                scale /= choices;
            } else {
                done += scale * tried / choices;
            }
        }
        done / self.n as f64
    }

    /// Nodes of the search tree visited so far.
    pub fn nodes(&self) -> f64 {
        self.nodes as f64
    }

    /// All solutions so far, in decimal.
    pub fn total(&self) -> String {
        self.total.to_string()
    }

    /// Solutions up to symmetry, in decimal, once the count is finished; empty before.
    pub fn unique(&mut self) -> String {
        if !self.finished() {
            return String::new();
        }
        let n = self.n;
        self.unique
            .get_or_insert_with(|| {
                let fixed = |s| count_fixed(n, s).expect("the board was checked");
                let share = Share {
                    total: u128::from(self.total),
                    half_turn: fixed(Symmetry::Rotate180),
                    quarter_turn: fixed(Symmetry::Rotate90),
                };
                share
                    .tally(n)
                    .map(|t| t.unique().to_string())
                    .expect("a whole board's counts make whole classes")
            })
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_slices_agree_with_the_library() {
        for n in 1..=12u32 {
            let mut count = Count::new(n).ok().unwrap();
            let mut slices = 0;
            let mut progress = 0.0;
            while !count.step(37) {
                slices += 1;
                let now = count.progress();
                // Up to rounding: the shares are sums of fractions.
                assert!(
                    now + 1e-12 >= progress && now < 1.0,
                    "n = {n}: {progress} then {now}"
                );
                progress = now;
            }
            let tally = queens::Counter::new().count(n as usize).unwrap();
            assert_eq!(count.total(), tally.total.to_string(), "n = {n}");
            assert_eq!(count.unique(), tally.unique().to_string(), "n = {n}");
            assert_eq!(count.progress(), 1.0);
            assert!(n < 6 || slices > 1, "n = {n} takes several slices");
        }
    }

    #[test]
    fn a_slice_ends_within_its_budget_at_any_n() {
        let mut count = Count::new(32).ok().unwrap();
        assert!(!count.step(1_000));
        assert!((500.0..=1_000.0 * 32.0).contains(&count.nodes()));
        assert!(count.progress() < 0.01);
        assert_eq!(count.unique(), "");
    }
}
