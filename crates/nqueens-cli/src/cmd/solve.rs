//! `nqueens solve N`: stream every solution, or one per symmetry class.

use std::cell::Cell;
use std::io::Write;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use queens::complete::{Checkpoint, Progress};
use queens::limits::RANK_MAX_N;
use queens::{Cancel, Format, LexWalk, Outcome, SolutionWriter, Solutions, UniqueSolutions};

use super::inflight::Claim;
use super::picture;
use crate::cli::{FormatArg, SolveArgs};
use crate::error::{Exit, say, usage};
use crate::limits::PICTURE_MAX_BOARDS;
use crate::stop::{Signal, Stop};

pub(crate) fn run(args: &SolveArgs) -> anyhow::Result<Exit> {
    picture::check(args.format, &args.picture)?;
    let FormatArg::Text(format) = args.format else {
        let boards = boards_for_picture(args)?;
        picture::write(&boards, args.format, &args.picture)?;
        return Ok(Exit::Answer);
    };
    let out = super::stdout();
    if let Some(path) = &args.proof {
        return write_proved(args, format, path, out);
    }
    if let Some(k) = args.nth {
        write_nth(args.n, format, k, args.threads, out)?;
        return Ok(Exit::Answer);
    }
    let started = Instant::now();
    let listing = Listing {
        n: args.n,
        unique: args.unique,
        format,
        limit: args.limit,
        threads: args.threads,
        deadline: args.timeout.map(|t| started + Duration::from_secs_f64(t)),
        from: args.from.as_ref().map(|p| p.0.clone()),
    };
    let listed = if args.from.is_some() || args.n >= LexWalk::FROM_N {
        write_walked(&listing, out)?
    } else {
        write_all(&listing, out)?
    };
    let (written, signal) = match listed {
        Listed::All(_) => return Ok(Exit::Answer),
        Listed::Stopped(written) => (written, None),
        Listed::Signalled(written, signal) => (written, Some(signal)),
    };
    say!(
        "nqueens: stopped by {} after {:.1} s, before the search ended: {written} solution{} printed{}",
        signal.map_or_else(|| "--timeout".to_owned(), Signal::name),
        started.elapsed().as_secs_f64(),
        if written == 1 { "" } else { "s" },
        if args.unique || written == 0 {
            ""
        } else {
            "; --from with the last one resumes the list there"
        }
    );
    Ok(signal.map_or(Exit::Unknown, Exit::Signalled))
}

/// What a listing prints: up to `limit` solutions of `n` (one per symmetry class where
/// `unique`), searched on `threads` threads (by default one per core), until `deadline`
/// if there is one.
pub(crate) struct Listing {
    pub(crate) n: usize,
    pub(crate) unique: bool,
    pub(crate) format: Format,
    pub(crate) limit: Option<u64>,
    pub(crate) threads: Option<NonZeroUsize>,
    pub(crate) deadline: Option<Instant>,
    /// Where the list starts: the first solution that begins with these columns or comes
    /// after them; the walk lists it.
    pub(crate) from: Option<Vec<u32>>,
}

impl Listing {
    /// Every solution of `n` as boards, on every core: what the tutorials print.
    pub(crate) fn all(n: usize) -> Listing {
        Listing {
            n,
            unique: false,
            format: Format::Board,
            limit: None,
            threads: None,
            deadline: None,
            from: None,
        }
    }
}

/// How a listing ended: every solution asked for written, or stopped at the deadline
/// after this many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Listed {
    All(u64),
    Stopped(u64),
    /// Stopped by a signal (the walk's listing, which catches them).
    Signalled(u64, Signal),
}

impl Listed {
    /// `written` solutions, the listing `stopped` at its deadline or not.
    fn of(written: u64, stopped: bool) -> Listed {
        if stopped {
            Listed::Stopped(written)
        } else {
            Listed::All(written)
        }
    }
}

/// The value behind `mutex`, whether or not a thread panicked holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Writes the first solution of `args.n`, found by the walk guided by completion proofs,
/// and its certificate to `path`, each refutation as it is proved; resumes from the
/// refutations a proof of the same n already holds.
fn write_proved(
    args: &SolveArgs,
    format: Format,
    path: &std::path::Path,
    out: impl Write,
) -> anyhow::Result<Exit> {
    if args.limit != Some(1) {
        return Err(usage(
            "--proof certifies the first solution: use it with --limit 1",
        ));
    }
    let n = args.n;
    let started = Instant::now();
    let deadline = args.timeout.map(|t| started + Duration::from_secs_f64(t));
    // Read first: a command refused for its progress file leaves no certificate behind.
    let (inflight, earlier) = super::inflight::InFlight::open(
        match args.index {
            None => super::proof::beside(path, ".progress"),
            Some(i) => super::proof::beside(path, &format!(".progress-{i}")),
        },
        n,
        args.index.zip(args.of.map(NonZeroUsize::get)),
    )?;
    // A certificate this run makes and leaves with no refutation, because a question's
    // saved search is refused, is removed with the refusal.
    let made = std::fs::symlink_metadata(path).is_err();
    // Share 0 writes the certificate; the others read what it holds so far, so that
    // every share starts from the same refutations.
    let (mut proof, before) = match args.index {
        None | Some(0) => {
            let (writer, before) = super::proof::Writer::open(path, n)?;
            (Some(writer), before)
        }
        Some(_) => (None, super::proof::read_so_far(path, n)?),
    };
    // After the certificate is read: a command refused for it leaves no share file.
    let mut share = match args.index.zip(args.of) {
        Some((index, of)) => Some(super::shares::Share::open(path, n, index, of)?),
        None => None,
    };
    let known = before.refuted.len();
    // From here on a signal ends the run as --timeout does, with its state saved.
    let signals = Stop::catch()?;
    let mut walk = LexWalk::new(n)?
        .assume_refuted(before.refuted)
        .cancel_on(signals.cancel().clone());
    if let Some(t) = args.threads {
        walk = walk.threads(t);
    }
    let spinner = super::spinner();
    let asked: Asked = Mutex::new(None);
    let mut proved = 0u64;
    // All the refuted prefixes in the file, for the spinner.
    let in_file = AtomicU64::new(known as u64);
    let mut failed = None;
    let mut refuted = |prefix: &[u32]| {
        proved += 1;
        in_file.fetch_add(1, Ordering::Relaxed);
        if let Some(proof) = &mut proof
            && failed.is_none()
        {
            failed = proof.refuted(prefix).err();
        }
    };
    // The progress file holds the questions answered with a completion, since a run
    // walks from the start again and would search them again, and one question's search:
    // the one an earlier run saved until the walk asks it again or passes it, then the
    // question in flight, saved by the thread below every --save-every seconds and when
    // its search stops short.
    let mut saved = earlier.question;
    let completions = Mutex::new(earlier.listed);
    let warned = AtomicBool::new(false);
    let warn = |e: anyhow::Error| {
        if !warned.swap(true, Ordering::Relaxed) {
            spinner.suspend(|| {
                say!("nqueens: {e:#}; going on without saving the walk's progress");
            });
        }
    };
    // Whether the last save failed, so that a stopped run does not point to a stale file.
    let unsaved = AtomicBool::new(false);
    let save = |question: Option<(&[u32], queens::complete::Checkpoint)>| {
        let saved = inflight.save(&lock(&completions), question);
        unsaved.store(saved.is_err(), Ordering::Relaxed);
        saved.unwrap_or_else(&warn);
    };
    let mut asking = None;
    let mut went_on = None;
    let mut ask = |prefix: &[u32], problem: &queens::Completion| -> anyhow::Result<Outcome> {
        if let Some(solution) = earlier.completions.get(prefix) {
            // The walk checks it is a solution that starts with the prefix.
            return Ok(Outcome::Completed(queens::Placement::new(solution.clone())));
        }
        let claim = super::inflight::claim(&mut saved, prefix);
        let progress = match &claim {
            Claim::Owned { progress, resumed } => {
                if *resumed {
                    went_on = Some(prefix.to_vec());
                }
                *lock(&asked) = Some((prefix.to_vec(), progress.clone()));
                progress.clone()
            }
            Claim::Untracked(progress) => progress.clone(),
        };
        let problem = problem.clone().progress(progress.clone());
        let outcome = match &mut share {
            None => problem.find(deadline).map_err(anyhow::Error::from),
            Some(share) => share.ask(prefix, &problem, deadline, signals.cancel()),
        };
        // Under the saver's lock, so that its saves and these follow one another.
        let mut current = lock(&asked);
        *current = None;
        let stopped = match &outcome {
            Ok(Outcome::Completed(p)) => {
                lock(&completions).push((prefix.to_vec(), p.columns().to_vec()));
                false
            }
            Ok(Outcome::Unknown) => true,
            Ok(Outcome::Impossible) => false,
            Err(e) => matches!(e.downcast_ref(), Some(queens::Error::Cancelled)),
        };
        if stopped && matches!(claim, Claim::Untracked(_)) {
            // Where the walk is now: the next run asks it before the one saved.
            saved = None;
        }
        let question = match &claim {
            _ if stopped => Some((prefix, progress.checkpoint())),
            Claim::Owned { .. } => None,
            Claim::Untracked(_) => saved.as_ref().map(|(q, c)| (q.as_slice(), c.clone())),
        };
        if outcome.is_ok() || stopped {
            save(question);
        }
        drop(current);
        // A question answered as the signal came keeps its answer.
        if stopped && signals.signal().is_some() {
            return Ok(Outcome::Unknown);
        }
        outcome.map_err(|e| match e.downcast_ref() {
            Some(queens::Error::Progress(_)) => usage(format!(
                "{}: {e}; remove it to search that prefix from the start",
                inflight.path().display()
            )),
            _ => e,
        })
    };
    let every = Duration::from_secs_f64(args.save_every);
    let share_shown = args.index.zip(args.of);
    let outcome = std::thread::scope(|scope| {
        let (stop, stopped) = mpsc::channel::<()>();
        let (asked, in_file, spinner) = (&asked, &in_file, &spinner);
        let save = &save;
        scope.spawn(move || {
            let mut saved_at = Instant::now();
            loop {
                let current = lock(asked);
                let question = current.as_ref().map(|(prefix, p)| (prefix, p.checkpoint()));
                spinner.set_message(walk_status(
                    n,
                    share_shown,
                    in_file.load(Ordering::Relaxed),
                    question.as_ref().map(|(prefix, c)| (prefix.as_slice(), c)),
                ));
                if saved_at.elapsed() >= every {
                    saved_at = Instant::now();
                    if let Some((prefix, checkpoint)) = question {
                        save(Some((prefix, checkpoint)));
                    }
                }
                drop(current);
                // The spinner twice a second, the saves every `every` on the dot.
                let wait = WATCH_EVERY.min(every.saturating_sub(saved_at.elapsed()));
                if stopped.recv_timeout(wait) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
        });
        let outcome = walk.next_solution_asking(deadline, &mut refuted, &mut |prefix, problem| {
            ask(prefix, problem).map_err(|e| {
                asking = Some(e);
                // Ends the walk; the failure itself is returned below.
                queens::Error::Cancelled
            })
        });
        drop(stop);
        outcome
    });
    spinner.finish_and_clear();
    // Stopped by a signal outside a question, the walk says it was cancelled.
    let outcome = match outcome {
        Err(queens::Error::Cancelled) if signals.signal().is_some() => Ok(Outcome::Unknown),
        outcome => outcome,
    };
    if let Some(e) = asking {
        if made && proved == 0 && proof.is_some() {
            drop(proof);
            let _ = std::fs::remove_file(path);
        }
        return Err(e);
    }
    if let Some(prefix) = went_on {
        say!(
            "nqueens: the search of the prefix {prefix:?} went on from where {} had it",
            inflight.path().display()
        );
    }
    if let Some(e) = failed {
        return Err(e);
    }
    let all = known as u64 + proved;
    let shown = path.display();
    match outcome? {
        Outcome::Completed(first) => {
            let searched_from = walk.searched_from();
            // The certificate before the output, which may be a pipe closed early.
            if let Some(proof) = &mut proof
                && !before
                    .firsts
                    .contains(&(first.columns().to_vec(), searched_from))
            {
                proof.first(first.columns(), searched_from)?;
            }
            // The walk is done: the certificate holds all it needs.
            inflight.clear().unwrap_or_else(&warn);
            let mut writer = SolutionWriter::new(out, format);
            writer.write(first.columns())?;
            writer.finish()?;
            if proof.is_none() {
                say!(
                    "nqueens: share {} of {}: the first solution; share 0 writes its certificate to {shown}",
                    args.index.unwrap_or(0),
                    args.of.map_or(1, NonZeroUsize::get)
                );
                return Ok(Exit::Answer);
            }
            say!(
                "nqueens: the certificate is in {shown}: {all} refuted prefixes ({known} read from it, {proved} proved now) and the plain search from row {searched_from}; check it with 'nqueens verify --first {n} {shown}'"
            );
            Ok(Exit::Answer)
        }
        Outcome::Impossible => {
            inflight.clear().unwrap_or_else(&warn);
            say!("nqueens: n = {n} has no solution; {shown} holds its refutation");
            Ok(Exit::Answer)
        }
        _ => {
            let signal = signals.signal();
            say!(
                "nqueens: stopped by {} after {:.1} s, before the first solution: {all} refuted prefixes are in {shown}{}; the same command resumes from them",
                signal.map_or_else(|| "--timeout".to_owned(), Signal::name),
                started.elapsed().as_secs_f64(),
                if unsaved.load(Ordering::Relaxed) {
                    ", but not the search of the question in flight, which could not be saved"
                        .to_owned()
                } else if inflight.path().exists() {
                    format!(
                        ", the questions answered with a completion and the search of the one in flight in {}",
                        inflight.path().display()
                    )
                } else {
                    String::new()
                }
            );
            Ok(signal.map_or(Exit::Unknown, Exit::Signalled))
        }
    }
}

/// Streams the solutions of `listing` in lexicographic order as the walk guided by
/// completion proofs finds them ([`LexWalk`]), the completion searches on its threads;
/// each solution that took a while to find is flushed at once. Where `unique`, the walk
/// gives the smallest image of each class, as [`UniqueSolutions`] does. A first solution
/// that takes longer than [`HINT_AFTER`] gets the hint, then a spinner on a terminal that
/// says where the walk is ([`Watch`]).
fn write_walked(listing: &Listing, out: impl Write) -> anyhow::Result<Listed> {
    let &Listing {
        n,
        unique,
        format,
        limit,
        threads,
        deadline,
        ..
    } = listing;
    let mut walk = LexWalk::new(n)?;
    if let Some(key) = &listing.from {
        walk = walk.starting_at(key).map_err(|e| {
            usage(format!(
                "--from {}: {e}",
                key.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
            ))
        })?;
    }
    if let Some(t) = threads {
        walk = walk.threads(t);
    }
    if unique {
        walk = walk.unique();
    }
    // A signal stops the walk as --timeout does, so that the spinner is cleared and what
    // was found is written whole; the process then ends by the signal.
    let signals = Stop::catch()?;
    walk = walk.cancel_on(signals.cancel().clone());
    let mut writer = SolutionWriter::new(out, format);
    let mut flushed = Instant::now();
    let mut stopped = false;
    let watch = Watch::new(n);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let (stop, stopping) = mpsc::channel::<()>();
        let watching = &watch;
        scope.spawn(move || watching.run(&stopping));
        let mut refuted = |_: &[u32]| watch.refuted();
        let mut ask = |prefix: &[u32], problem: &queens::Completion| {
            let progress = Progress::new();
            watch.asking(Some((prefix, progress.clone())));
            let answer = problem.clone().progress(progress).find(deadline);
            watch.asking(None);
            answer
        };
        while writer.written() < limit.unwrap_or(u64::MAX) && signals.signal().is_none() {
            let next = match walk.next_solution_asking(deadline, &mut refuted, &mut ask) {
                Err(queens::Error::Cancelled) if signals.signal().is_some() => break,
                next => next?,
            };
            match next {
                Outcome::Completed(p) => {
                    watch.found();
                    writer.write(p.columns())?;
                }
                Outcome::Impossible => break,
                Outcome::Unknown => {
                    stopped = true;
                    break;
                }
            }
            if flushed.elapsed() >= FLUSH_AFTER {
                writer.get_mut().flush()?;
                flushed = Instant::now();
            }
        }
        drop(stop);
        Ok(())
    })?;
    let written = writer.written();
    writer.finish()?;
    Ok(match signals.signal() {
        Some(signal) => Listed::Signalled(written, signal),
        None => Listed::of(written, stopped),
    })
}

/// Where a walk for its first solution stands, for the one who waits for it: after
/// [`HINT_AFTER`] the hint, and on a terminal a spinner naming the question in flight
/// (its row and column), how many of its subtrees are proved empty, and how many prefixes
/// the walk has refuted. It is cleared before the first solution is written, so that the
/// two never share a line.
struct Watch {
    n: usize,
    started: Instant,
    spinner: Mutex<Spinner>,
    /// The prefixes refuted.
    refuted: AtomicU64,
    asked: Asked,
}

/// Where [`Watch`]'s spinner stands.
enum Spinner {
    /// Not shown yet.
    Waiting,
    Shown(indicatif::ProgressBar),
    /// Taken away for good: a solution came, or the walk ended.
    Over,
}

impl Spinner {
    /// Takes the spinner away for good, clearing it if it was shown.
    fn end(&mut self) {
        if let Spinner::Shown(bar) = std::mem::replace(self, Spinner::Over) {
            bar.finish_and_clear();
        }
    }
}

/// The question in flight, with its progress.
type Asked = Mutex<Option<(Vec<u32>, Progress)>>;

/// How often the spinner's message is brought up to date.
const WATCH_EVERY: Duration = Duration::from_millis(500);

impl Watch {
    fn new(n: usize) -> Watch {
        Watch {
            n,
            started: Instant::now(),
            spinner: Mutex::new(Spinner::Waiting),
            refuted: AtomicU64::new(0),
            asked: Mutex::new(None),
        }
    }

    fn refuted(&self) {
        self.refuted.fetch_add(1, Ordering::Relaxed);
    }

    /// The question in flight, or none between questions.
    fn asking(&self, question: Option<(&[u32], Progress)>) {
        *lock(&self.asked) = question.map(|(prefix, progress)| (prefix.to_vec(), progress));
    }

    /// Clears the spinner for good: a solution is about to be written.
    fn found(&self) {
        lock(&self.spinner).end();
    }

    /// Until `stopping` says the walk has ended: the hint after [`HINT_AFTER`], then
    /// the spinner.
    fn run(&self, stopping: &mpsc::Receiver<()>) {
        if stopping.recv_timeout(HINT_AFTER) != Err(RecvTimeoutError::Timeout) {
            return;
        }
        {
            let mut spinner = lock(&self.spinner);
            if matches!(*spinner, Spinner::Over) {
                return;
            }
            hint(self.n);
            *spinner = Spinner::Shown(super::spinner().with_elapsed(self.started.elapsed()));
        }
        loop {
            if let Spinner::Shown(bar) = &*lock(&self.spinner) {
                bar.set_message(self.message());
            }
            if stopping.recv_timeout(WATCH_EVERY) != Err(RecvTimeoutError::Timeout) {
                break;
            }
        }
        lock(&self.spinner).end();
    }

    fn message(&self) -> String {
        let asked = lock(&self.asked);
        let question = asked.as_ref().map(|(prefix, p)| (prefix, p.checkpoint()));
        walk_status(
            self.n,
            None,
            self.refuted.load(Ordering::Relaxed),
            question.as_ref().map(|(prefix, c)| (prefix.as_slice(), c)),
        )
    }
}

/// A walk's state in one short line beside the spinner: the question in flight (the last
/// queen of its prefix) and its subtrees proved empty so far, and the prefixes refuted
/// (with a certificate, all those in it).
fn walk_status(
    n: usize,
    share: Option<(usize, NonZeroUsize)>,
    refuted: u64,
    question: Option<(&[u32], &Checkpoint)>,
) -> String {
    let who = match share {
        Some((i, of)) => format!("n = {n}, share {i} of {of}"),
        None => format!("n = {n}"),
    };
    let refuted = format!("{refuted} refuted");
    let Some((prefix, checkpoint)) = question else {
        return format!("{who}: {refuted}");
    };
    let asked = match prefix.split_last() {
        Some((c, above)) => format!("row {}, column {c}", above.len()),
        None => "the empty board".to_owned(),
    };
    match checkpoint.subtrees {
        0 => format!("{who}: {asked}: starting; {refuted}"),
        all => format!(
            "{who}: {asked}: {} of {all} subtrees empty; {refuted}",
            checkpoint.done()
        ),
    }
}

/// How long a solution found by the walk may wait in the output buffer.
const FLUSH_AFTER: Duration = Duration::from_millis(100);

/// How long a search for the first solution runs before the user is told why it is slow.
const HINT_AFTER: Duration = Duration::from_secs(2);

/// Written texts kept for blocks still to render: more than the blocks in flight at once.
const SPARE_TEXTS: usize = 64;

/// Runs `search`, which calls `found` once it has its first solution; when that takes
/// longer than [`HINT_AFTER`], says on stderr why and what prints a solution at once. In
/// lexicographic order the first solution of some large boards takes minutes or more,
/// even to the walk guided by completion proofs (n = 40 and 42: over 2 minutes).
fn hinting<T>(n: usize, search: impl FnOnce(&dyn Fn()) -> T) -> T {
    alarm(HINT_AFTER, || hint(n), search)
}

/// Why the first solution of `n` is slow in coming, and what prints a solution at once.
fn hint(n: usize) {
    say!(
        "nqueens: still looking for the first solution of n = {n} in lexicographic order, which can take hours on some large boards; 'nqueens one {n}' prints a solution at once"
    )
}

/// Runs `work`, cancelling `cancel` at `deadline` if `work` has not ended by then.
fn until<T>(deadline: Option<Instant>, cancel: &Cancel, work: impl FnOnce() -> T) -> T {
    match deadline {
        Some(d) => {
            let left = d.saturating_duration_since(Instant::now());
            alarm(left, || cancel.cancel(), |_| work())
        }
        None => work(),
    }
}

/// Runs `work` and, on a thread of its own, `ring` once `after` has passed, unless `work`
/// has ended or called the disarm it is given by then.
fn alarm<T>(after: Duration, ring: impl FnOnce() + Send, work: impl FnOnce(&dyn Fn()) -> T) -> T {
    let (armed, waiting) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            if waiting.recv_timeout(after) == Err(RecvTimeoutError::Timeout) {
                ring();
            }
        });
        // Dropping the sender, at the disarm or when `work` ends and it goes out of
        // scope, wakes the alarm, which then ends quietly.
        let armed = Cell::new(Some(armed));
        let disarm = || drop(armed.take());
        work(&disarm)
    })
}

/// The solutions a picture shows, at most `picture::MAX_BOARDS` of them.
fn boards_for_picture(args: &SolveArgs) -> anyhow::Result<Vec<Vec<u32>>> {
    if let Some(k) = args.nth {
        return Ok(vec![nth(args.n, k)?]);
    }
    let limit = args
        .limit
        .map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
    let wanted = limit.min(PICTURE_MAX_BOARDS + 1);
    let boards: Vec<Vec<u32>> = hinting(args.n, |found| -> anyhow::Result<_> {
        let solutions: Box<dyn Iterator<Item = queens::Placement>> = if args.unique {
            Box::new(UniqueSolutions::new(args.n)?)
        } else {
            Box::new(Solutions::new(args.n)?)
        };
        Ok(solutions
            .take(wanted)
            .inspect(|_| found())
            .map(|p| p.into_columns())
            .collect())
    })?;
    if boards.len() > PICTURE_MAX_BOARDS {
        return Err(usage(format!(
            "n = {} has more than {} solutions, too many for one picture: add --limit K",
            args.n, PICTURE_MAX_BOARDS
        )));
    }
    Ok(boards)
}

/// Streams the solutions of `listing` to `out`; at the deadline a timer cancels the
/// listing, which stops within the block it is searching. A cancel that comes after the
/// last solution but before the search has shown there is none after it still counts as
/// stopped: the list was not known to be whole.
///
/// The threads search and render their blocks of solutions
/// ([`Solutions::for_each_block_until`], [`UniqueSolutions::for_each_block_until`]); here the text is
/// written in order. Each solution is rendered as if one came before it, so the very first
/// is rendered again here, without a separator; in `json`, whose lines are numbered by
/// their place in the stream, every solution is rendered here.
pub(crate) fn write_all(listing: &Listing, mut out: impl Write) -> anyhow::Result<Listed> {
    let &Listing {
        n,
        unique,
        format,
        limit,
        threads,
        deadline,
        // A listing with a start is the walk's.
        from: _,
    } = listing;
    let limit = limit.unwrap_or(u64::MAX);
    let mut written = 0u64;
    // Texts go back here once written. A new buffer for every block would be new pages
    // from the kernel each time, for the allocator maps buffers this large afresh, and
    // faulting them in cost more than the rendering (`solve 17 -j2`: 21 s against 11).
    let spare: Mutex<Vec<Vec<u8>>> = Mutex::default();
    let render = |block: &[u32]| -> Option<Rendered> {
        if format == Format::Json {
            return None;
        }
        let text = spare.lock().expect("no thread panics holding it").pop();
        let mut writer = SolutionWriter::new(text.unwrap_or_default(), format).continuing(1);
        let mut ends = Vec::with_capacity(block.len() / n.max(1));
        for columns in each(block, n) {
            writer
                .write(columns)
                .expect("writing to memory cannot fail");
            ends.push(writer.get_ref().len());
        }
        Some(Rendered {
            text: writer.finish_part(),
            ends,
        })
    };
    let cancel = Cancel::new();
    let ended = hinting(n, |found| {
        let consume = |block: &[u32], rendered| {
            let room = usize::try_from(limit - written).unwrap_or(usize::MAX);
            let wanted = each(block, n).len().min(room);
            if wanted > 0 {
                // Found, though a slow reader may keep it from being written for a while.
                found();
            }
            let step = write_block(&mut out, (n, format), written, block, &rendered, wanted);
            if let Some(Rendered { mut text, .. }) = rendered {
                text.clear();
                let mut spare = spare.lock().expect("not poisoned");
                if spare.len() < SPARE_TEXTS {
                    spare.push(text);
                }
            }
            written += wanted as u64;
            match step {
                Err(e) => ControlFlow::Break(Some(e)),
                Ok(()) if written == limit => ControlFlow::Break(None),
                Ok(()) => ControlFlow::Continue(()),
            }
        };
        until(deadline, &cancel, || {
            if unique {
                UniqueSolutions::for_each_block_until(n, threads, &cancel, render, consume)
            } else {
                Solutions::for_each_block_until(n, threads, &cancel, render, consume)
            }
        })
    });
    let stopped = match ended {
        Ok(Some(Some(e))) => return Err(e.into()),
        Ok(_) => false,
        Err(queens::Error::Cancelled) => true,
        Err(e) => return Err(e.into()),
    };
    SolutionWriter::new(out, format)
        .continuing(written)
        .finish()?;
    Ok(Listed::of(written, stopped))
}

/// A block's solutions as text, each rendered as if another came before it, and where
/// each one's text ends.
struct Rendered {
    text: Vec<u8>,
    ends: Vec<usize>,
}

/// The solutions of a block, `n` columns each; n = 0's block is the one empty solution.
fn each(block: &[u32], n: usize) -> impl ExactSizeIterator<Item = &[u32]> {
    let count = block.len().checked_div(n).unwrap_or(1);
    (0..count).map(move |i| &block[i * n..(i + 1) * n])
}

/// Writes the first `wanted` solutions of `block`, `n` columns each, to a stream that
/// holds `written`.
fn write_block(
    out: &mut impl Write,
    (n, format): (usize, Format),
    written: u64,
    block: &[u32],
    rendered: &Option<Rendered>,
    wanted: usize,
) -> std::io::Result<()> {
    // Rendered here: the first of the stream, and in json all.
    let here = match rendered {
        None => wanted,
        Some(_) if written == 0 => wanted.min(1),
        Some(_) => 0,
    };
    let mut writer = SolutionWriter::new(&mut *out, format).continuing(written);
    for columns in each(block, n).take(here) {
        writer.write(columns)?;
    }
    if let Some(Rendered { text, ends }) = rendered
        && here < wanted
    {
        let from = here.checked_sub(1).map_or(0, |i| ends[i]);
        out.write_all(&text[from..ends[wanted - 1]])?;
    }
    Ok(())
}

/// The solution at rank `k`, or a usage error naming the limit or the number of solutions.
fn nth(n: usize, k: u128) -> anyhow::Result<Vec<u32>> {
    if n > RANK_MAX_N {
        return Err(usage(format!(
            "n = {n} is too large for --nth: at most {RANK_MAX_N} (ranking counts the solutions before it)"
        )));
    }
    let ranker = queens::counting::Ranker::new(n)?;
    let Some(solution) = ranker.nth(k)? else {
        // The ranking has counted them: the first row's counts are kept.
        let total = ranker.total()?;
        return Err(usage(match total {
            0 => format!("--nth {k}: n = {n} has no solutions"),
            1 => format!("--nth {k} is past the last solution: n = {n} has one, numbered 0"),
            _ => format!(
                "--nth {k} is past the last solution: n = {n} has {total}, numbered 0 to {}",
                total - 1
            ),
        }));
    };
    Ok(solution.into_columns())
}

/// Prints the solution at rank `k`, numbered `k` in the `json` format.
fn write_nth(
    n: usize,
    format: Format,
    k: u128,
    threads: Option<NonZeroUsize>,
    out: impl Write,
) -> anyhow::Result<()> {
    // The ranking counts on the rayon pool it runs in: the one of `threads` threads.
    let solution = match threads {
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.get())
            .build()?
            .install(|| nth(n, k))?,
        None => nth(n, k)?,
    };
    let index = u64::try_from(k).unwrap_or(u64::MAX);
    let mut writer = SolutionWriter::new(out, format).first_index(index);
    writer.write(&solution)?;
    writer.finish()?;
    Ok(())
}
