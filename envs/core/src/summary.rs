//! Summary statistics of many games' scores, for sb-run and `tabula eval`.
//!
//! ```
//! use tabula_core::summary::Summary;
//! let s = Summary::of(&[1.0, 2.0, 3.0, 10.0]);
//! assert_eq!((s.mean, s.median, s.min, s.max), (4.0, 2.5, 1.0, 10.0));
//! assert!((s.std_error - 2.041).abs() < 1e-3);
//! ```

use serde::Serialize;

/// Mean with its standard error, median, min and max.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    /// Sample standard deviation over sqrt(n) (0 for fewer than 2 values).
    pub std_error: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Summary {
    pub fn of(values: &[f64]) -> Summary {
        let n = values.len();
        if n == 0 {
            return Summary { n, mean: 0.0, std_error: 0.0, median: 0.0, min: 0.0, max: 0.0 };
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let var = if n > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64 } else { 0.0 };
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
        Summary { n, mean, std_error: (var / n as f64).sqrt(), median, min: sorted[0], max: sorted[n - 1] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_a_small_sample() {
        let s = Summary::of(&[1.0, 2.0, 3.0, 10.0]);
        assert_eq!(s.mean, 4.0);
        assert_eq!(s.median, 2.5);
        assert_eq!((s.min, s.max), (1.0, 10.0));
        // sample variance (9 + 4 + 1 + 36) / 3 = 50/3, s.e. = sqrt(50/3/4)
        assert!((s.std_error - (50.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert_eq!(Summary::of(&[7.0]).median, 7.0);
    }
}
