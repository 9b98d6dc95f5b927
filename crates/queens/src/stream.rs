//! Verifying huge column arrays from a reader, holding bits rather than queens.

use std::io::{self, BufRead, Seek, SeekFrom};
use std::ops::ControlFlow;

use crate::board::{BitSet, check_rows};
use crate::{Conflict, Error};

/// The verdict on one placement (one line) of a stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The 1-based line it is on.
    pub line: usize,
    /// Its number of queens.
    pub n: usize,
    /// Whether it is a solution, or its first conflict in row order.
    pub result: Result<(), Conflict>,
}

/// Verifies column arrays read from `input`, one placement per line, written as
/// `[1, 3, 0, 2]` or `1 3 0 2` (the `columns` format and bare arrays).
///
/// Memory is about 5 bits per queen of the longest line, whatever its length: the columns
/// and both diagonal directions are bitsets, and nothing else is kept. A line that holds a
/// conflict is read twice more (so `input` must seek): once to find the first conflict in
/// row order, which needs the board size known only at the end of the line, and once to
/// find the earlier queen it clashes with. Valid lines are read once.
///
/// ```
/// use std::io::Cursor;
/// use queens::{verify_columns, Conflict};
///
/// let verdicts = verify_columns(Cursor::new("[1, 3, 0, 2]\n0 2 4 1 3 5\n"))?;
/// assert_eq!(verdicts[0].result, Ok(()));
/// assert_eq!(verdicts[1].result, Err(Conflict::SameDiagonal { rows: (0, 5) }));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn verify_columns<R: BufRead + Seek>(input: R) -> Result<Vec<Verdict>, Error> {
    let mut lines = ColumnLines {
        input,
        line: 0,
        offset: 0,
    };
    let mut verdicts = Vec::new();
    let mut wrong = Vec::new();
    loop {
        let mut cols = BitSet::default();
        let mut sums = BitSet::default();
        let mut diffs = BitSet::default();
        let (mut row, mut max, mut clash) = (0usize, 0u32, false);
        let Some(start) = lines.next_line(&mut |c| {
            let c_ = c as usize;
            // Diagonals keyed without knowing n: row + column, and row − column zigzagged
            // onto 0, 1, 2, … (0, −1, 1, −2, …).
            let d = row as i64 - c_ as i64;
            let zigzag = if d >= 0 {
                2 * d as usize
            } else {
                2 * (-d) as usize - 1
            };
            clash |= cols.replace(c_) | sums.replace(row + c_) | diffs.replace(zigzag);
            max = max.max(c);
            row += 1;
            ControlFlow::Continue(())
        })?
        else {
            break;
        };
        let n = row;
        let verdict = Verdict {
            line: lines.line,
            n,
            result: Ok(()),
        };
        if clash || (n > 0 && max as usize >= n) {
            wrong.push((verdicts.len(), start));
        }
        verdicts.push(verdict);
    }
    for (i, start) in wrong {
        let n = verdicts[i].n;
        let mut failure = None;
        let result = check_rows(
            &mut |visit| {
                if let Err(e) = lines.rescan(start, visit) {
                    failure.get_or_insert(e);
                }
            },
            n,
        );
        if let Some(e) = failure {
            return Err(e);
        }
        verdicts[i].result = result;
    }
    Ok(verdicts)
}

/// Column arrays, line by line, from a reader, tracking line numbers and byte offsets.
struct ColumnLines<R> {
    input: R,
    /// The number of the line last read (1-based).
    line: usize,
    /// The offset of the next unread byte.
    offset: u64,
}

impl<R: BufRead + Seek> ColumnLines<R> {
    /// Reads the next non-blank line, feeding its columns to `visit`; returns the line's
    /// start offset, or `None` at the end of the input.
    fn next_line(
        &mut self,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> Result<Option<u64>, Error> {
        loop {
            let start = self.offset;
            self.line += 1;
            match self.read_line(visit)? {
                LineEnd::Blank => continue,
                LineEnd::Placement => return Ok(Some(start)),
                LineEnd::Eof => return Ok(None),
            }
        }
    }

    /// Reads the line at `start` again, feeding its columns to `visit` until it breaks.
    fn rescan(
        &mut self,
        start: u64,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        self.input.seek(SeekFrom::Start(start)).map_err(io_error)?;
        self.offset = start;
        let line = self.line;
        let mut stopped = false;
        let result = self.read_line(&mut |c| {
            if stopped {
                return ControlFlow::Continue(());
            }
            let flow = visit(c);
            stopped = flow.is_break();
            ControlFlow::Continue(())
        });
        self.line = line;
        result.map(|_| ())
    }

    /// Reads up to the end of a line, parsing `[`, numbers, separators and `]`.
    fn read_line(
        &mut self,
        visit: &mut dyn FnMut(u32) -> ControlFlow<()>,
    ) -> Result<LineEnd, Error> {
        let line = self.line;
        let mut number: Option<u64> = None;
        let (mut opened, mut closed, mut any) = (false, false, false);
        let bad = |message: String| Error::parse(line, message);
        loop {
            let buf = self.input.fill_buf().map_err(io_error)?;
            if buf.is_empty() {
                if !any && number.is_none() && !opened {
                    return Ok(LineEnd::Eof);
                }
                break;
            }
            let mut used = 0;
            let mut ended = false;
            for &b in buf {
                used += 1;
                if b.is_ascii_digit() {
                    if closed {
                        return Err(bad("a number after ']'".into()));
                    }
                    let v = number.unwrap_or(0) * 10 + u64::from(b - b'0');
                    if v > u64::from(u32::MAX) {
                        return Err(bad(format!("a column above {}", u32::MAX)));
                    }
                    number = Some(v);
                    continue;
                }
                if let Some(v) = number.take() {
                    any = true;
                    let _ = visit(v as u32);
                }
                match b {
                    b' ' | b'\t' | b'\r' | b',' => {}
                    b'[' if !opened && !any => opened = true,
                    b']' if opened && !closed => closed = true,
                    b'\n' => {
                        ended = true;
                        break;
                    }
                    other => {
                        return Err(bad(format!(
                            "unexpected {:?} in a column array: expected whole numbers separated by commas or spaces, as in [1, 3, 0, 2]",
                            char::from(other)
                        )));
                    }
                }
            }
            self.input.consume(used);
            self.offset += used as u64;
            if ended {
                break;
            }
        }
        if let Some(v) = number.take() {
            any = true;
            let _ = visit(v as u32);
        }
        if opened != closed {
            return Err(bad(
                "a column array must open with '[' and close with ']'".into()
            ));
        }
        Ok(if any || opened {
            LineEnd::Placement
        } else {
            LineEnd::Blank
        })
    }
}

enum LineEnd {
    Blank,
    Placement,
    Eof,
}

fn io_error(e: io::Error) -> Error {
    Error::Io(e.to_string())
}
