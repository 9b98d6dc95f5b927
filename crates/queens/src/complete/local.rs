//! Completion above the bitboards' limit: min-conflicts local search with the givens
//! fixed, an excluded diagonal counted as a queen that never moves, and a blocked square
//! as one more conflict.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::Completion;
use crate::cancel::cancelled;
use crate::minconflicts::Free;

/// The seed of the search: the same problem gets the same answer.
const SEED: u64 = 0x5eed;

/// A completion, or `None` at the deadline or once cancelled (checked between restarts).
/// Without either it runs until one is found: local search cannot prove that there is
/// none.
pub(super) fn search(problem: &Completion, deadline: Option<Instant>) -> Option<Vec<u32>> {
    let n = problem.n as u32;
    let blocked = problem.blocked.iter().copied().collect();
    let free = Free::around(n, problem.open_lines(), blocked, problem.closed_diagonals());
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    while deadline.is_none_or(|d| Instant::now() < d) && !cancelled(problem.cancel.as_ref()) {
        if let Some(found) = free.search(&mut rng, deadline) {
            let mut columns = vec![0; n as usize];
            for (&r, c) in free.rows().iter().zip(found) {
                columns[r as usize] = c;
            }
            for &(r, c) in &problem.queens {
                columns[r as usize] = c;
            }
            return Some(columns);
        }
    }
    None
}
