//! `nqueens count N`: the number of solutions, in full and up to symmetry.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use indicatif::ProgressBar;
use queens::{Counter, Plan, Tally, Unit, plan};

use crate::store::Checkpoint;

use crate::cli::CountArgs;

pub(crate) fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let counter = super::counter(args.threads);
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |t| t.get());
    let (tally, units) = match &args.checkpoint {
        // The counter's own choice of method: fastest, but nothing to resume from.
        None => {
            let progress = super::progress_bar(0, args.quiet);
            let units = AtomicUsize::new(0);
            let tally = counter.count_with_progress(args.n, |done, of| {
                units.store(of, Ordering::Relaxed);
                progress.set_length(of as u64);
                progress.set_position(done as u64);
            })?;
            progress.finish_and_clear();
            (tally, units.into_inner())
        }
        // A checkpoint records the plan's units, whatever the size.
        Some(path) => {
            let plan = plan(args.n)?;
            let progress = super::progress_bar(plan.units().len() as u64, args.quiet);
            let tally = count_with_checkpoint(&counter, &plan, path, &progress)?;
            progress.finish_and_clear();
            (tally, plan.units().len())
        }
    };
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
    Ok(ExitCode::SUCCESS)
}

/// How often a checkpoint is rewritten while units finish.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// Counts the units the checkpoint at `path` lacks, saving it as they finish.
fn count_with_checkpoint(
    counter: &Counter,
    plan: &Plan,
    path: &Path,
    progress: &ProgressBar,
) -> anyhow::Result<Tally> {
    let mut checkpoint = Checkpoint::load(path, plan)?.unwrap_or_else(|| Checkpoint::new(plan));
    // Fail now, not after the first units, if the file cannot be written.
    checkpoint.save(path)?;
    let todo: Vec<Unit> = plan
        .units()
        .iter()
        .filter(|u| !checkpoint.done.contains_key(&u.id()))
        .copied()
        .collect();
    progress.inc((plan.units().len() - todo.len()) as u64);
    let state = Mutex::new((checkpoint, Instant::now(), None::<anyhow::Error>));
    counter.run(&todo, |unit, tally, _| {
        progress.inc(1);
        let mut guard = state.lock().expect("a checkpoint writer panicked");
        let (checkpoint, saved, failure) = &mut *guard;
        checkpoint.done.insert(unit.id(), tally);
        if saved.elapsed() >= CHECKPOINT_EVERY && failure.is_none() {
            if let Err(e) = checkpoint.save(path) {
                *failure = Some(e);
            }
            *saved = Instant::now();
        }
    })?;
    let (mut checkpoint, _, failure) = state.into_inner().expect("a checkpoint writer panicked");
    if let Some(e) = failure {
        return Err(e);
    }
    checkpoint.save(path)?;
    Ok(checkpoint.tally())
}
