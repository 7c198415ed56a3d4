//! Source images for the image endpoint's tests, made in memory so every case is explicit:
//! photos of known sizes, an animation, a vector image, a decompression bomb, fakes.

use std::io::Write;

use image::{ImageEncoder, RgbImage};

use crate::fixture::FixtureDist;

/// 800x600 PNG with a content hash in its name.
pub(crate) const HASHED_PNG: &str = "/next/assets/media/photo-1a2b3c4d.png";
/// 300x200 PNG without a hash: narrower than most allowed widths.
pub(crate) const SMALL_PNG: &str = "/next/media/small.png";
pub(crate) const JPEG: &str = "/next/media/photo.jpg";
pub(crate) const ANIMATED_GIF: &str = "/next/media/spinner.gif";
pub(crate) const SVG: &str = "/next/media/floor-plan.svg";
/// Declares 100000x100000 pixels in a file of a few hundred bytes.
pub(crate) const BOMB_PNG: &str = "/next/media/bomb.png";
/// Text with a .png name.
pub(crate) const FAKE_PNG: &str = "/next/media/fake.png";
/// A PNG cut off in the middle of its pixel data.
pub(crate) const TRUNCATED_PNG: &str = "/next/media/truncated.png";

pub(crate) const SVG_BYTES: &[u8] = br##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#1a56db"/></svg>"##;

/// A photo-like gradient with noise, so encoders have real work to do.
pub(crate) fn photo(width: u32, height: u32) -> RgbImage {
    let mut state: u32 = 0x1234_5678;
    RgbImage::from_fn(width, height, |x, y| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let noise = (state % 24) as u8;
        image::Rgb([
            ((x * 255 / width.max(1)) as u8).saturating_add(noise),
            ((y * 255 / height.max(1)) as u8).saturating_add(noise),
            (((x + y) % 256) as u8) / 2 + noise,
        ])
    })
}

pub(crate) fn png_bytes(width: u32, height: u32) -> Vec<u8> {
    let image = photo(width, height);
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            image.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgb8,
        )
        .expect("encode png");
    out
}

fn jpeg_bytes(width: u32, height: u32) -> Vec<u8> {
    let image = photo(width, height);
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .write_image(
            image.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgb8,
        )
        .expect("encode jpeg");
    out
}

fn animated_gif() -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = image::codecs::gif::GifEncoder::new(&mut out);
        for shade in [0u8, 255] {
            let frame = image::RgbaImage::from_pixel(8, 8, image::Rgba([shade, 0, 0, 255]));
            encoder
                .encode_frame(image::Frame::new(frame))
                .expect("encode frame");
        }
    }
    out
}

fn png_chunk(out: &mut Vec<u8>, name: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut crc = flate2::Crc::new();
    crc.update(name);
    crc.update(data);
    out.extend_from_slice(name);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
}

/// A valid PNG header claiming 10^10 pixels, followed by a little compressed data.
fn bomb_png() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&100_000u32.to_be_bytes());
    header.extend_from_slice(&100_000u32.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    png_chunk(&mut out, b"IHDR", &header);
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    zlib.write_all(&vec![0; 1 << 20]).expect("compress");
    png_chunk(&mut out, b"IDAT", &zlib.finish().expect("compress"));
    png_chunk(&mut out, b"IEND", &[]);
    out
}

impl FixtureDist {
    /// Adds every source image above.
    pub(crate) fn with_images(self) -> Self {
        let mut truncated = png_bytes(400, 300);
        truncated.truncate(truncated.len() / 2);
        self.with_file(HASHED_PNG, &png_bytes(800, 600), true)
            .with_file(SMALL_PNG, &png_bytes(300, 200), false)
            .with_file(JPEG, &jpeg_bytes(800, 600), false)
            .with_file(ANIMATED_GIF, &animated_gif(), false)
            .with_file(SVG, SVG_BYTES, false)
            .with_file(BOMB_PNG, &bomb_png(), false)
            .with_file(FAKE_PNG, b"this is not a picture, only text", false)
            .with_file(TRUNCATED_PNG, &truncated, false)
    }
}
