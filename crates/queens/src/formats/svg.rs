//! Pictures of boards as SVG: one board, or a grid of small ones.

use std::io::{self, Write};

use crate::Completion;

/// The queen, drawn as SVG path data in a 100 × 100 box (a crown on a base), so that
/// pictures need no font; the web page draws the same one.
///
/// ```
/// assert!(queens::formats::QUEEN_PATH.starts_with('M'));
/// ```
pub const QUEEN_PATH: &str = "M18 84h64l-4-10H22z M22 70h56l6-38-16 18-8-30-10 26-10-26-8 30-16-18z \
M14 28a6 6 0 1 0 0.1 0z M32 16a6 6 0 1 0 0.1 0z M50 12a6 6 0 1 0 0.1 0z \
M68 16a6 6 0 1 0 0.1 0z M86 28a6 6 0 1 0 0.1 0z";

/// The side of a square in SVG user units.
const SQUARE: usize = 10;
/// The gap between boards of a grid, and the margin for coordinates, in squares.
const GAP: usize = 1;

/// The fewest pixels the side of a square gets by default: below, a PNG renderer draws
/// the chequer and the queens as faint smears (at n = 2,000 on 480 pixels, 1% of the
/// queens showed).
pub const SQUARE_PIXELS: usize = 2;

/// The narrowest board [`Picture::pixels`] draws, in pixels.
pub const MIN_PIXELS: usize = 16;

/// The fewest pixels a square needs for a queen to be drawn as a crown rather than as a
/// solid dark square.
const GLYPH_PIXELS: usize = 12;

/// The most attacking pairs a picture joins with lines.
pub const MAX_CONFLICT_LINES: usize = 10_000;

/// How boards are drawn as SVG: a builder whose setters say their defaults.
///
/// Squares are chequered with a fill pattern rather than drawn one by one, so a picture
/// grows with the number of queens, not of squares: a board of 1,000 queens is about
/// 60 kB.
///
/// ```
/// let mut svg = Vec::new();
/// queens::formats::Picture::new().write(&mut svg, &[&[1, 3, 0, 2]])?;
/// let svg = String::from_utf8(svg).unwrap();
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("<use href=\"#queen\"").count(), 4);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Picture {
    coords: bool,
    conflicts: bool,
    columns: usize,
    pixels: Option<usize>,
}

impl Default for Picture {
    fn default() -> Self {
        Picture {
            coords: false,
            conflicts: false,
            columns: 4,
            pixels: None,
        }
    }
}

impl Picture {
    /// A picture with the defaults below.
    pub fn new() -> Self {
        Picture::default()
    }

    /// Label the rows and columns with their numbers (0-based, as everywhere in this
    /// crate). By default, no labels.
    pub fn coords(mut self, coords: bool) -> Self {
        self.coords = coords;
        self
    }

    /// Mark the queens that attack each other: a red line joins each attacking pair
    /// (see [`conflicts`](crate::conflicts)), when there are at most
    /// [`MAX_CONFLICT_LINES`]. By default, not marked.
    ///
    /// ```
    /// let mut svg = Vec::new();
    /// queens::formats::Picture::new().conflicts(true).write(&mut svg, &[&[0, 1, 3, 2]])?;
    /// // Rows 0 and 1, and rows 2 and 3, share a diagonal.
    /// assert_eq!(String::from_utf8(svg).unwrap().matches("<line").count(), 2);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn conflicts(mut self, conflicts: bool) -> Self {
        self.conflicts = conflicts;
        self
    }

    /// How many boards a grid row holds. By default, 4; at least 1.
    pub fn columns(mut self, columns: usize) -> Self {
        self.columns = columns.max(1);
        self
    }

    /// The width in pixels of one board (the `width` the SVG asks for, and the PNG's).
    /// By default, 480, or [`SQUARE_PIXELS`] a square on boards of more than 240
    /// queens, so that each square still covers whole pixels when drawn; at least
    /// [`MIN_PIXELS`].
    ///
    /// ```
    /// let p = queens::formats::Picture::new();
    /// assert_eq!(p.size(8, 1), (480, 480));
    /// assert_eq!(p.size(2000, 1), (4000, 4000));
    /// ```
    pub fn pixels(mut self, pixels: usize) -> Self {
        self.pixels = Some(pixels.max(MIN_PIXELS));
        self
    }

    /// The width in pixels of one board of `n` queens.
    fn board_pixels(&self, n: usize) -> usize {
        self.pixels.unwrap_or((SQUARE_PIXELS * n).max(480))
    }

    /// The picture's size in pixels for `boards` boards of `n` queens.
    ///
    /// ```
    /// let p = queens::formats::Picture::new().columns(2).pixels(100);
    /// assert_eq!(p.size(8, 3), (213, 213)); // two boards across, two down, a gap between
    /// ```
    pub fn size(&self, n: usize, boards: usize) -> (usize, usize) {
        let (w, h) = self.units(n, boards);
        let scale = self.board_pixels(n) as f64 / self.board_units(n) as f64;
        (
            (w as f64 * scale).round() as usize,
            (h as f64 * scale).round() as usize,
        )
    }

    /// One board with its margin, in user units.
    fn board_units(&self, n: usize) -> usize {
        (n.max(1) + if self.coords { GAP } else { 0 }) * SQUARE
    }

    /// The whole picture in user units.
    fn units(&self, n: usize, boards: usize) -> (usize, usize) {
        let cols = self.columns.min(boards.max(1));
        let rows = boards.max(1).div_ceil(cols);
        let cell = self.board_units(n) + GAP * SQUARE;
        (cols * cell - GAP * SQUARE, rows * cell - GAP * SQUARE)
    }

    /// Writes the boards (all of the same size), left to right and top to bottom.
    pub fn write(&self, mut out: impl Write, boards: &[&[u32]]) -> io::Result<()> {
        let n = boards.first().map_or(0, |b| b.len());
        let (w, h) = self.units(n, boards.len());
        let (pw, ph) = self.size(n, boards.len());
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw}\" height=\"{ph}\" viewBox=\"-0.5 -0.5 {} {}\">",
            w + 1,
            h + 1
        )?;
        writeln!(out, "<defs>")?;
        // Tiles start where the board does, so its top-left square is light, as in the
        // `unicode` format and on a chessboard seen from White's side.
        let margin = if self.coords { GAP * SQUARE } else { 0 };
        writeln!(
            out,
            "<pattern id=\"squares\" x=\"{margin}\" width=\"{d}\" height=\"{d}\" patternUnits=\"userSpaceOnUse\"><rect width=\"{d}\" height=\"{d}\" fill=\"#f0d9b5\"/><rect x=\"{s}\" width=\"{s}\" height=\"{s}\" fill=\"#b58863\"/><rect y=\"{s}\" width=\"{s}\" height=\"{s}\" fill=\"#b58863\"/></pattern>",
            d = 2 * SQUARE,
            s = SQUARE
        )?;
        // A crown needs a dozen pixels to read as one; on smaller squares a solid square
        // shows every queen where the crown would blur into the chequer.
        let glyph = if self.board_pixels(n) >= GLYPH_PIXELS * n.max(1) {
            format!(
                "<path d=\"{QUEEN_PATH}\" fill=\"#1b1b1b\" stroke=\"#f8f8f8\" stroke-width=\"3\"/>"
            )
        } else {
            "<rect width=\"100\" height=\"100\" fill=\"#1b1b1b\"/>".to_owned()
        };
        writeln!(
            out,
            "<symbol id=\"queen\" viewBox=\"0 0 100 100\">{glyph}</symbol>"
        )?;
        writeln!(out, "</defs>")?;
        let cell = self.board_units(n) + GAP * SQUARE;
        let side = n * SQUARE;
        for (i, board) in boards.iter().enumerate() {
            let (x, y) = ((i % self.columns) * cell, (i / self.columns) * cell);
            writeln!(out, "<g transform=\"translate({x} {y})\">")?;
            writeln!(
                out,
                "<rect x=\"{margin}\" width=\"{side}\" height=\"{side}\" fill=\"url(#squares)\" stroke=\"#555\" stroke-width=\"0.5\"/>"
            )?;
            for (row, &col) in board.iter().enumerate() {
                writeln!(
                    out,
                    "<use href=\"#queen\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" height=\"{SQUARE}\"/>",
                    margin + col as usize * SQUARE,
                    row * SQUARE
                )?;
            }
            // Past MAX_CONFLICT_LINES (every queen of a large board in one column) the
            // lines would be the picture's whole size: none are drawn.
            if self.conflicts && crate::count_conflicts(board) <= MAX_CONFLICT_LINES as u64 {
                let centre = |row: usize| {
                    (
                        margin + board[row] as usize * SQUARE + SQUARE / 2,
                        row * SQUARE + SQUARE / 2,
                    )
                };
                for (a, b) in crate::conflicts(board) {
                    let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
                    writeln!(
                        out,
                        "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#d62728\" stroke-width=\"1.5\" stroke-linecap=\"round\" opacity=\"0.85\"/>"
                    )?;
                }
            }
            if self.coords {
                let font = SQUARE * 6 / 10;
                for k in 0..n {
                    let mid = k * SQUARE + SQUARE / 2;
                    writeln!(
                        out,
                        "<text x=\"{}\" y=\"{mid}\" font-family=\"sans-serif\" font-size=\"{font}\" text-anchor=\"middle\" dominant-baseline=\"central\">{k}</text>",
                        margin / 2
                    )?;
                    writeln!(
                        out,
                        "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{font}\" text-anchor=\"middle\" dominant-baseline=\"central\">{k}</text>",
                        margin + mid,
                        side + margin / 2
                    )?;
                }
            }
            writeln!(out, "</g>")?;
        }
        writeln!(out, "</svg>")
    }
}

/// A completion problem, or any position of queens, as an SVG picture `pixels` wide: the
/// chequered board, closed squares crossed, closed diagonals dashed, the given queens, and
/// a red line joining each two given queens that attack each other. Unlike [`Picture`], a
/// row may hold any number of queens.
///
/// ```
/// use queens::{Completion, formats::problem_svg};
///
/// let svg = problem_svg(&Completion::new(8).queen(0, 0).queen(7, 7).block(3, 4), 320);
/// assert!(svg.starts_with("<svg") && svg.contains("width=\"320\""));
/// assert_eq!(svg.matches("<use href=\"#queen\"").count(), 2);
/// assert_eq!(svg.matches("stroke=\"#d62728\"").count(), 1, "the two share a diagonal");
/// ```
pub fn problem_svg(p: &Completion, pixels: usize) -> String {
    let n = p.n();
    let side = 10 * n.max(1);
    let centre = |r: u32, c: u32| (10 * c as usize + 5, 10 * r as usize + 5);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pixels}\" height=\"{pixels}\" viewBox=\"-0.5 -0.5 {w} {w}\">\
<defs><pattern id=\"squares\" width=\"20\" height=\"20\" patternUnits=\"userSpaceOnUse\"><rect width=\"20\" height=\"20\" fill=\"#f0d9b5\"/>\
<rect x=\"10\" width=\"10\" height=\"10\" fill=\"#b58863\"/><rect y=\"10\" width=\"10\" height=\"10\" fill=\"#b58863\"/></pattern>\
<symbol id=\"queen\" viewBox=\"0 0 100 100\"><path d=\"{QUEEN_PATH}\" fill=\"#1b1b1b\" stroke=\"#f8f8f8\" stroke-width=\"3\"/></symbol></defs>\
<rect width=\"{side}\" height=\"{side}\" fill=\"url(#squares)\" stroke=\"#555\" stroke-width=\"0.5\"/>",
        w = side + 1
    );
    for &(r, c) in p.blocked() {
        let (x, y) = (10 * c as usize, 10 * r as usize);
        svg.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"10\" height=\"10\" fill=\"#777\" opacity=\"0.6\"/>\
<path d=\"M{} {}l6 6m0 -6l-6 6\" stroke=\"#222\" stroke-width=\"1.2\"/>",
            x + 2,
            y + 2
        ));
    }
    let last = n as i64 - 1;
    for &d in p.diagonals() {
        let k = d.constant(n);
        // The diagonal's first and last squares, from its top row to its bottom row.
        let ((r1, c1), (r2, c2)) = match d {
            crate::Diagonal::Sum(_) => (
                (0.max(k - last), k.min(last)),
                (k.min(last), 0.max(k - last)),
            ),
            crate::Diagonal::Difference(_) => (
                (0.max(k), 0.max(k) - k),
                (last.min(last + k), last.min(last + k) - k),
            ),
        };
        let ((x1, y1), (x2, y2)) = (centre(r1 as u32, c1 as u32), centre(r2 as u32, c2 as u32));
        svg.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#1f5fbf\" stroke-width=\"2\" stroke-dasharray=\"3 2\" opacity=\"0.8\"/>"
        ));
    }
    for &(r, c) in p.queens() {
        svg.push_str(&format!(
            "<use href=\"#queen\" x=\"{}\" y=\"{}\" width=\"10\" height=\"10\"/>",
            10 * c as usize,
            10 * r as usize
        ));
    }
    let queens = p.queens();
    for (i, &(r1, c1)) in queens.iter().enumerate() {
        for &(r2, c2) in &queens[i + 1..] {
            if r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) {
                let ((x1, y1), (x2, y2)) = (centre(r1, c1), centre(r2, c2));
                svg.push_str(&format!(
                    "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#d62728\" stroke-width=\"1.5\"/>"
                ));
            }
        }
    }
    svg.push_str("</svg>");
    svg
}
