//! Elo differences from a single score. Ratings of many players, with intervals, come from
//! [`crate::ratings`] (a maximum-likelihood Bradley–Terry fit).

/// Elo difference implied by a score fraction (draws count half), clamped to ±800.
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-800.0, 800.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_to_elo() {
        assert!((elo_from_score(0.5)).abs() < 1e-9);
        assert!((elo_from_score(0.76) - 200.0).abs() < 2.0);
        assert_eq!(elo_from_score(1.0), 800.0_f64.min(-400.0 * (1.0 / 0.999f64 - 1.0).log10()));
    }
}
