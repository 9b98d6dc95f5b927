//! Completion problems written for other solvers, and those solvers' answers read back
//! and checked.
//!
//! The CNF follows the direct encoding of the CSPLib 079 models (a variable per square,
//! exactly one queen per row and column, at most one per diagonal), with the at-most-one
//! constraints of lines longer than four squares written as Sinz's sequential counter
//! ("Towards an optimal CNF encoding of Boolean cardinality constraints", CP 2005): 3k − 4
//! clauses and k − 1 extra variables for a line of k squares, where pairwise takes
//! k(k − 1)/2 clauses.

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use super::lines::split_lines;
use crate::complete::{Completion, Diagonal, GivenConflict};
use crate::error::Cause;
use crate::limits::{EXPORT_MAX_N, excerpt};
use crate::{Conflict, Error, validate};

/// A language a completion problem can be exported to.
///
/// ```
/// use queens::{Completion, complete::Export};
///
/// let mut cnf = Vec::new();
/// queens::complete::export(&Completion::new(4).queen(0, 1), Export::Dimacs, &mut cnf)?;
/// let cnf = String::from_utf8(cnf).unwrap();
/// assert!(cnf.lines().any(|l| l.starts_with("p cnf 16 ")));
/// assert!(cnf.lines().any(|l| l == "2 0")); // the given queen on row 0, column 1
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Export {
    /// DIMACS CNF for SAT solvers; square (r, c) is variable r·n + c + 1.
    Dimacs,
    /// A self-contained MiniZinc model with its data; it prints `q = [c0, c1, …];`,
    /// row r's column 0-based.
    Minizinc,
    /// Essence′ parameters for the CSPLib 079/080 models: `n`, `init` (given queens,
    /// 0-based), `blocks` (closed squares, 1-based) and the closed diagonals as
    /// `sumdiags`/`diffdiags` with their counts.
    Essence,
}

impl Export {
    /// Every export format, in the order they are documented.
    pub const ALL: [Export; 3] = [Export::Dimacs, Export::Minizinc, Export::Essence];

    fn name(self) -> &'static str {
        match self {
            Export::Dimacs => "dimacs",
            Export::Minizinc => "minizinc",
            Export::Essence => "essence",
        }
    }
}

impl fmt::Display for Export {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Export {
    type Err = String;

    fn from_str(s: &str) -> Result<Export, String> {
        Export::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| {
                format!("'{s}' is not an export format: expected dimacs, minizinc or essence")
            })
    }
}

/// Writes `problem` in `to`'s language. Givens that attack each other or stand on closed
/// squares are written as they are (the other solver then finds no completion); squares
/// or diagonals off the board are refused ([`Error::Givens`]), as are boards above
/// [`EXPORT_MAX_N`](crate::limits::EXPORT_MAX_N) ([`Error::TooLarge`]).
pub fn export(problem: &Completion, to: Export, out: impl Write) -> Result<(), Error> {
    let n = problem.n();
    if n > EXPORT_MAX_N {
        return Err(Error::TooLarge {
            n,
            max: EXPORT_MAX_N,
        });
    }
    if let Err(c @ (GivenConflict::OffBoard { .. } | GivenConflict::NoSuchDiagonal { .. })) =
        problem.check()
    {
        return Err(Error::Givens(c));
    }
    let written = match to {
        Export::Dimacs => dimacs(problem, out),
        Export::Minizinc => minizinc(problem, out),
        Export::Essence => essence(problem, out),
    };
    written.map_err(|e| Error::Output(Cause::new(e)))
}

/// A one-line summary of the problem, for the files' headers.
fn summary(problem: &Completion) -> String {
    format!(
        "n-queens completion exported by nqueens {}: n = {}, {} given queens, {} closed squares, {} closed diagonals",
        env!("CARGO_PKG_VERSION"),
        problem.n(),
        problem.queens().len(),
        problem.blocked().len(),
        problem.diagonals().len()
    )
}

/// The squares of a diagonal, as (row, column), top row first.
fn squares_of(n: usize, d: Diagonal) -> impl Iterator<Item = (usize, usize)> {
    let n = n as i64;
    // Row r holds column r·step + offset, for the rows where that is on the board.
    let (step, offset) = match d {
        Diagonal::Sum(s) => (-1, i64::from(s)),
        Diagonal::Difference(d) => (1, n - 1 - i64::from(d)),
    };
    (0..n)
        .map(move |r| (r, r * step + offset))
        .filter(move |&(_, c)| (0..n).contains(&c))
        .map(|(r, c)| (r as usize, c as usize))
}

/// The lines of the board: rows, columns and both directions of diagonals, as squares.
fn lines(n: usize) -> Vec<Vec<(usize, usize)>> {
    let mut lines = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|c| (i, c)).collect());
        lines.push((0..n).map(|r| (r, i)).collect());
    }
    for d in 0..(2 * n).saturating_sub(1) as u32 {
        lines.push(squares_of(n, Diagonal::Sum(d)).collect());
        lines.push(squares_of(n, Diagonal::Difference(d)).collect());
    }
    lines
}

/// Calls `clause` with every clause of the problem's CNF, and returns the number of
/// variables.
fn clauses(problem: &Completion, mut clause: impl FnMut(&[i64])) -> i64 {
    let n = problem.n();
    let var = |(r, c): (usize, usize)| (r * n + c + 1) as i64;
    let mut next = (n * n) as i64 + 1;
    for (i, line) in lines(n).into_iter().enumerate() {
        let x: Vec<i64> = line.into_iter().map(var).collect();
        // Rows and columns (the first 2n lines) hold at least one queen.
        if i < 2 * n {
            clause(&x);
        }
        if x.len() <= 4 {
            for (a, &xa) in x.iter().enumerate() {
                for &xb in &x[a + 1..] {
                    clause(&[-xa, -xb]);
                }
            }
        } else {
            // s[i]: some queen among the line's first i + 1 squares.
            let k = x.len();
            let s: Vec<i64> = (0..k - 1).map(|i| next + i as i64).collect();
            next += (k - 1) as i64;
            clause(&[-x[0], s[0]]);
            for i in 1..k - 1 {
                clause(&[-x[i], s[i]]);
                clause(&[-s[i - 1], s[i]]);
                clause(&[-x[i], -s[i - 1]]);
            }
            clause(&[-x[k - 1], -s[k - 2]]);
        }
    }
    for &(r, c) in problem.queens() {
        clause(&[var((r as usize, c as usize))]);
    }
    for &(r, c) in problem.blocked() {
        clause(&[-var((r as usize, c as usize))]);
    }
    for &d in problem.diagonals() {
        for s in squares_of(n, d) {
            clause(&[-var(s)]);
        }
    }
    next - 1
}

fn dimacs(problem: &Completion, mut out: impl Write) -> io::Result<()> {
    let n = problem.n();
    // Counted first, for the header, then written: a large board's clauses are never
    // held.
    let mut count = 0usize;
    let vars = clauses(problem, |_| count += 1);
    writeln!(out, "c {}", summary(problem))?;
    writeln!(
        out,
        "c variable r*{n} + c + 1 is true when square (r, c) holds a queen (r, c from 0): 1 to {}",
        n * n
    )?;
    writeln!(
        out,
        "c variables {} to {vars}: the sequential counters of the at-most-one constraints of lines longer than 4 (Sinz 2005)",
        n * n + 1
    )?;
    for &(r, c) in problem.queens() {
        writeln!(out, "c given queen at ({r}, {c})")?;
    }
    for &(r, c) in problem.blocked() {
        writeln!(out, "c closed square ({r}, {c})")?;
    }
    for &d in problem.diagonals() {
        writeln!(out, "c closed: {}", d.describe(n))?;
    }
    writeln!(out, "p cnf {vars} {count}")?;
    let mut out = io::BufWriter::new(out);
    let mut result = Ok(());
    let mut line = String::new();
    clauses(problem, |clause| {
        if result.is_err() {
            return;
        }
        line.clear();
        for lit in clause {
            line.push_str(itoa::Buffer::new().format(*lit));
            line.push(' ');
        }
        line.push_str("0\n");
        result = out.write_all(line.as_bytes());
    });
    result?;
    out.flush()
}

fn minizinc(problem: &Completion, mut out: impl Write) -> io::Result<()> {
    let n = problem.n();
    writeln!(out, "% {}", summary(problem))?;
    writeln!(
        out,
        "% q[r] is the column of row r's queen; rows and columns count from 0."
    )?;
    writeln!(out, "include \"alldifferent.mzn\";")?;
    writeln!(out, "int: n = {n};")?;
    writeln!(out, "array[0..n-1] of var 0..n-1: q;")?;
    writeln!(out, "constraint alldifferent(q);")?;
    writeln!(out, "constraint alldifferent([q[r] + r | r in 0..n-1]);")?;
    writeln!(out, "constraint alldifferent([q[r] - r | r in 0..n-1]);")?;
    for &(r, c) in problem.queens() {
        writeln!(out, "constraint q[{r}] = {c};")?;
    }
    for &(r, c) in problem.blocked() {
        writeln!(out, "constraint q[{r}] != {c};")?;
    }
    for &d in problem.diagonals() {
        match d {
            Diagonal::Sum(s) => writeln!(out, "constraint forall(r in 0..n-1)(q[r] + r != {s});")?,
            Diagonal::Difference(_) => writeln!(
                out,
                "constraint forall(r in 0..n-1)(r - q[r] != {});",
                d.constant(n)
            )?,
        }
    }
    writeln!(out, "solve satisfy;")?;
    writeln!(out, "output [\"q = \", show(q), \";\\n\"];")?;
    out.flush()
}

fn essence(problem: &Completion, mut out: impl Write) -> io::Result<()> {
    let n = problem.n();
    writeln!(out, "language ESSENCE' 1.0")?;
    writeln!(out, "$ {}", summary(problem))?;
    writeln!(out, "letting n be {n}")?;
    if !problem.queens().is_empty() {
        writeln!(out, "$ given queens, [row, column] from 0 (CSPLib 079)")?;
        let given = problem.queens().iter().map(|&(r, c)| format!("[{r}, {c}]"));
        writeln!(out, "letting init be {}", list(given))?;
    }
    if !problem.blocked().is_empty() {
        writeln!(out, "$ closed squares, [row, column] from 1 (CSPLib 080)")?;
        let blocked = problem
            .blocked()
            .iter()
            .map(|&(r, c)| format!("[{}, {}]", r + 1, c + 1));
        writeln!(out, "letting blocks be {}", list(blocked))?;
    }
    if !problem.diagonals().is_empty() {
        let (sums, diffs): (Vec<Diagonal>, Vec<Diagonal>) = problem
            .diagonals()
            .iter()
            .partition(|d| matches!(d, Diagonal::Sum(_)));
        let constants = |v: &[Diagonal]| list(v.iter().map(|d| d.constant(n)));
        writeln!(
            out,
            "$ closed diagonals: row + column = s, row - column = d (CSPLib 079's strong diagonals model)"
        )?;
        writeln!(out, "letting numsum be {}", sums.len())?;
        writeln!(out, "letting sumdiags be {}", constants(&sums))?;
        writeln!(out, "letting numdiff be {}", diffs.len())?;
        writeln!(out, "letting diffdiags be {}", constants(&diffs))?;
    }
    out.flush()
}

/// An Essence′ list: `[a, b, c]`.
fn list(items: impl Iterator<Item = impl fmt::Display>) -> String {
    let items: Vec<String> = items.map(|i| i.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// What another solver answered: a placement of queens, or that there is none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverAnswer {
    /// The queens it placed, as (row, column), 0-based.
    Queens(Vec<(u32, u32)>),
    /// It found that there is no completion.
    Unsatisfiable,
}

/// Reads another solver's answer to a problem of `n` queens exported by [`export`]: a SAT
/// solver's `s`/`v` lines (or the bare list of literals), MiniZinc's `q = […];` or
/// `=====UNSATISFIABLE=====`, or a placement in any format
/// [`parse_placements`](crate::parse_placements) reads.
///
/// ```
/// use queens::complete::{SolverAnswer, parse_solver_answer};
///
/// let sat = "s SATISFIABLE\nv -1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n";
/// assert_eq!(parse_solver_answer(4, sat)?, SolverAnswer::Queens(vec![(0, 1), (1, 3), (2, 0), (3, 2)]));
/// assert_eq!(parse_solver_answer(4, "q = [1, 3, 0, 2];\n----------\n")?, parse_solver_answer(4, sat)?);
/// assert_eq!(parse_solver_answer(4, "=====UNSATISFIABLE=====\n")?, SolverAnswer::Unsatisfiable);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn parse_solver_answer(n: usize, text: &str) -> Result<SolverAnswer, Error> {
    parse_solver_answer_from(n, text, 1)
}

/// [`parse_solver_answer`] of a text whose first line is line `first_line` of its input,
/// so that messages number lines as the input does.
///
/// ```
/// let e = queens::complete::parse_solver_answer_from(4, "s SATISFIABLE\ns UNSATISFIABLE\n", 5).unwrap_err();
/// assert!(e.to_string().starts_with("line 6:"), "{e}");
/// ```
pub fn parse_solver_answer_from(
    n: usize,
    text: &str,
    first_line: usize,
) -> Result<SolverAnswer, Error> {
    let first_line = first_line.max(1);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = || {
        split_lines(text)
            .map(str::trim)
            .enumerate()
            .map(move |(i, l)| (i + first_line, l))
    };
    // Every statement of the answer is read, and two that disagree are refused: checking
    // only the first of them would pass an answer that also says something else.
    // `s` and its word may be apart by any white space.
    let status_word = |l: &str| match l.strip_prefix('s') {
        Some(rest) if rest.starts_with(char::is_whitespace) => rest.trim_start().to_owned(),
        _ => l.to_owned(),
    };
    let status = |l: &str| match status_word(l).as_str() {
        "UNSATISFIABLE" | "=====UNSATISFIABLE=====" | "UNSAT" => Some(false),
        "SATISFIABLE" | "SAT" => Some(true),
        _ => None,
    };
    if let Some((line, _)) =
        lines().find(|(_, l)| matches!(status_word(l).as_str(), "UNKNOWN" | "=====UNKNOWN====="))
    {
        return Err(Error::parse(
            line,
            "the solver says UNKNOWN: it found no answer, so there is none to check",
        ));
    }
    let mut said: Option<(usize, bool)> = None;
    for (line, l) in lines() {
        let Some(sat) = status(l) else { continue };
        match said {
            Some((first, before)) if before != sat => {
                return Err(Error::parse(
                    line,
                    format!(
                        "the answer says both satisfiable and unsatisfiable (lines {first} and {line})"
                    ),
                ));
            }
            Some(_) => {}
            None => said = Some((line, sat)),
        }
    }
    let mut minizinc = lines().filter(|(_, l)| l.starts_with("q =") || l.starts_with("q="));
    let first_q = minizinc.next();
    if let (Some((first, _)), Some((line, _))) = (first_q, minizinc.next()) {
        return Err(Error::parse(
            line,
            format!("two answers q = […], on lines {first} and {line}: give one"),
        ));
    }
    // A model's literals: `v` lines, or bare lines of integers with a negative among them
    // (which a bare column array never has).
    let is_literals = |l: &str| {
        l.starts_with("v ")
            || l.split_whitespace().all(|w| w.parse::<i64>().is_ok())
                && l.split_whitespace().any(|w| w.starts_with('-'))
    };
    let first_literals = lines().find(|(_, l)| is_literals(l));
    let model = match (first_q, first_literals) {
        (Some((q, _)), Some((v, _))) => {
            return Err(Error::parse(
                q.max(v),
                format!(
                    "the answer holds both q = […] (line {q}) and a model's literals (line {v}): give one"
                ),
            ));
        }
        (Some(first), None) | (None, Some(first)) => Some(first.0),
        (None, None) => None,
    };
    // Beside a status or a model, only what solvers print around them may stand:
    // comments (`c …`, `% …`) and MiniZinc's separators. Anything else is a second
    // answer in another form, which checking the first would ignore.
    let aside = |l: &str| {
        l.is_empty()
            || l == "c"
            || l.starts_with("c ")
            || l.starts_with('%')
            || l == "=========="
            || (l.len() >= 10 && l.bytes().all(|b| b == b'-'))
    };
    if said.is_some() || model.is_some() {
        let other = lines().find(|&(_, l)| {
            !(aside(l)
                || status(l).is_some()
                || l.starts_with("q =")
                || l.starts_with("q=")
                || is_literals(l))
        });
        if let Some((line, l)) = other {
            return Err(Error::parse(
                line,
                format!(
                    "'{}' is neither the solver's status nor its model: an answer is one solver's output or one placement",
                    excerpt(l)
                ),
            ));
        }
    }
    if let (Some((line, false)), Some(at)) = (said, model) {
        return Err(Error::parse(
            line.max(at),
            format!("the answer says unsatisfiable (line {line}) but gives a model (line {at})"),
        ));
    }
    if let Some((_, false)) = said {
        return Ok(SolverAnswer::Unsatisfiable);
    }
    if let Some((line, l)) = first_q {
        return minizinc_queens(line, l).map(SolverAnswer::Queens);
    }
    if first_literals.is_some() {
        return literal_queens(n, lines().filter(|(_, l)| is_literals(l)))
            .map(SolverAnswer::Queens);
    }
    if let Some((line, true)) = said {
        return Err(Error::parse(
            line,
            "the solver says SATISFIABLE but prints no v lines: run it so that it prints its model",
        ));
    }
    let mut parsed = super::parse::read_placements_from(text.as_bytes(), first_line)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter();
    match (parsed.next(), parsed.next()) {
        (Some(p), None) => {
            let placement = p
                .placement
                .map_err(|c| Error::parse(p.line, c.to_string()))?;
            Ok(SolverAnswer::Queens(
                (0u32..).zip(placement.into_columns()).collect(),
            ))
        }
        (Some(p), Some(q)) => Err(Error::parse(
            q.line,
            format!(
                "a second placement (the first is on line {}): an answer is one placement",
                p.line
            ),
        )),
        (None, _) => Err(Error::parse(
            first_line,
            "no answer found: expected a SAT solver's v lines, MiniZinc's q = […]; or a placement",
        )),
    }
}

/// The queens of MiniZinc's `q = [c0, c1, …];` on `line`.
fn minizinc_queens(line: usize, l: &str) -> Result<Vec<(u32, u32)>, Error> {
    let list = l
        .split_once('=')
        .map_or("", |(_, v)| v)
        .trim()
        .trim_end_matches(';');
    let inner = list
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| Error::parse(line, "expected MiniZinc's output q = [c0, c1, …];"))?;
    let columns = inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u32>().map_err(|_| {
                Error::parse(
                    line,
                    format!("'{}' is not a column: expected a whole number", excerpt(s)),
                )
            })
        })
        .collect::<Result<Vec<u32>, Error>>()?;
    Ok((0u32..).zip(columns).collect())
}

/// The queens of a model's literals: square (r, c) is variable r·n + c + 1, and a
/// variable given both true and false is refused, naming the line of the second.
fn literal_queens<'a>(
    n: usize,
    lines: impl Iterator<Item = (usize, &'a str)>,
) -> Result<Vec<(u32, u32)>, Error> {
    let squares = (n as i64).saturating_mul(n as i64);
    let mut seen: std::collections::HashMap<u64, (bool, usize)> = Default::default();
    let mut queens = Vec::new();
    for (line, l) in lines {
        for word in l.trim_start_matches('v').split_whitespace() {
            let lit: i64 = word.parse().map_err(|_| {
                Error::parse(
                    line,
                    format!(
                        "'{}' is not a literal: expected a whole number",
                        excerpt(word)
                    ),
                )
            })?;
            if lit == 0 {
                continue;
            }
            let (var, value) = (lit.unsigned_abs(), lit > 0);
            match seen.insert(var, (value, line)) {
                Some((before, first)) if before != value => {
                    return Err(Error::parse(
                        line,
                        format!(
                            "variable {var} is given both true and false (lines {first} and {line}): a model gives each variable one value"
                        ),
                    ));
                }
                Some(_) => continue,
                None => {}
            }
            if value && lit <= squares {
                let v = (lit - 1) as usize;
                queens.push(((v / n) as u32, (v % n) as u32));
            }
        }
    }
    Ok(queens)
}

/// Why queens are not a completion of a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotCompletion {
    /// The problem has no completion at all: its givens already break the rules.
    Givens(GivenConflict),
    /// They are not a solution of the n-queens puzzle.
    Invalid(Conflict),
    /// A given queen is missing: its row holds its queen elsewhere.
    GivenMoved {
        /// The given queen, (row, column).
        given: (u32, u32),
        /// The column the answer has in that row.
        found: u32,
    },
    /// A queen stands on a closed square.
    Blocked((u32, u32)),
    /// A queen stands on a closed diagonal.
    Excluded {
        /// The queen, (row, column).
        queen: (u32, u32),
        /// The diagonal's equation.
        diagonal: String,
    },
}

impl fmt::Display for NotCompletion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotCompletion::Givens(c) => write!(f, "the problem has no completion: {c}"),
            NotCompletion::Invalid(c) => write!(f, "{c}"),
            NotCompletion::GivenMoved {
                given: (r, c),
                found,
            } => write!(
                f,
                "the given queen at ({r}, {c}) is missing: row {r} holds its queen in column {found}"
            ),
            NotCompletion::Blocked((r, c)) => {
                write!(f, "the queen at ({r}, {c}) stands on a closed square")
            }
            NotCompletion::Excluded {
                queen: (r, c),
                diagonal,
            } => {
                write!(
                    f,
                    "the queen at ({r}, {c}) stands on {diagonal}, which is closed"
                )
            }
        }
    }
}

impl std::error::Error for NotCompletion {}

impl Completion {
    /// Checks that `queens` (as (row, column)) complete this problem: one queen per row,
    /// no two attacking, the given queens among them, none on a closed square or
    /// diagonal.
    ///
    /// ```
    /// use queens::{Completion, complete::NotCompletion};
    ///
    /// let p = Completion::new(4).queen(0, 1).block(2, 0);
    /// assert_eq!(p.check_completion(&[(0, 1), (1, 3), (2, 0), (3, 2)]), Err(NotCompletion::Blocked((2, 0))));
    /// assert!(Completion::new(4).queen(0, 1).check_completion(&[(0, 1), (1, 3), (2, 0), (3, 2)]).is_ok());
    /// ```
    pub fn check_completion(&self, queens: &[(u32, u32)]) -> Result<(), NotCompletion> {
        self.check().map_err(NotCompletion::Givens)?;
        let n = self.n();
        let mut columns = vec![None; n];
        let mut per_row = vec![0usize; n];
        for &(r, c) in queens {
            if (r as usize) >= n || (c as usize) >= n {
                return Err(NotCompletion::Invalid(Conflict::OffBoard {
                    row: r as usize,
                    column: c,
                    n,
                }));
            }
            per_row[r as usize] += 1;
            columns[r as usize] = Some(c);
        }
        if let Some((row, &queens)) = per_row.iter().enumerate().find(|&(_, &k)| k != 1) {
            return Err(NotCompletion::Invalid(Conflict::RowQueens { row, queens }));
        }
        let columns: Vec<u32> = columns.into_iter().flatten().collect();
        validate(&columns).map_err(NotCompletion::Invalid)?;
        for &(r, c) in self.queens() {
            if columns.get(r as usize) != Some(&c) {
                return Err(NotCompletion::GivenMoved {
                    given: (r, c),
                    found: columns.get(r as usize).copied().unwrap_or(0),
                });
            }
        }
        for (r, &c) in (0u32..).zip(&columns) {
            if self.blocked().contains(&(r, c)) {
                return Err(NotCompletion::Blocked((r, c)));
            }
            if let Some(d) = self.diagonals().iter().find(|d| d.contains(n, r, c)) {
                return Err(NotCompletion::Excluded {
                    queen: (r, c),
                    diagonal: d.describe(n),
                });
            }
        }
        Ok(())
    }
}
