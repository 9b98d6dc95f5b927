//! Stepping through the solutions, and finding where a board stands among them.

use queens::{Solutions, UniqueSolutions};
use wasm_bindgen::prelude::*;

use crate::check_n;

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

/// The largest board whose solutions [`rank`] numbers: its work is a full count without
/// symmetry, a second or two at n = 15 in a browser, ten times more at 16.
pub const RANK_MAX_N: usize = 15;

/// Where the solution `columns` comes in the lexicographic order of all solutions, from 0,
/// in decimal; empty when `columns` is not a solution or the board is larger than
/// [`RANK_MAX_N`] ([`queens::counting::solution_index`]).
///
/// ```
/// let third = queens::Solutions::new(8).unwrap().nth(2).unwrap();
/// assert_eq!(queens_web::rank(third.columns()), "2");
/// assert_eq!(queens_web::rank(&[0, 1, 2, 3]), "");
/// ```
#[wasm_bindgen]
pub fn rank(columns: &[u32]) -> String {
    if columns.len() > RANK_MAX_N {
        return String::new();
    }
    queens::counting::solution_index(columns)
        .ok()
        .flatten()
        .map(|i| i.to_string())
        .unwrap_or_default()
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
            assert_eq!(rank(expected), i.to_string());
        }
        assert!(browser.forward().is_empty(), "nothing after the last");
        assert_eq!(browser.back(), all[all.len() - 2]);
        assert_eq!(browser.forward(), all[all.len() - 1]);
        let mut unique = Browser::new(8, true).ok().unwrap();
        let first = UniqueSolutions::new(8).unwrap().next().unwrap();
        assert_eq!(unique.forward(), first.columns());
    }

    #[test]
    fn the_rank_of_each_solution_is_its_place() {
        for (i, p) in Solutions::new(9).unwrap().enumerate() {
            assert_eq!(rank(p.columns()), i.to_string());
        }
    }
}
