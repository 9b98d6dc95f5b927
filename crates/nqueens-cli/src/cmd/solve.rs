//! `nqueens solve N`: stream every solution.

use std::io::Write;
use std::process::ExitCode;

use queens::{Format, SolutionWriter, Solutions};

use crate::cli::SolveArgs;

pub(crate) fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    write_all(args.n, args.format.0, args.limit, super::stdout())?;
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
