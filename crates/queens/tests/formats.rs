//! Rendering and parsing every format: exact outputs, round trips, and parser robustness.

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use queens::{
    Conflict, Format, Placement, SolutionWriter, Solutions, conflicts, parse_placements, reference,
    validate,
};

fn render_all(n: usize, format: Format) -> String {
    let mut w = SolutionWriter::new(Vec::new(), format);
    let mut s = Solutions::new(n).unwrap();
    while let Some(c) = s.next_columns() {
        w.write(c).unwrap();
    }
    String::from_utf8(w.finish().unwrap()).unwrap()
}

fn columns_of(text: &str) -> Vec<Vec<u32>> {
    parse_placements(text)
        .unwrap()
        .into_iter()
        .map(|p| p.placement.unwrap().into_columns())
        .collect()
}

#[test]
fn tutorial_outputs_for_four_queens() {
    assert_eq!(
        render_all(4, Format::Board),
        ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n"
    );
    assert_eq!(
        render_all(4, Format::Line),
        ".Q.. ...Q Q... ..Q.\n..Q. Q... ...Q .Q..\n"
    );
    assert_eq!(
        render_all(4, Format::Columns),
        "[1, 3, 0, 2]\n[2, 0, 3, 1]\n"
    );
    assert_eq!(
        render_all(4, Format::Leetcode),
        "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n"
    );
    assert_eq!(
        render_all(4, Format::Json),
        "{\"n\":4,\"index\":0,\"columns\":[1,3,0,2]}\n{\"n\":4,\"index\":1,\"columns\":[2,0,3,1]}\n"
    );
}

#[test]
fn no_solution_and_empty_board() {
    for f in Format::ALL {
        let expected = if f == Format::Leetcode { "[]\n" } else { "" };
        assert_eq!(render_all(2, f), expected, "{f}");
    }
    assert_eq!(render_all(0, Format::Columns), "[]\n");
    assert_eq!(render_all(0, Format::Leetcode), "[[]]\n");
    assert_eq!(
        render_all(0, Format::Json),
        "{\"n\":0,\"index\":0,\"columns\":[]}\n"
    );
}

#[test]
fn leetcode_output_is_json_the_tutorials_would_return() {
    let boards: Vec<Vec<String>> = serde_json::from_str(&render_all(6, Format::Leetcode)).unwrap();
    let expected: Vec<Vec<String>> = reference::solutions(6)
        .iter()
        .map(|s| {
            Placement::new(s.clone())
                .to_string()
                .lines()
                .map(String::from)
                .collect()
        })
        .collect();
    assert_eq!(boards, expected);
}

#[test]
fn tutorial_inputs_are_read() {
    // The C++ tutorial prints each board on one line with a trailing space.
    assert_eq!(
        columns_of(".Q.. ...Q Q... ..Q. \n..Q. Q... ...Q .Q.. \n"),
        [[1, 3, 0, 2], [2, 0, 3, 1]]
    );
    // The Java tutorial prints Arrays.toString; bare and comma-separated arrays too.
    assert_eq!(columns_of("[1, 3, 0, 2]\n"), [[1, 3, 0, 2]]);
    assert_eq!(
        columns_of("1 3 0 2\n2,0,3,1\n"),
        [[1, 3, 0, 2], [2, 0, 3, 1]]
    );
    // LeetCode's answer, pretty-printed over several lines.
    assert_eq!(
        columns_of("[\n [\".Q..\",\n  \"...Q\",\n  \"Q...\",\n  \"..Q.\"]\n]\n"),
        [[1, 3, 0, 2]]
    );
    // `[]` is the empty board's column array, as `solve 0 -f columns` writes it.
    assert_eq!(columns_of("[]"), [Vec::<u32>::new()]);
    assert_eq!(columns_of("  \n\n"), Vec::<Vec<u32>>::new());
}

#[test]
fn row_queen_counts_are_reported_not_fatal() {
    let parsed = parse_placements("Q.\n..\n\nQQ\n.Q\n").unwrap();
    assert_eq!(
        parsed[0].placement,
        Err(Conflict::RowQueens { row: 1, queens: 0 })
    );
    assert_eq!(
        parsed[1].placement,
        Err(Conflict::RowQueens { row: 0, queens: 2 })
    );
    assert_eq!(parsed[1].line, 4);
}

#[test]
fn malformed_inputs_name_the_line() {
    let cases = [
        ("Q...\n.Q..\n..Q\n...Q\n", 3, "must be square"),
        (
            "[1, 3, 0, 2]\n[1, x]\n",
            2,
            "unexpected 'x' in a column array",
        ),
        (
            "{\"n\":4,\"columns\":[1,3,0,2]}\n{\"n\":5,\"columns\":[1,3,0,2]}\n",
            2,
            "\"n\" is 5",
        ),
        (
            "{\"columns\":[1,3,0,2]}\n{\"rows\":[1]}\n",
            2,
            "unknown field `rows`",
        ),
        ("{\"n\":1}\n", 1, "missing field `columns`"),
        ("[[\".Q\",\"Q.\"],\n[\"..\", 3]]", 2, "LeetCode"),
        ("Q.\n.z\n", 2, "unexpected 'z'"),
        ("hello", 1, "cannot tell the format"),
        ("1 2 -3", 1, "unexpected '-' in a column array"),
        ("╔══════╗\n║ ♛ ░x░║\n", 2, "three characters wide"),
    ];
    for (input, line, needle) in cases {
        match parse_placements(input) {
            Err(queens::Error::Parse { line: l, message }) => {
                assert_eq!(l, line, "{input:?}: {message}");
                assert!(message.contains(needle), "{input:?}: {message}");
            }
            other => panic!("{input:?} gave {other:?}"),
        }
    }
}

/// A random board size and column array, each column in 0..n.
fn placement() -> impl Strategy<Value = Vec<u32>> {
    (1usize..12).prop_flat_map(|n| prop::collection::vec(0..n as u32, n))
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]
    #[test]
    fn every_format_round_trips(columns in placement(), count in 1usize..4) {
        let all = vec![columns; count];
        for format in Format::ALL {
            let mut w = SolutionWriter::new(Vec::new(), format);
            for c in &all {
                w.write(c).unwrap();
            }
            let text = String::from_utf8(w.finish().unwrap()).unwrap();
            prop_assert_eq!(&columns_of(&text), &all, "{}:\n{}", format, text);
        }
    }

    #[test]
    fn validation_agrees_with_the_reference(columns in (1usize..14).prop_flat_map(|n| prop::collection::vec(0..n as u32 + 2, n))) {
        prop_assert_eq!(validate(&columns).is_ok(), reference::is_solution(&columns));
    }

    #[test]
    fn conflicts_are_every_attacking_pair(columns in (0usize..14).prop_flat_map(|n| prop::collection::vec(0..n as u32 + 2, n))) {
        let mut pairs = Vec::new();
        for (i, &a) in columns.iter().enumerate() {
            for (j, &b) in columns.iter().enumerate().skip(i + 1) {
                if a == b || a.abs_diff(b) as usize == j - i {
                    pairs.push((i, j));
                }
            }
        }
        prop_assert_eq!(conflicts(&columns), pairs);
    }

    #[test]
    fn random_permutations_validate_as_the_reference_says(perm in (1usize..14).prop_flat_map(|n| Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle())) {
        prop_assert_eq!(validate(&perm).is_ok(), reference::is_solution(&perm));
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_placements(&text);
    }

    #[test]
    fn random_text_from_the_format_alphabet_never_panics(text in "[Q.x\\[\\]{}\",:0-9 \n╔╗╚╝║═░♛-]{0,80}") {
        let _ = parse_placements(&text);
    }

    #[test]
    fn a_stray_character_in_a_valid_input_is_an_error(
        columns in placement(),
        format in prop::sample::select(Format::ALL.to_vec()),
        at in any::<prop::sample::Index>(),
        stray in prop::sample::select(vec!['z', '#', '?', '~']),
    ) {
        let mut buf = Vec::new();
        queens::formats::render(&mut buf, &columns, format, 0);
        let text = String::from_utf8(buf).unwrap();
        let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        let i = boundaries[at.index(boundaries.len())];
        let mutated = format!("{}{}{}", &text[..i], stray, &text[i..]);
        prop_assert!(parse_placements(&mutated).is_err(), "{:?} parsed", mutated);
    }
}

mod streaming {
    use super::*;
    use std::io::Cursor;

    /// Each placement's line, size and verdict, or the reader's error.
    type ReadResult = Result<Vec<(usize, usize, Result<(), Conflict>)>, queens::Error>;

    /// The verdicts of every reader of column arrays: the streaming verifier, the seeking
    /// one, and the in-memory parser with `validate`.
    fn all_readers(text: &str) -> [ReadResult; 3] {
        let from_stream = |verdicts: &mut dyn Iterator<
            Item = Result<queens::formats::Verdict, queens::Error>,
        >| {
            verdicts
                .map(|v| v.map(|v| (v.line, v.n, v.result)))
                .collect::<Result<Vec<_>, _>>()
        };
        let parsed = parse_placements(text).map(|all| {
            all.into_iter()
                .map(|p| {
                    let placement = p.placement.unwrap();
                    (p.line, placement.n(), placement.validate())
                })
                .collect()
        });
        [
            from_stream(&mut queens::formats::verify_columns(text.as_bytes())),
            queens::formats::verify_columns_seekable(Cursor::new(text))
                .and_then(|v| from_stream(&mut { v })),
            parsed,
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
            ..ProptestConfig::default()
        })]

        /// Every reader of column arrays gives the same verdicts as `validate`, conflicts
        /// and partners included, whichever way the arrays are written.
        #[test]
        fn every_column_reader_agrees_with_validate(
            lines in prop::collection::vec(
                ((0usize..14).prop_flat_map(|n| prop::collection::vec(0..n as u32 + 2, n)), 0..4usize),
                1..5,
            ),
        ) {
            let text: String = lines
                .iter()
                .map(|(c, style)| {
                    let body = c.iter().map(u32::to_string).collect::<Vec<_>>();
                    match style {
                        0 => format!("[{}]\n", body.join(", ")),
                        1 => format!("[{}]\n", body.join(" ")),
                        2 => format!("{}\n\n", body.join(" ")),
                        _ => format!("  {}\n", body.join(",")),
                    }
                })
                .collect();
            // A leading `[]` alone would read as an empty LeetCode array.
            prop_assume!(!text.trim_start().starts_with("[]"));
            let kept: Vec<&Vec<u32>> = lines
                .iter()
                .filter(|(c, style)| *style < 2 || !c.is_empty())
                .map(|(c, _)| c)
                .collect();
            let [stream, seek, parsed] = all_readers(&text);
            prop_assert_eq!(&stream, &seek);
            prop_assert_eq!(&stream, &parsed);
            let stream = stream.unwrap();
            prop_assert_eq!(stream.len(), kept.len());
            for ((_, n, result), c) in stream.iter().zip(kept) {
                prop_assert_eq!(result, &validate(c), "{:?}", c);
                prop_assert_eq!(*n, c.len());
            }
        }
    }

    #[test]
    fn malformed_lines_are_the_same_error_for_every_reader() {
        for (text, line) in [
            ("1 2\n3 x\n", 2),
            ("[1, 2\n", 1),
            ("1 2]\n", 1),
            ("[1] 2\n", 1),
            ("99999999999\n", 1),
            ("[0,]\n", 1),
            ("[1, +3, 0, 2]\n", 1),
            ("1,,2\n", 1),
            ("[0]\n[,1]\n", 2),
            ("3 1\n2,\n", 2),
        ] {
            for (reader, result) in all_readers(text).into_iter().enumerate() {
                match result {
                    Err(queens::Error::Parse { line: l, .. }) => {
                        assert_eq!(l, line, "reader {reader} on {text:?}")
                    }
                    other => panic!("reader {reader} on {text:?} gave {other:?}"),
                }
            }
        }
    }
}

#[test]
fn read_failures_keep_their_cause() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let e = queens::formats::verify_columns(std::io::BufReader::new(Broken))
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(e.to_string(), "cannot read the input");
    let cause = std::error::Error::source(&e).expect("the I/O error is kept");
    assert_eq!(cause.to_string(), "disk on fire");
}
