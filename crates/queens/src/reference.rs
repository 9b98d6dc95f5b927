//! The slow, obviously correct backtracker the fast code is checked against.
//!
//! This is the classic tutorials' algorithm and nothing more: rows are filled in order,
//! and a square is safe when no earlier queen shares its column or satisfies
//! `|r1 - r2| == |c1 - c2|`. It shares no code with the bitboard searches, which is the
//! point: tests and re-checks compare the two.
//!
//! [`textbook_count`] is the other baseline: the plain bitboard counter with no symmetry,
//! which the benchmarks time the fast counter against.

/// Whether `columns` is a solution, by comparing every pair of queens (O(n²)).
///
/// ```
/// assert!(queens::reference::is_solution(&[1, 3, 0, 2]));
/// assert!(!queens::reference::is_solution(&[0, 1, 2, 3]));
/// ```
pub fn is_solution(columns: &[u32]) -> bool {
    let n = columns.len();
    columns.iter().all(|&c| (c as usize) < n)
        && (0..n).all(|row| is_safe(&columns[..row], columns[row]))
}

/// Every solution, in lexicographic order of the column array.
///
/// ```
/// assert_eq!(queens::reference::solutions(4), [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// ```
pub fn solutions(n: usize) -> Vec<Vec<u32>> {
    let mut found = Vec::new();
    let mut placed = Vec::with_capacity(n);
    search(n, &mut placed, &mut |s| found.push(s.to_vec()));
    found
}

/// The number of solutions.
///
/// ```
/// assert_eq!(queens::reference::count(6), 4);
/// ```
pub fn count(n: usize) -> u128 {
    let mut total = 0;
    let mut placed = Vec::with_capacity(n);
    search(n, &mut placed, &mut |_| total += 1);
    total
}

fn search(n: usize, placed: &mut Vec<u32>, found: &mut impl FnMut(&[u32])) {
    if placed.len() == n {
        found(placed);
        return;
    }
    for column in 0..n as u32 {
        if is_safe(placed, column) {
            placed.push(column);
            search(n, placed, found);
            placed.pop();
        }
    }
}

/// Whether a queen in the row after `placed`, at `column`, is attacked by none of them.
fn is_safe(placed: &[u32], column: u32) -> bool {
    let row = placed.len();
    placed
        .iter()
        .enumerate()
        .all(|(r, &c)| c != column && row.abs_diff(r) != (c as usize).abs_diff(column as usize))
}

/// The textbook bitboard counter: rows filled in order, columns and diagonals as bit masks,
/// no symmetry, one thread. The benchmarks' baseline for the fast counter.
///
/// ```
/// assert_eq!(queens::reference::textbook_count(8), 92);
/// ```
pub fn textbook_count(n: usize) -> u128 {
    assert!(
        n <= crate::limits::MAX_N,
        "n = {n} is above {}",
        crate::limits::MAX_N
    );
    let full = crate::bitboard::full_mask(n);
    u128::from(crate::bitboard::count_completions(
        crate::bitboard::Node::default(),
        full,
    ))
}

/// The textbook bitboard lister: the counter's search, calling `found` with every
/// solution's columns in lexicographic order. The benchmarks' baseline for [`Solutions`](crate::Solutions).
///
/// ```
/// let mut all = Vec::new();
/// queens::reference::textbook_solutions(4, |c| all.push(c.to_vec()));
/// assert_eq!(all, [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// ```
pub fn textbook_solutions(n: usize, mut found: impl FnMut(&[u32])) {
    assert!(
        n <= crate::limits::MAX_N,
        "n = {n} is above {}",
        crate::limits::MAX_N
    );
    crate::bitboard::placements(n, n, |columns| {
        found(columns);
        std::ops::ControlFlow::Continue(())
    });
}
