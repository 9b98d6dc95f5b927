//! Reading placements back from any [`Format`](crate::Format), detecting which one it is,
//! from a text or streamed from a reader.

use std::collections::VecDeque;
use std::io::{self, BufRead, Cursor, Read};
use std::str::FromStr;

use serde::de::{self, Deserializer as _, SeqAccess, Visitor};

use super::lines::{TextLines, io_error, line_of, offset_of};
use super::render::{DARK, QUEEN};
use super::stream::{LineEnd, read_column_line};
use crate::limits::{INPUT_MAX_BYTES, excerpt_quotes};
use crate::{Conflict, Error, Format, Placement};

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
///   `[1 3 0 2]`, `1 3 0 2`, `1,3,0,2`, and `[]`, the empty board), read exactly as
///   [`verify_columns`](crate::formats::verify_columns) reads them; or, when the text starts with
///   `[[` or `["` (white space between them allowed), one LeetCode JSON array of boards;
/// - `{`: JSON Lines with a `columns` array (and, optionally, `n` that must match);
/// - `╔`: the `unicode` format's framed grids.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, in every format. Blank input holds no
/// placement. Only structure is checked here; whether a placement is a solution is
/// [`validate`](crate::validate)'s job. [`read_placements`] reads the same from a reader,
/// one placement at a time.
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
    read_placements(text.as_bytes()).collect()
}

/// Checks that the first non-blank character of `text` starts a format
/// [`parse_placements`] reads, giving the error it would give otherwise: so that a reader
/// can refuse an input from its first bytes, before reading the rest.
///
/// ```
/// assert!(queens::formats::check_placements_start("\n  [1, 3").is_ok());
/// assert!(queens::formats::check_placements_start("   ").is_ok());
/// let e = queens::formats::check_placements_start("\n\0\0\0").unwrap_err();
/// assert!(e.to_string().starts_with("line 2: cannot tell the format from '\\0'"));
/// ```
pub fn check_placements_start(text: &str) -> Result<(), Error> {
    let trimmed = text.trim_start();
    match trimmed.chars().next() {
        None => Ok(()),
        Some(first) => starts_format(first, line_of(text.as_bytes(), text.len() - trimmed.len())),
    }
}

/// Whether `first`, the first non-blank character, on line `line`, starts a format.
fn starts_format(first: char, line: usize) -> Result<(), Error> {
    match first {
        'Q' | '.' | '[' | '0'..='9' | '{' | '╔' => Ok(()),
        other => Err(Error::parse(
            line,
            format!(
                "cannot tell the format from {other:?}: expected a board of 'Q' and '.', a column array like [1, 3, 0, 2], LeetCode JSON, JSON Lines or a framed grid starting with '╔'"
            ),
        )),
    }
}

/// Reads placements from `input` as [`parse_placements`] reads them from a text, one at a
/// time: memory holds one line and one board, never the whole input (but for LeetCode
/// JSON, one array that is read whole, at most
/// [`INPUT_MAX_BYTES`](crate::limits::INPUT_MAX_BYTES), its boards kept as columns).
/// The first error ends the placements.
///
/// ```
/// let text = "1 3 0 2\r2 0 3 1\r";
/// let all: Vec<_> = queens::formats::read_placements(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(all.len(), 2);
/// assert_eq!((all[1].line, all[1].placement.as_ref().unwrap().columns()), (2, &[2, 0, 3, 1][..]));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn read_placements<R: BufRead>(input: R) -> Placements<R> {
    read_placements_from(input, 1)
}

/// [`read_placements`] of an input whose first line is numbered `first`.
pub(crate) fn read_placements_from<R: BufRead>(input: R, first: usize) -> Placements<R> {
    Placements {
        state: State::Start(Some(input), first),
    }
}

/// The placements of [`read_placements`].
pub struct Placements<R> {
    state: State<R>,
}

impl<R> std::fmt::Debug for Placements<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Placements").finish_non_exhaustive()
    }
}

/// The input with the bytes read to tell its format put back before it.
type Source<R> = io::Chain<Cursor<Vec<u8>>, R>;

enum State<R> {
    /// Nothing read yet; the number of the first line.
    Start(Option<R>, usize),
    /// Column arrays, one a line; the number of the next line.
    Columns(Source<R>, usize),
    /// Drawn boards, JSON Lines or framed grids, a line at a time.
    Lines(TextLines<Source<R>>, Layout),
    /// A LeetCode array, read whole.
    Leetcode(VecDeque<Parsed>),
    /// An error was returned, or the input ended.
    Done,
}

/// How a line-based text holds its placements.
enum Layout {
    /// `Q`/`.` rows; whether one board a line is told by the first line.
    Drawn(Option<bool>, Block),
    /// JSON Lines.
    Json,
    /// Framed grids: the line and width of the open frame's top edge, and its rows.
    Unicode(Option<(usize, usize)>, Vec<(usize, Row)>),
}

/// The rows of a board being read, one line each.
type Block = Vec<(usize, Row)>;

impl<R: BufRead> Iterator for Placements<R> {
    type Item = Result<Parsed, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let next = self.advance().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.state = State::Done;
        }
        next
    }
}

impl<R: BufRead> Placements<R> {
    fn advance(&mut self) -> Result<Option<Parsed>, Error> {
        loop {
            match &mut self.state {
                State::Start(input, first) => {
                    let Some(input) = input.take() else {
                        return Ok(None);
                    };
                    self.state = start(input, *first)?;
                }
                State::Columns(input, line) => {
                    let mut columns = Vec::new();
                    let at = *line;
                    *line += 1;
                    match read_column_line(input, at, |c| columns.push(c))?.0 {
                        LineEnd::Eof => return Ok(None),
                        LineEnd::Blank => {}
                        LineEnd::Placement => {
                            return Ok(Some(Parsed {
                                line: at,
                                placement: Ok(Placement::new(columns)),
                            }));
                        }
                    }
                }
                State::Lines(lines, layout) => return next_in_lines(lines, layout),
                State::Leetcode(boards) => return Ok(boards.pop_front()),
                State::Done => return Ok(None),
            }
        }
    }
}

/// Skips the blank bytes before the first character, reads as far as it takes to tell
/// the format, and puts those bytes back.
fn start<R: BufRead>(mut input: R, first_line: usize) -> Result<State<R>, Error> {
    // A byte-order mark, as some editors write, is no character of the text.
    if input
        .fill_buf()
        .map_err(io_error)?
        .starts_with(b"\xEF\xBB\xBF")
    {
        input.consume(3);
    }
    let mut line = first_line;
    let mut after_cr = false;
    // Blank bytes are counted as lines and dropped: any number of them takes no memory.
    let first = loop {
        let chunk = input.fill_buf().map_err(io_error)?;
        let Some(&b) = chunk.first() else {
            return Ok(State::Done);
        };
        if !b.is_ascii_whitespace() {
            break b;
        }
        if b == b'\r' || (b == b'\n' && !after_cr) {
            line += 1;
        }
        after_cr = b == b'\r';
        input.consume(1);
    };
    let mut head = Vec::new();
    // A character is up to four bytes; its first byte says how many.
    let width = match first {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    };
    (&mut input)
        .take(width)
        .read_to_end(&mut head)
        .map_err(io_error)?;
    let Some(first) = std::str::from_utf8(&head)
        .ok()
        .and_then(|s| s.chars().next())
    else {
        return Err(Error::parse(line, "not UTF-8 text"));
    };
    starts_format(first, line)?;
    let mut after_bracket = None;
    if first == '[' {
        // White space may stand between the bracket and what it opens.
        loop {
            let mut byte = [0];
            if input.read(&mut byte).map_err(io_error)? == 0 {
                break;
            }
            head.push(byte[0]);
            if !byte[0].is_ascii_whitespace() {
                after_bracket = Some(char::from(byte[0]));
                break;
            }
        }
    }
    let source = Cursor::new(head).chain(input);
    Ok(match Format::recognise(first, after_bracket) {
        Format::Leetcode => State::Leetcode(read_leetcode(source, line)?),
        Format::Columns => State::Columns(source, line),
        Format::Json => State::Lines(TextLines::new(source, line), Layout::Json),
        Format::Unicode => State::Lines(
            TextLines::new(source, line),
            Layout::Unicode(None, Vec::new()),
        ),
        _ => State::Lines(
            TextLines::new(source, line),
            Layout::Drawn(None, Vec::new()),
        ),
    })
}

/// The next placement of a line-based format.
fn next_in_lines<R: BufRead>(
    lines: &mut TextLines<R>,
    layout: &mut Layout,
) -> Result<Option<Parsed>, Error> {
    loop {
        let next = lines.next_line()?;
        match layout {
            Layout::Json => match next {
                None => return Ok(None),
                Some((_, "")) => {}
                Some((line, l)) => {
                    let columns =
                        parse_json_line(l).map_err(|message| Error::parse(line, message))?;
                    return Ok(Some(Parsed {
                        line,
                        placement: Ok(Placement::new(columns)),
                    }));
                }
            },
            Layout::Drawn(one_per_line, block) => {
                let Some((line, l)) = next else {
                    return finish_block(block);
                };
                if l.is_empty() {
                    match finish_block(block)? {
                        Some(parsed) => return Ok(Some(parsed)),
                        None => continue,
                    }
                }
                // A 1×1 board reads the same either way, and lines of "Q" can only be
                // 1×1 boards.
                let per_line = *one_per_line.get_or_insert_with(|| {
                    l.contains(char::is_whitespace) || l.chars().count() == 1
                });
                if per_line {
                    let rows = l
                        .split_whitespace()
                        .map(|r| Ok((line, drawn_row(line, r)?)))
                        .collect::<Result<Vec<_>, Error>>()?;
                    let placement = board_columns(rows)?;
                    return Ok(Some(Parsed { line, placement }));
                }
                block.push((line, drawn_row(line, l)?));
            }
            Layout::Unicode(top, rows) => {
                let Some((line, l)) = next else {
                    return match top {
                        Some((line, _)) => {
                            Err(Error::parse(*line, "a board with no bottom edge '╚'"))
                        }
                        None => Ok(None),
                    };
                };
                match l.chars().next() {
                    None => {
                        if let Some((line, _)) = top {
                            return Err(Error::parse(*line, "a board with no bottom edge '╚'"));
                        }
                    }
                    Some('╔') => {
                        *top = Some((line, frame_width(line, l, '╔', '╗')?));
                    }
                    Some('║') => rows.push((line, unicode_row(line, l)?)),
                    Some('╚') => {
                        let bottom = frame_width(line, l, '╚', '╝')?;
                        let (start, top_width) = top.take().ok_or_else(|| {
                            Error::parse(line, "a board's bottom edge '╚' without its top edge '╔'")
                        })?;
                        // Both edges are as wide as the board's rows of squares.
                        for (at, width) in [(start, top_width), (line, bottom)] {
                            if width != 3 * rows.len() {
                                return Err(Error::parse(
                                    at,
                                    format!(
                                        "the frame is {width} characters wide, but the board has {} rows of 3-character squares",
                                        rows.len()
                                    ),
                                ));
                            }
                        }
                        let placement = board_columns(std::mem::take(rows))?;
                        return Ok(Some(Parsed {
                            line: start,
                            placement,
                        }));
                    }
                    _ => {
                        return Err(Error::parse(
                            line,
                            "expected a line of a framed board, starting with '╔', '║' or '╚'",
                        ));
                    }
                }
            }
        }
    }
}

/// The board whose rows have been read, if any.
fn finish_block(block: &mut Block) -> Result<Option<Parsed>, Error> {
    let Some(&(line, _)) = block.first() else {
        return Ok(None);
    };
    let placement = board_columns(std::mem::take(block))?;
    Ok(Some(Parsed { line, placement }))
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
    // serde would also take the fields as an array; a line of JSON Lines is an object.
    if !line.starts_with('{') {
        return Err(
            "not a JSON object with a \"columns\" array of column numbers: every line of JSON Lines is an object".into(),
        );
    }
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

/// A LeetCode array of boards, read whole but kept only as columns, board by board; the
/// array starts on line `first`.
fn read_leetcode<R: Read>(input: R, first: usize) -> Result<VecDeque<Parsed>, Error> {
    let mut input = input.take(INPUT_MAX_BYTES + 1);
    let mut text = Vec::new();
    input.read_to_end(&mut text).map_err(io_error)?;
    if text.len() as u64 > INPUT_MAX_BYTES {
        return Err(Error::parse(
            first,
            format!(
                "a LeetCode array larger than {} MiB, the most read whole",
                INPUT_MAX_BYTES >> 20
            ),
        ));
    }
    let mut rows_error = None;
    let mut json = serde_json::Deserializer::from_slice(&text);
    let parsed = json
        .deserialize_seq(Boards {
            rows_error: &mut rows_error,
        })
        .and_then(|boards| json.end().map(|()| boards));
    parsed.map_err(|e| {
        // Where the array went wrong (serde's position), or the row that is not a board
        // row, numbered by the line rule.
        let (at, message) = match rows_error.take() {
            Some((board, Error::Parse { line: row, message })) => {
                (row_offset(&text, board, row), message)
            }
            Some((_, other)) => (offset_of(&text, e.line(), e.column()), other.to_string()),
            None => (
                offset_of(&text, e.line(), e.column()),
                format!("not a LeetCode JSON array of boards: {}", json_message(&e)),
            ),
        };
        Error::parse(line_of(&text, at) + first - 1, message)
    })
}

/// The byte offset of row `row` of board `board` (both 0-based) in a LeetCode array
/// that parsed well up to there: its opening quote, or the board's end if it has fewer
/// rows (a row missing from a board too short).
fn row_offset(text: &[u8], board: usize, row: usize) -> usize {
    let (mut depth, mut boards, mut rows, mut end) = (0usize, 0usize, 0usize, text.len());
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'[' => {
                depth += 1;
                if depth == 2 {
                    boards += 1;
                    rows = 0;
                }
            }
            b']' => {
                if depth == 2 && boards == board + 1 {
                    end = i;
                    break;
                }
                depth = depth.saturating_sub(1);
            }
            b'"' => {
                if depth == 2 && boards == board + 1 && rows == row {
                    return i;
                }
                rows += usize::from(depth == 2);
                i += 1;
                while i < text.len() && text[i] != b'"' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    end
}

/// The visitor of a LeetCode array: each board turned into columns as it is read. A row
/// that is not a board row stops it, its error kept in `rows_error`.
struct Boards<'a> {
    /// The board whose rows were refused, and why (its `line` the row's index).
    rows_error: &'a mut Option<(usize, Error)>,
}

impl<'de> Visitor<'de> for Boards<'_> {
    type Value = VecDeque<Parsed>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an array of boards")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut boards = VecDeque::new();
        while let Some(rows) = seq.next_element::<Vec<std::borrow::Cow<'de, str>>>()? {
            // Rows are numbered by their index here, for `row_offset` to find them.
            let rows = rows
                .iter()
                .enumerate()
                .map(|(i, r)| Ok((i, drawn_row(i, r)?)))
                .collect::<Result<Vec<_>, Error>>()
                .and_then(board_columns);
            match rows {
                Ok(placement) => boards.push_back(Parsed { line: 1, placement }),
                Err(e) => {
                    let message = e.to_string();
                    *self.rows_error = Some((boards.len(), e));
                    return Err(de::Error::custom(message));
                }
            }
        }
        Ok(boards)
    }
}

/// One drawn row: its width, how many queens it holds, and the column of the first.
#[derive(Debug, Clone, Copy)]
struct Row {
    width: usize,
    queens: usize,
    first: Option<usize>,
}

impl Row {
    fn new(squares: impl Iterator<Item = bool>) -> Self {
        let mut row = Row {
            width: 0,
            queens: 0,
            first: None,
        };
        for queen in squares {
            if queen {
                row.queens += 1;
                row.first.get_or_insert(row.width);
            }
            row.width += 1;
        }
        row
    }
}

/// Turns a square board's rows into columns; a row without exactly one queen makes the
/// placement a [`Conflict::RowQueens`], a board that is not square an error.
fn board_columns(rows: Vec<(usize, Row)>) -> Result<Result<Placement, Conflict>, Error> {
    let n = rows.len();
    let mut columns = Vec::with_capacity(n);
    let mut bad_row = None;
    for (row, (line, cells)) in rows.into_iter().enumerate() {
        if cells.width != n {
            return Err(Error::parse(
                line,
                format!(
                    "a board row of width {} in a board of {n} rows: a board must be square",
                    cells.width
                ),
            ));
        }
        match cells.first {
            Some(c) if cells.queens == 1 => columns.push(c as u32),
            _ => {
                bad_row.get_or_insert(Conflict::RowQueens {
                    row,
                    queens: cells.queens,
                });
            }
        }
    }
    Ok(match bad_row {
        Some(conflict) => Err(conflict),
        None => Ok(Placement::new(columns)),
    })
}

/// One `Q`/`.` row.
fn drawn_row(line: usize, row: &str) -> Result<Row, Error> {
    if let Some(other) = row.chars().find(|c| !matches!(c, 'Q' | '.')) {
        return Err(Error::parse(
            line,
            format!(
                "unexpected {other:?} in a board row: boards use 'Q' for a queen and '.' for an empty square"
            ),
        ));
    }
    Ok(Row::new(row.bytes().map(|b| b == b'Q')))
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

/// One row `║ … ║` of the `unicode` format: squares three characters wide.
fn unicode_row(line: usize, row: &str) -> Result<Row, Error> {
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
    Ok(Row::new(inner.chunks(3).map(|sq| sq.contains(&QUEEN))))
}
