//! `nqueens shard PLAN --index I --of M -o DIR`: count a share of a plan's units.

use std::fs;
use std::sync::Mutex;

use anyhow::Context;
use queens::counting::Unit;

use crate::cli::{ShardArgs, UnitIds};
use crate::error::{Exit, say, shown, usage};
use crate::store::{PlanFile, UnitRecord, replace};

pub(crate) fn run(args: &ShardArgs) -> anyhow::Result<Exit> {
    let (file, plan) = PlanFile::load(&args.plan)?;
    let units = plan.units();
    let chosen: Vec<Unit> = match (&args.units, args.index, args.of) {
        (Some(UnitIds(ids)), _, _) => {
            if let Some(bad) = ids.iter().find(|&&id| id >= units.len()) {
                return Err(usage(format!(
                    "unit {bad} is not in the plan: its units are 0 to {}",
                    units.len() - 1
                )));
            }
            // An id given twice is one unit: two threads must not race to write it.
            let ids: std::collections::BTreeSet<usize> = ids.iter().copied().collect();
            ids.into_iter().map(|id| units[id]).collect()
        }
        (None, Some(i), Some(m)) => {
            if i as u64 >= m {
                return Err(usage(format!("--index {i} is not below --of {m}")));
            }
            let share: Vec<Unit> = units
                .iter()
                .filter(|u| u.id() as u64 % m == i as u64)
                .copied()
                .collect();
            // More shares than units (a job array sized generously) leaves some empty.
            if share.is_empty() {
                say!(
                    "share {i} of {m} holds none of the plan's {} units",
                    units.len()
                );
            }
            share
        }
        _ => return Err(usage("say which units: --index I --of M, or --units IDS")),
    };
    let dir = &args.output;
    fs::create_dir_all(dir).map_err(|e| usage(format!("cannot create {}: {e}", shown(dir))))?;
    // Units with a good record from an earlier run are done; damaged ones are redone.
    let todo: Vec<Unit> = chosen
        .into_iter()
        .filter(|u| {
            UnitRecord::load(&dir.join(UnitRecord::file_name(u.id())), &plan, &file.hash).is_err()
        })
        .collect();
    let counter = super::counter(args.threads, args.memory);
    // Weighed by each unit's expected work, so that the estimate of the time left holds.
    let progress = super::progress_bar(todo.iter().map(Unit::cost).sum(), args.quiet);
    let failure = Mutex::new(None);
    counter.run(&todo, |unit, share, elapsed| {
        progress.inc(unit.cost());
        let record = UnitRecord::new(
            unit.id(),
            plan.n(),
            &file.hash,
            share,
            elapsed.as_secs_f64(),
        );
        let path = dir.join(UnitRecord::file_name(unit.id()));
        let written = serde_json::to_vec(&record)
            .map_err(anyhow::Error::from)
            .and_then(|bytes| {
                replace(&path, &bytes)
                    .with_context(|| format!("cannot write record {}", shown(&path)))
            });
        if let Err(e) = written {
            failure.lock().expect("poisoned").get_or_insert(e);
        }
    })?;
    progress.finish_and_clear();
    if let Some(e) = failure.into_inner().expect("poisoned") {
        return Err(
            e.context("the records already written are kept; run the shard again to finish")
        );
    }
    let units = match todo.len() {
        1 => "1 unit".to_string(),
        k => format!("{k} units"),
    };
    say!("{units} counted into {}", shown(dir));
    Ok(Exit::Answer)
}
