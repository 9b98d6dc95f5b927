//! The exact search's board and its rule: the [`Board`] trait any board implements, the
//! [`step`] that places forced queens and picks the line to branch on, and the bitboard
//! [`Grid`], whose rows, columns and both diagonal directions are masks, so that the
//! squares left to a row or a column are a few shifts and ANDs.

use std::fmt;
use std::marker::PhantomData;

#[cfg(target_arch = "x86_64")]
use super::lanes::Wide;
use super::numbers::{lines_fit, position_sum};
use crate::bitboard::{MAX_N, full_mask};

/// A board the exact search runs on: at most 64 open rows and 64 open columns, each a bit
/// of a mask, and nodes that say which are open and which squares each may still take.
/// The bitboard [`Grid`] and the open board of a large problem
/// ([`Sparse`](super::sparse::Sparse)) both are one, so [`step`], the depth-first search
/// and the lexicographic walk are written once.
pub(super) trait Board {
    /// A node of the search.
    type Node: Copy;
    /// What the diagonal-count cut gathers over a node's rows; `()` where a board has no
    /// cheap numbering of its diagonals.
    type Reach: Copy;
    /// Nothing gathered yet.
    const NO_REACH: Self::Reach;

    /// The number of the last row (and column), for the centre rule.
    fn last(&self) -> usize;
    /// The rows without a queen in `node`.
    fn rows(node: &Self::Node) -> u64;
    /// The columns without a queen in `node`.
    fn cols(node: &Self::Node) -> u64;
    /// The columns where row `r` can still take a queen.
    fn row_options(&self, node: &Self::Node, r: usize) -> u64;
    /// The rows where column `c` can still take a queen.
    fn col_options(&self, node: &Self::Node, c: usize) -> u64;
    /// `node` with a queen on row `r`, column `c`.
    fn place(&self, node: Self::Node, r: usize, c: usize) -> Self::Node;
    /// `reach` with the diagonals of row `r`'s open squares `options` added.
    fn reach(&self, reach: Self::Reach, r: usize, options: u64) -> Self::Reach;
    /// Whether the diagonals reached leave room for `queens` more queens.
    fn room(reach: Self::Reach, queens: u32) -> bool;
    /// [`scan_rows`] in [`Order::Tightest`], by the eight-lane form where the board has
    /// one ([`Grid`]).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn scan_wide(&self, s: &Self::Node, wide: Wide) -> Scan
    where
        Self: Sized,
    {
        let _ = wide;
        scan_rows(self, s, Order::Tightest)
    }
    /// Whether the first and the last open rows and columns leave the difference
    /// diagonals' numbers room ([`lines_fit`]); true where a board has no cheap
    /// numbering of its diagonals.
    #[inline(always)]
    fn numbers_fit<K: Scanner>(&self, s: &Self::Node, scanner: K) -> bool {
        let _ = (s, scanner);
        true
    }
    /// Writes a queen on row `r`, column `c` of this board into the whole board's column
    /// array.
    fn record(&self, columns: &mut [u32], r: usize, c: usize) {
        columns[r] = c as u32;
    }
}

/// What stays fixed during a search on the bitboards: the board size and the squares no
/// queen may take; `D` holds a direction's diagonals.
#[derive(Debug, Clone)]
pub(super) struct Grid<D = u128> {
    n: usize,
    /// Per row, the columns closed to it by blocked squares.
    row_blocked: [u64; MAX_N],
    /// Per column, the rows closed to it by blocked squares.
    col_blocked: [u64; MAX_N],
    /// Whether [`step`] cuts by the diagonal numbers ([`Grid::cutting_by_numbers`]).
    numbers: bool,
    diagonals: PhantomData<D>,
}

/// A set of diagonals of one direction, one bit each: `u64` holds the 2n − 1 diagonals
/// of a board up to 32 queens, `u128` up to 64. The search is generic over it because
/// the narrow word makes every shift one instruction, which is most of a node's cost.
pub(super) trait Diagonals: Copy + Eq + fmt::Debug + Send + Sync {
    /// No diagonal.
    const NONE: Self;
    /// The set with diagonal `i` added.
    fn with(self, i: usize) -> Self;
    /// The set's bits from `shift` up, as a mask of one row's or column's squares.
    fn window(self, shift: usize) -> u64;
    /// A row's or column's squares `mask`, moved up by `shift` onto the diagonals.
    fn spread(mask: u64, shift: usize) -> Self;
    /// The union.
    fn or(self, other: Self) -> Self;
    /// How many diagonals.
    fn len(self) -> u32;
    /// The low and the high 64 bits of the set.
    #[cfg(target_arch = "x86_64")]
    fn halves(self) -> (u64, u64);
}

macro_rules! diagonals {
    ($($word:ty),*) => {$(
        impl Diagonals for $word {
            const NONE: Self = 0;
            #[inline(always)]
            fn with(self, i: usize) -> Self {
                self | 1 << i
            }
            #[inline(always)]
            fn window(self, shift: usize) -> u64 {
                (self >> shift) as u64
            }
            #[inline(always)]
            fn spread(mask: u64, shift: usize) -> Self {
                <$word>::from(mask) << shift
            }
            #[inline(always)]
            fn or(self, other: Self) -> Self {
                self | other
            }
            #[inline(always)]
            fn len(self) -> u32 {
                self.count_ones()
            }
            #[cfg(target_arch = "x86_64")]
            #[inline(always)]
            fn halves(self) -> (u64, u64) {
                (self as u64, (u128::from(self) >> 64) as u64)
            }
        }
    )*};
}

diagonals!(u64, u128);

/// A node of the search: the rows and columns still without a queen, and the diagonals
/// taken (by a queen or by an exclusion).
///
/// Diagonals are numbered three ways so that each row and each column reads its own as a
/// shifted mask: `sums` by `r + c`, `ups` by `c − r + n − 1` and `downs` by
/// `r − c + n − 1` (the last two are the same diagonals, mirrored).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State<D = u128> {
    pub(super) rows: u64,
    pub(super) cols: u64,
    sums: D,
    ups: D,
    downs: D,
}

/// What to do at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// Every row has its queen.
    Done,
    /// No completion below: a row or column has no square left, or too few diagonals are
    /// left for the queens still to place.
    Dead,
    /// Branch on the squares (a column mask) left to this row.
    Row(usize, u64),
    /// Branch on the squares (a row mask) left to this column.
    Column(usize, u64),
}

impl Step {
    /// Takes the next square a branching step tries, in order (none for `Done` or
    /// `Dead`).
    #[inline(always)]
    pub(super) fn next_square(&mut self) -> Option<(usize, usize)> {
        let (line, mask, row) = match self {
            Step::Row(line, mask) => (*line, mask, true),
            Step::Column(line, mask) => (*line, mask, false),
            Step::Done | Step::Dead => return None,
        };
        if *mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        *mask &= *mask - 1;
        Some(if row { (line, i) } else { (i, line) })
    }

    /// The squares a branching step has still to try, as a mask of its line.
    pub(super) fn untried(self) -> Option<u64> {
        match self {
            Step::Row(_, mask) | Step::Column(_, mask) => Some(mask),
            Step::Done | Step::Dead => None,
        }
    }

    /// The branching step with only `untried` left to try.
    pub(super) fn leaving(self, untried: u64) -> Step {
        match self {
            Step::Row(line, _) => Step::Row(line, untried),
            Step::Column(line, _) => Step::Column(line, untried),
            done_or_dead => done_or_dead,
        }
    }

    /// The square a branching step tried last, before `untried` was left; `None` unless
    /// the step could leave `untried`: squares of its line, all after those tried (they
    /// are tried in order), and at least one tried.
    pub(super) fn tried_last(self, untried: u64) -> Option<(usize, usize)> {
        let all = self.untried()?;
        let tried = all & !untried;
        let i = 63usize.checked_sub(tried.leading_zeros() as usize)?;
        if untried & !all != 0 || (untried != 0 && i >= untried.trailing_zeros() as usize) {
            return None;
        }
        match self {
            Step::Row(line, _) => Some((line, i)),
            Step::Column(line, _) => Some((i, line)),
            Step::Done | Step::Dead => None,
        }
    }

    /// The squares a branching step tries, in order.
    pub(super) fn squares(mut self) -> impl Iterator<Item = (usize, usize)> {
        std::iter::from_fn(move || self.next_square())
    }
}

/// Which line to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Order {
    /// The first row without a queen: completions come in lexicographic order.
    Rows,
    /// The row or column with the fewest squares left, the "most constrained variable"
    /// rule that makes hard instances tractable; forced squares are placed first.
    Tightest,
}

impl<D: Diagonals> Grid<D> {
    pub(super) fn new(n: usize, blocked: &[(u32, u32)]) -> Grid<D> {
        let mut grid = Grid {
            n,
            row_blocked: [0; MAX_N],
            col_blocked: [0; MAX_N],
            numbers: false,
            diagonals: PhantomData,
        };
        for &(r, c) in blocked {
            grid.row_blocked[r as usize] |= 1 << c;
            grid.col_blocked[c as usize] |= 1 << r;
        }
        grid
    }

    /// The grid with the diagonal-number cut ([`lines_fit`]) on or off.
    ///
    /// It pays where the first rows are filled, the lexicographic walk's questions: on
    /// n = 36's hardest (12 rows given) a third of the nodes it looks at are cut, and the
    /// proof takes 3.6 times fewer nodes and 1.34 times less time; on n = 40's, 6.7 and
    /// 2.1 times. On generated Excluded Diagonals instances it cuts 2% to 14% and makes
    /// the search 1.7 to 3 times slower, so elsewhere it is off.
    pub(super) fn cutting_by_numbers(self, numbers: bool) -> Grid<D> {
        Grid { numbers, ..self }
    }

    /// The empty board.
    pub(super) fn start(&self) -> State<D> {
        let full = full_mask(self.n);
        State {
            rows: full,
            cols: full,
            sums: D::NONE,
            ups: D::NONE,
            downs: D::NONE,
        }
    }

    /// Closes the diagonal `r + c = d`.
    pub(super) fn exclude_sum(&self, s: State<D>, d: usize) -> State<D> {
        State {
            sums: s.sums.with(d),
            ..s
        }
    }

    /// Closes the diagonal `r − c = d − (n − 1)`.
    pub(super) fn exclude_difference(&self, s: State<D>, d: usize) -> State<D> {
        State {
            downs: s.downs.with(d),
            ups: s.ups.with(2 * (self.n - 1) - d),
            ..s
        }
    }

    /// The mask of squares a row-by-row search may use in each row of `s`: the square of
    /// a placed queen in its row, the open squares elsewhere.
    pub(super) fn row_masks(&self, s: &State<D>, columns: &[Option<u32>]) -> Vec<u64> {
        (0..self.n)
            .map(|r| match columns[r] {
                Some(c) => 1 << c,
                None => self.row_options(s, r),
            })
            .collect()
    }
}

impl<D: Diagonals> Board for Grid<D> {
    type Node = State<D>;
    type Reach = (D, D);
    const NO_REACH: (D, D) = (D::NONE, D::NONE);

    #[inline(always)]
    fn last(&self) -> usize {
        self.n.saturating_sub(1) // n = 0: no line to scan
    }

    #[inline(always)]
    fn rows(s: &State<D>) -> u64 {
        s.rows
    }

    #[inline(always)]
    fn cols(s: &State<D>) -> u64 {
        s.cols
    }

    #[inline(always)]
    fn row_options(&self, s: &State<D>, r: usize) -> u64 {
        let m = self.n - 1;
        s.cols & !self.row_blocked[r] & !s.sums.window(r) & !s.ups.window(m - r)
    }

    #[inline(always)]
    fn col_options(&self, s: &State<D>, c: usize) -> u64 {
        let m = self.n - 1;
        s.rows & !self.col_blocked[c] & !s.sums.window(c) & !s.downs.window(m - c)
    }

    #[inline(always)]
    fn place(&self, s: State<D>, r: usize, c: usize) -> State<D> {
        let m = self.n - 1;
        State {
            rows: s.rows & !(1 << r),
            cols: s.cols & !(1 << c),
            sums: s.sums.with(r + c),
            ups: s.ups.with(c + m - r),
            downs: s.downs.with(r + m - c),
        }
    }

    /// A row's open squares spread onto the sum and the up diagonals they lie on: each
    /// queen needs a diagonal of each direction of its own.
    #[inline(always)]
    fn reach(&self, (sums, ups): (D, D), r: usize, options: u64) -> (D, D) {
        (
            sums.or(D::spread(options, r)),
            ups.or(D::spread(options, self.n - 1 - r)),
        )
    }

    #[inline(always)]
    fn room((sums, ups): (D, D), queens: u32) -> bool {
        sums.len() >= queens && ups.len() >= queens
    }

    #[inline(always)]
    fn numbers_fit<K: Scanner>(&self, s: &State<D>, scanner: K) -> bool {
        if !self.numbers {
            return true;
        }
        let m = self.n as u32 - 1;
        // Each line's squares once, for the two passes over it.
        let mut options = [0u64; MAX_N];
        let mut open = s.rows;
        while open != 0 {
            let r = open.trailing_zeros() as usize;
            open &= open - 1;
            options[r] = self.row_options(s, r);
        }
        if !lines_fit(s.rows, s.cols, |r| options[r as usize], m, scanner) {
            return false;
        }
        let mut open = s.cols;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            options[c] = self.col_options(s, c);
        }
        lines_fit(s.cols, s.rows, |c| options[c as usize], m, scanner)
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn scan_wide(&self, s: &State<D>, wide: Wide) -> Scan {
        wide.scan_bitboard(
            self.n,
            &self.row_blocked,
            s.rows,
            s.cols,
            s.sums.halves(),
            s.ups.halves(),
        )
    }
}

/// Looks at every open line of `s`, on any [`Board`], and says how to go on.
///
/// In [`Order::Tightest`] it branches on the line with the fewest squares left, and
/// among those on the one nearest the centre of the board: a queen there attacks the
/// most squares, so its branches die soonest (Knuth's "Dancing Links", 2000, orders
/// the rows and columns of n queens middle first for the same reason). Against
/// taking the first such line, this searched 22% to 44% fewer nodes on ten generated
/// instances at each n from 22 to 25, cut near their hard point.
///
/// Besides a row or column with no square left, it cuts a node where the open
/// squares lie on fewer distinct diagonals (either direction) than there are queens
/// still to place: each queen needs a diagonal of its own.
///
/// In [`Order::Tightest`] it first places, in `s` and `columns`, every queen that a
/// row or column with one square left forces, until none is left: one pass over the
/// lines settles several forced squares, where branching on each would rescan them
/// all every time.
///
/// `scanner` looks at the rows in [`Order::Tightest`]; every [`Scanner`] finds the same.
#[inline(always)]
pub(super) fn step<B: Board, K: Scanner>(
    b: &B,
    s: &mut B::Node,
    columns: &mut [u32],
    order: Order,
    scanner: K,
) -> Step {
    let m = b.last();
    'pass: loop {
        if B::rows(s) == 0 {
            return Step::Done;
        }
        let scan = match order {
            Order::Rows => scan_rows(b, s, order),
            Order::Tightest => scanner.scan(b, s),
        };
        let Lines {
            ones,
            twos,
            fours,
            best,
            best_rank,
            room,
        } = match scan {
            Scan::Dead => return Step::Dead,
            Scan::Force(rows) => {
                if force_rows(b, s, columns, rows) {
                    continue 'pass;
                }
                return Step::Dead;
            }
            Scan::Lines(lines) => lines,
        };
        let (fewest, nearest) = (best_rank >> 7, (best_rank & 127) as usize);
        let met = ones | twos | fours;
        if met != B::cols(s) || !room {
            return Step::Dead;
        }
        let best = Step::Row(best, b.row_options(s, best));
        if order == Order::Rows {
            return best;
        }
        let mut single = ones & !twos & !fours;
        if single != 0 {
            while single != 0 {
                let c = single.trailing_zeros() as usize;
                single &= single - 1;
                // An earlier forced queen may have taken this column's square.
                let options = b.col_options(s, c);
                if options == 0 {
                    return Step::Dead;
                }
                let r = options.trailing_zeros() as usize;
                *s = b.place(*s, r, c);
                columns[r] = c as u32;
            }
            continue 'pass;
        }
        if !b.numbers_fit(s, scanner) {
            return Step::Dead;
        }
        // A column beats the best row when it has fewer squares left, or as few and
        // lies nearer the centre.
        let (two, three) = (!ones & twos & !fours, ones & twos & !fours);
        let (tighter, as_tight) = match fewest {
            2 => (0, two),
            3 => (two, three),
            _ if two != 0 => (two, 0),
            _ => (three, 0),
        };
        let column = if tighter != 0 {
            Some(most_central(tighter, m).0)
        } else {
            let (c, off) = most_central(as_tight, m);
            (off < nearest).then_some(c)
        };
        return match column {
            Some(c) => Step::Column(c, b.col_options(s, c)),
            None => best,
        };
    }
}

/// What a look at every open row of a node found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scan {
    /// A row has no square left.
    Dead,
    /// A row has one square left: place the forced queens of the open rows in this mask,
    /// from that row on (the rows above it have two squares or more).
    Force(u64),
    /// Every row has two squares or more.
    Lines(Lines),
}

/// What [`step`] needs to know of a node's open rows when each has two squares or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Lines {
    /// How many open rows each column meets, bit-sliced: `ones` and `twos` are the low
    /// bits of the count, `fours` is set from four on.
    pub(super) ones: u64,
    pub(super) twos: u64,
    pub(super) fours: u64,
    /// The first of the tightest rows nearest the centre, and its rank: its number of
    /// squares shifted left by 7, or'ed with its doubled distance from the centre.
    pub(super) best: usize,
    pub(super) best_rank: u32,
    /// Whether the open squares lie on enough diagonals of each direction for the queens
    /// still to place.
    pub(super) room: bool,
}

/// How [`step`] looks at the open rows in [`Order::Tightest`]: [`Portable`] on every CPU,
/// or a form compiled for wider instructions, which only a CPU that has them can make.
pub(super) trait Scanner: Copy {
    /// The open rows of `s` on `b`, looked at as [`scan_rows`] does.
    fn scan<B: Board>(self, b: &B, s: &B::Node) -> Scan;
    /// The bits of `bits` deposited, lowest first, onto the set bits of `mask` (`pdep`).
    #[inline(always)]
    fn deposit(self, mut bits: u64, mut mask: u64) -> u64 {
        let mut deposited = 0;
        while mask != 0 && bits != 0 {
            let low = mask & mask.wrapping_neg();
            if bits & 1 != 0 {
                deposited |= low;
            }
            bits >>= 1;
            mask ^= low;
        }
        deposited
    }
    /// The sum of the positions of the bits of each 128-bit set, given as its low words
    /// `lo` and its high words `hi`, into `sums`.
    #[inline(always)]
    fn position_sums(self, lo: &[u64], hi: &[u64], sums: &mut [i64]) {
        for ((sum, &lo), &hi) in sums.iter_mut().zip(lo).zip(hi) {
            *sum = position_sum(lo, hi);
        }
    }
}

/// The row scan of any board on any CPU: [`scan_rows`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Portable;

impl Scanner for Portable {
    #[inline(always)]
    fn scan<B: Board>(self, b: &B, s: &B::Node) -> Scan {
        scan_rows(b, s, Order::Tightest)
    }
}

/// Looks at the open rows of `s` one at a time, in order: the first with one square or
/// none decides, else every row counts towards the [`Lines`]. In [`Order::Rows`] no
/// square is forced and every row ranks the same, so the first is the best.
#[inline(always)]
pub(super) fn scan_rows<B: Board>(b: &B, s: &B::Node, order: Order) -> Scan {
    let m = b.last();
    let queens = B::rows(s).count_ones();
    let mut reach = B::NO_REACH;
    let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
    let (mut best, mut best_rank) = (0, u32::MAX);
    let mut rows = B::rows(s);
    while rows != 0 {
        let r = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        let options = b.row_options(s, r);
        if options == 0 {
            return Scan::Dead;
        }
        if order == Order::Tightest && options & (options - 1) == 0 {
            return Scan::Force(rows | 1 << r);
        }
        reach = b.reach(reach, r, options);
        let carry = ones & options;
        ones ^= options;
        fours |= twos & carry;
        twos ^= carry;
        let rank = match order {
            Order::Rows => 0,
            Order::Tightest => options.count_ones() << 7 | off_centre(r, m) as u32,
        };
        if rank < best_rank {
            (best, best_rank) = (r, rank);
        }
    }
    Scan::Lines(Lines {
        ones,
        twos,
        fours,
        best,
        best_rank,
        room: B::room(reach, queens),
    })
}

/// Places the queen of every row of `rows` left with one square, in `s` and `columns`,
/// looking at each row once; false if one is left with none.
#[inline(always)]
fn force_rows<B: Board>(b: &B, s: &mut B::Node, columns: &mut [u32], mut rows: u64) -> bool {
    while rows != 0 {
        let r = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        let options = b.row_options(s, r);
        if options == 0 {
            return false;
        }
        if options & (options - 1) == 0 {
            let c = options.trailing_zeros() as usize;
            *s = b.place(*s, r, c);
            columns[r] = c as u32;
        }
    }
    true
}

/// How far line `i` lies from the centre of a board whose last line is `m`, doubled so
/// that it is a whole number.
#[inline(always)]
fn off_centre(i: usize, m: usize) -> usize {
    (2 * i).abs_diff(m)
}

/// The line of `mask` nearest the centre, and how far off it is (`usize::MAX` for none).
#[inline(always)]
fn most_central(mut mask: u64, m: usize) -> (usize, usize) {
    let mut nearest = (0, usize::MAX);
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let off = off_centre(i, m);
        if off < nearest.1 {
            nearest = (i, off);
        }
    }
    nearest
}
