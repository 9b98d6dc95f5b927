//! `nqueens one N`: one solution for any n, constructed or random.

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use queens::{Format, SolutionWriter, construct, random_solution};

use crate::cli::OneArgs;
use crate::error::usage;

/// The largest board the drawn formats print: n² characters each.
const DRAWN_MAX_N: u32 = 10_000;
/// The largest board `--random` takes: its search keeps 20 bytes per queen.
const RANDOM_MAX_N: u32 = 100_000_000;

pub(crate) fn run(args: &OneArgs) -> anyhow::Result<ExitCode> {
    let (n, format) = (args.n, args.format.0);
    let drawn = !matches!(format, Format::Columns | Format::Json);
    if drawn && n > DRAWN_MAX_N {
        return Err(usage(format!(
            "n = {n} is too large for --format {format}: drawn boards stop at {DRAWN_MAX_N} queens (use --format columns or json)"
        )));
    }
    if args.random && n > RANDOM_MAX_N {
        return Err(usage(format!(
            "n = {n} is too large for --random: at most {RANDOM_MAX_N} queens (the construction, without --random, goes to a billion)"
        )));
    }
    if n == 2 || n == 3 {
        eprintln!("nqueens: {n} queens have no solution on a {n}×{n} board");
        return Ok(ExitCode::FAILURE);
    }
    let mut writer = SolutionWriter::new(super::stdout(), format);
    if args.random {
        let seed = args.seed.unwrap_or_else(clock_seed);
        eprintln!("seed: {seed}");
        let solution = random_solution(n, seed).expect("n is not 2 or 3");
        writer.write(&solution)?;
    } else {
        let columns = construct(n).expect("n is not 2 or 3");
        writer.write_iter(n as usize, columns)?;
    }
    writer.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
