//! The engine of the nqueens web page: the `queens` library behind a few JavaScript-sized
//! calls (wasm-bindgen). The page itself (`www/`) only draws and listens; every rule of
//! the puzzle is decided here, by the same code as the command line.
//!
//! Boards cross the boundary as flat arrays: a position is `[row, column, row, column,
//! …]`, a solution its column array.

use std::num::NonZeroUsize;

use queens::{Completion, Outcome, complete::GivenConflict};
use wasm_bindgen::prelude::*;

mod animation;
mod browse;
mod count;

pub use animation::Animation;
pub use browse::{RANK_MAX_N, class_rank, class_size, neighbour, rank, smallest_image};
pub use count::{Sum, Units};

/// The largest board the page offers.
pub const MAX_N: u32 = 32;

/// [`MAX_N`], for the page.
#[wasm_bindgen]
pub fn max_n() -> u32 {
    MAX_N
}

fn check_n(n: u32) -> Result<(), JsError> {
    if n == 0 || n > MAX_N {
        return Err(JsError::new(&format!(
            "n = {n}: the page shows boards of 1 to {MAX_N} queens"
        )));
    }
    Ok(())
}

/// The squares of one row of an `n`-wide board, as bits `0..n`: the search masks' full row.
fn full_row(n: usize) -> u32 {
    u32::MAX >> (32 - n)
}

/// Whether `n` queens have any solution, as the library's explicit construction knows:
/// all but n = 2 and 3. The page asks here instead of knowing it.
///
/// ```
/// assert!(queens_web::solvable(1) && queens_web::solvable(4));
/// assert!(!queens_web::solvable(2) && !queens_web::solvable(3));
/// ```
#[wasm_bindgen]
pub fn solvable(n: u32) -> bool {
    // Only the boards the construction has no solution for; past its limit, every board
    // has one too.
    !matches!(queens::construct(n as usize), Ok(None))
}

/// The pairs of a flat `[row, column, …]` array.
pub(crate) fn pairs(queens: &[u32]) -> impl Iterator<Item = (u32, u32)> + '_ {
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

/// The first two queens of the position that attack each other, as `[row, column, row,
/// column]`; empty when none do. The library's check of a completion's givens decides.
///
/// ```
/// assert_eq!(queens_web::attacking_pair(4, &[0, 0, 1, 2, 3, 3]), [0, 0, 3, 3]);
/// assert!(queens_web::attacking_pair(4, &[0, 0, 1, 2]).is_empty());
/// ```
#[wasm_bindgen]
pub fn attacking_pair(n: u32, queens: &[u32]) -> Vec<u32> {
    let givens = pairs(queens).fold(Completion::new(n as usize), |p, (r, c)| p.queen(r, c));
    match givens.check() {
        Err(GivenConflict::Attack {
            queens: ((r1, c1), (r2, c2)),
            ..
        }) => vec![r1, c1, r2, c2],
        _ => Vec::new(),
    }
}

/// Whether a queen on `a` attacks the square `b`.
fn attacks((r1, c1): (u32, u32), (r2, c2): (u32, u32)) -> bool {
    (r1, c1) != (r2, c2) && (r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2))
}

/// The queen glyph as SVG path data in a 100 × 100 box: the same drawing as the command
/// line's pictures.
#[wasm_bindgen]
pub fn queen_path() -> String {
    queens::formats::QUEEN_PATH.to_owned()
}

/// A completion of the position (its column array); `undefined` in JavaScript when none
/// exists, and an error, the library's message, when the position is not one.
///
/// ```
/// // Nauck's puzzle: b4 and d5.
/// let columns = queens_web::complete(8, &[4, 1, 3, 3]).unwrap().unwrap();
/// assert_eq!((columns[4], columns[3]), (1, 3));
/// // No solution of 4 queens has one in a corner.
/// assert_eq!(queens_web::complete(4, &[0, 0]).ok().flatten(), None);
/// ```
#[wasm_bindgen]
pub fn complete(n: u32, queens: &[u32]) -> Result<Option<Vec<u32>>, JsError> {
    check_n(n)?;
    let problem = pairs(queens).fold(
        Completion::new(n as usize).threads(NonZeroUsize::MIN),
        |p, (r, c)| p.queen(r, c),
    );
    match problem.find(None) {
        Ok(Outcome::Completed(p)) => Ok(Some(p.into_columns())),
        Ok(_) => Ok(None),
        Err(e) => Err(JsError::new(&e.to_string())),
    }
}

/// The position as an SVG picture `pixels` wide, the library's drawing
/// ([`queens::formats::problem_svg`]): its queens, with a red line joining each two that
/// attack each other. What the page's SVG and PNG downloads hold.
///
/// ```
/// let svg = queens_web::picture(4, &[0, 1, 1, 3], 200);
/// assert!(svg.starts_with("<svg") && svg.matches("<use").count() == 2);
/// ```
#[wasm_bindgen]
pub fn picture(n: u32, queens: &[u32], pixels: u32) -> String {
    let position = pairs(queens)
        .filter(|&(r, c)| r < n && c < n)
        .fold(Completion::new(n as usize), |p, (r, c)| p.queen(r, c));
    queens::formats::problem_svg(&position, pixels as usize)
}

/// The position under each of the 8 symmetries of the square (in the order of
/// [`queens::symmetry::Symmetry::ALL`]: the identity, the quarter turns, the two mirror
/// images and the two diagonal reflections), as one flat `[row, column, …]` array per
/// symmetry, one after another. A position of any queens, a solution or not.
///
/// ```
/// // One queen on (0, 1) of a 4 × 4 board, turned a quarter clockwise: (1, 3).
/// let images = queens_web::images(4, &[0, 1]);
/// assert_eq!(images.len(), 16);
/// assert_eq!(&images[..4], [0, 1, 1, 3]);
/// ```
#[wasm_bindgen]
pub fn images(n: u32, queens: &[u32]) -> Vec<u32> {
    let on_board: Vec<(u32, u32)> = pairs(queens).filter(|&(r, c)| r < n && c < n).collect();
    queens::symmetry::Symmetry::ALL
        .iter()
        .flat_map(|s| {
            on_board.iter().flat_map(move |&(r, c)| {
                let (r, c) = s.square(n as usize, (r as usize, c as usize));
                [r as u32, c as u32]
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn completion_keeps_the_givens_at_the_largest_board() {
        let columns = super::complete(32, &[0, 5, 1, 9, 2, 0])
            .ok()
            .flatten()
            .unwrap();
        assert_eq!(&columns[..3], [5, 9, 0]);
        assert!(queens::validate(&columns).is_ok());
    }
}
