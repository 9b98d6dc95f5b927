//! `nqueens count N`: the number of solutions.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use crate::cli::CountArgs;

/// The `--json` report.
#[derive(serde::Serialize)]
struct Report {
    n: usize,
    total: u128,
    seconds: f64,
}

pub(crate) fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let total = queens::count(args.n)?;
    let seconds = start.elapsed().as_secs_f64();
    let mut out = super::stdout();
    if args.json {
        let report = Report {
            n: args.n,
            total,
            seconds: (seconds * 1e6).round() / 1e6,
        };
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
