//! Elo ratings from match results (Bradley–Terry, fitted by minorization–maximization).

/// Elo difference implied by a score fraction (draws count half), clamped to ±800.
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-800.0, 800.0)
}

/// Ratings of `n` players from pairwise results `(i, j, points of i, games)`, with player
/// `anchor` fixed at `anchor_rating`.
pub fn fit(n: usize, results: &[(usize, usize, f64, f64)], anchor: usize, anchor_rating: f64) -> Vec<f64> {
    // Strengths γ; a virtual draw against the anchor keeps unbeaten players finite.
    let mut gamma = vec![1.0f64; n];
    let mut wins = vec![0.0f64; n];
    for &(i, j, points, games) in results {
        wins[i] += points;
        wins[j] += games - points;
    }
    for _ in 0..500 {
        let mut next = gamma.clone();
        for i in 0..n {
            let mut denom = 0.0;
            for &(a, b, _, games) in results {
                if a == i || b == i {
                    let other = if a == i { b } else { a };
                    denom += games / (gamma[i] + gamma[other]);
                }
            }
            let prior = if i != anchor { 1.0 / (gamma[i] + gamma[anchor]) } else { 0.0 };
            let w = wins[i] + if i != anchor { 0.5 } else { 0.0 };
            if denom + prior > 0.0 {
                next[i] = w / (denom + prior);
            }
        }
        let scale = next[anchor];
        gamma = next.iter().map(|g| (g / scale).max(1e-12)).collect();
    }
    gamma.iter().map(|g| anchor_rating + 400.0 * g.log10()).collect()
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

    #[test]
    fn fitted_ratings_order_the_players() {
        // 0 beats 1 75%; 1 beats 2 75%.
        let r = fit(3, &[(0, 1, 75.0, 100.0), (1, 2, 75.0, 100.0)], 2, 0.0);
        assert_eq!(r[2], 0.0);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!((r[1] - 190.0).abs() < 40.0, "{r:?}");
    }
}
