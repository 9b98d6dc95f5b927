//! `nqueens instance N --seed S`: draw a random Excluded Diagonals instance.

use std::io::Write;

use queens::complete::excluded_diagonals;

use crate::cli::InstanceArgs;
use crate::error::{Exit, usage};

/// `nqueens instance N --seed S [--diags D] [--export FORMAT]`.
pub(crate) fn run(args: &InstanceArgs) -> anyhow::Result<Exit> {
    let mut instance = excluded_diagonals(args.n, args.seed)?;
    if let Some(d) = args.diags {
        let drawn = instance.diagonals.len();
        if d > drawn {
            return Err(usage(format!(
                "--diags {d}: instance {} of n = {} drew only {drawn} diagonals",
                args.seed, args.n
            )));
        }
        instance.diagonals.truncate(d);
    }
    if let Some(to) = args.export {
        return super::complete::export(&instance.completion(usize::MAX), to);
    }
    let mut out = super::stdout();
    write!(out, "{instance}")?;
    out.flush()?;
    Ok(Exit::Answer)
}
