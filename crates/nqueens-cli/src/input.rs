//! The input of `verify` and `complete`: a file, a pipe, a FIFO, `-` or standard input,
//! all read through one reader, once, so that every parser sees the same bytes whatever
//! the source.
//!
//! The format is detected from the first bytes, which are kept and read again by the
//! parser (from memory for a pipe, by seeking back for a regular file), never lost.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read, Seek, SeekFrom};
use std::path::Path;

use queens::Format;
use queens::limits::INPUT_MAX_BYTES;

use crate::error::{shown, usage};

/// An opened input and the bytes read from it so far.
pub(crate) struct Input {
    /// How messages name it: `'path'` or `standard input`.
    name: String,
    file: File,
    /// A regular file (named, or redirected to standard input): it can seek, so long
    /// lines are read again rather than held.
    seekable: bool,
    /// The offset the input started at, for a seekable file.
    start: u64,
    /// Every byte read so far from the first non-blank one on: the blank bytes before it
    /// are dropped as they are read, and stand in the head as `blank_lines` line ends.
    head: Vec<u8>,
    /// How many lines the dropped blank bytes ended (`\n`, `\r\n` or a lone `\r`).
    blank_lines: u64,
    /// Whether the last dropped blank byte was `\r`, whose `\n` ends no further line.
    after_cr: bool,
    /// Whether a non-blank byte has been read: from then on every byte is kept.
    content: bool,
}

/// An input read whole: its text from the first non-blank byte, and how many lines the
/// blank bytes before it ended, which are not held.
pub(crate) struct Text {
    pub(crate) text: String,
    blank_lines: usize,
}

impl Text {
    /// The number, in the input, of the text's first line.
    pub(crate) fn first_line(&self) -> usize {
        self.blank_lines + 1
    }
}

/// An input ready for a streaming reader.
pub(crate) enum Reader {
    /// A regular file, from its start.
    Seekable(BufReader<File>),
    /// Anything else: the line ends of the blank bytes dropped, the bytes already read,
    /// then the rest.
    Stream(BufReader<io::Chain<Replayed, File>>),
}

impl Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Reader::Seekable(r) => r.read(buf),
            Reader::Stream(r) => r.read(buf),
        }
    }
}

impl BufRead for Reader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Reader::Seekable(r) => r.fill_buf(),
            Reader::Stream(r) => r.fill_buf(),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self {
            Reader::Seekable(r) => r.consume(amount),
            Reader::Stream(r) => r.consume(amount),
        }
    }
}

/// What has been read of a stream, given back: a line end for each line the dropped blank
/// bytes ended, then the bytes kept.
type Replayed = io::Chain<io::Take<io::Repeat>, Cursor<Vec<u8>>>;

/// The buffer of a streaming reader: large reads for files of gigabytes.
const BUFFER: usize = 1 << 20;

impl Input {
    /// Opens `path`, or standard input when it is `None` or `-`.
    pub(crate) fn open(path: Option<&Path>) -> anyhow::Result<Input> {
        let (name, mut file) = match path {
            Some(path) if path != Path::new("-") => {
                let name = shown(path);
                let file =
                    File::open(path).map_err(|e| usage(format!("cannot read {name}: {e}")))?;
                (name, file)
            }
            _ => {
                let file =
                    stdin_file().map_err(|e| usage(format!("cannot read standard input: {e}")))?;
                ("standard input".to_owned(), file)
            }
        };
        let seekable = file.metadata().is_ok_and(|m| m.is_file());
        let start = if seekable {
            file.stream_position().unwrap_or(0)
        } else {
            0
        };
        Ok(Input {
            name,
            file,
            seekable,
            start,
            head: Vec::new(),
            blank_lines: 0,
            after_cr: false,
            content: false,
        })
    }

    /// How messages name the input.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Whether the input holds column arrays, as [`Format::recognise`] tells from its
    /// first non-blank bytes; they are verified as a stream at any size rather than read
    /// whole. Reads only as far as it takes to tell.
    ///
    /// Each byte is looked at once, so that any run of blank bytes takes linear time.
    pub(crate) fn holds_columns(&mut self) -> anyhow::Result<bool> {
        // How far the head was looked at, and whether a `[` came first.
        let (mut scanned, mut bracket) = (0, false);
        loop {
            for &b in &self.head[scanned..] {
                scanned += 1;
                if b.is_ascii_whitespace() {
                    continue;
                }
                if b == b'[' && !bracket {
                    bracket = true;
                    continue;
                }
                let (first, after_bracket) = match bracket {
                    true => ('[', Some(char::from(b))),
                    false => (char::from(b), None),
                };
                return Ok(Format::recognise(first, after_bracket) == Format::Columns);
            }
            if self.read_more(1 << 16)? == 0 {
                return Ok(false);
            }
        }
    }

    /// The first non-blank character and its line, reading as far as it takes; `None`
    /// for a blank input. Not UTF-8 reads as U+FFFD; a byte-order mark is skipped.
    pub(crate) fn first_char(&mut self) -> anyhow::Result<Option<(char, u64)>> {
        while self.head.len() < 7 && self.read_more(1 << 16)? > 0 {}
        let head = &self.head[..self.head.len().min(7)];
        let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let first = String::from_utf8_lossy(head).chars().next();
        Ok(first.map(|c| (c, self.blank_lines + 1)))
    }

    /// Reads up to `most` more bytes into the head, returning how many came; refuses an
    /// input that grows past [`INPUT_MAX_BYTES`].
    fn read_more(&mut self, most: usize) -> anyhow::Result<usize> {
        let had = self.head.len();
        let wanted = (INPUT_MAX_BYTES + 1)
            .saturating_sub(had as u64)
            .min(most as u64);
        let read = (&mut self.file)
            .take(wanted)
            .read_to_end(&mut self.head)
            .map_err(|e| usage(format!("cannot read {}: {e}", self.name)))?;
        if !self.content {
            self.drop_blanks();
        }
        if self.head.len() as u64 > INPUT_MAX_BYTES {
            return Err(usage(format!(
                "{} is larger than {} MiB, the most read whole",
                self.name,
                INPUT_MAX_BYTES >> 20
            )));
        }
        Ok(read)
    }

    /// Drops the blank bytes at the start of the head, counting the lines they end, so
    /// that blank bytes before the content take no memory however many there are.
    fn drop_blanks(&mut self) {
        let mut blank = 0;
        for &b in &self.head {
            if !b.is_ascii_whitespace() {
                self.content = true;
                break;
            }
            if b == b'\r' || (b == b'\n' && !self.after_cr) {
                self.blank_lines += 1;
            }
            self.after_cr = b == b'\r';
            blank += 1;
        }
        self.head.drain(..blank);
    }

    /// The whole input as text, at most [`INPUT_MAX_BYTES`], from its first non-blank
    /// byte; refused at the first chunk that is not UTF-8, without reading the rest.
    pub(crate) fn read_text(mut self) -> anyhow::Result<Text> {
        let mut checked = 0;
        loop {
            let read = self.read_more(1 << 20)?;
            match std::str::from_utf8(&self.head[checked..]) {
                Ok(_) => checked = self.head.len(),
                // A character cut by the end of the chunk is completed by the next one.
                Err(e) if e.error_len().is_none() && read > 0 => checked += e.valid_up_to(),
                Err(e) => {
                    return Err(usage(format!(
                        "{} is not UTF-8 text (byte {})",
                        self.name,
                        checked + e.valid_up_to()
                    )));
                }
            }
            if read == 0 {
                break;
            }
        }
        Ok(Text {
            text: String::from_utf8(self.head).unwrap_or_default(),
            blank_lines: self.blank_lines as usize,
        })
    }

    /// The input from its first byte, for a streaming reader.
    pub(crate) fn into_reader(mut self) -> anyhow::Result<Reader> {
        if self.seekable {
            self.file
                .seek(SeekFrom::Start(self.start))
                .map_err(|e| usage(format!("cannot read {}: {e}", self.name)))?;
            return Ok(Reader::Seekable(BufReader::with_capacity(
                BUFFER, self.file,
            )));
        }
        let blank_lines = io::repeat(b'\n').take(self.blank_lines);
        Ok(Reader::Stream(BufReader::with_capacity(
            BUFFER,
            blank_lines.chain(Cursor::new(self.head)).chain(self.file),
        )))
    }
}

/// Standard input as a file of its own, so that a redirected regular file can seek and
/// every source is read by the same code.
#[cfg(unix)]
fn stdin_file() -> io::Result<File> {
    use std::os::fd::AsFd;
    Ok(File::from(io::stdin().as_fd().try_clone_to_owned()?))
}

/// Standard input as a file of its own, so that a redirected regular file can seek and
/// every source is read by the same code.
#[cfg(windows)]
fn stdin_file() -> io::Result<File> {
    use std::os::windows::io::AsHandle;
    Ok(File::from(io::stdin().as_handle().try_clone_to_owned()?))
}
