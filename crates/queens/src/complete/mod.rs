//! Completion problems: finish a partly filled board, with squares and whole diagonals
//! closed.
//!
//! One builder, [`Completion`], covers the three problems of the
//! n-queens completion family: n-queens completion (some queens given), blocked n-queens
//! (some squares closed) and the Excluded Diagonals Problem (some diagonals closed), after
//! Gent, Jefferson and Nightingale, "Complexity of n-Queens Completion" (JAIR 59, 2017),
//! which shows them NP-complete. Around it, this module holds:
//!
//! - [`Completions`], every completion in lexicographic order, and [`GivenConflict`], what
//!   is wrong with a problem before any search;
//! - [`parse_completion`] and its kin, the readers of the published formats (partial
//!   boards, the benchmarks' parameter files);
//! - [`export`], the problem in another solver's language (DIMACS, MiniZinc, Essence'),
//!   and [`parse_solver_answer`], that solver's answer read back;
//! - [`excluded_diagonals`], random Excluded Diagonals instances ([`ExcludedDiagonals`]).
//!
//! Inside, the builder (`problem.rs`) chooses the engine: up to
//! [`MAX_N`](crate::limits::MAX_N) queens, or above with at most that many rows open, an
//! exact search; otherwise local search, which can only find a completion. `givens.rs`
//! holds the closed diagonals and the conflicts found before any search; `grid.rs` the
//! bitboard board (rows, columns and diagonals as masks) and its tightest-line rule;
//! `search.rs` the search for one completion on it, split into subtrees for the threads
//! and the shares, and `progress.rs` where such a search stands, to resume it; `sparse.rs` the open board of a large problem with few rows open,
//! searched the same way; `walk.rs` lists every completion on either board; `local.rs` is
//! the local search; `puzzle.rs` draws the random instances. The readers and writers of
//! the formats live with the other formats, in `formats/`.

pub(crate) mod givens;
mod grid;
// The eight-lane scan is AVX-512 code: elsewhere the portable scan is the only one.
#[cfg(target_arch = "x86_64")]
mod lanes;
mod local;
mod numbers;
pub(crate) mod problem;
mod progress;
mod puzzle;
mod search;
mod sparse;
mod walk;

pub(crate) use givens::Diagonal;
pub use givens::GivenConflict;
pub(crate) use problem::{Completion, Outcome};
pub use progress::{Checkpoint, Progress};
pub use puzzle::{ExcludedDiagonals, excluded_diagonals};
pub use walk::Completions;

pub use crate::formats::completion::{
    check_completion_start, parse_completion, parse_completion_from,
};
pub use crate::formats::export::{
    Export, NotCompletion, SolverAnswer, export, parse_solver_answer, parse_solver_answer_from,
};
