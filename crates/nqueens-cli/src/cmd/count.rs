//! `nqueens count N`: the number of solutions, in full and up to symmetry.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use queens::{Counter, plan};

use crate::cli::CountArgs;

/// How many classes of solutions have 8, 4, 2 or 1 distinct images.
#[derive(serde::Serialize)]
struct Classes {
    #[serde(rename = "8")]
    eight: u128,
    #[serde(rename = "4")]
    four: u128,
    #[serde(rename = "2")]
    two: u128,
    #[serde(rename = "1")]
    one: u128,
}

/// The `--json` report.
#[derive(serde::Serialize)]
struct Report {
    n: usize,
    total: u128,
    unique: u128,
    classes: Classes,
    threads: usize,
    units: usize,
    seconds: f64,
}

pub(crate) fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let plan = plan(args.n)?;
    let mut counter = Counter::new();
    if let Some(t) = args.threads {
        counter = counter.threads(t);
    }
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |t| t.get());
    let progress = progress_bar(plan.units().len() as u64, args.quiet);
    let counts = counter.count_plan(&plan, |_, _| progress.inc(1))?;
    progress.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();

    let mut out = super::stdout();
    if args.json {
        let report = Report {
            n: args.n,
            total: counts.total,
            unique: counts.unique,
            classes: Classes {
                eight: counts.classes_of_8,
                four: counts.classes_of_4,
                two: counts.classes_of_2,
                one: counts.classes_of_1,
            },
            threads,
            units: plan.units().len(),
            seconds: (seconds * 1e6).round() / 1e6,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if args.unique {
        writeln!(out, "{}", counts.unique)?;
    } else {
        writeln!(out, "{}", counts.total)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Units done of all, elapsed time and ETA on stderr; hidden unless stderr is a terminal
/// and the user did not ask for quiet, so scripts only ever see the answer.
pub(crate) fn progress_bar(units: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(units);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} units, ETA {eta}",
        )
        .expect("the template is valid"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
