//! The count's deterministic list of independent work units.
//!
//! # The units
//!
//! * **Halves** (most units): a range of column sets of the top half, in increasing order
//!   of the set as a bit mask, each joined with the bottoms on the columns left
//!   (the module `count::halves` says how). A unit counts the solutions whose top half
//!   stands on one of its sets or on an image of one under the symmetries that keep the
//!   middle row, so its share of the total is exact and independent of every other unit.
//! * **Symmetric** (one unit, the first): the solutions a half turn and a quarter turn
//!   leave unchanged ([`count_fixed`](crate::symmetry::count_fixed)), from which the classes follow by Burnside's lemma
//!   once every unit's [`Share`] is added up ([`Share::tally`]).
//! * **Whole board**: boards smaller than [`SPLIT_MIN_N`] are one unit.
//!
//! The default split puts [`Plan::sets_per_unit`] sets in each unit, chosen from n alone
//! so that a plan has at most about [`DEFAULT_UNITS`] units; [`plan_split`] and
//! [`plan_with_units`] make finer or coarser ones.
//!
//! # The contract
//!
//! The same n always gives the same units in the same order, with ids `0..len`. A unit's
//! [`Share`] depends on nothing but the unit, and the shares of all units add up to the
//! board's. [`PLAN_VERSION`] changes whenever the list would, so that saved partial
//! results are never mixed across versions.

use std::num::NonZeroUsize;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use super::halves::{Halves, Scratch};
use super::tally::Share;
use crate::Error;
use crate::bitboard::{Node, check_board, full_mask};
use crate::limits::PLAN_MAX_UNITS;
use crate::symmetry::Symmetry;
use crate::symmetry::Symmetry::{Rotate90, Rotate180};
use crate::symmetry::count_fixed_unless;

use crate::limits::COUNT_MAX_N;

/// The version of the unit list: bumped whenever [`plan`] would list different units.
pub const PLAN_VERSION: u32 = 2;

/// Boards at least this large are split into units; smaller ones are one whole-board
/// unit.
pub const SPLIT_MIN_N: usize = 6;

/// About how many units the default split makes, at most: from n = 24 on, several column
/// sets share a unit (10 at n = 27, for about 1 million units of one or two CPU-hours).
pub const DEFAULT_UNITS: usize = 1 << 20;

/// What a work unit counts.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// The whole board, for boards smaller than [`SPLIT_MIN_N`].
    WholeBoard,
    /// The solutions a half turn or a quarter turn leaves unchanged.
    Symmetric,
    /// The solutions whose top half stands on a column set from `first` to `last` (bit
    /// masks, both included), or on an image of one.
    Halves {
        /// The unit's first column set.
        first: u32,
        /// Its last.
        last: u32,
    },
}

/// One independent piece of a count.
///
/// ```
/// let plan = queens::counting::plan(10)?;
/// let sum: queens::counting::Share = plan.units().iter().map(|u| u.count()).sum();
/// let tally = sum.tally(10).unwrap();
/// assert_eq!((tally.total, tally.unique()), (724, 92));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Unit {
    id: usize,
    n: usize,
    kind: UnitKind,
    cost: u64,
}

impl Unit {
    /// A halves unit of n = 16 with the given id and cost, for the tests of what reads
    /// costs.
    #[cfg(test)]
    pub(super) fn for_test(id: usize, cost: u64) -> Unit {
        let kind = UnitKind::Halves { first: 0, last: 0 };
        Unit {
            id,
            n: 16,
            kind,
            cost,
        }
    }

    /// The unit's position in its plan.
    pub fn id(&self) -> usize {
        self.id
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// What it counts.
    pub fn kind(&self) -> UnitKind {
        self.kind
    }

    /// Its expected share of the plan's work, in the plan's own units: what progress bars
    /// and time estimates weigh it by. For a halves unit, the joins it runs (a column set
    /// and a middle queen each); the symmetric unit is given a hundredth of the rest.
    pub fn cost(&self) -> u64 {
        self.cost
    }

    /// What it counts, in words that stay the same across versions of this crate:
    /// `whole`, `symmetric` or `halves 0xff..=0x3f0` (the plan digest is taken over
    /// these).
    ///
    /// ```
    /// let plan = queens::counting::plan(8)?;
    /// assert_eq!(plan.units()[0].describe(), "symmetric");
    /// assert_eq!(plan.units()[1].describe(), "halves 0xf..=0xf");
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        match self.kind {
            UnitKind::WholeBoard => "whole".into(),
            UnitKind::Symmetric => "symmetric".into(),
            UnitKind::Halves { first, last } => format!("halves {first:#x}..={last:#x}"),
        }
    }

    /// Counts the unit on the calling thread. The board's halves and their tables are set
    /// up once and kept for the next unit of the same board.
    pub fn count(&self) -> Share {
        static LAST: Mutex<Option<Arc<Halves>>> = Mutex::new(None);
        let halves = matches!(self.kind, UnitKind::Halves { .. }).then(|| {
            let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
            match &*last {
                Some(h) if h.n() == self.n => Arc::clone(h),
                _ => {
                    let h = Arc::new(
                        Halves::new(self.n)
                            .with_blocks(super::DEFAULT_MEMORY / 2, Some(NonZeroUsize::MIN)),
                    );
                    *last = Some(Arc::clone(&h));
                    h
                }
            }
        });
        self.count_with(halves.as_deref(), &mut Scratch::default(), None)
    }

    /// Counts the unit with the board's halves already set up (for halves units). Once
    /// `stop` is set the symmetric unit gives up with a meaningless share, which the
    /// caller must drop.
    pub(crate) fn count_with(
        &self,
        halves: Option<&Halves>,
        scratch: &mut Scratch,
        stop: Option<&AtomicBool>,
    ) -> Share {
        match self.kind {
            UnitKind::WholeBoard => Share {
                total: crate::bitboard::count_completions(Node::default(), full_mask(self.n))
                    .into(),
                ..fixed(self.n, stop)
            },
            UnitKind::Symmetric => fixed(self.n, stop),
            UnitKind::Halves { first, last } => {
                let own;
                let halves = match halves {
                    Some(h) if h.n() == self.n => h,
                    _ => {
                        own = Halves::new(self.n);
                        &own
                    }
                };
                let total = halves
                    .sets_between(first, last)
                    .map(|set| halves.count_set(set, scratch))
                    .sum();
                Share {
                    total,
                    ..Share::default()
                }
            }
        }
    }

    /// Recounts the unit by another road, for spot checks of recorded results: for a
    /// halves unit, the plain search of the whole board restricted to each image of each
    /// of its column sets (no patterns, tables, pair counting or orbit weights); for the
    /// symmetric unit, a search that places each queen with its images and checks them
    /// pair by pair. Far slower than [`Unit::count`].
    ///
    /// ```
    /// let plan = queens::counting::plan(9)?;
    /// assert!(plan.units().iter().all(|u| u.recount_slow() == u.count()));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn recount_slow(&self) -> Share {
        let n = self.n;
        match self.kind {
            UnitKind::WholeBoard => Share {
                total: crate::reference::count(n),
                half_turn: fixed_slow(n, Rotate180),
                quarter_turn: fixed_slow(n, Rotate90),
            },
            UnitKind::Symmetric => Share {
                total: 0,
                half_turn: fixed_slow(n, Rotate180),
                quarter_turn: fixed_slow(n, Rotate90),
            },
            UnitKind::Halves { first, last } => {
                let halves = Halves::new(n);
                let total = halves
                    .sets_between(first, last)
                    .flat_map(|set| halves.images(set))
                    .map(|rows| count_restricted(n, &rows))
                    .sum();
                Share {
                    total,
                    ..Share::default()
                }
            }
        }
    }
}

/// The solutions of an `n × n` board a half turn and a quarter turn leave unchanged.
fn fixed(n: usize, stop: Option<&AtomicBool>) -> Share {
    let fixed = |s| count_fixed_unless(n, s, stop).expect("plans are made for boards in range");
    Share {
        total: 0,
        half_turn: fixed(Rotate180),
        quarter_turn: fixed(Rotate90),
    }
}

/// The plain bitboard search with row `r` restricted to the columns `rows[r]`.
fn count_restricted(n: usize, rows: &[u64]) -> u128 {
    fn search(node: Node, rows: &[u64], full: u64) -> u128 {
        let Some((&allowed, below)) = rows.split_first() else {
            return 1;
        };
        let mut free = node.free(full) & allowed;
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            total += search(node.place(bit, full), below, full);
        }
        total
    }
    search(Node::default(), rows, full_mask(n))
}

/// The solutions `symmetry` leaves unchanged, by placing each queen with its images row
/// by row and checking every pair of queens: slow, and independent of [`count_fixed`].
fn fixed_slow(n: usize, symmetry: Symmetry) -> u128 {
    fn attack((r1, c1): (usize, usize), (r2, c2): (usize, usize)) -> bool {
        r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2)
    }
    fn search(n: usize, symmetry: Symmetry, rows: &mut Vec<Option<usize>>) -> u128 {
        let Some(row) = rows.iter().position(Option::is_none) else {
            return 1;
        };
        let mut total = 0;
        for col in 0..n {
            let mut orbit = vec![(row, col)];
            loop {
                let next = symmetry.square(n, *orbit.last().expect("not empty"));
                if next == (row, col) {
                    break;
                }
                orbit.push(next);
            }
            orbit.sort_unstable();
            orbit.dedup();
            let placed: Vec<(usize, usize)> = rows
                .iter()
                .enumerate()
                .filter_map(|(r, c)| c.map(|c| (r, c)))
                .collect();
            let clash = orbit.iter().enumerate().any(|(i, &q)| {
                placed.iter().any(|&p| attack(p, q)) || orbit[..i].iter().any(|&o| attack(o, q))
            });
            if clash {
                continue;
            }
            for &(r, c) in &orbit {
                rows[r] = Some(c);
            }
            total += search(n, symmetry, rows);
            for &(r, _) in &orbit {
                rows[r] = None;
            }
        }
        total
    }
    search(n, symmetry, &mut vec![None; n])
}

/// The list of work units for one board size.
///
/// # The units
///
/// * **Halves** (most units): a range of column sets of the top half, in increasing order
///   of the set as a bit mask, each joined with the bottoms on the columns left
///   (the module `count::halves` says how). A unit counts the solutions whose top half
///   stands on one of its sets or on an image of one under the symmetries that keep the
///   middle row, so its share of the total is exact and independent of every other unit.
/// * **Symmetric** (one unit, the first): the solutions a half turn and a quarter turn
///   leave unchanged ([`count_fixed`](crate::symmetry::count_fixed)), from which the classes follow by Burnside's lemma
///   once every unit's [`Share`] is added up ([`Share::tally`]).
/// * **Whole board**: boards smaller than [`SPLIT_MIN_N`] are one unit.
///
/// The default split puts [`Plan::sets_per_unit`] sets in each unit, chosen from n alone
/// so that a plan has at most about [`DEFAULT_UNITS`] units; [`plan_split`] and
/// [`plan_with_units`] make finer or coarser ones.
///
/// # The contract
///
/// The same n always gives the same units in the same order, with ids `0..len`. A unit's
/// [`Share`] depends on nothing but the unit, and the shares of all units add up to the
/// board's. [`PLAN_VERSION`] changes whenever the list would, so that saved partial
/// results are never mixed across versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    n: usize,
    sets_per_unit: usize,
    units: Vec<Unit>,
}

impl Plan {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// A SHA-256 digest (hex) of the plan version, the board size and every unit, in order:
    /// two plans with the same digest split the count the same way, so partial results
    /// recorded under one can be merged with the other's.
    ///
    /// ```
    /// let a = queens::counting::plan(12)?.digest();
    /// assert_eq!(a, queens::counting::plan(12)?.digest());
    /// assert_ne!(a, queens::counting::plan(13)?.digest());
    /// assert_eq!(a.len(), 64);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn digest(&self) -> String {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(format!(
            "nqueens plan v{PLAN_VERSION} n={} sets={}\n",
            self.n, self.sets_per_unit
        ));
        for unit in &self.units {
            h.update(format!("{} {}\n", unit.id, unit.describe()));
        }
        hex::encode(h.finalize())
    }

    /// How many column sets each halves unit joins (the last may have fewer).
    pub fn sets_per_unit(&self) -> usize {
        self.sets_per_unit
    }

    /// The units, in id order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The units' costs added up ([`Unit::cost`]).
    pub fn cost(&self) -> u64 {
        self.units.iter().map(Unit::cost).sum()
    }
}

/// The work units for an `n × n` board, with the default number of column sets per
/// unit.
///
/// ```
/// let plan = queens::counting::plan(16)?;
/// assert_eq!(plan, queens::counting::plan(16)?); // the same units, in the same order
/// assert!(plan.units().iter().enumerate().all(|(i, u)| u.id() == i));
/// assert!(queens::counting::plan(33).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn plan(n: usize) -> Result<Plan, Error> {
    let sets = binomial(n, n / 2);
    plan_split(n, sets.div_ceil(2 * DEFAULT_UNITS as u128).max(1) as usize)
}

/// The work units for an `n × n` board, each joining `sets_per_unit` column sets of the
/// top half (at least 1): fewer make more, smaller units. A split into more than
/// [`PLAN_MAX_UNITS`] units is refused ([`Error::TooManyUnits`]) as soon as the
/// enumeration passes that many, and boards larger than [`COUNT_MAX_N`] are refused
/// ([`Error::TooLarge`]).
///
/// ```
/// let fine = queens::counting::plan_split(12, 1)?;
/// assert!(fine.units().len() > queens::counting::plan_split(12, 10)?.units().len());
/// let sum: queens::counting::Share = fine.units().iter().map(|u| u.count()).sum();
/// assert_eq!(sum.total, 14200);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn plan_split(n: usize, sets_per_unit: usize) -> Result<Plan, Error> {
    check_board(n, 0)?;
    if n > COUNT_MAX_N {
        return Err(Error::TooLarge {
            n,
            max: COUNT_MAX_N,
        });
    }
    let sets_per_unit = sets_per_unit.max(1);
    let unit = |id, kind, cost| Unit { id, n, kind, cost };
    if n < SPLIT_MIN_N {
        return Ok(Plan {
            n,
            sets_per_unit: 0,
            units: vec![unit(0, UnitKind::WholeBoard, 1)],
        });
    }
    let halves = Halves::new(n);
    let mut units = vec![unit(0, UnitKind::Symmetric, 0)];
    // (first set, last set, sets, joins) of the unit being filled.
    let mut open: Option<(u32, u32, usize, u64)> = None;
    let close = |units: &mut Vec<Unit>, (first, last, _, joins): (u32, u32, usize, u64)| {
        units.push(unit(units.len(), UnitKind::Halves { first, last }, joins));
        if units.len() > PLAN_MAX_UNITS {
            return Err(Error::TooManyUnits {
                n,
                sets_per_unit,
                max: PLAN_MAX_UNITS,
            });
        }
        Ok(())
    };
    for set in halves.sets() {
        let joins = halves.joins(set).count() as u64;
        if joins == 0 {
            continue;
        }
        let (first, _, sets, total) = open.unwrap_or((set, set, 0, 0));
        open = Some((first, set, sets + 1, total + joins));
        if sets + 1 == sets_per_unit {
            close(&mut units, open.take().expect("just filled"))?;
        }
    }
    if let Some(last) = open {
        close(&mut units, last)?;
    }
    let rest: u64 = units.iter().map(Unit::cost).sum();
    units[0].cost = rest.div_ceil(100).max(1);
    Ok(Plan {
        n,
        sets_per_unit,
        units,
    })
}

/// The coarsest plan with at least `units` units, or the finest there is (one column set
/// per unit) when the board has fewer.
///
/// ```
/// use std::num::NonZeroUsize;
///
/// let plan = queens::counting::plan_with_units(12, NonZeroUsize::new(100).unwrap())?;
/// assert!(plan.units().len() >= 100);
/// let most = queens::counting::plan_with_units(8, NonZeroUsize::new(1000).unwrap())?;
/// assert_eq!(most, queens::counting::plan_split(8, 1)?);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn plan_with_units(n: usize, units: NonZeroUsize) -> Result<Plan, Error> {
    check_board(n, 0)?;
    if !(SPLIT_MIN_N..=COUNT_MAX_N).contains(&n) {
        return plan_split(n, 1);
    }
    let halves = Halves::new(n);
    let sets = halves
        .sets()
        .filter(|&set| halves.joins(set).next().is_some())
        .count();
    // One unit is the symmetric one.
    let per_unit = sets / units.get().saturating_sub(1).max(1);
    plan_split(n, per_unit.max(1))
}

/// `C(n, k)`, exactly.
fn binomial(n: usize, k: usize) -> u128 {
    (0..k as u128).fold(1, |acc, i| acc * (n as u128 - i) / (i + 1))
}
