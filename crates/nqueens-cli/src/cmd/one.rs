//! `nqueens one N`: one solution for any n, constructed or random.

use std::time::{SystemTime, UNIX_EPOCH};

use queens::{SolutionWriter, construct, counting::uniform_solution, random_solution};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::picture;
use crate::cli::{FormatArg, OneArgs};
use crate::error::{Exit, say, usage};
use clap::ValueEnum;
use queens::limits::{DRAWN_MAX_N, RANDOM_MAX_N, RANK_MAX_N};

pub(crate) fn run(args: &OneArgs) -> anyhow::Result<Exit> {
    let n = args.n;
    picture::check(args.format, &args.picture)?;
    let drawn = !matches!(args.format, FormatArg::Text(f) if !f.is_drawn());
    if drawn && n > DRAWN_MAX_N {
        let name = args
            .format
            .to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default();
        return Err(usage(format!(
            "n = {n} is too large for --format {name}: drawn boards stop at {DRAWN_MAX_N} queens (use --format columns or json)"
        )));
    }
    if args.random && n > RANDOM_MAX_N {
        return Err(usage(format!(
            "n = {n} is too large for --random: at most {RANDOM_MAX_N} queens (the construction, without --random, goes to a billion)"
        )));
    }
    if args.seed.is_some() && !args.random && !args.uniform {
        return Err(usage("--seed only applies to --random or --uniform"));
    }
    if args.uniform && n > RANK_MAX_N {
        return Err(usage(format!(
            "n = {n} is too large for --uniform: at most {RANK_MAX_N} (drawing uniformly counts the solutions; --random takes any n)"
        )));
    }
    if n == 2 || n == 3 {
        say!("nqueens: {n} queens have no solution on a {n}×{n} board");
        return Ok(Exit::No);
    }
    if !matches!(args.format, FormatArg::Text(_)) {
        let columns = solution(args)?;
        picture::write(&[columns], args.format, &args.picture)?;
        return Ok(Exit::Answer);
    }
    let FormatArg::Text(format) = args.format else {
        unreachable!("pictures were drawn above");
    };
    let mut writer = SolutionWriter::new(super::stdout(), format);
    if args.random || args.uniform {
        writer.write(&solution(args)?)?;
    } else {
        // Streamed row by row: a billion queens never sit in memory.
        writer.write_iter(n, construct(n)?.expect("n is not 2 or 3"))?;
    }
    writer.finish()?;
    Ok(Exit::Answer)
}

/// The solution `one` prints, in memory: a random or uniform one, or the construction for
/// a picture (at most 10,000 queens).
fn solution(args: &OneArgs) -> anyhow::Result<Vec<u32>> {
    let n = args.n;
    if !(args.random || args.uniform) {
        return Ok(construct(n)?.expect("n is not 2 or 3").collect());
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    say!("seed: {seed}");
    Ok(if args.uniform {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        uniform_solution(n, &mut rng)?
            .expect("n is not 2 or 3")
            .into_columns()
    } else {
        random_solution(n, seed)?
            .expect("n is not 2 or 3")
            .into_columns()
    })
}

fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
