//! Reading completion problems: partial boards, and the parameter files of the published
//! benchmark instances.

use super::lines::{SplitLines, line_of, split_lines};
use crate::Error;
use crate::complete::{Completion, Diagonal};
use crate::limits::{COMPLETION_MAX_N, NESTING_MAX_DEPTH, excerpt};

/// Reads a completion problem, detecting its format:
///
/// - a partial board, one row per line or all rows on one line separated by spaces:
///   `Q` a queen that must stay, `.` a free square, `x` a square where no queen may go;
/// - CSPLib problem 079's n-queens completion parameters (Essence′):
///   `letting n = 10` (or `be 10`) and `letting init = [[r, c], …]`, 0-based;
/// - CSPLib's Excluded Diagonals parameters: `n = 10`, `numdiags = 14` and
///   `diags = [[d, t], …]`, where `[d, 1]` closes the diagonal `r + c = d` and `[d, 0]`
///   the diagonal `r − c = d − (n − 1)`; only the first `numdiags` pairs count;
/// - blocked n-queens as CSPLib problem 080's parameters (`letting n = 10` and
///   `letting blocks = [[r, c], …]`), as MiniZinc data (`n`, `m`, `row = [..]`,
///   `col = [..]`) or as facts (`board(4). block(1, 1).`), all 1-based as published.
///
/// Parameter files may end statements with `;` and carry comments after `$`, `%` or
/// `//`; a `language ESSENCE' 1.0` line is skipped. Squares and diagonals are checked
/// against the board later, by [`Completion::check`].
///
/// ```
/// use queens::{Diagonal, complete::parse_completion};
///
/// let board = parse_completion("....\n.x..\nQ...\n....\n")?;
/// assert_eq!((board.n(), board.queens(), board.blocked()), (4, &[(2, 0)][..], &[(1, 1)][..]));
///
/// let essence = parse_completion("language ESSENCE' 1.0\nletting n be 8\nletting init be [[3, 1], [4, 3]]\n")?;
/// assert_eq!(essence.count()?, 2);
///
/// let diags = parse_completion("n = 5\nnumdiags = 2\ndiags = [[4, 1], [2, 0], [3, 1]]\n")?;
/// assert_eq!(diags.diagonals(), &[Diagonal::Sum(4), Diagonal::Difference(2)]);
///
/// let blocked = parse_completion("letting n = 4\nletting blocks = [[1, 2], [4, 4],]\n")?;
/// assert_eq!(blocked.blocked(), &[(0, 1), (3, 3)]);
/// # Ok::<(), queens::Error>(())
/// ```
pub fn parse_completion(text: &str) -> Result<Completion, Error> {
    parse_completion_from(text, 1)
}

/// [`parse_completion`] of a text whose first line is line `first_line` of its input, so
/// that messages number lines as the input does: for a reader that dropped blank lines
/// before the text rather than hold them.
///
/// ```
/// let e = queens::complete::parse_completion_from("letting n be 4\nletting n be 5\n", 10).unwrap_err();
/// assert!(e.to_string().starts_with("line 11: the board size"), "{e}");
/// assert!(e.to_string().contains("lines 10 and 11"), "{e}");
/// ```
pub fn parse_completion_from(text: &str, first_line: usize) -> Result<Completion, Error> {
    let first_line = first_line.max(1);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let start = text.trim_start();
    match start.chars().next() {
        None => Err(Error::parse(
            first_line,
            "the input is empty: expected a board or parameters",
        )),
        Some(first) => {
            let line = line_of(text.as_bytes(), text.len() - start.len()) + first_line - 1;
            completion_start(first, line)?;
            match first {
                'Q' | '.' | 'x' | 'X' => parse_board(text, first_line),
                _ => parse_parameters(text, first_line),
            }
        }
    }
}

/// Checks that `first`, the first non-blank character of a text, can start a completion
/// problem, so that a reader can refuse an input from its first bytes, before reading
/// the rest: a board square, a parameter's name or a comment.
///
/// ```
/// assert!(queens::complete::check_completion_start('l').is_ok());
/// assert!(queens::complete::check_completion_start('.').is_ok());
/// let e = queens::complete::check_completion_start('\0').unwrap_err();
/// assert!(e.to_string().starts_with("line 1: cannot tell the format from '\\0'"));
/// ```
pub fn check_completion_start(first: char) -> Result<(), Error> {
    completion_start(first, 1)
}

fn completion_start(first: char, line: usize) -> Result<(), Error> {
    if first.is_alphabetic()
        || matches!(
            first,
            'Q' | '.' | 'x' | 'X' | '_' | '$' | '%' | '/' | '\u{feff}'
        )
    {
        return Ok(());
    }
    Err(Error::parse(
        line,
        format!(
            "cannot tell the format from {first:?}: expected a board of 'Q', '.' and 'x', or parameters such as 'n = 10'"
        ),
    ))
}

/// A partial board, in `board` or `line` layout.
fn parse_board(text: &str, first: usize) -> Result<Completion, Error> {
    let lines: Vec<(usize, &str)> = split_lines(text)
        .enumerate()
        .map(|(i, l)| (i + first, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    let rows: Vec<(usize, &str)> = match lines[..] {
        [(line, one)] if one.contains(char::is_whitespace) => {
            one.split_whitespace().map(|row| (line, row)).collect()
        }
        _ => lines,
    };
    let n = rows.len();
    let mut problem = Completion::new(n);
    for (r, &(line, row)) in rows.iter().enumerate() {
        let squares = row.chars().count();
        if squares != n {
            return Err(Error::parse(
                line,
                format!(
                    "row {r} has {squares} squares, but the board has {n} rows: a board is square"
                ),
            ));
        }
        for (c, square) in row.chars().enumerate() {
            let (r, c) = (r as u32, c as u32);
            problem = match square {
                'Q' => problem.queen(r, c),
                'x' | 'X' => problem.block(r, c),
                '.' => problem,
                other => {
                    return Err(Error::parse(
                        line,
                        format!(
                            "unexpected {other:?} on a board: expected Q (a queen), . (a free square) or x (a blocked square)"
                        ),
                    ));
                }
            };
        }
    }
    Ok(problem)
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Int(i64),
    Symbol(char),
}

/// The tokens of a parameter file, cut one at a time from its lines, so that memory holds
/// the values read rather than a list of every token.
struct Lexer<'a> {
    lines: std::iter::Enumerate<SplitLines<'a>>,
    /// What is left of the current line's code.
    code: &'a str,
    /// The current line (1-based).
    line: usize,
    /// The number of the text's first line.
    first: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str, first: usize) -> Self {
        Lexer {
            lines: split_lines(text).enumerate(),
            code: "",
            line: first,
            first,
        }
    }

    fn next_token(&mut self) -> Result<Option<(usize, Token)>, Error> {
        loop {
            let code = self.code.trim_start();
            let Some(ch) = code.chars().next() else {
                let Some((i, raw)) = self.lines.next() else {
                    return Ok(None);
                };
                self.line = i + self.first;
                let mut code = raw;
                for marker in ["$", "%", "//"] {
                    if let Some(at) = code.find(marker) {
                        code = &code[..at];
                    }
                }
                self.code = if code.trim_start().starts_with("language ") {
                    ""
                } else {
                    code
                };
                continue;
            };
            let line = self.line;
            let (token, len) = if ch.is_ascii_digit() || ch == '-' {
                let len = 1 + code[1..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(code.len() - 1);
                (Token::Int(number(line, &code[..len])?), len)
            } else if ch.is_alphabetic() || ch == '_' {
                let len = code
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(code.len());
                (Token::Word(code[..len].to_string()), len)
            } else if "[](),.;=".contains(ch) {
                (Token::Symbol(ch), 1)
            } else {
                return Err(Error::parse(
                    line,
                    format!("unexpected {ch:?} in the parameters"),
                ));
            };
            self.code = &code[len..];
            return Ok(Some((line, token)));
        }
    }
}

/// A whole number as written in a parameter file, range-checked rather than wrapped.
fn number(line: usize, word: &str) -> Result<i64, Error> {
    word.parse().map_err(|_| {
        let message = if word.len() > 1 {
            format!(
                "the number {} is out of range: board sizes go up to {COMPLETION_MAX_N}, and rows, columns and diagonals stay on the board",
                excerpt(word)
            )
        } else {
            format!("'{word}' is not a number")
        };
        Error::parse(line, message)
    })
}

/// A parameter's value: a number or a list.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Int(i64),
    List(Vec<Value>),
}

/// A parser of parameter files, one token ahead.
struct Parser<'a> {
    lexer: Lexer<'a>,
    peeked: Option<(usize, Token)>,
    /// How many numbers and lists have been read, against [`MAX_VALUES`].
    values: usize,
}

/// The most numbers and lists a parameter file may hold: three per given queen of the
/// largest board, with room for its diagonals. Each takes 32 bytes or more in memory.
const MAX_VALUES: usize = 5 * COMPLETION_MAX_N;

impl Parser<'_> {
    fn peek(&mut self) -> Result<Option<&Token>, Error> {
        if self.peeked.is_none() {
            self.peeked = self.lexer.next_token()?;
        }
        Ok(self.peeked.as_ref().map(|(_, t)| t))
    }

    /// The line of the next token, or the last line at the end of the text.
    fn line(&mut self) -> Result<usize, Error> {
        self.peek()?;
        Ok(self.peeked.as_ref().map_or(self.lexer.line, |&(l, _)| l))
    }

    fn next(&mut self) -> Result<Option<Token>, Error> {
        self.peek()?;
        Ok(self.peeked.take().map(|(_, t)| t))
    }

    /// An error at the next token's line.
    fn error(&mut self, message: impl Into<String>) -> Error {
        match self.line() {
            Ok(line) => Error::parse(line, message),
            Err(e) => e,
        }
    }

    fn eat(&mut self, symbol: char) -> Result<bool, Error> {
        let found = self.peek()? == Some(&Token::Symbol(symbol));
        if found {
            self.peeked = None;
        }
        Ok(found)
    }

    fn expect(&mut self, symbol: char) -> Result<(), Error> {
        if self.eat(symbol)? {
            Ok(())
        } else {
            Err(self.error(format!("expected '{symbol}' here")))
        }
    }

    fn count_value(&mut self) -> Result<(), Error> {
        self.values += 1;
        if self.values > MAX_VALUES {
            return Err(self.error(format!(
                "more than {MAX_VALUES} numbers and lists: the largest board, {COMPLETION_MAX_N} queens, needs fewer"
            )));
        }
        Ok(())
    }

    /// A number or a list, nested lists kept on a stack of their own rather than on the
    /// call stack, so that no input can overflow it.
    fn value(&mut self) -> Result<Value, Error> {
        let mut open: Vec<Vec<Value>> = Vec::new();
        loop {
            self.count_value()?;
            let mut item = match self.peek()? {
                Some(Token::Int(v)) => {
                    let v = *v;
                    self.peeked = None;
                    Value::Int(v)
                }
                Some(Token::Symbol('[')) => {
                    self.peeked = None;
                    if self.eat(']')? {
                        Value::List(Vec::new())
                    } else if open.len() >= NESTING_MAX_DEPTH {
                        return Err(self.error(format!(
                            "lists nested more than {NESTING_MAX_DEPTH} deep: the parameters nest two deep, as in [[0, 1], [2, 3]]"
                        )));
                    } else {
                        open.push(Vec::new());
                        continue;
                    }
                }
                _ => return Err(self.error("expected a number or a list like [[0, 1], [2, 3]]")),
            };
            // Add the item to the innermost open list, closing every list that ends here.
            loop {
                let Some(list) = open.last_mut() else {
                    return Ok(item);
                };
                list.push(item);
                let closes = self.eat(']')? || {
                    self.expect(',')?;
                    // The ASP competition's blocked-queens files end a list with "[28,27],\n]".
                    self.eat(']')?
                };
                if !closes {
                    break;
                }
                item = Value::List(open.pop().unwrap_or_default());
            }
        }
    }
}

/// The parameters read so far, by the published format that names them. A file may mix
/// them (queens given on a board with blocked squares, say); each group adds its part to
/// the problem.
#[derive(Default)]
struct Params {
    n: Option<(usize, i64)>,
    /// CSPLib 079: `init = [[r, c], …]`, the queens given, 0-based.
    init: Option<(usize, Value)>,
    diagonal_pairs: DiagonalPairs,
    strong_diagonals: StrongDiagonals,
    blocked: BlockedSquares,
}

/// CSPLib's Excluded Diagonals: `diags = [[d, t], …]`, of which the first `numdiags` count.
#[derive(Default)]
struct DiagonalPairs {
    numdiags: Option<(usize, i64)>,
    diags: Option<(usize, Value)>,
}

/// CSPLib 079's strong diagonals model: `sumdiags` (r + c) and `diffdiags` (r − c), with
/// their lengths `numsum` and `numdiff`.
#[derive(Default)]
struct StrongDiagonals {
    numsum: Option<(usize, i64)>,
    sumdiags: Option<(usize, Value)>,
    numdiff: Option<(usize, i64)>,
    diffdiags: Option<(usize, Value)>,
}

/// Blocked n-queens, 1-based as published: MiniZinc's `m`, `row` and `col`, CSPLib 080's
/// `blocks = [[r, c], …]`, and `block(r, c).` facts.
#[derive(Default)]
struct BlockedSquares {
    m: Option<(usize, i64)>,
    row: Option<(usize, Value)>,
    col: Option<(usize, Value)>,
    blocks: Option<(usize, Value)>,
    facts: Vec<(usize, i64, i64)>,
}

fn parse_parameters(text: &str, first: usize) -> Result<Completion, Error> {
    let mut p = Parser {
        lexer: Lexer::new(text, first),
        peeked: None,
        values: 0,
    };
    let mut params = Params::default();
    while p.peek()?.is_some() {
        let line = p.line()?;
        let Some(Token::Word(mut name)) = p.peek()?.cloned() else {
            return Err(p.error("expected a parameter name such as n, init or diags"));
        };
        p.next()?;
        if name == "letting" {
            let Some(Token::Word(w)) = p.peek()?.cloned() else {
                return Err(p.error("expected a parameter name after 'letting'"));
            };
            p.next()?;
            name = w;
        }
        if p.eat('(')? {
            fact(&mut p, &name, line, &mut params)?;
            continue;
        }
        if !p.eat('=')? {
            if p.peek()? != Some(&Token::Word("be".into())) {
                return Err(p.error(format!("expected '=' or 'be' after '{}'", excerpt(&name))));
            }
            p.next()?;
        }
        let value = p.value()?;
        let int = |v: Value| match v {
            Value::Int(i) => Ok(i),
            Value::List(_) => Err(Error::parse(line, format!("'{name}' must be a number"))),
        };
        let key = name.as_str();
        match key {
            "n" => once(&mut params.n, key, line, int(value)?)?,
            "numdiags" => once(&mut params.diagonal_pairs.numdiags, key, line, int(value)?)?,
            "m" => once(&mut params.blocked.m, key, line, int(value)?)?,
            "init" => once(&mut params.init, key, line, value)?,
            "diags" => once(&mut params.diagonal_pairs.diags, key, line, value)?,
            "row" => once(&mut params.blocked.row, key, line, value)?,
            "col" => once(&mut params.blocked.col, key, line, value)?,
            "blocks" => once(&mut params.blocked.blocks, key, line, value)?,
            "numsum" => once(&mut params.strong_diagonals.numsum, key, line, int(value)?)?,
            "sumdiags" => once(&mut params.strong_diagonals.sumdiags, key, line, value)?,
            "numdiff" => once(&mut params.strong_diagonals.numdiff, key, line, int(value)?)?,
            "diffdiags" => once(&mut params.strong_diagonals.diffdiags, key, line, value)?,
            other => {
                return Err(Error::parse(
                    line,
                    format!(
                        "unknown parameter '{}': expected n with init (completion), numdiags and diags or sumdiags and diffdiags (excluded diagonals), or blocks, or m, row and col (blocked queens)",
                        excerpt(other)
                    ),
                ));
            }
        }
        p.eat(';')?;
    }
    build(params, first)
}

/// Sets a parameter read on `line`, refusing one given before: the last one winning would
/// silently drop what the first one said (a given queen, a closed diagonal, the size).
fn once<T>(slot: &mut Option<(usize, T)>, key: &str, line: usize, value: T) -> Result<(), Error> {
    if let Some((first, _)) = slot {
        let what = if key == "n" || key == "board" {
            "the board size (n or board(N).)".to_owned()
        } else {
            format!("'{key}'")
        };
        return Err(Error::parse(
            line,
            format!("{what} is given twice, on lines {first} and {line}: give each parameter once"),
        ));
    }
    *slot = Some((line, value));
    Ok(())
}

/// A `board(n).` or `block(r, c).` fact, after its opening parenthesis.
fn fact(p: &mut Parser<'_>, name: &str, line: usize, params: &mut Params) -> Result<(), Error> {
    let mut args = Vec::new();
    loop {
        match p.peek()? {
            Some(&Token::Int(v)) if args.len() < 2 => {
                p.next()?;
                args.push(v);
            }
            Some(Token::Int(_)) => return Err(p.error("a fact has at most two numbers")),
            _ => return Err(p.error("expected a number")),
        }
        if p.eat(')')? {
            break;
        }
        p.expect(',')?;
    }
    p.expect('.')?;
    match (name, &args[..]) {
        ("board", &[n]) => once(&mut params.n, name, line, n)?,
        ("block", &[r, c]) => {
            p.count_value()?;
            params.blocked.facts.push((line, r, c));
        }
        _ => {
            return Err(Error::parse(
                line,
                format!(
                    "unknown fact '{}' with {} arguments: expected board(N) or block(R, C)",
                    excerpt(name),
                    args.len()
                ),
            ));
        }
    }
    Ok(())
}

/// A non-negative number that fits a coordinate.
fn coordinate(line: usize, v: i64, what: &str) -> Result<u32, Error> {
    u32::try_from(v).map_err(|_| Error::parse(line, format!("{what} {v} is not a valid index")))
}

/// A list of pairs.
fn pairs(line: usize, value: &Value, name: &str) -> Result<Vec<(i64, i64)>, Error> {
    let bad = || {
        Error::parse(
            line,
            format!("'{name}' must be a list of pairs like [[0, 1], [2, 3]]"),
        )
    };
    let Value::List(items) = value else {
        return Err(bad());
    };
    items
        .iter()
        .map(|item| match item {
            Value::List(pair) => match pair[..] {
                [Value::Int(a), Value::Int(b)] => Ok((a, b)),
                _ => Err(bad()),
            },
            Value::Int(_) => Err(bad()),
        })
        .collect()
}

/// A list of numbers.
fn numbers(line: usize, value: &Value, name: &str) -> Result<Vec<i64>, Error> {
    let bad = || Error::parse(line, format!("'{name}' must be a list of numbers"));
    let Value::List(items) = value else {
        return Err(bad());
    };
    items
        .iter()
        .map(|item| match item {
            Value::Int(v) => Ok(*v),
            Value::List(_) => Err(bad()),
        })
        .collect()
}

/// The problem the parameters state; `first` is the text's first line, where messages
/// about what no line states point.
fn build(params: Params, first: usize) -> Result<Completion, Error> {
    let n = board_size(params.n, first)?;
    let mut problem = Completion::new(n);
    if let Some((line, init)) = &params.init {
        for (r, c) in pairs(*line, init, "init")? {
            problem = problem.queen(
                coordinate(*line, r, "row")?,
                coordinate(*line, c, "column")?,
            );
        }
    }
    let problem = params.diagonal_pairs.add_to(problem)?;
    let problem = params.strong_diagonals.add_to(problem, n)?;
    params.blocked.add_to(problem, n, first)
}

/// The board size, which every format states.
fn board_size(n: Option<(usize, i64)>, first: usize) -> Result<usize, Error> {
    let Some((line, n)) = n else {
        return Err(Error::parse(
            first,
            "the board size is missing: expected a line like 'n = 10'",
        ));
    };
    match usize::try_from(n) {
        Ok(n) if n <= COMPLETION_MAX_N => Ok(n),
        Ok(_) => Err(Error::parse(
            line,
            format!("n = {n} is too large: at most {COMPLETION_MAX_N} queens"),
        )),
        Err(_) => Err(Error::parse(
            line,
            format!(
                "n = {n} is not a board size: expected a whole number from 0 to {COMPLETION_MAX_N}"
            ),
        )),
    }
}

impl DiagonalPairs {
    fn add_to(self, mut problem: Completion) -> Result<Completion, Error> {
        let Some((line, diags)) = &self.diags else {
            if let Some((line, _)) = self.numdiags {
                return Err(Error::parse(line, "numdiags is given but diags is missing"));
            }
            return Ok(problem);
        };
        let all = pairs(*line, diags, "diags")?;
        let used = match self.numdiags {
            Some((l, k)) => usize::try_from(k)
                .ok()
                .filter(|&k| k <= all.len())
                .ok_or_else(|| {
                    Error::parse(
                        l,
                        format!("numdiags = {k}, but diags lists {} pairs", all.len()),
                    )
                })?,
            None => all.len(),
        };
        for &(d, kind) in &all[..used] {
            let d = coordinate(*line, d, "diagonal")?;
            problem = problem.exclude(match kind {
                1 => Diagonal::Sum(d),
                0 => Diagonal::Difference(d),
                other => {
                    return Err(Error::parse(
                        *line,
                        format!("diagonal kind {other} in [{d}, {other}]: expected 1 (r + c = d) or 0 (r - c = d - (n - 1))"),
                    ));
                }
            });
        }
        Ok(problem)
    }
}

impl StrongDiagonals {
    fn add_to(self, mut problem: Completion, n: usize) -> Result<Completion, Error> {
        for (list, count, name) in [
            (&self.sumdiags, self.numsum, "sumdiags"),
            (&self.diffdiags, self.numdiff, "diffdiags"),
        ] {
            let Some((line, list)) = list else {
                if let Some((line, _)) = count {
                    return Err(Error::parse(
                        line,
                        format!("the count of {name} is given but {name} is missing"),
                    ));
                }
                continue;
            };
            let values = numbers(*line, list, name)?;
            if let Some((l, k)) = count.filter(|&(_, k)| k != values.len() as i64) {
                return Err(Error::parse(
                    l,
                    format!(
                        "{k} {name} are announced, but the list holds {}",
                        values.len()
                    ),
                ));
            }
            let last = n as i64 - 1;
            let (diagonal, lowest, highest): (fn(usize, i64) -> Option<Diagonal>, _, _) =
                if name == "sumdiags" {
                    (Diagonal::with_sum, 0, 2 * last)
                } else {
                    (Diagonal::with_difference, -last, last)
                };
            for v in values {
                let d = diagonal(n, v).ok_or_else(|| {
                    Error::parse(
                        *line,
                        format!(
                            "{name} holds {v}: on a {n}×{n} board it is from {lowest} to {highest}"
                        ),
                    )
                })?;
                problem = problem.exclude(d);
            }
        }
        Ok(problem)
    }
}

impl BlockedSquares {
    fn add_to(self, mut problem: Completion, n: usize, first: usize) -> Result<Completion, Error> {
        let mut blocked = Vec::new();
        match (&self.row, &self.col) {
            (Some((line, rows)), Some((_, cols))) => {
                let (rows, cols) = (numbers(*line, rows, "row")?, numbers(*line, cols, "col")?);
                if rows.len() != cols.len() {
                    return Err(Error::parse(
                        *line,
                        format!(
                            "row lists {} squares but col lists {}",
                            rows.len(),
                            cols.len()
                        ),
                    ));
                }
                if let Some((l, m)) = self.m.filter(|&(_, m)| m != rows.len() as i64) {
                    return Err(Error::parse(
                        l,
                        format!("m = {m}, but row and col list {} squares", rows.len()),
                    ));
                }
                blocked.extend(rows.into_iter().zip(cols).map(|(r, c)| (*line, r, c)));
            }
            (None, None) => {}
            _ => {
                let line = self
                    .row
                    .as_ref()
                    .or(self.col.as_ref())
                    .map_or(first, |&(l, _)| l);
                return Err(Error::parse(line, "blocked squares need both row and col"));
            }
        }
        if let Some((line, blocks)) = &self.blocks {
            blocked.extend(
                pairs(*line, blocks, "blocks")?
                    .into_iter()
                    .map(|(r, c)| (*line, r, c)),
            );
        }
        blocked.extend(self.facts);
        for (line, r, c) in blocked {
            // Published blocked-queens instances count rows and columns from 1, and so do
            // their messages here.
            let on_board = |v: i64| (1..=n as i64).contains(&v);
            if !(on_board(r) && on_board(c)) {
                return Err(Error::parse(
                    line,
                    format!(
                        "the blocked square ({r}, {c}) is outside the {n}×{n} board: blocked squares count from 1, rows and columns 1 to {n}"
                    ),
                ));
            }
            problem = problem.block((r - 1) as u32, (c - 1) as u32);
        }
        Ok(problem)
    }
}
