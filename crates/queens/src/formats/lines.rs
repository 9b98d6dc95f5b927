//! Lines, as every text format reads them: a line ends at `\n`, at `\r\n` or at a lone
//! `\r`, so that files from every system read the same and number their lines the same.

use std::io::{self, BufRead};

use crate::Error;
use crate::limits::LINE_MAX_BYTES;

/// The lines of a reader, one at a time, each held only while it is looked at.
///
/// White space before a line's first character is never held, so that a run of blank
/// bytes of any length costs no memory and is read once.
pub(crate) struct TextLines<R> {
    input: R,
    /// The number of the line last returned (1-based), or one less than the first.
    line: usize,
    buf: Vec<u8>,
    /// The last line ended with `\r`: a `\n` right after it ends the same line.
    after_cr: bool,
}

impl<R: BufRead> TextLines<R> {
    /// Lines of `input`, the first of them numbered `first`.
    pub(crate) fn new(input: R, first: usize) -> Self {
        TextLines {
            input,
            line: first.saturating_sub(1),
            buf: Vec::new(),
            after_cr: false,
        }
    }

    /// The next line, trimmed of white space at both ends (a blank line is `""`), with
    /// its number; `None` at the end of the input.
    pub(crate) fn next_line(&mut self) -> Result<Option<(usize, &str)>, Error> {
        self.buf.clear();
        let mut any = false;
        loop {
            let chunk = self.input.fill_buf().map_err(io_error)?;
            if chunk.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                self.input.consume(1);
                continue;
            }
            any = true;
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let content = &chunk[..end.unwrap_or(chunk.len())];
            let content = if self.buf.is_empty() {
                let blank = content
                    .iter()
                    .take_while(|b| b.is_ascii_whitespace())
                    .count();
                &content[blank..]
            } else {
                content
            };
            if self.buf.len() + content.len() > LINE_MAX_BYTES {
                return Err(Error::parse(
                    self.line + 1,
                    format!(
                        "a line longer than {} MiB, the longest read",
                        LINE_MAX_BYTES >> 20
                    ),
                ));
            }
            self.buf.extend_from_slice(content);
            match end {
                Some(at) => {
                    self.after_cr = chunk[at] == b'\r';
                    self.input.consume(at + 1);
                    break;
                }
                None => {
                    let used = chunk.len();
                    self.input.consume(used);
                }
            }
        }
        self.line += 1;
        let text = std::str::from_utf8(&self.buf).map_err(|e| {
            Error::parse(
                self.line,
                format!("not UTF-8 text (byte {} of the line)", e.valid_up_to() + 1),
            )
        })?;
        Ok(Some((self.line, text.trim())))
    }
}

/// Splits `text` into lines by the rule of [`TextLines`], without their ends.
pub(crate) fn split_lines(text: &str) -> SplitLines<'_> {
    SplitLines(Some(text).filter(|t| !t.is_empty()))
}

/// The lines of [`split_lines`]; what is left of the text.
pub(crate) struct SplitLines<'a>(Option<&'a str>);

impl<'a> Iterator for SplitLines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let t = self.0?;
        let Some(at) = t.find(['\n', '\r']) else {
            self.0 = None;
            return Some(t);
        };
        let skip = if t[at..].starts_with("\r\n") { 2 } else { 1 };
        self.0 = Some(&t[at + skip..]).filter(|r| !r.is_empty());
        Some(&t[..at])
    }
}

/// The 1-based line of byte offset `at` in `text`, by the rule of [`TextLines`].
pub(crate) fn line_of(text: &[u8], at: usize) -> usize {
    let head = &text[..at.min(text.len())];
    let ends = head
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && head.get(i + 1) != Some(&b'\n')))
        .count();
    ends + 1
}

/// The byte offset of a position another parser gives as a line counted by `\n` alone and
/// a 1-based byte column (serde_json's), so that [`line_of`] can number it by the rule.
pub(crate) fn offset_of(text: &[u8], line: usize, column: usize) -> usize {
    let start = match line.checked_sub(2) {
        None => 0,
        Some(newlines) => text
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .nth(newlines)
            .map_or(text.len(), |(at, _)| at + 1),
    };
    (start + column.saturating_sub(1)).min(text.len())
}

/// Turns a failed read into the library's error.
pub(crate) fn io_error(e: io::Error) -> Error {
    Error::Io(crate::error::Cause::new(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<(usize, String)> {
        let mut lines = TextLines::new(text.as_bytes(), 1);
        let mut out = Vec::new();
        while let Some((n, l)) = lines.next_line().unwrap() {
            out.push((n, l.to_owned()));
        }
        out
    }

    #[test]
    fn every_line_end_ends_a_line_once() {
        let expected: Vec<(usize, String)> = vec![
            (1, "a".into()),
            (2, "b".into()),
            (3, "".into()),
            (4, "c".into()),
        ];
        for text in [
            "a\nb\n\nc\n",
            "a\r\nb\r\n\r\nc",
            "a\rb\r\rc\r",
            "a\rb\n\r\nc",
        ] {
            assert_eq!(all(text), expected, "{text:?}");
            assert_eq!(
                split_lines(text).map(str::trim).collect::<Vec<_>>(),
                ["a", "b", "", "c"],
                "{text:?}"
            );
            assert_eq!(
                line_of(text.as_bytes(), text.find('c').unwrap()),
                4,
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_line_end_split_across_reads_is_one_end() {
        let reader = std::io::BufReader::with_capacity(2, "ab\r\ncd\r".as_bytes());
        let mut lines = TextLines::new(reader, 1);
        assert_eq!(lines.next_line().unwrap(), Some((1, "ab")));
        assert_eq!(lines.next_line().unwrap(), Some((2, "cd")));
        assert_eq!(lines.next_line().unwrap(), None);
    }
}
