//! Stepping through the solutions, and finding where a board stands among them.

use queens::{LexWalk, Outcome, Solutions, UniqueSolutions};
use wasm_bindgen::prelude::*;

use crate::check_n;

/// The solution next to a board in lexicographic order, after it (`forward`) or before
/// it, all solutions or one per symmetry class (`unique`: a class's smallest image): its
/// column array, empty when there is none. The board is any position, as a key per row:
/// the column of its queen (the leftmost, if several), or -1 for a row without one, which
/// sorts before every column; so Next from a board that is not a solution is the first
/// solution after it, and from an empty board the first of all.
///
/// The search looks for the solutions that share the longest prefix with the key and
/// continue above it: at each depth from the last row up, the rows before it kept and the
/// row itself on a larger column, each prefix searched by the library's enumerator. Before
/// the key is after it on the board turned left to right, which reverses the order; for
/// classes, whose smallest images do not map onto each other, the solutions before the
/// key are walked down until one is its class's smallest image.
///
/// ```
/// let all: Vec<_> = queens::Solutions::new(8).unwrap().map(|p| p.into_columns()).collect();
/// let key = |s: &[u32]| s.iter().map(|&c| c as i32).collect::<Vec<_>>();
/// assert_eq!(queens_web::neighbour(8, false, &key(&all[77]), true), all[78]);
/// assert_eq!(queens_web::neighbour(8, false, &key(&all[77]), false), all[76]);
/// assert_eq!(queens_web::neighbour(8, false, &[-1; 8], true), all[0]);
/// assert!(queens_web::neighbour(8, false, &key(&all[91]), true).is_empty());
/// // A board that is no solution: the first solution after it.
/// assert_eq!(queens_web::neighbour(8, false, &[5, -1, -1, -1, -1, -1, -1, -1], true)[0], 5);
/// ```
#[wasm_bindgen]
pub fn neighbour(n: u32, unique: bool, key: &[i32], forward: bool) -> Vec<u32> {
    let n = n as usize;
    if check_n(n as u32).is_err() || key.len() != n {
        return Vec::new();
    }
    if forward
        && n >= LexWalk::FROM_N
        && let Some(s) = walked_after(n, unique, key)
    {
        return s;
    }
    let last = n as i32 - 1;
    // Backwards is forwards on the mirror image, where an empty row (-1) sorts last (n).
    let key: Vec<i32> = if forward {
        key.iter().map(|&c| c.clamp(-1, n as i32)).collect()
    } else {
        key.iter().map(|&c| last - c.clamp(-1, n as i32)).collect()
    };
    let unmirror = |s: &[u32]| -> Vec<u32> {
        if forward {
            s.to_vec()
        } else {
            s.iter().map(|&c| last as u32 - c).collect()
        }
    };
    for depth in (0..n).rev() {
        let Some(kept) = key[..depth]
            .iter()
            .map(|&c| u32::try_from(c).ok().filter(|&c| (c as usize) < n))
            .collect::<Option<Vec<u32>>>()
        else {
            continue;
        };
        let mut prefix = kept;
        prefix.push(0);
        for c in (key[depth] + 1).max(0)..=last {
            prefix[depth] = c as u32;
            let found = if unique && forward {
                UniqueSolutions::with_prefix(n, &prefix)
                    .ok()
                    .and_then(|mut s| s.next_columns().map(<[u32]>::to_vec))
            } else {
                // An attacking prefix is an error: no solution starts with it.
                let Ok(mut below) = Solutions::with_prefix(n, &prefix) else {
                    continue;
                };
                let mut found = None;
                while let Some(s) = below.next_columns() {
                    let s = unmirror(s);
                    if !unique || queens::symmetry::canonical(&s) == s {
                        found = Some(s);
                        break;
                    }
                }
                found
            };
            if let Some(s) = found {
                return s;
            }
        }
    }
    Vec::new()
}

/// The first solution after `key` (with `unique`, the first smallest image of its class)
/// by the walk guided by completion proofs, which finds the first solutions of large
/// boards far sooner than the search row by row (n = 32: 0.12 s against 1.0 s, natively);
/// `None` where the key's rows above its first empty one attack each other, which the
/// search row by row handles.
fn walked_after(n: usize, unique: bool, key: &[i32]) -> Option<Vec<u32>> {
    let filled = key.iter().position(|&c| c < 0).unwrap_or(n);
    let prefix: Vec<u32> = key[..filled]
        .iter()
        .map(|&c| u32::try_from(c).ok().filter(|&c| (c as usize) < n))
        .collect::<Option<_>>()?;
    let mut walk = LexWalk::new(n).ok()?.starting_at(&prefix).ok()?;
    if unique {
        walk = walk.unique();
    }
    loop {
        match walk.next_solution(None).ok()? {
            // A whole board that is a solution: the one after it.
            Outcome::Completed(p) if p.columns() == prefix.as_slice() => continue,
            Outcome::Completed(p) => return Some(p.into_columns()),
            _ => return Some(Vec::new()),
        }
    }
}

/// The smallest of the 8 images of the solution `columns` in lexicographic order: the
/// one that stands for its class, which Next and Prev with one per class step from;
/// empty when `columns` is not a solution.
///
/// ```
/// assert_eq!(queens_web::smallest_image(&[2, 0, 3, 1]), [1, 3, 0, 2]);
/// assert!(queens_web::smallest_image(&[0, 1]).is_empty());
/// ```
#[wasm_bindgen]
pub fn smallest_image(columns: &[u32]) -> Vec<u32> {
    if queens::validate(columns).is_err() {
        return Vec::new();
    }
    queens::symmetry::canonical(columns)
}

/// How many distinct boards the class of the solution `columns` holds under the 8
/// rotations and reflections: 8, 4, 2 or 1; 0 when `columns` is not a solution.
///
/// ```
/// assert_eq!(queens_web::class_size(&[1, 3, 0, 2]), 2);
/// assert_eq!(queens_web::class_size(&[0, 4, 7, 5, 2, 6, 1, 3]), 8);
/// assert_eq!(queens_web::class_size(&[0, 1]), 0);
/// ```
#[wasm_bindgen]
pub fn class_size(columns: &[u32]) -> u32 {
    if queens::validate(columns).is_err() {
        return 0;
    }
    queens::symmetry::class_size(columns) as u32
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

/// Where the class of the solution `columns` comes among the classes, numbered by their
/// smallest images in lexicographic order (as Next and Prev step through them with one
/// per class), from 0, in decimal; empty when `columns` is not a solution or the board is
/// larger than [`RANK_MAX_N`]. The smallest images before the board's are listed: at
/// n = 15 at most 2.3 million solutions searched, about as long as [`rank`] takes.
///
/// ```
/// let reps: Vec<_> = queens::UniqueSolutions::new(8).unwrap().map(|p| p.into_columns()).collect();
/// assert_eq!(queens_web::class_rank(&reps[4]), "4");
/// // Any board of the class: here the fifth class's smallest image turned left to right.
/// let mirrored: Vec<u32> = reps[4].iter().map(|&c| 7 - c).collect();
/// assert_eq!(queens_web::class_rank(&mirrored), "4");
/// assert_eq!(queens_web::class_rank(&[0, 1, 2, 3]), "");
/// ```
#[wasm_bindgen]
pub fn class_rank(columns: &[u32]) -> String {
    let n = columns.len();
    if n > RANK_MAX_N || queens::validate(columns).is_err() {
        return String::new();
    }
    let smallest = queens::symmetry::canonical(columns);
    let Ok(mut classes) = UniqueSolutions::new(n) else {
        return String::new();
    };
    let mut k = 0u64;
    while let Some(s) = classes.next_columns() {
        if s == smallest.as_slice() {
            return k.to_string();
        }
        k += 1;
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &[u32]) -> Vec<i32> {
        s.iter().map(|&c| c as i32).collect()
    }

    #[test]
    fn next_and_prev_step_through_every_solution_in_order() {
        for n in 1..=8u32 {
            let all: Vec<Vec<u32>> = Solutions::new(n as usize)
                .unwrap()
                .map(|p| p.into_columns())
                .collect();
            for (i, s) in all.iter().enumerate() {
                assert_eq!(rank(s), i.to_string());
                let next = neighbour(n, false, &key(s), true);
                assert_eq!(next, all.get(i + 1).cloned().unwrap_or_default(), "n = {n}");
                let prev = neighbour(n, false, &key(s), false);
                let before = i.checked_sub(1).map(|j| all[j].clone());
                assert_eq!(prev, before.unwrap_or_default(), "n = {n}");
            }
        }
    }

    #[test]
    fn large_boards_step_forward_by_the_walk_as_by_the_search() {
        let n = 30;
        let first: Vec<Vec<u32>> = Solutions::new(n)
            .unwrap()
            .take(3)
            .map(|p| p.into_columns())
            .collect();
        assert_eq!(neighbour(n as u32, false, &[-1; 30], true), first[0]);
        assert_eq!(neighbour(n as u32, false, &key(&first[0]), true), first[1]);
        assert_eq!(neighbour(n as u32, false, &key(&first[1]), true), first[2]);
        // A key whose rows attack each other goes to the search row by row.
        let mut attacking = vec![-1; 30];
        attacking[..2].copy_from_slice(&[0, 1]);
        let after = neighbour(n as u32, false, &attacking, true);
        let expected = Solutions::with_prefix(n, &[0, 2]).unwrap().next().unwrap();
        assert_eq!(after, expected.columns());
        // One per class: the enumerator's representatives, by the walk.
        let reps: Vec<Vec<u32>> = UniqueSolutions::new(n)
            .unwrap()
            .take(3)
            .map(|p| p.into_columns())
            .collect();
        let mut at = vec![-1; 30];
        for r in &reps {
            assert_eq!(&neighbour(n as u32, true, &at, true), r);
            at = key(r);
        }
    }

    #[test]
    fn classes_step_through_their_smallest_images() {
        for n in 4..=9u32 {
            let reps: Vec<Vec<u32>> = UniqueSolutions::new(n as usize)
                .unwrap()
                .map(|p| p.into_columns())
                .collect();
            let mut at = vec![-1; n as usize];
            for r in &reps {
                assert_eq!(&neighbour(n, true, &at, true), r, "n = {n}");
                at = key(r);
            }
            assert!(neighbour(n, true, &at, true).is_empty());
            for r in reps.iter().rev().skip(1) {
                assert_eq!(&neighbour(n, true, &at, false), r, "n = {n}");
                at = key(r);
            }
            assert!(neighbour(n, true, &at, false).is_empty());
            // Every board of a class is numbered as its smallest image.
            for (k, r) in reps.iter().enumerate() {
                for image in queens::symmetry::Symmetry::ALL.map(|s| s.apply(r)) {
                    assert_eq!(class_rank(&image), k.to_string(), "n = {n}, {image:?}");
                }
            }
        }
    }

    #[test]
    fn any_board_has_the_solutions_around_it_in_order() {
        // Every position of queens in the first two rows of a 6 × 6 board, each row
        // empty or holding one queen: its neighbours are the solutions around its key.
        let all: Vec<Vec<i32>> = Solutions::new(6)
            .unwrap()
            .map(|p| key(p.columns()))
            .collect();
        for a in -1..6 {
            for b in -1..6 {
                let mut board = vec![-1; 6];
                board[0] = a;
                board[1] = b;
                let after = all.iter().find(|s| s[..] > board[..]);
                let before = all.iter().rev().find(|s| s[..] < board[..]);
                let next = neighbour(6, false, &board, true);
                let prev = neighbour(6, false, &board, false);
                assert_eq!(
                    after.map(|s| s.to_vec()),
                    (!next.is_empty()).then(|| key(&next))
                );
                assert_eq!(
                    before.map(|s| s.to_vec()),
                    (!prev.is_empty()).then(|| key(&prev))
                );
            }
        }
    }

    #[test]
    fn the_rank_of_each_solution_is_its_place() {
        for (i, p) in Solutions::new(9).unwrap().enumerate() {
            assert_eq!(rank(p.columns()), i.to_string());
        }
    }
}
