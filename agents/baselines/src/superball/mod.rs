//! Baseline Superball players, usable in-process (as [`tabula_core::Agent`]s) and through the
//! `sb-play` protocol bot.
//!
//! * [`RandomPlayer`] — the handout's sb-play: random swaps; scores only when it must.
//! * [`GreedyPlayer`] — one-move lookahead over every useful swap with a board evaluation
//!   ([`eval`]); scores when the board gets tight or a set is big.
//! * [`LookaheadPlayer`] — greedy (counting its ready sets as room) where the board has room;
//!   on a full board, which set to cash in, by sampling the random cells that follow and short
//!   greedy rollouts.
//! * [`GreedyValue`] — greedy's evaluation as the base value under a trained n-tuple network.
//! * [`GreedyAdvisor`] — the greedy player's best moves as advice for a searching (trained) player.
//! * [`LookaheadAdvisor`] — the lookahead player's move (and the other sets where it cashes one
//!   in) as advice, with its greedy for the search's rollouts.
//!
//! ```
//! use superball::{Lrand48, Params};
//! use tabula_baselines::superball::{GreedyPlayer, arena};
//! let score = arena::play_seed(&mut GreedyPlayer::default(), &Params::new(6, 6, 4, "pby").unwrap(), 11, 200);
//! assert!(score.moves > 0);
//! ```

mod advice;
pub mod advisor;
pub mod arena;
pub mod eval;
pub mod greedy;
pub mod greedy_value;
pub mod lookahead;
pub mod lookahead_advisor;
pub mod position;
pub mod random;

pub use advisor::{ADVISORS, GreedyAdvisor, advisor_by_name};
pub use greedy::GreedyPlayer;
pub use greedy_value::{GreedyValue, ntuple_agent};
pub use lookahead::LookaheadPlayer;
pub use lookahead_advisor::LookaheadAdvisor;
pub use random::RandomPlayer;

use superball::SuperballState;
use tabula_core::Agent;

/// The players by name (`random`, `greedy`, `lookahead`), for command lines. `budget_ms` is the
/// lookahead player's time per move (0: its default).
pub fn by_name(name: &str, budget_ms: u64) -> Option<Box<dyn Agent<SuperballState>>> {
    match name.to_ascii_lowercase().as_str() {
        "random" => Some(Box::new(RandomPlayer)),
        "greedy" => Some(Box::new(GreedyPlayer::default())),
        "lookahead" => Some(Box::new(LookaheadPlayer::with_budget_ms_or_default(budget_ms))),
        _ => None,
    }
}

/// Makes a player for each thread that asks.
pub type PlayerFactory = Box<dyn Fn() -> Box<dyn Agent<SuperballState>> + Send + Sync>;

/// The hand-written players with their knobs, as an afterstate run's `teacher` names them:
/// `greedy(reserve=X)` or `lookahead(reserve=X, samples=N, width=N, budget_ms=N)`.
pub fn player_by_spec(name: &str) -> Result<PlayerFactory, String> {
    let spec: tabula_core::GameSpec = name.parse().map_err(|e| format!("{e}"))?;
    match spec.name.as_str() {
        "greedy" => {
            spec.only("greedy", &["reserve"]).map_err(|e| e.to_string())?;
            let reserve: f64 = spec.get_or("greedy", "reserve", 0.0).map_err(|e| e.to_string())?;
            if !(reserve.is_finite() && reserve >= 0.0) {
                return Err(format!("{name}: reserve must be at least 0"));
            }
            Ok(Box::new(move || Box::new(GreedyPlayer::with_reserve(reserve))))
        }
        "lookahead" => {
            let settings = LookaheadAdvisor::from_spec(&spec).map_err(|e| e.to_string())?;
            Ok(Box::new(move || Box::new(settings.player())))
        }
        other => Err(format!("no player called {other:?}; choose greedy(reserve=X) or lookahead(reserve=X, ...)")),
    }
}

/// The names [`by_name`] knows.
pub const PLAYERS: &[&str] = &["random", "greedy", "lookahead"];

#[cfg(test)]
mod tests;
