//! The self-play benchmark behind `tabula selfplay-bench`: a training config's self-play, with a
//! fresh network, for a fixed time; optionally with the learner training beside it at the config's
//! replay ratio, as in a run. It reports moves, samples, games and network evaluations per second
//! and the CPU utilisation (process CPU seconds over wall seconds). [`measure_learner`] times the
//! learner alone, as if games came without limit: the ceiling of a learner fed by actors.

use crate::config::TrainConfig;
use crate::cpu::CpuMeter;
use crate::replay::ReplayBuffer;
use crate::sample::densify;
use crate::selfplay::{SelfPlayWorker, play_round};
use crate::trainer::{learner_options, net_config};
use rand::RngCore;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tabula_core::{Game, GameRng, rng_from_seed};
use tabula_models::NetEvaluator;
use tabula_nets::Learner;
use tabula_search::{Evaluation, Evaluator, SharedAdvisor};

/// What one benchmark measured.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SelfPlayThroughput {
    pub seconds: f64,
    pub cpu_seconds: f64,
    /// Moves searched and played (full and fast searches).
    pub moves: u64,
    /// Moves recorded as training samples.
    pub samples: u64,
    pub games: u64,
    /// States the network evaluated (leaves, rollout ends).
    pub evaluations: u64,
    /// Learner steps taken beside self-play (0 without the learner).
    pub learner_steps: u64,
    /// The share of moves searched fully, each of which becomes a sample (1 without fast searches).
    pub full_search_fraction: f64,
}

impl SelfPlayThroughput {
    /// Samples made a second as they are made: `samples_per_s` counts a game's samples only when
    /// it ends, which under-counts games longer than the measurement (Superball's, thousands of
    /// moves); this is the rate a long run sees.
    pub fn positions_per_s(&self) -> f64 {
        self.moves_per_s() * self.full_search_fraction
    }
    pub fn moves_per_s(&self) -> f64 {
        self.moves as f64 / self.seconds
    }
    pub fn samples_per_s(&self) -> f64 {
        self.samples as f64 / self.seconds
    }
    pub fn games_per_s(&self) -> f64 {
        self.games as f64 / self.seconds
    }
    pub fn evaluations_per_s(&self) -> f64 {
        self.evaluations as f64 / self.seconds
    }
    /// CPU seconds per wall second (2.0: two cores busy).
    pub fn utilisation(&self) -> f64 {
        self.cpu_seconds / self.seconds
    }
}

/// Counts the states an evaluator is asked about.
struct Counted<'a, E> {
    inner: &'a E,
    states: AtomicU64,
}

impl<S: tabula_core::State, E: Evaluator<S>> Evaluator<S> for Counted<'_, E> {
    fn evaluate(&self, states: &[&S], rng: &mut dyn RngCore) -> Vec<Evaluation> {
        self.states.fetch_add(states.len() as u64, Ordering::Relaxed);
        self.inner.evaluate(states, rng)
    }
}

/// What a run starts with: a fresh network's learner, an evaluator of that network, `config`'s
/// self-play workers and the config's random stream.
fn fresh_start<G: Game>(
    game: &G,
    config: &TrainConfig,
    advisor: Option<SharedAdvisor<G::State>>,
) -> anyhow::Result<(Learner, NetEvaluator, Vec<SelfPlayWorker<G>>, GameRng)> {
    let learner = Learner::new(net_config(game, config), learner_options(config))?;
    let net = NetEvaluator::new(game, learner.inference_net(), config.value_codec());
    let mut rng = rng_from_seed(config.seed);
    // Self-play alone: a config's field (hand-written players, built by the caller) is not measured.
    let workers =
        SelfPlayWorker::team(game, &config.selfplay_config(), config.selfplay.workers, &mut rng, advisor, &[]);
    Ok((learner, net, workers, rng))
}

/// Plays `config`'s self-play (its workers, games in flight and rounds) for `duration` after one
/// warm-up round; with `learner`, the learner trains on the samples of earlier rounds at the
/// config's replay ratio while the workers play, as `tabula train` does.
pub fn measure_selfplay<G: Game>(
    game: &G,
    config: &TrainConfig,
    advisor: Option<SharedAdvisor<G::State>>,
    duration: Duration,
    learner: bool,
) -> anyhow::Result<SelfPlayThroughput> {
    let (mut learner_net, net, mut workers, mut rng) = fresh_start(game, config, advisor)?;
    let evaluator = Counted { inner: &net, states: AtomicU64::new(0) };
    let decisions = config.selfplay.decisions_per_round;
    play_round(&mut workers, &evaluator, decisions, || ()); // warm-up: trees, allocations, thread pools

    let moves_before: u64 = workers.iter().map(|w| w.moves()).sum();
    evaluator.states.store(0, Ordering::Relaxed);
    let mut replay = ReplayBuffer::new(config.replay.capacity);
    let (mut samples, mut games, mut steps, mut owed) = (0u64, 0u64, 0u64, 0.0f64);
    let meter = CpuMeter::start();
    while meter.wall_seconds() < duration.as_secs_f64() {
        let train = || {
            while learner && owed >= 1.0 {
                owed -= 1.0;
                let batch = replay.sample(config.learner.batch_size, &mut rng);
                learner_net.train_step(&densify(&batch, game.num_actions()));
                steps += 1;
            }
        };
        let (records, ()) = play_round(&mut workers, &evaluator, decisions, train);
        let mut new = 0;
        for record in records {
            games += 1;
            new += record.samples.len() as u64;
            record.samples.into_iter().for_each(|s| replay.push(s));
        }
        samples += new;
        if replay.len() >= config.learner.batch_size {
            owed += new as f64 * config.replay.replay_ratio / config.learner.batch_size as f64;
        }
    }
    Ok(SelfPlayThroughput {
        seconds: meter.wall_seconds(),
        cpu_seconds: meter.cpu_seconds(),
        moves: workers.iter().map(|w| w.moves()).sum::<u64>() - moves_before,
        samples,
        games,
        evaluations: evaluator.states.load(Ordering::Relaxed),
        learner_steps: steps,
        full_search_fraction: config.selfplay_config().fast_searches.map_or(1.0, |f| f64::from(f.full_fraction)),
    })
}

/// What the learner alone measured: steps with batches drawn from a full buffer, nothing else
/// running in the process.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LearnerThroughput {
    pub seconds: f64,
    pub cpu_seconds: f64,
    pub steps: u64,
    pub batch_size: usize,
    pub replay_ratio: f64,
}

impl LearnerThroughput {
    pub fn steps_per_s(&self) -> f64 {
        self.steps as f64 / self.seconds
    }
    /// New positions a second the learner can take at the config's replay ratio: what saturates
    /// it (each position is drawn `replay_ratio` times on average).
    pub fn positions_per_s(&self) -> f64 {
        self.steps_per_s() * self.batch_size as f64 / self.replay_ratio
    }
    /// CPU seconds per wall second.
    pub fn utilisation(&self) -> f64 {
        self.cpu_seconds / self.seconds
    }
}

/// The learner's ceiling: `config`'s self-play fills a buffer with four batches' worth of
/// positions (not timed), then the learner trains on batches drawn from it for `duration`, each
/// step as in a run (draw, densify, AdamW step).
pub fn measure_learner<G: Game>(
    game: &G,
    config: &TrainConfig,
    advisor: Option<SharedAdvisor<G::State>>,
    duration: Duration,
) -> anyhow::Result<LearnerThroughput> {
    let (mut learner, net, mut workers, mut rng) = fresh_start(game, config, advisor)?;
    let batch_size = config.learner.batch_size;
    let mut replay = ReplayBuffer::new(config.replay.capacity.max(4 * batch_size));
    while replay.len() < 4 * batch_size {
        let (records, ()) = play_round(&mut workers, &net, config.selfplay.decisions_per_round, || ());
        records.into_iter().flat_map(|r| r.samples).for_each(|s| replay.push(s));
    }
    learner.train_step(&densify(&replay.sample(batch_size, &mut rng), game.num_actions())); // warm-up
    let mut steps = 0;
    let meter = CpuMeter::start();
    while meter.wall_seconds() < duration.as_secs_f64() {
        learner.train_step(&densify(&replay.sample(batch_size, &mut rng), game.num_actions()));
        steps += 1;
    }
    Ok(LearnerThroughput {
        seconds: meter.wall_seconds(),
        cpu_seconds: meter.cpu_seconds(),
        steps,
        batch_size,
        replay_ratio: config.replay.replay_ratio,
    })
}
