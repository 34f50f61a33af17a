//! Plays two Superply or Upward-Rightward baselines against each other in-process, seats
//! alternating from shared random openings, two games at a time, and prints the score with its
//! standard error: a quick way to tune the classical players (`tabula arena` is the measure).
//!
//! ```text
//! cargo run --release -p tabula-baselines --example two_player_arena -- upright alphabeta greedy 200 100
//! cargo run --release -p tabula-baselines --example two_player_arena -- "superply(mode=deterministic)" alphabeta:rarity=0 greedy 100 300 2
//! ```
//! Arguments: game spec (`superply(...)` or `upright(...)`), first agent, second agent, games
//! (default 100), milliseconds a move (default 300), random opening moves (default 2; games 2k
//! and 2k+1 share one, seats swapped). Variants: Superply's `alphabeta:rarity=R,tempo=T,scale=S`
//! and Upward-Rightward's `alphabeta:scale=S`.

use rand::Rng;
use rayon::prelude::*;
use std::time::Duration;
use tabula_baselines::{superply as sp, upright as ur};
use tabula_core::{Agent, Game, GameSpec, State, Turn, rng_from_seed};

fn settings(text: &str) -> Vec<(String, f64)> {
    text.split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or_else(|| fail(&format!("{p:?} is not key=value")));
            (k.to_string(), v.parse().unwrap_or_else(|_| fail(&format!("{v:?} is not a number"))))
        })
        .collect()
}

fn fail(message: &str) -> ! {
    eprintln!("two_player_arena: {message}");
    std::process::exit(2)
}

fn superply_agent(name: &str, movetime: Duration) -> Box<dyn Agent<superply::SuperplyState>> {
    match name.split_once(':') {
        Some(("alphabeta", rest)) => {
            let mut h = sp::RaceHeuristic::default();
            for (k, v) in settings(rest) {
                match k.as_str() {
                    "rarity" => h.rarity = v,
                    "tempo" => h.tempo = v,
                    "scale" => h.scale = v,
                    _ => fail(&format!("unknown setting {k:?}")),
                }
            }
            Box::new(sp::alphabeta(movetime, h))
        }
        _ => sp::agent_by_name(name, Some(movetime)).unwrap_or_else(|e| fail(&e)),
    }
}

fn upright_agent(name: &str, movetime: Duration) -> Box<dyn Agent<upright::UprightState>> {
    match name.split_once(':') {
        Some(("alphabeta", rest)) => {
            let mut h = ur::ExpectedProducts::default();
            for (k, v) in settings(rest) {
                match k.as_str() {
                    "scale" => h.scale = v,
                    _ => fail(&format!("unknown setting {k:?}")),
                }
            }
            Box::new(ur::alphabeta(movetime, h))
        }
        _ => ur::agent_by_name(name, Some(movetime)).unwrap_or_else(|e| fail(&e)),
    }
}

/// Game `index` of the match (`make(k)` builds the k-th agent): the first agent's result (1 win,
/// 0.5 draw, 0 loss).
fn play<G: Game>(game: &G, make: &dyn Fn(usize) -> Box<dyn Agent<G::State>>, index: u64, opening: usize) -> f64 {
    let first_seat = (index % 2) as usize; // the seat the first agent takes
    let mut agents = [make(0), make(1)];
    let mut state = game.new_initial_state(index / 2);
    let mut opening_rng = rng_from_seed(index / 2);
    let mut rng = rng_from_seed(1_000 + index);
    let mut decisions = 0;
    while !state.is_terminal() {
        match state.turn() {
            Turn::Chance => state.sample_chance(&mut opening_rng),
            Turn::Player(p) => {
                let action = if decisions < opening {
                    let legal = state.legal_actions();
                    legal[opening_rng.random_range(0..legal.len())]
                } else {
                    let agent = if p == first_seat { 0 } else { 1 };
                    agents[agent].act(&state, &mut rng)
                };
                decisions += 1;
                state.apply(action).expect("a legal action");
            }
            Turn::Terminal => unreachable!(),
        }
    }
    let r = state.returns()[first_seat];
    if r > 0.0 {
        1.0
    } else if r < 0.0 {
        0.0
    } else {
        0.5
    }
}

fn report(names: [&str; 2], results: &[f64]) {
    let n = results.len() as f64;
    let mean = results.iter().sum::<f64>() / n;
    let var = results.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let wins = results.iter().filter(|&&r| r == 1.0).count();
    let draws = results.iter().filter(|&&r| r == 0.5).count();
    println!(
        "{} against {}: {:.1}% ± {:.1} over {} games ({wins} won, {draws} drawn, {} lost)",
        names[0],
        names[1],
        100.0 * mean,
        100.0 * (var / n).sqrt(),
        results.len(),
        results.len() - wins - draws
    );
}

fn run<G: Game + Sync>(game: G, make: impl Fn(&str) -> Box<dyn Agent<G::State>> + Sync, args: &Args) {
    let make_nth = |k: usize| make(args.names[k]);
    let results: Vec<f64> = (0..args.games).into_par_iter().map(|i| play(&game, &make_nth, i, args.opening)).collect();
    report(args.names, &results);
}

struct Args<'a> {
    names: [&'a str; 2],
    games: u64,
    opening: usize,
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| argv.get(i).map(String::as_str);
    let spec: GameSpec = arg(0).unwrap_or("upright").parse().unwrap_or_else(|e| fail(&format!("{e}")));
    let args = Args {
        names: [arg(1).unwrap_or("alphabeta"), arg(2).unwrap_or("greedy")],
        games: arg(3).and_then(|s| s.parse().ok()).unwrap_or(100),
        opening: arg(5).and_then(|s| s.parse().ok()).unwrap_or(2),
    };
    let movetime = Duration::from_millis(arg(4).and_then(|s| s.parse().ok()).unwrap_or(300));
    rayon::ThreadPoolBuilder::new().num_threads(2).build_global().expect("one pool");
    match spec.name.as_str() {
        "superply" => {
            let game = superply::Superply::from_spec(&spec).unwrap_or_else(|e| fail(&format!("{e}")));
            run(game, |name| superply_agent(name, movetime), &args)
        }
        "upright" => {
            let game = upright::Upright::from_spec(&spec).unwrap_or_else(|e| fail(&format!("{e}")));
            run(game, |name| upright_agent(name, movetime), &args)
        }
        other => fail(&format!("{other}: this example plays superply and upright")),
    }
}
