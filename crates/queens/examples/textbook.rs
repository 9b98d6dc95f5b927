//! The benchmark baseline as a program: `cargo run --release --example textbook -- 16`
//! counts with the textbook bitboard search (no symmetry, one thread).

fn main() {
    let n = std::env::args().nth(1).and_then(|a| a.parse().ok());
    match n {
        Some(n) if n <= queens::limits::MAX_N => {
            println!("{}", queens::reference::textbook_count(n))
        }
        _ => {
            eprintln!("usage: textbook N (N from 0 to {})", queens::limits::MAX_N);
            std::process::exit(2);
        }
    }
}
