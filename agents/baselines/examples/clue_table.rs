//! Generalized Clue: one agent in one seat against another in all the others, the seat rotating
//! game by game; prints its mean rank, utility and share of firsts, and how many of its own turns
//! it took to guess.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example clue_table -- deduce deduce 400 "clue(players=3,items=19,hidden=4)"
//! cargo run --release -p tabula-baselines --example clue_table -- random deduce 400
//! ```
//! Arguments: the agent, the others (`random`, `deduce`, `ismcts` or `ismcts:ITERATIONS`), games (default 400), the game spec
//! (default `clue`: 4 players, 24 items, 4 hidden).

use clue::{Clue, ClueState, Event};
use rayon::prelude::*;
use tabula_baselines::clue::agent_by_name;
use tabula_core::summary::Summary;
use tabula_core::{Agent, Game, GameSpec, State, rng_from_seed};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fail = |e: String| -> ! {
        eprintln!("clue_table: {e}");
        std::process::exit(2)
    };
    let name = args.first().map_or("deduce", String::as_str);
    let others = args.get(1).map_or("deduce", String::as_str);
    let games: usize = args.get(2).map_or(Ok(400), |g| g.parse()).unwrap_or_else(|_| fail("games: a number".into()));
    let spec: GameSpec = args.get(3).map_or("clue", String::as_str).parse().unwrap_or_else(|e| fail(format!("{e}")));
    let game = Clue::from_spec(&spec).unwrap_or_else(|e| fail(e.to_string()));
    let p = game.num_players();
    // One game: the seat's rank (from 0), utility, own turns, wrong guess, and the turn limit.
    let play = |g: usize| {
        let seat = g % p;
        let mut agents: Vec<Box<dyn Agent<ClueState>>> =
            (0..p).map(|s| agent_by_name(if s == seat { name } else { others }).unwrap_or_else(|e| fail(e))).collect();
        let mut state = game.new_initial_state(g as u64);
        let mut rng = rng_from_seed(g as u64 ^ 0x5eed);
        let mut own_turns = 0;
        while !state.is_terminal() {
            let mover = state.turn().player().expect("a player moves");
            if mover == seat && state.phase() == clue::Phase::Choose {
                own_turns += 1;
            }
            let a = agents[mover].act(&state, &mut rng);
            state.apply(a).expect("agents play legal actions");
        }
        let ranking = state.ranking().expect("over");
        let rank = ranking.iter().position(|&s| s == seat).expect("ranked");
        let wrong = state.history().iter().any(
            |e| matches!(e, Event::Departed { player, guess, .. } if *player == seat && *guess != state.deal().hidden),
        );
        (rank, state.returns()[seat], own_turns, wrong, state.must_guess())
    };
    // Games in parallel (each is seeded by its number, so the table does not depend on threads).
    let results: Vec<_> = (0..games).into_par_iter().map(play).collect();
    let ranks: Vec<f64> = results.iter().map(|r| r.0 as f64 + 1.0).collect();
    let utilities: Vec<f64> = results.iter().map(|r| r.1).collect();
    let turns: Vec<f64> = results.iter().map(|r| r.2 as f64).collect();
    let firsts = results.iter().filter(|r| r.0 == 0).count();
    let wrong = results.iter().filter(|r| r.3).count();
    let forced = results.iter().filter(|r| r.4).count();
    let [rank, utility, turn] = [&ranks, &utilities, &turns].map(|xs| Summary::of(xs));
    println!("{}: {name} in one seat (rotating), {others} in the other {}; {games} games", game.spec(), p - 1);
    println!(
        "mean rank    {:.3} ± {:.3}   (1 is first; parity {:.1})",
        rank.mean,
        rank.std_error,
        (p + 1) as f64 / 2.0
    );
    println!("utility      {:+.3} ± {:.3}", utility.mean, utility.std_error);
    println!(
        "firsts       {:.1}% ± {:.1}   (parity {:.1}%)",
        100.0 * firsts as f64 / games as f64,
        100.0 * (firsts as f64 / games as f64 * (1.0 - firsts as f64 / games as f64) / games as f64).sqrt(),
        100.0 / p as f64
    );
    println!("own turns    {:.2} ± {:.2} until its guess", turn.mean, turn.std_error);
    println!("wrong guesses {wrong}; games that reached the turn limit {forced}");
}
