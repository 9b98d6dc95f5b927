//! The library's one error type.

use crate::board::Conflict;

/// Everything that can go wrong in this crate, with messages written for the end user.
///
/// ```
/// let err = queens::Solutions::new(65).unwrap_err();
/// assert_eq!(err.to_string(), "n = 65 is too large: at most 64 queens are supported");
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The board is larger than the bitboard search supports.
    #[error("n = {n} is too large: at most {max} queens are supported")]
    TooLarge {
        /// The requested board size.
        n: usize,
        /// The largest supported size.
        max: usize,
    },
    /// A text could not be read as placements; `line` is 1-based.
    #[error("line {line}: {message}")]
    Parse {
        /// The 1-based line where the problem was found.
        line: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// More rows were given to start a search from than the board has.
    #[error("{rows} rows were given for a board of {n} rows")]
    PrefixTooLong {
        /// How many rows were given.
        rows: usize,
        /// The board size.
        n: usize,
    },
    /// Reading the input failed; the I/O error is the [source](std::error::Error::source).
    #[error("cannot read the input")]
    Io(#[source] Cause),
    /// Writing the output failed; the I/O error is the
    /// [source](std::error::Error::source).
    #[error("cannot write the output")]
    Output(#[source] Cause),
    /// A count was given less memory than
    /// [`COUNT_MIN_MEMORY`](crate::limits::COUNT_MIN_MEMORY) or more than
    /// [`COUNT_MAX_MEMORY`](crate::limits::COUNT_MAX_MEMORY).
    #[error(
        "a count's memory of {bytes} bytes is out of range: from {min} bytes (256 MiB) to {max} (64 TiB)"
    )]
    Memory {
        /// The memory asked for.
        bytes: u64,
        /// The least allowed.
        min: u64,
        /// The most allowed.
        max: u64,
    },
    /// More threads were asked for than [`MAX_THREADS`](crate::limits::MAX_THREADS).
    #[error("{threads} threads asked for: at most {max}")]
    TooManyThreads {
        /// The number asked for.
        threads: usize,
        /// The limit.
        max: usize,
    },
    /// A plan would have more units than [`PLAN_MAX_UNITS`](crate::limits::PLAN_MAX_UNITS).
    #[error(
        "splitting n = {n} into units of {sets_per_unit} column sets makes more than {max} units"
    )]
    TooManyUnits {
        /// The board size.
        n: usize,
        /// The column sets each unit would join.
        sets_per_unit: usize,
        /// The limit.
        max: usize,
    },
    /// Shares that cannot be a whole board's: their classes do not come out whole. Only
    /// shares read back from damaged or edited files make it.
    #[error("the shares counted for n = {n} do not add up to whole classes of solutions")]
    NotWhole {
        /// The board size.
        n: usize,
    },
    /// The worker threads could not be started; why is the
    /// [source](std::error::Error::source).
    #[error("cannot start the worker threads")]
    Threads(#[source] Cause),
    /// Listing or counting completions where the search is not exact: above
    /// [`MAX_N`](crate::limits::MAX_N) queens with more than `MAX_N` rows lacking a given queen.
    #[error(
        "n = {n} with {open} rows open is too large to list or count completions: at most {max} queens, or at most {max} rows without a given queen"
    )]
    NotExact {
        /// The board size.
        n: usize,
        /// The rows without a given queen.
        open: usize,
        /// The largest exact board, and the most open rows an exact search takes.
        max: usize,
    },
    /// A search that cannot be split into shares: only the bitboard search, up to
    /// [`MAX_N`](crate::limits::MAX_N) queens, is cut the same way on every machine.
    #[error(
        "the search of n = {n} cannot be split into shares: only boards of up to {max} queens can be"
    )]
    CannotSplit {
        /// The board size.
        n: usize,
        /// The largest board that can be split.
        max: usize,
    },
    /// The rows given to start a search from already break the rules.
    #[error("the given rows are not a valid partial placement: {0}")]
    InvalidPrefix(Conflict),
    /// A share of a split search that does not exist.
    #[error("{}", no_such_share(*.index, *.of))]
    NoSuchShare {
        /// The share asked for.
        index: usize,
        /// How many shares there are.
        of: usize,
    },
    /// The work was stopped through a [`Cancel`](crate::Cancel) handle before it finished.
    #[error("cancelled before it finished")]
    Cancelled,
    /// An estimate asked for more samples than its plan has units to sample (none, for a
    /// board small enough to be counted as one unit).
    #[error("{}", samples_message(*.samples, *.n, *.units))]
    Samples {
        /// The samples asked for.
        samples: usize,
        /// The board size.
        n: usize,
        /// The plan's units that can be sampled.
        units: usize,
    },
    /// The givens of a completion problem already break the rules.
    #[error("{0}")]
    Givens(crate::complete::GivenConflict),
    /// An answer given to the lexicographic walk
    /// ([`LexWalk::next_solution_asking`](crate::LexWalk::next_solution_asking)) is not a
    /// solution that starts with the prefix asked about.
    #[error("the completion given for the prefix {prefix:?} is not a solution that starts with it")]
    NotACompletion {
        /// The prefix asked about.
        prefix: Vec<u32>,
    },
    /// A saved [`Progress`](crate::complete::Progress) that does not fit the search it was
    /// given to: of another problem or share, or made by another version of this crate.
    #[error("the saved progress does not fit this search: {0}")]
    Progress(String),
}

/// Whose an [`Error`] is, for a front end's exit code or exception: one place decides it,
/// so that a new kind of error is classified where it is made, not guessed at by each
/// front end.
///
/// ```
/// use queens::ErrorKind;
///
/// assert_eq!(queens::Solutions::new(65).unwrap_err().kind(), ErrorKind::Usage);
/// assert_eq!(queens::parse_placements("[0,]").unwrap_err().kind(), ErrorKind::Usage);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// What was asked for is not allowed, or the input is not what it must be: the
    /// caller's to change.
    Usage,
    /// Reading the input or writing the output failed while doing the work.
    Io,
    /// The machine failed: threads that cannot be started.
    System,
    /// The work was stopped through a [`Cancel`](crate::Cancel) handle.
    Cancelled,
}

impl Error {
    /// Whose the error is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Io(_) | Error::Output(_) => ErrorKind::Io,
            Error::Threads(_) => ErrorKind::System,
            Error::Cancelled => ErrorKind::Cancelled,
            Error::TooLarge { .. }
            | Error::Parse { .. }
            | Error::PrefixTooLong { .. }
            | Error::TooManyThreads { .. }
            | Error::Memory { .. }
            | Error::TooManyUnits { .. }
            | Error::NotWhole { .. }
            | Error::NotExact { .. }
            | Error::CannotSplit { .. }
            | Error::InvalidPrefix(_)
            | Error::NoSuchShare { .. }
            | Error::Samples { .. }
            | Error::Givens(_)
            | Error::NotACompletion { .. }
            | Error::Progress(_) => ErrorKind::Usage,
        }
    }

    pub(crate) fn parse(line: usize, message: impl Into<String>) -> Self {
        Error::Parse {
            line,
            message: message.into(),
        }
    }
}

/// The message of [`Error::NoSuchShare`], worded for one share as for several.
fn no_such_share(index: usize, of: usize) -> String {
    match of {
        0 => format!("share {index} does not exist: there are no shares"),
        1 => format!("share {index} does not exist: with one share there is only share 0"),
        _ => format!(
            "share {index} does not exist: the shares of {of} are numbered 0 to {}",
            of - 1
        ),
    }
}

fn samples_message(samples: usize, n: usize, units: usize) -> String {
    match units {
        0 => format!(
            "n = {n} is counted as one unit, with nothing to sample: estimates are for boards of {} queens or more",
            crate::counting::SPLIT_MIN_N
        ),
        1 => format!(
            "{samples} samples asked of n = {n}, whose plan has 1 unit to sample: ask for 1"
        ),
        _ => format!(
            "{samples} samples asked of n = {n}, whose plan has {units} units to sample: ask for 1 to {units}"
        ),
    }
}

/// The error beneath an [`Error`], kept as its source: shared, so that [`Error`] stays
/// `Clone`, and compared by its message, so that it stays `Eq`.
#[derive(Debug, Clone)]
pub struct Cause(std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl Cause {
    pub(crate) fn new(e: impl std::error::Error + Send + Sync + 'static) -> Self {
        Cause(std::sync::Arc::new(e))
    }
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Cause {}
