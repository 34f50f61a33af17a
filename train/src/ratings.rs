//! Ratings on the Elo scale from pairwise results: a maximum-likelihood Bradley–Terry fit with
//! 95% profile-likelihood intervals.
//!
//! The model: player `i` scores against `j` with probability `1 / (1 + 10^((r_j - r_i) / 400))`;
//! a draw counts as half a win and half a loss. The log-likelihood is concave in the ratings, so
//! Newton's method finds the maximum in a few steps. One virtual draw is added to every pairing
//! (a weak prior): without it a player who never lost, or never won, would get an infinite rating.
//!
//! Intervals are *profile likelihood* intervals: the ratings `r_i` for which the best fit of all
//! other ratings, with `r_i` held there, loses at most `χ²₁(0.95) / 2 ≈ 1.92` log-likelihood
//! units. Unlike `±1.96 s.e.` they are asymmetric where results are lopsided (a 99-1 score says
//! much more about the lower bound than the upper). Ratings and intervals are relative to the
//! anchor player, whose interval is the point `[0, 0]` plus the anchor's rating.
//!
//! ```
//! use tabula_train::ratings::{PairResult, fit};
//! // 0 scores 75% against 1, and 1 scores 75% against 2.
//! let results = [PairResult::new(0, 1, 75.0, 100.0), PairResult::new(1, 2, 75.0, 100.0)];
//! let r = fit(3, &results, 2).unwrap();
//! assert_eq!(r[2].elo, 0.0);
//! assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo);
//! assert!(r[1].lo < r[1].elo && r[1].elo < r[1].hi);
//! ```

use serde::Serialize;

/// The games between two players: `a` scored `points` (wins plus half the draws) in `games`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PairResult {
    pub a: usize,
    pub b: usize,
    pub points: f64,
    pub games: f64,
}

impl PairResult {
    pub fn new(a: usize, b: usize, points: f64, games: f64) -> Self {
        PairResult { a, b, points, games }
    }
}

/// A player's rating and its 95% interval, in Elo points relative to the anchor.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rating {
    pub elo: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Virtual draws added to every pairing that was played.
pub const PRIOR_DRAWS: f64 = 1.0;
/// Half the 95% quantile of χ² with one degree of freedom: the log-likelihood drop at the bounds.
const HALF_CHI2_95: f64 = 3.841_458_820_694_124 / 2.0;
/// Natural units (logits) per Elo point.
const PER_ELO: f64 = std::f64::consts::LN_10 / 400.0;

/// Fits the ratings of `n` players from `results`; player `anchor` is rated 0. Every player must
/// be connected to the anchor through games (any round robin or gauntlet is).
pub fn fit(n: usize, results: &[PairResult], anchor: usize) -> anyhow::Result<Vec<Rating>> {
    anyhow::ensure!(anchor < n, "the anchor {anchor} is not one of the {n} players");
    for r in results {
        anyhow::ensure!(r.a < n && r.b < n && r.a != r.b, "a result between players {} and {} of {n}", r.a, r.b);
        anyhow::ensure!(
            r.games >= 0.0 && (0.0..=r.games).contains(&r.points),
            "{} points in {} games between {} and {}",
            r.points,
            r.games,
            r.a,
            r.b
        );
    }
    let pairs: Vec<PairResult> = results
        .iter()
        .filter(|r| r.games > 0.0)
        .map(|r| PairResult { points: r.points + 0.5 * PRIOR_DRAWS, games: r.games + PRIOR_DRAWS, ..*r })
        .collect();
    let unconnected = unconnected(n, &pairs, anchor);
    anyhow::ensure!(
        unconnected.is_empty(),
        "players {unconnected:?} have played no games that connect them to player {anchor}: they cannot be rated"
    );
    let model = Model { pairs, n };
    let mut best = vec![0.0; n];
    model.maximize(&mut best, &[anchor]);
    let top = model.log_likelihood(&best);
    let ratings = (0..n)
        .map(|i| {
            if i == anchor {
                return Rating { elo: 0.0, lo: 0.0, hi: 0.0 };
            }
            let bound = |direction: f64| model.profile_bound(&best, top, i, anchor, direction) / PER_ELO;
            Rating { elo: best[i] / PER_ELO, lo: bound(-1.0), hi: bound(1.0) }
        })
        .collect();
    Ok(ratings)
}

/// Players that no chain of games links to `anchor`.
fn unconnected(n: usize, pairs: &[PairResult], anchor: usize) -> Vec<usize> {
    let mut reached = vec![false; n];
    reached[anchor] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for p in pairs {
            if reached[p.a] != reached[p.b] {
                reached[p.a] = true;
                reached[p.b] = true;
                grew = true;
            }
        }
    }
    (0..n).filter(|&i| !reached[i]).collect()
}

struct Model {
    pairs: Vec<PairResult>,
    n: usize,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Model {
    /// The log-likelihood of ratings `theta` (in logits).
    fn log_likelihood(&self, theta: &[f64]) -> f64 {
        self.pairs
            .iter()
            .map(|p| {
                let d = theta[p.a] - theta[p.b];
                // ln σ(d) = -ln(1 + e^{-d}), computed stably for large |d|.
                let ln_p = -softplus(-d);
                let ln_q = -softplus(d);
                p.points * ln_p + (p.games - p.points) * ln_q
            })
            .sum()
    }

    /// Newton's method on the players not in `fixed`, from `theta` (which it updates).
    fn maximize(&self, theta: &mut [f64], fixed: &[usize]) {
        let free: Vec<usize> = (0..self.n).filter(|i| !fixed.contains(i)).collect();
        if free.is_empty() {
            return;
        }
        let slot: Vec<Option<usize>> = (0..self.n).map(|i| free.iter().position(|&f| f == i)).collect();
        let m = free.len();
        let mut ll = self.log_likelihood(theta);
        for _ in 0..100 {
            // Gradient and the negated Hessian over the free players.
            let mut g = vec![0.0; m];
            let mut h = vec![vec![0.0; m]; m];
            for p in &self.pairs {
                let prob = sigmoid(theta[p.a] - theta[p.b]);
                let residual = p.points - p.games * prob;
                let w = p.games * prob * (1.0 - prob);
                if let Some(a) = slot[p.a] {
                    g[a] += residual;
                    h[a][a] += w;
                }
                if let Some(b) = slot[p.b] {
                    g[b] -= residual;
                    h[b][b] += w;
                }
                if let (Some(a), Some(b)) = (slot[p.a], slot[p.b]) {
                    h[a][b] -= w;
                    h[b][a] -= w;
                }
            }
            if g.iter().all(|x| x.abs() < 1e-10) {
                return;
            }
            for (k, row) in h.iter_mut().enumerate() {
                row[k] += 1e-12; // keeps the system solvable for a player with no decisive information
            }
            let Some(mut step) = solve(h, g) else { return };
            // At most about 350 Elo per step, then halve until the likelihood improves.
            let largest = step.iter().fold(0.0f64, |a, s| a.max(s.abs()));
            if largest > 2.0 {
                step.iter_mut().for_each(|s| *s *= 2.0 / largest);
            }
            let mut scale = 1.0;
            loop {
                let mut next = theta.to_vec();
                for (k, &i) in free.iter().enumerate() {
                    next[i] += scale * step[k];
                }
                let next_ll = self.log_likelihood(&next);
                if next_ll >= ll - 1e-12 {
                    theta.copy_from_slice(&next);
                    ll = next_ll;
                    break;
                }
                scale *= 0.5;
                if scale < 1e-8 {
                    return;
                }
            }
            if scale * largest.min(2.0) < 1e-10 {
                return;
            }
        }
    }

    /// The best log-likelihood with player `i` held at `value` (and the anchor at 0).
    fn profile(&self, best: &[f64], i: usize, anchor: usize, value: f64) -> f64 {
        let mut theta = best.to_vec();
        theta[i] = value;
        self.maximize(&mut theta, &[anchor, i]);
        self.log_likelihood(&theta)
    }

    /// Where the profile log-likelihood of player `i`, going from its best value in `direction`,
    /// has dropped by [`HALF_CHI2_95`]: bracketed by doubling steps, then bisected.
    fn profile_bound(&self, best: &[f64], top: f64, i: usize, anchor: usize, direction: f64) -> f64 {
        let drop = |value: f64| top - self.profile(best, i, anchor, value) - HALF_CHI2_95;
        let (mut inside, mut width) = (best[i], 0.1);
        let mut outside = best[i] + direction * width;
        while drop(outside) < 0.0 {
            inside = outside;
            width *= 2.0;
            outside = best[i] + direction * width;
            if width > 64.0 {
                return outside; // about ±11,000 Elo: no information on this side
            }
        }
        for _ in 0..50 {
            let mid = 0.5 * (inside + outside);
            if drop(mid) < 0.0 {
                inside = mid;
            } else {
                outside = mid;
            }
            if (outside - inside).abs() < 1e-4 {
                break;
            }
        }
        0.5 * (inside + outside)
    }
}

/// ln(1 + e^x) without overflow.
fn softplus(x: f64) -> f64 {
    if x > 30.0 { x + (-x).exp() } else { x.exp().ln_1p() }
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let m = b.len();
    for col in 0..m {
        let pivot = (col..m).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..m {
            let f = a[row][col] / a[col][col];
            let (above, below) = a.split_at_mut(row);
            for (x, p) in below[0][col..].iter_mut().zip(&above[col][col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; m];
    for row in (0..m).rev() {
        let s: f64 = (row + 1..m).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;
    use tabula_core::rng_from_seed;

    /// Round-robin results among players of `elo` ratings, `games` per pairing, with draws.
    fn synthetic(elo: &[f64], games: usize, seed: u64) -> Vec<PairResult> {
        let mut rng = rng_from_seed(seed);
        let mut results = Vec::new();
        for a in 0..elo.len() {
            for b in a + 1..elo.len() {
                let expected = 1.0 / (1.0 + 10f64.powf((elo[b] - elo[a]) / 400.0));
                // Draws take 20% of the games where that keeps the expected score.
                let draw = 0.2f64.min(2.0 * expected.min(1.0 - expected));
                let win = expected - draw / 2.0;
                let mut points = 0.0;
                for _ in 0..games {
                    let u: f64 = rng.random();
                    points += if u < win {
                        1.0
                    } else if u < win + draw {
                        0.5
                    } else {
                        0.0
                    };
                }
                results.push(PairResult::new(a, b, points, games as f64));
            }
        }
        results
    }

    #[test]
    fn the_fit_recovers_known_ratings_within_their_intervals() {
        let truth = [0.0, 120.0, 300.0, -150.0];
        let r = fit(truth.len(), &synthetic(&truth, 400, 3), 0).unwrap();
        for (rating, &elo) in r.iter().zip(&truth) {
            assert!(rating.lo <= elo && elo <= rating.hi, "{elo} outside {rating:?} ({r:?})");
            assert!(rating.hi - rating.lo < 120.0, "400 games a pairing pin a rating down: {rating:?}");
            assert!((rating.elo - elo).abs() < 60.0, "{rating:?} vs {elo}");
        }
        assert_eq!(r[0], Rating { elo: 0.0, lo: 0.0, hi: 0.0 }, "the anchor");
    }

    #[test]
    fn the_intervals_cover_the_truth_about_95_percent_of_the_time() {
        let truth = [0.0, 80.0, -60.0];
        let (mut covered, mut total) = (0, 0);
        for seed in 0..200 {
            let r = fit(3, &synthetic(&truth, 60, seed), 0).unwrap();
            for i in 1..3 {
                total += 1;
                covered += usize::from(r[i].lo <= truth[i] && truth[i] <= r[i].hi);
            }
        }
        let coverage = covered as f64 / total as f64;
        assert!((0.90..=0.99).contains(&coverage), "coverage {coverage}");
    }

    #[test]
    fn unbeaten_players_get_finite_ratings_and_one_sided_evidence_shows() {
        // 1 beat 0 in every game: a high lower bound, a long way up to the upper one.
        let r = fit(2, &[PairResult::new(0, 1, 0.0, 100.0)], 0).unwrap();
        assert!(r[1].elo.is_finite() && r[1].elo > 600.0, "{r:?}");
        assert!(r[1].hi - r[1].elo > r[1].elo - r[1].lo, "asymmetric: {r:?}");
        assert!(r[1].lo > 400.0, "{r:?}");
    }

    #[test]
    fn a_gauntlet_rates_everyone_through_the_middle_player() {
        // 1 played both others; 0 and 2 never met.
        let results = [PairResult::new(1, 0, 70.0, 100.0), PairResult::new(1, 2, 30.0, 100.0)];
        let r = fit(3, &results, 0).unwrap();
        assert!(r[2].elo > r[1].elo && r[1].elo > 0.0, "{r:?}");
        // The gap between 0 and 2 is known only through 1: a wider interval.
        assert!(r[2].hi - r[2].lo > r[1].hi - r[1].lo, "{r:?}");
    }

    #[test]
    fn bad_results_are_refused() {
        assert!(fit(3, &[PairResult::new(0, 1, 5.0, 10.0)], 0).unwrap_err().to_string().contains("[2]"));
        assert!(fit(2, &[PairResult::new(0, 1, 11.0, 10.0)], 0).is_err());
        assert!(fit(2, &[PairResult::new(0, 0, 1.0, 10.0)], 0).is_err());
        assert!(fit(2, &[], 5).is_err());
    }
}
