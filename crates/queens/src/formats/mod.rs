//! Every format placements are written and read in, and the readers of completion
//! problems.
//!
//! Data flows one way through each file: [`Format`] (here) names a text format;
//! [`render`] writes placements in it ([`SolutionWriter`](crate::SolutionWriter) streams
//! them to any `impl Write`); [`svg`] draws them as a [`Picture`](crate::Picture);
//! [`parse`] reads any text format back, detecting which ([`parse_placements`](crate::parse_placements));
//! [`stream`] holds the one grammar of column arrays and verifies them from a reader at any
//! size ([`verify_columns`](crate::verify_columns)); [`completion`] reads completion
//! problems: partial boards and the published benchmarks' parameter files
//! ([`parse_completion`](crate::parse_completion)).

pub(crate) mod completion;
pub(crate) mod export;
pub(crate) mod lines;
pub(crate) mod parse;
pub(crate) mod render;
pub(crate) mod stream;
pub(crate) mod svg;

use std::fmt;
use std::str::FromStr;

/// An output format for solutions; each is read back by [`parse_placements`](crate::parse_placements).
///
/// For n = 4's first solution, `[1, 3, 0, 2]`:
///
/// | format | output |
/// |---|---|
/// | `board` | `.Q..` / `...Q` / `Q...` / `..Q.` on four lines, a blank line between solutions |
/// | `line` | `.Q.. ...Q Q... ..Q.` |
/// | `columns` | `[1, 3, 0, 2]` |
/// | `leetcode` | `[[".Q..","...Q","Q...","..Q."]]`: all solutions as one JSON array of boards |
/// | `json` | `{"n":4,"index":0,"columns":[1,3,0,2]}`: JSON Lines, one object per solution |
/// | `unicode` | a framed, chequered grid with `♛` for the queens |
///
/// ```
/// use queens::Format;
///
/// assert_eq!("leetcode".parse::<Format>(), Ok(Format::Leetcode));
/// assert_eq!(Format::Columns.to_string(), "columns");
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// One row per line, `Q` and `.`; a blank line between solutions.
    #[default]
    Board,
    /// One solution per line, its rows separated by single spaces.
    Line,
    /// One solution per line as the column array `[1, 3, 0, 2]`.
    Columns,
    /// All solutions as one JSON array of boards, each an array of row strings (LeetCode 51).
    Leetcode,
    /// JSON Lines: `{"n":4,"index":0,"columns":[1,3,0,2]}`.
    Json,
    /// A framed, chequered grid for people, with `♛` for the queens.
    Unicode,
}

impl Format {
    /// Every format, in the order they are documented.
    pub const ALL: [Format; 6] = [
        Format::Board,
        Format::Line,
        Format::Columns,
        Format::Leetcode,
        Format::Json,
        Format::Unicode,
    ];

    /// The format's name, as accepted by [`FromStr`].
    ///
    /// ```
    /// assert_eq!(queens::Format::Json.name(), "json");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Board => "board",
            Format::Line => "line",
            Format::Columns => "columns",
            Format::Leetcode => "leetcode",
            Format::Json => "json",
            Format::Unicode => "unicode",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown format name.
///
/// ```
/// let err = "xml".parse::<queens::Format>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown format 'xml' (expected one of: board, line, columns, leetcode, json, unicode)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format '{0}' (expected one of: board, line, columns, leetcode, json, unicode)")]
pub struct UnknownFormat(String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownFormat(s.to_owned()))
    }
}
