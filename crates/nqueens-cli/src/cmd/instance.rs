//! `nqueens instance N --seed S`: draw a random Excluded Diagonals instance.

use std::io::Write;
use std::process::ExitCode;

use queens::excluded_diagonals;

use crate::cli::InstanceArgs;

/// `nqueens instance N --seed S`.
pub(crate) fn run(args: &InstanceArgs) -> anyhow::Result<ExitCode> {
    let mut out = super::stdout();
    write!(out, "{}", excluded_diagonals(args.n, args.seed))?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
