//! Decoding, resizing and encoding one image. Pure CPU work with no I/O: it runs on the render
//! pool's threads, never on a thread that serves connections.

use image::ImageFormat;
use site_resize::{Layout, RowResizer};

use super::budget::MemoryBudget;
use super::encode::Encoder;
use super::format::{OutputFormat, SourceFormat};
use super::source_rows::{Opened, Pixels};

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
    #[error("the image ended before its last row")]
    Truncated,
    #[error("{0}")]
    Resize(String),
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
/// share of `budget`. Rows flow from the decoder through the resizer into the encoder, so what a
/// rendering holds is a few rows and the encoder's own state (for WebP its YUV planes), not the
/// picture: see `source_rows.rs` and `encode.rs`.
pub(super) fn render(
    bytes: &[u8],
    job: RenderJob,
    budget: &MemoryBudget,
) -> Result<Vec<u8>, RenderError> {
    let opened = Opened::open(bytes, image_format(job.source)?, job.max_input_pixels)?;
    let (width, height) = (opened.width, opened.height);
    check_pixels(width, height, job.max_input_pixels)?;
    let pixels = match (opened.alpha, job.output) {
        (true, OutputFormat::Jpeg) => Pixels::RgbOnWhite,
        (true, _) => Pixels::Rgba,
        (false, _) => Pixels::Rgb,
    };
    // Orientation may swap the sides of a picture decoded whole; the rows say which they are.
    let size = target_size(width, height, job.width);
    let layout = match pixels {
        Pixels::Rgba => Layout::Rgba8,
        Pixels::Rgb | Pixels::RgbOnWhite => Layout::Rgb8,
    };
    let _share = budget.take(
        opened.decoding_bytes(pixels)
            + RowResizer::buffer_bytes(layout, (width, height), size)
            + Encoder::bytes(job.output, size, pixels),
    );
    let mut rows = opened.rows(pixels)?;
    let (width, height, size) = match rows.size() {
        (w, h) if (w, h) == (width, height) => (w, h, size),
        (w, h) => (w, h, target_size(w, h, job.width)),
    };
    let mut resizer = RowResizer::new(layout, (width, height), size)?;
    let mut encoder = Encoder::new(job.output, size, pixels, job.quality)?;
    while let Some(block) = rows.next()? {
        resizer.push(block, &mut |row| encoder.push(row))?;
    }
    if !resizer.is_done() {
        return Err(RenderError::Truncated);
    }
    encoder.finish()
}

/// The resizer refuses only sizes and rows that do not fit, a bug here rather than bad input.
impl From<site_resize::ResizeError> for RenderError {
    fn from(error: site_resize::ResizeError) -> Self {
        RenderError::Resize(error.to_string())
    }
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
