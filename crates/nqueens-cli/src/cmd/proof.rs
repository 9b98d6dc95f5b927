//! The certificate of a first solution on disk: JSON Lines, appended as the walk proves.
//!
//! ```text
//! {"n":40}
//! {"checksum":"…","refuted":[0]}
//! {"checksum":"…","refuted":[0,2,4,1,3,8,10,12,14,5,7,18,6]}
//! {"first":[0,2,4,1,3,8,10,12,14,6,...],"searched_from":26}
//! ```
//!
//! Each refutation carries a checksum of the board and the prefix, so that a resumed run,
//! which trusts the refutations it reads, trusts only lines a run wrote. Each is written
//! and flushed as it is proved, so a killed run leaves every
//! refutation but the one in flight, and a run of the same command resumes from them. A
//! last line cut short by the kill is dropped when the file is opened again.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read as _, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use sha2::{Digest, Sha256};

use crate::error::usage;

/// The checksum of a refutation of a board of `n` queens: what a resumed run trusts
/// without proving again must be what an earlier run wrote, not an edit.
fn checksum(n: usize, prefix: &[u32]) -> String {
    digest(&format!("nqueens-proof|{n}|{prefix:?}"))
}

/// The checksum of the lines a run writes and a later run trusts: the first 8 bytes of
/// the SHA-256 of `text`, in hex.
pub(crate) fn digest(text: &str) -> String {
    hex::encode(&Sha256::digest(text.as_bytes())[..8])
}

/// The file named as `proof` with `suffix` added: the files a run keeps beside its
/// certificate.
pub(crate) fn beside(proof: &Path, suffix: &str) -> PathBuf {
    let mut name = proof.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The columns listed under `key` in a line of a proof or a share's file: `None` unless
/// it is a list of at most `n` columns of the board.
pub(crate) fn columns_at(
    object: &serde_json::Map<String, serde_json::Value>,
    key: &str,
    n: usize,
) -> Option<Vec<u32>> {
    object
        .get(key)?
        .as_array()?
        .iter()
        .map(|c| c.as_u64().and_then(|c| u32::try_from(c).ok()))
        .collect::<Option<Vec<u32>>>()
        .filter(|c| c.len() <= n && c.iter().all(|&c| (c as usize) < n))
}

/// What a proof file holds.
#[derive(Debug, Default)]
pub(crate) struct Read {
    /// The refuted prefixes, each on the board, attacking nowhere, and written by a run.
    pub(crate) refuted: Vec<Vec<u32>>,
    /// The solutions recorded, with the row the plain search took over from.
    pub(crate) firsts: Vec<(Vec<u32>, usize)>,
    /// Where the whole lines end.
    whole: u64,
    /// The SHA-256 of every byte read, in hex: what `sha256sum` says of the file.
    pub(crate) sha256: String,
}

/// Reads the proof at `path` for `n` queens. A last line without its line break is a
/// write cut short and is left out; any other line that is not what a run writes is an
/// error naming it.
pub(crate) fn read(path: &Path, n: usize) -> anyhow::Result<Read> {
    let shown = path.display().to_string();
    let file = File::open(path).map_err(|e| usage(format!("cannot read {shown}: {e}")))?;
    read_from(BufReader::new(file), &shown, n)
}

/// The longest line a proof is read with: its lines hold at most 64 columns and a
/// checksum, a few hundred bytes, and a stream without line breaks is not a proof to read
/// to its end.
const LINE_MAX: u64 = 1 << 16;

/// Reads a proof for `n` queens from `reader`, named `shown` in messages, as [`read`]
/// does.
pub(crate) fn read_from(mut reader: impl BufRead, shown: &str, n: usize) -> anyhow::Result<Read> {
    let mut read = Read::default();
    let mut hasher = Sha256::new();
    let mut line = Vec::new();
    let mut cut = false;
    for number in 1.. {
        line.clear();
        let got = reader
            .by_ref()
            .take(LINE_MAX)
            .read_until(b'\n', &mut line)
            .map_err(|e| usage(format!("cannot read {shown}: {e}")))?;
        // Every byte read, the cut line too: what `sha256sum` says of the file.
        hasher.update(&line);
        if got == 0 {
            break;
        }
        if !line.ends_with(b"\n") {
            if got as u64 == LINE_MAX {
                return Err(usage(format!(
                    "{shown} line {number}: {LINE_MAX} bytes without a line break; a proof's lines are a few hundred bytes"
                )));
            }
            cut = true;
            break;
        }
        let bad = |why: &str| {
            usage(format!(
                "{shown} line {number}: {why}; a proof has {{\"n\":N}} first, then the lines `solve N --limit 1 --proof` writes"
            ))
        };
        let value: serde_json::Value =
            serde_json::from_slice(&line).map_err(|_| bad("not a JSON object"))?;
        let object = value.as_object().ok_or_else(|| bad("not a JSON object"))?;
        let columns = |key: &str| -> anyhow::Result<Vec<u32>> {
            columns_at(object, key, n).ok_or_else(|| {
                bad(&format!(
                    "\"{key}\" is not a list of columns from 0 to {} of at most {n} rows",
                    n.saturating_sub(1)
                ))
            })
        };
        let keys: Vec<&str> = object.keys().map(String::as_str).collect();
        match (number, keys.as_slice()) {
            (1, ["n"]) => match object["n"].as_u64() {
                Some(m) if m as usize == n => {}
                Some(m) => {
                    return Err(usage(format!(
                        "{shown} is a proof for n = {m}, not n = {n}"
                    )));
                }
                None => return Err(bad("\"n\" is not a board size")),
            },
            (1, _) => return Err(bad("expected the header {\"n\":N}")),
            (_, ["checksum", "refuted"]) => {
                let prefix = columns("refuted")?;
                if object["checksum"].as_str() != Some(checksum(n, &prefix).as_str()) {
                    return Err(bad(
                        "its checksum does not match: the line was edited or not written by nqueens; remove it to prove the prefix again",
                    ));
                }
                if let Err(conflict) = queens::validate_rows(&prefix, n) {
                    return Err(bad(&format!(
                        "the refuted prefix breaks the rules: {conflict}"
                    )));
                }
                read.refuted.push(prefix);
            }
            (_, ["first", "searched_from"]) => {
                let first = columns("first")?;
                let from = object["searched_from"]
                    .as_u64()
                    .filter(|&r| r as usize <= n)
                    .ok_or_else(|| bad(&format!("\"searched_from\" is not a row from 0 to {n}")))?;
                read.firsts.push((first, from as usize));
            }
            _ => {
                return Err(bad(
                    "expected {\"refuted\":[...],\"checksum\":...} or {\"first\":[...],\"searched_from\":R}",
                ));
            }
        }
        read.whole += got as u64;
    }
    read.sha256 = hex::encode(hasher.finalize());
    if read.whole == 0 && cut {
        return Err(usage(format!(
            "{shown} holds no whole line: a proof's lines end with a line break (\\n), the first its header {{\"n\":N}}"
        )));
    }
    if read.whole == 0 {
        return Err(usage(format!(
            "{shown} holds no proof: its first line, the header {{\"n\":N}}, is missing"
        )));
    }
    Ok(read)
}

/// What the proof at `path` holds so far, for a share that reads it while share 0 may be
/// writing it: nothing while it is missing or its header not yet whole.
pub(crate) fn read_so_far(path: &Path, n: usize) -> anyhow::Result<Read> {
    match std::fs::read(path) {
        Ok(text) if text.contains(&b'\n') => read(path, n),
        Ok(_) => Ok(Read::default()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Read::default()),
        Err(e) => Err(usage(format!("cannot read {}: {e}", path.display()))),
    }
}

/// A proof file being written: opened for appending after the whole lines an earlier
/// run left.
pub(crate) struct Writer {
    file: File,
    path: PathBuf,
    n: usize,
}

impl Writer {
    /// Opens `path` for a proof of `n` queens: a new file gets its header; an existing one
    /// is read ([`read`]) and cut after its last whole line.
    pub(crate) fn open(path: &Path, n: usize) -> anyhow::Result<(Writer, Read)> {
        let cannot = || format!("cannot write {}", path.display());
        let empty = match std::fs::metadata(path) {
            Ok(m) => m.is_file() && m.len() == 0,
            Err(e) => e.kind() == std::io::ErrorKind::NotFound,
        };
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
            n,
        };
        if read.whole == 0 {
            writer.line(&serde_json::json!({ "n": n }))?;
        }
        Ok((writer, read))
    }

    fn line(&mut self, line: &serde_json::Value) -> anyhow::Result<()> {
        let mut text = serde_json::to_vec(line).expect("a proof line is JSON");
        text.push(b'\n');
        // One write a line, so that a kill cuts at most the line in flight.
        self.file
            .write_all(&text)
            .with_context(|| format!("cannot write {}", self.path.display()))
    }

    /// Appends a refuted prefix.
    pub(crate) fn refuted(&mut self, prefix: &[u32]) -> anyhow::Result<()> {
        let line = serde_json::json!({ "refuted": prefix, "checksum": checksum(self.n, prefix) });
        self.line(&line)
    }

    /// Appends the first solution, found below `first[..searched_from]` by the plain
    /// search.
    pub(crate) fn first(&mut self, first: &[u32], searched_from: usize) -> anyhow::Result<()> {
        self.line(&serde_json::json!({ "first": first, "searched_from": searched_from }))?;
        self.file
            .sync_all()
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}
