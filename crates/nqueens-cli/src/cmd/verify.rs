//! `nqueens verify [FILE]`: check placements in any format.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use queens::parse_placements;

use crate::cli::VerifyArgs;
use crate::error::usage;

pub(crate) fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let (name, bytes) = match &args.file {
        Some(path) => (
            format!("'{}'", path.display()),
            std::fs::read(path)
                .map_err(|e| usage(format!("cannot read '{}': {e}", path.display())))?,
        ),
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| usage(format!("cannot read standard input: {e}")))?;
            ("standard input".to_owned(), bytes)
        }
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        usage(format!(
            "{name} is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let placements = parse_placements(&text).with_context(|| format!("cannot read {name}"))?;

    let mut out = super::stdout();
    let mut invalid = 0usize;
    for (index, parsed) in placements.iter().enumerate() {
        match parsed
            .placement
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|p| p.validate())
        {
            Ok(()) => writeln!(out, "solution {index}: ok")?,
            Err(conflict) => {
                invalid += 1;
                writeln!(out, "solution {index}: {conflict}")?;
            }
        }
    }
    out.flush()?;
    let total = placements.len();
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
