//! # queens
//!
//! The n-queens puzzle: place `n` queens on an `n × n` board so that no two share a row,
//! a column or a diagonal. This crate finds, counts, checks, reads and writes its
//! solutions; it does no I/O of its own beyond writing to the `impl Write` you hand it.
//!
//! A solution is a [`Placement`]: row `r` holds a queen in column `columns()[r]`.
//!
//! ## Solve: every solution, lazily, in lexicographic order
//!
//! ```
//! use queens::{Format, Solutions, SolutionWriter};
//!
//! let first = Solutions::new(8)?.next().unwrap();
//! assert_eq!(first.columns(), &[0, 4, 7, 5, 2, 6, 1, 3]);
//!
//! // Stream them in any format, as `nqueens solve 4 --format columns` does.
//! let mut out = SolutionWriter::new(Vec::new(), Format::Columns);
//! let mut solutions = Solutions::new(4)?;
//! while let Some(columns) = solutions.next_columns() {
//!     out.write(columns)?;
//! }
//! assert_eq!(out.finish()?, b"[1, 3, 0, 2]\n[2, 0, 3, 1]\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Count
//!
//! The [`Counter`] runs the [`plan`](counting::plan)'s deterministic list of independent work
//! units, each a meet in the middle: it joins the top and bottom halves of the board that
//! stand on one range of column sets. The same units survive kills and are shared out
//! between machines. A count gives the total, the count up to symmetry and the class
//! breakdown.
//!
//! ```
//! assert_eq!(queens::count(10)?, 724);
//! let counts = queens::Counter::new().count(12)?;
//! assert_eq!((counts.total, counts.unique(), counts.classes_of_2), (14200, 1787, 4));
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! ## Verify: read placements in any format and check them in O(n)
//!
//! ```
//! use queens::{parse_placements, validate};
//!
//! let input = ".Q..\n...Q\nQ...\n..Q.\n\nQ...\n..Q.\n....\n.Q..\n";
//! let verdicts: Vec<String> = parse_placements(input)?
//!     .into_iter()
//!     .map(|p| match p.placement.and_then(|p| p.validate()) {
//!         Ok(()) => "ok".to_string(),
//!         Err(conflict) => conflict.to_string(),
//!     })
//!     .collect();
//! assert_eq!(verdicts, ["ok", "row 2 has no queen"]);
//! assert!(validate(&[1, 3, 0, 2]).is_ok());
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! ## Complete a partial board
//!
//! ```
//! use queens::{Completion, Diagonal, Outcome};
//!
//! // Nauck's puzzle (1850): queens on b4 and d5 of an 8×8 board have two completions.
//! let nauck = Completion::new(8).queen(4, 1).queen(3, 3);
//! assert_eq!(nauck.count()?, 2);
//!
//! // Closed squares and whole diagonals, as in blocked n-queens and Excluded Diagonals.
//! let closed = Completion::new(8).block(0, 0).exclude(Diagonal::Sum(7));
//! assert!(matches!(closed.find(None)?, Outcome::Completed(_)));
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! [`Trace`] replays the textbook backtracking search one event at a time, for teaching.
//!
//! ## Where the rest is
//!
//! The root holds what most programs need. Every other item has one path, in a module
//! that opens with an overview of its types:
//!
//! - [`counting`]: the [`Plan`](counting::Plan) of work units a count runs (for
//!   checkpoints and shards), the [`Share`](counting::Share)s they add up to, and the
//!   solutions found by counting: [`nth_solution`](counting::nth_solution),
//!   [`uniform_solution`](counting::uniform_solution);
//! - [`complete`]: every completion, the published completion formats, exports for other
//!   solvers and their answers, random Excluded Diagonals instances;
//! - [`formats`]: streaming readers, the verifier of column arrays at any size, SVG
//!   pictures;
//! - [`symmetry`]: the eight symmetries of the board and canonical forms;
//! - [`limits`]: every limit the library enforces, with its reason;
//! - [`reference`](mod@reference): the slow, obviously correct solver the tests compare against.
//!
//! ## Features
//!
//! - `parallel` (on by default): counts, ranks and completion searches run on every core
//!   with rayon. Without it they run on the calling thread, with the same answers; the
//!   WebAssembly page builds so, as a browser gives it no threads.
//! - `serde` (on by default): `Serialize` and `Deserialize` for [`Tally`] and
//!   [`Share`](counting::Share), in the form `nqueens count --json` prints.
#![deny(missing_docs)]

mod bitboard;
mod board;
mod cancel;
pub mod complete;
mod construct;
pub mod counting;
mod cpu;
mod enumerate;
mod error;
pub mod formats;
pub mod limits;
mod minconflicts;
mod random;
pub mod reference;
pub mod symmetry;
mod threads;
mod trace;

pub use board::{Conflict, Placement, conflicts, count_conflicts, validate, validate_rows};
pub use cancel::Cancel;
pub use complete::givens::Diagonal;
pub use complete::problem::{Completion, Outcome};
pub use construct::{Construction, construct};
pub use counting::counter::{Counter, count};
pub use counting::tally::Tally;
pub use enumerate::{CheckError, FirstProof, LexWalk, ProofFlaw, Solutions, UniqueSolutions};
pub use error::{Cause, Error, ErrorKind};
pub use formats::format::Format;
pub use formats::parse::parse_placements;
pub use formats::render::SolutionWriter;
pub use random::{LOCAL_SEARCH_MIN_N, random_solution};
pub use trace::{Event, Trace};

/// The README's examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
