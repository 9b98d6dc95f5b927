//! The benchmark baselines as a program, one thread, no symmetry:
//! `cargo run --release --example textbook -- 16` counts with the textbook bitboard
//! search; `-- --list 16` lists the solutions with it, in lexicographic order, as column
//! arrays on stdout rendered row by row (`SolutionWriter::write_iter`): what
//! `nqueens solve 16 -f columns` is measured against.

use std::io::Write;

use queens::{Format, SolutionWriter};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (list, n) = match &args[..] {
        [n] => (false, n.parse().ok()),
        [flag, n] if flag == "--list" => (true, n.parse().ok()),
        _ => (false, None),
    };
    match n {
        Some(n) if n <= queens::limits::MAX_N && !list => {
            println!("{}", queens::reference::textbook_count(n))
        }
        Some(n) if n <= queens::limits::MAX_N => {
            let out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            let mut writer = SolutionWriter::new(out, Format::Columns);
            let mut failed = None;
            queens::reference::textbook_solutions(n, |columns| {
                if failed.is_none() {
                    failed = writer.write_iter(n, columns.iter().copied()).err();
                }
            });
            if let Some(e) = failed.or_else(|| writer.finish().and_then(|mut w| w.flush()).err()) {
                eprintln!("textbook: {e}");
                std::process::exit(1);
            }
        }
        _ => {
            eprintln!(
                "usage: textbook [--list] N (N from 0 to {})",
                queens::limits::MAX_N
            );
            std::process::exit(2);
        }
    }
}
