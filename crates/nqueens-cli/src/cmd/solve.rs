//! `nqueens solve N`: stream every solution, or one per symmetry class.

use std::io::Write;
use std::num::NonZeroUsize;
use std::process::ExitCode;

use queens::{Format, SolutionWriter, Solutions, UniqueSolutions};
use rayon::prelude::*;

use crate::cli::SolveArgs;

pub(crate) fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let out = super::stdout();
    if args.unique {
        write_unique(args.n, args.format.0, args.limit, args.threads, out)?;
    } else {
        write_all(args.n, args.format.0, args.limit, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Streams up to `limit` solutions of `n` to `out`, returning how many were written.
pub(crate) fn write_all(
    n: usize,
    format: Format,
    limit: Option<u64>,
    out: impl Write,
) -> anyhow::Result<u64> {
    let mut solutions = Solutions::new(n)?;
    let mut writer = SolutionWriter::new(out, format);
    let limit = limit.unwrap_or(u64::MAX);
    while writer.written() < limit {
        let Some(columns) = solutions.next_columns() else {
            break;
        };
        writer.write(columns)?;
    }
    let written = writer.written();
    writer.finish()?;
    Ok(written)
}

/// Streams the class representatives in lexicographic order. The search is split by the
/// first two rows; a batch of those subtrees is searched in parallel and written in order
/// before the next starts, so memory holds one batch, never the whole answer.
fn write_unique(
    n: usize,
    format: Format,
    limit: Option<u64>,
    threads: Option<NonZeroUsize>,
    out: impl Write,
) -> anyhow::Result<()> {
    let mut writer = SolutionWriter::new(out, format);
    let limit = limit.unwrap_or(u64::MAX);
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        pool = pool.num_threads(t.get());
    }
    let pool = pool.build()?;
    let n32 = n as u32;
    let prefixes: Vec<Vec<u32>> = (0..n32)
        .flat_map(|a| (0..n32).map(move |b| vec![a, b]))
        .filter(|p| UniqueSolutions::with_prefix(n, p).is_ok())
        .collect();
    if n < 2 {
        // No two-row prefixes to split by: the one representative, if any, directly.
        let mut reps = UniqueSolutions::new(n)?;
        while let Some(columns) = reps.next_columns().filter(|_| writer.written() < limit) {
            writer.write(columns)?;
        }
    }
    let batch = 4 * pool.current_num_threads();
    'batches: for chunk in prefixes.chunks(batch) {
        let found: Vec<Vec<u32>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|prefix| {
                    let mut reps = UniqueSolutions::with_prefix(n, prefix).expect("checked above");
                    let mut flat = Vec::new();
                    while let Some(columns) = reps.next_columns() {
                        flat.extend_from_slice(columns);
                    }
                    flat
                })
                .collect()
        });
        for columns in found.iter().flat_map(|flat| flat.chunks(n)) {
            if writer.written() >= limit {
                break 'batches;
            }
            writer.write(columns)?;
        }
    }
    writer.finish()?;
    Ok(())
}
