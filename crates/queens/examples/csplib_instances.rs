//! Benchmark of completion on the published Excluded Diagonals instances, checked against
//! the answers the instances' authors published.
//!
//! CSPLib problem 079 (CC BY 4.0) holds 1000 instances for each n from 8 to 21, from Gent,
//! Jefferson & Nightingale's generator, in `Problems/prob079/data/diag-N.tar.gz`, and the
//! answer their bit-parallel backtracker gave for each cut of each instance (n = 10 to 21) in
//! `Problems/prob079/results/run-diags-shiftqueens-processed.txt.gz`. Unpack both, then
//!
//! `cargo run --release -p queens --example csplib_instances -- RESULTS DIR...`
//!
//! solves every instance of each DIR cut to every number of diagonals from none to all (the
//! cuts the generator's notes call valid), on one thread with no time limit. Each row gives
//! how many answers agree with RESULTS (`-` for none) and the times. A disagreement is
//! printed on stderr and makes the run exit 1.

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::path::Path;
use std::time::Instant;

use queens::{Outcome, complete::parse_completion};

fn main() {
    let mut args = std::env::args().skip(1);
    let results = args.next().expect("arguments: RESULTS DIR...");
    let published = read_results(Path::new(&results));
    println!(
        "| n | instances | problems | with a completion | agree with the paper | mean | median | 99th percentile | worst | total |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut disagreements = 0;
    for dir in args {
        let mut times = Vec::new();
        let (mut n, mut instances, mut completed, mut compared, mut differ) = (0, 0, 0, 0, 0);
        let mut worst = (0.0, String::new());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "param"))
            .collect();
        files.sort();
        for path in files {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let key = instance_key(&name);
            let text = std::fs::read_to_string(&path).unwrap();
            let whole = parse_completion(&text)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .threads(NonZeroUsize::MIN);
            n = whole.n();
            instances += 1;
            for cut in 0..=whole.diagonals().len() {
                let problem = whole.clone().first_diagonals(cut).unwrap();
                let start = Instant::now();
                let outcome = problem.find(None).unwrap();
                let seconds = start.elapsed().as_secs_f64();
                times.push(seconds);
                if seconds > worst.0 {
                    worst = (seconds, format!("{name} cut to {cut}"));
                }
                let ours = match outcome {
                    Outcome::Completed(_) => true,
                    Outcome::Impossible => false,
                    Outcome::Unknown => unreachable!("no time limit was set"),
                };
                completed += usize::from(ours);
                if let Some(&theirs) = key.and_then(|(n, seed)| published.get(&(n, seed, cut))) {
                    compared += 1;
                    if theirs != ours {
                        differ += 1;
                        eprintln!("{name} cut to {cut}: completion {ours}, published {theirs}");
                    }
                }
            }
        }
        disagreements += differ;
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        let total: f64 = times.iter().sum();
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        println!(
            "| {n} | {instances} | {} | {completed} | {} | {} | {} | {} | {} ({}) | {total:.1} s |",
            times.len(),
            if compared == 0 {
                "-".to_string()
            } else {
                format!("{}/{compared}", compared - differ)
            },
            show(total / times.len() as f64),
            show(at(0.5)),
            show(at(0.99)),
            show(worst.0),
            worst.1,
        );
    }
    if disagreements > 0 {
        std::process::exit(1);
    }
}

/// The published answers: whether a completion exists, by (n, seed, diagonals). A line
/// reads `n diagonals mininfile seed path:Solutions: k Nodes: …`.
fn read_results(path: &Path) -> HashMap<(usize, u64, usize), bool> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let number = |i: usize| fields.get(i)?.parse::<u64>().ok();
            let solutions = fields.iter().position(|f| f.ends_with("Solutions:"))? + 1;
            Some((
                (number(0)? as usize, number(3)?, number(1)? as usize),
                number(solutions)? > 0,
            ))
        })
        .collect()
}

/// The n and seed in an instance's name, `diag-N-MININFILE-SEED.param`.
fn instance_key(name: &str) -> Option<(usize, u64)> {
    let parts: Vec<&str> = name.strip_suffix(".param")?.split('-').collect();
    match parts[..] {
        [_, n, _, seed] => Some((n.parse().ok()?, seed.parse().ok()?)),
        _ => None,
    }
}

fn show(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.3} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}
