//! `nqueens plan N -o PLAN`: the unit list that shards and merges share.

use std::process::ExitCode;

use anyhow::Context;

use crate::cli::PlanArgs;
use crate::error::usage;
use crate::store::{PlanFile, write_atomic};

pub(crate) fn run(args: &PlanArgs) -> anyhow::Result<ExitCode> {
    let plan = match args.units {
        None => queens::plan(args.n)?,
        Some(wanted) => {
            // The shallowest split with enough units, else the deepest there is.
            let mut plan = queens::plan_split(args.n, 2)?;
            for rows in 3..=queens::plan::MAX_PREFIX_ROWS {
                if plan.units().len() >= wanted {
                    break;
                }
                plan = match queens::plan_split(args.n, rows) {
                    Err(queens::Error::TooManyUnits { max, .. }) => {
                        return Err(usage(format!(
                            "--units {wanted}: n = {} splits into {} units by its first {} rows, and into more than {max} by {rows}; ask for at most {}",
                            args.n,
                            plan.units().len(),
                            plan.prefix_rows(),
                            plan.units().len()
                        )));
                    }
                    other => other?,
                };
            }
            plan
        }
    };
    let file = PlanFile::new(&plan);
    let bytes = serde_json::to_vec_pretty(&file)?;
    write_atomic(&args.output, &bytes)
        .with_context(|| format!("cannot write plan '{}'", args.output.display()))?;
    eprintln!(
        "plan for n = {}: {} units fixing {} rows each, hash {}",
        args.n,
        plan.units().len(),
        plan.prefix_rows(),
        file.hash
    );
    Ok(ExitCode::SUCCESS)
}
