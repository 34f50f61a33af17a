//! Plays two Score 4 baselines against each other in-process, colours alternating, and prints
//! the score: a quick way to tune or compare (the referee does the same over the protocol).
//!
//! ```text
//! cargo run --release -p tabula-baselines --example score4_arena -- alphabeta greedy 20 300
//! cargo run --release -p tabula-baselines --example score4_arena -- alphabeta alphabeta:sym=0 40 50 4
//! ```
//! Arguments: first agent, second agent, games (default 20), milliseconds per move (default 300),
//! random opening plies (default 0; games 2k and 2k+1 share an opening, colours swapped).
//! Agents: random, greedy, alphabeta, mcts, and alphabeta variants written
//! `alphabeta:key=value,...` with keys `sym` and `lmr` (0 turns symmetry folding or late move
//! reductions off) and the evaluation weights `open1 open2 good other buried stacked zugzwang`.

use rand::Rng;
use score4::{Board, Color, Score4State};
use std::time::Duration;
use tabula_baselines::score4::{AgentOptions, AlphaBeta, Weights, agent_by_name};
use tabula_core::{Agent, State, rng_from_seed};

fn make(name: &str, movetime: Duration) -> Box<dyn Agent<Score4State>> {
    match name.split_once(':') {
        Some(("alphabeta", settings)) => Box::new(alphabeta_variant(settings, movetime).unwrap_or_else(|e| {
            eprintln!("score4_arena: {name}: {e}");
            std::process::exit(2)
        })),
        _ => agent_by_name(name, &AgentOptions { movetime: Some(movetime), depth: None }).unwrap_or_else(|e| {
            eprintln!("score4_arena: {e}");
            std::process::exit(2)
        }),
    }
}

/// `sym=0,lmr=0,good=200,...`: alphabeta with some switches off or other evaluation weights.
fn alphabeta_variant(settings: &str, movetime: Duration) -> Result<AlphaBeta, String> {
    let mut ab = AlphaBeta::new(Some(movetime), None);
    let mut w = Weights::default();
    for pair in settings.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').ok_or_else(|| format!("{pair:?} is not key=value"))?;
        let v: i32 = value.parse().map_err(|_| format!("{value:?} is not a number"))?;
        match key {
            "sym" => ab = ab.with_symmetry(v != 0),
            "lmr" => ab = ab.with_lmr(v != 0),
            "open1" => w.open[1] = v,
            "open2" => w.open[2] = v,
            "good" => w.good = v,
            "other" => w.other = v,
            "buried" => w.buried = v,
            "stacked" => w.stacked = v,
            "zugzwang" => w.zugzwang = v,
            _ => return Err(format!("unknown setting {key:?}")),
        }
    }
    Ok(ab.with_weights(w))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let names = [args.first().map_or("alphabeta", |s| s.as_str()), args.get(1).map_or("greedy", |s| s.as_str())];
    let games: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let movetime = Duration::from_millis(args.get(3).and_then(|s| s.parse().ok()).unwrap_or(300));
    let opening_plies: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut agents = [make(names[0], movetime), make(names[1], movetime)];
    let (mut wins, mut draws) = ([0u32; 2], 0u32);
    for game in 0..games {
        let white = (game % 2) as usize; // the seat playing White
        let mut rng = rng_from_seed(1000 + game as u64);
        for a in agents.iter_mut() {
            a.reset();
        }
        let mut state = Score4State::from_board(Board::new());
        let mut moves = Vec::new();
        let mut opening_rng = rng_from_seed(game as u64 / 2);
        for _ in 0..opening_plies {
            let legal = state.legal_actions();
            let action = legal[opening_rng.random_range(0..legal.len())];
            moves.push(state.action_to_string(action));
            state.apply(action).expect("legal");
        }
        while !state.is_terminal() {
            let side = state.board().to_move().index();
            let seat = if side == 0 { white } else { 1 - white };
            let action = agents[seat].act(&state, &mut rng);
            moves.push(state.action_to_string(action));
            state.apply(action).expect("agents play legal moves");
        }
        let result = match state.board().winner() {
            Some(c) => {
                let seat = if c == Color::White { white } else { 1 - white };
                wins[seat] += 1;
                format!("{} wins", names[seat])
            }
            None => {
                draws += 1;
                "draw".to_string()
            }
        };
        println!(
            "game {:2}: White {:16} {} after {} moves: {}",
            game + 1,
            names[white],
            result,
            moves.len(),
            moves.join(" ")
        );
    }
    println!(
        "{} {}, {} {}, draws {} ({} games, {} ms per move)",
        names[0],
        wins[0],
        names[1],
        wins[1],
        draws,
        games,
        movetime.as_millis()
    );
}
