//! The formats placements are written and read in, beyond the headline
//! [`Format`](crate::Format), [`SolutionWriter`](crate::SolutionWriter) and
//! [`parse_placements`](crate::parse_placements):
//!
//! - [`render`], a whole list of placements as one text;
//! - [`read_placements`], the streaming reader behind `parse_placements`, for inputs of
//!   any length ([`Placements`] of [`Parsed`] items), and [`check_placements_start`],
//!   its check of the first bytes;
//! - [`verify_columns`], the check of column arrays straight from a reader at any size,
//!   with one [`Verdict`] per array ([`ColumnVerdicts`]);
//! - [`Picture`], a placement drawn as SVG;
//! - [`UnknownFormat`], the error of a format name that is not one.
//!
//! Data flows one way through each file: `format.rs` names the text formats, from one
//! table; `render.rs` writes placements in them; `svg.rs` draws them; `parse.rs` reads any
//! text format back, detecting which; `stream.rs` holds the one grammar of column arrays;
//! `lines.rs` the line reader under both. `completion.rs` and `export.rs` read and write
//! completion problems, published from [`crate::complete`].

pub(crate) mod completion;
pub(crate) mod export;
pub(crate) mod format;
pub(crate) mod lines;
pub(crate) mod parse;
mod pieces;
pub(crate) mod render;
pub(crate) mod stream;
pub(crate) mod svg;

pub use format::UnknownFormat;
pub use parse::{Parsed, Placements, check_placements_start, read_placements};
pub use render::render;
pub use stream::{ColumnVerdicts, Verdict, verify_columns, verify_columns_seekable};
pub use svg::{MAX_CONFLICT_LINES, MIN_PIXELS, Picture, QUEEN_PATH, SQUARE_PIXELS, problem_svg};
