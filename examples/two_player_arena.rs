//! Plays two Superply or Upward-Rightward baselines against each other in-process with the
//! arena's match (`tabula_train::arena::play_match`: seats alternating from shared random
//! openings, games in parallel), including variants of the classical players' evaluations, and
//! prints the score with its standard error: a quick way to tune them (`tabula arena` is the
//! measure).
//!
//! ```text
//! cargo run --release --example two_player_arena -- upright alphabeta greedy 200 100
//! cargo run --release --example two_player_arena -- "superply(mode=deterministic)" alphabeta:rarity=0 greedy 100 300 2
//! ```
//! Arguments: game spec (`superply(...)` or `upright(...)`), first agent, second agent, games
//! (default 100), milliseconds a move (default 300), random opening moves (default 2; games 2k
//! and 2k+1 share one, seats swapped). Variants: Superply's `alphabeta:rarity=R,tempo=T,scale=S`
//! and Upward-Rightward's `alphabeta:scale=S`.

use std::time::Duration;
use tabula_baselines::{superply as sp, upright as ur};
use tabula_core::{Agent, Game, GameSpec};
use tabula_train::arena::play_match;

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

fn run<G: Game + Sync>(game: G, make: impl Fn(&str) -> Box<dyn Agent<G::State>> + Sync, args: &Args) {
    let (a, b) = (|| make(args.names[0]), || make(args.names[1]));
    let result = play_match(&game, &a, &b, args.games, args.opening, 11);
    let n = f64::from(result.games());
    let per_game: Vec<f64> = [(result.wins, 1.0), (result.draws, 0.5), (result.losses, 0.0)]
        .iter()
        .flat_map(|&(count, points)| std::iter::repeat_n(points, count as usize))
        .collect();
    let s = tabula_core::summary::Summary::of(&per_game);
    println!(
        "{} against {}: {:.1}% ± {:.1} over {n} games ({}-{}-{})",
        args.names[0],
        args.names[1],
        100.0 * result.score(),
        100.0 * s.std_error,
        result.wins,
        result.draws,
        result.losses
    );
}

struct Args<'a> {
    names: [&'a str; 2],
    games: usize,
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
