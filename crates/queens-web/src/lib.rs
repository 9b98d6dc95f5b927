//! The engine of the nqueens web page: the `queens` library behind a few JavaScript-sized
//! calls (wasm-bindgen). The page itself (`www/`) only draws and listens; every rule of
//! the puzzle is decided here, by the same code as the command line.
//!
//! Boards cross the boundary as flat arrays: a position is `[row, column, row, column,
//! …]`, a solution its column array.

use std::num::NonZeroUsize;

use queens::{Completion, Event, Outcome, Share, Solutions, Trace, UniqueSolutions, Unit};
use wasm_bindgen::prelude::*;

/// The largest board the page offers.
pub const MAX_N: u32 = 32;

fn check_n(n: u32) -> Result<(), JsError> {
    if n == 0 || n > MAX_N {
        return Err(JsError::new(&format!(
            "n = {n}: the page shows boards of 1 to {MAX_N} queens"
        )));
    }
    Ok(())
}

/// The pairs of a flat `[row, column, …]` array.
fn pairs(queens: &[u32]) -> impl Iterator<Item = (u32, u32)> + '_ {
    queens.chunks_exact(2).map(|p| (p[0], p[1]))
}

/// What each square of the position shows, row by row: 0 free, 1 attacked by a queen, 2 a
/// queen no other attacks, 3 a queen in conflict with another.
///
/// ```
/// // Queens on (0, 0) and (1, 2) of a 4×4 board: no conflict; (2, 1) is attacked by both.
/// let s = queens_web::squares(4, &[0, 0, 1, 2]);
/// assert_eq!((s[0], s[6], s[9], s[15]), (2, 2, 1, 1));
/// assert_eq!(queens_web::squares(4, &[0, 0, 2, 2])[0], 3);
/// ```
#[wasm_bindgen]
pub fn squares(n: u32, queens: &[u32]) -> Vec<u8> {
    let attacks = |(r1, c1): (u32, u32), (r2, c2): (u32, u32)| {
        (r1, c1) != (r2, c2) && (r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2))
    };
    let mut out = vec![0u8; (n * n) as usize];
    for r in 0..n {
        for c in 0..n {
            let square = (r, c);
            let queen = pairs(queens).any(|q| q == square);
            let attacked = pairs(queens).any(|q| attacks(q, square));
            out[(r * n + c) as usize] = match (queen, attacked) {
                (true, true) => 3,
                (true, false) => 2,
                (false, true) => 1,
                (false, false) => 0,
            };
        }
    }
    out
}

/// The queen glyph as SVG path data in a 100 × 100 box: the same drawing as the command
/// line's pictures.
#[wasm_bindgen]
pub fn queen_path() -> String {
    queens::QUEEN_PATH.to_owned()
}

/// A completion of the position (its column array), or why there is none: the queens
/// given attack each other, or no completion exists.
///
/// ```
/// // Nauck's puzzle: b4 and d5.
/// let columns = queens_web::complete(8, &[4, 1, 3, 3]).unwrap();
/// assert_eq!((columns[4], columns[3]), (1, 3));
/// ```
#[wasm_bindgen]
pub fn complete(n: u32, queens: &[u32]) -> Result<Vec<u32>, JsError> {
    check_n(n)?;
    let problem = pairs(queens).fold(
        Completion::new(n as usize).threads(NonZeroUsize::MIN),
        |p, (r, c)| p.queen(r, c),
    );
    match problem.find(None) {
        Ok(Outcome::Completed(p)) => Ok(p.into_columns()),
        Ok(_) => Err(JsError::new("no completion: these queens cannot all stay")),
        Err(e) => Err(JsError::new(&e.to_string())),
    }
}

/// Steps through the solutions of a board in lexicographic order, all of them or one per
/// symmetry class, keeping those already seen so that it can step back.
#[wasm_bindgen]
pub struct Browser {
    all: Option<Solutions>,
    unique: Option<UniqueSolutions>,
    seen: Vec<Vec<u32>>,
    /// The index of the solution shown, in `seen`; none before the first.
    at: Option<usize>,
}

#[wasm_bindgen]
impl Browser {
    /// The solutions of `n` queens, or with `unique` one per class.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32, unique: bool) -> Result<Browser, JsError> {
        check_n(n)?;
        let n = n as usize;
        let error = |e: queens::Error| JsError::new(&e.to_string());
        let (all, unique) = if unique {
            (None, Some(UniqueSolutions::new(n).map_err(error)?))
        } else {
            (Some(Solutions::new(n).map_err(error)?), None)
        };
        Ok(Browser {
            all,
            unique,
            seen: Vec::new(),
            at: None,
        })
    }

    /// The next solution's columns; empty after the last. (`next` in JavaScript.)
    #[wasm_bindgen(js_name = next)]
    pub fn forward(&mut self) -> Vec<u32> {
        let wanted = self.at.map_or(0, |i| i + 1);
        if wanted == self.seen.len() {
            let found = match (&mut self.all, &mut self.unique) {
                (Some(all), _) => all.next_columns().map(<[u32]>::to_vec),
                (_, Some(unique)) => unique.next_columns().map(<[u32]>::to_vec),
                _ => None,
            };
            match found {
                Some(columns) => self.seen.push(columns),
                None => return Vec::new(),
            }
        }
        self.at = Some(wanted);
        self.seen[wanted].clone()
    }

    /// The previous solution's columns; empty at the first. (`prev` in JavaScript.)
    #[wasm_bindgen(js_name = prev)]
    pub fn back(&mut self) -> Vec<u32> {
        match self.at {
            Some(i) if i > 0 => {
                self.at = Some(i - 1);
                self.seen[i - 1].clone()
            }
            _ => Vec::new(),
        }
    }

    /// The position of the solution shown, from 0; -1 before the first.
    pub fn index(&self) -> f64 {
        self.at.map_or(-1.0, |i| i as f64)
    }
}

/// Counts the solutions of a board a few work units at a time, so that the page stays
/// responsive while it counts (n = 16 has 14.7 million).
#[wasm_bindgen]
pub struct Count {
    n: usize,
    units: Vec<Unit>,
    done: usize,
    /// The expected work of the units done, and of all of them.
    cost_done: u64,
    cost: u64,
    share: Share,
}

#[wasm_bindgen]
impl Count {
    /// A count of the solutions of `n` queens, not yet started.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<Count, JsError> {
        check_n(n)?;
        let plan = queens::plan(n as usize).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Count {
            n: n as usize,
            units: plan.units().to_vec(),
            done: 0,
            cost_done: 0,
            cost: plan.cost(),
            share: Share::default(),
        })
    }

    /// Counts up to `units` more work units; true once all are counted.
    pub fn step(&mut self, units: u32) -> bool {
        let end = (self.done + units as usize).min(self.units.len());
        for unit in &self.units[self.done..end] {
            self.share += unit.count();
            self.cost_done += unit.cost();
        }
        self.done = end;
        self.finished()
    }

    /// Whether every unit is counted.
    pub fn finished(&self) -> bool {
        self.done == self.units.len()
    }

    /// The share of the expected work done, from 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.cost == 0 {
            1.0
        } else {
            self.cost_done as f64 / self.cost as f64
        }
    }

    /// All solutions so far, in decimal.
    pub fn total(&self) -> String {
        self.share.total.to_string()
    }

    /// Solutions up to symmetry, in decimal, once every unit is counted (the classes
    /// follow from the whole board's count); empty before.
    pub fn unique(&self) -> String {
        self.share
            .tally(self.n)
            .filter(|_| self.finished())
            .map(|t| t.unique().to_string())
            .unwrap_or_default()
    }
}

/// The textbook backtracking search of a board, one event at a time, for the animation.
#[wasm_bindgen]
pub struct Animation {
    trace: Trace,
    nodes: u64,
    solutions: u64,
}

#[wasm_bindgen]
impl Animation {
    /// The search of `n` queens, before its first step.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<Animation, JsError> {
        check_n(n)?;
        Ok(Animation {
            trace: Trace::new(n as usize),
            nodes: 0,
            solutions: 0,
        })
    }

    /// The next event as `[kind, row, column, by]`: kind 0 a queen placed, 1 a square
    /// rejected because the queen in row `by` attacks it, 2 a queen taken back, 3 a
    /// solution found (row and column 0); empty when the search is over.
    ///
    /// ```
    /// let mut a = queens_web::Animation::new(4).unwrap();
    /// assert_eq!(a.step(), [0, 0, 0, 0]);
    /// assert_eq!(a.step(), [1, 1, 0, 0]);
    /// assert_eq!(a.nodes(), 1.0);
    /// ```
    pub fn step(&mut self) -> Vec<u32> {
        match self.trace.next() {
            Some(Event::Place { row, column }) => {
                self.nodes += 1;
                vec![0, row, column, 0]
            }
            Some(Event::Conflict { row, column, by }) => vec![1, row, column, by],
            Some(Event::Remove { row, column }) => vec![2, row, column, 0],
            Some(Event::Solution { .. }) => {
                self.solutions += 1;
                vec![3, 0, 0, 0]
            }
            None => Vec::new(),
        }
    }

    /// Queens placed so far: the nodes of the search tree visited.
    pub fn nodes(&self) -> f64 {
        self.nodes as f64
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> f64 {
        self.solutions as f64
    }

    /// The queens on the board now, as a column array of the rows filled.
    pub fn columns(&self) -> Vec<u32> {
        self.trace.columns().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_steps_both_ways_in_order() {
        let mut browser = Browser::new(6, false).ok().unwrap();
        let all: Vec<Vec<u32>> = Solutions::new(6)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        assert!(browser.back().is_empty());
        for (i, expected) in all.iter().enumerate() {
            assert_eq!(&browser.forward(), expected);
            assert_eq!(browser.index(), i as f64);
        }
        assert!(browser.forward().is_empty(), "nothing after the last");
        assert_eq!(browser.back(), all[all.len() - 2]);
        assert_eq!(browser.forward(), all[all.len() - 1]);
        let mut unique = Browser::new(8, true).ok().unwrap();
        let first = UniqueSolutions::new(8).unwrap().next().unwrap();
        assert_eq!(unique.forward(), first.columns());
    }

    #[test]
    fn the_count_in_slices_adds_up() {
        let mut count = Count::new(10).ok().unwrap();
        let mut calls = 0;
        while !count.step(3) {
            calls += 1;
            assert!(count.progress() < 1.0);
        }
        assert!(calls > 1, "a count of n = 10 takes several slices");
        assert_eq!((count.total(), count.unique()), ("724".into(), "92".into()));
    }
}
