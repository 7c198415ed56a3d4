//! The crate's behaviour through its public function. An integration test rather than unit tests:
//! those would compile the resizer's kernels a second time, for the test build alone (38 s).

use site_resize::{Layout, lanczos3};

#[test]
fn a_flat_colour_stays_that_colour_at_the_new_size() {
    for layout in [Layout::Rgb8, Layout::Rgba8] {
        let bpp = layout.bytes_per_pixel();
        let pixel = [200, 100, 50, 255];
        let source: Vec<u8> = pixel[..bpp].repeat(64 * 32);
        let out = lanczos3(&source, layout, (64, 32), (16, 8)).unwrap();
        assert_eq!(out.len(), 16 * 8 * bpp, "{layout:?}");
        assert!(
            out.chunks_exact(bpp).all(|p| p == &pixel[..bpp]),
            "{layout:?}"
        );
    }
}

#[test]
fn too_few_bytes_for_the_size_is_an_error() {
    let error = lanczos3(&[0; 10], Layout::Rgb8, (4, 4), (2, 2)).unwrap_err();
    assert!(error.to_string().starts_with("resizing failed"), "{error}");
}

#[test]
fn transparent_pixels_do_not_darken_their_opaque_neighbours() {
    // Left half opaque white, right half transparent black: premultiplied resampling keeps
    // the opaque side white instead of mixing in the hidden black.
    let mut source = Vec::new();
    for _ in 0..16 {
        for x in 0..16 {
            source.extend(if x < 8 {
                [255, 255, 255, 255]
            } else {
                [0, 0, 0, 0]
            });
        }
    }
    let out = lanczos3(&source, Layout::Rgba8, (16, 16), (8, 8)).unwrap();
    let edge = &out[3 * 4..3 * 4 + 4];
    assert!(edge[3] > 0 && edge[0] >= 250, "{edge:?}");
}
