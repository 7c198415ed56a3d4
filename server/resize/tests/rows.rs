//! The row resizer against the whole-picture one: the same pictures, fed a few rows at a time,
//! come out the same to within rounding, at every shape of resize the server asks for.

use site_resize::{Layout, ResizeError, RowResizer, lanczos3};

/// A picture with gradients, and with `edges` also hard edges in colour and alpha (a
/// checkerboard and fully transparent patches), where Lanczos rings past 0 and 255.
fn picture(layout: Layout, (width, height): (u32, u32), edges: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let (fx, fy) = (x as f64 / width as f64, y as f64 / height as f64);
            let smooth = |f: f64| (127.5 + 120.0 * (f * 9.0).sin()) as u8;
            let pixel = if edges {
                [
                    (x * 255 / width.max(1)) as u8,
                    (y * 255 / height.max(1)) as u8,
                    if (x / 7 + y / 5) % 2 == 0 { 230 } else { 20 },
                    if (x / 11 + y / 13) % 3 == 0 {
                        0
                    } else {
                        255 - (x % 64) as u8
                    },
                ]
            } else {
                [
                    smooth(fx),
                    smooth(fy),
                    smooth(fx + fy),
                    smooth(fx * 2.0 - fy),
                ]
            };
            out.extend_from_slice(&pixel[..layout.bytes_per_pixel()]);
        }
    }
    out
}

/// A pixel as it shows over a background: with alpha, the colours weighed by it (a transparent
/// pixel's colour is anything), and the alpha itself.
fn seen(pixel: &[u8]) -> [u32; 4] {
    let alpha = pixel.get(3).map_or(255, |&a| u32::from(a));
    let weighed = |c: u8| (u32::from(c) * alpha + 127) / 255;
    [
        weighed(pixel[0]),
        weighed(pixel[1]),
        weighed(pixel[2]),
        alpha,
    ]
}

/// Resizes `source` through a RowResizer, pushing `chunk` rows at a time.
fn by_rows(source: &[u8], layout: Layout, from: (u32, u32), to: (u32, u32), chunk: u32) -> Vec<u8> {
    let mut resizer = RowResizer::new(layout, from, to).unwrap();
    let row = from.0 as usize * layout.bytes_per_pixel();
    let mut out = Vec::new();
    for rows in source.chunks(row * chunk as usize) {
        resizer
            .push::<ResizeError>(rows, &mut |done| {
                out.extend_from_slice(done);
                Ok(())
            })
            .unwrap();
    }
    assert!(resizer.is_done());
    out
}

#[test]
fn rows_resize_as_the_whole_picture_does_to_within_rounding() {
    let shapes = [
        ((1600, 1200), (640, 480)),
        ((2400, 1350), (384, 216)),
        ((1600, 1200), (1600, 1200)),
        ((1600, 1200), (1200, 900)),
        ((300, 200), (16, 11)),
        ((97, 61), (97, 13)),
        ((97, 61), (40, 61)),
        ((2000, 40), (3, 1)),
    ];
    for layout in [Layout::Rgb8, Layout::Rgba8] {
        let bpp = layout.bytes_per_pixel();
        for (from, to) in shapes {
            let source = picture(layout, from, false);
            let whole = if from == to {
                source.clone()
            } else {
                lanczos3(&source, layout, from, to).unwrap()
            };
            for chunk in [1, 7, from.1] {
                let rows = by_rows(&source, layout, from, to, chunk);
                assert_eq!(rows.len(), whole.len(), "{layout:?} {from:?} -> {to:?}");
                let (mut worst, mut total) = (0u32, 0u64);
                for (a, b) in rows.chunks_exact(bpp).zip(whole.chunks_exact(bpp)) {
                    for (x, y) in seen(a).into_iter().zip(seen(b)) {
                        worst = worst.max(x.abs_diff(y));
                        total += u64::from(x.abs_diff(y));
                    }
                }
                let mean = total as f64 / rows.len() as f64;
                assert!(
                    worst <= 3 && mean < 0.1,
                    "{layout:?} {from:?} -> {to:?} by {chunk}: worst {worst}, mean {mean:.3}"
                );
            }
        }
    }
}

/// By hard edges in colour and alpha Lanczos rings past 0 and 255, and each way of resizing
/// clips where its intermediate rows are bytes: the whole-picture resize after going down, the
/// row resizer after going across. Neither is the one right answer, so both are held to the
/// resize in `f64` that clips nothing until the end, and the rows must come as close as the
/// whole picture does.
#[test]
fn by_hard_edges_rows_are_as_close_to_exact_resampling_as_the_whole_picture() {
    for (from, to) in [((1600, 1200), (640, 480)), ((2400, 1350), (384, 216))] {
        let source = picture(Layout::Rgba8, from, true);
        let exact = exact_lanczos3(&source, from, to);
        let whole = lanczos3(&source, Layout::Rgba8, from, to).unwrap();
        let rows = by_rows(&source, Layout::Rgba8, from, to, 16);
        let distance = |out: &[u8]| -> f64 {
            let total: f64 = out
                .chunks_exact(4)
                .zip(exact.chunks_exact(4))
                .map(|(pixel, truth)| {
                    let alpha = f64::from(pixel[3]) / 255.0;
                    (0..3)
                        .map(|c| (f64::from(pixel[c]) * alpha - truth[c]).abs())
                        .sum::<f64>()
                        + (f64::from(pixel[3]) - truth[3]).abs()
                })
                .sum();
            total / out.len() as f64
        };
        let (rows, whole) = (distance(&rows), distance(&whole));
        assert!(
            rows <= whole * 1.1 && rows < 2.0,
            "{from:?} -> {to:?}: rows {rows:.3}, whole {whole:.3}"
        );
    }
}

/// Lanczos3 in `f64` on premultiplied RGBA, across then down, clipped only at the end; the
/// colours come out premultiplied.
fn exact_lanczos3(source: &[u8], from: (u32, u32), to: (u32, u32)) -> Vec<f64> {
    fn taps(from: u32, to: u32) -> Vec<(usize, Vec<f64>)> {
        let lanczos3 = |x: f64| {
            let sinc = |x: f64| {
                if x == 0.0 {
                    1.0
                } else {
                    (x * std::f64::consts::PI).sin() / (x * std::f64::consts::PI)
                }
            };
            if x.abs() < 3.0 {
                sinc(x) * sinc(x / 3.0)
            } else {
                0.0
            }
        };
        let scale = f64::from(from) / f64::from(to);
        let reach = 3.0 * scale.max(1.0);
        (0..to)
            .map(|out| {
                let centre = (f64::from(out) + 0.5) * scale;
                let first = (centre - reach).floor().max(0.0) as usize;
                let end = ((centre + reach).ceil() as usize).min(from as usize);
                let weights: Vec<f64> = (first..end)
                    .map(|i| lanczos3((i as f64 + 0.5 - centre) / scale.max(1.0)))
                    .collect();
                let total: f64 = weights.iter().sum();
                (first, weights.iter().map(|w| w / total).collect())
            })
            .collect()
    }
    let (width, height, out_width) = (from.0 as usize, from.1 as usize, to.0 as usize);
    let premultiplied: Vec<f64> = source
        .chunks_exact(4)
        .flat_map(|p| {
            let alpha = f64::from(p[3]) / 255.0;
            [
                f64::from(p[0]) * alpha,
                f64::from(p[1]) * alpha,
                f64::from(p[2]) * alpha,
                f64::from(p[3]),
            ]
        })
        .collect();
    let mut across = vec![0.0; out_width * height * 4];
    for (x, (first, weights)) in taps(from.0, to.0).iter().enumerate() {
        for y in 0..height {
            for c in 0..4 {
                across[(y * out_width + x) * 4 + c] = weights
                    .iter()
                    .enumerate()
                    .map(|(k, w)| w * premultiplied[(y * width + first + k) * 4 + c])
                    .sum();
            }
        }
    }
    let mut out = vec![0.0; out_width * to.1 as usize * 4];
    for (y, (first, weights)) in taps(from.1, to.1).iter().enumerate() {
        for x in 0..out_width {
            for c in 0..4 {
                let sum: f64 = weights
                    .iter()
                    .enumerate()
                    .map(|(k, w)| w * across[((first + k) * out_width + x) * 4 + c])
                    .sum();
                out[(y * out_width + x) * 4 + c] = sum.clamp(0.0, 255.0);
            }
        }
    }
    out
}

#[test]
fn too_many_rows_or_a_partial_row_is_an_error() {
    let mut resizer = RowResizer::new(Layout::Rgb8, (4, 2), (2, 1)).unwrap();
    let mut ignore = |_: &[u8]| Ok::<(), ResizeError>(());
    assert!(resizer.push(&[0; 13], &mut ignore).is_err());
    resizer.push(&[0; 24], &mut ignore).unwrap();
    assert!(resizer.push(&[0; 12], &mut ignore).is_err());
    assert!(
        RowResizer::new(Layout::Rgb8, (4, 2), (8, 1)).is_err(),
        "no upscaling"
    );
}

#[test]
fn its_buffers_stay_within_the_bytes_it_states() {
    // What it states is what the image renderer budgets: a few rows, not the picture.
    for (from, to) in [
        ((2400, 1350), (640, 360)),
        ((2400, 1350), (16, 9)),
        ((1600, 1200), (1600, 1200)),
    ] {
        let stated = RowResizer::buffer_bytes(Layout::Rgba8, from, to);
        assert!(stated < 3 << 20, "{from:?} -> {to:?}: {stated} bytes");
        assert!(
            stated < u64::from(from.0) * u64::from(from.1),
            "{from:?} -> {to:?}"
        );
    }
}
