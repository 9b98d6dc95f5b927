//! `solve --proof FILE`: the question the walk is searching, saved in FILE.progress (a
//! share's in FILE.progress-I) as it goes, so that a kill loses a minute or two of a
//! question that takes hours, not the question.
//!
//! ```text
//! {"n":42,"prefix":[0,2,4,1,3,8,10,12,14,5,7,18,6],"subtrees":64,"empty":[3,17],
//!  "paused":[[0,[6,1048576]],…],"version":"0.1.0","checksum":"…"}
//! ```
//!
//! One JSON object ([`queens::complete::Checkpoint`] and the prefix asked about),
//! rewritten atomically every `--save-every` seconds and when the run stops; removed once
//! the question is answered. A run of the same command that asks the same prefix goes on
//! from it. The checksum covers every field, so an edited or truncated file is refused;
//! the version too, since a checkpoint is the search's own path through its tree and only
//! the same version cuts and orders it the same way.

use std::path::{Path, PathBuf};

use anyhow::Context;
use queens::complete::{Checkpoint, Progress};
use serde::{Deserialize, Serialize};

use super::proof::digest;
use crate::error::usage;
use crate::limits::STORE_MAX_BYTES;
use crate::store::{read_regular, replace};

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    n: usize,
    prefix: Vec<u32>,
    subtrees: usize,
    empty: Vec<usize>,
    paused: Vec<(usize, Vec<u64>)>,
    version: String,
    checksum: String,
}

impl Saved {
    fn expected_checksum(&self) -> String {
        let Saved {
            n,
            prefix,
            subtrees,
            empty,
            paused,
            version,
            checksum: _,
        } = self;
        digest(&format!(
            "nqueens-progress|{n}|{prefix:?}|{subtrees}|{empty:?}|{paused:?}|{version}"
        ))
    }
}

/// The progress file of one walk (or share of one).
pub(crate) struct InFlight {
    path: PathBuf,
    n: usize,
}

/// A question saved by an earlier run: its prefix and where its search stood.
pub(crate) type Question = Option<(Vec<u32>, Checkpoint)>;

impl InFlight {
    /// The progress file at `path` for `n` queens, and the question it holds, if any.
    pub(crate) fn open(path: PathBuf, n: usize) -> anyhow::Result<(InFlight, Question)> {
        let shown = path.display().to_string();
        let bytes = match read_regular(&path, STORE_MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((InFlight { path, n }, None));
            }
            Err(e) => return Err(usage(format!("cannot read {shown}: {e}"))),
        };
        let remove = "remove it to search that prefix from the start";
        let saved: Saved = serde_json::from_slice(&bytes).map_err(|e| {
            usage(format!(
                "{shown} is not the progress of a question that `solve --proof` saves ({e}); {remove}"
            ))
        })?;
        if saved.version != env!("CARGO_PKG_VERSION") {
            return Err(usage(format!(
                "{shown} was saved by nqueens {}, whose search may take another path than this one's ({}); {remove}",
                saved.version,
                env!("CARGO_PKG_VERSION")
            )));
        }
        if saved.checksum != saved.expected_checksum() {
            return Err(usage(format!(
                "{shown}: its checksum does not match: the file was edited or not written by nqueens; {remove}"
            )));
        }
        if saved.n != n {
            return Err(usage(format!(
                "{shown} is the progress of n = {}, not n = {n}",
                saved.n
            )));
        }
        let checkpoint = Checkpoint {
            subtrees: saved.subtrees,
            empty: saved.empty,
            paused: saved.paused,
        };
        Ok((InFlight { path, n }, Some((saved.prefix, checkpoint))))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Saves where the search of `prefix` stands.
    pub(crate) fn save(&self, prefix: &[u32], checkpoint: Checkpoint) -> anyhow::Result<()> {
        let mut saved = Saved {
            n: self.n,
            prefix: prefix.to_vec(),
            subtrees: checkpoint.subtrees,
            empty: checkpoint.empty,
            paused: checkpoint.paused,
            version: env!("CARGO_PKG_VERSION").into(),
            checksum: String::new(),
        };
        saved.checksum = saved.expected_checksum();
        let mut text = serde_json::to_vec(&saved).expect("the progress is JSON");
        text.push(b'\n');
        replace(&self.path, &text).with_context(|| format!("cannot write {}", self.path.display()))
    }

    /// Removes the file: its question is answered.
    pub(crate) fn clear(&self) -> anyhow::Result<()> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(e).with_context(|| format!("cannot remove {}", self.path.display()))
            }
            _ => Ok(()),
        }
    }
}

/// The progress to search `prefix` with: where the earlier run that `saved` it left it
/// (then taken), or none.
pub(crate) fn progress_for(saved: &mut Question, prefix: &[u32]) -> Progress {
    match saved.take() {
        Some((question, checkpoint)) if question == prefix => Progress::resume(checkpoint),
        other => {
            *saved = other;
            Progress::new()
        }
    }
}
