//! The crate against the `webp` crate, which encodes a whole picture through the same libwebp:
//! a picture pushed row by row must come out as the very same bytes.

use site_webp::{Layout, RowsPicture};

fn picture(width: u32, height: u32, layout: Layout, transparent: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let (r, g, b) = ((x * 13 + y) as u8, (y * 7) as u8, ((x ^ y) * 3) as u8);
            match layout {
                Layout::Rgb8 => out.extend_from_slice(&[r, g, b]),
                Layout::Rgba8 => {
                    let alpha = if transparent && (x / 9 + y / 5) % 3 == 0 {
                        (x * 4) as u8
                    } else {
                        255
                    };
                    out.extend_from_slice(&[r, g, b, alpha]);
                }
            }
        }
    }
    out
}

fn by_rows(pixels: &[u8], width: u32, height: u32, layout: Layout, quality: f32) -> Vec<u8> {
    let mut picture = RowsPicture::new(width, height, layout).unwrap();
    for row in pixels.chunks(pixels.len() / height as usize) {
        picture.push_row(row).unwrap();
    }
    picture.encode(quality).unwrap()
}

fn whole(pixels: &[u8], width: u32, height: u32, layout: Layout, quality: f32) -> Vec<u8> {
    let layout = match layout {
        Layout::Rgb8 => webp::PixelLayout::Rgb,
        Layout::Rgba8 => webp::PixelLayout::Rgba,
    };
    webp::Encoder::new(pixels, layout, width, height)
        .encode_simple(false, quality)
        .unwrap()
        .to_vec()
}

#[test]
fn rows_encode_to_the_same_bytes_as_the_whole_picture() {
    // Sizes with odd widths and heights, heights that are and are not a multiple of the strip,
    // a picture of one pixel; alpha that is all opaque (no alpha chunk) and partly transparent.
    let cases = [
        (640, 360, Layout::Rgb8, false),
        (97, 61, Layout::Rgb8, false),
        (1, 1, Layout::Rgb8, false),
        (33, 16, Layout::Rgb8, false),
        (640, 360, Layout::Rgba8, true),
        (97, 61, Layout::Rgba8, true),
        (97, 61, Layout::Rgba8, false),
        (3, 2, Layout::Rgba8, true),
    ];
    for (width, height, layout, transparent) in cases {
        let pixels = picture(width, height, layout, transparent);
        for quality in [50.0, 75.0] {
            let rows = by_rows(&pixels, width, height, layout, quality);
            let reference = whole(&pixels, width, height, layout, quality);
            assert_eq!(&rows[..4], b"RIFF");
            assert!(
                rows == reference,
                "{width}x{height} {layout:?} transparent {transparent} q{quality}: {} bytes, the whole picture {}",
                rows.len(),
                reference.len()
            );
        }
        let has_alpha_chunk = by_rows(&pixels, width, height, layout, 75.0)
            .windows(4)
            .any(|w| w == b"ALPH");
        assert_eq!(has_alpha_chunk, transparent, "{width}x{height} {layout:?}");
    }
}

#[test]
fn wrong_rows_and_sizes_are_errors() {
    assert!(RowsPicture::new(0, 5, Layout::Rgb8).is_err());
    assert!(RowsPicture::new(16384, 5, Layout::Rgb8).is_err());
    let mut picture = RowsPicture::new(4, 2, Layout::Rgb8).unwrap();
    assert!(picture.push_row(&[0; 11]).is_err(), "a short row");
    picture.push_row(&[0; 12]).unwrap();
    let message = RowsPicture::new(4, 2, Layout::Rgb8)
        .unwrap()
        .encode(75.0)
        .unwrap_err()
        .to_string();
    assert!(message.contains("0 rows of 2"), "{message}");
    picture.push_row(&[0; 12]).unwrap();
    assert!(picture.push_row(&[0; 12]).is_err(), "a third row of two");
    assert_eq!(&picture.encode(75.0).unwrap()[8..12], b"WEBP");
}

#[test]
fn plane_bytes_are_one_and_a_half_a_pixel_or_two_and_a_half_with_alpha() {
    assert_eq!(
        RowsPicture::plane_bytes(640, 360, Layout::Rgb8),
        640 * 360 * 3 / 2
    );
    assert_eq!(
        RowsPicture::plane_bytes(640, 360, Layout::Rgba8),
        640 * 360 * 5 / 2
    );
    assert_eq!(RowsPicture::plane_bytes(3, 3, Layout::Rgb8), 9 + 2 * 4);
}
