//! `nqueens complete`: finish a partly filled board.

use std::io::Write;
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use queens::limits::excerpt;

use crate::limits::PICTURE_MAX_BOARDS;
use queens::{
    Completion, Outcome, SolutionWriter,
    complete::{Export, check_completion_start, parse_completion_from},
};

use super::picture;
use crate::cli::{CompleteArgs, FormatArg};
use crate::error::{Exit, say, usage};
use crate::input::Input;

/// How long local search runs (above the bitboards' limit, with more rows open than they
/// hold) when no --timeout is given: it cannot prove that there is no completion, so it
/// must stop somewhere.
const LOCAL_SEARCH_TIMEOUT: Duration = Duration::from_secs(60);

pub(crate) fn run(args: &CompleteArgs) -> anyhow::Result<Exit> {
    // --timeout counts from here: reading and setting up a large problem take time too.
    let started = Instant::now();
    if let Some(to) = args.export {
        return export(&problem(args)?, to);
    }
    picture::check(args.format, &args.picture)?;
    if args.all || args.count {
        let problem = checked_problem(args)?;
        if args.count {
            let mut out = super::stdout();
            writeln!(out, "{}", problem.count()?)?;
            out.flush()?;
            return Ok(Exit::Answer);
        }
        return all(&problem, args);
    }
    let search = {
        let args = args.clone();
        move || find(&args, started)
    };
    let found = match args.timeout {
        None => Some(search()?),
        Some(t) => within(started + Duration::from_secs_f64(t), search)?,
    };
    let (outcome, share, timeout) = match found {
        Some(found) => found,
        None => (
            Outcome::Unknown,
            None,
            args.timeout.map(Duration::from_secs_f64),
        ),
    };
    match outcome {
        Outcome::Completed(p) => {
            write(&[p.into_columns()], args)?;
            Ok(Exit::Answer)
        }
        Outcome::Impossible => match share {
            Some((index, of)) => {
                say!("no completion in share {index} of {of}");
                Ok(Exit::No)
            }
            None => no_completion(),
        },
        Outcome::Unknown => {
            let seconds = timeout.unwrap_or_default().as_secs_f64();
            say!("nqueens: no answer within {seconds} s");
            let mut out = super::stdout();
            writeln!(out, "unknown")?;
            out.flush()?;
            Ok(Exit::Unknown)
        }
    }
}

/// What a search for one completion found, the share it searched, and the time it had.
type Found = (Outcome, Option<(usize, NonZeroUsize)>, Option<Duration>);

/// Reads the problem and searches it for one completion.
fn find(args: &CompleteArgs, started: Instant) -> anyhow::Result<Found> {
    let problem = checked_problem(args)?;
    let share = args.index.zip(args.of);
    let timeout = args
        .timeout
        .map(Duration::from_secs_f64)
        .or((!problem.is_exact()).then_some(LOCAL_SEARCH_TIMEOUT));
    let deadline = timeout.map(|t| started + t);
    let (index, of) = share.unwrap_or((0, NonZeroUsize::MIN));
    Ok((problem.find_share(deadline, index, of)?, share, timeout))
}

/// Runs `work` on a thread of its own and waits for it until `deadline`: `None` if it has
/// not answered by then. The search stops itself at the deadline, but reading and setting
/// up a problem of millions of queens cannot look at the clock, so this is what keeps
/// --timeout whatever the work is doing. The work left running ends with the process.
fn within<T: Send + 'static>(
    deadline: Instant,
    work: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
) -> anyhow::Result<Option<T>> {
    let (done, answer) = mpsc::channel();
    std::thread::spawn(move || done.send(work()));
    match answer.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(result) => result.map(Some),
        Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
        // The work ended without an answer: a bug, never to be read as "unknown".
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err(anyhow::anyhow!("the search stopped without an answer"))
        }
    }
}

/// The problem, checked: givens that attack each other or stand on closed squares are
/// usage errors.
fn checked_problem(args: &CompleteArgs) -> anyhow::Result<Completion> {
    let problem = problem(args)?;
    problem.check().map_err(queens::Error::Givens)?;
    Ok(problem)
}

/// The problem from --n and --queens, or from the file or standard input, cut to --diags.
fn problem(args: &CompleteArgs) -> anyhow::Result<Completion> {
    let mut problem = match args.n {
        Some(n) => {
            let mut problem = Completion::new(n);
            for (row, column) in squares(args.queens.as_deref().unwrap_or(""))? {
                problem = problem.queen(row, column);
            }
            problem
        }
        None => read_problem(args.file.as_deref())?,
    };
    if let Some(d) = args.diags {
        let listed = problem.diagonals().len();
        problem = problem.first_diagonals(d).ok_or_else(|| {
            usage(format!(
                "--diags {d}: the instance lists only {listed} excluded diagonals"
            ))
        })?;
    }
    if let Some(t) = args.threads {
        problem = problem.threads(t);
    }
    Ok(problem)
}

/// The problem in `file` (standard input without one), in any format it is published in.
pub(crate) fn read_problem(file: Option<&Path>) -> anyhow::Result<Completion> {
    let mut input = Input::open(file)?;
    let name = input.name().to_owned();
    let refused = |e: queens::Error| usage(format!("{name}: {e}"));
    // Bytes that start no problem (`/dev/zero`) are refused before the rest is read.
    if let Some((first, line)) = input.first_char()? {
        check_completion_start(first).map_err(|e| match e {
            queens::Error::Parse { message, .. } => {
                usage(format!("{name}: line {line}: {message}"))
            }
            e => refused(e),
        })?;
    }
    let text = input.read_text()?;
    parse_completion_from(&text.text, text.first_line()).map_err(refused)
}

/// Writes `problem` for another solver on standard output.
pub(crate) fn export(problem: &Completion, to: Export) -> anyhow::Result<Exit> {
    let mut out = super::stdout();
    queens::complete::export(problem, to, &mut out).map_err(|e| match e.kind() {
        queens::ErrorKind::Usage => usage(format!("cannot export to {to}: {e}")),
        _ => anyhow::Error::new(e),
    })?;
    Ok(Exit::Answer)
}

/// Parses "row,column row,column ...".
fn squares(text: &str) -> anyhow::Result<Vec<(u32, u32)>> {
    text.split_whitespace()
        .map(|pair| {
            let parsed = pair
                .split_once(',')
                .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
            parsed.ok_or_else(|| {
                usage(format!(
                    "--queens: '{}' is not a square: expected row,column pairs such as \"0,1 3,2\" (0-based)",
                    excerpt(pair)
                ))
            })
        })
        .collect()
}

/// Streams every completion (up to --limit).
fn all(problem: &Completion, args: &CompleteArgs) -> anyhow::Result<Exit> {
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut completions = problem.iter()?;
    let FormatArg::Text(format) = args.format else {
        let wanted = usize::try_from(limit)
            .unwrap_or(usize::MAX)
            .min(PICTURE_MAX_BOARDS + 1);
        let boards: Vec<Vec<u32>> = completions.take(wanted).map(|p| p.into_columns()).collect();
        if boards.len() > PICTURE_MAX_BOARDS {
            return Err(usage(format!(
                "more than {} completions, too many for one picture: add --limit K",
                PICTURE_MAX_BOARDS
            )));
        }
        if boards.is_empty() {
            return no_completion();
        }
        picture::write(&boards, args.format, &args.picture)?;
        return Ok(Exit::Answer);
    };
    // Nothing is printed, not even an empty JSON array, when there is no completion.
    let Some(first) = completions.next_columns().map(<[u32]>::to_vec) else {
        return no_completion();
    };
    let mut writer = SolutionWriter::new(super::stdout(), format);
    if limit > 0 {
        writer.write(&first)?;
    }
    while writer.written() < limit {
        let Some(columns) = completions.next_columns() else {
            break;
        };
        writer.write(columns)?;
    }
    writer.finish()?;
    Ok(Exit::Answer)
}

/// Writes completions in the chosen format.
fn write(boards: &[Vec<u32>], args: &CompleteArgs) -> anyhow::Result<()> {
    let FormatArg::Text(format) = args.format else {
        return picture::write(boards, args.format, &args.picture);
    };
    let mut writer = SolutionWriter::new(super::stdout(), format);
    for b in boards {
        writer.write(b)?;
    }
    writer.finish()?;
    Ok(())
}

fn no_completion() -> anyhow::Result<Exit> {
    say!("no completion");
    Ok(Exit::No)
}
