//! The files long counts leave behind: plans, unit records and checkpoints, each written
//! atomically so that a kill at any moment leaves either the old file or the new one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;
use queens::{Plan, Share};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::usage;

/// Writes `bytes` to `path` so that readers only ever see a whole file: a temporary file
/// in the same directory, flushed to disk, renamed over `path`, and the directory flushed
/// so the rename itself survives a power loss.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    // Unique per write, not only per process: threads may write records at once.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let tmp = dir.join(format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)?;
        File::open(dir)?.sync_all()
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A share's fields in a fixed order, for checksums.
fn digest_text(s: &Share) -> String {
    format!("{}|{}|{}", s.total, s.half_turn, s.quarter_turn)
}

/// The sum of shares read back from files, or `None` if it would overflow: only a
/// damaged or forged file can make it.
pub(crate) fn checked_sum(shares: impl IntoIterator<Item = Share>) -> Option<Share> {
    shares
        .into_iter()
        .try_fold(Share::default(), Share::checked_add)
}

/// The plan version a file was made under: files from before versions were recorded in
/// unit records count as version 1.
#[derive(Deserialize)]
struct Version {
    #[serde(default = "first_version")]
    plan_version: u32,
}

fn first_version() -> u32 {
    1
}

/// Why a file made under another plan version cannot be used, naming both versions.
fn other_version(what: &str, version: u32) -> Option<String> {
    (version != queens::plan::PLAN_VERSION).then(|| {
        format!(
            "{what} was made with plan version {version}, and this nqueens's plans are version {}",
            queens::plan::PLAN_VERSION
        )
    })
}

/// The plan file `nqueens plan` writes and `shard` and `merge` read.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct PlanFile {
    format: String,
    pub(crate) n: usize,
    plan_version: u32,
    /// How many column sets each unit joins: the plan is rebuilt from n and this.
    #[serde(default)]
    sets_per_unit: usize,
    pub(crate) hash: String,
    units: Vec<PlanUnit>,
}

#[derive(Debug, Serialize, Deserialize)]
struct PlanUnit {
    id: usize,
    kind: String,
}

const PLAN_FORMAT: &str = "nqueens-plan";

impl PlanFile {
    pub(crate) fn new(plan: &Plan) -> Self {
        PlanFile {
            format: PLAN_FORMAT.into(),
            n: plan.n(),
            plan_version: queens::plan::PLAN_VERSION,
            sets_per_unit: plan.sets_per_unit(),
            hash: plan.digest(),
            units: plan
                .units()
                .iter()
                .map(|u| PlanUnit {
                    id: u.id(),
                    kind: u.describe(),
                })
                .collect(),
        }
    }

    /// Reads a plan file and rebuilds its plan, refusing one this version would split
    /// differently.
    pub(crate) fn load(path: &Path) -> anyhow::Result<(PlanFile, Plan)> {
        let text = fs::read_to_string(path)
            .map_err(|e| usage(format!("cannot read plan '{}': {e}", path.display())))?;
        let file: PlanFile = serde_json::from_str(&text)
            .ok()
            .filter(|f: &PlanFile| f.format == PLAN_FORMAT)
            .ok_or_else(|| usage(format!("'{}' is not an nqueens plan file", path.display())))?;
        if let Some(why) = other_version(&format!("plan '{}'", path.display()), file.plan_version) {
            return Err(usage(format!(
                "{why}: make a new one with 'nqueens plan {}'",
                file.n
            )));
        }
        let plan = queens::plan_split(file.n, file.sets_per_unit)
            .with_context(|| format!("plan '{}'", path.display()))?;
        if file.hash != plan.digest() {
            return Err(usage(format!(
                "plan '{}' (plan version {}) does not match this nqueens's plan for n = {} (version {}): make a new one with 'nqueens plan {}'",
                path.display(),
                file.plan_version,
                file.n,
                queens::plan::PLAN_VERSION,
                file.n
            )));
        }
        Ok((file, plan))
    }
}

/// One unit's result, as `shard` writes it: self-checking, so that `merge` can tell a
/// truncated or altered record from a good one.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct UnitRecord {
    pub(crate) unit: usize,
    pub(crate) n: usize,
    pub(crate) plan_hash: String,
    plan_version: u32,
    pub(crate) share: Share,
    pub(crate) elapsed: f64,
    pub(crate) host: String,
    pub(crate) checksum: String,
}

impl UnitRecord {
    pub(crate) fn new(unit: usize, n: usize, plan_hash: &str, share: Share, elapsed: f64) -> Self {
        let mut record = UnitRecord {
            unit,
            n,
            plan_hash: plan_hash.to_owned(),
            plan_version: queens::plan::PLAN_VERSION,
            share,
            elapsed,
            host: host(),
            checksum: String::new(),
        };
        record.checksum = record.expected_checksum();
        record
    }

    /// SHA-256 over every other field.
    pub(crate) fn expected_checksum(&self) -> String {
        let text = format!(
            "{}|{}|{}|{}|{}|{}|{}",
            self.unit,
            self.n,
            self.plan_hash,
            self.plan_version,
            digest_text(&self.share),
            self.elapsed,
            self.host
        );
        hex::encode(Sha256::digest(text.as_bytes()))
    }

    /// The file a unit's record lives in, inside a shard directory.
    pub(crate) fn file_name(unit: usize) -> String {
        format!("unit-{unit:07}.json")
    }
}

/// This machine's name, for the records (which host computed what).
fn host() -> String {
    fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| fs::read_to_string("/etc/hostname"))
        .map(|h| h.trim().to_owned())
        .ok()
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown".into())
}

/// A count's progress, as `count --checkpoint` keeps it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Checkpoint {
    format: String,
    pub(crate) n: usize,
    plan_version: u32,
    pub(crate) plan_hash: String,
    /// Finished units and their shares, by unit id.
    pub(crate) done: std::collections::BTreeMap<usize, Share>,
    /// SHA-256 over every other field, so that a damaged or edited checkpoint is refused
    /// rather than trusted.
    #[serde(default)]
    checksum: String,
}

const CHECKPOINT_FORMAT: &str = "nqueens-checkpoint";

impl Checkpoint {
    pub(crate) fn new(plan: &Plan) -> Self {
        Checkpoint {
            format: CHECKPOINT_FORMAT.into(),
            n: plan.n(),
            plan_version: queens::plan::PLAN_VERSION,
            plan_hash: plan.digest(),
            done: Default::default(),
            checksum: String::new(),
        }
    }

    /// SHA-256 over every field but the checksum.
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

    /// The sum of the finished units' shares.
    pub(crate) fn share(&self) -> Share {
        checked_sum(self.done.values().copied())
            .expect("checked when loaded, and made here from counts")
    }

    /// The checkpoint in `path` if there is one, refusing one made for another count.
    pub(crate) fn load(path: &Path, plan: &Plan) -> anyhow::Result<Option<Checkpoint>> {
        let text = match fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(usage(format!(
                    "cannot read checkpoint '{}': {e}",
                    path.display()
                )));
            }
        };
        let not_ours = || {
            usage(format!(
                "'{}' is not an nqueens checkpoint (delete it to start afresh)",
                path.display()
            ))
        };
        let version: Version = serde_json::from_str(&text).map_err(|_| not_ours())?;
        if let Some(why) = other_version(
            &format!("checkpoint '{}'", path.display()),
            version.plan_version,
        ) {
            return Err(usage(format!(
                "{why}: its partial counts cannot be reused; delete it to start afresh"
            )));
        }
        let cp: Checkpoint = serde_json::from_str(&text)
            .ok()
            .filter(|c: &Checkpoint| c.format == CHECKPOINT_FORMAT)
            .ok_or_else(not_ours)?;
        let damaged = |why: &str| {
            usage(format!(
                "checkpoint '{}' {why}: it cannot be trusted; delete it to start the count afresh",
                path.display()
            ))
        };
        if cp.checksum != cp.expected_checksum() {
            return Err(damaged(
                "is damaged or was edited (its checksum does not match)",
            ));
        }
        if cp.n != plan.n()
            || cp.plan_version != queens::plan::PLAN_VERSION
            || cp.plan_hash != plan.digest()
        {
            return Err(usage(format!(
                "checkpoint '{}' is for a count of n = {} by plan version {} (plan {}), not for this one of n = {} by version {} (plan {}): use another file",
                path.display(),
                cp.n,
                cp.plan_version,
                short_hash(&cp.plan_hash),
                plan.n(),
                queens::plan::PLAN_VERSION,
                short_hash(&plan.digest())
            )));
        }
        if cp.done.keys().any(|&id| id >= plan.units().len()) {
            return Err(damaged("names units that are not in the plan"));
        }
        if !cp.done.values().all(Share::is_consistent) {
            return Err(damaged(
                "holds a share with more solutions fixed by a quarter turn than by a half turn, or not in whole orbits",
            ));
        }
        if checked_sum(cp.done.values().copied()).is_none() {
            return Err(damaged("holds shares whose sum overflows"));
        }
        Ok(Some(cp))
    }

    pub(crate) fn save(&mut self, path: &Path) -> anyhow::Result<()> {
        self.checksum = self.expected_checksum();
        let bytes = serde_json::to_vec(self)?;
        write_atomic(path, &bytes)
            .with_context(|| format!("cannot write checkpoint '{}'", path.display()))
    }
}

impl UnitRecord {
    /// Reads the record in `path`, or says why it cannot be trusted for this plan.
    pub(crate) fn load(
        path: &Path,
        plan: &Plan,
        hash: &str,
    ) -> Result<(UnitRecord, Share), String> {
        let bytes = fs::read(path).map_err(|e| format!("unreadable: {e}"))?;
        let version: Version =
            serde_json::from_slice(&bytes).map_err(|_| "not a whole unit record".to_owned())?;
        if let Some(why) = other_version("the record", version.plan_version) {
            return Err(why);
        }
        let record: UnitRecord =
            serde_json::from_slice(&bytes).map_err(|_| "not a whole unit record".to_owned())?;
        if record.checksum != record.expected_checksum() {
            return Err("checksum mismatch".into());
        }
        if record.plan_hash != hash || record.n != plan.n() {
            return Err(format!("from another plan (n = {})", record.n));
        }
        if record.unit >= plan.units().len() {
            return Err(format!("unit {} is not in the plan", record.unit));
        }
        if !record.share.is_consistent() {
            return Err(
                "a share with more solutions fixed by a quarter turn than by a half turn, or not in whole orbits"
                    .into(),
            );
        }
        let share = record.share;
        Ok((record, share))
    }
}

/// The first 12 hex digits of a plan hash, enough to tell two plans apart in a message.
fn short_hash(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A checkpoint forged with a valid checksum is still refused when its numbers cannot
    /// come from a count.
    #[test]
    fn forged_checkpoints_are_refused_by_their_numbers() {
        let plan = queens::plan(8).unwrap();
        let path = std::env::temp_dir().join(format!("nqueens-forged-{}.json", std::process::id()));
        let forged = |shares: &[Share]| {
            let mut cp = Checkpoint::new(&plan);
            for (id, &t) in shares.iter().enumerate() {
                cp.done.insert(id, t);
            }
            cp.save(&path).unwrap();
            let err = Checkpoint::load(&path, &plan).unwrap_err().to_string();
            assert!(err.contains("delete it to start the count afresh"), "{err}");
            err
        };
        let odd = Share {
            total: 0,
            half_turn: 4,
            quarter_turn: 1,
        };
        assert!(forged(&[odd]).contains("not in whole orbits"));
        let huge = Share {
            total: u128::MAX,
            ..Share::default()
        };
        assert!(forged(&[huge, huge]).contains("sum overflows"));
        // And an honest one loads.
        let mut cp = Checkpoint::new(&plan);
        cp.done.insert(0, plan.units()[0].count());
        cp.save(&path).unwrap();
        assert!(Checkpoint::load(&path, &plan).unwrap().is_some());
        std::fs::remove_file(&path).unwrap();
    }
}
