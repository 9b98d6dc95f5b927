//! [`Format`], the text formats, from one table of their names, help and kinds.

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

/// The table of formats: every fact about a format is a column here, and everything
/// else (the names [`FromStr`] accepts, the error listing them, the command's help, which
/// formats draw the board) is read from it, so a new format is one row.
struct Row {
    format: Format,
    name: &'static str,
    help: &'static str,
    /// Whether a solution takes about `n²` characters: a drawing of the board.
    drawn: bool,
}

const TABLE: [Row; 6] = [
    Row {
        format: Format::Board,
        name: "board",
        help: "one row per line, Q and ., a blank line between solutions",
        drawn: true,
    },
    Row {
        format: Format::Line,
        name: "line",
        help: "one solution per line: .Q.. ...Q Q... ..Q.",
        drawn: true,
    },
    Row {
        format: Format::Columns,
        name: "columns",
        help: "one column array per line: [1, 3, 0, 2]",
        drawn: false,
    },
    Row {
        format: Format::Leetcode,
        name: "leetcode",
        help: "one JSON array of boards, as LeetCode's solveNQueens returns",
        drawn: true,
    },
    Row {
        format: Format::Json,
        name: "json",
        help: "JSON Lines: {\"n\":4,\"index\":0,\"columns\":[1,3,0,2]}",
        drawn: false,
    },
    Row {
        format: Format::Unicode,
        name: "unicode",
        help: "a framed, chequered grid with ♛ for the queens",
        drawn: true,
    },
];

impl Format {
    /// Every format, in the order they are documented.
    pub const ALL: [Format; TABLE.len()] = {
        let mut all = [Format::Board; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].format;
            i += 1;
        }
        all
    };

    fn row(self) -> &'static Row {
        TABLE
            .iter()
            .find(|row| row.format == self)
            .expect("every format has a row in the table")
    }

    /// The format's name, as accepted by [`FromStr`].
    ///
    /// ```
    /// assert_eq!(queens::Format::Json.name(), "json");
    /// ```
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// What the format looks like, in one line (the command's `--help`).
    ///
    /// ```
    /// assert_eq!(queens::Format::Columns.help(), "one column array per line: [1, 3, 0, 2]");
    /// ```
    pub fn help(self) -> &'static str {
        self.row().help
    }

    /// Whether a solution in this format draws the board, about `n²` characters, rather
    /// than listing its `n` columns.
    ///
    /// ```
    /// assert!(queens::Format::Board.is_drawn());
    /// assert!(!queens::Format::Json.is_drawn());
    /// ```
    pub fn is_drawn(self) -> bool {
        self.row().drawn
    }

    /// The format an input is written in, told from its first non-blank character and,
    /// when that is `[`, the next non-blank one (`None` at the end of the input): `[[`
    /// and `["` open a LeetCode array, `[` otherwise and a digit begin column arrays, `{`
    /// JSON Lines, `╔` the framed grid. Anything else is a drawn board, and
    /// [`Format::Board`] stands for both drawn layouts, one row per line or a solution
    /// per line, which are told apart line by line.
    ///
    /// ```
    /// use queens::Format;
    ///
    /// assert_eq!(Format::recognise('[', Some('[')), Format::Leetcode);
    /// assert_eq!(Format::recognise('[', Some('1')), Format::Columns);
    /// assert_eq!(Format::recognise('[', Some(']')), Format::Columns); // the empty board
    /// assert_eq!(Format::recognise('7', None), Format::Columns);
    /// assert_eq!(Format::recognise('.', None), Format::Board);
    /// ```
    pub fn recognise(first: char, after_bracket: Option<char>) -> Format {
        match first {
            '[' if matches!(after_bracket, Some('[' | '"')) => Format::Leetcode,
            '[' | '0'..='9' => Format::Columns,
            '{' => Format::Json,
            '╔' => Format::Unicode,
            _ => Format::Board,
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormat(String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = TABLE.iter().map(|row| row.name).collect();
        write!(
            f,
            "unknown format '{}' (expected one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TABLE
            .iter()
            .find(|row| row.name == s)
            .map(|row| row.format)
            .ok_or_else(|| UnknownFormat(s.to_owned()))
    }
}
