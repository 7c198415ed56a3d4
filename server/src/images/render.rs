//! Decoding, resizing and encoding one image. Pure CPU work with no I/O: it runs on the render
//! pool's threads, never on a thread that serves connections.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use site_resize::Layout;

use super::budget::MemoryBudget;
use super::format::{OutputFormat, SourceFormat};

#[derive(Debug, thiserror::Error)]
pub(super) enum RenderError {
    #[error("the image is {width}x{height} pixels, more than the limit of {limit} pixels")]
    TooManyPixels { width: u32, height: u32, limit: u64 },
    #[error("the image cannot be decoded: {0}")]
    Decode(image::ImageError),
    #[error("the image cannot be encoded as {format:?}: {message}")]
    Encode {
        format: OutputFormat,
        message: String,
    },
    #[error("{0:?} sources cannot be resized")]
    Unsupported(SourceFormat),
}

/// What one rendering needs to know.
#[derive(Debug, Clone, Copy)]
pub(super) struct RenderJob {
    pub(super) source: SourceFormat,
    pub(super) width: u32,
    pub(super) quality: u8,
    pub(super) output: OutputFormat,
    pub(super) max_input_pixels: u64,
}

/// Decodes `bytes`, scales the image down to `job.width` (never up) and encodes it, within its
/// share of `budget`.
pub(super) fn render(
    bytes: &[u8],
    job: RenderJob,
    budget: &MemoryBudget,
) -> Result<Vec<u8>, RenderError> {
    let format = image_format(job.source)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    // The pixel check below refuses bombs before any pixel is decoded; these limits also stop
    // a decoder whose header lies about its size.
    let side = u32::try_from(job.max_input_pixels).unwrap_or(u32::MAX);
    limits.max_image_width = Some(side);
    limits.max_image_height = Some(side);
    limits.max_alloc = Some(job.max_input_pixels.saturating_mul(8).max(64 << 20));
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(RenderError::Decode)?;
    let (width, height) = decoder.dimensions();
    check_pixels(width, height, job.max_input_pixels)?;
    // Four bytes a pixel: the decoded RGBA, the largest of the copies a rendering holds at once.
    let _share = budget.take(u64::from(width) * u64::from(height) * 4);
    let orientation = decoder.orientation().map_err(RenderError::Decode)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(RenderError::Decode)?;
    image.apply_orientation(orientation);

    let keep_alpha = image.color().has_alpha() && job.output != OutputFormat::Jpeg;
    let (width, height) = (image.width(), image.height());
    // `into_*` moves the decoded pixels when they are already 8-bit RGB(A), the usual case:
    // a second copy of a 3000x2000 photo would be 18 MB more per render thread.
    let (pixels, layout) = if keep_alpha {
        (image.into_rgba8().into_raw(), Layout::Rgba8)
    } else if image.color().has_alpha() {
        (flatten_on_white(&image), Layout::Rgb8)
    } else {
        (image.into_rgb8().into_raw(), Layout::Rgb8)
    };
    let (out_width, out_height) = target_size(width, height, job.width);
    let pixels = if (out_width, out_height) == (width, height) {
        pixels
    } else {
        site_resize::lanczos3(&pixels, layout, (width, height), (out_width, out_height)).map_err(
            |error| RenderError::Encode {
                format: OutputFormat::Png,
                message: error.to_string(),
            },
        )?
    };
    encode(&pixels, keep_alpha, out_width, out_height, job)
}

pub(super) fn check_pixels(width: u32, height: u32, limit: u64) -> Result<(), RenderError> {
    if u64::from(width) * u64::from(height) > limit {
        Err(RenderError::TooManyPixels {
            width,
            height,
            limit,
        })
    } else {
        Ok(())
    }
}

fn image_format(source: SourceFormat) -> Result<ImageFormat, RenderError> {
    Ok(match source {
        SourceFormat::Png => ImageFormat::Png,
        SourceFormat::Jpeg => ImageFormat::Jpeg,
        SourceFormat::Gif => ImageFormat::Gif,
        SourceFormat::Webp => ImageFormat::WebP,
        other => return Err(RenderError::Unsupported(other)),
    })
}

/// The output size for a requested width: the same aspect ratio, never wider than the source.
pub(super) fn target_size(width: u32, height: u32, wanted: u32) -> (u32, u32) {
    if wanted >= width {
        return (width, height);
    }
    let scaled = (u64::from(height) * u64::from(wanted) + u64::from(width) / 2) / u64::from(width);
    (wanted, (scaled as u32).max(1))
}

/// JPEG has no alpha channel: composite onto white, as a browser would show it on this site.
fn flatten_on_white(image: &DynamicImage) -> Vec<u8> {
    let rgba = image.to_rgba8();
    let mut out = Vec::with_capacity(rgba.len() / 4 * 3);
    for pixel in rgba.pixels() {
        let [r, g, b, a] = pixel.0;
        let alpha = u16::from(a);
        for channel in [r, g, b] {
            let blended = (u16::from(channel) * alpha + 255 * (255 - alpha) + 127) / 255;
            out.push(blended as u8);
        }
    }
    out
}

fn encode(
    pixels: &[u8],
    alpha: bool,
    width: u32,
    height: u32,
    job: RenderJob,
) -> Result<Vec<u8>, RenderError> {
    use image::ImageEncoder;
    let failed = |message: String| RenderError::Encode {
        format: job.output,
        message,
    };
    let color = if alpha {
        image::ExtendedColorType::Rgba8
    } else {
        image::ExtendedColorType::Rgb8
    };
    let mut out = Vec::new();
    match job.output {
        OutputFormat::Webp => {
            let layout = if alpha {
                webp::PixelLayout::Rgba
            } else {
                webp::PixelLayout::Rgb
            };
            let encoded = webp::Encoder::new(pixels, layout, width, height)
                .encode_simple(false, f32::from(job.quality))
                .map_err(|error| failed(format!("{error:?}")))?;
            out.extend_from_slice(&encoded);
        }
        OutputFormat::Png => {
            image::codecs::png::PngEncoder::new(&mut out)
                .write_image(pixels, width, height, color)
                .map_err(|error| failed(error.to_string()))?;
        }
        OutputFormat::Jpeg => {
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, job.quality)
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
            let quality = job.quality.saturating_sub(20).max(1);
            image::codecs::avif::AvifEncoder::new_with_speed_quality(&mut out, 8, quality)
                .write_image(pixels, width, height, color)
                .map_err(|error| failed(error.to_string()))?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    static BUDGET: std::sync::LazyLock<MemoryBudget> =
        std::sync::LazyLock::new(|| MemoryBudget::new(64 << 20));
    use image::{ImageEncoder, RgbaImage};

    fn png(width: u32, height: u32, alpha: u8) -> Vec<u8> {
        let image = RgbaImage::from_fn(width, height, |x, y| {
            image::Rgba([(x % 256) as u8, (y % 256) as u8, 128, alpha])
        });
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(
                image.as_raw(),
                width,
                height,
                image::ExtendedColorType::Rgba8,
            )
            .unwrap();
        out
    }

    fn job(width: u32, output: OutputFormat) -> RenderJob {
        RenderJob {
            source: SourceFormat::Png,
            width,
            quality: 75,
            output,
            max_input_pixels: 10_000_000,
        }
    }

    #[test]
    fn scales_down_keeping_the_aspect_ratio() {
        assert_eq!(target_size(3000, 2000, 1080), (1080, 720));
        assert_eq!(target_size(300, 200, 1080), (300, 200));
        assert_eq!(target_size(4000, 1, 16), (16, 1));
    }

    #[test]
    fn renders_webp_png_and_jpeg_at_the_requested_width() {
        let source = png(400, 300, 255);
        for output in [OutputFormat::Webp, OutputFormat::Png, OutputFormat::Jpeg] {
            let bytes = render(&source, job(128, output), &BUDGET).unwrap();
            let decoded = image::load_from_memory(&bytes).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (128, 96), "{output:?}");
        }
        // No AVIF decoder is built in; check the container and that it is smaller than PNG.
        #[cfg(feature = "avif")]
        {
            let avif = render(&source, job(128, OutputFormat::Avif), &BUDGET).unwrap();
            assert_eq!(&avif[4..12], b"ftypavif");
        }
    }

    #[test]
    fn never_upscales() {
        let bytes = render(&png(100, 50, 200), job(640, OutputFormat::Webp), &BUDGET).unwrap();
        let decoded = image::load_from_memory(&bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (100, 50));
        assert!(decoded.color().has_alpha());
    }

    #[test]
    fn refuses_more_pixels_than_the_limit_before_decoding() {
        let mut small_limit = job(16, OutputFormat::Webp);
        small_limit.max_input_pixels = 100;
        assert!(matches!(
            render(&png(20, 10, 255), small_limit, &BUDGET),
            Err(RenderError::TooManyPixels {
                width: 20,
                height: 10,
                limit: 100
            })
        ));
    }

    #[test]
    fn corrupt_data_is_an_error_not_a_panic() {
        let mut source = png(64, 64, 255);
        source.truncate(60);
        assert!(render(&source, job(16, OutputFormat::Webp), &BUDGET).is_err());
    }
}
