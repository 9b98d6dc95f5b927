//! `nqueens verify [FILE]`: check placements in any format.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use queens::{
    Conflict, Outcome, SolverAnswer, Verdict, check_placements_start, parse_placements,
    parse_solver_answer, verify_columns, verify_columns_seekable,
};

use crate::cli::VerifyArgs;
use crate::error::usage;
use crate::input::{Input, Reader};

pub(crate) fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    if let Some(problem) = &args.problem {
        return answer(args.file.as_deref(), problem);
    }
    let mut input = Input::open(args.file.as_deref())?;
    let name = input.name().to_owned();
    let unreadable = || format!("cannot read {name}");
    // Only the invalid placements are kept until the whole input has been read, so that
    // an unreadable line leaves nothing half-written on standard output.
    let mut verdicts = Verdicts::default();
    if input.holds_columns()? {
        match input.into_reader()? {
            Reader::Seekable(reader) => {
                for verdict in verify_columns_seekable(reader).with_context(unreadable)? {
                    verdicts.add(verdict.with_context(unreadable)?);
                }
            }
            Reader::Stream(reader) => {
                for verdict in verify_columns(reader) {
                    verdicts.add(verdict.with_context(unreadable)?);
                }
            }
        }
    } else {
        // Bytes that start no format are refused from the first of them.
        check_placements_start(input.head_text()).with_context(unreadable)?;
        let text = input.read_text()?;
        for parsed in parse_placements(&text).with_context(unreadable)? {
            verdicts.add_result(parsed.placement.and_then(|p| p.validate()));
        }
    }

    let mut out = super::stdout();
    let mut invalid = verdicts.invalid.iter().peekable();
    for index in 0..verdicts.total {
        match invalid.next_if(|(i, _)| *i == index) {
            Some((_, conflict)) => writeln!(out, "solution {index}: {conflict}")?,
            None => writeln!(out, "solution {index}: ok")?,
        }
    }
    out.flush()?;
    let (total, bad) = (verdicts.total, verdicts.invalid.len());
    eprintln!(
        "{total} placement{} read from {name}: {} valid, {bad} invalid",
        if total == 1 { "" } else { "s" },
        total - bad
    );
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// How many placements were read, and the conflicts of the invalid ones by index.
#[derive(Default)]
struct Verdicts {
    total: usize,
    invalid: Vec<(usize, Conflict)>,
}

impl Verdicts {
    fn add(&mut self, verdict: Verdict) {
        self.add_result(verdict.result);
    }

    fn add_result(&mut self, result: Result<(), Conflict>) {
        if let Err(conflict) = result {
            self.invalid.push((self.total, conflict));
        }
        self.total += 1;
    }
}

/// `nqueens verify --problem PROBLEM [FILE]`: another solver's answer to a completion
/// problem, checked.
fn answer(file: Option<&Path>, problem: &Path) -> anyhow::Result<ExitCode> {
    let problem = super::complete::read_problem(Some(problem))?;
    let input = Input::open(file)?;
    let name = input.name().to_owned();
    let answer = parse_solver_answer(problem.n(), &input.read_text()?)
        .map_err(|e| usage(format!("{name}: {e}")))?;
    let (line, ok) = match answer {
        SolverAnswer::Queens(queens) => match problem.check_completion(&queens) {
            Ok(()) => ("ok: a completion".to_string(), true),
            Err(why) => (format!("not a completion: {why}"), false),
        },
        SolverAnswer::Unsatisfiable => {
            if let Err(conflict) = problem.check() {
                (
                    format!("ok: no completion, as the givens already say ({conflict})"),
                    true,
                )
            } else if !problem.is_exact() {
                return Err(usage(format!(
                    "{name} says there is no completion, which this search can check only up to 64 queens or 64 open rows (n = {})",
                    problem.n()
                )));
            } else {
                match problem.find(None)? {
                    Outcome::Completed(p) => (
                        format!(
                            "wrong: {name} says there is no completion, but {:?} is one",
                            p.columns()
                        ),
                        false,
                    ),
                    _ => (
                        "ok: no completion, and this search proves it too".to_string(),
                        true,
                    ),
                }
            }
        }
    };
    let mut out = super::stdout();
    writeln!(out, "{line}")?;
    out.flush()?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
