//! Renderings of every kind of source the row pipeline meets, against what the image crate
//! decodes whole and the whole-picture resize makes of it.

use image::{DynamicImage, GenericImageView};

use super::budget::MemoryBudget;
use super::format::{OutputFormat, SourceFormat};
use super::render::{RenderJob, render};

fn job(source: SourceFormat, width: u32, output: OutputFormat) -> RenderJob {
    RenderJob {
        source,
        width,
        quality: 75,
        output,
        max_input_pixels: 10_000_000,
    }
}

fn budget() -> MemoryBudget {
    MemoryBudget::new(64 << 20)
}

/// A PNG of `width` by `height` in `color` and `depth`, with `info` to add (a palette, a tRNS
/// chunk, EXIF, interlacing); its samples are a gradient and a checker.
fn png_source(
    (width, height): (u32, u32),
    color: png::ColorType,
    depth: png::BitDepth,
    customise: impl FnOnce(&mut png::Info<'static>),
) -> Vec<u8> {
    let mut info = png::Info::with_size(width, height);
    info.color_type = color;
    info.bit_depth = depth;
    customise(&mut info);
    let bits = depth as usize;
    let samples = color.samples();
    let row_bytes = (width as usize * samples * bits).div_ceil(8);
    let mut data = Vec::new();
    for y in 0..height as usize {
        let mut row = vec![0u8; row_bytes];
        for (i, byte) in row.iter_mut().enumerate() {
            *byte =
                ((i * 37 + y * 11) % 251) as u8 ^ if (i / 9 + y / 7) % 2 == 0 { 0 } else { 0x5a };
        }
        data.extend(row);
    }
    let mut out = Vec::new();
    let mut writer = png::Encoder::with_info(&mut out, info)
        .unwrap()
        .write_header()
        .unwrap();
    writer.write_image_data(&data).unwrap();
    writer.finish().unwrap();
    out
}

/// What the image crate decodes of `source`, as RGB or RGBA.
fn expected(source: &[u8], alpha: bool) -> Vec<u8> {
    let image = image::load_from_memory(source).unwrap();
    if alpha {
        image.to_rgba8().into_raw()
    } else {
        image.to_rgb8().into_raw()
    }
}

/// The largest difference between two renderings' pixels as they show (colour weighed by alpha).
fn worst_difference(a: &DynamicImage, b: &[u8], alpha: bool) -> u32 {
    let a = if alpha {
        a.to_rgba8().into_raw()
    } else {
        a.to_rgb8().into_raw()
    };
    assert_eq!(a.len(), b.len());
    let step = if alpha { 4 } else { 3 };
    a.chunks_exact(step)
        .zip(b.chunks_exact(step))
        .map(|(p, q)| {
            let weight = |pixel: &[u8], c: usize| {
                let alpha = if step == 4 { u32::from(pixel[3]) } else { 255 };
                (u32::from(pixel[c]) * alpha + 127) / 255
            };
            (0..step)
                .map(|c| {
                    if c == 3 {
                        u32::from(p[3].abs_diff(q[3]))
                    } else {
                        weight(p, c).abs_diff(weight(q, c))
                    }
                })
                .max()
                .unwrap()
        })
        .max()
        .unwrap()
}

#[test]
fn every_png_colour_type_is_decoded_as_the_image_crate_decodes_it() {
    use png::{BitDepth, ColorType};
    let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, 255 - i, i / 2]).collect();
    let trns: Vec<u8> = (0..=255u8)
        .map(|i| if i % 5 == 0 { 0 } else { 255 - i / 4 })
        .collect();
    let cases: Vec<(&str, Vec<u8>, bool)> = vec![
        (
            "gray",
            png_source((300, 200), ColorType::Grayscale, BitDepth::Eight, |_| {}),
            false,
        ),
        (
            "gray 1-bit",
            png_source((300, 200), ColorType::Grayscale, BitDepth::One, |_| {}),
            false,
        ),
        (
            "gray and alpha",
            png_source(
                (300, 200),
                ColorType::GrayscaleAlpha,
                BitDepth::Eight,
                |_| {},
            ),
            true,
        ),
        (
            "RGB",
            png_source((300, 200), ColorType::Rgb, BitDepth::Eight, |_| {}),
            false,
        ),
        (
            "RGB 16-bit",
            png_source((300, 200), ColorType::Rgb, BitDepth::Sixteen, |_| {}),
            false,
        ),
        (
            "RGBA",
            png_source((300, 200), ColorType::Rgba, BitDepth::Eight, |_| {}),
            true,
        ),
        (
            "palette",
            png_source((300, 200), ColorType::Indexed, BitDepth::Eight, |info| {
                info.palette = Some(palette.clone().into());
            }),
            false,
        ),
        (
            "palette with tRNS",
            png_source((300, 200), ColorType::Indexed, BitDepth::Eight, |info| {
                info.palette = Some(palette.clone().into());
                info.trns = Some(trns.clone().into());
            }),
            true,
        ),
    ];
    // At the source's own width nothing is resized, so the rows must be the decoding itself
    // (how resized rows compare with the whole-picture resize is the resize crate's tests).
    for (name, source, alpha) in cases {
        let rendered = render(
            &source,
            job(SourceFormat::Png, 300, OutputFormat::Png),
            &budget(),
        )
        .unwrap_or_else(|error| panic!("{name}: {error}"));
        let decoded = image::load_from_memory(&rendered).unwrap();
        assert_eq!(decoded.dimensions(), (300, 200), "{name}");
        assert_eq!(decoded.color().has_alpha(), alpha, "{name}");
        // 16-bit samples: the rows take the high byte, the image crate rounds.
        let worst = worst_difference(&decoded, &expected(&source, alpha), alpha);
        assert!(worst <= 1, "{name}: worst difference {worst}");
        let resized = render(
            &source,
            job(SourceFormat::Png, 128, OutputFormat::Webp),
            &budget(),
        )
        .unwrap();
        let resized = image::load_from_memory(&resized).unwrap();
        assert_eq!(resized.dimensions(), (128, 85), "{name}");
        assert_eq!(resized.color().has_alpha(), alpha, "{name}");
    }
}

/// The RGB picture of `png_source` as an Adam7-interlaced PNG: the png crate writes no
/// interlaced data, so the seven passes are laid out here, unfiltered, and deflated whole.
fn interlaced_png(plain: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let image = image::load_from_memory(plain).unwrap().to_rgb8();
    let (width, height) = image.dimensions();
    // (first x, first y, step x, step y) of each pass.
    let passes = [
        (0, 0, 8, 8),
        (4, 0, 8, 8),
        (0, 4, 4, 8),
        (2, 0, 4, 4),
        (0, 2, 2, 4),
        (1, 0, 2, 2),
        (0, 1, 1, 2),
    ];
    let mut raw = Vec::new();
    for (x0, y0, dx, dy) in passes {
        if x0 >= width || y0 >= height {
            continue;
        }
        for y in (y0..height).step_by(dy) {
            raw.push(0);
            for x in (x0..width).step_by(dx) {
                raw.extend_from_slice(&image.get_pixel(x, y).0);
            }
        }
    }
    let mut deflated = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    deflated.write_all(&raw).unwrap();
    let mut info = png::Info::with_size(width, height);
    info.color_type = png::ColorType::Rgb;
    info.bit_depth = png::BitDepth::Eight;
    info.interlaced = true;
    let mut out = Vec::new();
    let mut writer = png::Encoder::with_info(&mut out, info)
        .unwrap()
        .write_header()
        .unwrap();
    writer
        .write_chunk(png::chunk::IDAT, &deflated.finish().unwrap())
        .unwrap();
    writer.finish().unwrap();
    out
}

#[test]
fn an_interlaced_png_is_decoded_whole_and_renders_as_the_plain_one_does() {
    use png::{BitDepth, ColorType};
    let plain = png_source((300, 200), ColorType::Rgb, BitDepth::Eight, |_| {});
    let interlaced = interlaced_png(&plain);
    assert!(
        png::Decoder::new(std::io::Cursor::new(&interlaced[..]))
            .read_info()
            .unwrap()
            .info()
            .interlaced
    );
    let render_png = |source: &[u8]| {
        render(
            source,
            job(SourceFormat::Png, 128, OutputFormat::Png),
            &budget(),
        )
        .unwrap()
    };
    let (plain, interlaced) = (
        image::load_from_memory(&render_png(&plain)).unwrap(),
        image::load_from_memory(&render_png(&interlaced)).unwrap(),
    );
    // The rows resize across first, the whole picture down first: within rounding.
    let worst = worst_difference(&plain, &interlaced.to_rgb8().into_raw(), false);
    assert!(worst <= 3, "worst difference {worst}");
}

#[test]
fn a_png_turned_by_its_exif_orientation_comes_out_upright() {
    use png::{BitDepth, ColorType};
    // Big-endian TIFF with one IFD entry: Orientation (0x0112), SHORT, 6 = turn 90° clockwise.
    let exif: Vec<u8> = [
        &b"MM\0*\0\0\0\x08"[..],
        &[0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0],
    ]
    .concat();
    let turned = png_source((300, 200), ColorType::Rgb, BitDepth::Eight, |info| {
        info.exif_metadata = Some(exif.into());
    });
    let rendered = render(
        &turned,
        job(SourceFormat::Png, 100, OutputFormat::Webp),
        &budget(),
    )
    .unwrap();
    let decoded = image::load_from_memory(&rendered).unwrap();
    assert_eq!(
        decoded.dimensions(),
        (100, 150),
        "upright: taller than wide"
    );
}

#[test]
fn a_transparent_png_asked_for_as_jpeg_is_flattened_onto_white() {
    use png::{BitDepth, ColorType};
    let mut info_data = Vec::new();
    for _ in 0..64 * 32 {
        info_data.extend_from_slice(&[10, 20, 30, 0]);
    }
    let mut source = Vec::new();
    let mut writer = png::Encoder::new(&mut source, 64, 32);
    writer.set_color(ColorType::Rgba);
    writer.set_depth(BitDepth::Eight);
    let mut writer = writer.write_header().unwrap();
    writer.write_image_data(&info_data).unwrap();
    writer.finish().unwrap();
    let rendered = render(
        &source,
        job(SourceFormat::Png, 32, OutputFormat::Jpeg),
        &budget(),
    )
    .unwrap();
    let decoded = image::load_from_memory(&rendered).unwrap().to_rgb8();
    assert_eq!(decoded.dimensions(), (32, 16));
    assert!(
        decoded.pixels().all(|p| p.0.iter().all(|&c| c >= 250)),
        "white, not the hidden colour"
    );
}

#[test]
fn a_jpeg_and_a_webp_source_render_through_the_whole_picture_decoder() {
    let picture = image::RgbImage::from_fn(300, 200, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    });
    for (format, source) in [
        (image::ImageFormat::Jpeg, SourceFormat::Jpeg),
        (image::ImageFormat::WebP, SourceFormat::Webp),
    ] {
        let mut bytes = std::io::Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(picture.clone())
            .write_to(&mut bytes, format)
            .unwrap();
        let rendered = render(
            bytes.get_ref(),
            job(source, 128, OutputFormat::Webp),
            &budget(),
        )
        .unwrap();
        assert_eq!(
            image::load_from_memory(&rendered).unwrap().dimensions(),
            (128, 85),
            "{format:?}"
        );
    }
}

#[test]
fn a_png_cut_short_in_its_pixels_is_an_error() {
    use png::{BitDepth, ColorType};
    let mut source = png_source((300, 200), ColorType::Rgb, BitDepth::Eight, |_| {});
    source.truncate(source.len() * 2 / 3);
    assert!(
        render(
            &source,
            job(SourceFormat::Png, 128, OutputFormat::Webp),
            &budget()
        )
        .is_err()
    );
}
