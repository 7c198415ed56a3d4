//! How well the devices around a point fix it in the plane: directions from the point to the
//! devices that serve it, as the smallest eigenvalue of their mean outer product (0 when every
//! device lies on one line through the point, 1/2 when they surround it evenly). Ranges or
//! bearings from devices on one line, as down a corridor's middle, fix where along it a tag is
//! but not where across it, or on which side of the line: the UWB filter then mistakes a tag
//! for its mirror image.

use site_venues::geometry::Point;

/// The spread of the directions from `at` to `devices`.
pub fn spread(at: Point, devices: impl IntoIterator<Item = Point>) -> f64 {
    let (mut xx, mut xy, mut yy, mut n) = (0.0, 0.0, 0.0, 0.0);
    for d in devices {
        let (dx, dy) = (d.x - at.x, d.y - at.y);
        let length2 = dx * dx + dy * dy;
        if length2 < 1e-12 {
            continue;
        }
        xx += dx * dx / length2;
        xy += dx * dy / length2;
        yy += dy * dy / length2;
        n += 1.0;
    }
    if n == 0.0 {
        return 0.0;
    }
    let (xx, xy, yy) = (xx / n, xy / n, yy / n);
    // The smaller root of the 2x2 symmetric matrix's characteristic polynomial.
    let half_trace = (xx + yy) / 2.0;
    let root = (((xx - yy) / 2.0).powi(2) + xy * xy).sqrt();
    half_trace - root
}

/// Adds sites to `chosen` until every point served at all has the spread `min` among the
/// chosen sites that serve it, or no site raises a point still short of it: the worst point
/// first, with the site serving it that brings the most points short of `min` to it. Answers
/// how many points stay short.
pub fn repair(
    points: &[Point],
    sites: &[Point],
    serves: &[Vec<u32>],
    chosen: &mut Vec<usize>,
    min: f64,
) -> usize {
    // Which chosen sites serve each point, and which sites serve it at all.
    let mut by: Vec<Vec<u32>> = vec![Vec::new(); points.len()];
    let mut servable: Vec<Vec<u32>> = vec![Vec::new(); points.len()];
    for (site, served) in serves.iter().enumerate() {
        for &p in served {
            servable[p as usize].push(site as u32);
        }
    }
    for &site in chosen.iter() {
        for &p in &serves[site] {
            by[p as usize].push(site as u32);
        }
    }
    let at = |p: usize, by: &[Vec<u32>], extra: Option<usize>| {
        let around = by[p].iter().map(|&s| sites[s as usize]);
        spread(points[p], around.chain(extra.map(|s| sites[s])))
    };
    let mut short: Vec<bool> = (0..points.len())
        .map(|p| !by[p].is_empty() && at(p, &by, None) < min)
        .collect();
    let mut taken = vec![false; sites.len()];
    for &site in chosen.iter() {
        taken[site] = true;
    }
    // Points no single site can bring to `min` are given up on, so the loop ends.
    let mut hopeless = vec![false; points.len()];
    loop {
        let worst = (0..points.len())
            .filter(|&p| short[p] && !hopeless[p])
            .min_by(|&a, &b| at(a, &by, None).total_cmp(&at(b, &by, None)));
        let Some(worst) = worst else { break };
        let mut best: Option<(usize, usize)> = None;
        for &site in &servable[worst] {
            let site = site as usize;
            if taken[site] || at(worst, &by, Some(site)) < min {
                continue;
            }
            let fixed = serves[site]
                .iter()
                .filter(|&&p| short[p as usize] && at(p as usize, &by, Some(site)) >= min)
                .count();
            if best.is_none_or(|(_, most)| fixed > most) {
                best = Some((site, fixed));
            }
        }
        let Some((site, _)) = best else {
            hopeless[worst] = true;
            continue;
        };
        taken[site] = true;
        chosen.push(site);
        for &p in &serves[site] {
            let p = p as usize;
            by[p].push(site as u32);
            short[p] = at(p, &by, None) < min;
        }
    }
    short.iter().filter(|&&s| s).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    #[test]
    fn devices_on_one_line_through_the_point_have_no_spread_and_around_it_half() {
        let at = p(0.0, 0.0);
        assert!(spread(at, [p(-5.0, 0.0), p(5.0, 0.0), p(12.0, 0.0)]).abs() < 1e-12);
        let around = [p(1.0, 0.0), p(-0.5, 0.866), p(-0.5, -0.866)];
        assert!((spread(at, around) - 0.5).abs() < 1e-3);
        // Staggered either side of a corridor: some spread.
        let staggered = [p(-10.0, -1.5), p(0.0, 1.5), p(10.0, -1.5)];
        assert!(spread(p(0.0, -1.5), staggered) > 0.3);
        assert_eq!(spread(at, []), 0.0);
    }
}
