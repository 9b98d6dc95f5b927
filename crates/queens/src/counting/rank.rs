//! Ranking without enumerating: the k-th solution, and exact uniform sampling.

use crate::threads::prelude::*;
use rand::Rng;

use crate::bitboard::{check_board, full_mask, search_lanes};
use crate::board::validate_rows;
use crate::limits::RANK_MAX_N;
use crate::{Counter, Error, Placement, Solutions};

/// The number of solutions whose first rows are `prefix`.
///
/// Rows below the prefix are counted with the counter's kernel; the children of the row
/// after the prefix are counted on rayon's threads.
///
/// ```
/// assert_eq!(queens::counting::count_prefix(8, &[])?, 92);
/// assert_eq!(queens::counting::count_prefix(8, &[0])?, 4);
/// assert_eq!(queens::counting::count_prefix(8, &[0, 1])?, 0);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count_prefix(n: usize, prefix: &[u32]) -> Result<u128, Error> {
    check_board(n, prefix.len())?;
    if validate_rows(prefix, n).is_err() {
        return Ok(0);
    }
    let p = prefix.len();
    // The lanes need two rows of prefix above them and two rows below; near the top, split
    // into children, and near the bottom, enumerate what little is left.
    if p + 3 > n {
        return Ok(Solutions::with_prefix(n, prefix)?.count() as u128);
    }
    if p < 2 {
        let children: Vec<u32> = (0..n as u32).collect();
        return children
            .par_iter()
            .map(|&c| count_prefix(n, &[prefix, &[c]].concat()))
            .sum();
    }
    let full = full_mask(n);
    let (allowed, taken) = (vec![full; n], vec![0; n]);
    let mut leaves = 0u128;
    search_lanes(prefix, &allowed, &taken, None, |_| leaves += 1);
    Ok(leaves)
}

/// The solution at position `k` (0-based) of the lexicographic order of
/// [`Solutions`], without listing the ones before it: each row's column is found by
/// counting the solutions below each candidate, and `None` when `k` is at least the
/// number of solutions.
///
/// The work is about a full count without symmetry: seconds up to n = 16 on two cores,
/// minutes at 18; above [`RANK_MAX_N`] it is refused as [`Error::TooLarge`].
///
/// ```
/// let third = queens::counting::nth_solution(8, 2)?.unwrap();
/// assert_eq!(third.columns(), queens::Solutions::new(8)?.nth(2).unwrap().columns());
/// assert!(queens::counting::nth_solution(8, 92)?.is_none());
/// assert!(queens::counting::nth_solution(19, 0).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn nth_solution(n: usize, k: u128) -> Result<Option<Placement>, Error> {
    check_rank(n)?;
    let mut k = k;
    let mut prefix: Vec<u32> = Vec::with_capacity(n);
    while prefix.len() < n {
        let counts: Vec<u128> = (0..n as u32)
            .into_par_iter()
            .map(|c| count_prefix(n, &[&prefix[..], &[c]].concat()))
            .collect::<Result<_, _>>()?;
        let mut chosen = None;
        for (c, &below) in counts.iter().enumerate() {
            if k < below {
                chosen = Some(c as u32);
                break;
            }
            k -= below;
        }
        match chosen {
            Some(c) => prefix.push(c),
            None => return Ok(None),
        }
    }
    // n = 0 has one (empty) solution.
    Ok((k == 0).then(|| Placement::new(prefix)))
}

/// Where the solution `columns` stands in the lexicographic order of [`Solutions`], from
/// 0: the inverse of [`nth_solution`], at the same cost. It adds up the solutions under
/// each smaller column of each row; `None` when `columns` is not a solution.
///
/// ```
/// let third = queens::counting::nth_solution(8, 2)?.unwrap();
/// assert_eq!(queens::counting::solution_index(third.columns())?, Some(2));
/// assert_eq!(queens::counting::solution_index(&[0, 1, 2, 3])?, None);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn solution_index(columns: &[u32]) -> Result<Option<u128>, Error> {
    let n = columns.len();
    check_rank(n)?;
    if validate_rows(columns, n).is_err() {
        return Ok(None);
    }
    let mut before = 0u128;
    for (row, &column) in columns.iter().enumerate() {
        for smaller in 0..column {
            before += count_prefix(n, &[&columns[..row], &[smaller]].concat())?;
        }
    }
    Ok(Some(before))
}

/// A solution drawn uniformly at random among all of them: a uniform rank, then
/// [`nth_solution`]. `None` when the board has no solution (n = 2 or 3).
///
/// ```
/// use rand::SeedableRng;
///
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let s = queens::counting::uniform_solution(8, &mut rng)?.unwrap();
/// assert!(s.validate().is_ok());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn uniform_solution<R: Rng + ?Sized>(
    n: usize,
    rng: &mut R,
) -> Result<Option<Placement>, Error> {
    check_rank(n)?;
    let total = Counter::new().count(n)?.total;
    if total == 0 {
        return Ok(None);
    }
    nth_solution(n, rng.random_range(0..total))
}

/// Refuses a board above [`RANK_MAX_N`]: ranking one costs about a count without
/// symmetry, minutes at 18 and far longer beyond.
fn check_rank(n: usize) -> Result<(), Error> {
    if n > RANK_MAX_N {
        return Err(Error::TooLarge { n, max: RANK_MAX_N });
    }
    Ok(())
}
