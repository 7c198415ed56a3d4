//! Deterministic randomness. A draw is named by a key (seed, tag, second, device, purpose)
//! rather than taken from a shared generator, so the same key gives the same number in every
//! process and in any order: replicas agree, and a tag's past seconds can be recomputed.

/// SplitMix64's finaliser: a bijective mix whose output bits each depend on every input bit.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A key from its parts, order-sensitive.
pub fn key(parts: &[u64]) -> u64 {
    parts
        .iter()
        .fold(0x9e37_79b9_7f4a_7c15, |state, &part| mix(state ^ mix(part)))
}

/// A small generator for a sequence of draws under one key (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(key: u64) -> Self {
        Self(key)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Standard normal, from one uniform draw through the inverse of the normal distribution
    /// (Acklam's rational approximation, relative error under 1.2e-9). Box-Muller took a
    /// logarithm, a square root and a cosine for every draw, and draws were a sixth of the live
    /// engine's time (`perf`); here 95 % of draws take a few multiplications.
    pub fn normal(&mut self) -> f64 {
        // In (0, 1): the ends would be infinite.
        let p = ((self.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64);
        inverse_normal(p)
    }

    /// Exponential with the given mean.
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * (1.0 - self.uniform()).ln()
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.uniform() * n as f64) as usize % n.max(1)
    }
}

/// The standard normal quantile of `p` in (0, 1): Peter Acklam's rational approximations, one for
/// the central 95 % and one for each tail.
fn inverse_normal(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const LOW: f64 = 0.024_25;
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - LOW {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// Smooth noise over the plane: values at the corners of a `cell`-metre grid, keyed, and
/// interpolated between them. Two points closer than a cell see nearly the same value, as
/// shadowing by the same furniture and people does (a correlation distance of about a cell).
pub fn smooth_noise(key_base: u64, x: f64, y: f64, cell: f64) -> f64 {
    let (gx, gy) = (x / cell, y / cell);
    let (ix, iy) = (gx.floor(), gy.floor());
    let (fx, fy) = (smoothstep(gx - ix), smoothstep(gy - iy));
    let corner = |dx: f64, dy: f64| {
        let k = key(&[key_base, (ix + dx) as i64 as u64, (iy + dy) as i64 as u64]);
        Rng::new(k).normal()
    };
    let top = corner(0.0, 0.0) * (1.0 - fx) + corner(1.0, 0.0) * fx;
    let bottom = corner(0.0, 1.0) * (1.0 - fx) + corner(1.0, 1.0) * fx;
    let blended = top * (1.0 - fy) + bottom * fy;
    // Bilinear blending of unit normals shrinks the variance (to 4/9 at a cell's centre with
    // smoothstep weights at worst); this restores a standard deviation close to 1.
    blended / blend_scale(fx, fy)
}

fn smoothstep(t: f64) -> f64 {
    t * t * (3.0 - 2.0 * t)
}

fn blend_scale(fx: f64, fy: f64) -> f64 {
    let wx = (1.0 - fx).powi(2) + fx.powi(2);
    let wy = (1.0 - fy).powi(2) + fy.powi(2);
    (wx * wy).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_key_gives_the_same_draws_and_another_key_others() {
        let a: Vec<u64> = (0..4)
            .map(|_| Rng::new(key(&[1, 2, 3])).next_u64())
            .collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(key(&[1, 2, 3]), key(&[3, 2, 1]));
    }

    #[test]
    fn normals_have_mean_zero_and_unit_deviation() {
        let mut rng = Rng::new(7);
        let draws: Vec<f64> = (0..200_000).map(|_| rng.normal()).collect();
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        let var = draws.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / draws.len() as f64;
        assert!(mean.abs() < 0.01, "{mean}");
        assert!((var.sqrt() - 1.0).abs() < 0.01, "{var}");
    }

    #[test]
    fn normal_draws_follow_the_normal_quantiles() {
        // Known quantiles, at the centre, in the band between the approximations and deep in
        // a tail; and the tails are mirror images.
        for (p, z) in [
            (0.5, 0.0),
            (0.841_344_746, 1.0),
            (0.975, 1.959_963_985),
            (0.024_25, -1.972_961_84),
            (0.001_349_898, -3.0),
            (1e-9, -5.997_807_015),
        ] {
            assert!(
                (inverse_normal(p) - z).abs() < 1e-6,
                "{p}: {}",
                inverse_normal(p)
            );
            assert!((inverse_normal(1.0 - p) + z).abs() < 1e-6, "1 - {p}");
        }
        let mut rng = Rng::new(3);
        let below = (0..200_000)
            .filter(|_| rng.normal() < -1.959_963_985)
            .count();
        assert!((below as f64 / 200_000.0 - 0.025).abs() < 0.002, "{below}");
    }

    #[test]
    fn smooth_noise_is_continuous_and_about_unit_deviation() {
        let at = |x: f64| smooth_noise(11, x, 3.3, 3.0);
        assert!((at(10.0) - at(10.01)).abs() < 0.05);
        let samples: Vec<f64> = (0..20_000)
            .map(|i| smooth_noise(5, i as f64 * 1.7, (i / 100) as f64 * 2.3, 3.0))
            .collect();
        let sd = (samples.iter().map(|v| v * v).sum::<f64>() / samples.len() as f64).sqrt();
        assert!((0.8..1.3).contains(&sd), "{sd}");
    }
}
