//! `--format svg` and `--format png`: pictures of one board or a grid of them.

use std::io::Write;

use anyhow::Context;
use queens::formats::Picture;
use resvg::{tiny_skia, usvg};

use crate::cli::{FormatArg, PictureArgs};
use crate::error::{shown, usage};
use crate::limits::PNG_MAX_SIDE;

/// Refuses picture options that cannot work, before any search starts.
pub(crate) fn check(format: FormatArg, args: &PictureArgs) -> anyhow::Result<()> {
    match format {
        FormatArg::Png if args.output.is_none() => Err(usage(
            "--format png writes a file: name it with --output FILE",
        )),
        FormatArg::Text(f) if args.output.is_some() => Err(usage(format!(
            "--output is for --format svg or png; --format {f} writes to standard output"
        ))),
        _ => Ok(()),
    }
}

/// Draws `boards` and writes the picture where `args` says.
pub(crate) fn write(
    boards: &[Vec<u32>],
    format: FormatArg,
    args: &PictureArgs,
) -> anyhow::Result<()> {
    let picture = Picture::new()
        .coords(args.coords)
        .columns(usize::from(args.columns));
    let refs: Vec<&[u32]> = boards.iter().map(Vec::as_slice).collect();
    if format == FormatArg::Png {
        let n = boards.first().map_or(0, Vec::len);
        let (width, height) = picture.size(n, boards.len());
        if width.max(height) > PNG_MAX_SIDE {
            return Err(usage(format!(
                "the PNG would be {width}×{height} pixels, over the limit of {PNG_MAX_SIDE} a side (n = {n}, {} board{}): use --format svg, or fewer boards with --limit or more --columns",
                boards.len(),
                if boards.len() == 1 { "" } else { "s" }
            )));
        }
    }
    let mut svg = Vec::new();
    picture.write(&mut svg, &refs)?;
    let bytes = if format == FormatArg::Png {
        png(&svg)?
    } else {
        svg
    };
    match &args.output {
        Some(path) => crate::store::write_atomic(path, &bytes)
            .with_context(|| format!("cannot write {}", shown(path)))?,
        None => {
            let mut out = super::stdout();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(())
}

/// Renders an SVG to PNG in-process (resvg), with the system's fonts for the labels.
fn png(svg: &[u8]) -> anyhow::Result<Vec<u8>> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // The labels ask for "sans-serif": map it to a sans face this machine has.
    let sans = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
        .find(|name| name.contains("Sans"));
    if let Some(family) = sans {
        fonts.set_sans_serif_family(family);
    }
    let tree = usvg::Tree::from_data(svg, &options).context("the picture is not valid SVG")?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .context("the picture is too large to render")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().context("cannot encode the PNG")
}
