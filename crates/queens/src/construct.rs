//! One solution for any n, without search.

use crate::Error;
use crate::limits::CONSTRUCT_MAX_N;

/// The columns of an explicit solution for `n` queens, computed row by row in O(1) each
/// and never stored: iterate them to stream a solution of a billion queens.
///
/// The construction is the classic one of Hoffman, Loessi and Moore (1969), as stated by
/// Bernhardsson ("Explicit solutions to the N-queens problem for all N", SIGART Bulletin,
/// 1991): with 1-based numbers, list the even numbers up to n, then the odd ones; when
/// n mod 6 is 2, swap 1 and 3 and move 5 to the end of the odd ones; when n mod 6 is 3, move
/// 2 to the end of the even ones and 1 and 3 to the end of the odd ones. Row i takes the
/// i-th number as its column.
///
/// ```
/// let columns: Vec<u32> = queens::construct(8)?.unwrap().collect();
/// assert_eq!(columns, [1, 3, 5, 7, 2, 0, 6, 4]);
/// assert!(queens::validate(&columns).is_ok());
/// assert_eq!(queens::construct(1_000_000_000)?.unwrap().len(), 1_000_000_000);
/// assert!(queens::construct(3)?.is_none()); // 2 and 3 queens have no solution
/// assert!(queens::construct(1_000_000_001).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
///
/// `None` for 2 and 3 queens, which have no solution; an [`Error::TooLarge`] above
/// [`CONSTRUCT_MAX_N`].
pub fn construct(n: usize) -> Result<Option<Construction>, Error> {
    if n > CONSTRUCT_MAX_N {
        return Err(Error::TooLarge {
            n,
            max: CONSTRUCT_MAX_N,
        });
    }
    let n = n as u32; // at most CONSTRUCT_MAX_N, well within a u32
    Ok((n != 2 && n != 3).then_some(Construction { n, row: 0 }))
}

/// The iterator [`construct`] returns: exact-size, allocation-free.
#[derive(Debug, Clone)]
pub struct Construction {
    n: u32,
    row: u32,
}

impl Construction {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The column of row `row` (0-based), for `row < n`.
    ///
    /// ```
    /// assert_eq!(queens::construct(9)?.unwrap().column(0), 3);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn column(&self, row: u32) -> u32 {
        let n = self.n;
        let evens = n / 2; // how many even numbers 2, 4, … ≤ n
        // The 1-based number listed at position `i`.
        let number = if row < evens {
            let k = row; // the k-th even number, 2k + 2
            match n % 6 {
                3 if k == evens - 1 => 2,
                3 => 2 * k + 4,
                _ => 2 * k + 2,
            }
        } else {
            let k = row - evens; // the k-th odd number, 2k + 1
            let odds = n - evens;
            match n % 6 {
                2 => match k {
                    0 => 3,
                    1 => 1,
                    _ if k == odds - 1 => 5,
                    _ => 2 * k + 3, // 7, 9, …: the odd numbers after 5, shifted by one slot
                },
                3 => match k {
                    _ if k == odds - 2 => 1,
                    _ if k == odds - 1 => 3,
                    _ => 2 * k + 5, // 5, 7, …
                },
                _ => 2 * k + 1,
            }
        };
        number - 1
    }
}

impl Iterator for Construction {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        (self.row < self.n).then(|| {
            self.row += 1;
            self.column(self.row - 1)
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.n - self.row) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Construction {}
