//! Benchmark of completion on random Excluded Diagonals instances near the hard region.
//!
//! For each n, each seeded instance's threshold (the most diagonals, in draw order, that
//! still leave a completion) is found by bisection; the hard point is the median
//! threshold plus one, where about half the instances have a completion. Then every
//! instance is solved there, timed, and the median and worst times printed.
//!
//! `cargo run --release -p queens --example excluded_diagonals -- 10 30 20`
//! (first n, last n, instances per n). A fourth argument K skips the bisection and solves
//! every instance cut to n + K diagonals (K may be negative), and a fifth gives up on an
//! instance after that many seconds (counted as unknown). Each instance's outcome and
//! time go to stderr as it ends.

use std::time::{Duration, Instant};

use queens::{Outcome, complete::excluded_diagonals};

fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("arguments: FIRST_N LAST_N INSTANCES [K [SECONDS]]")
        })
        .collect();
    let (first, last, instances) = match args[..] {
        [a, b, c, ..] => (a as usize, b as usize, c as u64),
        _ => (10, 30, 20),
    };
    let fixed = args.get(3).copied();
    let limit = args.get(4).map(|&s| Duration::from_secs(s as u64));
    println!("| n | diagonals | with a completion | unknown | median | worst | bisection total |");
    println!("|---|---|---|---|---|---|---|");
    for n in first..=last {
        let started = Instant::now();
        let k = match fixed {
            Some(k) => (n as i64 + k) as usize,
            None => {
                let mut thresholds: Vec<usize> = (0..instances)
                    .map(|seed| threshold(&excluded_diagonals(n, seed).unwrap()))
                    .collect();
                thresholds.sort_unstable();
                thresholds[thresholds.len() / 2] + 1
            }
        };
        let bisection = started.elapsed();
        let mut times = Vec::new();
        let mut sat = 0;
        let mut unknown = 0;
        for seed in 0..instances {
            let problem = excluded_diagonals(n, seed).unwrap().completion(k);
            let start = Instant::now();
            let outcome = problem
                .find(limit.map(|l| start + l))
                .expect("generated instances are valid");
            times.push(start.elapsed());
            eprintln!(
                "n = {n}, seed {seed}, {k} diagonals: {} in {}",
                match outcome {
                    Outcome::Completed(_) => "completed",
                    Outcome::Impossible => "no completion",
                    Outcome::Unknown => "unknown",
                },
                show(start.elapsed())
            );
            sat += usize::from(matches!(outcome, Outcome::Completed(_)));
            unknown += usize::from(matches!(outcome, Outcome::Unknown));
        }
        times.sort_unstable();
        println!(
            "| {n} | {k} | {sat}/{instances} | {unknown} | {} | {} | {:.1} s |",
            show(times[times.len() / 2]),
            show(*times.last().unwrap()),
            bisection.as_secs_f64()
        );
    }
}

/// The largest cut of the instance that still has a completion.
fn threshold(instance: &queens::complete::ExcludedDiagonals) -> usize {
    let solvable = |k: usize| {
        matches!(
            instance.completion(k).find(None).unwrap(),
            Outcome::Completed(_)
        )
    };
    let (mut lo, mut hi) = (0, instance.diagonals.len());
    if solvable(hi) {
        return hi;
    }
    // solvable(lo), not solvable(hi)
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if solvable(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

fn show(t: Duration) -> String {
    let s = t.as_secs_f64();
    if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}
