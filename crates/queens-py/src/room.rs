//! The memory `solve` may fill, so that a list too long for the machine ends in a
//! `MemoryError` rather than in the kernel killing Python, or an allocation failing
//! where Rust cannot report it.

use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;

use crate::args::Dtype;

/// Bytes kept back from the room for what the listing holds beside its rows: the
/// library's buffers (64 MiB), the blocks queued between its threads, and the threads'
/// own memory, which under `ulimit -v` is address space reserved as they start.
const MARGIN: u64 = 512 << 20;

/// The memory one `solve(n)` may fill with its rows and its array.
#[derive(Debug)]
pub(crate) struct Room {
    n: usize,
    unique: bool,
    dtype: Dtype,
    /// Bytes the rows may take.
    free: u64,
    /// What each row listed costs once the array is filled: its bytes as listed, twice
    /// for a list's spare capacity as it grows, and the array's row, twice where the
    /// rows listed are mirrored into as many more.
    per_row: u64,
}

impl Room {
    /// The room of `solve(n, unique=…)` as `dtype`, its rows `mirrored` or not; `None`
    /// where the system does not say what is free (not Linux), and a `MemoryError` where
    /// there is not even the margin.
    pub(crate) fn new(
        n: usize,
        dtype: Dtype,
        mirrored: bool,
        unique: bool,
    ) -> PyResult<Option<Room>> {
        let Some(free) = free_memory() else {
            return Ok(None);
        };
        if free < MARGIN {
            return Err(PyMemoryError::new_err(format!(
                "solve({n}) needs at least {} MB free to start, and there are {} MB",
                MARGIN >> 20,
                free >> 20
            )));
        }
        let array_row = (n * dtype.width()) as u64 * if mirrored { 2 } else { 1 };
        Ok(Some(Room {
            n,
            unique,
            dtype,
            free: free - MARGIN,
            per_row: 2 * n as u64 + array_row,
        }))
    }

    /// Fails once `rows` listed would need more than the room.
    pub(crate) fn check(&self, rows: usize) -> PyResult<()> {
        if rows as u64 * self.per_row <= self.free {
            return Ok(());
        }
        let n = self.n;
        let narrower = match self.dtype.width() {
            1 => "",
            _ => ", a narrower dtype",
        };
        let iterate = match self.unique {
            true => format!("queens.solutions({n}, unique=True)"),
            false => format!("queens.solutions({n})"),
        };
        Err(PyMemoryError::new_err(format!(
            "solve({n}) stopped after listing {rows} solutions, as many as the {:.2} GB free hold as {} ({} bytes each, listed and in the array): pass limit={narrower}, or iterate {iterate}",
            self.free as f64 / 1e9,
            self.dtype,
            self.per_row,
        )))
    }
}

/// The bytes this process can still take: Linux's `MemAvailable`, less where the
/// memory its control group may still use, or the address space `ulimit -v` leaves, is
/// smaller; `None` where `/proc` does not say.
fn free_memory() -> Option<u64> {
    let available = field("/proc/meminfo", "MemAvailable:")? * 1024;
    let mut free = available;
    if let Some(left) = cgroup_left() {
        free = free.min(left);
    }
    // `unlimited` does not parse: no limit.
    if let (Some(limit), Some(used)) = (
        field("/proc/self/limits", "Max address space"),
        field("/proc/self/status", "VmSize:"),
    ) {
        free = free.min(limit.saturating_sub(used * 1024));
    }
    Some(free)
}

/// What the memory controller of this process's control group lets it use beyond what
/// the group uses now (a container's `--memory`): cgroup v2's `memory.max`, or v1's
/// `memory.limit_in_bytes`, under the group's path or at the controller's root as a
/// container sees it.
fn cgroup_left() -> Option<u64> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let number =
        |path: String| -> Option<u64> { std::fs::read_to_string(path).ok()?.trim().parse().ok() };
    let left = |root: &str, path: &str, max: &str, current: &str| -> Option<u64> {
        [format!("{root}{path}"), root.to_string()]
            .into_iter()
            .find_map(|dir| {
                let max = number(format!("{dir}/{max}"))?;
                let current = number(format!("{dir}/{current}"))?;
                Some(max.saturating_sub(current))
            })
    };
    groups.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        match controllers {
            "" => left("/sys/fs/cgroup", path, "memory.max", "memory.current"),
            c if c.split(',').any(|c| c == "memory") => left(
                "/sys/fs/cgroup/memory",
                path,
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            ),
            _ => None,
        }
    })
}

/// The first number after `key` on the line of `file` that starts with it.
fn field(file: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line[key.len()..].split_whitespace().next()?.parse().ok()
}
