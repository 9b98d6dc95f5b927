//! `solve --proof FILE`: the walk's questions answered with a completion and the one it
//! is searching, saved in FILE.progress (a share's in FILE.progress-I) as it goes, so
//! that a kill loses a minute or two of a question that takes hours, not the question.
//!
//! ```text
//! {"n":42,"completions":[[[],[0,2,4,1,…]],…],
//!  "question":{"prefix":[0,2,4,1,3,8,10,12,14,5,7,18,6],"subtrees":64,"empty":[3,17],
//!   "paused":[[0,[6,1048576]],…]},"version":"0.1.0","checksum":"…"}
//! ```
//!
//! The certificate keeps the refutations, not the questions that had a completion, and a
//! run walks from the start again: without the completions it would search them again
//! (some take minutes) before it reached the question in flight. Each completion is a
//! solution the walk checks before it goes on from it. The question in flight is the
//! prefix asked and where its search stands ([`queens::complete::Checkpoint`]).
//!
//! One JSON object, rewritten atomically as each question is answered, every
//! `--save-every` seconds and when `--timeout` stops the run; removed when the first
//! solution is found. The checksum covers every field, so an edited or truncated file is
//! refused; the version too, since a checkpoint is the search's own path through its
//! tree and only the same version cuts and orders it the same way.

use std::collections::HashMap;
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
    /// The share's index and count, for a share's file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    share: Option<(usize, usize)>,
    /// The questions answered with a completion: the prefix and the solution.
    completions: Vec<(Vec<u32>, Vec<u32>)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    question: Option<SavedQuestion>,
    version: String,
    checksum: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedQuestion {
    prefix: Vec<u32>,
    subtrees: usize,
    empty: Vec<usize>,
    paused: Vec<(usize, Vec<u64>)>,
}

impl Saved {
    fn expected_checksum(&self) -> String {
        let Saved {
            n,
            share,
            completions,
            question,
            version,
            checksum: _,
        } = self;
        let question = question
            .as_ref()
            .map(|q| format!("{:?}|{}|{:?}|{:?}", q.prefix, q.subtrees, q.empty, q.paused));
        digest(&format!(
            "nqueens-progress|{n}|{share:?}|{completions:?}|{question:?}|{version}"
        ))
    }
}

/// The progress file of one walk (or share of one).
pub(crate) struct InFlight {
    path: PathBuf,
    n: usize,
    share: Option<(usize, usize)>,
}

/// A question saved by an earlier run: its prefix and where its search stood.
pub(crate) type Question = Option<(Vec<u32>, Checkpoint)>;

/// The questions answered with a completion, by prefix, in the order answered.
pub(crate) type Completions = Vec<(Vec<u32>, Vec<u32>)>;

/// What an earlier run saved: the completions it found and the question it was in.
pub(crate) struct Earlier {
    pub(crate) completions: HashMap<Vec<u32>, Vec<u32>>,
    pub(crate) listed: Completions,
    pub(crate) question: Question,
}

impl InFlight {
    /// The progress file at `path` for `n` queens (and `share`, index and count, of the
    /// walk), and what it holds.
    pub(crate) fn open(
        path: PathBuf,
        n: usize,
        share: Option<(usize, usize)>,
    ) -> anyhow::Result<(InFlight, Earlier)> {
        let shown = path.display().to_string();
        let inflight = InFlight {
            path: path.clone(),
            n,
            share,
        };
        let nothing = Earlier {
            completions: HashMap::new(),
            listed: Vec::new(),
            question: None,
        };
        let bytes = match read_regular(&path, STORE_MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((inflight, nothing)),
            Err(e) => return Err(usage(format!("cannot read {shown}: {e}"))),
        };
        let remove = "remove it to search the questions it holds again";
        let saved: Saved = serde_json::from_slice(&bytes).map_err(|e| {
            usage(format!(
                "{shown} is not the progress that `solve --proof` saves ({e}); {remove}"
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
        if saved.share != share {
            let whose = |share: Option<(usize, usize)>| {
                share.map_or("one whole walk".to_owned(), |(i, of)| {
                    format!("share {i} of {of}")
                })
            };
            return Err(usage(format!(
                "{shown} is the progress of {}, not of {}; {remove}",
                whose(saved.share),
                whose(share)
            )));
        }
        // A walk asks at most n questions a row (one a column).
        if saved.completions.len() > n * n {
            return Err(usage(format!(
                "{shown} holds {} completions, more than the {} questions a walk of n = {n} asks; {remove}",
                saved.completions.len(),
                n * n
            )));
        }
        for (prefix, solution) in &saved.completions {
            let fits = solution.len() == n
                && solution.starts_with(prefix)
                && queens::validate_rows(solution, n).is_ok();
            if !fits {
                return Err(usage(format!(
                    "{shown}: the completion of {prefix:?} is not a solution of n = {n} that starts with it; {remove}"
                )));
            }
        }
        let question = saved.question.map(|q| {
            let checkpoint = Checkpoint {
                subtrees: q.subtrees,
                empty: q.empty,
                paused: q.paused,
            };
            (q.prefix, checkpoint)
        });
        let completions: HashMap<_, _> = saved.completions.iter().cloned().collect();
        if completions.len() < saved.completions.len() {
            return Err(usage(format!(
                "{shown} holds two completions of one prefix; {remove}"
            )));
        }
        let earlier = Earlier {
            completions,
            listed: saved.completions,
            question,
        };
        Ok((inflight, earlier))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Saves the completions found and, if one is being searched, where the search of a
    /// question stands.
    pub(crate) fn save(
        &self,
        completions: &Completions,
        question: Option<(&[u32], Checkpoint)>,
    ) -> anyhow::Result<()> {
        let mut saved = Saved {
            n: self.n,
            share: self.share,
            completions: completions.clone(),
            question: question.map(|(prefix, checkpoint)| SavedQuestion {
                prefix: prefix.to_vec(),
                subtrees: checkpoint.subtrees,
                empty: checkpoint.empty,
                paused: checkpoint.paused,
            }),
            version: env!("CARGO_PKG_VERSION").into(),
            checksum: String::new(),
        };
        saved.checksum = saved.expected_checksum();
        let mut text = serde_json::to_vec(&saved).expect("the progress is JSON");
        text.push(b'\n');
        replace(&self.path, &text).with_context(|| format!("cannot write {}", self.path.display()))
    }

    /// Removes the file, if there is one: the walk is done.
    pub(crate) fn clear(&self) -> anyhow::Result<()> {
        if std::fs::symlink_metadata(&self.path).is_err() {
            return Ok(());
        }
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(e).with_context(|| format!("cannot remove {}", self.path.display()))
            }
            _ => Ok(()),
        }
    }
}

/// Whose the saved question is while a question is searched.
pub(crate) enum Claim {
    /// The question's: its search is saved, fresh or going on from where it was.
    Owned { progress: Progress, resumed: bool },
    /// Another question's, saved by an earlier run and still to be asked: this one's
    /// search is saved only if it is stopped, in its place. (A run asks no question
    /// before the saved one unless the certificate or the file lost some answers.)
    Untracked(Progress),
}

/// Whose the saved question is while `prefix` is searched, the question an earlier run
/// `saved` taken once it is asked or passed.
pub(crate) fn claim(saved: &mut Question, prefix: &[u32]) -> Claim {
    let fresh = || Claim::Owned {
        progress: Progress::new(),
        resumed: false,
    };
    match saved.take() {
        Some((question, checkpoint)) if question == prefix => Claim::Owned {
            progress: Progress::resume(checkpoint),
            resumed: true,
        },
        // The walk asks in lexicographic order (depth first, the columns in increasing
        // order): past the saved question, it will not ask it.
        Some((question, _)) if prefix > question.as_slice() => fresh(),
        Some(question) => {
            *saved = Some(question);
            Claim::Untracked(Progress::new())
        }
        None => fresh(),
    }
}
