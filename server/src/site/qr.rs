//! QR codes for the WeChat official account and enterprise WeChat contact, generated at start
//! from the configured target URLs (so they are real, scannable codes, not pictures in content).

use std::fmt::Write;

use qrcode::{Color, EcLevel, QrCode};

/// Modules of light margin around the code; the QR specification asks for four.
const QUIET_ZONE: usize = 4;

#[derive(Debug, thiserror::Error)]
#[error("cannot encode {target:?} as a QR code: {source}")]
pub struct QrError {
    target: String,
    source: qrcode::types::QrError,
}

/// An SVG image of `target` as a QR code, one SVG unit per module, black on white.
pub fn qr_svg(target: &str) -> Result<String, QrError> {
    // Level M survives a little glare or a smudged screen and keeps the code small.
    let code =
        QrCode::with_error_correction_level(target.as_bytes(), EcLevel::M).map_err(|source| {
            QrError {
                target: target.to_owned(),
                source,
            }
        })?;
    let width = code.width();
    let colors = code.to_colors();
    let size = width + 2 * QUIET_ZONE;
    let mut path = String::new();
    for (row, line) in colors.chunks(width).enumerate() {
        let mut column = 0;
        while column < width {
            if line[column] == Color::Dark {
                let start = column;
                while column < width && line[column] == Color::Dark {
                    column += 1;
                }
                let x = start + QUIET_ZONE;
                let y = row + QUIET_ZONE;
                let run = column - start;
                write!(path, "M{x} {y}h{run}v1h-{run}z").expect("writing to a String");
            } else {
                column += 1;
            }
        }
    }
    Ok(format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" "#,
            r##"shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>"##,
            r##"<path fill="#000" d="{path}"/></svg>"##
        ),
        size = size,
        path = path
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rebuilds the module matrix from the SVG path, proving the picture holds the same modules
    /// as the encoder produced (the browser test decodes the rendered image end to end).
    fn modules_from_svg(svg: &str, size: usize) -> Vec<bool> {
        let d = svg
            .split(" d=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let mut grid = vec![false; size * size];
        for segment in d.split('M').filter(|s| !s.is_empty()) {
            let (xy, rest) = segment.split_once('h').unwrap();
            let (x, y) = xy.split_once(' ').unwrap();
            let run: usize = rest.split('v').next().unwrap().parse().unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            for dx in 0..run {
                grid[y * size + x + dx] = true;
            }
        }
        grid
    }

    #[test]
    fn svg_holds_exactly_the_encoded_modules_inside_a_quiet_zone() {
        let target = "https://www.indora.com/next/about#wechat";
        let svg = qr_svg(target).unwrap();
        let code = QrCode::with_error_correction_level(target, EcLevel::M).unwrap();
        let width = code.width();
        let size = width + 2 * QUIET_ZONE;
        assert!(svg.contains(&format!("viewBox=\"0 0 {size} {size}\"")));
        let grid = modules_from_svg(&svg, size);
        for (index, color) in code.to_colors().iter().enumerate() {
            let (row, column) = (index / width, index % width);
            let drawn = grid[(row + QUIET_ZONE) * size + column + QUIET_ZONE];
            assert_eq!(drawn, *color == Color::Dark, "module {row},{column}");
        }
        let dark_in_margin = (0..size)
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                x < QUIET_ZONE || y < QUIET_ZONE || x >= size - QUIET_ZONE || y >= size - QUIET_ZONE
            })
            .any(|(x, y)| grid[y * size + x]);
        assert!(!dark_in_margin);
    }

    #[test]
    fn oversized_target_is_an_error() {
        let huge = "x".repeat(5000);
        assert!(qr_svg(&huge).is_err());
    }
}
