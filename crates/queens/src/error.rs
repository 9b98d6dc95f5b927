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
    /// Reading the input failed.
    #[error("cannot read the input: {0}")]
    Io(String),
    /// More threads were asked for than [`MAX_THREADS`](crate::limits::MAX_THREADS).
    #[error("{threads} threads asked for: at most {max}")]
    TooManyThreads {
        /// The number asked for.
        threads: usize,
        /// The limit.
        max: usize,
    },
    /// A plan would have more units than [`PLAN_MAX_UNITS`](crate::limits::PLAN_MAX_UNITS).
    #[error("splitting n = {n} by its first {prefix_rows} rows makes more than {max} units")]
    TooManyUnits {
        /// The board size.
        n: usize,
        /// The rows each unit would fix.
        prefix_rows: usize,
        /// The limit.
        max: usize,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// The rows given to start a search from already break the rules.
    #[error("the given rows are not a valid partial placement: {0}")]
    InvalidPrefix(Conflict),
    /// A share of a split search that does not exist.
    #[error("share {index} does not exist: the shares of {of} are numbered 0 to {}", of - 1)]
    NoSuchShare {
        /// The share asked for.
        index: usize,
        /// How many shares there are.
        of: usize,
    },
    /// The givens of a completion problem already break the rules.
    #[error("{0}")]
    Givens(crate::GivenConflict),
}

impl Error {
    pub(crate) fn parse(line: usize, message: impl Into<String>) -> Self {
        Error::Parse {
            line,
            message: message.into(),
        }
    }
}
