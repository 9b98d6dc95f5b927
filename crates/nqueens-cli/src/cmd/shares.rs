//! One certified walk split over machines: the files through which its shares agree.
//!
//! Share I of M (`solve N --limit 1 --proof FILE --index I --of M`) runs the whole walk,
//! and searches only its share of each question ([`Completion::find_share`]). It appends
//! its part of each answer to `FILE.share-I`, one JSON line each, flushed as it is
//! known, and reads every other share's file:
//!
//! ```text
//! {"n":40,"index":1,"of":4}
//! {"prefix":[0],"completion":[0,2,4,...]}
//! {"prefix":[0,2,4,1,3,8,10,12,14,5,7,18,6],"none":true,"checksum":"…"}
//! {"prefix":[0,2,4,1,3,8,10,12,14,5,7,18,7],"stopped":true}
//! ```
//!
//! A question is settled once every share has answered it: by the completion of the
//! lowest share that found one, or else, every share having found none, as refuted. Every
//! share settles it the same way from the same lines, so all walk on the same path. A
//! share searching a question gives up (`stopped`) as soon as another has a completion of
//! it. A share killed and started again finds its own answers in its file and does not
//! search them again; the others wait for the answers it still owes.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::Context;
use queens::{Cancel, Completion, Error, Outcome, Placement};

use super::proof::{columns_at, digest};
use crate::error::usage;

/// The longest wait between two looks at the other shares' files.
const MOST_WAIT: Duration = Duration::from_millis(500);

/// What one share said about one question.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    /// A completion of the prefix.
    Completion(Vec<u32>),
    /// No completion in this share.
    None,
    /// Given up: another share had a completion.
    Stopped,
}

/// This share's view of every share's answers, read as the files grow.
struct Answers {
    n: usize,
    of: usize,
    /// Every share's file, and how far it has been read.
    files: Vec<(PathBuf, u64)>,
    /// Per prefix, each share's answer.
    said: HashMap<Vec<u32>, Vec<Option<Answer>>>,
}

/// Share `index` of `of` of the walk whose certificate is `proof`.
pub(crate) struct Share {
    index: usize,
    of: NonZeroUsize,
    own: File,
    own_path: PathBuf,
    answers: Mutex<Answers>,
}

/// The file of share `index` beside the certificate `proof`.
fn share_path(proof: &Path, index: usize) -> PathBuf {
    super::proof::beside(proof, &format!(".share-{index}"))
}

/// What a share's "none" is checked by: a line a run wrote, not an edit.
fn checksum(n: usize, index: usize, of: usize, prefix: &[u32]) -> String {
    digest(&format!("nqueens-share|{n}|{index}|{of}|{prefix:?}"))
}

impl Share {
    /// Opens share `index` of `of` for `n` queens: its file is created with its header, or
    /// read and cut after its last whole line.
    pub(crate) fn open(
        proof: &Path,
        n: usize,
        index: usize,
        of: NonZeroUsize,
    ) -> anyhow::Result<Share> {
        if index >= of.get() {
            let of = of.get();
            return Err(queens::Error::NoSuchShare { index, of }.into());
        }
        let files = (0..of.get()).map(|i| (share_path(proof, i), 0)).collect();
        let mut answers = Answers {
            n,
            of: of.get(),
            files,
            said: HashMap::new(),
        };
        answers.refresh()?;
        let own_path = share_path(proof, index);
        let whole = answers.files[index].1;
        let cannot = || format!("cannot write {}", own_path.display());
        let mut own = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(&own_path)
            .with_context(cannot)?;
        // Two runs of one share would write over each other's lines.
        match own.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(usage(format!(
                    "share {index} of {of} is already running: {} is locked by it",
                    own_path.display()
                )));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(e).with_context(cannot),
        }
        own.set_len(whole).with_context(cannot)?;
        own.seek(SeekFrom::End(0)).with_context(cannot)?;
        let mut share = Share {
            index,
            of,
            own,
            own_path,
            answers: Mutex::new(answers),
        };
        if whole == 0 {
            share.line(&serde_json::json!({ "n": n, "index": index, "of": of.get() }))?;
        }
        Ok(share)
    }

    fn answers(&self) -> std::sync::MutexGuard<'_, Answers> {
        self.answers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn line(&mut self, line: &serde_json::Value) -> anyhow::Result<()> {
        let mut text = serde_json::to_vec(line).expect("a share's line is JSON");
        text.push(b'\n');
        // One write a line, so that a kill cuts at most the line in flight.
        self.own
            .write_all(&text)
            .with_context(|| format!("cannot write {}", self.own_path.display()))?;
        // Read back at once, so that this share's own answers are known like the others'.
        self.answers().refresh()
    }

    /// The answer to the walk's question about `prefix`, `problem` being its completion
    /// problem: this share's part searched (unless an earlier run of it did), then the
    /// other shares' parts awaited until `deadline`, or until `stop` is cancelled.
    pub(crate) fn ask(
        &mut self,
        prefix: &[u32],
        problem: &Completion,
        deadline: Option<Instant>,
        stop: &Cancel,
    ) -> anyhow::Result<Outcome> {
        let mine = self.answers().get(prefix, self.index);
        if mine.is_none() {
            let answer = if self.answers().completed_elsewhere(prefix, self.index) {
                Answer::Stopped
            } else {
                match self.search(prefix, problem, deadline, stop)? {
                    Some(answer) => answer,
                    None => return Ok(Outcome::Unknown),
                }
            };
            let n = self.answers().n;
            let line = match &answer {
                Answer::Completion(c) => serde_json::json!({ "prefix": prefix, "completion": c }),
                Answer::None => serde_json::json!({
                    "prefix": prefix,
                    "none": true,
                    "checksum": checksum(n, self.index, self.of.get(), prefix),
                }),
                Answer::Stopped => serde_json::json!({ "prefix": prefix, "stopped": true }),
            };
            self.line(&line)?;
        }
        let mut wait = Duration::from_millis(5);
        loop {
            let settled = self.answers().settled(prefix)?;
            if let Some(outcome) = settled {
                return Ok(outcome);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) || stop.is_cancelled() {
                return Ok(Outcome::Unknown);
            }
            std::thread::sleep(wait);
            wait = (wait * 2).min(MOST_WAIT);
            self.answers().refresh()?;
        }
    }

    /// This share's part of the question, `None` at the deadline or once `stop` is
    /// cancelled. While it searches, a watcher reads the other shares' files and stops it
    /// once one of them has a completion.
    fn search(
        &self,
        prefix: &[u32],
        problem: &Completion,
        deadline: Option<Instant>,
        stop: &Cancel,
    ) -> anyhow::Result<Option<Answer>> {
        let cancel = Cancel::new();
        let problem = problem.clone().cancel_on(cancel.clone());
        // Dropped when the search ends, which wakes the watcher at once.
        let (done, ended) = mpsc::channel::<()>();
        let found = std::thread::scope(|scope| {
            let watcher = scope.spawn(move || -> anyhow::Result<()> {
                let mut wait = Duration::from_millis(20);
                while let Err(RecvTimeoutError::Timeout) = ended.recv_timeout(wait) {
                    wait = (wait * 2).min(MOST_WAIT);
                    if stop.is_cancelled() {
                        cancel.cancel();
                        break;
                    }
                    let mut answers = self.answers();
                    answers.refresh()?;
                    if answers.completed_elsewhere(prefix, self.index) {
                        cancel.cancel();
                        break;
                    }
                }
                Ok(())
            });
            let found = problem.find_share(deadline, self.index, self.of);
            drop(done);
            let watched = watcher
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            watched.map(|()| found)
        })?;
        Ok(match found {
            Ok(Outcome::Completed(p)) => Some(Answer::Completion(p.into_columns())),
            Ok(Outcome::Impossible) => Some(Answer::None),
            Ok(Outcome::Unknown) => None,
            // Not "stopped": that says another share has a completion.
            Err(Error::Cancelled) if stop.is_cancelled() => None,
            Err(Error::Cancelled) => Some(Answer::Stopped),
            Err(e) => return Err(e.into()),
        })
    }
}

impl Answers {
    /// Share `index`'s answer about `prefix`, if it has given one.
    fn get(&self, prefix: &[u32], index: usize) -> Option<Answer> {
        self.said.get(prefix).and_then(|a| a[index].clone())
    }

    /// Whether a share other than `index` has a completion of `prefix`.
    fn completed_elsewhere(&self, prefix: &[u32], index: usize) -> bool {
        self.said.get(prefix).is_some_and(|a| {
            a.iter()
                .enumerate()
                .any(|(i, a)| i != index && matches!(a, Some(Answer::Completion(_))))
        })
    }

    /// The question about `prefix` settled, once every share has answered it.
    fn settled(&self, prefix: &[u32]) -> anyhow::Result<Option<Outcome>> {
        let Some(said) = self.said.get(prefix) else {
            return Ok(None);
        };
        let Some(said) = said.iter().cloned().collect::<Option<Vec<Answer>>>() else {
            return Ok(None);
        };
        if let Some(c) = said.iter().find_map(|a| match a {
            Answer::Completion(c) => Some(c),
            _ => None,
        }) {
            return Ok(Some(Outcome::Completed(Placement::new(c.clone()))));
        }
        if said.contains(&Answer::Stopped) {
            return Err(usage(format!(
                "the shares' files of the prefix {prefix:?} say a share stopped for another's completion, but hold none: were they edited?"
            )));
        }
        Ok(Some(Outcome::Impossible))
    }

    /// Reads what the shares' files gained since the last look.
    fn refresh(&mut self) -> anyhow::Result<()> {
        for i in 0..self.files.len() {
            self.read(i)?;
        }
        Ok(())
    }

    fn read(&mut self, i: usize) -> anyhow::Result<()> {
        let (path, from) = self.files[i].clone();
        let shown = path.display();
        let mut file = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(usage(format!("cannot read {shown}: {e}"))),
        };
        let len = file
            .metadata()
            .map_err(|e| usage(format!("cannot read {shown}: {e}")))?
            .len();
        if len < from {
            return Err(usage(format!(
                "{shown} is shorter than what was read of it: it was cut or rewritten while the shares ran; stop them all and start them again"
            )));
        }
        file.seek(SeekFrom::Start(from))
            .map_err(|e| usage(format!("cannot read {shown}: {e}")))?;
        let mut reader = BufReader::new(file);
        let mut at = from;
        let mut line = Vec::new();
        loop {
            line.clear();
            let got = reader
                .read_until(b'\n', &mut line)
                .map_err(|e| usage(format!("cannot read {shown}: {e}")))?;
            // A line still being written, or cut by a kill: read again next time.
            if got == 0 || !line.ends_with(b"\n") {
                break;
            }
            self.take(i, at == 0, &line).map_err(|why| {
                usage(format!(
                    "{shown}: {why}; a share's file holds the lines `solve N --limit 1 --proof FILE --index I --of M` writes"
                ))
            })?;
            at += got as u64;
        }
        self.files[i].1 = at;
        Ok(())
    }

    /// Takes one line of share `i`'s file.
    fn take(&mut self, i: usize, header: bool, line: &[u8]) -> Result<(), String> {
        let (n, of) = (self.n, self.of);
        let value: serde_json::Value =
            serde_json::from_slice(line).map_err(|_| "a line is not a JSON object")?;
        let object = value.as_object().ok_or("a line is not a JSON object")?;
        let columns = |key: &str| -> Result<Vec<u32>, String> {
            columns_at(object, key, n)
                .ok_or_else(|| format!("\"{key}\" is not a list of columns of the board"))
        };
        let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
        keys.sort_unstable();
        if header {
            let expected = serde_json::json!({ "n": n, "index": i, "of": of });
            return if value == expected {
                Ok(())
            } else {
                Err(format!(
                    "its header is not {expected}: a file of another run"
                ))
            };
        }
        let yes = |key: &str| object[key] == serde_json::Value::Bool(true);
        let answer = match keys.as_slice() {
            ["completion", "prefix"] => Answer::Completion(columns("completion")?),
            ["checksum", "none", "prefix"] if yes("none") => {
                let prefix = columns("prefix")?;
                if object["checksum"].as_str() != Some(checksum(n, i, of, &prefix).as_str()) {
                    return Err(format!(
                        "the checksum of the prefix {prefix:?} does not match: the line was edited or not written by nqueens"
                    ));
                }
                Answer::None
            }
            ["prefix", "stopped"] if yes("stopped") => Answer::Stopped,
            _ => return Err("a line is not an answer".into()),
        };
        let prefix = columns("prefix")?;
        self.said.entry(prefix).or_insert_with(|| vec![None; of])[i] = Some(answer);
        Ok(())
    }
}
