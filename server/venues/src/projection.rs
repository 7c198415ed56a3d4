//! The local metric frame of a venue (docs/venue-contract.md §2.3) and its inverse: the engine,
//! the viewer's files and the DXF conversion (`site-dxf`) all place positions with it, and the
//! generator with the same formula.

use super::contract::contract;
use super::geometry::Point;

/// An equirectangular projection around the venue's display point: exact enough over a few
/// hundred metres, and cheap both ways.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub lon0: f64,
    pub lat0: f64,
    /// Metres per degree of longitude at `lat0`.
    x_scale: f64,
    /// Metres per degree of latitude.
    y_scale: f64,
}

impl Frame {
    pub fn new(lon0: f64, lat0: f64) -> Frame {
        // The equatorial radius of WGS 84, as the contract fixes it.
        let y_scale = std::f64::consts::PI / 180.0 * contract().earth_radius_m;
        Frame {
            lon0,
            lat0,
            x_scale: y_scale * (lat0.to_radians()).cos(),
            y_scale,
        }
    }

    pub fn to_local(self, lon: f64, lat: f64) -> Point {
        Point::new(
            (lon - self.lon0) * self.x_scale,
            (lat - self.lat0) * self.y_scale,
        )
    }

    /// A closed GeoJSON ring of `[lon, lat]` positions as local points, without the closing
    /// repeat of its first position.
    pub fn open_ring(self, positions: &[[f64; 2]]) -> Vec<Point> {
        let open = &positions[..positions.len().saturating_sub(1)];
        open.iter()
            .map(|&[lon, lat]| self.to_local(lon, lat))
            .collect()
    }

    /// `[lon, lat]` of a local point, rounded to 7 decimals (about a centimetre) like the data.
    pub fn to_lon_lat(self, p: Point) -> [f64; 2] {
        let round = |v: f64| (v * 1e7).round() / 1e7;
        [
            round(self.lon0 + p.x / self.x_scale),
            round(self.lat0 + p.y / self.y_scale),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_survives_the_round_trip_to_the_centimetre() {
        let frame = Frame::new(121.4, 31.17);
        let local = frame.to_local(121.4012345, 31.1698765);
        let back = frame.to_lon_lat(local);
        assert!((back[0] - 121.4012345).abs() < 1e-9 && (back[1] - 31.1698765).abs() < 1e-9);
    }

    #[test]
    fn a_degree_of_latitude_is_the_contracts_length() {
        let frame = Frame::new(0.0, 0.0);
        let p = frame.to_local(0.0, 1.0);
        assert!((p.y - 111_319.490_793_273_6).abs() < 1e-6);
    }
}
