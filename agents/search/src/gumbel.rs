//! Gumbel root search: Gumbel-top-k sampling of actions and sequential halving of the budget
//! (Danihelka et al., "Policy improvement by planning with Gumbel", ICLR 2022).

use rand::{Rng, RngCore};

/// The root's schedule: which action each simulation visits.
#[derive(Debug, Clone)]
pub(crate) struct GumbelRoot {
    /// Per root edge: Gumbel noise and log-prior.
    pub gumbel: Vec<f32>,
    pub logits: Vec<f32>,
    /// Edges still in the running.
    pub remaining: Vec<usize>,
    /// Visits each remaining edge gets in this phase, and the queue of this phase.
    queue: Vec<usize>,
    phases_left: u32,
    budget_left: usize,
}

/// One sample of the standard Gumbel distribution.
pub(crate) fn sample_gumbel(rng: &mut dyn RngCore) -> f32 {
    let u: f32 = rng.random_range(f32::EPSILON..1.0);
    -(-u.ln()).ln()
}

impl GumbelRoot {
    /// Picks the `considered` edges with the largest `gumbel + logit` and plans `budget`
    /// simulations. Edges marked in `first` (if any) take up to half the places before the others.
    /// Edges of zero prior are never considered (unless all are): a prior that rules an action
    /// out is obeyed.
    pub fn new(
        priors: &[f32],
        first: &[bool],
        considered: usize,
        budget: usize,
        noise: bool,
        rng: &mut dyn RngCore,
    ) -> Self {
        let logits: Vec<f32> = priors.iter().map(|p| p.max(1e-12).ln()).collect();
        let gumbel: Vec<f32> = priors.iter().map(|_| if noise { sample_gumbel(rng) } else { 0.0 }).collect();
        let mut by_score: Vec<usize> = (0..priors.len()).collect();
        by_score.sort_by(|&a, &b| (gumbel[b] + logits[b]).total_cmp(&(gumbel[a] + logits[a])));
        if by_score.iter().any(|&e| priors[e] > 0.0) {
            by_score.retain(|&e| priors[e] > 0.0);
        }
        let places = considered.clamp(1, by_score.len().max(1));
        let is_first = |e: usize| first.get(e).copied().unwrap_or(false);
        let mut order: Vec<usize> =
            by_score.iter().copied().filter(|&e| is_first(e)).take(places.div_ceil(2)).collect();
        for e in by_score {
            if order.len() == places {
                break;
            }
            if !order.contains(&e) {
                order.push(e);
            }
        }
        let phases = (order.len() as f32).log2().ceil().max(1.0) as u32;
        let mut root = GumbelRoot {
            gumbel,
            logits,
            remaining: order,
            queue: Vec::new(),
            phases_left: phases,
            budget_left: budget,
        };
        root.refill();
        root
    }

    fn refill(&mut self) {
        let k = self.remaining.len();
        let per = if self.phases_left <= 1 {
            // The last phase spends whatever is left.
            self.budget_left.div_ceil(k.max(1)).max(1)
        } else {
            (self.budget_left / (self.phases_left as usize * k)).max(1)
        };
        self.queue = (0..per).flat_map(|_| self.remaining.iter().rev().copied()).collect();
    }

    /// The edge the next root simulation must take. Between phases the field is halved by
    /// `g + logit + σ(q̂)`, where `sigma_q(edge)` gives σ(q̂).
    pub fn next(&mut self, sigma_q: impl Fn(usize) -> f32) -> usize {
        if self.queue.is_empty() {
            if self.remaining.len() > 1 {
                let score = |e: usize| self.gumbel[e] + self.logits[e] + sigma_q(e);
                let mut ranked = self.remaining.clone();
                ranked.sort_by(|&a, &b| score(b).total_cmp(&score(a)));
                self.remaining = ranked;
                let keep = self.remaining.len().div_ceil(2);
                self.remaining.truncate(keep);
            }
            self.phases_left = self.phases_left.saturating_sub(1);
            self.refill();
        }
        self.budget_left = self.budget_left.saturating_sub(1);
        self.queue.pop().expect("refill leaves at least one visit")
    }
}

/// σ(q) of the paper: a monotone transform scaled by how much the root has been searched.
pub(crate) fn sigma(q: f32, max_visits: u32, c_visit: f32, c_scale: f32) -> f32 {
    (c_visit + max_visits as f32) * c_scale * q
}

/// Softmax of `x`.
pub(crate) fn softmax(x: &[f32]) -> Vec<f32> {
    let m = x.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = x.iter().map(|v| (v - m).exp()).collect();
    let s: f32 = e.iter().sum();
    e.iter().map(|v| v / s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequential_halving_spends_the_budget_and_narrows_the_field() {
        let mut rng = tabula_core::rng_from_seed(3);
        let priors = vec![0.125; 8];
        let mut root = GumbelRoot::new(&priors, &[], 8, 32, true, &mut rng);
        let mut counts = [0usize; 8];
        for _ in 0..32 {
            // Edge index doubles as its score: higher indices survive the halvings.
            counts[root.next(|e| e as f32)] += 1;
        }
        assert_eq!(counts.iter().sum::<usize>(), 32);
        assert_eq!(root.remaining.len(), 2, "8 -> 4 -> 2 after two halvings");
        assert!(root.remaining.contains(&7) && root.remaining.contains(&6));
        assert!(counts[7] > counts[0], "{counts:?}");
    }

    #[test]
    fn marked_edges_take_up_to_half_the_places() {
        let mut rng = tabula_core::rng_from_seed(5);
        // Edge 0 is the most likely; 7, 8 and 9 are marked.
        let mut priors = vec![0.05; 10];
        priors[0] = 0.55;
        let first: Vec<bool> = (0..10).map(|e| e >= 7).collect();
        let root = GumbelRoot::new(&priors, &first, 4, 16, false, &mut rng);
        let marked = root.remaining.iter().filter(|&&e| e >= 7).count();
        assert_eq!((root.remaining.len(), marked), (4, 2), "{:?}", root.remaining);
        assert!(root.remaining.contains(&0));
        let only_marked = GumbelRoot::new(&priors, &first, 1, 16, false, &mut rng);
        assert_eq!(only_marked.remaining.len(), 1);
        assert!(only_marked.remaining[0] >= 7, "one place: the marked edge gets it");
    }

    #[test]
    fn softmax_sums_to_one() {
        let p = softmax(&[1.0, 2.0, 3.0]);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-6);
        assert!(p[2] > p[1] && p[1] > p[0]);
    }
}
