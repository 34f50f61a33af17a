//! The greedy player's mean score on sb-player's seeds (its own random numbers), for each rule
//! of which set to cash in. Greedy's spread is wide (the standard deviation is about its mean),
//! so a hundred seeds pin its mean only to about ±10%: run more to know where it lies.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_greedy_seeds -- [SEEDS] [FIRST] [all]
//! ```
//! Default: 100 seeds from 1, the default rule (cheapest) only; `all` adds the other rules.

use superball::Params;
use tabula_baselines::superball::greedy::Pick;
use tabula_baselines::superball::{GreedyPlayer, arena};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seeds: i64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100).max(1);
    let first: i64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rules: &[(&str, Pick)] = if args.get(3).is_some_and(|a| a == "all") {
        &[("cheapest", Pick::Cheapest), ("points", Pick::Points), ("size", Pick::Size)]
    } else {
        &[("cheapest", Pick::Cheapest)]
    };
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    for &(name, pick) in rules {
        let play = |seeds: Vec<i64>| -> Vec<f64> {
            let mut player = GreedyPlayer::default();
            player.pick = pick;
            seeds
                .into_iter()
                .map(|seed| arena::play_seed(&mut player, &params, seed, usize::MAX).score as f64)
                .collect()
        };
        // Both cores: odd seeds on one thread, even on the other.
        let all: Vec<i64> = (first..first + seeds).collect();
        let (odd, even): (Vec<i64>, Vec<i64>) = all.iter().partition(|&&s| s % 2 != 0);
        let scores: Vec<f64> = std::thread::scope(|scope| {
            let odd = scope.spawn(|| play(odd));
            let even = play(even);
            odd.join().expect("no panic").into_iter().chain(even).collect()
        });
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let sd = (scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
        let mut sorted = scores.clone();
        sorted.sort_by(f64::total_cmp);
        println!(
            "greedy ({name:<8}) seeds {first}-{}  mean {mean:.0} ± {:.0}  median {:.0}",
            first + seeds - 1,
            sd / n.sqrt(),
            sorted[sorted.len() / 2]
        );
    }
}
