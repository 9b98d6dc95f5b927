//! The input of `verify` and `complete`: a file, a pipe, a FIFO, `-` or standard input,
//! all read through one reader, once, so that every parser sees the same bytes whatever
//! the source.
//!
//! The format is detected from the first bytes, which are kept and read again by the
//! parser (from memory for a pipe, by seeking back for a regular file), never lost.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read, Seek, SeekFrom};
use std::path::Path;

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
    /// Every byte read so far, from the start.
    head: Vec<u8>,
}

/// An input ready for a streaming reader.
pub(crate) enum Reader {
    /// A regular file, from its start.
    Seekable(BufReader<File>),
    /// Anything else: the bytes already read, then the rest.
    Stream(BufReader<io::Chain<Cursor<Vec<u8>>, File>>),
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
        })
    }

    /// How messages name the input.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Whether the input holds column arrays (its first non-blank byte a digit, or `[`
    /// and then a digit), which are verified as a stream at any size rather than read
    /// whole. Reads only as far as it takes to tell.
    ///
    /// Each byte is looked at once, so that any run of blank bytes takes linear time.
    pub(crate) fn holds_columns(&mut self) -> anyhow::Result<bool> {
        // The first non-blank byte, once seen, and whether a `[` came first.
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
                // `[]` is the empty board's column array.
                return Ok(b.is_ascii_digit() || (bracket && b == b']'));
            }
            if self.read_more(1 << 16)? == 0 {
                return Ok(false);
            }
        }
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
        if self.head.len() as u64 > INPUT_MAX_BYTES {
            return Err(usage(format!(
                "{} is larger than {} MiB, the most read whole (column arrays are verified as a stream at any size)",
                self.name,
                INPUT_MAX_BYTES >> 20
            )));
        }
        Ok(read)
    }

    /// The whole input as text, at most [`INPUT_MAX_BYTES`].
    pub(crate) fn read_text(mut self) -> anyhow::Result<String> {
        while self.read_more(usize::MAX)? > 0 {}
        String::from_utf8(self.head).map_err(|e| {
            usage(format!(
                "{} is not UTF-8 text (byte {})",
                self.name,
                e.utf8_error().valid_up_to()
            ))
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
        Ok(Reader::Stream(BufReader::with_capacity(
            BUFFER,
            Cursor::new(self.head).chain(self.file),
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
