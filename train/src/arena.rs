//! The arena: matches between agents, seats alternated, and single-player score runs. Games run
//! in parallel (rayon), each thread with its own agents from the factories it is given; every pair
//! of games has its own seed, so results do not depend on the number of threads.

use rand::Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use tabula_core::{Agent, Game, State, Turn, rng_from_seed};

/// Makes a fresh agent; called once per worker thread.
pub type AgentFactory<'a, S> = &'a (dyn Fn() -> Box<dyn Agent<S>> + Sync);

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
    fn add(mut self, other: MatchResult) -> MatchResult {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self
    }
}

/// Plays `games` two-player games between agents from `make_a` and `make_b`. Games go in pairs
/// from the same `opening_plies` random moves, `a` first in one and second in the other, so that
/// deterministic agents do not replay one game over and over.
pub fn play_match<G: Game>(
    game: &G,
    make_a: AgentFactory<G::State>,
    make_b: AgentFactory<G::State>,
    games: usize,
    opening_plies: usize,
    seed: u64,
) -> MatchResult {
    assert_eq!(game.num_players(), 2, "play_match is for two-player games");
    (0..games.div_ceil(2))
        .into_par_iter()
        .map_init(
            || (make_a(), make_b()),
            |(a, b), pair| {
                let mut rng = rng_from_seed(seed.wrapping_mul(1_000_003).wrapping_add(pair as u64));
                let opening = random_opening(game, opening_plies, &mut rng);
                let seatings = if 2 * pair + 1 < games { 2 } else { 1 };
                (0..seatings)
                    .map(|a_seat| play_one(opening.clone(), a.as_mut(), b.as_mut(), a_seat, &mut rng))
                    .fold(MatchResult::default(), MatchResult::add)
            },
        )
        .reduce(MatchResult::default, MatchResult::add)
}

fn random_opening<G: Game>(game: &G, plies: usize, rng: &mut tabula_core::GameRng) -> G::State {
    let mut opening = game.new_initial_state(rng.random());
    for _ in 0..plies {
        match opening.turn() {
            Turn::Terminal => break,
            Turn::Chance => opening.sample_chance(rng),
            Turn::Player(_) => {
                let legal = opening.legal_actions();
                opening.apply(legal[rng.random_range(0..legal.len())]).expect("legal");
            }
        }
    }
    opening
}

/// One game from `state`, `a` in seat `a_seat`; the result from `a`'s side.
fn play_one<S: State>(
    mut state: S,
    a: &mut dyn Agent<S>,
    b: &mut dyn Agent<S>,
    a_seat: usize,
    rng: &mut tabula_core::GameRng,
) -> MatchResult {
    a.reset();
    b.reset();
    while !state.is_terminal() {
        match state.turn() {
            Turn::Chance => state.sample_chance(rng),
            Turn::Player(p) => {
                let action = if p == a_seat { a.act(&state, rng) } else { b.act(&state, rng) };
                a.observe(&state, action);
                b.observe(&state, action);
                state.apply(action).expect("agents play legal actions");
            }
            Turn::Terminal => unreachable!(),
        }
    }
    let r = state.returns();
    let (mine, theirs) = (r[a_seat], r[1 - a_seat]);
    let mut result = MatchResult::default();
    if mine > theirs {
        result.wins = 1;
    } else if mine < theirs {
        result.losses = 1;
    } else {
        result.draws = 1;
    }
    result
}

/// Mixed into a seed for the agent's own random stream.
const AGENT_STREAM: u64 = 0x9e37_79b9_7f4a_7c15;

/// Scores of a single-player agent on seeds `first_seed..first_seed + games`, in seed order.
///
/// A seed drives chance alone, through the game's own [`Game::chance_stream`] (the agent draws
/// from a stream of its own), so agents that play alike on a seed see the same random cells, as
/// under the course's harness: comparisons on the same seeds are paired.
pub fn play_scores<G: Game>(game: &G, make: AgentFactory<G::State>, games: usize, first_seed: u64) -> Vec<f64> {
    (0..games as u64)
        .into_par_iter()
        .map_init(make, |agent, k| {
            let seed = first_seed + k;
            let mut chance = game.chance_stream(seed);
            let mut own = rng_from_seed(seed ^ AGENT_STREAM);
            agent.reset();
            let mut state = game.new_initial_state(seed);
            while !state.is_terminal() && state.move_number() < game.max_game_length() {
                match state.turn() {
                    Turn::Chance => state.sample_chance(chance.as_mut()),
                    _ => {
                        let action = agent.act(&state, &mut own);
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

    /// Plays like `Perfect` but draws from its random stream first.
    struct Drawing(Perfect);
    impl Agent<<Nim as Game>::State> for Drawing {
        fn name(&self) -> String {
            "drawing".into()
        }
        fn act(&mut self, s: &<Nim as Game>::State, rng: &mut dyn rand::RngCore) -> tabula_core::Action {
            for _ in 0..3 {
                rng.next_u32();
            }
            self.0.act(s, rng)
        }
    }

    #[test]
    fn a_seed_drives_chance_alone_so_alike_agents_score_alike() {
        let game = Nim::new(9).with_chance();
        let perfect = play_scores(&game, &|| Box::new(Perfect), 40, 1);
        let drawing = play_scores(&game, &|| Box::new(Drawing(Perfect)), 40, 1);
        assert_eq!(perfect, drawing, "an agent's own draws must not change the chance it sees");
        assert!(perfect.iter().any(|&r| r > 0.0) && perfect.iter().any(|&r| r < 0.0), "chance decides some games");
    }

    #[test]
    fn the_better_agent_wins_the_match() {
        let r = play_match(&Nim::new(9), &|| Box::new(Perfect), &|| Box::new(RandomAgent), 40, 0, 1);
        assert_eq!(r.games(), 40);
        assert!(r.score() > 0.7, "{r:?}");
    }

    #[test]
    fn a_match_is_reproducible_from_its_seed_and_counts_odd_games() {
        let game = Nim::new(9);
        let run = |seed| play_match(&game, &|| Box::new(RandomAgent), &|| Box::new(RandomAgent), 31, 1, seed);
        assert_eq!(run(5), run(5));
        assert_eq!(run(5).games(), 31);
        let differs = (6..12).any(|s| run(s) != run(5));
        assert!(differs, "other seeds should give other matches");
    }
}
