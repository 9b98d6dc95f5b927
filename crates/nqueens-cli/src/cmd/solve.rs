//! `nqueens solve N`: stream every solution, or one per symmetry class.

use std::io::Write;
use std::num::NonZeroUsize;
use std::process::ExitCode;

use queens::{Format, SolutionWriter, Solutions, UniqueSolutions};
use rayon::prelude::*;

use super::picture;
use crate::cli::{FormatArg, SolveArgs};
use crate::error::usage;

pub(crate) fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    picture::check(args.format, &args.picture)?;
    let FormatArg::Text(format) = args.format else {
        let boards = boards_for_picture(args)?;
        picture::write(&boards, args.format, &args.picture)?;
        return Ok(ExitCode::SUCCESS);
    };
    let out = super::stdout();
    if let Some(k) = args.nth {
        write_nth(args.n, format, k, out)?;
    } else if args.unique {
        write_unique(args.n, format, args.limit, args.threads, out)?;
    } else {
        write_all(args.n, format, args.limit, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The solutions a picture shows, at most `picture::MAX_BOARDS` of them.
fn boards_for_picture(args: &SolveArgs) -> anyhow::Result<Vec<Vec<u32>>> {
    if let Some(k) = args.nth {
        return Ok(vec![nth(args.n, k)?]);
    }
    let limit = args
        .limit
        .map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
    let wanted = limit.min(picture::MAX_BOARDS + 1);
    let boards: Vec<Vec<u32>> = if args.unique {
        UniqueSolutions::new(args.n)?
            .take(wanted)
            .map(|p| p.into_columns())
            .collect()
    } else {
        Solutions::new(args.n)?
            .take(wanted)
            .map(|p| p.into_columns())
            .collect()
    };
    if boards.len() > picture::MAX_BOARDS {
        return Err(usage(format!(
            "n = {} has more than {} solutions, too many for one picture: add --limit K",
            args.n,
            picture::MAX_BOARDS
        )));
    }
    Ok(boards)
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

/// The largest board `--nth` and `one --uniform` take: they cost about a full count
/// without symmetry, minutes at 18.
pub(crate) const RANK_MAX_N: usize = 18;

/// The solution at rank `k`, or a usage error naming the limit or the number of solutions.
fn nth(n: usize, k: u128) -> anyhow::Result<Vec<u32>> {
    if n > RANK_MAX_N {
        return Err(usage(format!(
            "n = {n} is too large for --nth: at most {RANK_MAX_N} (ranking counts the solutions before it)"
        )));
    }
    let Some(solution) = queens::nth_solution(n, k)? else {
        let total = queens::Counter::new().count(n)?.total;
        return Err(usage(format!(
            "--nth {k} is past the last solution: n = {n} has {total}, numbered 0 to {}",
            total.saturating_sub(1)
        )));
    };
    Ok(solution.into_columns())
}

/// Prints the solution at rank `k`, numbered `k` in the `json` format.
fn write_nth(n: usize, format: Format, k: u128, out: impl Write) -> anyhow::Result<()> {
    let solution = nth(n, k)?;
    let index = u64::try_from(k).unwrap_or(u64::MAX);
    let mut writer = SolutionWriter::new(out, format).first_index(index);
    writer.write(&solution)?;
    writer.finish()?;
    Ok(())
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
