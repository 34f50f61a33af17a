//! Plays whole games in-process on the harness's own random numbers (`lrand48` seeded like
//! `sb-player ... seed`), so a score here is the score sb-player would print for that seed.

use superball::{Lrand48, Params, SuperballState};
use tabula_core::{Agent, State};

/// The result of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    pub seed: i64,
    pub score: u64,
    pub moves: usize,
}

/// Plays seed `seed` with `agent`, stopping after `max_moves` moves.
pub fn play_seed(agent: &mut dyn Agent<SuperballState>, params: &Params, seed: i64, max_moves: usize) -> GameResult {
    let mut chance = Lrand48::new(seed);
    let mut own = tabula_core::rng_from_seed(seed as u64);
    let mut state = SuperballState::new(params.clone());
    state.sample_chance(&mut chance);
    let mut moves = 0;
    while !state.is_terminal() && moves < max_moves {
        let action = agent.act(&state, &mut own);
        state.apply(action).expect("players only play legal moves");
        moves += 1;
        state.sample_chance(&mut chance);
    }
    GameResult { seed, score: state.score(), moves }
}
