//! `count --checkpoint`: an append-only log of the finished units, so that a checkpoint
//! costs what finished since the last one, not the whole count's progress.
//!
//! ```text
//! {"format":"nqueens-checkpoint-log","n":26,"plan_version":2,"plan_hash":"…","checksum":"…"}
//! {"units":[[0,17],[19,40]],"share":{"total":…,"half_turn":…,"quarter_turn":…},"checksum":"…"}
//! {"units":[[18,18],[41,63]],"share":{…},"checksum":"…"}
//! ```
//!
//! The header names the plan; each further line holds the units finished since the line
//! before, as ranges of ids, with the sum of their shares and a SHA-256 over the line and
//! the plan's hash, so that an edited line, or one from another count's log, is refused.
//! A line is appended and flushed to disk at once, every couple of seconds: a kill cuts at
//! most the line being written, which has no line break yet and is dropped when the log is
//! opened again. Every [`COMPACT_LINES`] lines the log is rewritten (atomically, as
//! [`write_atomic`] writes) as its header and one line of every unit done.
//!
//! A checkpoint of the earlier form, one JSON object rewritten whole, is read and turned
//! into a log.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use queens::counting::{Plan, Share};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{shown, usage};
use crate::limits::STORE_MAX_BYTES;
use crate::store::{checked_sum, digest_text, read_regular, short_hash, write_atomic};

/// The lines a log grows to before it is rewritten as one: at a line every 2 s, about
/// half an hour of a count's progress.
const COMPACT_LINES: usize = 1000;

const LOG_FORMAT: &str = "nqueens-checkpoint-log";
const OBJECT_FORMAT: &str = "nqueens-checkpoint";

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format: String,
    n: usize,
    plan_version: u32,
    plan_hash: String,
    checksum: String,
}

impl Header {
    fn new(n: usize, plan_hash: &str) -> Header {
        let mut header = Header {
            format: LOG_FORMAT.into(),
            n,
            plan_version: queens::counting::PLAN_VERSION,
            plan_hash: plan_hash.to_owned(),
            checksum: String::new(),
        };
        header.checksum = header.expected_checksum();
        header
    }

    fn expected_checksum(&self) -> String {
        hex::encode(Sha256::digest(format!(
            "{}|{}|{}|{}",
            self.format, self.n, self.plan_version, self.plan_hash
        )))
    }
}

/// Units finished together: ranges of ids, both ends included, and their shares' sum.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Done {
    units: Vec<[usize; 2]>,
    share: Share,
    checksum: String,
}

impl Done {
    fn new(ids: &[usize], share: Share, plan_hash: &str) -> Done {
        let mut done = Done {
            units: ranges(ids),
            share,
            checksum: String::new(),
        };
        done.checksum = done.expected_checksum(plan_hash);
        done
    }

    fn expected_checksum(&self, plan_hash: &str) -> String {
        let mut h = Sha256::new();
        h.update(format!("{plan_hash}|{}|", digest_text(&self.share)));
        for [a, b] in &self.units {
            h.update(format!("{a}-{b},"));
        }
        hex::encode(h.finalize())
    }
}

/// `ids`, sorted, as ranges of consecutive ids.
fn ranges(ids: &[usize]) -> Vec<[usize; 2]> {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    let mut out: Vec<[usize; 2]> = Vec::new();
    for id in sorted {
        match out.last_mut() {
            Some(r) if r[1] + 1 == id => r[1] = id,
            _ => out.push([id, id]),
        }
    }
    out
}

/// The checkpoint of the earlier form: one JSON object, each unit's share by id.
#[derive(Debug, Deserialize)]
struct Object {
    format: String,
    n: usize,
    plan_version: u32,
    plan_hash: String,
    done: BTreeMap<usize, Share>,
    #[serde(default)]
    checksum: String,
}

impl Object {
    fn expected_checksum(&self) -> String {
        let mut h = Sha256::new();
        h.update(format!(
            "{}|{}|{}|{}\n",
            self.format, self.n, self.plan_version, self.plan_hash
        ));
        for (id, share) in &self.done {
            h.update(format!("{id}|{}\n", digest_text(share)));
        }
        hex::encode(h.finalize())
    }
}

/// A count's progress, kept in a log at `path` as units finish.
pub(crate) struct Checkpoint {
    path: PathBuf,
    plan_hash: String,
    n: usize,
    /// Whether each unit of the plan is done.
    done: Vec<bool>,
    /// The sum of the done units' shares.
    share: Share,
    /// Units finished since the last line, with their shares' sum.
    pending: (Vec<usize>, Share),
    /// Lines after the header.
    lines: usize,
    /// The log, open for appending once it is whole.
    log: Option<File>,
}

impl Checkpoint {
    /// The checkpoint at `path` for `plan`: the log there, or a checkpoint of the earlier
    /// form turned into one, or a new log. Refuses a file of another count, or one that is
    /// damaged or edited, naming what is wrong.
    pub(crate) fn open(path: &Path, plan: &Plan) -> anyhow::Result<Checkpoint> {
        let mut checkpoint = Checkpoint {
            path: path.to_owned(),
            plan_hash: plan.digest(),
            n: plan.n(),
            done: vec![false; plan.units().len()],
            share: Share::default(),
            pending: (Vec::new(), Share::default()),
            lines: 0,
            log: None,
        };
        let text = match read_regular(path, STORE_MAX_BYTES) {
            // An empty file (`mktemp`'s) is a new checkpoint.
            Ok(text) if text.iter().all(u8::is_ascii_whitespace) => None,
            Ok(text) => Some(text),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => {
                return Err(usage(format!(
                    "cannot read checkpoint {}: {e}",
                    shown(path)
                )));
            }
        };
        // A log whose last line is whole is appended to as it is; anything else (a new
        // file, the earlier form, a line cut by a kill) is written afresh from what was
        // read, all at once.
        let appendable = match &text {
            Some(text) => checkpoint.read(text, plan)?,
            None => false,
        };
        if appendable {
            checkpoint.reopen()?;
        } else {
            checkpoint.compact()?;
        }
        Ok(checkpoint)
    }

    /// Reads `text`, a log or the earlier form, into the done units; whether it is a log
    /// that ends with a whole line.
    fn read(&mut self, text: &[u8], plan: &Plan) -> anyhow::Result<bool> {
        let path = &self.path;
        let not_ours = || {
            usage(format!(
                "{} is not an nqueens checkpoint (delete it to start afresh)",
                shown(path)
            ))
        };
        let damaged = |why: &str| {
            usage(format!(
                "checkpoint {} {why}: it cannot be trusted; delete it to start the count afresh",
                shown(path)
            ))
        };
        let mut lines = text.split_inclusive(|&b| b == b'\n');
        let first = lines.next().unwrap_or_default();
        let value: serde_json::Value = serde_json::from_slice(first).map_err(|_| not_ours())?;
        let (n, version, hash) = (
            value["n"].as_u64().map(|n| n as usize),
            value["plan_version"].as_u64().map_or(1, |v| v as u32),
            value["plan_hash"].as_str().unwrap_or_default().to_owned(),
        );
        if version != queens::counting::PLAN_VERSION {
            return Err(usage(format!(
                "checkpoint {} was made with plan version {version}, and this nqueens's plans are version {}: its partial counts cannot be reused; delete it to start afresh",
                shown(path),
                queens::counting::PLAN_VERSION
            )));
        }
        let mut shares = Vec::new();
        let whole = match value["format"].as_str() {
            Some(OBJECT_FORMAT) => {
                let object: Object = serde_json::from_value(value).map_err(|_| not_ours())?;
                if object.checksum != object.expected_checksum() {
                    return Err(damaged(
                        "is damaged or was edited (its checksum does not match)",
                    ));
                }
                self.check_plan(n, version, &hash, plan)?;
                for (id, share) in object.done {
                    shares.push((vec![[id, id]], share));
                }
                false
            }
            Some(LOG_FORMAT) => {
                let header: Header = serde_json::from_value(value).map_err(|_| not_ours())?;
                if header.checksum != header.expected_checksum() {
                    return Err(damaged(
                        "is damaged or was edited (its header's checksum does not match)",
                    ));
                }
                self.check_plan(n, version, &hash, plan)?;
                let mut whole = first.ends_with(b"\n");
                for (i, line) in lines.enumerate() {
                    if !line.ends_with(b"\n") {
                        // Cut by a kill while it was written: its units are counted again.
                        whole = false;
                        break;
                    }
                    let done: Done = serde_json::from_slice(line).map_err(|_| {
                        damaged(&format!(
                            "has a line ({}) that is not a checkpoint's",
                            i + 2
                        ))
                    })?;
                    if done.checksum != done.expected_checksum(&self.plan_hash) {
                        return Err(damaged(&format!(
                            "is damaged or was edited (the checksum of line {} does not match)",
                            i + 2
                        )));
                    }
                    shares.push((done.units, done.share));
                    self.lines += 1;
                }
                whole
            }
            _ => return Err(not_ours()),
        };
        for (units, share) in &shares {
            for &[a, b] in units {
                if a > b || b >= self.done.len() {
                    return Err(damaged("names units that are not in the plan"));
                }
                for id in a..=b {
                    if std::mem::replace(&mut self.done[id], true) {
                        return Err(damaged(&format!("names unit {id} twice")));
                    }
                }
            }
            if !share.is_consistent(self.n) {
                return Err(damaged(
                    "holds a share with more solutions fixed by a quarter turn than by a half turn, or not in whole orbits",
                ));
            }
        }
        self.share = checked_sum(shares.iter().map(|(_, s)| *s))
            .ok_or_else(|| damaged("holds shares whose sum overflows"))?;
        Ok(whole)
    }

    /// Refuses a checkpoint made for another count than `plan`'s.
    fn check_plan(
        &self,
        n: Option<usize>,
        version: u32,
        hash: &str,
        plan: &Plan,
    ) -> anyhow::Result<()> {
        if n == Some(plan.n()) && hash == self.plan_hash {
            return Ok(());
        }
        Err(usage(format!(
            "checkpoint {} is for a count of n = {} by plan version {version} (plan {}), not for this one of n = {} by version {} (plan {}): use another file",
            shown(&self.path),
            n.map_or_else(|| "?".to_owned(), |n| n.to_string()),
            short_hash(hash),
            plan.n(),
            queens::counting::PLAN_VERSION,
            short_hash(&self.plan_hash)
        )))
    }

    /// Whether unit `id` is done.
    pub(crate) fn is_done(&self, id: usize) -> bool {
        self.done[id]
    }

    /// Unit `id` finished with `share`; it is written down at the next [`Checkpoint::save`].
    pub(crate) fn add(&mut self, id: usize, share: Share) {
        self.done[id] = true;
        self.share += share;
        self.pending.0.push(id);
        self.pending.1 += share;
    }

    /// The sum of the done units' shares.
    pub(crate) fn share(&self) -> Share {
        self.share
    }

    /// Appends the units finished since the last save as one line, flushed to disk; every
    /// [`COMPACT_LINES`] lines, rewrites the log as one.
    pub(crate) fn save(&mut self) -> anyhow::Result<()> {
        if self.pending.0.is_empty() {
            return Ok(());
        }
        if self.lines >= COMPACT_LINES {
            self.pending = (Vec::new(), Share::default());
            return self.compact();
        }
        let (ids, share) = std::mem::take(&mut self.pending);
        let mut line = serde_json::to_vec(&Done::new(&ids, share, &self.plan_hash))?;
        line.push(b'\n');
        let log = self.log.as_mut().expect("opened with the checkpoint");
        // One write a line, so that a kill cuts at most the line in flight.
        log.write_all(&line)
            .and_then(|()| log.sync_data())
            .with_context(|| format!("cannot write checkpoint {}", shown(&self.path)))?;
        self.lines += 1;
        Ok(())
    }

    /// Rewrites the log as its header and one line of every unit done.
    pub(crate) fn compact(&mut self) -> anyhow::Result<()> {
        let mut text = serde_json::to_vec(&Header::new(self.n, &self.plan_hash))?;
        text.push(b'\n');
        let ids: Vec<usize> = (0..self.done.len()).filter(|&i| self.done[i]).collect();
        self.lines = 0;
        if !ids.is_empty() {
            text.extend(serde_json::to_vec(&Done::new(
                &ids,
                self.share,
                &self.plan_hash,
            ))?);
            text.push(b'\n');
            self.lines = 1;
        }
        write_atomic(&self.path, &text)
            .with_context(|| format!("cannot write checkpoint {}", shown(&self.path)))?;
        // The file was replaced: appends go to the new one.
        self.reopen()
    }

    /// Opens the log for appending.
    fn reopen(&mut self) -> anyhow::Result<()> {
        let log = OpenOptions::new()
            .append(true)
            .open(&self.path)
            .with_context(|| format!("cannot write checkpoint {}", shown(&self.path)))?;
        self.log = Some(log);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_become_ranges() {
        assert_eq!(ranges(&[5, 0, 1, 2, 7, 6]), [[0, 2], [5, 7]]);
        assert_eq!(ranges(&[]), Vec::<[usize; 2]>::new());
    }

    /// A log forged with valid checksums is still refused when its numbers cannot come
    /// from a count, and a log's units are its checkpoint's after it is opened again.
    #[test]
    fn logs_keep_their_units_and_forged_ones_are_refused() {
        let plan = queens::counting::plan(8).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cp.log");
        // An empty file, as `mktemp` makes, is a new checkpoint.
        std::fs::write(&path, "").unwrap();
        let mut cp = Checkpoint::open(&path, &plan).unwrap();
        cp.add(0, plan.units()[0].count());
        cp.save().unwrap();
        cp.add(2, plan.units()[2].count());
        cp.save().unwrap();
        let again = Checkpoint::open(&path, &plan).unwrap();
        assert!(again.is_done(0) && !again.is_done(1) && again.is_done(2));
        assert_eq!(
            again.share(),
            plan.units()[0].count() + plan.units()[2].count()
        );
        let forged = |share: Share, units: Vec<[usize; 2]>| {
            let mut done = Done::new(&[], share, &plan.digest());
            done.units = units;
            done.checksum = done.expected_checksum(&plan.digest());
            let mut text = serde_json::to_vec(&Header::new(plan.n(), &plan.digest())).unwrap();
            text.push(b'\n');
            text.extend(serde_json::to_vec(&done).unwrap());
            text.push(b'\n');
            std::fs::write(&path, text).unwrap();
            let err = Checkpoint::open(&path, &plan).err().unwrap().to_string();
            assert!(err.contains("delete it to start the count afresh"), "{err}");
            err
        };
        let odd = Share {
            total: 0,
            half_turn: 4,
            quarter_turn: 1,
        };
        assert!(forged(odd, vec![[0, 0]]).contains("not in whole orbits"));
        let share = plan.units()[0].count();
        assert!(forged(share, vec![[0, 0], [0, 0]]).contains("names unit 0 twice"));
        assert!(forged(share, vec![[7, 9999]]).contains("not in the plan"));
    }
}
