//! `nqueens completions SHELL` and `nqueens man`: the shell completions and the manual
//! page, generated from the same clap definitions that parse the command line.

use std::io::Write;

use clap::CommandFactory;

use queens::limits::excerpt;

use crate::cli::{Cli, CompletionsArgs, ManArgs};
use crate::error::{Exit, usage};

pub(crate) fn completions(args: &CompletionsArgs) -> anyhow::Result<Exit> {
    // clap_complete panics when its writer fails: it writes into memory, and the script
    // goes to standard output by the writes that report their failures.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "nqueens", &mut script);
    let mut out = super::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Exit::Answer)
}

pub(crate) fn man(args: &ManArgs) -> anyhow::Result<Exit> {
    let top = Cli::command();
    let page = match &args.command {
        None => top,
        Some(name) => {
            let Some(sub) = top.find_subcommand(name) else {
                let names: Vec<&str> = top.get_subcommands().map(|c| c.get_name()).collect();
                return Err(usage(format!(
                    "no command '{}': the pages are of {}",
                    excerpt(name),
                    names.join(", ")
                )));
            };
            // Named as the top page lists it, nqueens-solve(1), with its own usage line.
            let full = format!("nqueens-{}", sub.get_name());
            sub.clone().name(full.clone()).bin_name(full)
        }
    };
    let mut out = super::stdout();
    clap_mangen::Man::new(page).render(&mut out)?;
    out.flush()?;
    Ok(Exit::Answer)
}
