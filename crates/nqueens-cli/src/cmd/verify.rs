//! `nqueens verify [FILE]`: check placements in any format.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use queens::{Conflict, parse_placements, verify_columns};

use crate::cli::VerifyArgs;
use crate::error::usage;

pub(crate) fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let (name, results) = match &args.file {
        Some(path) => (format!("'{}'", path.display()), from_file(path)?),
        None => {
            let bytes = super::read_stdin()?;
            let name = "standard input".to_owned();
            let results = from_text(&name, bytes)?;
            (name, results)
        }
    };

    let mut out = super::stdout();
    let mut invalid = 0usize;
    for (index, result) in results.iter().enumerate() {
        match result {
            Ok(()) => writeln!(out, "solution {index}: ok")?,
            Err(conflict) => {
                invalid += 1;
                writeln!(out, "solution {index}: {conflict}")?;
            }
        }
    }
    out.flush()?;
    let total = results.len();
    eprintln!(
        "{total} placement{} read from {name}: {} valid, {invalid} invalid",
        if total == 1 { "" } else { "s" },
        total - invalid
    );
    Ok(if invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A file of column arrays is streamed, holding bitsets rather than the placements, so
/// that a placement of 10^8 queens needs tens of megabytes; any other format is read
/// whole.
fn from_file(path: &Path) -> anyhow::Result<Vec<Result<(), Conflict>>> {
    let name = format!("'{}'", path.display());
    let unreadable = |e: io::Error| usage(format!("cannot read {name}: {e}"));
    let mut file = File::open(path).map_err(unreadable)?;
    let mut head = [0u8; 256];
    let len = file.read(&mut head).map_err(unreadable)?;
    let mut start = head[..len]
        .iter()
        .copied()
        .skip_while(u8::is_ascii_whitespace);
    let columns = match start.next() {
        Some(b'0'..=b'9') => true,
        Some(b'[') => start
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|b| b.is_ascii_digit()),
        _ => false,
    };
    if !columns {
        let mut bytes = head[..len].to_vec();
        file.read_to_end(&mut bytes).map_err(unreadable)?;
        return from_text(&name, bytes);
    }
    let file = File::open(path).map_err(unreadable)?;
    let verdicts = verify_columns(BufReader::with_capacity(1 << 20, file))
        .with_context(|| format!("cannot read {name}"))?;
    Ok(verdicts.into_iter().map(|v| v.result).collect())
}

fn from_text(name: &str, bytes: Vec<u8>) -> anyhow::Result<Vec<Result<(), Conflict>>> {
    let text = String::from_utf8(bytes).map_err(|e| {
        usage(format!(
            "{name} is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let placements = parse_placements(&text).with_context(|| format!("cannot read {name}"))?;
    Ok(placements
        .into_iter()
        .map(|p| p.placement.and_then(|p| p.validate()))
        .collect())
}
