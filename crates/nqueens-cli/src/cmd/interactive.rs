//! `nqueens` with no arguments: ask how many queens, as the Java tutorial does.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use queens::limits::MAX_N;

use crate::cli::parse_n;
use crate::error::{Exit, say, usage};
use crate::limits::PROMPT_MAX_BYTES;

pub(crate) fn run() -> anyhow::Result<Exit> {
    // At a terminal the user's Enter ends the prompt's line; piped input needs our own.
    let mut stderr = io::stderr();
    let end = if io::stdin().is_terminal() { "" } else { "\n" };
    // A stderr that cannot be written only loses the question.
    let _ = write!(stderr, "How many queens? {end}").and_then(|()| stderr.flush());
    // One line, read no further than the longest answer and its line end could be.
    let mut line = Vec::new();
    io::stdin()
        .lock()
        .take(PROMPT_MAX_BYTES as u64 + 2)
        .read_until(b'\n', &mut line)
        .map_err(|e| usage(format!("cannot read standard input: {e}")))?;
    // The answer ends at its line end, `\n`, `\r\n` or a lone `\r`, as every line does.
    if let Some(end) = line.iter().position(|&b| b == b'\n' || b == b'\r') {
        line.truncate(end);
    }
    if line.len() > PROMPT_MAX_BYTES {
        return Err(usage(format!(
            "the answer is longer than {PROMPT_MAX_BYTES} characters: expected a whole number from 0 to {MAX_N}"
        )));
    }
    let answer = String::from_utf8_lossy(&line);
    if answer.trim().is_empty() {
        return Err(usage(format!(
            "no number of queens given on standard input: expected a whole number from 0 to {MAX_N}"
        )));
    }
    let n = parse_n(&answer).map_err(usage)?;
    let super::solve::Listed::All(found) =
        super::solve::write_all(&super::solve::Listing::all(n), super::stdout())?
    else {
        unreachable!("a listing without a deadline lists everything")
    };
    say!("{found} solution{}", if found == 1 { "" } else { "s" });
    Ok(Exit::Answer)
}
