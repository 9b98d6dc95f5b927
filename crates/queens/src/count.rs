//! Counting solutions without listing them.

use crate::Error;
use crate::bitboard::{MAX_N, Node, count_completions, full_mask};

/// The number of solutions of the n-queens puzzle (OEIS A000170).
///
/// Uses the left–right mirror symmetry: a solution's mirror image has its first queen in
/// the mirrored column, so only queens in the left half of row 0 are searched and counted
/// twice, plus the middle column once when `n` is odd.
///
/// ```
/// assert_eq!(queens::count(8)?, 92);
/// assert_eq!(queens::count(0)?, 1);
/// assert_eq!(queens::count(3)?, 0);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count(n: usize) -> Result<u128, Error> {
    if n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    let full = full_mask(n);
    let below = |c: usize| u128::from(count_completions(Node::default().place(1 << c, full), full));
    let half: u128 = (0..n / 2).map(below).sum();
    let middle = if n % 2 == 1 { below(n / 2) } else { 0 };
    Ok(if n == 0 { 1 } else { 2 * half + middle })
}
