//! Statistics over samples: median, spread (coefficient of variation), the noise flag and
//! geometric means. Pure functions, so the report can be unit-tested on fixed numbers.

/// A sample is noisy when its coefficient of variation is above this (5%).
pub const NOISE_CV: f64 = 0.05;

/// The median (mean of the middle two for an even count); `None` when empty.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 })
}

/// The arithmetic mean; `None` when empty.
pub fn mean(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() { None } else { Some(xs.iter().sum::<f64>() / xs.len() as f64) }
}

/// Coefficient of variation: sample standard deviation over the mean. 0 for fewer than two
/// samples (nothing to compare) or a zero mean.
pub fn cv(xs: &[f64]) -> f64 {
    let Some(m) = mean(xs) else { return 0.0 };
    if xs.len() < 2 || m == 0.0 {
        return 0.0;
    }
    let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() - 1) as f64;
    var.sqrt() / m.abs()
}

/// Whether a set of repeated measurements is too spread out to trust.
pub fn is_noisy(xs: &[f64]) -> bool {
    cv(xs) > NOISE_CV
}

/// Geometric mean of positive values; `None` when empty or when a value is not positive.
pub fn geomean(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() || xs.iter().any(|x| x.is_nan() || *x <= 0.0 || x.is_infinite()) {
        return None;
    }
    Some((xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp())
}

/// What the report shows for one set of repeated measurements.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub n: usize,
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub cv: f64,
    pub noisy: bool,
}

impl Summary {
    /// `None` when there are no samples.
    pub fn of(xs: &[f64]) -> Option<Summary> {
        let median = median(xs)?;
        let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
        let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Some(Summary { n: xs.len(), median, min, max, cv: cv(xs), noisy: is_noisy(xs) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_even_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[7.0]), Some(7.0));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn spread_and_noise() {
        assert_eq!(cv(&[1.0]), 0.0);
        assert_eq!(cv(&[2.0, 2.0, 2.0]), 0.0);
        // mean 2, sample stdev 1 -> cv 0.5
        assert!((cv(&[1.0, 2.0, 3.0]) - 0.5).abs() < 1e-12);
        assert!(!is_noisy(&[1.00, 1.01, 0.99]));
        assert!(is_noisy(&[1.0, 1.2, 0.9]));
        assert!(!is_noisy(&[5.0]));
        let s = Summary::of(&[1.0, 1.2, 0.9]).unwrap();
        assert_eq!((s.n, s.median, s.min, s.max, s.noisy), (3, 1.0, 0.9, 1.2, true));
        assert!(Summary::of(&[]).is_none());
    }

    #[test]
    fn geometric_mean() {
        assert!((geomean(&[2.0, 8.0]).unwrap() - 4.0).abs() < 1e-12);
        assert!((geomean(&[0.5, 2.0, 1.0]).unwrap() - 1.0).abs() < 1e-12);
        assert_eq!(geomean(&[]), None);
        assert_eq!(geomean(&[1.0, 0.0]), None);
        assert_eq!(geomean(&[1.0, f64::NAN]), None);
    }
}
