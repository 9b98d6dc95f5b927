//! Reading placements back from any [`Format`](crate::Format), detecting which one it is.

use std::str::FromStr;

use super::render::{DARK, QUEEN};
use super::stream::{LineEnd, read_column_line};
use crate::limits::excerpt_quotes;
use crate::{Conflict, Error, Placement};

/// One placement read from a text: where it starts, and its columns, or why it is not a
/// placement of one queen per row (a drawn board can have a row with none, or with two).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The 1-based line where the placement starts.
    pub line: usize,
    /// The placement, or the row whose queen count is not one.
    pub placement: Result<Placement, Conflict>,
}

/// Reads every placement in `text`, detecting its format from the first character:
///
/// - `Q` or `.`: boards (`board` format, blank lines between boards) or one board per line
///   (`line` format, rows separated by spaces; trailing spaces are ignored);
/// - `[` or a digit: column arrays, one per line, in brackets or bare (`[1, 3, 0, 2]`,
///   `[1 3 0 2]`, `1 3 0 2`, `1,3,0,2`), read exactly as [`verify_columns`](crate::verify_columns)
///   reads them; or, when the text starts with `[[` or `["`, or is exactly `[]`, one
///   LeetCode JSON array of boards;
/// - `{`: JSON Lines with a `columns` array (and, optionally, `n` that must match);
/// - `╔`: the `unicode` format's framed grids.
///
/// Blank input holds no placement. Only structure is checked here; whether a placement
/// is a solution is [`validate`](crate::validate)'s job.
///
/// ```
/// use queens::{parse_placements, Conflict};
///
/// let boards = parse_placements(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n....\n.Q..\n")?;
/// assert_eq!(boards[0].placement.as_ref().unwrap().columns(), &[1, 3, 0, 2]);
/// assert_eq!((boards[1].line, boards[1].placement.clone()), (6, Err(Conflict::RowQueens { row: 2, queens: 0 })));
///
/// let lines = parse_placements("[1, 3, 0, 2]\n2 0 3 1\n[0,]\n").unwrap_err();
/// assert_eq!(lines.to_string(), "line 3: a comma with no column after it, before ']'");
/// # Ok::<(), queens::Error>(())
/// ```
pub fn parse_placements(text: &str) -> Result<Vec<Parsed>, Error> {
    check_placements_start(text)?;
    let trimmed = text.trim_start();
    match trimmed.chars().next() {
        None => Ok(Vec::new()),
        Some('Q' | '.') => parse_boards(text),
        Some('[') if is_leetcode(trimmed) => parse_leetcode(text),
        Some('[' | '0'..='9') => parse_column_lines(text),
        Some('{') => parse_lines(text, parse_json_line),
        _ => parse_unicode(text),
    }
}

/// Checks that the first non-blank character of `text` starts a format
/// [`parse_placements`] reads, giving the error it would give otherwise: so that a reader
/// can refuse an input from its first bytes, before reading the rest.
///
/// ```
/// assert!(queens::check_placements_start("\n  [1, 3").is_ok());
/// assert!(queens::check_placements_start("   ").is_ok());
/// let e = queens::check_placements_start("\n\0\0\0").unwrap_err();
/// assert!(e.to_string().starts_with("line 2: cannot tell the format from '\\0'"));
/// ```
pub fn check_placements_start(text: &str) -> Result<(), Error> {
    let trimmed = text.trim_start();
    match trimmed.chars().next() {
        None | Some('Q' | '.' | '[' | '0'..='9' | '{' | '╔') => Ok(()),
        Some(other) => Err(Error::parse(
            line_of(text, text.len() - trimmed.len()),
            format!(
                "cannot tell the format from {other:?}: expected a board of 'Q' and '.', a column array like [1, 3, 0, 2], LeetCode JSON or JSON Lines"
            ),
        )),
    }
}

impl FromStr for Placement {
    type Err = Error;

    /// Parses exactly one placement in any format [`parse_placements`] reads.
    ///
    /// ```
    /// let p: queens::Placement = "[1, 3, 0, 2]".parse()?;
    /// assert_eq!(p.columns(), &[1, 3, 0, 2]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Error> {
        let mut all = parse_placements(s)?;
        if all.len() != 1 {
            return Err(Error::parse(
                1,
                format!("expected one placement, found {}", all.len()),
            ));
        }
        let parsed = all.remove(0);
        parsed
            .placement
            .map_err(|conflict| Error::parse(parsed.line, conflict.to_string()))
    }
}

/// The 1-based line of byte offset `at`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at].bytes().filter(|&b| b == b'\n').count() + 1
}

fn is_leetcode(trimmed: &str) -> bool {
    let inner = trimmed[1..].trim_start();
    inner.starts_with('[')
        || inner.starts_with('"')
        || (inner.starts_with(']') && inner[1..].trim().is_empty())
}

/// Numbered non-blank lines, each trimmed.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
}

/// One placement per non-blank line.
fn parse_lines(
    text: &str,
    parse: fn(&str) -> Result<Vec<u32>, String>,
) -> Result<Vec<Parsed>, Error> {
    numbered_lines(text)
        .map(|(line, l)| {
            let columns = parse(l).map_err(|message| Error::parse(line, message))?;
            Ok(Parsed {
                line,
                placement: Ok(Placement::new(columns)),
            })
        })
        .collect()
}

/// Column arrays, one per line, in the grammar every reader of the format shares.
fn parse_column_lines(text: &str) -> Result<Vec<Parsed>, Error> {
    let mut input = text.as_bytes();
    let mut all = Vec::new();
    for line in 1.. {
        let mut columns = Vec::new();
        match read_column_line(&mut input, line, |c| columns.push(c))?.0 {
            LineEnd::Eof => break,
            LineEnd::Blank => {}
            LineEnd::Placement => all.push(Parsed {
                line,
                placement: Ok(Placement::new(columns)),
            }),
        }
    }
    Ok(all)
}

/// One line of the `json` format; unknown fields are refused so that a typo is not ignored.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonLine {
    n: Option<usize>,
    #[serde(rename = "index")]
    _index: Option<u64>,
    columns: Vec<u32>,
}

fn parse_json_line(line: &str) -> Result<Vec<u32>, String> {
    let object: JsonLine = serde_json::from_str(line).map_err(|e| {
        format!(
            "not a JSON object with a \"columns\" array of column numbers: {}",
            json_message(&e)
        )
    })?;
    match object.n {
        Some(n) if n != object.columns.len() => Err(format!(
            "\"n\" is {n} but \"columns\" has {} entries",
            object.columns.len()
        )),
        _ => Ok(object.columns),
    }
}

/// serde_json's message without its position, which the caller reports as a line, and
/// cut short where it quotes the input.
fn json_message(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let head = match message.rsplit_once(" at line ") {
        Some((head, _)) => head,
        None => &message,
    };
    excerpt_quotes(head)
}

fn parse_leetcode(text: &str) -> Result<Vec<Parsed>, Error> {
    let boards: Vec<Vec<String>> = serde_json::from_str(text).map_err(|e| {
        Error::parse(
            e.line().max(1),
            format!("not a LeetCode JSON array of boards: {}", json_message(&e)),
        )
    })?;
    boards
        .iter()
        .map(|rows| {
            let placement = drawn_board(rows.iter().map(|r| (1, r.as_str())))?;
            Ok(Parsed { line: 1, placement })
        })
        .collect()
}

/// Boards of `Q` and `.`: one board per line with rows separated by spaces, or one row per
/// line with blank lines between boards.
fn parse_boards(text: &str) -> Result<Vec<Parsed>, Error> {
    // A 1×1 board reads the same either way, and lines of "Q" can only be 1×1 boards.
    let one_per_line = numbered_lines(text)
        .next()
        .is_some_and(|(_, l)| l.contains(char::is_whitespace) || l.chars().count() == 1);
    if one_per_line {
        return numbered_lines(text)
            .map(|(line, l)| {
                let placement = drawn_board(l.split_whitespace().map(|r| (line, r)))?;
                Ok(Parsed { line, placement })
            })
            .collect();
    }
    blocks(text)
        .into_iter()
        .map(|block| {
            let line = block[0].0;
            let placement = drawn_board(block.into_iter())?;
            Ok(Parsed { line, placement })
        })
        .collect()
}

/// Groups non-blank lines into blocks separated by blank lines.
fn blocks(text: &str) -> Vec<Vec<(usize, &str)>> {
    let mut all = Vec::new();
    let mut block = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() {
            if !block.is_empty() {
                all.push(std::mem::take(&mut block));
            }
        } else {
            block.push((i + 1, l));
        }
    }
    if !block.is_empty() {
        all.push(block);
    }
    all
}

/// One drawn row: whether each square holds a queen.
type RowSquares = Vec<bool>;

/// Turns a square board's rows into columns; a row without exactly one queen makes the
/// placement a [`Conflict::RowQueens`], a board that is not square an error.
fn board_columns(rows: Vec<(usize, RowSquares)>) -> Result<Result<Placement, Conflict>, Error> {
    let n = rows.len();
    let mut columns = Vec::with_capacity(n);
    let mut bad_row = None;
    for (row, (line, cells)) in rows.into_iter().enumerate() {
        if cells.len() != n {
            return Err(Error::parse(
                line,
                format!(
                    "a board row of width {} in a board of {n} rows: a board must be square",
                    cells.len()
                ),
            ));
        }
        let queens = cells.iter().filter(|&&q| q).count();
        match cells.iter().position(|&q| q) {
            Some(c) if queens == 1 => columns.push(c as u32),
            _ => {
                bad_row.get_or_insert(Conflict::RowQueens { row, queens });
            }
        }
    }
    Ok(match bad_row {
        Some(conflict) => Err(conflict),
        None => Ok(Placement::new(columns)),
    })
}

/// Reads `Q`/`.` rows, each with its line number, and turns them into a placement.
fn drawn_board<'a>(
    rows: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Result<Placement, Conflict>, Error> {
    let rows = rows
        .map(|(line, row)| Ok((line, row_queen(line, row)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    board_columns(rows)
}

fn row_queen(line: usize, row: &str) -> Result<RowSquares, Error> {
    row.chars()
        .map(|c| match c {
            'Q' => Ok(true),
            '.' => Ok(false),
            other => Err(Error::parse(
                line,
                format!("unexpected {other:?} in a board row: boards use 'Q' for a queen and '.' for an empty square"),
            )),
        })
        .collect()
}

/// The `unicode` format: frames of `╔═╗`, rows `║ … ║` of three-character squares.
fn parse_unicode(text: &str) -> Result<Vec<Parsed>, Error> {
    let mut all = Vec::new();
    for block in blocks(text) {
        let mut rows = Vec::new();
        let mut start = None;
        for &(line, l) in &block {
            match l.chars().next() {
                Some('╔') => {
                    frame_width(line, l, '╔', '╗')?;
                    start = Some(line);
                }
                Some('║') => rows.push((line, unicode_row(line, l)?)),
                Some('╚') => {
                    let width = frame_width(line, l, '╚', '╝')?;
                    let top = start.take().ok_or_else(|| {
                        Error::parse(line, "a board's bottom edge '╚' without its top edge '╔'")
                    })?;
                    if width != 3 * rows.len() {
                        return Err(Error::parse(
                            line,
                            format!(
                                "the frame is {width} characters wide, but the board has {} rows of 3-character squares",
                                rows.len()
                            ),
                        ));
                    }
                    let line = top;
                    let placement = board_columns(std::mem::take(&mut rows))?;
                    all.push(Parsed { line, placement });
                }
                _ => {
                    return Err(Error::parse(
                        line,
                        "expected a line of a framed board, starting with '╔', '║' or '╚'",
                    ));
                }
            }
        }
        if let Some(line) = start {
            return Err(Error::parse(line, "a board with no bottom edge '╚'"));
        }
    }
    Ok(all)
}

/// Checks a frame edge `left═…═right`, returning how many `═` it has.
fn frame_width(line: usize, edge: &str, left: char, right: char) -> Result<usize, Error> {
    edge.strip_prefix(left)
        .and_then(|e| e.strip_suffix(right))
        .filter(|inner| inner.chars().all(|c| c == '═'))
        .map(|inner| inner.chars().count())
        .ok_or_else(|| {
            Error::parse(
                line,
                format!("a frame edge is '{left}', then '═' only, then '{right}'"),
            )
        })
}

fn unicode_row(line: usize, row: &str) -> Result<RowSquares, Error> {
    let inner: Vec<char> = row
        .strip_prefix('║')
        .and_then(|r| r.strip_suffix('║'))
        .ok_or_else(|| Error::parse(line, "a board row must start and end with '║'"))?
        .chars()
        .collect();
    if !inner.len().is_multiple_of(3) || inner.iter().any(|&c| ![' ', DARK, QUEEN].contains(&c)) {
        return Err(Error::parse(
            line,
            format!("a board row is squares three characters wide of ' ', '{DARK}' and '{QUEEN}'"),
        ));
    }
    Ok(inner.chunks(3).map(|sq| sq.contains(&QUEEN)).collect())
}
