//! Every parser over random bytes and over structure-aware mutations of real inputs: none
//! may panic, overflow its stack, or answer with more than one short line of error.
//!
//! Bounded in cases so that the suite stays within CI's budget; raise `PROPTEST_CASES`
//! for a longer run.

use std::io::Cursor;

use proptest::prelude::*;
use queens::{
    Completion, Placement, complete::parse_completion, formats::verify_columns, parse_placements,
};

/// The longest error message any parser may give: a line, not an echo of the input.
const MESSAGE_MAX: usize = 400;

fn short_message(e: &queens::Error) -> Result<(), TestCaseError> {
    let message = e.to_string();
    prop_assert!(!message.contains('\n'), "{message}");
    prop_assert!(
        message.len() <= MESSAGE_MAX,
        "{} bytes: {message}",
        message.len()
    );
    Ok(())
}

/// Runs every placement reader on `text`.
fn every_placement_reader(text: &str) -> Result<(), TestCaseError> {
    if let Err(e) = parse_placements(text) {
        short_message(&e)?;
    }
    if let Err(e) = text.parse::<Placement>() {
        short_message(&e)?;
    }
    for verdict in verify_columns(text.as_bytes()) {
        if let Err(e) = verdict {
            short_message(&e)?;
        }
    }
    let seekable = queens::formats::verify_columns_seekable(Cursor::new(text.as_bytes())).unwrap();
    for verdict in seekable {
        if let Err(e) = verdict {
            short_message(&e)?;
        }
    }
    Ok(())
}

/// Runs the completion reader on `text`, and on small boards the searches too.
fn completion_reader(text: &str) -> Result<(), TestCaseError> {
    match parse_completion(text) {
        Err(e) => short_message(&e)?,
        Ok(problem) => {
            let _ = problem.check();
            if problem.n() <= 10 {
                let answer = problem.count();
                let listed = problem.iter().map(|walk| walk.count() as u128);
                if let (Ok(count), Ok(listed)) = (answer, listed) {
                    prop_assert_eq!(count, listed);
                }
            }
        }
    }
    Ok(())
}

/// Real inputs of every format both readers take.
const SEEDS: &[&str] = &[
    "[1, 3, 0, 2]\n[2, 0, 3, 1]\n",
    "1 3 0 2\n0,2,4,1,3\n",
    ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n",
    ".Q.. ...Q Q... ..Q.\n",
    "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]]\n",
    "{\"n\":4,\"index\":0,\"columns\":[1,3,0,2]}\n",
    "╔════════════╗\n║   ░♛░   ░░░║\n║░░░   ░░░ ♛ ║\n║ ♛ ░░░   ░░░║\n║░░░   ░♛░   ║\n╚════════════╝\n",
    "..Q.\nx...\n....\n....\n",
    "language ESSENCE' 1.0\nletting n be 8\nletting init be [[3, 1], [4, 3]]\n",
    "n = 5\nnumdiags = 2\ndiags = [[4, 1], [2, 0], [3, 1]]\n",
    "letting n = 4\nletting blocks = [[1, 2], [4, 4],]\n",
    "n = 4; m = 3; row = [1,2,4]; col = [1,2,3];\n",
    "board(4). block(1,1). block(2, 3).\n",
];

/// A seed with a few bytes inserted, removed or replaced by characters that matter to
/// some grammar, or a slice of it repeated.
fn mutated() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = " ,[]()0123456789-+Qx.\n\"{}:;=$%╔║♛".chars().collect();
    let edit = (
        any::<prop::sample::Index>(),
        prop::sample::select(alphabet),
        0..4u8,
        1..200usize,
    );
    (
        prop::sample::select(SEEDS.to_vec()),
        prop::collection::vec(edit, 0..6),
    )
        .prop_map(|(seed, edits)| {
            let mut chars: Vec<char> = seed.chars().collect();
            for (at, c, kind, times) in edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 => chars.insert(i, c),
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    2 if i < chars.len() => chars[i] = c,
                    _ => {
                        let piece: Vec<char> = chars[i.min(chars.len())..]
                            .iter()
                            .take(3)
                            .copied()
                            .collect();
                        for _ in 0..times {
                            chars.splice(i..i, piece.iter().copied());
                        }
                    }
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn placement_readers_survive_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        every_placement_reader(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn placement_readers_survive_mutated_inputs(text in mutated()) {
        every_placement_reader(&text)?;
    }

    #[test]
    fn completion_reader_survives_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        completion_reader(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn completion_reader_survives_mutated_inputs(text in mutated()) {
        completion_reader(&text)?;
    }
}

/// Inputs built to break a parser's resources rather than its grammar.
#[test]
fn adversarial_shapes_get_short_errors() {
    let deep = format!(
        "letting init be {}{}",
        "[".repeat(1_000_000),
        "]".repeat(1_000_000)
    );
    let wide_number = format!("letting n be {}", "9".repeat(100_000));
    let long_name = format!("letting {} be 4", "x".repeat(100_000));
    let long_json = format!("{{\"columns\": \"{}\"}}", "a".repeat(100_000));
    for text in [&deep, &wide_number, &long_name] {
        let e = parse_completion(text).unwrap_err();
        short_message(&e).unwrap();
    }
    let e = parse_placements(&long_json).unwrap_err();
    short_message(&e).unwrap();
    let e = Completion::new(queens::limits::COMPLETION_MAX_N + 1)
        .find(None)
        .unwrap_err();
    assert!(e.to_string().contains("at most 10000000"), "{e}");
}
