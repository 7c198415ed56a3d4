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

    /// Standard normal (Box-Muller; one of the pair is dropped, which keeps draws keyed).
    pub fn normal(&mut self) -> f64 {
        let u1 = self.uniform().max(f64::MIN_POSITIVE);
        let u2 = self.uniform();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }

    /// Exponential with the given mean.
    pub fn exponential(&mut self, mean: f64) -> f64 {
        -mean * (1.0 - self.uniform()).ln()
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.uniform() * n as f64) as usize % n.max(1)
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
