//! Experiment (issue 56): the cross-entropy method over the eight weights of greedy's board
//! evaluation (`eval::Weights`, reserve included), each generation's candidates (the current
//! mean first) playing greedy games on the same fresh seeds, fitness the mean log score, the best
//! quarter setting the next mean and spread. Prints each generation's mean and best candidate.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_cem -- GENERATIONS POPULATION GAMES
//! ```
//! Measured (`-- 30 16 8`, stopped after 9 generations, about 20 minutes on 2 cores): no progress
//! the noise let through. The mean's own score on each generation's 8 seeds ranged from 11,310
//! to 38,142 while the weights moved by under 10%: with 8 games a candidate the ranking is
//! mostly luck, and the elite's spread collapsed before the mean moved.
use rand::{Rng, SeedableRng};
use rand_distr::{Distribution, Normal};
use rayon::prelude::*;
use superball::Params;
use tabula_baselines::superball::{GreedyPlayer, arena};

fn player(w: &[f64]) -> GreedyPlayer {
    let mut g = GreedyPlayer::default();
    let x = &mut g.weights;
    x.size_power = w[0];
    x.goal_factor = w[1];
    x.near_factor = w[2];
    x.ready_bonus = w[3];
    x.safe_empty = w[4];
    x.danger = w[5];
    x.reserve = w[6];
    x.colour_power = w[7];
    g
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let gens: usize = args[0].parse().unwrap();
    let pop: usize = args[1].parse().unwrap();
    let games: i64 = args[2].parse().unwrap();
    let params = Params::new(8, 10, 5, "pbyrg").unwrap();
    let mut mean = vec![2.0, 3.0, 1.5, 50.0, 16.0, 6.0, 1.5, 0.0];
    let mut std: Vec<f64> = vec![0.3, 1.0, 0.5, 20.0, 4.0, 2.0, 0.5, 0.3];
    let lo = [1.0, 1.0, 1.0, 0.0, 4.0, 0.1, 0.0, -1.0];
    let hi = [3.5, 10.0, 3.0, 300.0, 40.0, 50.0, 4.0, 2.0];
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    for generation in 0..gens {
        let mut cands: Vec<Vec<f64>> = vec![mean.clone()];
        while cands.len() < pop {
            cands.push(
                (0..mean.len())
                    .map(|k| Normal::new(mean[k], std[k]).unwrap().sample(&mut rng).clamp(lo[k], hi[k]))
                    .collect(),
            );
        }
        let first: i64 = 10_000 + generation as i64 * 1000 + rng.random_range(0..500);
        let jobs: Vec<(usize, i64)> = (0..pop).flat_map(|c| (0..games).map(move |g| (c, first + g))).collect();
        let scores: Vec<(usize, f64)> = jobs
            .into_par_iter()
            .map(|(c, seed)| (c, arena::play_seed(&mut player(&cands[c]), &params, seed, usize::MAX).score as f64))
            .collect();
        let mut fit: Vec<(f64, f64, usize)> = (0..pop)
            .map(|c| {
                let s: Vec<f64> = scores.iter().filter(|x| x.0 == c).map(|x| x.1).collect();
                (
                    s.iter().map(|v| (v + 1.0).ln()).sum::<f64>() / s.len() as f64,
                    s.iter().sum::<f64>() / s.len() as f64,
                    c,
                )
            })
            .collect();
        fit.sort_by(|a, b| b.0.total_cmp(&a.0));
        let elite: Vec<&Vec<f64>> = fit.iter().take(pop / 4).map(|f| &cands[f.2]).collect();
        for k in 0..mean.len() {
            let m = elite.iter().map(|e| e[k]).sum::<f64>() / elite.len() as f64;
            let v = elite.iter().map(|e| (e[k] - m).powi(2)).sum::<f64>() / elite.len() as f64;
            mean[k] = m;
            std[k] = (v.sqrt() + 0.02 * std[k].max(1e-3)).max(1e-3);
        }
        let m0 = fit.iter().find(|f| f.2 == 0).unwrap();
        println!(
            "generation {generation}: old mean logfit {:.3} ({:.0})  best {:.3} ({:.0})  new mean {:?}",
            m0.0,
            m0.1,
            fit[0].0,
            fit[0].1,
            mean.iter().map(|x| (x * 1000.0).round() / 1000.0).collect::<Vec<_>>()
        );
    }
}
