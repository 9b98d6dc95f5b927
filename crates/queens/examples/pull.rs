//! The library's pull forms as a program: `cargo run --release --example pull -- 16`
//! reads every solution of n = 16 through `Solutions::next_columns`, `-- --unique 16`
//! every class representative through `UniqueSolutions::next_columns`, `-- --iter 16`
//! through the `Iterator` (a `Placement` each), and prints how many there were and a
//! checksum of their columns in order. `scripts/bench-enumerate.sh` times it.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (form, n) = match &args[..] {
        [n] => ("--columns", n.parse().ok()),
        [flag, n] if ["--unique", "--iter"].contains(&flag.as_str()) => {
            (flag.as_str(), n.parse().ok())
        }
        _ => ("", None),
    };
    let Some(n) = n.filter(|&n| n <= queens::limits::MAX_N) else {
        eprintln!(
            "usage: pull [--unique | --iter] N (N from 0 to {})",
            queens::limits::MAX_N
        );
        std::process::exit(2);
    };
    let mut count = 0u64;
    let mut sum = Fnv::default();
    let mut take = |columns: &[u32]| {
        count += 1;
        sum.add(columns);
    };
    match form {
        "--unique" => {
            let mut reps = queens::UniqueSolutions::new(n).expect("n is in range");
            while let Some(columns) = reps.next_columns() {
                take(columns);
            }
        }
        "--iter" => queens::Solutions::new(n)
            .expect("n is in range")
            .for_each(|p| take(p.columns())),
        _ => {
            let mut all = queens::Solutions::new(n).expect("n is in range");
            while let Some(columns) = all.next_columns() {
                take(columns);
            }
        }
    }
    println!("{count} {:016x}", sum.0);
}

/// FNV-1a over the solutions, each folded to a word first, so that two builds can be seen
/// to list the same solutions in the same order: one multiplication a solution rather than
/// one a column, whose chain would cost a third of the listing's time.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, columns: &[u32]) {
        let word = columns
            .iter()
            .fold(0u64, |w, &c| w.rotate_left(5) ^ u64::from(c));
        self.0 = (self.0 ^ word).wrapping_mul(0x100_0000_01b3);
    }
}
