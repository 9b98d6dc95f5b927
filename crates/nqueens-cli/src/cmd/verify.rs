//! `nqueens verify [FILE]`: check placements in any format.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};
use std::num::NonZeroUsize;
use std::path::Path;

use anyhow::Context;
use queens::limits::excerpt_name;
use queens::{
    CheckError, Conflict, FirstProof, Outcome, ProofFlaw,
    complete::{SolverAnswer, parse_solver_answer_from},
    formats::{read_placements, verify_columns, verify_columns_seekable},
};

use crate::cli::VerifyArgs;
use crate::error::{Exit, broken_pipe, say, usage};
use crate::input::{Input, Reader};
use crate::limits::HELD_VERDICTS;

pub(crate) fn run(args: &VerifyArgs) -> anyhow::Result<Exit> {
    if let Some(problem) = &args.problem {
        return answer(args.file.as_deref(), problem);
    }
    if let (Some(n), Some(file)) = (args.first, &args.file) {
        let share = args.index.zip(args.of);
        return first(n, file, share, args.threads);
    }
    let mut input = Input::open(args.file.as_deref())?;
    let name = input.name().to_owned();
    let unreadable = || format!("cannot read {name}");
    // Only the invalid placements are kept until the whole input has been read, so that
    // an unreadable line leaves nothing half-written on standard output.
    let mut verdicts = Verdicts::default();
    let columns = input.holds_columns()?;
    match input.into_reader()? {
        Reader::Seekable(reader) if columns => {
            for verdict in verify_columns_seekable(reader).with_context(unreadable)? {
                verdicts.add(verdict.with_context(unreadable)?.result)?;
            }
        }
        Reader::Stream(reader) if columns => {
            for verdict in verify_columns(reader) {
                verdicts.add(verdict.with_context(unreadable)?.result)?;
            }
        }
        reader => {
            for parsed in read_placements(reader) {
                let parsed = parsed.with_context(unreadable)?;
                verdicts.add(parsed.placement.and_then(|p| p.validate()))?;
            }
        }
    }

    let (total, bad) = (verdicts.total, verdicts.invalid);
    let exit = verdict(if bad == 0 { Exit::Answer } else { Exit::No }, |out| {
        verdicts.write(out)
    })?;
    say!(
        "{total} placement{} read from {name}: {} valid, {bad} invalid",
        if total == 1 { "" } else { "s" },
        total - bad
    );
    Ok(exit)
}

/// Writes a check's lines with `write` and ends with its verdict `exit`, though the
/// reader has gone: a closed pipe (`verify … | head -1` under `pipefail`) must not turn
/// a failed check into a pass.
fn verdict(
    exit: Exit,
    write: impl FnOnce(&mut super::Stdout) -> anyhow::Result<()>,
) -> anyhow::Result<Exit> {
    let mut out = super::stdout();
    match write(&mut out).and_then(|()| Ok(out.flush()?)) {
        Err(e) if broken_pipe(&e) => Ok(exit),
        written => written.map(|()| exit),
    }
}

/// How many placements were read, and the conflicts of the invalid ones by index: the
/// first [`HELD_VERDICTS`] in memory, the rest in a temporary file as the lines they print.
#[derive(Default)]
struct Verdicts {
    total: usize,
    invalid: usize,
    held: Vec<(usize, Conflict)>,
    spilled: Option<BufWriter<File>>,
}

impl Verdicts {
    fn add(&mut self, result: Result<(), Conflict>) -> anyhow::Result<()> {
        if let Err(conflict) = result {
            self.invalid += 1;
            if self.held.len() < HELD_VERDICTS {
                self.held.push((self.total, conflict));
            } else {
                let spill = match &mut self.spilled {
                    Some(spill) => spill,
                    None => self.spilled.insert(BufWriter::new(tempfile::tempfile().map_err(
                        |e| {
                            anyhow::anyhow!(
                                "cannot keep the verdicts of more than {HELD_VERDICTS} invalid placements: no temporary file in {}: {e}",
                                excerpt_name(&std::env::temp_dir().display().to_string())
                            )
                        },
                    )?)),
                };
                writeln!(spill, "{} {conflict}", self.total).context(SPILL)?;
            }
        }
        self.total += 1;
        Ok(())
    }

    /// Writes one line per placement, in order.
    fn write(self, out: &mut impl Write) -> anyhow::Result<()> {
        let mut spilled = match self.spilled {
            Some(spill) => {
                let mut file = spill
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .context(SPILL)?;
                file.seek(SeekFrom::Start(0)).context(SPILL)?;
                Some(BufReader::new(file).lines())
            }
            None => None,
        };
        let mut held = self.held.into_iter().peekable();
        // The next spilled verdict, read ahead of its index.
        let mut ahead: Option<(usize, String)> = None;
        for index in 0..self.total {
            if let Some((_, conflict)) = held.next_if(|(i, _)| *i == index) {
                writeln!(out, "solution {index}: {conflict}")?;
                continue;
            }
            if let Some(lines) = &mut spilled {
                if ahead.is_none() {
                    ahead = read_spilled(lines)?;
                }
                if let Some((_, conflict)) = ahead.take_if(|(i, _)| *i == index) {
                    writeln!(out, "solution {index}: {conflict}")?;
                    continue;
                }
            }
            writeln!(out, "solution {index}: ok")?;
        }
        Ok(())
    }
}

/// The next verdict of the temporary file, as `add` wrote it: its index, then its conflict.
fn read_spilled(
    lines: &mut std::io::Lines<BufReader<File>>,
) -> anyhow::Result<Option<(usize, String)>> {
    let Some(line) = lines.next().transpose().context(SPILL)? else {
        return Ok(None);
    };
    let (index, conflict) = line.split_once(' ').unwrap_or_default();
    Ok(Some((index.parse().context(SPILL)?, conflict.to_owned())))
}

/// The context of a failure of the temporary file verdicts are kept in.
const SPILL: &str = "cannot keep the verdicts in a temporary file";

/// `nqueens verify --problem PROBLEM [FILE]`: another solver's answer to a completion
/// problem, checked.
fn answer(file: Option<&Path>, problem: &Path) -> anyhow::Result<Exit> {
    let problem = super::complete::read_problem(Some(problem))?;
    let mut input = Input::open(file)?;
    let name = input.name().to_owned();
    // No solver's answer starts with a control character (`/dev/zero`): refused before
    // the rest is read.
    if let Some((first, line)) = input.first_char()?.filter(|(c, _)| c.is_control()) {
        return Err(usage(format!(
            "{name}: line {line}: cannot tell the format from {first:?}: expected a SAT solver's s and v lines, MiniZinc's q = […]; or a placement"
        )));
    }
    let text = input.read_text()?;
    let answer = parse_solver_answer_from(problem.n(), &text.text, text.first_line())
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
    let exit = if ok { Exit::Answer } else { Exit::No };
    verdict(exit, |out| Ok(writeln!(out, "{line}")?))
}

/// Checks the certificate at `path` that its solution is the first of `n` queens in
/// lexicographic order ([`FirstProof`]): listed refutations, every one proved again by the
/// plain search, and the plain search below the rows it covers. A certificate without a
/// solution, of a board that has none, holds the refutation of the empty board.
fn first(
    n: usize,
    path: &Path,
    share: Option<(usize, NonZeroUsize)>,
    threads: Option<NonZeroUsize>,
) -> anyhow::Result<Exit> {
    if let Some((index, of)) = share.filter(|&(index, of)| index >= of.get()) {
        let of = of.get();
        return Err(queens::Error::NoSuchShare { index, of }.into());
    }
    // Through the reader of every check, so that `-` is standard input as for the others.
    let input = Input::open(Some(path))?;
    let shown = input.name().to_owned();
    let read = super::proof::read_from(input.into_reader()?, &shown, n)?;
    let solution = match read.firsts.as_slice() {
        [] if read.refuted.iter().any(Vec::is_empty) => None,
        [] => {
            return Err(usage(format!(
                "{shown} holds no first solution: the run that writes it has not finished (the same command resumes it)"
            )));
        }
        [one] => Some(one.clone()),
        _ => {
            return Err(usage(format!("{shown} holds more than one first solution")));
        }
    };
    // A share's verdict names the bytes it checked, so that the verdicts of all the
    // shares can be seen to be of one file, and that file the one at hand.
    let read_sha256 = read.sha256.clone();
    // Every listed refutation is proved again, needed or not, each once.
    let mut listed = read.refuted.clone();
    listed.sort();
    listed.dedup();
    let spinner = super::spinner();
    let plural = |k: usize, what: &str| format!("{k} {what}{}", if k == 1 { "" } else { "s" });
    let checked = (|| -> Result<(Option<FirstProof>, usize), CheckError> {
        let proof = match solution {
            Some((first, searched_from)) => {
                if first.len() != n {
                    return Err(ProofFlaw::NotASolution(format!(
                        "it has {} columns, not {n}",
                        first.len()
                    ))
                    .into());
                }
                let proof = FirstProof {
                    first,
                    searched_from,
                    refuted: read.refuted,
                };
                proof.check_listed()?;
                Some(proof)
            }
            None => None,
        };
        let (index, of) = share.unwrap_or((0, NonZeroUsize::MIN));
        let pieces =
            FirstProof::check_refutations_share(n, &listed, index, of, threads, |done, pieces| {
                let mine = if share.is_some() {
                    " in this share"
                } else {
                    ""
                };
                spinner.set_message(format!(
                    "{}, {} of them{mine}: {done} proved empty",
                    plural(listed.len(), "refutation"),
                    plural(pieces, "subtree")
                ));
            })?;
        if let Some(proof) = &proof {
            spinner.set_message(format!(
                "the plain search below row {}",
                proof.searched_from
            ));
            proof.check_tail()?;
        }
        Ok((proof, pieces))
    })();
    spinner.finish_and_clear();
    let (line, exit) = match checked {
        Ok((proof, pieces)) => {
            // What holds, and what of it the plain search proved again beyond the
            // refutations: the search below the rows they cover, where there is a solution.
            let (claim, below) = match &proof {
                Some(p) => (
                    format!(
                        "{:?} is the first solution of n = {n} in lexicographic order",
                        p.first
                    ),
                    format!(" and the search below row {}", p.searched_from),
                ),
                None => (format!("n = {n} has no solution"), String::new()),
            };
            let refutations = plural(listed.len(), "refutation");
            let line = match share {
                None if proof.is_none() => {
                    format!("ok: {claim} (proved again by the plain search)")
                }
                None => {
                    format!("ok: {claim} ({refutations}{below} proved again by the plain search)")
                }
                Some((index, of)) => {
                    let whole = match of.get() {
                        1 => "the one share is the whole certificate".to_string(),
                        of => format!("the certificate holds when all {of} shares do"),
                    };
                    format!(
                        "ok: share {index} of {of} of the certificate with SHA-256 {} holds that {claim} ({} of the {refutations}{below} proved again by the plain search); {whole}",
                        read_sha256,
                        plural(pieces, "subtree")
                    )
                }
            };
            (line, Exit::Answer)
        }
        Err(CheckError::Flaw(flaw)) => {
            let whose = share.map_or(String::new(), |(index, of)| {
                format!(" (share {index} of {of} of the certificate with SHA-256 {read_sha256})")
            });
            (format!("not proved: {flaw}{whose}"), Exit::No)
        }
        Err(CheckError::Board(e)) => return Err(e.into()),
    };
    verdict(exit, |out| Ok(writeln!(out, "{line}")?))
}
