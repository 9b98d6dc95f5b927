//! Random Excluded Diagonals instances, in the published parameter format.

use std::fmt;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{Completion, Diagonal};
use crate::Error;
use crate::limits::INSTANCE_MAX_N;

/// An Excluded Diagonals instance: a board size and diagonals in the order they were
/// drawn, meant to be cut to their first `k` (see [`Completion::first_diagonals`]); its
/// [`Display`](fmt::Display) form is the CSPLib parameter format that
/// [`parse_completion`](crate::complete::parse_completion) reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExcludedDiagonals {
    /// The board size.
    pub n: usize,
    /// The diagonals, in the order drawn.
    pub diagonals: Vec<Diagonal>,
}

impl ExcludedDiagonals {
    /// The problem with the first `count` diagonals (all of them when `count` is larger).
    ///
    /// ```
    /// let instance = queens::complete::excluded_diagonals(8, 1)?;
    /// assert_eq!(instance.completion(3).diagonals(), &instance.diagonals[..3]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn completion(&self, count: usize) -> Completion {
        self.diagonals
            .iter()
            .take(count)
            .fold(Completion::new(self.n), |c, &d| c.exclude(d))
    }
}

impl fmt::Display for ExcludedDiagonals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "n = {}", self.n)?;
        writeln!(f, "numdiags = {}", self.diagonals.len())?;
        write!(f, "diags = [")?;
        for (i, d) in self.diagonals.iter().enumerate() {
            let (index, kind) = match *d {
                Diagonal::Sum(d) => (d, 1),
                Diagonal::Difference(d) => (d, 0),
            };
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}[{index}, {kind}]")?;
        }
        writeln!(f, "]")
    }
}

/// Draws an Excluded Diagonals instance the way the benchmark's were made: the `4n − 2`
/// diagonals in a random order, each kept only if every row and column still has at
/// least 4 open squares (all of them, on boards under 4) once it is closed. The same
/// `n` and `seed` give the same instance everywhere; cut it to its first `k` diagonals,
/// where `k` near the point where half the instances have a completion makes the hard
/// ones.
///
/// ```
/// let instance = queens::complete::excluded_diagonals(10, 7)?;
/// assert_eq!(instance, queens::complete::excluded_diagonals(10, 7)?);
/// assert!(queens::complete::excluded_diagonals(65, 7).is_err());
/// let text = instance.to_string();
/// assert!(text.starts_with("n = 10\nnumdiags = "));
/// assert_eq!(queens::complete::parse_completion(&text)?.diagonals(), &instance.diagonals[..]);
/// # Ok::<(), queens::Error>(())
/// ```
///
/// Boards above [`INSTANCE_MAX_N`] are refused as [`Error::TooLarge`].
pub fn excluded_diagonals(n: usize, seed: u64) -> Result<ExcludedDiagonals, Error> {
    if n > INSTANCE_MAX_N {
        return Err(Error::TooLarge {
            n,
            max: INSTANCE_MAX_N,
        });
    }
    let lines = (2 * n).saturating_sub(1) as u32;
    let mut all: Vec<Diagonal> = (0..lines)
        .flat_map(|d| [Diagonal::Sum(d), Diagonal::Difference(d)])
        .collect();
    all.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let keep = n.min(4);
    let mut open = vec![vec![true; n]; n];
    let mut diagonals = Vec::new();
    for d in all {
        let squares: Vec<(usize, usize)> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| d.contains(n, r as u32, c as u32) && open[r][c])
            .collect();
        let mut trial = open.clone();
        for &(r, c) in &squares {
            trial[r][c] = false;
        }
        let rows_ok = trial
            .iter()
            .all(|row| row.iter().filter(|&&o| o).count() >= keep);
        let cols_ok = (0..n).all(|c| trial.iter().filter(|row| row[c]).count() >= keep);
        if rows_ok && cols_ok {
            open = trial;
            diagonals.push(d);
        }
    }
    Ok(ExcludedDiagonals { n, diagonals })
}
