//! Where a rendering's rows go. WebP (what browsers ask for) and PNG (the fallback for PNG
//! sources) take the rows as they come, holding libwebp's YUV planes or a few rows of deflate;
//! JPEG, GIF and AVIF collect the rendering whole first, as their encoders want it.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use image::ImageEncoder;
use site_webp::RowsPicture;

use super::format::OutputFormat;
use super::render::RenderError;
use super::source_rows::Pixels;

/// An encoder being fed rows, top to bottom.
pub(super) enum Encoder {
    Webp {
        picture: RowsPicture,
        quality: u8,
    },
    Png {
        rows: png::StreamWriter<'static, SharedBuffer>,
        out: SharedBuffer,
    },
    Whole {
        rows: Vec<u8>,
        output: OutputFormat,
        quality: u8,
        alpha: bool,
        size: (u32, u32),
    },
}

/// The bytes a PNG stream writes, kept where the encoder can give them back after its end.
#[derive(Clone, Default)]
pub(super) struct SharedBuffer(Rc<RefCell<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What libwebp's encoder holds beside the planes, per pixel: its token buffers, partitions
/// and output, about 1.2 bytes; for a picture with transparent pixels, the lossless encoder of
/// the alpha plane (an ARGB copy, its hash chain, candidate backward references) about 26 bytes
/// more. Measured from jemalloc's allocated bytes, sampled during renderings of the site's hero
/// (2400x1350) at 1920 and 2400 pixels, and of a 1600x1200 picture with transparent patches at
/// 640 and 1600 (56 MB at full size: such renderings take turns, see `budget.rs`).
const WEBP_WORK_PER_PIXEL: u64 = 2;
const WEBP_ALPHA_WORK_PER_PIXEL: u64 = 28;

impl Encoder {
    pub(super) fn new(
        output: OutputFormat,
        (width, height): (u32, u32),
        pixels: Pixels,
        quality: u8,
    ) -> Result<Self, RenderError> {
        let failed = |message: String| RenderError::Encode {
            format: output,
            message,
        };
        Ok(match output {
            OutputFormat::Webp => Encoder::Webp {
                picture: RowsPicture::new(width, height, webp_layout(pixels))
                    .map_err(|error| failed(error.to_string()))?,
                quality,
            },
            OutputFormat::Png => {
                let out = SharedBuffer::default();
                let mut encoder = png::Encoder::new(out.clone(), width, height);
                encoder.set_color(match pixels {
                    Pixels::Rgba => png::ColorType::Rgba,
                    Pixels::Rgb | Pixels::RgbOnWhite => png::ColorType::Rgb,
                });
                encoder.set_depth(png::BitDepth::Eight);
                // What the image crate's PNG encoder uses by default.
                encoder.set_compression(png::Compression::Fast);
                encoder.set_filter(png::Filter::Adaptive);
                let rows = encoder
                    .write_header()
                    .and_then(png::Writer::into_stream_writer)
                    .map_err(|error| failed(error.to_string()))?;
                Encoder::Png { rows, out }
            }
            OutputFormat::Jpeg | OutputFormat::Gif | OutputFormat::Avif => Encoder::Whole {
                rows: Vec::with_capacity(
                    width as usize * height as usize * pixels.bytes_per_pixel(),
                ),
                output,
                quality,
                alpha: pixels == Pixels::Rgba,
                size: (width, height),
            },
        })
    }

    /// Bytes an encoder of `output` holds at most for a rendering of `size`, for the render
    /// memory budget.
    pub(super) fn bytes(output: OutputFormat, (width, height): (u32, u32), pixels: Pixels) -> u64 {
        let count = u64::from(width) * u64::from(height);
        let row = u64::from(width) * pixels.bytes_per_pixel() as u64;
        match output {
            OutputFormat::Webp => {
                let alpha = if pixels == Pixels::Rgba {
                    WEBP_ALPHA_WORK_PER_PIXEL
                } else {
                    0
                };
                RowsPicture::plane_bytes(width, height, webp_layout(pixels))
                    + count * (WEBP_WORK_PER_PIXEL + alpha)
            }
            // Deflate's window and tables, two rows for filtering, and the compressed output.
            OutputFormat::Png => {
                (512 << 10) + 2 * row + count * pixels.bytes_per_pixel() as u64 / 2
            }
            // The rendering, and as much again for the encoder (GIF's quantiser and AVIF's
            // frames more: AVIF is off unless configured, and docs/configuration.md says so).
            OutputFormat::Jpeg | OutputFormat::Gif | OutputFormat::Avif => 2 * count * 4,
        }
    }

    /// Takes the next row, top to bottom.
    pub(super) fn push(&mut self, row: &[u8]) -> Result<(), RenderError> {
        match self {
            Encoder::Webp { picture, .. } => {
                picture.push_row(row).map_err(|error| RenderError::Encode {
                    format: OutputFormat::Webp,
                    message: error.to_string(),
                })
            }
            Encoder::Png { rows, .. } => rows.write_all(row).map_err(|error| RenderError::Encode {
                format: OutputFormat::Png,
                message: error.to_string(),
            }),
            Encoder::Whole { rows, .. } => {
                rows.extend_from_slice(row);
                Ok(())
            }
        }
    }

    /// Encodes what was pushed; the bytes come in an allocation of their own size, since a
    /// rendering may stay in the memory cache.
    pub(super) fn finish(self) -> Result<Vec<u8>, RenderError> {
        let mut encoded = self.encode()?;
        encoded.shrink_to_fit();
        Ok(encoded)
    }

    fn encode(self) -> Result<Vec<u8>, RenderError> {
        match self {
            Encoder::Webp { picture, quality } => {
                picture
                    .encode(f32::from(quality))
                    .map_err(|error| RenderError::Encode {
                        format: OutputFormat::Webp,
                        message: error.to_string(),
                    })
            }
            Encoder::Png { rows, out } => {
                rows.finish().map_err(|error| RenderError::Encode {
                    format: OutputFormat::Png,
                    message: error.to_string(),
                })?;
                Ok(out.0.take())
            }
            Encoder::Whole {
                rows,
                output,
                quality,
                alpha,
                size,
            } => whole(&rows, output, quality, alpha, size),
        }
    }
}

fn webp_layout(pixels: Pixels) -> site_webp::Layout {
    match pixels {
        Pixels::Rgba => site_webp::Layout::Rgba8,
        Pixels::Rgb | Pixels::RgbOnWhite => site_webp::Layout::Rgb8,
    }
}

/// Encodes a whole rendering as JPEG, GIF or AVIF.
fn whole(
    pixels: &[u8],
    output: OutputFormat,
    quality: u8,
    alpha: bool,
    (width, height): (u32, u32),
) -> Result<Vec<u8>, RenderError> {
    let failed = |message: String| RenderError::Encode {
        format: output,
        message,
    };
    let color = if alpha {
        image::ExtendedColorType::Rgba8
    } else {
        image::ExtendedColorType::Rgb8
    };
    let mut out = Vec::new();
    match output {
        OutputFormat::Jpeg => {
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
                .write_image(pixels, width, height, color)
                .map_err(|error| failed(error.to_string()))?;
        }
        OutputFormat::Gif => {
            let rgba = if alpha {
                pixels.to_vec()
            } else {
                pixels
                    .chunks_exact(3)
                    .flat_map(|p| [p[0], p[1], p[2], 255])
                    .collect()
            };
            image::codecs::gif::GifEncoder::new_with_speed(&mut out, 10)
                .encode(&rgba, width, height, image::ExtendedColorType::Rgba8)
                .map_err(|error| failed(error.to_string()))?;
        }
        #[cfg(not(feature = "avif"))]
        OutputFormat::Avif => {
            // Start-up refuses `images.avif` in a server built without the encoder.
            return Err(failed("this server was built without AVIF".to_owned()));
        }
        #[cfg(feature = "avif")]
        OutputFormat::Avif => {
            // As Next.js does with sharp: AVIF at the same quality number looks better than
            // WebP, so 20 less gives similar quality in fewer bytes. Speed 8 of 10 keeps the
            // encode within a few times WebP's.
            let quality = quality.saturating_sub(20).max(1);
            image::codecs::avif::AvifEncoder::new_with_speed_quality(&mut out, 8, quality)
                .write_image(pixels, width, height, color)
                .map_err(|error| failed(error.to_string()))?;
        }
        OutputFormat::Webp | OutputFormat::Png => {
            unreachable!("WebP and PNG are encoded from rows")
        }
    }
    Ok(out)
}
