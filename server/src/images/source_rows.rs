//! Where a rendering's rows come from. A PNG, the site's own format, is decoded a row at a time
//! (libvips, behind sharp, reads it the same way): a 2400x1350 picture is never held whole, 13 MB
//! less per rendering. Other formats (JPEG, WebP, GIF) and the PNGs a row at a time cannot give
//! (interlaced, or turned by their EXIF orientation) are decoded whole, then handed out as rows.
//! Either way the rows come in the layout the output needs: RGBA when it keeps alpha, RGB
//! otherwise, flattened onto white when the source has alpha and the output has none.

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use super::render::RenderError;

/// What the output needs of each pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pixels {
    Rgba,
    Rgb,
    /// RGB composited onto white: the source has alpha, the output (JPEG) none.
    RgbOnWhite,
}

impl Pixels {
    pub(super) fn bytes_per_pixel(self) -> usize {
        match self {
            Pixels::Rgba => 4,
            Pixels::Rgb | Pixels::RgbOnWhite => 3,
        }
    }
}

/// A source whose size is known and whose pixels are not decoded yet.
pub(super) struct Opened<'a> {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) alpha: bool,
    decoder: Decoder<'a>,
}

enum Decoder<'a> {
    Png(Box<png::Reader<Cursor<&'a [u8]>>>),
    Whole(Box<dyn ImageDecoder + 'a>),
}

/// Rows handed out, top to bottom.
pub(super) struct SourceRows<'a> {
    source: Rows<'a>,
    pixels: Pixels,
    width: u32,
    height: u32,
    /// A converted PNG row.
    row: Vec<u8>,
}

enum Rows<'a> {
    Png(Box<png::Reader<Cursor<&'a [u8]>>>),
    Whole { pixels: Vec<u8>, next: usize },
}

/// Bytes the PNG decoder may allocate: rows and chunk buffers, never the picture.
const PNG_DECODER_BYTES: usize = 8 << 20;
/// Rows a whole picture hands out at once.
const WHOLE_ROWS: usize = 16;

impl<'a> Opened<'a> {
    /// Reads the header of `bytes` in `format`; decodes no pixels. `max_pixels` bounds what a
    /// decoder may allocate even if a header lies about the size.
    pub(super) fn open(
        bytes: &'a [u8],
        format: ImageFormat,
        max_pixels: u64,
    ) -> Result<Self, RenderError> {
        if format == ImageFormat::Png
            && let Some(opened) = Self::png_rows(bytes)
        {
            return Ok(opened);
        }
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        let mut limits = Limits::default();
        let side = u32::try_from(max_pixels).unwrap_or(u32::MAX);
        limits.max_image_width = Some(side);
        limits.max_image_height = Some(side);
        limits.max_alloc = Some(max_pixels.saturating_mul(8).max(64 << 20));
        reader.limits(limits);
        let decoder = reader.into_decoder().map_err(RenderError::Decode)?;
        let (width, height) = decoder.dimensions();
        Ok(Self {
            width,
            height,
            alpha: decoder.color_type().has_alpha(),
            decoder: Decoder::Whole(Box::new(decoder)),
        })
    }

    /// A PNG that can be read a row at a time, or None (undecodable headers included: the
    /// whole-picture decoder then reports what is wrong).
    fn png_rows(bytes: &'a [u8]) -> Option<Self> {
        let mut decoder = png::Decoder::new_with_limits(
            Cursor::new(bytes),
            png::Limits {
                bytes: PNG_DECODER_BYTES,
            },
        );
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let reader = decoder.read_info().ok()?;
        let info = reader.info();
        let turned = info
            .exif_metadata
            .as_deref()
            .and_then(Orientation::from_exif_chunk)
            .is_some_and(|orientation| orientation != Orientation::NoTransforms);
        if info.interlaced || turned {
            return None;
        }
        let (width, height) = (info.width, info.height);
        let alpha = matches!(
            reader.output_color_type().0,
            png::ColorType::Rgba | png::ColorType::GrayscaleAlpha
        );
        Some(Self {
            width,
            height,
            alpha,
            decoder: Decoder::Png(Box::new(reader)),
        })
    }

    /// Bytes decoding holds beside the rows handed out: a few rows for a PNG read by rows, the
    /// whole picture otherwise (as decoded, then converted).
    pub(super) fn decoding_bytes(&self, pixels: Pixels) -> u64 {
        let row = u64::from(self.width) * 4;
        match &self.decoder {
            Decoder::Png(_) => 4 * row + (256 << 10),
            Decoder::Whole(decoder) => {
                let converted = u64::from(self.width)
                    * u64::from(self.height)
                    * pixels.bytes_per_pixel() as u64;
                decoder.total_bytes() + converted
            }
        }
    }

    /// Starts handing out rows as `pixels`; a whole picture is decoded here.
    pub(super) fn rows(self, pixels: Pixels) -> Result<SourceRows<'a>, RenderError> {
        let (mut width, mut height) = (self.width, self.height);
        let source = match self.decoder {
            Decoder::Png(reader) => Rows::Png(reader),
            Decoder::Whole(mut decoder) => {
                let orientation = decoder.orientation().map_err(RenderError::Decode)?;
                let mut image = DynamicImage::from_decoder(decoder).map_err(RenderError::Decode)?;
                image.apply_orientation(orientation);
                (width, height) = (image.width(), image.height());
                // `into_*` moves the pixels when they are 8-bit RGB(A) already, the usual case.
                let pixels = match pixels {
                    Pixels::Rgba => image.into_rgba8().into_raw(),
                    Pixels::Rgb => image.into_rgb8().into_raw(),
                    Pixels::RgbOnWhite => {
                        let mut rgba = image.into_rgba8().into_raw();
                        let pixels = rgba.len() / 4;
                        for index in 0..pixels {
                            let (from, to) = (index * 4, index * 3);
                            let pixel: [u8; 4] = rgba[from..from + 4].try_into().expect("4 bytes");
                            rgba[to..to + 3].copy_from_slice(&on_white(pixel));
                        }
                        rgba.truncate(pixels * 3);
                        rgba
                    }
                };
                Rows::Whole { pixels, next: 0 }
            }
        };
        Ok(SourceRows {
            source,
            pixels,
            width,
            height,
            row: Vec::new(),
        })
    }
}

impl SourceRows<'_> {
    /// The picture's width and height as its rows come: turned by its orientation, if any.
    pub(super) fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The next rows (one or more whole rows), or None after the last.
    pub(super) fn next(&mut self) -> Result<Option<&[u8]>, RenderError> {
        let row_bytes = self.width as usize * self.pixels.bytes_per_pixel();
        match &mut self.source {
            Rows::Whole { pixels, next } => {
                let start = *next;
                let end = (start + WHOLE_ROWS * row_bytes).min(pixels.len());
                *next = end;
                Ok((start < end).then(|| &pixels[start..end]))
            }
            Rows::Png(reader) => {
                let color = reader.output_color_type().0;
                let Some(row) = reader.next_row().map_err(png_error)? else {
                    return Ok(None);
                };
                convert(row.data(), color, self.pixels, &mut self.row);
                Ok(Some(&self.row))
            }
        }
    }
}

fn png_error(error: png::DecodingError) -> RenderError {
    RenderError::Decode(image::ImageError::Decoding(
        image::error::DecodingError::new(ImageFormat::Png.into(), error),
    ))
}

/// One decoded PNG row (8-bit gray, gray and alpha, RGB or RGBA) as `pixels`, into `out`.
fn convert(row: &[u8], color: png::ColorType, pixels: Pixels, out: &mut Vec<u8>) {
    out.clear();
    if matches!(
        (color, pixels),
        (png::ColorType::Rgb, Pixels::Rgb) | (png::ColorType::Rgba, Pixels::Rgba)
    ) {
        out.extend_from_slice(row);
        return;
    }
    let channels = color.samples();
    for sample in row.chunks_exact(channels) {
        let rgba = match *sample {
            [gray] => [gray, gray, gray, 255],
            [gray, alpha] => [gray, gray, gray, alpha],
            [r, g, b] => [r, g, b, 255],
            [r, g, b, a] => [r, g, b, a],
            _ => unreachable!("PNG samples have 1 to 4 channels"),
        };
        match pixels {
            Pixels::Rgba => out.extend_from_slice(&rgba),
            Pixels::Rgb => out.extend_from_slice(&rgba[..3]),
            Pixels::RgbOnWhite => out.extend_from_slice(&on_white(rgba)),
        }
    }
}

/// A pixel composited onto white, as a browser shows a transparent picture on this site.
fn on_white([r, g, b, a]: [u8; 4]) -> [u8; 3] {
    let alpha = u16::from(a);
    [r, g, b].map(|channel| ((u16::from(channel) * alpha + 255 * (255 - alpha) + 127) / 255) as u8)
}
