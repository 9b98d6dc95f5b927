//! `nqueens solve`'s bytes: the same as the reference backtracker through the general
//! renderer, as the enumerator before the joined bottoms, and on any number of threads.

use queens::{Format, SolutionWriter, reference};

use crate::common::nqueens;

/// What `nqueens solve` prints for `args`, as bytes.
fn bytes(args: &[&str]) -> Vec<u8> {
    let out = nqueens().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The reference backtracker's first `limit` solutions, rendered row by row by the
/// writer's general path (`write_iter`), not by its precomputed rows.
fn reference_text(n: usize, format: Format, limit: usize) -> Vec<u8> {
    let mut writer = SolutionWriter::new(Vec::new(), format);
    for columns in reference::solutions(n).iter().take(limit) {
        writer.write_iter(n, columns.iter().copied()).unwrap();
    }
    writer.finish().unwrap()
}

/// Every solution of `n` in order by the library's search: below each placement of the
/// first two rows, a prefix too long for the joined halves that `solve` and the library's
/// iterators list by from n = 12 to 17. With `unique`, one per class.
fn searched(n: usize, unique: bool) -> impl Iterator<Item = queens::Placement> {
    let n32 = n as u32;
    (0..n32)
        .flat_map(move |a| (0..n32).map(move |b| [a, b]))
        .flat_map(
            move |prefix| -> Box<dyn Iterator<Item = queens::Placement>> {
                match unique {
                    true => Box::new(
                        queens::UniqueSolutions::with_prefix(n, &prefix)
                            .into_iter()
                            .flatten(),
                    ),
                    false => Box::new(
                        queens::Solutions::with_prefix(n, &prefix)
                            .into_iter()
                            .flatten(),
                    ),
                }
            },
        )
}

/// 64-bit FNV-1a: a hash that stays the same from one Rust release to the next.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn every_format_is_the_reference_on_any_number_of_threads() {
    for n in [0usize, 1, 2, 3, 4, 6, 10, 11] {
        for format in Format::ALL {
            let expected = reference_text(n, format, usize::MAX);
            for threads in ["1", "2", "3"] {
                let args = ["solve", &n.to_string(), "-f", format.name(), "-j", threads];
                assert!(bytes(&args) == expected, "{args:?}");
            }
        }
    }
}

#[test]
fn a_limit_cuts_a_block_anywhere_and_closes_the_format() {
    for limit in [1usize, 2, 2047, 2048, 2049, 9000] {
        for format in [
            Format::Board,
            Format::Leetcode,
            Format::Json,
            Format::Columns,
        ] {
            let expected = reference_text(12, format, limit);
            for threads in ["1", "2"] {
                let (l, f) = (limit.to_string(), format.name());
                let args = ["solve", "12", "-f", f, "-l", &l, "-j", threads];
                assert!(bytes(&args) == expected, "{args:?}");
            }
        }
    }
}

/// Hashes of the output of the enumerator before the joined bottoms and the precomputed
/// rows (an explicit-stack backtracker through the general renderer), with the lengths.
#[test]
fn the_bytes_are_those_of_the_enumerator_before_the_join() {
    let known: [(&[&str], u64, usize); 16] = [
        (
            &["solve", "13", "-f", "board"],
            0x744c_ad98_c682_da7d,
            13_489_295,
        ),
        (
            &["solve", "13", "-f", "line"],
            0x48e1_9941_c760_3365,
            13_415_584,
        ),
        (
            &["solve", "13", "-f", "columns"],
            0x2e54_a170_5988_899d,
            3_169_616,
        ),
        (
            &["solve", "13", "-f", "leetcode"],
            0x5a96_4c1c_d5df_d4c5,
            15_479_522,
        ),
        (
            &["solve", "13", "-f", "json"],
            0xff08_4e9f_6b80_adbf,
            4_706_458,
        ),
        (
            &["solve", "14", "-f", "columns", "-j", "2"],
            0x9fd6_a4bb_5cc7_6aa5,
            17_183_012,
        ),
        (
            &["solve", "14", "-u", "-f", "columns"],
            0x3fef_0050_179a_234f,
            2_150_344,
        ),
        // From n = 12 on, the listing joins halves (`enumerate/joined.rs`): every format,
        // and the thread counts, against the same enumerator's hashes.
        (
            &["solve", "13", "-f", "unicode", "-j", "3"],
            0x478b_7edd_ceeb_b435,
            100_563_919,
        ),
        (
            &["solve", "14", "-f", "board", "-j", "1"],
            0x3563_af07_d408_53e5,
            77_140_755,
        ),
        (
            &["solve", "14", "-f", "line", "-j", "3"],
            0xe473_3801_eddb_4a95,
            76_775_160,
        ),
        (
            &["solve", "14", "-f", "leetcode", "-j", "2"],
            0xb495_d2bf_62d9_eba5,
            87_743_042,
        ),
        (
            &["solve", "14", "-f", "json", "-j", "1"],
            0x1cb2_725b_b206_c8ed,
            24_749_418,
        ),
        (
            &["solve", "15", "-f", "columns", "-j", "1"],
            0xa0f4_e574_7dfc_bb5d,
            116_238_384,
        ),
        (
            &["solve", "16", "-f", "columns", "-j", "2"],
            0x47f8_3577_35f9_9af5,
            812_488_160,
        ),
        (
            &["solve", "15", "-u", "-f", "columns", "-j", "3"],
            0x72e3_54c8_6f4a_27d3,
            14_537_703,
        ),
        (
            &["solve", "16", "-u", "-f", "json", "-j", "1"],
            0xde1e_0b2f_ca06_ba25,
            137_410_515,
        ),
    ];
    for (args, hash, len) in known {
        let out = bytes(args);
        assert_eq!((fnv(&out), out.len()), (hash, len), "{args:?}");
    }
}

#[test]
fn from_the_walks_size_on_the_first_solutions_are_the_enumerators() {
    // From LexWalk::FROM_N on, `solve` lists by the walk guided by completion proofs.
    let n = queens::LexWalk::FROM_N + 1;
    let first: Vec<queens::Placement> = queens::Solutions::new(n).unwrap().take(300).collect();
    for format in Format::ALL {
        let mut writer = SolutionWriter::new(Vec::new(), format);
        for p in &first {
            writer.write(p.columns()).unwrap();
        }
        let args = [
            "solve",
            &n.to_string(),
            "--limit",
            "300",
            "-f",
            format.name(),
        ];
        assert!(bytes(&args) == writer.finish().unwrap(), "{args:?}");
    }
    // One per class, by the walk too: the enumerator's representatives.
    let reps: Vec<queens::Placement> = queens::UniqueSolutions::new(n).unwrap().take(40).collect();
    for format in [Format::Columns, Format::Json] {
        let mut writer = SolutionWriter::new(Vec::new(), format);
        for p in &reps {
            writer.write(p.columns()).unwrap();
        }
        let limit = ["solve", &n.to_string(), "-u", "--limit", "40"];
        let args = [&limit[..], &["-f", format.name()]].concat();
        assert!(bytes(&args) == writer.finish().unwrap(), "{args:?}");
    }
}

#[test]
fn a_timeout_prints_the_first_solutions_whole_and_exits_3() {
    // The enumerator (n = 17, all and one per class) and the walk (n = 40, whose first
    // solution takes minutes, all and one per class: the search for a first smallest image
    // of its class is the walk's too, and stops at the deadline with it).
    for (n, unique, args) in [
        (
            17,
            false,
            vec!["solve", "17", "-f", "columns", "--timeout", "0.3"],
        ),
        (
            17,
            true,
            vec!["solve", "17", "-f", "columns", "-t", "0.3", "-u"],
        ),
        (
            40,
            false,
            vec!["solve", "40", "-f", "columns", "--timeout", "0.5"],
        ),
        (
            40,
            true,
            vec!["solve", "40", "-f", "columns", "--timeout", "0.5", "-u"],
        ),
    ] {
        let out = nqueens().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("stopped by --timeout"), "{stderr}");
        let printed = String::from_utf8(out.stdout).unwrap();
        let k = printed.lines().count();
        let mut writer = SolutionWriter::new(Vec::new(), Format::Columns);
        for p in searched(n, unique).take(k) {
            writer.write(p.columns()).unwrap();
        }
        assert!(printed.as_bytes() == writer.finish().unwrap(), "{args:?}");
    }
    // A listing that ends in time is the whole answer.
    nqueens()
        .args(["solve", "8", "-f", "line", "--timeout", "60"])
        .assert()
        .success()
        .stdout(predicates::str::is_match("^(.*\n){92}$").unwrap());
    for (args, message) in [
        (
            &["solve", "8", "--timeout", "0"][..],
            "'0' is not a number of seconds",
        ),
        (
            &["solve", "8", "--timeout", "1", "--nth", "3"],
            "cannot be used with",
        ),
    ] {
        nqueens()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
}

#[test]
fn from_a_prefix_the_list_goes_on_in_order_and_resumes_a_cut_one() {
    let all: Vec<String> = queens::Solutions::new(10)
        .unwrap()
        .map(|p| format!("{:?}", p.columns()))
        .collect();
    for (key, first) in [("3,5", "[3, 5"), ("[9, 7, 4]", "[9, 7, 4"), ("", "[0, 2")] {
        let printed =
            String::from_utf8(bytes(&["solve", "10", "-f", "columns", "--from", key])).unwrap();
        let from = all.iter().position(|s| s.starts_with(first)).unwrap();
        assert_eq!(printed.lines().collect::<Vec<_>>(), all[from..], "{key}");
    }
    // A list cut by --timeout goes on from its last solution, printed again.
    let cut = nqueens()
        .args(["solve", "16", "-f", "columns", "-t", "0.2"])
        .output()
        .unwrap();
    assert_eq!(cut.status.code(), Some(3));
    let cut = String::from_utf8(cut.stdout).unwrap();
    let last = cut.lines().last().unwrap();
    let more = String::from_utf8(bytes(&[
        "solve", "16", "-f", "columns", "-l", "50", "--from", last,
    ]))
    .unwrap();
    let expected: Vec<String> = searched(16, false)
        .skip(cut.lines().count() - 1)
        .take(50)
        .map(|p| format!("{:?}", p.columns()))
        .collect();
    assert_eq!(more.lines().collect::<Vec<_>>(), expected);
    for (args, message) in [
        (
            &["solve", "8", "--from", "0,1"][..],
            "--from 0,1: the given rows are not a valid partial placement",
        ),
        (&["solve", "8", "--from", "9"], "outside the 8×8 board"),
        (
            &["solve", "8", "--from", "0,2,4,6,1,3,5,7,0"],
            "9 rows were given for a board of 8 rows",
        ),
        (&["solve", "8", "--from", "a,b"], "is not a prefix"),
        (&["solve", "8", "--from", "3,,1"], "is not a prefix"),
        (&["solve", "8", "--from", "3,"], "is not a prefix"),
        (&["solve", "8", "--from", "+3"], "is not a prefix"),
        (&["solve", "8", "--from", "[0,2"], "is not a prefix"),
        (&["solve", "8", "--from", "0", "-u"], "cannot be used with"),
    ] {
        nqueens()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
}
