//! Solutions of small boards rendered by copying rows rendered once.
//!
//! In every format a row's text depends only on its column, whether it is the last row,
//! and (for the chequered `unicode` grid) the parity of the row. Below [`MAX_N`] those
//! few pieces are rendered once per board size, each at a fixed stride, and a solution is
//! one fixed-width copy a row: at ten million solutions a second, formatting a number or
//! a row anew costs more than the search.

use super::render::{DARK, QUEEN, border, push_char, push_row};
use crate::Format;

/// The largest board whose rows are rendered once: at most 2n pieces of under 600 bytes.
pub(crate) const MAX_N: usize = 64;

/// Every row of one format and board size, rendered.
#[derive(Debug)]
pub(crate) struct Pieces {
    n: usize,
    format: Format,
    /// From one piece to the next: a multiple of [`CHUNK`] at least as long as any piece.
    stride: usize,
    /// Piece `kind · n + column` at `stride` times its number, then a stride of padding
    /// that the last piece's copy may read.
    bytes: Vec<u8>,
    lens: Vec<usize>,
    /// Where two rows fit in one copy (`columns`, `json`, and most formats on small
    /// boards), every two rows rendered together: piece `(last · n + a) · n + b` at
    /// [`CHUNK`] times its number, `last` whether the second is the board's last row.
    /// Empty where two rows pass a copy.
    pairs: Vec<u8>,
    pair_lens: Vec<u8>,
    /// Before the first row; in `json`, before the solution's index.
    head: Vec<u8>,
    /// In `json`, between the index and the first row.
    after_index: Vec<u8>,
    /// After the last row.
    tail: Vec<u8>,
}

/// The width of one copy.
const CHUNK: usize = 16;

impl Pieces {
    /// The pieces of `format` on an `n × n` board, `n` from 1 to [`MAX_N`].
    pub(crate) fn new(n: usize, format: Format) -> Pieces {
        debug_assert!((1..=MAX_N).contains(&n));
        let mut pieces: Vec<Vec<u8>> = Vec::new();
        let mut head = Vec::new();
        let mut after_index = Vec::new();
        let mut tail = Vec::new();
        for kind in 0..2 {
            let last = kind == 1;
            for c in 0..n as u32 {
                let mut p = Vec::new();
                match format {
                    Format::Board => {
                        push_row(&mut p, n, c);
                        p.push(b'\n');
                    }
                    Format::Line => {
                        push_row(&mut p, n, c);
                        p.push(if last { b'\n' } else { b' ' });
                    }
                    Format::Columns | Format::Json => {
                        p.extend_from_slice(c.to_string().as_bytes());
                        p.extend_from_slice(match (format, last) {
                            (Format::Columns, false) => b", ",
                            (Format::Columns, true) => b"]\n",
                            (_, false) => b",",
                            (_, true) => b"]}\n",
                        });
                    }
                    Format::Leetcode => {
                        p.push(b'"');
                        push_row(&mut p, n, c);
                        p.extend_from_slice(if last { b"\"]" } else { b"\"," });
                    }
                    Format::Unicode => {
                        // Here the kind is the row's parity.
                        push_char(&mut p, '║');
                        for col in 0..n {
                            let fill = if (kind + col) % 2 == 1 { DARK } else { ' ' };
                            let middle = if col == c as usize { QUEEN } else { fill };
                            for ch in [fill, middle, fill] {
                                push_char(&mut p, ch);
                            }
                        }
                        push_char(&mut p, '║');
                        p.push(b'\n');
                    }
                }
                pieces.push(p);
            }
        }
        match format {
            Format::Columns | Format::Leetcode => head.push(b'['),
            Format::Json => {
                head = format!("{{\"n\":{n},\"index\":").into_bytes();
                after_index = b",\"columns\":[".to_vec();
            }
            Format::Unicode => {
                border(&mut head, n, '╔', '╗');
                border(&mut tail, n, '╚', '╝');
            }
            Format::Board | Format::Line => {}
        }
        let longest = pieces.iter().map(Vec::len).max().unwrap_or(0);
        let stride = longest.div_ceil(CHUNK) * CHUNK;
        let mut bytes = vec![0; (pieces.len() + 1) * stride];
        for (i, p) in pieces.iter().enumerate() {
            bytes[i * stride..i * stride + p.len()].copy_from_slice(p);
        }
        let (mut pairs, mut pair_lens) = (Vec::new(), Vec::new());
        if longest * 2 <= CHUNK {
            for last in 0..2 {
                for a in 0..n {
                    for b in 0..n {
                        let (first, second) = (&pieces[a], &pieces[last * n + b]);
                        let start = pairs.len();
                        pairs.extend_from_slice(first);
                        pairs.extend_from_slice(second);
                        pairs.resize(start + CHUNK, 0);
                        pair_lens.push((first.len() + second.len()) as u8);
                    }
                }
            }
        }
        Pieces {
            n,
            format,
            stride,
            bytes,
            lens: pieces.iter().map(Vec::len).collect(),
            pairs,
            pair_lens,
            head,
            after_index,
            tail,
        }
    }

    /// Whether these are the pieces for `n` and `format`.
    pub(crate) fn fits(&self, n: usize, format: Format) -> bool {
        self.n == n && self.format == format
    }

    /// Appends one solution of `n` rows, every column on the board, numbered `index`
    /// (for `json`).
    pub(crate) fn render(&self, buf: &mut Vec<u8>, columns: &[u32], index: u64) {
        let n = self.n;
        // The writer checks this before it asks: once per solution is enough.
        debug_assert!(columns.len() == n && columns.iter().all(|&c| (c as usize) < n));
        buf.extend_from_slice(&self.head);
        if self.format == Format::Json {
            buf.extend_from_slice(itoa::Buffer::new().format(index).as_bytes());
            buf.extend_from_slice(&self.after_index);
        }
        buf.reserve(n * self.stride);
        let mut len = buf.len();
        let unicode = self.format == Format::Unicode;
        let mut rows = 0;
        if !self.pairs.is_empty() {
            // Half the copies: at ten million solutions a second, a copy a row shows.
            for pair in columns.chunks_exact(2) {
                rows += 2;
                let last = usize::from(rows == n);
                let piece = (last * n + pair[0] as usize) * n + pair[1] as usize;
                let from: [u8; CHUNK] = self.pairs[piece * CHUNK..(piece + 1) * CHUNK]
                    .try_into()
                    .unwrap();
                // SAFETY: as below: two rows are one piece of at most a stride.
                unsafe {
                    buf.as_mut_ptr()
                        .add(len)
                        .cast::<[u8; CHUNK]>()
                        .write_unaligned(from);
                }
                len += usize::from(self.pair_lens[piece]);
            }
        }
        for (row, &c) in columns.iter().enumerate().skip(rows) {
            let kind = if unicode {
                row & 1
            } else {
                usize::from(row + 1 == n)
            };
            let piece = kind * n + c as usize;
            let from = &self.bytes[piece * self.stride..(piece + 1) * self.stride];
            for (i, chunk) in from.chunks_exact(CHUNK).enumerate() {
                // SAFETY: the reserve above leaves room for `n` strides past the length it
                // found, and each row advances `len` by at most one stride; the bytes past
                // `len` are written but not counted, so never read.
                unsafe {
                    buf.as_mut_ptr()
                        .add(len + i * CHUNK)
                        .cast::<[u8; CHUNK]>()
                        .write_unaligned(chunk.try_into().unwrap());
                }
            }
            len += self.lens[piece];
        }
        // SAFETY: every byte up to `len` was written above.
        unsafe { buf.set_len(len) };
        buf.extend_from_slice(&self.tail);
    }
}
