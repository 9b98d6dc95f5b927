//! `nqueens plan N -o PLAN`: the unit list that shards and merges share.

use anyhow::Context;

use crate::cli::PlanArgs;
use crate::error::{Exit, say, shown, usage};
use crate::store::{PlanFile, write_atomic};

pub(crate) fn run(args: &PlanArgs) -> anyhow::Result<Exit> {
    let plan = match args.units {
        None => queens::counting::plan(args.n)?,
        Some(wanted) => {
            let plan = queens::counting::plan_with_units(args.n, wanted)?;
            if plan.units().len() < wanted.get() {
                return Err(usage(format!(
                    "--units {wanted}: n = {} splits into at most {} units (one column set of the top half each); ask for at most that",
                    args.n,
                    plan.units().len()
                )));
            }
            plan
        }
    };
    let file = PlanFile::new(&plan);
    let bytes = serde_json::to_vec_pretty(&file)?;
    write_atomic(&args.output, &bytes)
        .with_context(|| format!("cannot write plan {}", shown(&args.output)))?;
    let sets = match plan.sets_per_unit() {
        0 => "the whole board".to_owned(),
        1 => "one column set each".to_owned(),
        k => format!("up to {k} column sets each"),
    };
    say!(
        "plan for n = {}: {} units, {sets}, hash {}",
        args.n,
        plan.units().len(),
        file.hash
    );
    Ok(Exit::Answer)
}
