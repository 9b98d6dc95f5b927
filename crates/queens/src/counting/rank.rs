//! Ranking without enumerating: the k-th solution, and exact uniform sampling.

use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, PoisonError};

use crate::threads::prelude::*;
use rand::Rng;

use super::counter::DEFAULT_MEMORY;
use super::halves::{Halves, LEAD_ROWS, SetCounts};
use crate::bitboard::{check_board, full_mask, search_lanes};
use crate::board::validate_rows;
use crate::limits::RANK_MAX_N;
use crate::{Cancel, Error, Placement, Solutions};

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
    count_prefix_until(n, prefix, None)
}

/// [`count_prefix`], giving up (with a count of no meaning) once `stop` is set.
fn count_prefix_until(n: usize, prefix: &[u32], stop: Option<&AtomicBool>) -> Result<u128, Error> {
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
            .map(|&c| count_prefix_until(n, &[prefix, &[c]].concat(), stop))
            .sum();
    }
    let full = full_mask(n);
    let (allowed, taken) = (vec![full; n], vec![0; n]);
    let mut leaves = 0u128;
    search_lanes(prefix, &allowed, &taken, stop, |_| leaves += 1);
    Ok(leaves)
}

/// The solution at position `k` (0-based) of the lexicographic order of
/// [`Solutions`], without listing the ones before it, or `None` when `k` is at least the
/// number of solutions: [`Ranker::nth`].
///
/// ```
/// let third = queens::counting::nth_solution(8, 2)?.unwrap();
/// assert_eq!(third.columns(), queens::Solutions::new(8)?.nth(2).unwrap().columns());
/// assert!(queens::counting::nth_solution(8, 92)?.is_none());
/// assert!(queens::counting::nth_solution(22, 0).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn nth_solution(n: usize, k: u128) -> Result<Option<Placement>, Error> {
    Ranker::new(n)?.nth(k)
}

/// Where the solution `columns` stands in the lexicographic order of [`Solutions`], from
/// 0, or `None` when `columns` is not a solution: [`Ranker::index`].
///
/// ```
/// let third = queens::counting::nth_solution(8, 2)?.unwrap();
/// assert_eq!(queens::counting::solution_index(third.columns())?, Some(2));
/// assert_eq!(queens::counting::solution_index(&[0, 1, 2, 3])?, None);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn solution_index(columns: &[u32]) -> Result<Option<u128>, Error> {
    Ranker::new(columns.len())?.index(columns)
}

/// A solution drawn uniformly at random among all of them, or `None` when the board has
/// none (n = 2 or 3): [`Ranker::uniform`].
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
    Ranker::new(n)?.uniform(rng)
}

/// The board size from which the children of a prefix are counted by the join.
const JOIN_MIN_N: usize = 14;

/// Ranks the solutions of one board in the lexicographic order of [`Solutions`] without
/// listing them: each row's column is found by counting the solutions below each
/// candidate.
///
/// Near the top of a board from n = 14 the candidates of a row are counted together by
/// joining half boards (the column sets, their tops grouped by their queen in that row;
/// for the first three rows at once one set per orbit, each top's and each bottom's pairs
/// counted by its first three queens), which costs about 1.2 counts of the whole board;
/// further down each is counted by the search. Seconds up to n = 18 on two cores, under
/// 20 s at 19, about 53 s at 20, by the count's growth about ten minutes at 21. A
/// uniform draw ([`Ranker::uniform`]) needs no rank, and costs one count. A board above
/// [`RANK_MAX_N`] is refused as [`Error::TooLarge`]. The join's tables are built once,
/// when the ranker is made, for all its rankings and draws.
///
/// ```
/// let ranker = queens::counting::Ranker::new(8)?;
/// let third = ranker.nth(2)?.unwrap();
/// assert_eq!(third.columns(), [0, 6, 3, 5, 7, 1, 4, 2]);
/// assert_eq!(ranker.index(third.columns())?, Some(2));
/// # Ok::<(), queens::Error>(())
/// ```
pub struct Ranker {
    n: usize,
    halves: Option<Halves>,
    cancel: Option<Cancel>,
    /// The first rows' counts, the costliest, once counted: every ranking starts there.
    lead: Mutex<Option<Lead>>,
    /// Each column set's count, once counted: what drawing uniformly needs.
    sets: Mutex<Option<SetCounts>>,
}

/// The counts of the first rows, which every ranking needs.
#[derive(Debug)]
struct Lead {
    /// How many rows: [`LEAD_ROWS`] where the join counts them at once, else one.
    rows: usize,
    /// The solutions by their first `rows` queens, their columns in base n.
    counts: Vec<u128>,
}

impl Lead {
    /// The solutions below `prefix` then `c`, for each column `c < upto`; `None` where the
    /// prefix is not shorter than the lead.
    fn children(&self, n: usize, prefix: &[u32], upto: usize) -> Option<Vec<u128>> {
        // The leads that start with the prefix then c lie together, one block of the
        // rows after them per c.
        let block = n.pow(self.rows.checked_sub(prefix.len() + 1)? as u32);
        let at = prefix.iter().fold(0, |acc, &c| acc * n + c as usize) * n;
        Some(
            (at..at + upto)
                .map(|child| self.counts[child * block..(child + 1) * block].iter().sum())
                .collect(),
        )
    }
}

impl std::fmt::Debug for Ranker {
    /// The board and what the ranker knows, without its tables.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lead = self.lead.lock().unwrap_or_else(PoisonError::into_inner);
        f.debug_struct("Ranker")
            .field("n", &self.n)
            .field("joins_halves", &self.halves.is_some())
            .field("cancel", &self.cancel)
            .field(
                "first_row",
                &lead
                    .as_ref()
                    .and_then(|lead| lead.children(self.n, &[], self.n)),
            )
            .finish()
    }
}

impl Ranker {
    /// A ranker of the `n × n` board's solutions, `n ≤` [`RANK_MAX_N`].
    pub fn new(n: usize) -> Result<Ranker, Error> {
        if n > RANK_MAX_N {
            return Err(Error::TooLarge { n, max: RANK_MAX_N });
        }
        let halves =
            (n >= JOIN_MIN_N).then(|| Halves::new(n).with_blocks(DEFAULT_MEMORY / 2, None));
        Ok(Ranker {
            n,
            halves,
            cancel: None,
            lead: Mutex::new(None),
            sets: Mutex::new(None),
        })
    }

    /// Stops a ranking soon after `cancel` is cancelled, which then returns
    /// [`Error::Cancelled`].
    pub fn cancel_on(mut self, cancel: Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// The solution at position `k` (0-based), or `None` when `k` is at least the number
    /// of solutions.
    pub fn nth(&self, k: u128) -> Result<Option<Placement>, Error> {
        let n = self.n;
        let mut k = k;
        let mut prefix: Vec<u32> = Vec::with_capacity(n);
        while prefix.len() < n {
            let counts = self.children(&prefix, n as u32)?;
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

    /// The number of solutions: the first row's counts added up, which every ranking
    /// counts first and the ranker keeps, so that after one (or after a uniform draw,
    /// whose counts it keeps too) it costs nothing.
    ///
    /// ```
    /// let ranker = queens::counting::Ranker::new(8)?;
    /// assert!(ranker.nth(92)?.is_none());
    /// assert_eq!(ranker.total()?, 92);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn total(&self) -> Result<u128, Error> {
        // The empty board has one solution, and no first row to count it by.
        if self.n == 0 {
            return Ok(1);
        }
        // After a uniform draw the sets' counts add up to it too.
        let sets = self.sets.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sets) = &*sets {
            return Ok(sets.total());
        }
        drop(sets);
        Ok(self.children(&[], self.n as u32)?.iter().sum())
    }

    /// Where the solution `columns` stands, from 0: the inverse of [`Ranker::nth`], at the
    /// same cost. It adds up the solutions under each smaller column of each row; `None`
    /// when `columns` is not a solution of this board (of another size included).
    pub fn index(&self, columns: &[u32]) -> Result<Option<u128>, Error> {
        let n = self.n;
        if columns.len() != n || validate_rows(columns, n).is_err() {
            return Ok(None);
        }
        let mut before = 0u128;
        for (row, &column) in columns.iter().enumerate() {
            before += self.children(&columns[..row], column)?.iter().sum::<u128>();
        }
        Ok(Some(before))
    }

    /// A solution drawn uniformly at random among all of them, or `None` when the board
    /// has none (n = 2 or 3).
    ///
    /// Where the ranker joins halves (from n = 14) it needs the count alone, not the
    /// lexicographic order: the solutions are numbered by the column sets the count joins,
    /// each set's by the restricted boards its joins stand for, and a uniform number is
    /// the solution of the one restricted board it falls in, found by the search. The
    /// sets' counts are kept for the next draw, which then costs one such search
    /// (milliseconds at n = 20). Below n = 14 it is a uniform rank, then [`Ranker::nth`].
    /// Either way the same `rng` draws the same solution.
    pub fn uniform<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Option<Placement>, Error> {
        let Some(halves) = &self.halves else {
            let total = self.total()?;
            if total == 0 {
                return Ok(None);
            }
            return self.nth(rng.random_range(0..total));
        };
        let mut sets = self.sets.lock().unwrap_or_else(PoisonError::into_inner);
        let sets = match &mut *sets {
            Some(sets) => sets,
            None => sets.insert(self.count_sets(halves)?),
        };
        if sets.total() == 0 {
            return Ok(None);
        }
        let r = rng.random_range(0..sets.total());
        Ok(Some(Placement::new(halves.solution_at(sets, r))))
    }

    /// The solutions below `prefix` then `c`, for each column `c < upto`.
    fn children(&self, prefix: &[u32], upto: u32) -> Result<Vec<u128>, Error> {
        if prefix.len() < LEAD_ROWS {
            let mut lead = self.lead.lock().unwrap_or_else(PoisonError::into_inner);
            let lead = match &mut *lead {
                Some(lead) => lead,
                None => lead.insert(self.count_lead()?),
            };
            if let Some(counts) = lead.children(self.n, prefix, upto as usize) {
                return Ok(counts);
            }
        }
        self.count_children(prefix, upto)
    }

    /// The first rows' counts: the first [`LEAD_ROWS`] at once where the join counts them
    /// so, else the first row's.
    fn count_lead(&self) -> Result<Lead, Error> {
        let stop = self.cancel.as_ref().map(Cancel::flag);
        let leads = self
            .halves
            .as_ref()
            .and_then(|halves| halves.leads(DEFAULT_MEMORY / 2, stop));
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Error::Cancelled);
        }
        Ok(match leads {
            Some(counts) => Lead {
                rows: LEAD_ROWS,
                counts,
            },
            None => Lead {
                rows: 1,
                counts: self.count_children(&[], self.n as u32)?,
            },
        })
    }

    /// Each column set's count, which a uniform draw needs.
    fn count_sets(&self, halves: &Halves) -> Result<SetCounts, Error> {
        let stop = self.cancel.as_ref().map(Cancel::flag);
        let counted = halves.set_counts(DEFAULT_MEMORY / 2, stop);
        // A count cut short means nothing.
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Error::Cancelled);
        }
        Ok(counted)
    }

    /// [`Ranker::children`], counted.
    fn count_children(&self, prefix: &[u32], upto: u32) -> Result<Vec<u128>, Error> {
        let n = self.n;
        if validate_rows(prefix, n).is_err() {
            return Ok(vec![0; upto as usize]);
        }
        let stop = self.cancel.as_ref().map(Cancel::flag);
        // The join's pass over the column sets costs about as much below any prefix,
        // while the search's cost falls with each row: measured, the join is the faster
        // while the prefix is at most (n − 14) / 2 rows long.
        let counts = match &self.halves {
            Some(halves) if 2 * prefix.len() + JOIN_MIN_N <= n => {
                let mut counts = halves.children(prefix, DEFAULT_MEMORY / 2, stop);
                counts.truncate(upto as usize);
                counts
            }
            _ => (0..upto)
                .into_par_iter()
                .map(|c| count_prefix_until(n, &[prefix, &[c]].concat(), stop))
                .collect::<Result<_, _>>()?,
        };
        // A count cut short means nothing.
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(Error::Cancelled);
        }
        Ok(counts)
    }
}
