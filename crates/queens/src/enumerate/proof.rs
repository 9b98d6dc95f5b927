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

use super::Solutions;
use crate::Error;

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
/// for prefix in proof.check_listed()? {
///     FirstProof::check_refutation(18, &prefix)?;
/// }
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
    #[error(
        "below the rows {prefix:?} the plain search finds {found:?} first, not the claimed solution"
    )]
    NotFirstBelow {
        /// The rows above the plain search.
        prefix: Vec<u32>,
        /// What it found first, if anything.
        found: Option<Vec<u32>>,
    },
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
    /// is listed as refuted; returns those prefixes, for [`FirstProof::check_refutation`].
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
    /// solution of `n` queens starts with `prefix`. Fails with [`Error`] for a board or
    /// prefix the enumerator refuses (an attacking prefix has no completion and passes).
    pub fn check_refutation(n: usize, prefix: &[u32]) -> Result<(), CheckError> {
        let mut below = match Solutions::with_prefix(n, prefix) {
            Ok(below) => below,
            Err(Error::InvalidPrefix(_)) => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        match below.next_columns() {
            None => Ok(()),
            Some(s) => Err(ProofFlaw::Completes {
                prefix: prefix.to_vec(),
                solution: s.to_vec(),
            }
            .into()),
        }
    }
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
        for prefix in proof.check_listed()? {
            FirstProof::check_refutation(proof.first.len(), &prefix)?;
        }
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
