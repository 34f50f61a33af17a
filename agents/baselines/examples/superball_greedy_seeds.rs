//! The greedy player's mean score on sb-player's seeds (its own random numbers), for each rule
//! of which set to cash in, or with its knobs changed. Greedy's spread is wide (the standard
//! deviation is about its mean), so a hundred seeds pin its mean only to about ±10%: run more to
//! know where it lies.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_greedy_seeds -- [SEEDS] [FIRST] [all] [KNOB=VALUE ...]
//! ```
//! Default: 100 seeds from 1, the default rule (cheapest) only; `all` adds the other rules.
//! Knobs: `tight` (cash once this few cells are empty; greedy: 4, i.e. only when forced), `big`
//! (cash any set this big), and the board evaluation's weights `size_power`, `colour_power`,
//! `goal_factor`, `near_factor`, `ready_bonus` (see `eval::Weights`). For example `tight=6`
//! measures greedy that cashes before it must.

use superball::Params;
use tabula_baselines::superball::greedy::Pick;
use tabula_baselines::superball::{GreedyPlayer, arena};
use tabula_core::summary::Summary;

/// Applies `KNOB=VALUE` to `player`.
fn set_knob(player: &mut GreedyPlayer, knob: &str) -> Result<(), String> {
    let (key, value) = knob.split_once('=').ok_or_else(|| format!("{knob:?}: expected KNOB=VALUE"))?;
    let x: f64 = value.trim().parse().map_err(|_| format!("{knob:?}: the value is not a number"))?;
    let w = &mut player.weights;
    match key.trim() {
        "tight" => player.tight = x as usize,
        "big" => player.big = x as usize,
        "size_power" => w.size_power = x,
        "colour_power" => w.colour_power = x,
        "goal_factor" => w.goal_factor = x,
        "near_factor" => w.near_factor = x,
        "ready_bonus" => w.ready_bonus = x,
        other => return Err(format!("no knob called {other:?}")),
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (knobs, args): (Vec<&String>, Vec<&String>) = args.iter().partition(|a| a.contains('='));
    let seeds: i64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(100).max(1);
    let first: i64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rules: &[(&str, Pick)] = if args.get(2).is_some_and(|a| *a == "all") {
        &[("cheapest", Pick::Cheapest), ("points", Pick::Points), ("size", Pick::Size)]
    } else {
        &[("cheapest", Pick::Cheapest)]
    };
    let mut base = GreedyPlayer::default();
    for knob in &knobs {
        if let Err(e) = set_knob(&mut base, knob) {
            eprintln!("superball_greedy_seeds: {e}");
            std::process::exit(2);
        }
    }
    let knobs = knobs.iter().map(|k| format!(" {k}")).collect::<String>();
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    for &(name, pick) in rules {
        let play = |seeds: Vec<i64>| -> Vec<f64> {
            let mut player = base.clone();
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
        let s = Summary::of(&scores);
        println!(
            "greedy ({name:<8}{knobs}) seeds {first}-{}  mean {:.0} ± {:.0}  median {:.0}",
            first + seeds - 1,
            s.mean,
            s.std_error,
            s.median
        );
    }
}
