//! `nqueens`: the command-line front end of the `queens` library.

mod checkpoint;
mod cli;
mod cmd;
mod error;
mod input;
mod limits;
mod stop;
mod store;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

use crate::cli::{Cli, Command};
use crate::error::{Exit, say};

fn main() -> ExitCode {
    let exit = match Cli::try_parse() {
        Ok(cli) => run(cli).unwrap_or_else(|e| error::report(&e)),
        Err(e) => clap_exit(&e),
    };
    if let Exit::Signalled(signal) = exit {
        signal.end_process();
    }
    exit.into()
}

fn run(cli: Cli) -> anyhow::Result<Exit> {
    match cli.command {
        None => cmd::interactive::run(),
        Some(Command::Solve(args)) => cmd::solve::run(&args),
        Some(Command::Count(args)) => cmd::count::run(&args),
        Some(Command::One(args)) => cmd::one::run(&args),
        Some(Command::Plan(args)) => cmd::plan::run(&args),
        Some(Command::Shard(args)) => cmd::shard::run(&args),
        Some(Command::Merge(args)) => cmd::merge::run(&args),
        Some(Command::Verify(args)) => cmd::verify::run(&args),
        Some(Command::Complete(args)) => cmd::complete::run(&args),
        Some(Command::Instance(args)) => cmd::instance::run(&args),
        Some(Command::Web(args)) => cmd::web::run(&args),
        Some(Command::Completions(args)) => cmd::docs::completions(&args),
        Some(Command::Man(args)) => cmd::docs::man(&args),
    }
}

/// Help and version go to stdout (in colour on a terminal, as clap writes them), a failed
/// write reported like any other; every other clap error becomes one line on stderr and
/// exit code 2.
fn clap_exit(e: &clap::Error) -> Exit {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            if std::io::stdout().is_terminal() {
                let _ = e.print();
                return Exit::Answer;
            }
            let mut out = cmd::stdout();
            let written = write!(out, "{}", e.render()).and_then(|()| out.flush());
            match written {
                Ok(()) => Exit::Answer,
                Err(failure) => error::report(&failure.into()),
            }
        }
        _ => {
            let text = e.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            // clap quotes the offending argument whole: cut it, as every message here does.
            let message = queens::limits::excerpt_quotes(&message.join(" "));
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            say!("nqueens: {message} (see 'nqueens --help')");
            Exit::Usage
        }
    }
}
