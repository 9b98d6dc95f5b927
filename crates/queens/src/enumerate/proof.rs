//! A certificate that a solution is the first of its board in lexicographic order, and
//! its check by a path independent of the completion search that made it.
//!
//! A solution `s` is the first when no solution starts with a smaller column at some row
//! and the same columns above it: for each row `r`, each column `c < s[r]` that no queen of
//! `s[..r]` attacks opens a subtree, `s[..r] + [c]`, that must hold no solution. The
//! [`LexWalk`](super::LexWalk) proves those subtrees empty with the completion search down
//! to a row, then takes the first solution below `s[..from]` from the plain enumerator. A
//! certificate lists what it proved; the check re-derives which subtrees must be empty,
//! finds each in the list, re-runs the plain search below `s[..from]`, and re-proves each
//! subtree empty with the plain enumerator, which shares no code with the completion
//! search beyond the board's rules.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::Solutions;
use crate::Error;
use crate::bitboard::check_board;
use crate::board::validate_rows;
use crate::threads::on_threads;
use crate::threads::prelude::*;

/// A certificate that `first` is the first solution of its board (`first.len()` queens)
/// in lexicographic order: the prefixes proved to have no completion, and the row from
/// which the plain search takes over.
///
/// ```
/// use queens::{FirstProof, LexWalk, Outcome};
///
/// let mut walk = LexWalk::new(18)?;
/// let mut refuted = Vec::new();
/// let Outcome::Completed(first) = walk.next_solution_proving(None, &mut |p| refuted.push(p.to_vec()))?
/// else { unreachable!() };
/// let proof = FirstProof { first: first.into_columns(), searched_from: walk.searched_from(), refuted };
/// FirstProof::check_refutations(18, &proof.check_listed()?, None, |_, _| {})?;
/// proof.check_tail()?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstProof {
    /// The solution claimed to be the first.
    pub first: Vec<u32>,
    /// The row from which the plain search finds `first`: below `first[..searched_from]`
    /// it is the search's first solution.
    pub searched_from: usize,
    /// Prefixes claimed to have no completion, in any order; more than needed is no
    /// flaw.
    pub refuted: Vec<Vec<u32>>,
}

/// What is wrong with a [`FirstProof`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProofFlaw {
    /// The claimed first solution is not a solution of its board.
    #[error("the claimed first solution is not a solution: {0}")]
    NotASolution(String),
    /// The plain search is said to take over below the last row.
    #[error("the plain search is said to take over at row {from}, past the board's {n} rows")]
    FromPastTheBoard {
        /// The row given.
        from: usize,
        /// The board size.
        n: usize,
    },
    /// A prefix that opens a subtree before the solution has no refutation in the proof.
    #[error(
        "no refutation of the prefix {prefix:?}: a solution that starts with it would come first"
    )]
    Missing {
        /// The prefix, the claimed solution's rows above its last one.
        prefix: Vec<u32>,
    },
    /// A prefix listed as refuted has a completion.
    #[error(
        "the prefix {prefix:?} is listed as refuted, but the solution {solution:?} starts with it"
    )]
    Completes {
        /// The prefix.
        prefix: Vec<u32>,
        /// A solution that starts with it.
        solution: Vec<u32>,
    },
    /// The plain search below the rows the proof covers finds another solution first.
    #[error("below the rows {prefix:?} the plain search finds {}", found_first(found.as_deref()))]
    NotFirstBelow {
        /// The rows above the plain search.
        prefix: Vec<u32>,
        /// What it found first, if anything.
        found: Option<Vec<u32>>,
    },
}

/// What the plain search found first below a proof's rows, for [`ProofFlaw::NotFirstBelow`].
fn found_first(found: Option<&[u32]>) -> String {
    match found {
        Some(columns) => format!("{columns:?} first, not the claimed solution"),
        None => "no solution, not the claimed one".to_owned(),
    }
}

impl FirstProof {
    /// The prefixes whose subtrees must be empty for `first` to be the first solution,
    /// down to row `searched_from`, row by row and left to right.
    ///
    /// ```
    /// // Row 0's column 0; in row 1, columns 0 to 2 are all attacked by row 0's queen.
    /// assert_eq!(queens::FirstProof::needed(&[1, 3, 0, 2], 2), [vec![0]]);
    /// // Below row 2 the plain search answers: nothing more to refute.
    /// assert_eq!(queens::FirstProof::needed(&[1, 3, 0, 2], 0), Vec::<Vec<u32>>::new());
    /// ```
    pub fn needed(first: &[u32], searched_from: usize) -> Vec<Vec<u32>> {
        let mut needed = Vec::new();
        for r in 0..searched_from.min(first.len()) {
            for c in 0..first[r] {
                if !super::walk::attacked(&first[..r], c) {
                    let mut prefix = first[..r].to_vec();
                    prefix.push(c);
                    needed.push(prefix);
                }
            }
        }
        needed
    }

    /// Checks that `first` is a solution and that every prefix [`FirstProof::needed`]
    /// is listed as refuted; returns those prefixes, for [`FirstProof::check_refutations`].
    pub fn check_listed(&self) -> Result<Vec<Vec<u32>>, ProofFlaw> {
        let n = self.first.len();
        crate::validate(&self.first).map_err(|c| ProofFlaw::NotASolution(c.to_string()))?;
        if self.searched_from > n {
            return Err(ProofFlaw::FromPastTheBoard {
                from: self.searched_from,
                n,
            });
        }
        let listed: HashSet<&[u32]> = self.refuted.iter().map(Vec::as_slice).collect();
        let needed = Self::needed(&self.first, self.searched_from);
        if let Some(prefix) = needed.iter().find(|p| !listed.contains(p.as_slice())) {
            return Err(ProofFlaw::Missing {
                prefix: prefix.clone(),
            });
        }
        Ok(needed)
    }

    /// Checks with the plain search that `first` is the first solution below its rows
    /// above `searched_from`.
    pub fn check_tail(&self) -> Result<(), ProofFlaw> {
        let n = self.first.len();
        let prefix = &self.first[..self.searched_from.min(n)];
        let found = Solutions::with_prefix(n, prefix)
            .ok()
            .and_then(|mut s| s.next_columns().map(<[u32]>::to_vec));
        if found.as_deref() == Some(&self.first[..]) {
            Ok(())
        } else {
            Err(ProofFlaw::NotFirstBelow {
                prefix: prefix.to_vec(),
                found,
            })
        }
    }

    /// Re-proves with the plain search (the enumerator, not the completion search) that no
    /// solution of `n` queens starts with any prefix of `prefixes`, on `threads` threads
    /// (by default one per core); returns how many subtrees it proved empty. A prefix
    /// whose queens attack each other or stand off the board has no completion and
    /// passes; a board too large for the enumerator, or a prefix longer than the board,
    /// fails with [`Error`].
    ///
    /// Each prefix's subtree is cut into the subtrees of its next rows, at least 256 of
    /// them where the board allows, and every thread takes the next piece as it is free:
    /// at large n one refutation is most of the work, and whole prefixes handed out would
    /// leave the other threads idle behind it. `done(pieces_done, pieces)` is called as
    /// each piece is proved. Of several prefixes that have a completion, the first in
    /// `prefixes` is named, with its first solution, whatever the number of threads.
    ///
    /// ```
    /// use queens::{CheckError, FirstProof, ProofFlaw};
    ///
    /// // No solution of 8 queens starts with a queen in row 0's corner and row 1's column 2.
    /// FirstProof::check_refutations(8, &[vec![0, 2]], None, |_, _| {})?;
    /// let wrong = FirstProof::check_refutations(8, &[vec![0, 2], vec![0, 4]], None, |_, _| {});
    /// assert_eq!(
    ///     wrong,
    ///     Err(CheckError::Flaw(ProofFlaw::Completes {
    ///         prefix: vec![0, 4],
    ///         solution: vec![0, 4, 7, 5, 2, 6, 1, 3],
    ///     }))
    /// );
    /// # Ok::<(), CheckError>(())
    /// ```
    pub fn check_refutations(
        n: usize,
        prefixes: &[Vec<u32>],
        threads: Option<NonZeroUsize>,
        done: impl Fn(usize, usize) + Sync,
    ) -> Result<usize, CheckError> {
        Self::check_refutations_share(n, prefixes, 0, NonZeroUsize::MIN, threads, done)
    }

    /// [`FirstProof::check_refutations`] split over `of` machines: share `index` proves
    /// every `of`-th subtree from the `index`-th, of the same subtrees on every machine
    /// (at least 16 per share of each prefix where the board allows; the cut goes no row
    /// deeper once a prefix has 65,536, so that memory stays bounded whatever `of`), and
    /// the prefixes are refuted when every share passes. Taking the subtrees in turn
    /// spreads the hardest refutation, most of the work, over all the shares.
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    /// use queens::FirstProof;
    ///
    /// let of = NonZeroUsize::new(3).unwrap();
    /// let prefixes = [vec![0, 2], vec![1, 3, 0]];
    /// let mut pieces = 0;
    /// for i in 0..3 {
    ///     pieces += FirstProof::check_refutations_share(8, &prefixes, i, of, None, |_, _| {})?;
    /// }
    /// assert_eq!(pieces, FirstProof::check_refutations(8, &prefixes, None, |_, _| {})?);
    /// assert!(FirstProof::check_refutations_share(8, &prefixes, 3, of, None, |_, _| {}).is_err());
    /// # Ok::<(), queens::CheckError>(())
    /// ```
    pub fn check_refutations_share(
        n: usize,
        prefixes: &[Vec<u32>],
        index: usize,
        of: NonZeroUsize,
        threads: Option<NonZeroUsize>,
        done: impl Fn(usize, usize) + Sync,
    ) -> Result<usize, CheckError> {
        if index >= of.get() {
            return Err(Error::NoSuchShare {
                index,
                of: of.get(),
            }
            .into());
        }
        let at_least = PIECES.max(of.get().saturating_mul(16)).min(MOST_PIECES);
        let (mut pieces, mut cut) = (Vec::new(), 0);
        for (i, prefix) in prefixes.iter().enumerate() {
            check_board(n, prefix.len())?;
            if validate_rows(prefix, n).is_err() {
                continue;
            }
            let all = split(n, prefix, at_least);
            // Counted over every prefix, so that each prefix's first piece goes to the
            // share after the one that took the last piece of the prefix before it.
            let taken = cut % of.get();
            let skip = if index >= taken {
                index - taken
            } else {
                of.get() - (taken - index)
            };
            cut += all.len();
            pieces.extend(all.into_iter().skip(skip).step_by(of.get()).map(|p| (i, p)));
        }
        let (total, finished) = (pieces.len(), AtomicUsize::new(0));
        let check = |(i, piece): &(usize, Vec<u32>)| -> Option<Result<(), CheckError>> {
            let first = match Solutions::with_prefix(n, piece) {
                Ok(mut below) => below.next_columns().map(<[u32]>::to_vec),
                Err(e) => return Some(Err(e.into())),
            };
            done(finished.fetch_add(1, Ordering::Relaxed) + 1, total);
            first.map(|solution| {
                Err(ProofFlaw::Completes {
                    prefix: prefixes[*i].clone(),
                    solution,
                }
                .into())
            })
        };
        let sequential = || pieces.iter().find_map(check);
        let parallel = || pieces.par_iter().with_max_len(1).find_map_first(check);
        match on_threads(threads, sequential, parallel)? {
            Some(flaw) => flaw.map(|()| total),
            None => Ok(total),
        }
    }
}

/// How many subtrees [`FirstProof::check_refutations`] cuts each prefix into, at least,
/// where the board has rows enough: a few per thread of a large machine.
const PIECES: usize = 256;

/// The count of a prefix's subtrees past which the cut for the shares goes no row deeper,
/// 16 for each of 4,096 shares: the last row multiplies it by its open squares, so a
/// prefix holds at most n times as many (n = 40, 12 rows given: 638,825 subtrees, about
/// 66 MB).
const MOST_PIECES: usize = 1 << 16;

/// The rows a piece of [`FirstProof::check_refutations`] leaves to the enumerator, at
/// least: room for its table of bottom rows and the recursion above it, which a deeper
/// piece would go without.
const ROWS_LEFT: usize = 12;

/// The subtrees below `prefix` (its queens clear of each other), a row deeper at a time
/// until there are at least `at_least` or a piece would leave fewer than [`ROWS_LEFT`]
/// rows, in lexicographic order. None when no solution can start with `prefix`.
fn split(n: usize, prefix: &[u32], at_least: usize) -> Vec<Vec<u32>> {
    let mut pieces = vec![prefix.to_vec()];
    while pieces.len() < at_least && pieces.first().is_some_and(|p| p.len() + ROWS_LEFT < n) {
        pieces = pieces
            .iter()
            .flat_map(|p| {
                (0..n as u32)
                    .filter(|&c| !super::walk::attacked(p, c))
                    .map(move |c| [p.as_slice(), &[c]].concat())
            })
            .collect();
    }
    pieces
}

/// Why a refutation could not be confirmed: a flaw of the proof, or a board the
/// enumerator cannot search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The proof is wrong.
    #[error(transparent)]
    Flaw(#[from] ProofFlaw),
    /// The board or prefix is beyond the enumerator.
    #[error(transparent)]
    Board(#[from] Error),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LexWalk, Outcome};

    /// The walk's first solution of `n` and its proof, the completion search asked down to
    /// `rows` rows.
    fn proved(n: usize, rows: usize) -> FirstProof {
        let mut walk = LexWalk::new(n).unwrap().enumerating(rows);
        let mut refuted = Vec::new();
        let Outcome::Completed(first) = walk
            .next_solution_proving(None, &mut |p| refuted.push(p.to_vec()))
            .unwrap()
        else {
            panic!("n = {n} has solutions");
        };
        FirstProof {
            first: first.into_columns(),
            searched_from: walk.searched_from(),
            refuted,
        }
    }

    fn check(proof: &FirstProof) -> Result<(), CheckError> {
        let n = proof.first.len();
        FirstProof::check_refutations(n, &proof.check_listed()?, None, |_, _| {})?;
        proof.check_tail()?;
        Ok(())
    }

    #[test]
    fn the_walks_proofs_hold_and_list_exactly_what_is_needed() {
        for n in [4, 5, 8, 10, 12, 16, 20] {
            let proof = proved(n, 3);
            assert_eq!(check(&proof), Ok(()), "n = {n}");
            let needed: HashSet<Vec<u32>> = FirstProof::needed(&proof.first, proof.searched_from)
                .into_iter()
                .collect();
            let listed: HashSet<Vec<u32>> = proof.refuted.iter().cloned().collect();
            assert_eq!(listed, needed, "n = {n}");
        }
    }

    #[test]
    fn the_pieces_of_a_prefix_hold_its_solutions_in_order() {
        let columns = |n, prefix: &[u32]| -> Vec<Vec<u32>> {
            Solutions::with_prefix(n, prefix)
                .unwrap()
                .map(|p| p.into_columns())
                .collect()
        };
        for n in [5, 13, 14] {
            for prefix in [&[1][..], &[0, 2], &[3, 0, 4]] {
                if prefix.len() > n || validate_rows(prefix, n).is_err() {
                    continue;
                }
                let pieces = split(n, prefix, PIECES);
                assert!(pieces.iter().all(|p| p.starts_with(prefix)));
                assert!(pieces.len() >= PIECES || pieces.iter().all(|p| p.len() + ROWS_LEFT >= n));
                assert!(
                    pieces
                        .iter()
                        .all(|p| p.len() + ROWS_LEFT <= n.max(prefix.len() + ROWS_LEFT))
                );
                let below: Vec<Vec<u32>> = pieces.iter().flat_map(|p| columns(n, p)).collect();
                assert_eq!(below, columns(n, prefix), "n = {n}, {prefix:?}");
            }
        }
    }

    #[test]
    fn the_first_prefix_with_a_solution_is_named_on_any_number_of_threads() {
        let all: Vec<Vec<u32>> = Solutions::new(12)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        // Empty, a solution's, attacking itself, another solution's.
        let prefixes = [
            vec![0, 2, 4, 1],
            all[40][..3].to_vec(),
            vec![0, 1],
            all[7][..2].to_vec(),
        ];
        let named = Err(CheckError::Flaw(ProofFlaw::Completes {
            prefix: all[40][..3].to_vec(),
            solution: Solutions::with_prefix(12, &all[40][..3])
                .unwrap()
                .next()
                .unwrap()
                .into_columns(),
        }));
        for threads in [1, 2, 3] {
            let threads = NonZeroUsize::new(threads);
            assert_eq!(
                FirstProof::check_refutations(12, &prefixes, threads, |_, _| {}),
                named
            );
        }
        assert_eq!(
            FirstProof::check_refutations(12, &prefixes[..1], None, |_, _| {}),
            Ok(1)
        );
        assert!(matches!(
            FirstProof::check_refutations(65, &prefixes[..1], None, |_, _| {}),
            Err(CheckError::Board(_))
        ));
    }

    #[test]
    fn the_cut_stays_bounded_however_many_shares() {
        // Cut for every share of usize::MAX, the prefix would be split down to its last
        // rows, hundreds of gigabytes; the last share holds none of the bounded cut.
        let of = NonZeroUsize::new(usize::MAX).unwrap();
        let prefixes = [vec![0, 2, 4, 1]];
        let last =
            FirstProof::check_refutations_share(40, &prefixes, usize::MAX - 1, of, None, |_, _| {});
        assert_eq!(last, Ok(0));
        assert!(split(40, &prefixes[0], MOST_PIECES).len() < 40 * MOST_PIECES);
    }

    #[test]
    fn a_wrong_proof_is_rejected() {
        let proof = proved(12, 3);
        let all: Vec<Vec<u32>> = Solutions::new(12)
            .unwrap()
            .map(|p| p.into_columns())
            .collect();
        // A later solution with the same refutations: a subtree before it is unrefuted.
        let later = FirstProof {
            first: all[5].clone(),
            ..proof.clone()
        };
        assert!(matches!(
            check(&later),
            Err(CheckError::Flaw(ProofFlaw::Missing { .. }))
        ));
        // A later solution whose missing refutations are claimed: one has a completion.
        let claimed = FirstProof {
            refuted: FirstProof::needed(&all[5], proof.searched_from),
            ..later
        };
        assert!(matches!(
            check(&claimed),
            Err(CheckError::Flaw(ProofFlaw::Completes { .. }))
        ));
        // A board that is no solution.
        let invalid = FirstProof {
            first: vec![0; 12],
            ..proof.clone()
        };
        assert!(matches!(
            check(&invalid),
            Err(CheckError::Flaw(ProofFlaw::NotASolution(_)))
        ));
        // A refutation removed.
        let mut removed = proof.clone();
        removed.refuted.pop();
        assert!(matches!(
            check(&removed),
            Err(CheckError::Flaw(ProofFlaw::Missing { .. }))
        ));
        // The plain search said to take over too high: a solution it finds first.
        let mut high = proof.clone();
        high.searched_from = 0;
        high.refuted.clear();
        assert_eq!(check(&high), Ok(()));
        high.first = all[1].clone();
        assert!(matches!(
            check(&high),
            Err(CheckError::Flaw(ProofFlaw::NotFirstBelow { .. }))
        ));
    }
}
