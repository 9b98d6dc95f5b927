//! The certificate of a first solution on disk: JSON Lines, appended as the walk proves.
//!
//! ```text
//! {"n":40}
//! {"refuted":[0]}
//! {"refuted":[0,2,4,1,3,8,10,12,14,5,7,18,6]}
//! {"first":[0,2,4,1,3,8,10,12,14,6,...],"searched_from":26}
//! ```
//!
//! Each refutation is written and flushed as it is proved, so a killed run leaves every
//! refutation but the one in flight, and a run of the same command resumes from them. A
//! last line cut short by the kill is dropped when the file is opened again.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::error::usage;

/// One line of a proof file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
enum Line {
    Header {
        n: usize,
    },
    Refuted {
        refuted: Vec<u32>,
    },
    First {
        first: Vec<u32>,
        searched_from: usize,
    },
}

/// What a proof file holds.
#[derive(Debug, Default)]
pub(crate) struct Read {
    pub(crate) refuted: Vec<Vec<u32>>,
    /// The last solution recorded, with the row the plain search took over from.
    pub(crate) first: Option<(Vec<u32>, usize)>,
    /// Where the whole lines end.
    whole: u64,
}

/// Reads the proof at `path` for `n` queens. A last line without its line break is a
/// write cut short and is left out; any other line that is not a proof's is an error
/// naming it.
pub(crate) fn read(path: &Path, n: usize) -> anyhow::Result<Read> {
    let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut reader = BufReader::new(file);
    let mut read = Read::default();
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let got = reader
            .read_until(b'\n', &mut line)
            .with_context(|| format!("cannot read {}", path.display()))?;
        if got == 0 || !line.ends_with(b"\n") {
            break;
        }
        let bad = |why: &str| {
            usage(format!(
                "{} line {number}: {why}; a proof has {{\"n\":N}} first, then {{\"refuted\":[...]}} and {{\"first\":[...],\"searched_from\":R}} lines",
                path.display()
            ))
        };
        let parsed: Line = serde_json::from_slice(&line).map_err(|e| bad(&e.to_string()))?;
        match (number, parsed) {
            (1, Line::Header { n: m }) if m == n => {}
            (1, Line::Header { n: m }) => {
                return Err(usage(format!(
                    "{} is a proof for n = {m}, not n = {n}",
                    path.display()
                )));
            }
            (1, _) => return Err(bad("expected the header {\"n\":N}")),
            (_, Line::Header { .. }) => return Err(bad("a second header")),
            (_, Line::Refuted { refuted }) => read.refuted.push(refuted),
            (
                _,
                Line::First {
                    first,
                    searched_from,
                },
            ) => read.first = Some((first, searched_from)),
        }
        read.whole += got as u64;
    }
    Ok(read)
}

/// A proof file being written: opened for appending after the whole lines an earlier
/// run left.
pub(crate) struct Writer {
    file: File,
    path: PathBuf,
}

impl Writer {
    /// Opens `path` for a proof of `n` queens: a new file gets its header; an existing one
    /// is read ([`read`]) and cut after its last whole line.
    pub(crate) fn open(path: &Path, n: usize) -> anyhow::Result<(Writer, Read)> {
        let cannot = || format!("cannot write {}", path.display());
        let empty = std::fs::metadata(path).map_or(true, |m| m.len() == 0);
        let read = if empty {
            Read::default()
        } else {
            read(path, n)?
        };
        let mut file = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)
            .with_context(cannot)?;
        file.set_len(read.whole).with_context(cannot)?;
        file.seek(SeekFrom::End(0)).with_context(cannot)?;
        let mut writer = Writer {
            file,
            path: path.to_owned(),
        };
        if read.whole == 0 {
            writer.line(&Line::Header { n })?;
        }
        Ok((writer, read))
    }

    fn line(&mut self, line: &Line) -> anyhow::Result<()> {
        let mut text = serde_json::to_vec(line).expect("a proof line is JSON");
        text.push(b'\n');
        // One write a line, so that a kill cuts at most the line in flight.
        self.file
            .write_all(&text)
            .with_context(|| format!("cannot write {}", self.path.display()))
    }

    /// Appends a refuted prefix.
    pub(crate) fn refuted(&mut self, prefix: &[u32]) -> anyhow::Result<()> {
        self.line(&Line::Refuted {
            refuted: prefix.to_vec(),
        })
    }

    /// Appends the first solution, found below `first[..searched_from]` by the plain
    /// search.
    pub(crate) fn first(&mut self, first: &[u32], searched_from: usize) -> anyhow::Result<()> {
        self.line(&Line::First {
            first: first.to_vec(),
            searched_from,
        })?;
        self.file
            .sync_all()
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}
