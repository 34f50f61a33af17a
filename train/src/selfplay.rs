//! Self-play: many games advance in lockstep so that every search's leaves reach the evaluator
//! in one batch; each decision becomes a training sample.

use crate::field::{FieldOutcome, FieldPlayer, Seating};
use crate::sample::Sample;
use rand::Rng;
use rayon::prelude::*;
use tabula_core::{Game, GameRng, Player, State, Turn, rng_from_seed};
use tabula_models::ValueCodec;
use tabula_search::{Evaluator, Search, SearchConfig, SharedAdvisor, run_lockstep};

#[derive(Debug, Clone, PartialEq)]
pub struct SelfPlayConfig {
    pub search: SearchConfig,
    /// Games each worker keeps in flight (the evaluator's batch size).
    pub games_in_flight: usize,
    /// Value targets from returns-to-go (the identity for win/loss games).
    pub value: ValueCodec,
    /// Games longer than this are cut (their targets are the rewards so far).
    pub max_moves: usize,
    /// Keep the searched subtree between moves.
    pub reuse_tree: bool,
    /// Sample moves only before this many actions (None: always); see the config's `explore_moves`.
    pub explore_moves: Option<usize>,
    /// Weight of the search's root value in the value target; the game's outcome gets the rest.
    pub root_value_weight: f32,
    /// Share of the games played against the field (see [`crate::field`]; none without one).
    pub field_share: f32,
    /// Playout-cap randomisation (KataGo): most moves get a cheap search and are not recorded.
    pub fast_searches: Option<FastSearches>,
}

/// Playout-cap randomisation: a move is searched with the full budget (and becomes a training
/// sample) with probability `full_fraction`; otherwise with `simulations` only, and it just moves
/// the game on. More games per second for the same samples: the value targets see more games.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FastSearches {
    pub simulations: usize,
    pub full_fraction: f32,
}

/// One round of self-play: every worker makes `decisions` moves while `beside` (the learner) runs.
/// All of it runs in rayon's pool, where the network's ops are split too, so a thread waiting for
/// one op's pieces works on another worker's instead of idling (separate OS threads left a quarter
/// of two cores unused). Returns the games that finished and what `beside` returned.
pub fn play_round<G: Game, E: Evaluator<G::State>, R: Send>(
    workers: &mut [SelfPlayWorker<G>],
    evaluator: &E,
    decisions: usize,
    beside: impl FnOnce() -> R + Send,
) -> (Vec<GameRecord>, R) {
    rayon::join(|| workers.par_iter_mut().flat_map_iter(|w| w.play(evaluator, decisions)).collect(), beside)
}

/// A finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    pub samples: Vec<Sample>,
    /// Final returns per player.
    pub returns: Vec<f64>,
    /// Actions applied (player and chance).
    pub length: usize,
    /// How it went for the network, in a game against the field.
    pub field: Option<FieldOutcome>,
}

/// A decision waiting for the game's outcome to fill in its value target.
struct Pending {
    observation: Vec<f32>,
    policy: Vec<(tabula_core::Action, f32)>,
    player: Player,
    returns_then: Vec<f64>,
    /// The search's estimate of the rewards still to come, per player.
    root_values: Vec<f32>,
}

struct Slot<S: State> {
    state: S,
    search: Option<Search<S>>,
    pending: Vec<Pending>,
    seating: Seating<S>,
}

/// One self-play worker: a set of games in flight and their searches.
pub struct SelfPlayWorker<G: Game> {
    game: G,
    config: SelfPlayConfig,
    slots: Vec<Slot<G::State>>,
    rng: GameRng,
    advisor: Option<SharedAdvisor<G::State>>,
    field: Vec<FieldPlayer<G::State>>,
    moves: u64,
}

impl<G: Game> SelfPlayWorker<G> {
    pub fn new(game: G, mut config: SelfPlayConfig, seed: u64) -> Self {
        // Games of hidden information are searched over the mover's information set.
        config.search = config.search.for_game(&game);
        let mut rng = rng_from_seed(seed);
        let slots = (0..config.games_in_flight.max(1))
            .map(|_| Slot {
                state: game.new_initial_state(rng.random()),
                search: None,
                pending: Vec::new(),
                seating: Seating::self_play(),
            })
            .collect();
        SelfPlayWorker { game, config, slots, rng, advisor: None, field: Vec::new(), moves: 0 }
    }

    /// Moves played so far (searched decisions, recorded or not).
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// `count` workers playing `config`, seeded from `rng`, with `advisor` and against `field`.
    pub fn team(
        game: &G,
        config: &SelfPlayConfig,
        count: usize,
        rng: &mut GameRng,
        advisor: Option<SharedAdvisor<G::State>>,
        field: &[FieldPlayer<G::State>],
    ) -> Vec<Self> {
        (0..count)
            .map(|_| {
                Self::new(game.clone(), config.clone(), rng.random())
                    .with_advisor(advisor.clone())
                    .with_field(field.to_vec())
            })
            .collect()
    }

    /// Hand-written advice for every search's Gumbel root (see [`tabula_search::Advisor`]).
    pub fn with_advisor(mut self, advisor: Option<SharedAdvisor<G::State>>) -> Self {
        self.advisor = advisor;
        self
    }

    /// Hand-written players to train against in `config.field_share` of the games not begun
    /// yet (see [`crate::field`]).
    pub fn with_field(mut self, field: Vec<FieldPlayer<G::State>>) -> Self {
        self.field = field;
        for i in 0..self.slots.len() {
            if self.slots[i].state.move_number() == 0 {
                self.slots[i].seating = self.draw_seating();
            }
        }
        self
    }

    /// Who plays a new game: the field in `config.field_share` of them, else the network alone.
    fn draw_seating(&mut self) -> Seating<G::State> {
        if self.field.is_empty() || self.rng.random::<f32>() >= self.config.field_share {
            return Seating::self_play();
        }
        Seating::draw(&self.field, self.game.num_players(), &mut self.rng)
    }

    /// Makes `decisions` moves in every game in flight (resolving chance and starting new games as
    /// old ones end); returns the games that finished.
    pub fn play<E: Evaluator<G::State>>(&mut self, evaluator: &E, decisions: usize) -> Vec<GameRecord> {
        let mut finished = Vec::new();
        for _ in 0..decisions {
            for i in 0..self.slots.len() {
                if let Some(record) = self.advance_to_decision(i) {
                    finished.push(record);
                }
            }
            let full: Vec<bool> = self
                .slots
                .iter()
                .map(|_| self.config.fast_searches.is_none_or(|f| self.rng.random::<f32>() < f.full_fraction))
                .collect();
            let mut searches: Vec<Search<G::State>> = self
                .slots
                .iter_mut()
                .zip(&full)
                .map(|(slot, &full)| {
                    let mut search = match slot.search.take() {
                        Some(mut s) if self.config.reuse_tree => {
                            s.reroot(&slot.state);
                            s
                        }
                        _ => Search::new(slot.state.clone(), self.config.search.clone())
                            .with_advisor(self.advisor.clone()),
                    };
                    let explore = self.config.explore_moves.is_none_or(|k| slot.state.move_number() < k);
                    search.set_temperature(if explore { self.config.search.temperature } else { 0.0 });
                    search.set_simulations(match self.config.fast_searches {
                        Some(fast) if !full => fast.simulations,
                        _ => self.config.search.simulations,
                    });
                    search
                })
                .collect();
            let results = run_lockstep(&mut searches, evaluator, &mut self.rng);
            let obs_len = self.game.observation_len();
            self.moves += self.slots.len() as u64;
            for (((slot, search), result), full) in self.slots.iter_mut().zip(searches).zip(results).zip(full) {
                let player = slot.state.turn().player().expect("searched at a decision");
                if full {
                    let mut observation = vec![0.0; obs_len];
                    slot.state.observation(player, &mut observation);
                    slot.pending.push(Pending {
                        observation,
                        policy: result.policy,
                        player,
                        returns_then: slot.state.returns(),
                        root_values: result.root_values,
                    });
                }
                slot.seating.observe(&slot.state, result.action);
                slot.state.apply(result.action).expect("the search recommends a legal action");
                slot.search = Some(search);
            }
        }
        finished
    }

    /// Resolves chance and the field's moves until the network is to move; a finished (or too
    /// long) game is turned into a record and replaced.
    fn advance_to_decision(&mut self, i: usize) -> Option<GameRecord> {
        let mut record = None;
        loop {
            let slot = &mut self.slots[i];
            match slot.state.turn() {
                Turn::Chance => slot.state.sample_chance(&mut self.rng),
                Turn::Player(p) if slot.state.move_number() < self.config.max_moves => {
                    if !slot.seating.is_field(p) {
                        return record;
                    }
                    let action = slot.seating.act(p, &slot.state, &mut self.rng);
                    slot.seating.observe(&slot.state, action);
                    slot.state.apply(action).expect("a hand-written player plays a legal action");
                }
                _ => {
                    record = Some(self.finish(i));
                    let seed = self.rng.random();
                    let seating = self.draw_seating();
                    let slot = &mut self.slots[i];
                    slot.state = self.game.new_initial_state(seed);
                    slot.search = None;
                    slot.seating = seating;
                }
            }
        }
    }

    fn finish(&mut self, i: usize) -> GameRecord {
        let slot = &mut self.slots[i];
        let returns = slot.state.returns();
        let n = returns.len();
        let codec = self.config.value;
        let w = self.config.root_value_weight.clamp(0.0, 1.0) as f64;
        let samples = slot
            .pending
            .drain(..)
            .map(|p| Sample {
                observation: p.observation,
                policy: p.policy,
                value: (0..n)
                    .map(|k| {
                        let seat = (p.player + k) % n;
                        let outcome = returns[seat] - p.returns_then[seat];
                        let searched = p.root_values.get(seat).map_or(outcome, |&v| v as f64);
                        codec.encode((1.0 - w) * outcome + w * searched)
                    })
                    .collect(),
            })
            .collect();
        let field = slot.seating.outcome(&returns);
        GameRecord { samples, returns, length: slot.state.move_number(), field }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::testing::Nim;
    use tabula_search::{RolloutEvaluator, SearchConfig};

    /// Nim's self-play in four games at a time, outcome targets, no exploration, no field, every
    /// search full: what each test changes is spelled out where it is built.
    fn test_config(search: SearchConfig) -> SelfPlayConfig {
        SelfPlayConfig {
            search,
            games_in_flight: 4,
            value: ValueCodec::IDENTITY,
            max_moves: 100,
            reuse_tree: true,
            explore_moves: None,
            root_value_weight: 0.0,
            field_share: 0.0,
            fast_searches: None,
        }
    }

    #[test]
    fn finished_games_carry_outcome_targets_from_the_movers_side() {
        let config = test_config(SearchConfig::gumbel(8, 2));
        let mut worker = SelfPlayWorker::new(Nim::new(7).with_chance(), config, 3);
        let games = worker.play(&RolloutEvaluator::new(1), 40);
        assert!(games.len() >= 4, "{} games finished", games.len());
        for g in &games {
            let winner = if g.returns[0] > 0.0 { 0 } else { 1 };
            for (k, s) in g.samples.iter().enumerate() {
                assert_eq!(s.value.len(), 2);
                assert_eq!(s.value[0], -s.value[1]);
                assert!((s.policy.iter().map(|p| p.1).sum::<f32>() - 1.0).abs() < 1e-4);
                // The observation's second entry is the observer's seat in the toy game.
                let mover = s.observation[1] as usize;
                assert_eq!(s.value[0] > 0.0, mover == winner, "sample {k}");
            }
        }
    }

    #[test]
    fn root_value_weight_mixes_the_search_value_into_the_targets() {
        let config =
            SelfPlayConfig { reuse_tree: false, root_value_weight: 0.5, ..test_config(SearchConfig::gumbel(16, 2)) };
        let mut worker = SelfPlayWorker::new(Nim::new(9), config, 7);
        let games = worker.play(&RolloutEvaluator::new(1), 40);
        assert!(!games.is_empty());
        let mut mixed = 0;
        for g in &games {
            let winner = if g.returns[0] > 0.0 { 0 } else { 1 };
            for s in &g.samples {
                let mover = s.observation[1] as usize;
                let outcome = if mover == winner { 1.0 } else { -1.0 };
                // Half the outcome plus half a root value in [-1, 1].
                assert!((s.value[0] - 0.5 * outcome).abs() <= 0.5 + 1e-5, "{:?} vs {outcome}", s.value);
                mixed += usize::from(s.value[0].abs() < 0.999);
            }
        }
        assert!(mixed > 0, "some root values are not exactly the outcome");
    }

    #[test]
    fn playout_cap_randomisation_records_the_full_searches_only() {
        let config = |fast_searches| SelfPlayConfig {
            games_in_flight: 8,
            fast_searches,
            ..test_config(SearchConfig::gumbel(16, 2))
        };
        let fast = FastSearches { simulations: 2, full_fraction: 0.25 };
        let mut worker = SelfPlayWorker::new(Nim::new(9), config(Some(fast)), 11);
        let games = worker.play(&RolloutEvaluator::new(1), 60);
        let recorded: usize = games.iter().map(|g| g.samples.len()).sum();
        let played: usize = games.iter().map(|g| g.length).sum();
        assert!(games.len() >= 8 && recorded > 0, "{} games, {recorded} samples", games.len());
        let share = recorded as f64 / played as f64;
        assert!((0.1..0.45).contains(&share), "{recorded} of {played} moves recorded");
        assert_eq!(worker.moves(), 60 * 8);
        for g in &games {
            let winner = if g.returns[0] > 0.0 { 0 } else { 1 };
            for s in &g.samples {
                assert!((s.policy.iter().map(|p| p.1).sum::<f32>() - 1.0).abs() < 1e-4);
                assert_eq!(s.value[0] > 0.0, s.observation[1] as usize == winner, "outcome targets");
            }
        }
        // Without it every move of a finished game is a sample.
        let mut worker = SelfPlayWorker::new(Nim::new(9), config(None), 11);
        let games = worker.play(&RolloutEvaluator::new(1), 60);
        assert!(games.iter().all(|g| g.samples.len() == g.length));
    }

    /// Plays the first legal action and counts the actions it is told of.
    struct Counting(std::sync::Arc<std::sync::atomic::AtomicUsize>);

    impl tabula_core::Agent<<Nim as Game>::State> for Counting {
        fn name(&self) -> String {
            "first".into()
        }
        fn act(&mut self, state: &<Nim as Game>::State, _rng: &mut dyn rand::RngCore) -> tabula_core::Action {
            state.legal_actions()[0]
        }
        fn observe(&mut self, _state: &<Nim as Game>::State, _action: tabula_core::Action) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    #[test]
    fn against_a_field_only_the_networks_seat_makes_samples_and_the_field_sees_every_move() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let run = |field_share: f32| {
            let config = SelfPlayConfig { field_share, ..test_config(SearchConfig::gumbel(8, 2)) };
            let told = Arc::new(AtomicUsize::new(0));
            let counter = told.clone();
            let field = vec![FieldPlayer::new("first", move || {
                Box::new(Counting(counter.clone())) as Box<dyn tabula_core::Agent<_>>
            })];
            let mut worker = SelfPlayWorker::new(Nim::new(9), config, 3).with_field(field);
            let games = worker.play(&RolloutEvaluator::new(1), 200);
            (games, told.load(Ordering::Relaxed))
        };
        let (games, told) = run(1.0);
        let against: Vec<&GameRecord> = games.iter().filter(|g| g.field.is_some()).collect();
        assert!(against.len() >= 10 && against.len() == games.len(), "{} of {}", against.len(), games.len());
        let mut seats = [0; 2];
        for g in &against {
            let outcome = g.field.unwrap();
            seats[outcome.seat] += 1;
            assert_eq!(outcome.against, 0);
            let won = g.returns[outcome.seat] > 0.0;
            assert_eq!(outcome.first_share, if won { 1.0 } else { 0.0 });
            assert!(!g.samples.is_empty() && g.samples.len() < g.length, "the field's moves are not samples");
            for s in &g.samples {
                assert_eq!(s.observation[1] as usize, outcome.seat, "a sample from the network's seat");
                assert_eq!(s.value[0] > 0.0, won, "targets from the network's side");
            }
        }
        assert!(seats[0] > 0 && seats[1] > 0, "the network plays both seats: {seats:?}");
        // Every move of a game against it (both sides') is told to the field player.
        let moves: usize = against.iter().map(|g| g.length).sum();
        assert!(told >= moves, "told {told} actions, the games had {moves}");
        let (games, told) = run(0.0);
        assert!(games.iter().all(|g| g.field.is_none()) && told == 0, "share 0: self-play only");
        let (games, _) = run(0.5);
        let against = games.iter().filter(|g| g.field.is_some()).count();
        assert!(against > 0 && against < games.len(), "half the games: {against} of {}", games.len());
    }

    #[test]
    fn without_exploration_every_game_from_one_start_is_the_same() {
        use tabula_search::UniformEvaluator;
        let run = |explore_moves| {
            let config = SelfPlayConfig {
                games_in_flight: 6,
                reuse_tree: false,
                explore_moves,
                ..test_config(SearchConfig { temperature: 1.0, ..SearchConfig::gumbel(8, 3) })
            };
            let mut worker = SelfPlayWorker::new(Nim::new(9), config, 5);
            let games = worker.play(&UniformEvaluator::default(), 30);
            assert!(games.len() >= 6, "{} games finished", games.len());
            let lines: std::collections::HashSet<Vec<Vec<u32>>> = games
                .iter()
                .map(|g| g.samples.iter().map(|s| s.observation.iter().map(|x| x.to_bits()).collect()).collect())
                .collect();
            lines.len()
        };
        assert_eq!(run(Some(0)), 1, "no noise: one line of play");
        assert!(run(None) > 1, "Gumbel noise on every move: several lines");
    }
}
