//! Writing solutions in every [`Format`], streaming, to any `impl Write`.

use std::io::{self, Write};

use super::pieces::{self, Pieces};
use crate::Format;

/// The queen glyph of the `unicode` format.
pub(crate) const QUEEN: char = '♛';
/// The fill of a dark square in the `unicode` format; each square is three characters wide.
pub(crate) const DARK: char = '░';

/// Streams solutions to a writer in one [`Format`], adding the separators and brackets the
/// format needs between and around them.
///
/// Each solution is rendered into one reused buffer and written with a single `write_all`,
/// so a writer that is itself buffered (a [`io::BufWriter`]) makes streaming millions of
/// solutions cheap; nothing is kept per solution. Call [`SolutionWriter::finish`] at the
/// end: the `leetcode` format closes its array there.
///
/// ```
/// use queens::{Format, SolutionWriter};
///
/// let mut w = SolutionWriter::new(Vec::new(), Format::Leetcode);
/// w.write(&[1, 3, 0, 2])?;
/// w.write(&[2, 0, 3, 1])?;
/// let out = String::from_utf8(w.finish()?).unwrap();
/// assert_eq!(out, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct SolutionWriter<W: Write> {
    out: W,
    format: Format,
    written: u64,
    first_index: u64,
    buf: Vec<u8>,
    /// The rows of the board size last written, rendered once.
    pieces: Option<Pieces>,
}

impl<W: Write> SolutionWriter<W> {
    /// A writer of `format` onto `out`.
    pub fn new(out: W, format: Format) -> Self {
        SolutionWriter {
            out,
            format,
            written: 0,
            first_index: 0,
            buf: Vec::new(),
            pieces: None,
        }
    }

    /// Numbers the solutions from `index` instead of 0 (the `json` format's `index` field).
    ///
    /// ```
    /// use queens::{Format, SolutionWriter};
    ///
    /// let mut w = SolutionWriter::new(Vec::new(), Format::Json).first_index(7);
    /// w.write(&[0])?;
    /// assert_eq!(w.finish()?, b"{\"n\":1,\"index\":7,\"columns\":[0]}\n");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn first_index(mut self, index: u64) -> Self {
        self.first_index = index;
        self
    }

    /// Continues a stream that already holds `written` solutions: the separators between
    /// solutions and the `json` index go on from there. Parts of one stream rendered
    /// apart, on several threads say, then join into the same bytes as the whole stream;
    /// [`SolutionWriter::finish`] ends it as after `written` more solutions.
    ///
    /// ```
    /// use queens::{Format, SolutionWriter};
    ///
    /// let mut head = SolutionWriter::new(Vec::new(), Format::Leetcode);
    /// head.write(&[1, 3, 0, 2])?;
    /// let mut tail = SolutionWriter::new(head.finish_part(), Format::Leetcode).continuing(1);
    /// tail.write(&[2, 0, 3, 1])?;
    /// let mut whole = SolutionWriter::new(Vec::new(), Format::Leetcode);
    /// whole.write(&[1, 3, 0, 2])?;
    /// whole.write(&[2, 0, 3, 1])?;
    /// assert_eq!(tail.finish()?, whole.finish()?);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn continuing(mut self, written: u64) -> Self {
        self.written = written;
        self
    }

    /// The writer the solutions go to.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// The writer the solutions go to, to flush it between solutions that come slowly.
    ///
    /// ```
    /// use std::io::Write;
    ///
    /// let mut w = queens::SolutionWriter::new(std::io::BufWriter::new(Vec::new()), queens::Format::Line);
    /// w.write(&[0])?;
    /// w.get_mut().flush()?;
    /// assert_eq!(w.get_ref().get_ref(), b"Q\n");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Hands back the writer without ending the stream: the `leetcode` array stays open
    /// for a writer [`continuing`](SolutionWriter::continuing) it. Nothing is flushed.
    pub fn finish_part(self) -> W {
        self.out
    }

    /// How many solutions have been written.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes one solution (row → column).
    pub fn write(&mut self, columns: &[u32]) -> io::Result<()> {
        let n = columns.len();
        if !(1..=pieces::MAX_N).contains(&n) || columns.iter().any(|&c| c as usize >= n) {
            return self.write_iter(n, columns.iter().copied());
        }
        if !self.pieces.as_ref().is_some_and(|p| p.fits(n, self.format)) {
            self.pieces = Some(Pieces::new(n, self.format));
        }
        let index = self.begin();
        let pieces = self.pieces.as_ref().expect("set just above");
        pieces.render(&mut self.buf, columns, index);
        self.out.write_all(&self.buf)
    }

    /// Writes one solution of `n` rows given as an iterator of columns, streaming it in
    /// chunks: a solution of a billion queens never has to be in memory.
    ///
    /// ```
    /// use queens::{Format, SolutionWriter};
    ///
    /// let mut w = SolutionWriter::new(Vec::new(), Format::Columns);
    /// w.write_iter(4, [1, 3, 0, 2])?;
    /// assert_eq!(w.finish()?, b"[1, 3, 0, 2]\n");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_iter(
        &mut self,
        n: usize,
        columns: impl IntoIterator<Item = u32>,
    ) -> io::Result<()> {
        let index = self.begin();
        let mut sink = Sink {
            out: &mut self.out,
            buf: &mut self.buf,
        };
        emit(&mut sink, n, columns.into_iter(), self.format, index)?;
        sink.flush_buf()
    }

    /// Starts the next solution: clears the buffer, puts the separator from the one
    /// before in it, counts it, and returns its index.
    fn begin(&mut self) -> u64 {
        self.buf.clear();
        let first = self.written == 0;
        match self.format {
            Format::Board | Format::Unicode if !first => self.buf.push(b'\n'),
            Format::Leetcode => self.buf.push(if first { b'[' } else { b',' }),
            _ => {}
        }
        let index = self.first_index + self.written;
        self.written += 1;
        index
    }

    /// Ends the stream (closing the `leetcode` array), flushes, and returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        if self.format == Format::Leetcode {
            let end: &[u8] = if self.written == 0 { b"[]\n" } else { b"]\n" };
            self.out.write_all(end)?;
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Appends one solution in `format` to `buf`; `index` is its number in the `json` format.
/// For `leetcode` this is one board, without the surrounding array.
///
/// ```
/// let mut buf = Vec::new();
/// queens::formats::render(&mut buf, &[1, 3, 0, 2], queens::Format::Line, 0);
/// assert_eq!(buf, b".Q.. ...Q Q... ..Q.\n");
/// ```
pub fn render(buf: &mut Vec<u8>, columns: &[u32], format: Format, index: u64) {
    let mut chunk = Vec::new();
    let mut sink = Sink {
        out: buf,
        buf: &mut chunk,
    };
    emit(
        &mut sink,
        columns.len(),
        columns.iter().copied(),
        format,
        index,
    )
    .and_then(|()| sink.flush_buf())
    .expect("writing to memory cannot fail");
}

/// A buffer that spills into a writer once it holds a chunk, so streaming a huge solution
/// keeps memory flat.
struct Sink<'a, W: Write> {
    out: &'a mut W,
    buf: &'a mut Vec<u8>,
}

impl<W: Write> Sink<'_, W> {
    const CHUNK: usize = 1 << 16;

    /// Called after each row: passes the buffer on once it is a chunk.
    fn row_done(&mut self) -> io::Result<()> {
        if self.buf.len() >= Self::CHUNK {
            self.flush_buf()?;
        }
        Ok(())
    }

    fn flush_buf(&mut self) -> io::Result<()> {
        self.out.write_all(self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

/// Renders one solution of `n` rows into `sink`, row by row.
fn emit<W: Write>(
    sink: &mut Sink<'_, W>,
    n: usize,
    columns: impl Iterator<Item = u32>,
    format: Format,
    index: u64,
) -> io::Result<()> {
    let mut num = itoa::Buffer::new();
    match format {
        Format::Board => {
            for c in columns {
                push_row(sink.buf, n, c);
                sink.buf.push(b'\n');
                sink.row_done()?;
            }
        }
        Format::Line => {
            for (i, c) in columns.enumerate() {
                if i > 0 {
                    sink.buf.push(b' ');
                }
                push_row(sink.buf, n, c);
                sink.row_done()?;
            }
            sink.buf.push(b'\n');
        }
        Format::Columns | Format::Json => {
            let separator: &[u8] = if format == Format::Json {
                sink.buf.extend_from_slice(b"{\"n\":");
                sink.buf.extend_from_slice(num.format(n).as_bytes());
                sink.buf.extend_from_slice(b",\"index\":");
                sink.buf.extend_from_slice(num.format(index).as_bytes());
                sink.buf.extend_from_slice(b",\"columns\":");
                b","
            } else {
                b", "
            };
            sink.buf.push(b'[');
            for (i, c) in columns.enumerate() {
                if i > 0 {
                    sink.buf.extend_from_slice(separator);
                }
                sink.buf.extend_from_slice(num.format(c).as_bytes());
                sink.row_done()?;
            }
            sink.buf.push(b']');
            if format == Format::Json {
                sink.buf.push(b'}');
            }
            sink.buf.push(b'\n');
        }
        Format::Leetcode => {
            sink.buf.push(b'[');
            for (i, c) in columns.enumerate() {
                if i > 0 {
                    sink.buf.push(b',');
                }
                sink.buf.push(b'"');
                push_row(sink.buf, n, c);
                sink.buf.push(b'"');
                sink.row_done()?;
            }
            sink.buf.push(b']');
        }
        Format::Unicode => {
            border(sink.buf, n, '╔', '╗');
            for (row, queen) in columns.enumerate() {
                push_char(sink.buf, '║');
                for col in 0..n {
                    let fill = if (row + col) % 2 == 1 { DARK } else { ' ' };
                    let middle = if col == queen as usize { QUEEN } else { fill };
                    [fill, middle, fill]
                        .into_iter()
                        .for_each(|c| push_char(sink.buf, c));
                }
                push_char(sink.buf, '║');
                sink.buf.push(b'\n');
                sink.row_done()?;
            }
            border(sink.buf, n, '╚', '╝');
        }
    }
    Ok(())
}

pub(super) fn push_row(buf: &mut Vec<u8>, n: usize, column: u32) {
    let start = buf.len();
    buf.resize(start + n, b'.');
    if let Some(square) = buf[start..].get_mut(column as usize) {
        *square = b'Q';
    }
}

pub(super) fn push_char(buf: &mut Vec<u8>, c: char) {
    buf.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}

pub(super) fn border(buf: &mut Vec<u8>, n: usize, left: char, right: char) {
    push_char(buf, left);
    (0..3 * n).for_each(|_| push_char(buf, '═'));
    push_char(buf, right);
    buf.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the writer's pieces and the general renderer write the same bytes for
    /// every format, board size and placement, off-board columns and attacks included.
    #[test]
    fn pieces_render_what_the_general_renderer_renders() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for n in 1..=pieces::MAX_N {
            for format in Format::ALL {
                let mut fast =
                    SolutionWriter::new(Vec::new(), format).first_index(u64::from(n as u32) * 999);
                let mut slow =
                    SolutionWriter::new(Vec::new(), format).first_index(u64::from(n as u32) * 999);
                for _ in 0..3 {
                    let columns: Vec<u32> = (0..n)
                        .map(|_| {
                            seed ^= seed << 13;
                            seed ^= seed >> 7;
                            seed ^= seed << 17;
                            (seed % (n as u64 + u64::from(n == 9))) as u32
                        })
                        .collect();
                    fast.write(&columns).unwrap();
                    slow.write_iter(n, columns.iter().copied()).unwrap();
                }
                assert_eq!(
                    fast.finish().unwrap(),
                    slow.finish().unwrap(),
                    "n = {n}, {format:?}"
                );
            }
        }
    }
}
