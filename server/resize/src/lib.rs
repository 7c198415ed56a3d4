//! Lanczos3 downscaling of 8-bit RGB and RGBA pixels, for the server's image renderer.
//!
//! A crate of its own for the build's sake: `fast_image_resize` is generic, so its SIMD kernels
//! are compiled in whichever crate names the pixel type, and they were a third of the server
//! crate's generated code (`cargo llvm-lines`). Named here, they compile beside the other
//! dependencies, early and in parallel, rather than in the server crate at the end of the build
//! and again in its unit-test build.

mod rows;

use std::fmt;

use fast_image_resize::images::{TypedImage, TypedImageRef};
use fast_image_resize::pixels::{U8x3, U8x4};
use fast_image_resize::{FilterType, PixelTrait, ResizeAlg, ResizeOptions, Resizer};

pub use rows::RowResizer;

/// How the bytes of a picture hold its pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Rgb8,
    Rgba8,
}

impl Layout {
    pub fn bytes_per_pixel(self) -> usize {
        match self {
            Layout::Rgb8 => 3,
            Layout::Rgba8 => 4,
        }
    }
}

/// The pixels did not fit the sizes given: a caller's bug, reported rather than panicking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResizeError(pub(crate) String);

impl fmt::Display for ResizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "resizing failed: {}", self.0)
    }
}

impl std::error::Error for ResizeError {}

/// Resamples `pixels` (`from` = width, height) to `to` with Lanczos3, as libvips (and so sharp)
/// does for downscaling. With alpha the pixels are premultiplied first, so transparent edges do
/// not bleed dark fringes.
pub fn lanczos3(
    pixels: &[u8],
    layout: Layout,
    from: (u32, u32),
    to: (u32, u32),
) -> Result<Vec<u8>, ResizeError> {
    match layout {
        Layout::Rgb8 => typed::<U8x3>(pixels, from, to),
        Layout::Rgba8 => typed::<U8x4>(pixels, from, to),
    }
}

fn typed<P: PixelTrait>(
    pixels: &[u8],
    (width, height): (u32, u32),
    (out_width, out_height): (u32, u32),
) -> Result<Vec<u8>, ResizeError> {
    let failed = |error: &dyn fmt::Display| ResizeError(error.to_string());
    let source = TypedImageRef::<P>::from_buffer(width, height, pixels).map_err(|e| failed(&e))?;
    let mut out = vec![0; out_width as usize * out_height as usize * P::size()];
    let mut target =
        TypedImage::<P>::from_buffer(out_width, out_height, &mut out).map_err(|e| failed(&e))?;
    let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
    Resizer::new()
        .resize_typed(&source, &mut target, &options)
        .map_err(|e| failed(&e))?;
    Ok(out)
}
