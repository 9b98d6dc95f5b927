//! `nqueens merge PLAN DIR…`: add up unit records, only when all are there and sound.

use std::fmt::Write as _;
use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use queens::counting::Share;
use rand::SeedableRng;
use rand::seq::index::sample;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::cli::MergeArgs;
use crate::error::{Exit, say, shown, usage};
use crate::store::{PlanFile, UnitRecord, checked_sum};

pub(crate) fn run(args: &MergeArgs) -> anyhow::Result<Exit> {
    let started = Instant::now();
    let (file, plan) = PlanFile::load(&args.plan)?;
    let count = plan.units().len();
    let scan = scan(args, &plan, &file.hash)?;
    if let Some(report) = diagnosis(&scan, args, count)? {
        say!("{}", report.trim_end());
        return Ok(Exit::No);
    }
    let shares: Vec<Share> = scan.found.iter().map(|records| records[0].1).collect();
    if let Some(percent) = args.recheck
        && !recheck(&plan, &shares, percent)
    {
        return Ok(Exit::No);
    }
    let Some(sum) = checked_sum(shares) else {
        say!(
            "nqueens merge: the records' shares add up past {}: some records were forged",
            u128::MAX
        );
        return Ok(Exit::No);
    };
    let Some(sum) = sum.tally(plan.n()) else {
        say!(
            "nqueens merge: the records' shares do not add up to whole classes of solutions: some records were altered"
        );
        return Ok(Exit::No);
    };
    let mut out = super::stdout();
    if args.json {
        let seconds = started.elapsed().as_secs_f64();
        let threads = rayon::current_num_threads();
        super::write_json(&mut out, plan.n(), &sum, threads, count, seconds)?;
    } else {
        writeln!(out, "total {}\nunique {}", sum.total, sum.unique())?;
    }
    out.flush()?;
    Ok(Exit::Answer)
}

/// The records found in the directories: each unit's, and those that are not sound.
struct Scan {
    /// Per unit, every record of it (path and share).
    found: Vec<Vec<(PathBuf, Share)>>,
    /// Records that are damaged or of another plan, with the reason.
    damaged: Vec<(PathBuf, String)>,
}

/// Reads every unit record in the directories against the plan.
fn scan(args: &MergeArgs, plan: &queens::counting::Plan, hash: &str) -> anyhow::Result<Scan> {
    let count = plan.units().len();
    let mut found: Vec<Vec<(PathBuf, Share)>> = vec![Vec::new(); count];
    let mut damaged: Vec<(PathBuf, String)> = Vec::new();
    for dir in &args.dirs {
        let entries =
            fs::read_dir(dir).map_err(|e| usage(format!("cannot read {}: {e}", shown(dir))))?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let name = p
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                name.starts_with("unit-") && name.ends_with(".json")
            })
            .collect();
        paths.sort();
        for path in paths {
            match UnitRecord::load(&path, plan, hash) {
                Ok((record, share)) => found[record.unit].push((path, share)),
                Err(why) => damaged.push((path, why)),
            }
        }
    }
    Ok(Scan { found, damaged })
}

/// What is wrong with the records, as the lines to print, or `None` when every unit has
/// exactly one sound record.
fn diagnosis(scan: &Scan, args: &MergeArgs, count: usize) -> anyhow::Result<Option<String>> {
    let Scan { found, damaged } = scan;
    let missing: Vec<usize> = (0..count).filter(|&u| found[u].is_empty()).collect();
    let duplicates: Vec<usize> = (0..count).filter(|&u| found[u].len() > 1).collect();
    if missing.is_empty() && duplicates.is_empty() && damaged.is_empty() {
        return Ok(None);
    }
    let mut report = String::new();
    if !damaged.is_empty() {
        writeln!(
            report,
            "nqueens merge: {} damaged or foreign records:",
            damaged.len()
        )?;
        for (path, why) in damaged.iter().take(LISTED) {
            writeln!(report, "  {}: {why}", unquoted(path))?;
        }
        if damaged.len() > LISTED {
            writeln!(report, "  … and {} more", damaged.len() - LISTED)?;
        }
    }
    if !duplicates.is_empty() {
        writeln!(
            report,
            "nqueens merge: {} units recorded more than once: {}; keep one record of each:",
            duplicates.len(),
            listed(&ranges(&duplicates), ", ", "ranges")
        )?;
        for &u in duplicates.iter().take(LISTED) {
            let files: Vec<String> = found[u].iter().map(|(p, _)| unquoted(p)).collect();
            writeln!(report, "  unit {u}: {}", files.join(", "))?;
        }
        if duplicates.len() > LISTED {
            writeln!(report, "  … and {} more units", duplicates.len() - LISTED)?;
        }
    }
    if !missing.is_empty() {
        let runs = ranges(&missing);
        writeln!(
            report,
            "nqueens merge: {} of {count} units missing: {}",
            missing.len(),
            listed(&runs, ", ", "ranges")
        )?;
        // One command of at most LISTED_RANGES ranges, so that the shell can run it.
        let first = &runs[..runs.len().min(LISTED_RANGES)];
        writeln!(
            report,
            "recompute {} with: nqueens shard {} --units {} -o {}",
            if first.len() == runs.len() {
                "them".to_owned()
            } else {
                format!(
                    "the first {} ranges (then run merge again for the other {})",
                    first.len(),
                    runs.len() - first.len()
                )
            },
            shell_quote(&args.plan.to_string_lossy()),
            first.join(","),
            shell_quote(&args.dirs[0].to_string_lossy())
        )?;
    }
    Ok(Some(report))
}

/// Recounts `percent` of the units, drawn at random, by the slow path; whether all agree
/// with their records (the disagreeing ones are named on stderr).
fn recheck(plan: &queens::counting::Plan, shares: &[Share], percent: f64) -> bool {
    let count = shares.len();
    let k = ((percent / 100.0) * count as f64).ceil() as usize;
    let seed = plan.units().len() as u64 ^ std::process::id() as u64;
    let chosen = sample(&mut ChaCha8Rng::seed_from_u64(seed), count, k.min(count)).into_vec();
    let progress = super::progress_bar(chosen.len() as u64, false);
    let wrong: Vec<usize> = chosen
        .par_iter()
        .copied()
        .filter(|&u| {
            let differs = plan.units()[u].recount_slow() != shares[u];
            progress.inc(1);
            differs
        })
        .collect();
    progress.finish_and_clear();
    if !wrong.is_empty() {
        say!(
            "nqueens merge: the slow recount disagrees with the records of units {}",
            listed(&ranges(&wrong), ", ", "ranges")
        );
        return false;
    }
    say!("rechecked {k} of {count} units by the slow path: all agree");
    true
}

/// A record's name in the indented lists, escaped and cut as every quoted name is.
fn unquoted(path: &std::path::Path) -> String {
    queens::limits::excerpt_name(&path.display().to_string()).into_owned()
}

/// How many damaged records and duplicated units are named one by one, and how many
/// ranges of units a message lists.
const LISTED: usize = 20;

/// How many ranges of units the printed `shard --units` command names: a few kilobytes,
/// well within what a shell passes to a command.
const LISTED_RANGES: usize = 200;

/// The first [`LISTED`] of `items` joined by `sep`, and how many more there are.
fn listed(items: &[String], sep: &str, what: &str) -> String {
    let shown = items[..items.len().min(LISTED)].join(sep);
    match items.len().checked_sub(LISTED) {
        Some(more) if more > 0 => format!("{shown} … and {more} more {what}"),
        _ => shown,
    }
}

/// `["3", "17-20", "42"]`: sorted ids with runs folded, as `shard --units` reads them.
fn ranges(ids: &[usize]) -> Vec<String> {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            ids[i].to_string()
        } else {
            format!("{}-{}", ids[i], ids[j])
        });
        i = j + 1;
    }
    parts
}

/// `text` as one word for a POSIX shell: as it is when it holds only safe characters,
/// else in single quotes; one with control characters in `$'…'`, their escapes written
/// out, so that the command stays on one line and sends nothing raw to the terminal.
fn shell_quote(text: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !text.is_empty() && text.chars().all(safe) {
        return text.to_owned();
    }
    if !text.chars().any(char::is_control) {
        return format!("'{}'", text.replace('\'', "'\\''"));
    }
    let mut quoted = String::from("$'");
    for c in text.chars() {
        match c {
            '\\' => quoted.push_str("\\\\"),
            '\'' => quoted.push_str("\\'"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => quoted.push_str("\\r"),
            c if c.is_control() => {
                let mut bytes = [0; 4];
                for b in c.encode_utf8(&mut bytes).bytes() {
                    quoted.push_str(&format!("\\x{b:02x}"));
                }
            }
            c => quoted.push(c),
        }
    }
    quoted.push('\'');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_quote_keeps_plain_paths_and_quotes_the_rest() {
        assert_eq!(shell_quote("runs/plan-16.json"), "runs/plan-16.json");
        assert_eq!(shell_quote("my plan.json"), "'my plan.json'");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_quote("a\nb\u{1b}[31m'"), "$'a\\nb\\x1b[31m\\''");
    }

    #[test]
    fn ranges_fold_runs() {
        assert_eq!(ranges(&[3, 17, 18, 19, 20, 42]), ["3", "17-20", "42"]);
    }
}
