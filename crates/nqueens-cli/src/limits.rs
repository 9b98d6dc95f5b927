//! The limits of the command itself, beside the library's (`queens::limits`), each with
//! its reason; docs/limits.md lists them all.

/// The most boards one picture holds.
pub(crate) const PICTURE_MAX_BOARDS: usize = 10_000;

/// The longest side of a PNG picture, in pixels: its pixels are held in memory, 4 bytes
/// each (256 MB at 8192 × 8192).
pub(crate) const PNG_MAX_SIDE: usize = 8192;

/// The longest answer the interactive prompt reads.
pub(crate) const PROMPT_MAX_BYTES: usize = 1024;

/// The most bytes a plan or a checkpoint file is read to: a plan of the most units
/// ([`PLAN_MAX_UNITS`](queens::limits::PLAN_MAX_UNITS)) is about 300 MB, and so is a
/// checkpoint of all of them done.
pub(crate) const STORE_MAX_BYTES: u64 = 1 << 30;

/// The most bytes a unit record is read to: a record is a few hundred bytes.
pub(crate) const RECORD_MAX_BYTES: u64 = 64 << 10;

/// How many invalid verdicts `verify` holds in memory (about 40 bytes each); past them,
/// every one goes to a temporary file, so that memory stays flat however many lines are
/// invalid.
pub(crate) const HELD_VERDICTS: usize = 1 << 16;

/// The most connections `nqueens web` serves at once; a connection past them is closed
/// at once. A page loads a dozen files; each connection holds a thread until its answer
/// is sent or its deadline passes.
pub(crate) const MAX_CONNECTIONS: usize = 64;
