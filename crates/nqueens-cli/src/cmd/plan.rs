//! `nqueens plan N -o PLAN`: the unit list that shards and merges share; with
//! `--estimate K`, the price of the count it plans.

use std::io::Write;
use std::num::NonZeroUsize;

use anyhow::Context;
use queens::counting::{Estimate, Plan};

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
    if let Some(output) = &args.output {
        write(&plan, output)?;
    }
    if let Some(samples) = args.estimate {
        estimate(args, &plan, samples)?;
    }
    Ok(Exit::Answer)
}

/// Writes the plan to `output`, and says so on stderr.
fn write(plan: &Plan, output: &std::path::Path) -> anyhow::Result<()> {
    let file = PlanFile::new(plan);
    let bytes = serde_json::to_vec_pretty(&file)?;
    write_atomic(output, &bytes).with_context(|| format!("cannot write plan {}", shown(output)))?;
    let sets = match plan.sets_per_unit() {
        0 => "the whole board".to_owned(),
        1 => "one column set each".to_owned(),
        k => format!("up to {k} column sets each"),
    };
    say!(
        "plan for n = {}: {} units, {sets}, hash {}",
        plan.n(),
        plan.units().len(),
        file.hash
    );
    Ok(())
}

/// Counts `samples` units of the plan and prints what they project.
fn estimate(args: &PlanArgs, plan: &Plan, samples: NonZeroUsize) -> anyhow::Result<()> {
    let counter = super::counter(args.threads, args.memory);
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |t| t.get());
    let progress = super::progress_bar(1, args.quiet);
    let estimate = counter.estimate(plan, samples, |done, of| {
        progress.set_length(of);
        progress.set_position(done);
    })?;
    progress.finish_and_clear();
    let mut out = super::stdout();
    out.write_all(report(&estimate, threads, args.machines).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The estimate in words: the CPU time with its spread, what it rests on, and the wall
/// times it implies.
fn report(e: &Estimate, threads: usize, machines: Option<NonZeroUsize>) -> String {
    let spread = match e.standard_error {
        Some(se) => format!(
            "± {:.1}% (one standard error)",
            100.0 * se / e.seconds.max(f64::MIN_POSITIVE)
        ),
        None => "no spread known from one sample".to_owned(),
    };
    let distinct = if e.distinct == e.samples {
        String::new()
    } else {
        format!(" ({} distinct)", e.distinct)
    };
    let threads_of = |t: usize| format!("{t} thread{}", if t == 1 { "" } else { "s" });
    let mut text = format!(
        "n = {}: an estimate of {} CPU-hours ({} on one thread), {spread}\n\
         from {} of the plan's {} units{distinct}, drawn by their expected work, each counted on with the units after it for 0.1 s or up to the next draw ({} in all), and its symmetric unit: {} of counting\n\
         wall time on {}: about {}",
        e.n,
        significant(e.seconds / 3600.0),
        duration(e.seconds),
        e.samples,
        e.units,
        e.counted.saturating_sub(1),
        duration(e.counted_seconds),
        threads_of(threads),
        duration(e.seconds / threads as f64),
    );
    if let Some(m) = machines {
        let all = m.get() as f64 * threads as f64;
        text += &format!(
            "; on {m} machine{} of {}: about {}",
            if m.get() == 1 { "" } else { "s" },
            threads_of(threads),
            duration(e.seconds / all)
        );
    }
    text + ", with every thread busy until the end\n"
}

/// Three significant digits.
fn significant(x: f64) -> String {
    if x <= 0.0 || !x.is_finite() {
        return "0".to_owned();
    }
    let decimals = (2 - x.log10().floor() as i32).max(0) as usize;
    format!("{x:.decimals$}")
}

/// Seconds in the unit that reads best.
fn duration(seconds: f64) -> String {
    const UNITS: [(f64, &str); 4] = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
    ];
    let (size, name) = UNITS
        .into_iter()
        .find(|&(size, _)| seconds >= 2.0 * size)
        .unwrap_or((1.0, "s"));
    format!("{} {name}", significant(seconds / size))
}
