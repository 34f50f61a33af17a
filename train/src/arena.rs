//! The arena: matches between agents, seats alternated, and single-player score runs. Games run
//! in parallel (rayon), each thread with its own agents from the factories it is given; every pair
//! of games has its own seed, so results do not depend on the number of threads.
//!
//! Every game is played by one function shared by matches and score runs. The `_reported`
//! variants hand each finished game to a callback (progress bars, game records), with its moves
//! in the game's notation when asked, and [`replay`] plays such a record back.

use rand::{Rng, RngCore};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::time::Instant;
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
    /// One game from a seat's side, its return `mine` against the other seat's `theirs`. The one
    /// place a game's returns become a win, a draw or a loss: compared with `>` and `<`, so a
    /// draw returned as `[0.0, -0.0]` (Upright's `[d, -d]`) is a draw from either seat.
    pub fn of_game(mine: f64, theirs: f64) -> MatchResult {
        let won = mine > theirs;
        let lost = mine < theirs;
        MatchResult { wins: won as u32, draws: (!won && !lost) as u32, losses: lost as u32 }
    }
}

impl std::ops::Add for MatchResult {
    type Output = MatchResult;
    fn add(mut self, other: MatchResult) -> MatchResult {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self
    }
}

/// One finished game, as the `_reported` functions hand it over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    /// Two players: the pair of games (one opening, seats swapped) it belongs to. One player: the
    /// game's index (its seed is `first_seed + pair`).
    pub pair: usize,
    /// The seat of the match's first agent (0 moves first); 0 in one-player games.
    pub a_seat: usize,
    /// Seed of the initial state and of the game's chance stream ([`Game::chance_stream`]): with
    /// the moves, enough to replay the game.
    pub seed: u64,
    /// How many of the moves were the random opening.
    pub opening_plies: usize,
    /// The players' moves in the game's notation (empty unless moves were asked for).
    pub moves: Vec<String>,
    /// Returns by seat.
    pub returns: Vec<f64>,
    /// Wall-clock seconds the game took.
    pub seconds: f64,
}

/// What to keep of each game: its moves or not, and where to send the report.
pub struct Reporting<'a> {
    pub moves: bool,
    pub on_game: &'a (dyn Fn(GameReport) + Sync),
}

impl Reporting<'_> {
    /// No reports.
    pub const NONE: Reporting<'static> = Reporting { moves: false, on_game: &|_| {} };
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
    play_match_reported(game, make_a, make_b, games, opening_plies, seed, &Reporting::NONE)
}

/// [`play_match`], reporting every game as it ends.
pub fn play_match_reported<G: Game>(
    game: &G,
    make_a: AgentFactory<G::State>,
    make_b: AgentFactory<G::State>,
    games: usize,
    opening_plies: usize,
    seed: u64,
    reporting: &Reporting,
) -> MatchResult {
    assert_eq!(game.num_players(), 2, "play_match is for two-player games");
    (0..games.div_ceil(2))
        .into_par_iter()
        .map_init(
            || (make_a(), make_b()),
            |(a, b), pair| {
                let mut rng = rng_from_seed(seed.wrapping_mul(1_000_003).wrapping_add(pair as u64));
                let start = Start { seed: rng.random(), opening_plies, opening_seed: rng.random() };
                let seatings = if 2 * pair + 1 < games { 2 } else { 1 };
                (0..seatings)
                    .map(|a_seat| {
                        let mut seats: [&mut dyn Agent<G::State>; 2] =
                            if a_seat == 0 { [a.as_mut(), b.as_mut()] } else { [b.as_mut(), a.as_mut()] };
                        let played = play_game(game, &start, &mut seats, &mut rng, reporting.moves);
                        let (mine, theirs) = (played.returns[a_seat], played.returns[1 - a_seat]);
                        (reporting.on_game)(GameReport { pair, a_seat, ..played });
                        MatchResult::of_game(mine, theirs)
                    })
                    .fold(MatchResult::default(), std::ops::Add::add)
            },
        )
        .reduce(MatchResult::default, std::ops::Add::add)
}

/// Games of three or more players: an agent from `make_a` in one seat against agents from
/// `make_field` in all the others. Game `k` deals seed `first_seed + k / p` with `a` in seat
/// `k % p`, so every deal is played with `a` in each seat in turn (the deal's luck cancels
/// across a block). Returns, game by game in order, `a`'s seat and every seat's return.
pub fn play_field_reported<G: Game>(
    game: &G,
    make_a: AgentFactory<G::State>,
    make_field: AgentFactory<G::State>,
    games: usize,
    first_seed: u64,
    reporting: &Reporting,
) -> Vec<(usize, Vec<f64>)> {
    let p = game.num_players();
    (0..games)
        .into_par_iter()
        .map_init(
            || (make_a(), (1..p).map(|_| make_field()).collect::<Vec<_>>()),
            |(a, field), k| {
                let (seed, a_seat) = (first_seed + (k / p) as u64, k % p);
                let start = Start { seed, opening_plies: 0, opening_seed: 0 };
                let mut rng = rng_from_seed(seed ^ AGENT_STREAM ^ (a_seat as u64) << 32);
                let mut seats: Vec<&mut dyn Agent<G::State>> =
                    field.iter_mut().map(|b| b.as_mut() as &mut dyn Agent<G::State>).collect();
                seats.insert(a_seat, a.as_mut());
                let played = play_game(game, &start, &mut seats, &mut rng, reporting.moves);
                let returns = played.returns.clone();
                (reporting.on_game)(GameReport { pair: k / p, a_seat, ..played });
                (a_seat, returns)
            },
        )
        .collect()
}

/// A field game as the measured player saw it, from its seat and every seat's return: its
/// return and its rank (1 is first; tied players share the best rank).
///
/// ```
/// assert_eq!(tabula_train::arena::field_outcome(1, &[0.5, 0.5, -1.0]), (0.5, 1));
/// assert_eq!(tabula_train::arena::field_outcome(2, &[0.5, 0.5, -1.0]), (-1.0, 3));
/// ```
pub fn field_outcome(seat: usize, returns: &[f64]) -> (f64, usize) {
    (returns[seat], 1 + returns.iter().filter(|&&x| x > returns[seat]).count())
}

/// How a game starts: its seed, and the random opening moves drawn from their own stream (so both
/// games of a pair open alike).
struct Start {
    seed: u64,
    opening_plies: usize,
    opening_seed: u64,
}

/// Plays one game, `seats[p]` as player `p`: chance from the game's chance stream for the seed,
/// the first `opening_plies` moves at random, the rest by the agents (from `rng`).
fn play_game<G: Game>(
    game: &G,
    start: &Start,
    seats: &mut [&mut dyn Agent<G::State>],
    rng: &mut dyn RngCore,
    record: bool,
) -> GameReport {
    let clock = Instant::now();
    for agent in seats.iter_mut() {
        agent.reset();
    }
    let mut state = game.new_initial_state(start.seed);
    let mut chance = game.chance_stream(start.seed);
    let mut opening = rng_from_seed(start.opening_seed);
    let (mut plies, mut moves) = (0, Vec::new());
    while !state.is_terminal() && state.move_number() < game.max_game_length() {
        match state.turn() {
            Turn::Chance => state.sample_chance(chance.as_mut()),
            Turn::Player(p) => {
                let action = if plies < start.opening_plies {
                    let legal = state.legal_actions();
                    legal[opening.random_range(0..legal.len())]
                } else {
                    // A lone agent plays every seat (a score run).
                    seats[if seats.len() == 1 { 0 } else { p }].act(&state, rng)
                };
                plies += 1;
                if record {
                    moves.push(state.action_to_string(action));
                }
                for agent in seats.iter_mut() {
                    agent.observe(&state, action);
                }
                state.apply(action).expect("agents play legal actions");
            }
            Turn::Terminal => break,
        }
    }
    GameReport {
        pair: 0,
        a_seat: 0,
        seed: start.seed,
        opening_plies: start.opening_plies.min(plies),
        moves,
        returns: state.returns(),
        seconds: clock.elapsed().as_secs_f64(),
    }
}

/// Mixed into a seed for the agent's own random stream.
const AGENT_STREAM: u64 = 0x9e37_79b9_7f4a_7c15;

/// Scores of a single-player agent on seeds `first_seed..first_seed + games`, in seed order.
///
/// A seed drives chance alone, through the game's own [`Game::chance_stream`] (the agent draws
/// from a stream of its own), so agents that play alike on a seed see the same random cells, as
/// under the course's harness: comparisons on the same seeds are paired.
pub fn play_scores<G: Game>(game: &G, make: AgentFactory<G::State>, games: usize, first_seed: u64) -> Vec<f64> {
    play_scores_reported(game, make, games, first_seed, &Reporting::NONE)
}

/// [`play_scores`], reporting every game as it ends.
pub fn play_scores_reported<G: Game>(
    game: &G,
    make: AgentFactory<G::State>,
    games: usize,
    first_seed: u64,
    reporting: &Reporting,
) -> Vec<f64> {
    (0..games as u64)
        .into_par_iter()
        .map_init(make, |agent, k| {
            let seed = first_seed + k;
            let start = Start { seed, opening_plies: 0, opening_seed: 0 };
            let mut own = rng_from_seed(seed ^ AGENT_STREAM);
            let played = play_game(game, &start, &mut [agent.as_mut()], &mut own, reporting.moves);
            let score = played.returns[0];
            (reporting.on_game)(GameReport { pair: k as usize, ..played });
            score
        })
        .collect()
}

/// Replays a recorded game from the initial state of `seed`, chance drawn from the game's chance
/// stream as the arena drew it: the state before the first move, then after each move (and the
/// chance events that follow it), with the move. Fails on a move that does not read or is not legal.
pub fn replay<G: Game>(game: &G, seed: u64, moves: &[String]) -> anyhow::Result<Vec<(Option<String>, G::State)>> {
    let mut chance = game.chance_stream(seed);
    let mut state = game.new_initial_state(seed);
    let mut settle = |state: &mut G::State| {
        while matches!(state.turn(), Turn::Chance) {
            state.sample_chance(chance.as_mut());
        }
    };
    settle(&mut state);
    let mut states = vec![(None, state.clone())];
    for (k, text) in moves.iter().enumerate() {
        anyhow::ensure!(!state.is_terminal(), "the game is over before move {} ({text})", k + 1);
        let action = state.string_to_action(text)?;
        state.apply(action).map_err(|e| anyhow::anyhow!("move {} ({text}): {e}", k + 1))?;
        settle(&mut state);
        states.push((Some(text.clone()), state.clone()));
    }
    Ok(states)
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

    #[test]
    fn recorded_games_replay_to_their_results() {
        let game = Nim::new(9).with_chance();
        let reports = std::sync::Mutex::new(Vec::new());
        let reporting = Reporting { moves: true, on_game: &|r| reports.lock().unwrap().push(r) };
        let r = play_match_reported(&game, &|| Box::new(Perfect), &|| Box::new(RandomAgent), 9, 1, 4, &reporting);
        let mut reports = reports.into_inner().unwrap();
        assert_eq!(reports.len(), 9);
        reports.sort_by_key(|g| (g.pair, g.a_seat));
        assert_eq!(reports.iter().filter(|g| g.a_seat == 1).count(), 4, "seats alternate within pairs");
        let wins = reports.iter().filter(|g| g.returns[g.a_seat] > g.returns[1 - g.a_seat]).count();
        assert_eq!(wins as u32, r.wins);
        for g in &reports {
            assert_eq!(g.opening_plies, 1);
            let states = replay(&game, g.seed, &g.moves).unwrap();
            assert_eq!(states.len(), g.moves.len() + 1);
            let last = &states.last().unwrap().1;
            assert!(last.is_terminal());
            assert_eq!(last.returns(), g.returns, "{g:?}");
        }
        // Both games of a pair open with the same random move.
        assert_eq!(reports[0].moves[0], reports[1].moves[0]);
        assert!(replay(&game, reports[0].seed, &["take 3".to_string()]).is_err());
    }

    #[test]
    fn score_runs_report_each_seed_with_its_moves() {
        let game = Nim::new(9).with_chance();
        let reports = std::sync::Mutex::new(Vec::new());
        let reporting = Reporting { moves: true, on_game: &|r| reports.lock().unwrap().push(r) };
        let scores = play_scores_reported(&game, &|| Box::new(Perfect), 6, 10, &reporting);
        assert_eq!(scores, play_scores(&game, &|| Box::new(Perfect), 6, 10), "reporting changes nothing");
        let mut reports = reports.into_inner().unwrap();
        reports.sort_by_key(|g| g.pair);
        for (k, g) in reports.iter().enumerate() {
            assert_eq!((g.pair, g.seed), (k, 10 + k as u64));
            assert_eq!(g.returns[0], scores[k]);
            let states = replay(&game, g.seed, &g.moves).unwrap();
            assert_eq!(states.last().unwrap().1.returns(), g.returns);
        }
    }
}
