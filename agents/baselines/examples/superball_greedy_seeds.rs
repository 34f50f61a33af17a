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
//! `goal_factor`, `near_factor`, `ready_bonus`, `safe_empty`, `danger`, `reserve` (see
//! `eval::Weights`). For example `tight=6` measures greedy that cashes before it must.

use superball::Params;
use tabula_baselines::superball::GreedyPlayer;
use tabula_baselines::superball::arena::{self, SeedArgs};
use tabula_baselines::superball::greedy::Pick;
use tabula_core::summary::Summary;

/// Sets `player`'s knob `key` to `x`.
fn set_knob(player: &mut GreedyPlayer, key: &str, x: f64) -> Result<(), String> {
    let w = &mut player.weights;
    match key {
        "tight" => player.tight = x as usize,
        "big" => player.big = x as usize,
        "size_power" => w.size_power = x,
        "colour_power" => w.colour_power = x,
        "goal_factor" => w.goal_factor = x,
        "near_factor" => w.near_factor = x,
        "ready_bonus" => w.ready_bonus = x,
        "safe_empty" => w.safe_empty = x,
        "danger" => w.danger = x,
        "reserve" => w.reserve = x,
        other => return Err(format!("no knob called {other:?}")),
    }
    Ok(())
}

fn main() {
    let (args, base) = SeedArgs::parse(std::env::args().skip(1))
        .and_then(|args| args.player(GreedyPlayer::default(), set_knob).map(|player| (args, player)))
        .unwrap_or_else(|e| {
            eprintln!("superball_greedy_seeds: {e}");
            std::process::exit(2)
        });
    let rules: &[(&str, Pick)] = if args.words.first().is_some_and(|a| a == "all") {
        &[("cheapest", Pick::Cheapest), ("points", Pick::Points), ("size", Pick::Size)]
    } else {
        &[("cheapest", Pick::Cheapest)]
    };
    let knobs = args.knobs_label();
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
        let all: Vec<i64> = args.range().collect();
        let (odd, even): (Vec<i64>, Vec<i64>) = all.iter().partition(|&&s| s % 2 != 0);
        let scores: Vec<f64> = std::thread::scope(|scope| {
            let odd = scope.spawn(|| play(odd));
            let even = play(even);
            odd.join().expect("no panic").into_iter().chain(even).collect()
        });
        let s = Summary::of(&scores);
        println!(
            "greedy ({name:<8}{knobs}) seeds {}-{}  mean {:.0} ± {:.0}  median {:.0}",
            args.first,
            args.range().end - 1,
            s.mean,
            s.std_error,
            s.median
        );
    }
}
