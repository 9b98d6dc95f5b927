//! The files long counts leave behind: plans, unit records and checkpoints, each written
//! atomically so that a kill at any moment leaves either the old file or the new one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;
use queens::counting::{Plan, Share};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{shown, usage};
use crate::limits::{RECORD_MAX_BYTES, STORE_MAX_BYTES};
use queens::limits::excerpt;

/// Writes `bytes` to `path` as what `path` is.
///
/// - A regular file, or nothing yet: atomically, so that readers only ever see a whole
///   file: a temporary file in the same directory, flushed to disk, renamed over `path`,
///   and the directory flushed so the rename itself survives a power loss.
/// - A symbolic link: the file it leads to, by the same rules; the link stays.
/// - A device or a FIFO (`/dev/null`, a named pipe): written through, never replaced, so
///   that a write error such as a full device is reported; `/dev/stdout` as standard
///   output.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // Standard output by its name goes through the checked writer, which knows whether
    // descriptor 1 was closed (Rust puts /dev/null in its place).
    if ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]
        .iter()
        .any(|name| path == Path::new(name))
    {
        let mut out = crate::cmd::stdout();
        out.write_all(bytes)?;
        return out.flush();
    }
    let target = link_target(path)?;
    match fs::metadata(&target) {
        Ok(m) if m.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        )),
        Ok(m) if !m.is_file() => {
            let mut file = fs::OpenOptions::new().write(true).open(&target)?;
            file.write_all(bytes)?;
            file.flush()
        }
        Ok(_) => replace(&target, bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace(&target, bytes),
        Err(e) => Err(e),
    }
}

/// Where `path` leads after every symbolic link on it (at most 40, as Linux allows);
/// `path` itself when it is no link. The target may not exist yet.
fn link_target(path: &Path) -> io::Result<std::path::PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) => dir.join(to),
                    None => to,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Writes `path` through a temporary file renamed over it, whatever `path` is now: for
/// the files nqueens keeps for itself (unit records), where something else in their place
/// is damage to be replaced, never a device to write to.
pub(crate) fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // Unique per write, not only per process: threads may write records at once. Short,
    // so that a name near the system's limit still has room for its temporary twin.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let tmp = dir.join(format!(
        ".nqueens-{}-{}.tmp",
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

/// The bytes of `path`, a regular file (or a link to one) of at most `most` bytes, or
/// as many of its first bytes as show that it is no JSON object.
/// Anything else is refused without reading it: a device such as `/dev/zero` would never
/// end, and opening a FIFO would wait for a writer forever.
pub(crate) fn read_regular(path: &Path, most: u64) -> io::Result<Vec<u8>> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO without it waits for a writer; a regular file ignores it.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    if meta.len() > most {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("larger than {}, the most read", size(most)),
        ));
    }
    let mut file = io::Read::take(file, most + 1);
    // Every file kept here is a JSON object: one that does not start like one is handed
    // back as it starts, to be refused by its parser without reading the rest.
    let mut bytes = Vec::new();
    io::Read::read_to_end(&mut io::Read::take(&mut file, 4096), &mut bytes)?;
    if bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b != b'{')
    {
        return Ok(bytes);
    }
    io::Read::read_to_end(&mut file, &mut bytes)?;
    if bytes.len() as u64 > most {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("larger than {}, the most read", size(most)),
        ));
    }
    Ok(bytes)
}

/// `bytes` in KiB, MiB or GiB, for messages.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 => format!("{} MiB", b >> 20),
        b => format!("{} KiB", b >> 10),
    }
}

/// A share's fields in a fixed order, for checksums.
pub(crate) fn digest_text(s: &Share) -> String {
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
    (version != queens::counting::PLAN_VERSION).then(|| {
        format!(
            "{what} was made with plan version {version}, and this nqueens's plans are version {}",
            queens::counting::PLAN_VERSION
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

#[derive(Debug, PartialEq, Serialize, Deserialize)]
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
            plan_version: queens::counting::PLAN_VERSION,
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
        let text = read_regular(path, STORE_MAX_BYTES)
            .map_err(|e| usage(format!("cannot read plan {}: {e}", shown(path))))?;
        let file: PlanFile = serde_json::from_slice(&text)
            .ok()
            .filter(|f: &PlanFile| f.format == PLAN_FORMAT)
            .ok_or_else(|| usage(format!("{} is not an nqueens plan file", shown(path))))?;
        if let Some(why) = other_version(&format!("plan {}", shown(path)), file.plan_version) {
            return Err(usage(format!(
                "{why}: make a new one with 'nqueens plan {}'",
                file.n
            )));
        }
        let plan = queens::counting::plan_split(file.n, file.sets_per_unit)
            .with_context(|| format!("plan {}", shown(path)))?;
        if file.hash != plan.digest() {
            return Err(usage(format!(
                "plan {} does not match the plan this nqueens (plan version {}) makes for n = {} in units of {} column sets (its hash differs): it was edited or made by another build; make a new one with 'nqueens plan {}'",
                shown(path),
                queens::counting::PLAN_VERSION,
                file.n,
                file.sets_per_unit,
                file.n
            )));
        }
        // The hash is the plan's as rebuilt from n and the split; the file's unit list
        // must be that plan's too, so that an edited list is refused, not half-used.
        let units = PlanFile::new(&plan).units;
        if let Some(at) =
            (0..units.len().max(file.units.len())).find(|&i| file.units.get(i) != units.get(i))
        {
            let found = match file.units.get(at) {
                Some(u) => format!("unit {} {}", u.id, excerpt(&u.kind)),
                None => "no unit".to_owned(),
            };
            let wanted = match units.get(at) {
                Some(u) => format!("unit {} {}", u.id, u.kind),
                None => "none".to_owned(),
            };
            return Err(usage(format!(
                "plan {} was edited: entry {at} of its units is {found}, where its hash says {wanted}: make a new one with 'nqueens plan {}'",
                shown(path),
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
            plan_version: queens::counting::PLAN_VERSION,
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

impl UnitRecord {
    /// Reads the record in `path`, or says why it cannot be trusted for this plan.
    pub(crate) fn load(
        path: &Path,
        plan: &Plan,
        hash: &str,
    ) -> Result<(UnitRecord, Share), String> {
        let bytes = read_regular(path, RECORD_MAX_BYTES).map_err(|e| format!("unreadable: {e}"))?;
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
        if !record.share.is_consistent(plan.n()) {
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
pub(crate) fn short_hash(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}
