//! `nqueens count N`: the number of solutions, in full and up to symmetry.

use std::io::Write;
use std::time::{Duration, Instant};

use std::path::Path;
use std::sync::Mutex;

use indicatif::ProgressBar;
use queens::{
    Counter, Tally,
    counting::{Plan, Unit, plan},
};

use crate::error::{Exit, say, shown, usage};
use crate::stop::{Signal, Stop};

use crate::checkpoint::Checkpoint;

use crate::cli::CountArgs;

pub(crate) fn run(args: &CountArgs) -> anyhow::Result<Exit> {
    let start = Instant::now();
    let counter = super::counter(args.threads, args.memory);
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |t| t.get());
    let plan = plan(args.n)?;
    // Weighed by each unit's expected work, so that the estimate of the time left holds.
    let progress = super::progress_bar(plan.cost(), args.quiet);
    let tally = match &args.checkpoint {
        None => counter.count_plan(&plan, |unit, _, _| progress.inc(unit.cost()))?,
        Some(path) => match count_with_checkpoint(&counter, &plan, path, &progress, start)? {
            Ok(tally) => tally,
            Err(signal) => return Ok(Exit::Signalled(signal)),
        },
    };
    progress.finish_and_clear();
    let units = plan.units().len();
    let seconds = start.elapsed().as_secs_f64();

    let mut out = super::stdout();
    if args.json {
        super::write_json(&mut out, args.n, &tally, threads, units, seconds)?;
    } else if args.unique {
        writeln!(out, "{}", tally.unique())?;
    } else {
        writeln!(out, "{}", tally.total)?;
    }
    out.flush()?;
    Ok(Exit::Answer)
}

/// How often a checkpoint is rewritten while units finish.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// Counts the units the checkpoint at `path` lacks, appending them to it as they finish;
/// stopped by a signal, saves the units counted, says so and gives the signal.
fn count_with_checkpoint(
    counter: &Counter,
    plan: &Plan,
    path: &Path,
    progress: &ProgressBar,
    start: Instant,
) -> anyhow::Result<Result<Tally, Signal>> {
    // Fails now, not after the first units, if the file cannot be written.
    let checkpoint = Checkpoint::open(path, plan)?;
    let stop = Stop::catch()?;
    let counter = counter.clone().cancel_on(stop.cancel().clone());
    let todo: Vec<Unit> = plan
        .units()
        .iter()
        .filter(|u| !checkpoint.is_done(u.id()))
        .copied()
        .collect();
    progress.inc(plan.cost() - todo.iter().map(Unit::cost).sum::<u64>());
    let state = Mutex::new((checkpoint, Instant::now(), None::<anyhow::Error>));
    let counted = counter.run(&todo, |unit, share, _| {
        progress.inc(unit.cost());
        let mut guard = state.lock().expect("a checkpoint writer panicked");
        let (checkpoint, saved, failure) = &mut *guard;
        checkpoint.add(unit.id(), share);
        if saved.elapsed() >= CHECKPOINT_EVERY && failure.is_none() {
            if let Err(e) = checkpoint.save() {
                *failure = Some(e);
            }
            *saved = Instant::now();
        }
    });
    let (mut checkpoint, _, failure) = state.into_inner().expect("a checkpoint writer panicked");
    if let Some(e) = failure {
        return Err(e);
    }
    if let (Err(queens::Error::Cancelled), Some(signal)) = (&counted, stop.signal()) {
        progress.finish_and_clear();
        let saved = match checkpoint.save() {
            Ok(()) => format!("the units counted are in {}", shown(path)),
            Err(e) => format!("{e:#}: the units counted since its last line are lost"),
        };
        say!(
            "nqueens: stopped by {} after {:.1} s; {saved}; the same command resumes from the checkpoint",
            signal.name(),
            start.elapsed().as_secs_f64(),
        );
        return Ok(Err(signal));
    }
    counted?;
    // The finished count's log is its header and one line.
    checkpoint.compact()?;
    let tally = checkpoint.share().tally(plan.n()).ok_or_else(|| {
        usage(format!(
            "checkpoint {} holds shares that do not add up to whole classes of solutions: it cannot be trusted; delete it to start the count afresh",
            shown(path)
        ))
    })?;
    Ok(Ok(tally))
}
