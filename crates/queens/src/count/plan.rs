//! The count's deterministic list of independent work units.
//!
//! # The idea: search each class of solutions from one orientation
//!
//! Every solution of n ≥ 2 has one queen on each border line: the top and bottom rows,
//! the left and right columns (a corner queen stands on two). The 8 symmetries of the
//! board permute those lines. Give each border queen its distance to the nearest corner
//! along its line; the smallest image of a solution (in lexicographic order of the column
//! array) is an orientation in which the top queen has the smallest distance of the four,
//! `t`, and stands in the left half, at column `t`. So the search only visits such
//! orientations, pruned as it goes with masks instead of being filtered at the end:
//!
//! * **Corner** (`t = 0`): a queen in the corner (0, 0). Only the reflection in the main
//!   diagonal keeps that corner; of a solution and its reflection, the smaller has its
//!   row-1 queen in a column `k` smaller than the row of the column-1 queen, so column 1
//!   is closed in rows 2..=k. No such solution is symmetric: each counts 8.
//! * **Edge** (`t ≥ 1`): the top queen in column `t`, and every other border queen at
//!   least `t` from its corners: the edge columns are closed in rows `1..t` and
//!   `n−t..n−1`, and the bottom row's first and last `t` squares. A solution where no
//!   other border queen ties at distance `t` is the only one of its class in this space and
//!   counts 8. Only on a tie is the whole board compared with its images: it counts when it
//!   is the smallest, as many times as it has distinct images (8, 4 or 2).
//!
//! This is the idea behind Takahashi's counter (as widely ported, e.g. in
//! suzukiiichiro/N-Queens) and Somers' use of the board's symmetry; the formulation by
//! corner distance, the masks and the tie test here are our own. Each search counts the
//! total and the classes in one pass.
//!
//! The search space is then cut into units by the columns of the queens in the first
//! [`DEFAULT_PREFIX_ROWS`] rows ([`plan_split`] picks another depth, for more and smaller
//! units). Boards smaller than [`SPLIT_MIN_N`] are a single whole-board unit
//! that enumerates and classifies every solution.
//!
//! # The contract
//!
//! The same n always gives the same units in the same order, with ids `0..len`. A unit's
//! [`Tally`] depends on nothing but the unit, and the tallies of all units add up to the
//! board's. [`PLAN_VERSION`] changes whenever the list would, so that saved partial results
//! are never mixed across versions.

use crate::bitboard::{MAX_N, Node, check_board, full_mask, search_lanes};
use crate::limits::PLAN_MAX_UNITS;
use crate::symmetry::{CanonicalTest, Symmetry};
use crate::{Error, Solutions};

pub use super::tally::Tally;

/// The version of the unit list: bumped whenever [`plan`] would list different units.
pub const PLAN_VERSION: u32 = 1;

/// Boards at least this large are split by corner distance and prefix; smaller ones are
/// one whole-board unit.
pub const SPLIT_MIN_N: usize = 6;

/// How many rows, counted from the top, each unit of [`plan`] fixes.
pub const DEFAULT_PREFIX_ROWS: usize = 3;

/// The deepest split [`plan_split`] makes.
pub const MAX_PREFIX_ROWS: usize = 6;

/// The columns of a unit's first rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Prefix {
    columns: [u8; MAX_PREFIX_ROWS],
    len: u8,
}

impl Prefix {
    fn new(columns: &[u8]) -> Prefix {
        let mut all = [0; MAX_PREFIX_ROWS];
        all[..columns.len()].copy_from_slice(columns);
        Prefix {
            columns: all,
            len: columns.len() as u8,
        }
    }

    /// Row `r`'s column, for each of the first rows.
    pub fn columns(&self) -> &[u8] {
        &self.columns[..usize::from(self.len)]
    }
}

/// What a work unit searches.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// The whole board, for boards smaller than [`SPLIT_MIN_N`].
    WholeBoard,
    /// Solutions in their smallest orientation whose first rows hold queens in
    /// `prefix` (row 0's column is the corner distance `t`: 0 for a corner queen).
    Prefix {
        /// The columns of the first rows.
        prefix: Prefix,
    },
}

/// One independent piece of a count.
///
/// ```
/// let plan = queens::plan(10)?;
/// let sum: queens::Tally = plan.units().iter().map(|u| u.count()).sum();
/// assert_eq!((sum.total, sum.unique()), (724, 92));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Unit {
    id: usize,
    n: usize,
    kind: UnitKind,
}

impl Unit {
    /// The unit's position in its plan.
    pub fn id(&self) -> usize {
        self.id
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// What it searches.
    pub fn kind(&self) -> UnitKind {
        self.kind
    }

    /// What it searches, in words that stay the same across versions of this crate:
    /// `whole` or `prefix 0,2,4` (the plan digest is taken over these).
    ///
    /// ```
    /// assert_eq!(queens::plan(8)?.units()[0].describe(), "prefix 0,2,4");
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn describe(&self) -> String {
        match self.kind {
            UnitKind::WholeBoard => "whole".into(),
            UnitKind::Prefix { prefix } => {
                let cols: Vec<String> = prefix.columns().iter().map(u8::to_string).collect();
                format!("prefix {}", cols.join(","))
            }
        }
    }

    /// Recounts the unit by another road, for spot checks of recorded results: every
    /// solution below the unit's prefix from the plain enumerator, each compared with all
    /// its images, counted when it is the smallest. Far slower than [`Unit::count`], and
    /// sharing none of its pruning, masks or tie test.
    ///
    /// ```
    /// let plan = queens::plan(9)?;
    /// assert!(plan.units().iter().all(|u| u.recount_slow() == u.count()));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn recount_slow(&self) -> Tally {
        let prefix: Vec<u32> = match self.kind {
            UnitKind::WholeBoard => Vec::new(),
            UnitKind::Prefix { prefix } => prefix.columns().iter().map(|&c| u32::from(c)).collect(),
        };
        let mut tally = Tally::default();
        let Ok(mut solutions) = Solutions::with_prefix(self.n, &prefix) else {
            return tally;
        };
        while let Some(columns) = solutions.next_columns() {
            if crate::canonical(columns) == columns {
                tally.class(crate::class_size(columns));
            }
        }
        tally
    }

    /// Runs the unit's search on the calling thread.
    pub fn count(&self) -> Tally {
        match self.kind {
            UnitKind::WholeBoard => whole_board(self.n),
            UnitKind::Prefix { prefix } => {
                let columns = prefix.columns();
                Region::new(self.n, usize::from(columns[0])).count(columns)
            }
        }
    }
}

/// The list of work units for one board size; see the [module docs](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    n: usize,
    prefix_rows: usize,
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
    /// let a = queens::plan(12)?.digest();
    /// assert_eq!(a, queens::plan(12)?.digest());
    /// assert_ne!(a, queens::plan(13)?.digest());
    /// assert_eq!(a.len(), 64);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn digest(&self) -> String {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(format!(
            "nqueens plan v{PLAN_VERSION} n={} rows={}\n",
            self.n, self.prefix_rows
        ));
        for unit in &self.units {
            h.update(format!("{} {}\n", unit.id, unit.describe()));
        }
        hex::encode(h.finalize())
    }

    /// How many rows each unit fixes (0 for a whole-board plan).
    pub fn prefix_rows(&self) -> usize {
        self.prefix_rows
    }

    /// The units, in id order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
}

/// The work units for an `n × n` board, each fixing the first [`DEFAULT_PREFIX_ROWS`] rows.
///
/// ```
/// let plan = queens::plan(16)?;
/// assert_eq!(plan, queens::plan(16)?); // the same units, in the same order
/// assert!(plan.units().iter().enumerate().all(|(i, u)| u.id() == i));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn plan(n: usize) -> Result<Plan, Error> {
    plan_split(n, DEFAULT_PREFIX_ROWS)
}

/// The work units for an `n × n` board, each fixing the first `prefix_rows` rows: deeper
/// splits make more, smaller units. The depth is clamped to what the board allows (2 to
/// [`MAX_PREFIX_ROWS`], and at most n − 3); [`Plan::prefix_rows`] says which was used.
/// A split into more than [`PLAN_MAX_UNITS`] units is refused
/// ([`Error::TooManyUnits`]) as soon as the enumeration passes that many.
///
/// ```
/// let fine = queens::plan_split(12, 5)?;
/// assert!(fine.units().len() > queens::plan(12)?.units().len());
/// let sum: queens::Tally = fine.units().iter().map(|u| u.count()).sum();
/// assert_eq!(sum.total, 14200);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn plan_split(n: usize, prefix_rows: usize) -> Result<Plan, Error> {
    check_board(n, 0)?;
    let prefix_rows = prefix_rows
        .clamp(2, MAX_PREFIX_ROWS)
        .min(n.saturating_sub(3));
    let kinds = if n < SPLIT_MIN_N {
        vec![UnitKind::WholeBoard]
    } else {
        // Corner distances t with t < n − 1 − t: the middle of an odd side cannot be the
        // smallest distance, since all four border queens would be mid-side and attack.
        let mut prefixes = Vec::new();
        for t in (0..n).filter(|&t| 2 * t < n - 1) {
            Region::new(n, t).prefixes(prefix_rows, &mut prefixes);
            if prefixes.len() > PLAN_MAX_UNITS {
                return Err(Error::TooManyUnits {
                    n,
                    prefix_rows,
                    max: PLAN_MAX_UNITS,
                });
            }
        }
        prefixes
            .into_iter()
            .map(|prefix| UnitKind::Prefix { prefix })
            .collect()
    };
    let units = kinds
        .into_iter()
        .enumerate()
        .map(|(id, kind)| Unit { id, n, kind })
        .collect();
    Ok(Plan {
        n,
        prefix_rows: if n < SPLIT_MIN_N { 0 } else { prefix_rows },
        units,
    })
}

/// Small boards: every solution, classified one by one.
fn whole_board(n: usize) -> Tally {
    let mut tally = Tally::default();
    let mut test = CanonicalTest::default();
    let mut solutions = Solutions::new(n).expect("small boards are in range");
    while let Some(columns) = solutions.next_columns() {
        if test.is_canonical(columns) {
            tally.class(crate::class_size(columns));
        }
    }
    tally
}

/// The searches for one corner distance `t`: which squares each row may use.
struct Region {
    n: usize,
    t: usize,
    /// `allowed[r]`: the squares row `r` may use in this region.
    allowed: [u64; MAX_N],
    /// `taken[r]`: the columns that must hold queens before row `r` is filled.
    taken: [u64; MAX_N],
}

impl Region {
    fn new(n: usize, t: usize) -> Region {
        let m = n - 1;
        let full = full_mask(n);
        let mut allowed = [0u64; MAX_N];
        allowed[..n].fill(full);
        allowed[0] = 1 << t;
        let mut taken = [0u64; MAX_N];
        if t == 0 {
            // The corner queen's reflection in the diagonal is handled by the prefix.
            return Region {
                n,
                t,
                allowed,
                taken,
            };
        }
        let edges = 1u64 | 1 << m;
        for row in (1..t).chain(n - t..m) {
            allowed[row] &= !edges;
        }
        // The edge columns' queens stand in rows t..=m−t: from row n−t on, both are placed.
        for mask in &mut taken[n - t..n] {
            *mask = edges;
        }
        let near_corners = ((1u64 << t) - 1) | (((1u64 << t) - 1) << (n - t));
        allowed[m] &= !near_corners;
        Region {
            n,
            t,
            allowed,
            taken,
        }
    }

    /// The allowed squares with the corner case's column-1 rule for a row-1 queen in
    /// column `k`: the column-1 queen must stand below row `k`.
    fn allowed_for(&self, prefix_row1: usize) -> [u64; MAX_N] {
        let mut allowed = self.allowed;
        if self.t == 0 {
            for mask in &mut allowed[2..=prefix_row1.min(self.n - 1)] {
                *mask &= !2;
            }
        }
        allowed
    }

    /// Adds every valid choice of the first `rows` rows to `found`, in lexicographic
    /// order, stopping once `found` holds more than [`PLAN_MAX_UNITS`].
    fn prefixes(&self, rows: usize, found: &mut Vec<Prefix>) {
        let full = full_mask(self.n);
        let mut columns = vec![self.t as u8];
        let top = Node::default().place(1 << self.t, full);
        let mut row1 = self.allowed[1] & !top.attacked();
        while row1 != 0 {
            let b1 = row1 & row1.wrapping_neg();
            row1 ^= b1;
            let k = b1.trailing_zeros() as usize;
            columns.push(k as u8);
            let allowed = self.allowed_for(k);
            self.extend(&allowed, top.place(b1, full), rows, &mut columns, found);
            columns.pop();
        }
    }

    /// Depth-first over rows `columns.len()..rows`, collecting each complete prefix.
    fn extend(
        &self,
        allowed: &[u64; MAX_N],
        node: Node,
        rows: usize,
        columns: &mut Vec<u8>,
        found: &mut Vec<Prefix>,
    ) {
        let row = columns.len();
        if found.len() > PLAN_MAX_UNITS {
            return;
        }
        if row == rows {
            found.push(Prefix::new(columns));
            return;
        }
        let full = full_mask(self.n);
        let mut free = allowed[row] & !node.attacked();
        if self.taken[row] & !node.cols != 0 {
            free = 0;
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            columns.push(bit.trailing_zeros() as u8);
            self.extend(allowed, node.place(bit, full), rows, columns, found);
            columns.pop();
        }
    }

    /// The tally of the solutions starting with `prefix`.
    fn count(&self, prefix: &[u8]) -> Tally {
        let (n, t, m) = (self.n, self.t, self.n - 1);
        let allowed = self.allowed_for(prefix[1] as usize);
        let prefix: Vec<u32> = prefix.iter().map(|&c| u32::from(c)).collect();
        let search = |leaf: &mut dyn FnMut(&[u64; MAX_N])| {
            search_lanes(&prefix, &allowed[..n], &self.taken[..n], leaf);
        };
        let mut tally = Tally::default();
        if t == 0 {
            let mut leaves = 0u128;
            search(&mut |_| leaves += 1);
            tally.total = 8 * leaves;
            tally.classes_of_8 = leaves;
            return tally;
        }
        // Another border queen at the same corner distance: the bottom queen in column t or
        // m − t, or an edge-column queen in row t or m − t.
        let edges = 1u64 | 1 << m;
        let tie_bottom = 1u64 << t | 1 << (m - t);
        let mut test = CanonicalTest::default();
        let mut columns = [0u32; MAX_N];
        let mut plain = 0u128;
        search(&mut |board| {
            let tie = board[m] & tie_bottom != 0 || (board[t] | board[m - t]) & edges != 0;
            if !tie {
                plain += 1;
                return;
            }
            for (c, bit) in columns.iter_mut().zip(&board[..n]) {
                *c = bit.trailing_zeros();
            }
            let columns = &columns[..n];
            if test.is_canonical(columns) {
                tally.class(class_size_of_canonical(columns));
            }
        });
        tally.total += 8 * plain;
        tally.classes_of_8 += plain;
        tally
    }
}

/// The number of distinct images of a solution: 2 if a quarter turn leaves it unchanged,
/// 4 if only a half turn does, else 8 (no solution of n ≥ 2 is its own reflection).
fn class_size_of_canonical(columns: &[u32]) -> usize {
    if Symmetry::Rotate90.apply(columns) == columns {
        2
    } else if Symmetry::Rotate180.apply(columns) == columns {
        4
    } else {
        8
    }
}
