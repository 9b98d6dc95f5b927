//! `nqueens plan N -o PLAN`: the unit list that shards and merges share.

use std::process::ExitCode;

use anyhow::Context;

use crate::cli::PlanArgs;
use crate::store::{PlanFile, write_atomic};

pub(crate) fn run(args: &PlanArgs) -> anyhow::Result<ExitCode> {
    let plan = queens::plan(args.n)?;
    let file = PlanFile::new(&plan);
    let bytes = serde_json::to_vec_pretty(&file)?;
    write_atomic(&args.output, &bytes)
        .with_context(|| format!("cannot write plan '{}'", args.output.display()))?;
    eprintln!(
        "plan for n = {}: {} units, hash {}",
        args.n,
        plan.units().len(),
        file.hash
    );
    Ok(ExitCode::SUCCESS)
}
