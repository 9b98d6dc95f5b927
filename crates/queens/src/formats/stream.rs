//! Column arrays read line by line: the one grammar every reader of the `columns` format
//! shares, and verification of placements far larger than memory would hold as queens.

use std::io::{self, BufRead, Seek, SeekFrom};

use super::lines::io_error;
use crate::board::{BitSet, check_rows, validate_rows};
use crate::limits::VERIFY_MAX_N;
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

/// Verifies column arrays read from `input`, one placement per line, lazily: each line
/// is read, checked and forgotten before the next, so the verdicts can be printed as they
/// come.
///
/// A line is `[1, 3, 0, 2]` (the `columns` format), `[1 3 0 2]` (as numpy prints), or
/// bare: `1 3 0 2` or `1,3,0,2`. Columns are whole numbers separated by one comma or by
/// white space; an empty item (`[0,]`, `1,,2`), a sign or any other character is an
/// error naming its line, after which the iterator ends. Blank lines are skipped. A line
/// ends at `\n`, `\r\n` or a lone `\r`, as in every text format.
///
/// Each line's columns are held while it is checked, 4 bytes a queen; for placements of
/// hundreds of millions of queens, [`verify_columns_seekable`] needs 5 bits a queen.
///
/// ```
/// use queens::{Conflict, formats::verify_columns};
///
/// let verdicts: Vec<_> = verify_columns("[1, 3, 0, 2]\n0 2 4 1 3 5\n".as_bytes())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(verdicts[0].result, Ok(()));
/// assert_eq!(verdicts[1].result, Err(Conflict::SameDiagonal { rows: (0, 5) }));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn verify_columns<R: BufRead>(input: R) -> ColumnVerdicts<R> {
    ColumnVerdicts {
        input,
        line: 0,
        offset: 0,
        rewind: None,
        hold: usize::MAX,
        columns: Vec::new(),
        ended: false,
    }
}

/// [`verify_columns`] over an input that can seek, holding about 5 bits per queen of the
/// longest line instead of 4 bytes: the columns and both diagonal directions as bitsets.
///
/// A line of up to a million queens is held and checked as by [`verify_columns`]. A
/// longer one is checked as it is read, with bitsets keyed without its board size; when
/// that cannot prove it a solution (a conflict, a column off the board, or columns above
/// 2^27), it is read again, once to find its first conflict against its size and once
/// more to find the earlier queen of the pair. The verdicts are the same either way.
///
/// ```
/// use std::io::Cursor;
/// use queens::formats::verify_columns_seekable;
///
/// let long: Vec<u32> = queens::construct(2_000_000).unwrap().unwrap().collect();
/// let text = format!("{long:?}\n[0, 0]\n");
/// let verdicts: Vec<_> = verify_columns_seekable(Cursor::new(text))?
///     .collect::<Result<_, _>>()?;
/// assert_eq!((verdicts[0].n, verdicts[0].result.clone()), (2_000_000, Ok(())));
/// assert!(verdicts[1].result.is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn verify_columns_seekable<R: BufRead + Seek>(
    mut input: R,
) -> Result<ColumnVerdicts<R>, Error> {
    let offset = input.stream_position().map_err(io_error)?;
    Ok(ColumnVerdicts {
        input,
        line: 0,
        offset,
        rewind: Some(|input, at| input.seek(SeekFrom::Start(at)).map(drop)),
        hold: HELD_COLUMNS,
        columns: Vec::new(),
        ended: false,
    })
}

/// The verdicts of [`verify_columns`] and [`verify_columns_seekable`], one per non-blank
/// line; an unreadable line ends them with its error.
pub struct ColumnVerdicts<R> {
    input: R,
    /// The number of the line last read (1-based).
    line: usize,
    /// The offset of the next unread byte.
    offset: u64,
    /// How to go back to an offset, where the input can: then long lines are read again
    /// rather than held.
    rewind: Option<fn(&mut R, u64) -> io::Result<()>>,
    /// How many of a line's columns are held: all of them unless the input can rewind.
    hold: usize,
    /// The current line's columns, while there are at most `hold` of them.
    columns: Vec<u32>,
    ended: bool,
}

impl<R> std::fmt::Debug for ColumnVerdicts<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ColumnVerdicts")
            .field("line", &self.line)
            .field("seekable", &self.rewind.is_some())
            .finish_non_exhaustive()
    }
}

/// The longest line a rewinding reader holds in memory (4 MB) before it reads lines again.
const HELD_COLUMNS: usize = 1 << 20;

impl<R: BufRead> Iterator for ColumnVerdicts<R> {
    type Item = Result<Verdict, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        let verdict = self.next_verdict().transpose();
        self.ended = !matches!(verdict, Some(Ok(_)));
        verdict
    }
}

impl<R: BufRead> ColumnVerdicts<R> {
    fn next_verdict(&mut self) -> Result<Option<Verdict>, Error> {
        loop {
            let start = self.offset;
            self.line += 1;
            self.columns.clear();
            let (hold, mut n, columns) = (self.hold, 0usize, &mut self.columns);
            let mut quick = QuickCheck::default();
            let mut print = Fingerprint::default();
            // Only a line too long to hold is read again, so only its columns are
            // fingerprinted: from the moment it outgrows the held ones.
            let (end, used) = read_column_line(&mut self.input, self.line, |c| {
                n += 1;
                if columns.len() < hold {
                    columns.push(c);
                    return;
                }
                if n == hold + 1 {
                    for (row, &c) in columns.iter().enumerate() {
                        quick.add(row, c);
                        print.add(c);
                    }
                }
                quick.add(n - 1, c);
                print.add(c);
            })?;
            self.offset += used;
            match end {
                LineEnd::Eof => return Ok(None),
                LineEnd::Blank => continue,
                LineEnd::Placement => {}
            }
            let result = if self.columns.len() == n {
                validate_rows(&self.columns, n)
            } else if quick.valid(n) {
                Ok(())
            } else {
                self.check_again(start, n, print)?
            };
            return Ok(Some(Verdict {
                line: self.line,
                n,
                result,
            }));
        }
    }

    /// Checks the line at `start` by reading it again, then goes back to where it ends.
    /// Every pass must read the columns the first read saw (`print`): a verdict is only
    /// ever about bytes that were read, so a file that changes meanwhile is an error.
    fn check_again(
        &mut self,
        start: u64,
        n: usize,
        print: Fingerprint,
    ) -> Result<Result<(), Conflict>, Error> {
        let Some(rewind) = self.rewind else {
            return Err(changed(self.line));
        };
        let (line, end) = (self.line, self.offset);
        let input = &mut self.input;
        let mut failure = None;
        let result = check_rows(
            &mut |visit| {
                let mut stopped = false;
                let mut again = Fingerprint::default();
                let scan = rewind(input, start).map_err(io_error).and_then(|()| {
                    read_column_line(input, line, |c| {
                        again.add(c);
                        stopped = stopped || visit(c).is_break();
                    })
                });
                let failed = match scan {
                    Err(e) => Some(e),
                    Ok((_, used)) if used != end - start || again != print => Some(changed(line)),
                    Ok(_) => None,
                };
                if let Some(e) = failed {
                    failure.get_or_insert(e);
                }
            },
            n,
        );
        rewind(input, end).map_err(io_error)?;
        match (failure, result) {
            (Some(e), _) => Err(e),
            (None, Some(result)) => Ok(result),
            (None, None) => Err(changed(line)),
        }
    }
}

/// The error of a line that read differently the second time.
fn changed(line: usize) -> Error {
    Error::parse(
        line,
        "the input changed while it was read: a long line is read more than once, and it read differently",
    )
}

/// A line's columns in order, summed up, so that a line read again can be told from the
/// line first read: their sum, a rotating xor of them (which sees their order), and their
/// count. Two one-cycle operations a column, off the dependency chain of the parse.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Fingerprint {
    sum: u64,
    mix: u64,
    count: u64,
}

impl Fingerprint {
    #[inline]
    fn add(&mut self, column: u32) {
        self.sum = self.sum.wrapping_add(u64::from(column));
        self.mix = self.mix.rotate_left(7) ^ u64::from(column);
        self.count += 1;
    }
}

/// One pass over a long line that proves it valid without knowing its board size
/// beforehand: columns and both diagonals as bitsets keyed by what the line has shown so
/// far. Columns past [`QuickCheck::MAX_COLUMN`] are not keyed, so that a short line of
/// huge columns cannot make it allocate; such a line, like one with a conflict, is read
/// again by [`check_rows`] once its size is known.
#[derive(Default)]
struct QuickCheck {
    cols: BitSet,
    sums: BitSet,
    diffs: BitSet,
    /// A clash seen, or a column too large to key.
    doubt: bool,
    max: u32,
}

impl QuickCheck {
    /// The largest column keyed: the bitsets stay within 80 MB.
    const MAX_COLUMN: u32 = 1 << 27;

    #[inline]
    fn add(&mut self, row: usize, c: u32) {
        if c > Self::MAX_COLUMN {
            self.doubt = true;
            return;
        }
        let col = c as usize;
        // Row − column, zigzagged onto 0, 1, 2, … as 0, −1, 1, −2, …
        let zigzag = if row >= col {
            2 * (row - col)
        } else {
            2 * (col - row) - 1
        };
        self.doubt |=
            self.cols.replace(col) | self.sums.replace(row + col) | self.diffs.replace(zigzag);
        self.max = self.max.max(c);
    }

    /// Whether the line, of `n` queens, is surely a solution.
    fn valid(&self, n: usize) -> bool {
        !self.doubt && (self.max as usize) < n
    }
}

/// What a line of column arrays held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineEnd {
    /// Nothing but white space.
    Blank,
    /// A placement (possibly `[]`, of no queens).
    Placement,
    /// The input had no more bytes.
    Eof,
}

/// Where the column grammar is within a line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    /// Nothing but white space yet.
    Start,
    /// Just after `[`.
    Opened,
    /// Inside a number.
    Number,
    /// After a number and white space.
    Spaced,
    /// After a comma.
    Comma,
    /// After `]`.
    Closed,
}

/// Reads one line of a column array from `input`, through its end (`\n`, `\r\n` or a
/// lone `\r`) or to the end of the input, passing each column to `visit` in row order; returns what the line was and how
/// many bytes it took. The one grammar of the `columns` format, for every reader of it.
pub(crate) fn read_column_line<R: BufRead + ?Sized>(
    input: &mut R,
    line: usize,
    mut visit: impl FnMut(u32),
) -> Result<(LineEnd, u64), Error> {
    let bad = |message: String| Error::parse(line, message);
    let mut emit = |column: u64, queens: &mut usize| {
        *queens += 1;
        if *queens > VERIFY_MAX_N {
            return Err(bad(format!(
                "a placement of more than {VERIFY_MAX_N} queens: at most {VERIFY_MAX_N} are read"
            )));
        }
        visit(column as u32);
        Ok(())
    };
    let (mut at, mut opened, mut number, mut queens) = (At::Start, false, 0u64, 0usize);
    let mut used_total = 0u64;
    let (mut ended, mut cr) = (false, false);
    while !ended {
        let buf = input.fill_buf().map_err(io_error)?;
        if buf.is_empty() {
            if used_total == 0 {
                return Ok((LineEnd::Eof, 0));
            }
            break;
        }
        let mut used = 0;
        for &b in buf {
            used += 1;
            if b.is_ascii_digit() {
                at = match at {
                    At::Closed => return Err(bad("a number after ']'".into())),
                    At::Number => {
                        number = number * 10 + u64::from(b - b'0');
                        if number > u64::from(u32::MAX) {
                            return Err(bad(format!("a column above {}", u32::MAX)));
                        }
                        At::Number
                    }
                    _ => {
                        number = u64::from(b - b'0');
                        At::Number
                    }
                };
                continue;
            }
            if at == At::Number {
                emit(number, &mut queens)?;
                at = At::Spaced;
            }
            at = match (b, at) {
                (b'\n' | b'\r', _) => {
                    (ended, cr) = (true, b == b'\r');
                    break;
                }
                (b' ' | b'\t', _) => at,
                (b'[', At::Start) => {
                    opened = true;
                    At::Opened
                }
                (b',', At::Spaced) => At::Comma,
                (b',', _) => {
                    return Err(bad(
                        "a comma with no column before it: columns are whole numbers separated by one comma or by spaces, as in [1, 3, 0, 2]".into(),
                    ));
                }
                (b']', At::Opened | At::Spaced) if opened => At::Closed,
                (b']', At::Comma) => {
                    return Err(bad("a comma with no column after it, before ']'".into()));
                }
                (other, _) => {
                    return Err(bad(format!(
                        "unexpected {:?} in a column array: expected whole numbers separated by commas or spaces, as in [1, 3, 0, 2]",
                        char::from(other)
                    )));
                }
            };
        }
        input.consume(used);
        used_total += used as u64;
    }
    // A line ends at `\n`, `\r\n` or a lone `\r`, as in every text format.
    if cr && input.fill_buf().map_err(io_error)?.first() == Some(&b'\n') {
        input.consume(1);
        used_total += 1;
    }
    if at == At::Number {
        emit(number, &mut queens)?;
        at = At::Spaced;
    }
    match at {
        At::Comma => Err(bad(
            "a comma with no column after it at the end of the line".into(),
        )),
        At::Opened | At::Spaced if opened => Err(bad(
            "a column array that opens with '[' must close with ']'".into(),
        )),
        At::Start => Ok((LineEnd::Blank, used_total)),
        _ => Ok((LineEnd::Placement, used_total)),
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;
    use crate::validate;

    /// A file that reads as `first` until it is first rewound, and as `then` after.
    struct Rewritten {
        first: Vec<u8>,
        then: Vec<u8>,
        rewound: bool,
        at: usize,
    }

    impl Rewritten {
        fn bytes(&self) -> &[u8] {
            if self.rewound {
                &self.then
            } else {
                &self.first
            }
        }
    }

    impl io::Read for Rewritten {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = io::Read::read(&mut &self.fill_buf()?[..], buf)?;
            self.consume(n);
            Ok(n)
        }
    }

    impl BufRead for Rewritten {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            let at = self.at.min(self.bytes().len());
            Ok(&self.bytes()[at..])
        }

        fn consume(&mut self, amount: usize) {
            self.at += amount;
        }
    }

    impl Seek for Rewritten {
        fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
            match to {
                SeekFrom::Start(to) => {
                    self.rewound = true;
                    self.at = to as usize;
                }
                SeekFrom::Current(by) => self.at = (self.at as i64 + by) as usize,
                SeekFrom::End(_) => unreachable!("the reader never seeks from the end"),
            }
            Ok(self.at as u64)
        }
    }

    /// Whatever a file does between the reads of a long line, the verdict is about bytes
    /// read, or an error: never "ok" for a line that was never valid, never a panic.
    #[test]
    fn a_line_that_reads_differently_the_second_time_is_an_error() {
        let cases: [(&str, &str); 4] = [
            // Never valid, but valid when read again: it must not be called ok.
            ("[0, 0, 0, 0]\n", "[1, 3, 0, 2]\n"),
            // A clash the second pass does not find (it panicked).
            ("[1, 3, 0, 0]\n", "[1, 3, 2, 0]\n"),
            // Shorter, and longer.
            ("[0, 0, 0, 0]\n", "[0, 0]\n"),
            ("[0, 0]\n", "[0, 0, 1, 2, 3]\n"),
        ];
        for (first, then) in cases {
            let file = Rewritten {
                first: first.into(),
                then: then.into(),
                rewound: false,
                at: 0,
            };
            let mut verdicts = verify_columns_seekable(file).unwrap();
            verdicts.hold = 0;
            let all: Vec<_> = verdicts.collect();
            assert_eq!(all.len(), 1, "{first:?} then {then:?}");
            let e = all[0].clone().unwrap_err().to_string();
            assert!(
                e.contains("changed while it was read"),
                "{first:?} then {then:?}: {e}"
            );
        }
    }

    /// Lines longer than a rewinding reader holds are read again, with the same verdicts.
    #[test]
    fn lines_read_again_give_the_verdicts_of_lines_held() {
        let lines: [&[u32]; 7] = [
            &[1, 3, 0, 2],
            &[0, 1 << 28],
            &[0, 2, 4, 1, 3, 5],
            &[2, 0, 2],
            &[1, 3, 0, 9],
            &[0, 4, 7, 5, 2, 6, 1, 3],
            &[],
        ];
        let text: String = lines.iter().map(|c| format!("{c:?}\n")).collect();
        for hold in [0, 1, 2, 3, 5, 100] {
            let mut verdicts = verify_columns_seekable(Cursor::new(text.as_bytes())).unwrap();
            verdicts.hold = hold;
            let verdicts: Vec<Verdict> = verdicts.collect::<Result<_, _>>().unwrap();
            assert_eq!(verdicts.len(), lines.len());
            for (v, c) in verdicts.iter().zip(lines) {
                assert_eq!(
                    (v.n, &v.result),
                    (c.len(), &validate(c)),
                    "hold {hold}: {c:?}"
                );
            }
        }
    }
}
