//! Polyline arcs: a vertex's bulge (the tangent of a quarter of the arc's angle, positive
//! counter-clockwise) bends the segment to the next vertex. Rooms with a rounded wall become
//! rings of short chords.

use std::f64::consts::PI;

/// At most this angle per chord: a 3 m radius strays under 3 cm from its arc.
const STEP_RAD: f64 = PI / 24.0;

/// The polyline's points with each bulged segment replaced by chords of its arc; `closed`
/// bends the segment from the last vertex back to the first as well.
pub(crate) fn flatten(vertices: &[([f64; 2], f64)], closed: bool) -> Vec<[f64; 2]> {
    let mut out = Vec::with_capacity(vertices.len());
    for (i, &(p, bulge)) in vertices.iter().enumerate() {
        out.push(p);
        let next = match vertices.get(i + 1) {
            Some(&(q, _)) => q,
            None if closed => vertices[0].0,
            None => break,
        };
        if bulge.abs() > 1e-9 {
            out.extend(arc_between(p, next, bulge));
        }
    }
    out
}

/// The points strictly between `p` and `q` on the arc the bulge describes.
fn arc_between(p: [f64; 2], q: [f64; 2], bulge: f64) -> Vec<[f64; 2]> {
    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
    let chord = dx.hypot(dy);
    if chord == 0.0 {
        return Vec::new();
    }
    let sweep = 4.0 * bulge.atan();
    // The centre lies on the chord's perpendicular, to the left for a counter-clockwise arc.
    let offset = chord * (1.0 - bulge * bulge) / (4.0 * bulge);
    let (nx, ny) = (-dy / chord, dx / chord);
    let centre = [
        (p[0] + q[0]) / 2.0 + nx * offset,
        (p[1] + q[1]) / 2.0 + ny * offset,
    ];
    let radius = (p[0] - centre[0]).hypot(p[1] - centre[1]);
    let start = (p[1] - centre[1]).atan2(p[0] - centre[0]);
    let steps = (sweep.abs() / STEP_RAD).ceil().max(1.0) as usize;
    (1..steps)
        .map(|k| {
            let a = start + sweep * k as f64 / steps as f64;
            [centre[0] + radius * a.cos(), centre[1] + radius * a.sin()]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::flatten;

    #[test]
    fn a_half_circle_bulges_to_the_left() {
        // From (1, 0) to (-1, 0) counter-clockwise: through (0, 1).
        let points = flatten(&[([1.0, 0.0], 1.0), ([-1.0, 0.0], 0.0)], false);
        assert!(points.len() > 3);
        for p in &points {
            assert!((p[0].hypot(p[1]) - 1.0).abs() < 1e-9, "{p:?}");
            assert!(p[1] >= -1e-9, "{p:?}");
        }
    }

    #[test]
    fn straight_segments_stay_as_they_are() {
        let square = [([0.0, 0.0], 0.0), ([1.0, 0.0], 0.0), ([1.0, 1.0], 0.0)];
        assert_eq!(flatten(&square, true).len(), 3);
    }
}
