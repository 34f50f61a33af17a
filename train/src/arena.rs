//! The arena: matches between agents, seats alternated, and single-player score runs.

use rand::Rng;
use serde::{Deserialize, Serialize};
use tabula_core::{Agent, Game, State, Turn, rng_from_seed};

/// A two-player match from the first agent's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl MatchResult {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// Points per game, a draw counting half.
    pub fn score(&self) -> f64 {
        if self.games() == 0 { 0.5 } else { (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64 }
    }
}

/// Plays `games` two-player games between `a` and `b`, `a` taking the first seat in even games.
/// Each pair of games starts from the same `opening_plies` random moves, once with each seating,
/// so that deterministic agents do not replay one game over and over.
pub fn play_match<G: Game>(
    game: &G,
    a: &mut dyn Agent<G::State>,
    b: &mut dyn Agent<G::State>,
    games: usize,
    opening_plies: usize,
    seed: u64,
) -> MatchResult {
    assert_eq!(game.num_players(), 2, "play_match is for two-player games");
    let mut rng = rng_from_seed(seed);
    let mut result = MatchResult::default();
    let mut opening = game.new_initial_state(0);
    for g in 0..games {
        let a_seat = g % 2;
        a.reset();
        b.reset();
        if g % 2 == 0 {
            opening = game.new_initial_state(rng.random());
            for _ in 0..opening_plies {
                match opening.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => opening.sample_chance(&mut rng),
                    Turn::Player(_) => {
                        let legal = opening.legal_actions();
                        opening.apply(legal[rng.random_range(0..legal.len())]).expect("legal");
                    }
                }
            }
        }
        let mut state = opening.clone();
        while !state.is_terminal() {
            match state.turn() {
                Turn::Chance => state.sample_chance(&mut rng),
                Turn::Player(p) => {
                    let action = if p == a_seat { a.act(&state, &mut rng) } else { b.act(&state, &mut rng) };
                    a.observe(&state, action);
                    b.observe(&state, action);
                    state.apply(action).expect("agents play legal actions");
                }
                Turn::Terminal => unreachable!(),
            }
        }
        let r = state.returns();
        let (mine, theirs) = (r[a_seat], r[1 - a_seat]);
        if mine > theirs {
            result.wins += 1;
        } else if mine < theirs {
            result.losses += 1;
        } else {
            result.draws += 1;
        }
    }
    result
}

/// Scores of a single-player agent on seeds `first_seed..first_seed + games`.
pub fn play_scores<G: Game>(game: &G, agent: &mut dyn Agent<G::State>, games: usize, first_seed: u64) -> Vec<f64> {
    (0..games as u64)
        .map(|k| {
            let seed = first_seed + k;
            let mut rng = rng_from_seed(seed);
            agent.reset();
            let mut state = game.new_initial_state(seed);
            while !state.is_terminal() && state.move_number() < game.max_game_length() {
                match state.turn() {
                    Turn::Chance => state.sample_chance(&mut rng),
                    _ => {
                        let action = agent.act(&state, &mut rng);
                        agent.observe(&state, action);
                        state.apply(action).expect("agents play legal actions");
                    }
                }
            }
            state.returns()[0]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::RandomAgent;
    use tabula_core::testing::Nim;

    /// Takes two when that leaves a multiple of three, the winning strategy of this Nim.
    struct Perfect;
    impl Agent<<Nim as Game>::State> for Perfect {
        fn name(&self) -> String {
            "perfect".into()
        }
        fn act(&mut self, s: &<Nim as Game>::State, _: &mut dyn rand::RngCore) -> tabula_core::Action {
            let mut best = s.legal_actions()[0];
            for a in s.legal_actions() {
                let mut t = s.clone();
                t.apply(a).unwrap();
                let mut obs = [0.0; 2];
                t.observation(0, &mut obs);
                let left = (obs[0] * 9.0).round() as u32;
                if left.is_multiple_of(3) {
                    best = a;
                }
            }
            best
        }
    }

    #[test]
    fn the_better_agent_wins_the_match() {
        let r = play_match(&Nim::new(9), &mut Perfect, &mut RandomAgent, 40, 0, 1);
        assert_eq!(r.games(), 40);
        assert!(r.score() > 0.7, "{r:?}");
    }
}
