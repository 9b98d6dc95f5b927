//! A random solution for any n, by local search.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::Placement;
use crate::limits::RANDOM_MAX_N;
use crate::minconflicts::Free;

/// Boards below this size are solved by randomized backtracking: local search can stall
/// on them, and backtracking is instant there.
pub const LOCAL_SEARCH_MIN_N: usize = 32;

/// A random solution of `n` queens (row → column); the same `seed` gives the same
/// solution on every machine. `None` for n = 2 and n = 3, which have none; above
/// [`RANDOM_MAX_N`](crate::limits::RANDOM_MAX_N) queens, [`Error::TooLarge`](crate::Error::TooLarge).
///
/// For n ≥ [`LOCAL_SEARCH_MIN_N`] this is the min-conflicts local search of Sosic and Gu
/// ("3,000,000 Queens in Less Than One Minute", SIGART Bulletin, 1991; QS4 in their 1994
/// paper): place queens row by row in random columns of a permutation, taking a column
/// free on both diagonals when a few random tries find one, leave the last rows random,
/// then repair by swapping the columns of a queen in conflict with a random other row
/// whenever that lowers the number of conflicts. Time is about linear in n; memory is
/// 20 bytes per queen. Smaller boards are solved by backtracking with a random column
/// order in every row. Either way the result is a uniformly *arbitrary*, not uniformly
/// *random*, solution.
///
/// ```
/// let s = queens::random_solution(1000, 7)?.unwrap();
/// assert!(s.validate().is_ok());
/// assert_eq!(s, queens::random_solution(1000, 7)?.unwrap());
/// assert_ne!(s, queens::random_solution(1000, 8)?.unwrap());
/// assert!(queens::random_solution(3, 7)?.is_none());
/// assert!(queens::random_solution(100_000_001, 7).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn random_solution(n: usize, seed: u64) -> Result<Option<Placement>, crate::Error> {
    if n > RANDOM_MAX_N {
        return Err(crate::Error::TooLarge {
            n,
            max: RANDOM_MAX_N,
        });
    }
    if n == 2 || n == 3 {
        return Ok(None);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if n < LOCAL_SEARCH_MIN_N {
        return Ok(backtrack(n as u32, &mut rng).map(Placement::new));
    }
    // Within RANDOM_MAX_N, n fits the u32 of a column.
    let free = Free::whole_board(n as u32);
    loop {
        if let Some(solution) = free.search(&mut rng, None) {
            return Ok(Some(Placement::new(solution)));
        }
    }
}

/// Depth-first search trying each row's free columns in a random order.
fn backtrack(n: u32, rng: &mut ChaCha8Rng) -> Option<Vec<u32>> {
    fn go(
        n: u32,
        row: u32,
        cols: u64,
        d1: u64,
        d2: u64,
        out: &mut Vec<u32>,
        rng: &mut ChaCha8Rng,
    ) -> bool {
        if row == n {
            return true;
        }
        let full = crate::bitboard::full_mask(n as usize);
        let mut free = full & !(cols | d1 | d2);
        let mut options = Vec::with_capacity(free.count_ones() as usize);
        while free != 0 {
            options.push(free.trailing_zeros());
            free &= free - 1;
        }
        // Fisher–Yates, so the order depends only on the seed.
        for i in (1..options.len()).rev() {
            options.swap(i, rng.random_range(0..=i));
        }
        for c in options {
            let bit = 1u64 << c;
            out.push(c);
            if go(
                n,
                row + 1,
                cols | bit,
                ((d1 | bit) << 1) & full,
                (d2 | bit) >> 1,
                out,
                rng,
            ) {
                return true;
            }
            out.pop();
        }
        false
    }
    let mut out = Vec::with_capacity(n as usize);
    go(n, 0, 0, 0, 0, &mut out, rng).then_some(out)
}
