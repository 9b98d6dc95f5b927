//! `--format svg` and `--format png`: golden pictures, and every picture well-formed.

use crate::common::{nqueens, stdout_of};

/// Parses an SVG as the PNG renderer does, returning its size in pixels.
fn parsed_size(svg: &str) -> (f32, f32) {
    let tree =
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("valid SVG");
    (tree.size().width(), tree.size().height())
}

#[test]
fn one_board_golden() {
    insta::assert_snapshot!(
        "one_board_4",
        stdout_of(&["solve", "4", "-f", "svg", "--limit", "1"])
    );
}

#[test]
fn grid_with_coordinates_golden() {
    insta::assert_snapshot!(
        "grid_6_coords",
        stdout_of(&["solve", "6", "-f", "svg", "--columns", "2", "--coords"])
    );
}

#[test]
fn every_picture_parses_and_holds_one_queen_per_row() {
    for args in [
        &["solve", "1", "-f", "svg"][..],
        &["solve", "8", "-f", "svg", "--unique", "--columns", "3"],
        &["solve", "5", "-f", "svg", "--nth", "7", "--coords"],
        &["one", "30", "-f", "svg", "--random", "--seed", "2"],
        &["one", "100", "-f", "svg"],
    ] {
        let svg = stdout_of(args);
        let (w, h) = parsed_size(&svg);
        assert!(w > 0.0 && h > 0.0, "{args:?}");
        let boards = svg.matches("<g transform").count();
        let queens = svg.matches("<use href=\"#queen\"").count();
        assert!(
            boards >= 1 && queens.is_multiple_of(boards),
            "{args:?}: {boards} boards, {queens} queens"
        );
    }
}

#[test]
fn big_boards_stay_small_files() {
    let svg = stdout_of(&["one", "1000", "-f", "svg"]);
    assert_eq!(svg.matches("<use href=\"#queen\"").count(), 1000);
    assert!(svg.len() < 100_000, "{} bytes for n = 1000", svg.len());
    parsed_size(&svg);
}

#[test]
fn png_has_the_pictures_size() {
    let dir = std::env::temp_dir().join(format!("nqueens-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("eight.png");
    nqueens()
        .args([
            "solve",
            "8",
            "-f",
            "png",
            "--limit",
            "6",
            "--columns",
            "3",
            "-o",
        ])
        .arg(&file)
        .assert()
        .success()
        .stdout("");
    let png = std::fs::read(&file).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
    let expected = queens::formats::Picture::new().columns(3).size(8, 6);
    assert_eq!((be(16), be(20)), expected, "IHDR width and height");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn picture_misuse_is_a_usage_error() {
    for (args, needle) in [
        (&["solve", "8", "-f", "png"][..], "--output FILE"),
        (
            &["solve", "8", "-f", "line", "-o", "x.txt"],
            "--output is for --format svg or png",
        ),
        (&["solve", "16", "-f", "svg"], "add --limit K"),
        (&["one", "20000", "-f", "svg"], "drawn boards stop at 10000"),
        (&["solve", "8", "-f", "svg", "--columns", "0"], "--columns"),
    ] {
        let out = nqueens()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
