//! The training loop: self-play rounds on worker threads, a learner paced by the replay ratio,
//! logs, atomic checkpoints that a killed run resumes from, and evaluations against baselines.

use crate::arena::{Reporting, field_outcome, play_field_reported, play_match, play_scores};
use crate::checkpoint::{keep_model_copy, name_for_step, write_checkpoint, write_file_atomically};
use crate::config::TrainConfig;
use crate::cpu::CpuMeter;
use crate::distributed::moving_mean::MovingMean;
use crate::distributed::{ModelFiles, RemoteCounts, RemoteGames};
use crate::elo::elo_from_score;
use crate::field::FieldPlayer;
use crate::log::RunLog;
use crate::ratings::{self, PairResult};
use crate::replay::ReplayBuffer;
use crate::sample::{densify, transformed};
use crate::selfplay::{SelfPlayWorker, play_round};
use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabula_core::{Agent, Game, GameRng, rng_from_seed};
use tabula_models::manifest::Damage;
use tabula_models::run_files::{REPLAY_FILE, latest_learner};
use tabula_models::{NetEvaluator, TrainedModel, net_agent};
use tabula_nets::{Expected, Learner, ModelCard, NetConfig, PolicyValueNet};
use tabula_search::SharedAdvisor;

/// The weight of a new game in the logged results against the field: about the last 100 games.
const FIELD_RESULTS_WEIGHT: f64 = 0.01;

/// A baseline to evaluate against: a name and a way to make a fresh one.
pub struct Opponent<G: Game> {
    pub name: String,
    pub make: Box<dyn Fn() -> Box<dyn Agent<G::State>> + Send + Sync>,
}

/// Counters and generator state saved with every checkpoint.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Progress {
    step: u64,
    games: u64,
    samples_generated: u64,
    samples_trained: u64,
    /// Moves played in self-play, recorded as samples or not (playout-cap randomisation).
    #[serde(default)]
    moves: u64,
    /// Training steps owed to keep the replay ratio (fractional carry).
    owed_steps: f64,
    /// Seconds trained over all sessions of this run.
    seconds: f64,
    rng: GameRng,
    /// Games from actors (`--redis`) that this checkpoint's replay buffer holds, and the rest.
    #[serde(default)]
    remote: RemoteCounts,
    /// Stream entries this checkpoint's buffer holds that may not be acknowledged yet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    remote_unacked: Vec<String>,
}

/// Where a run stands when `run` returns.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSummary {
    pub step: u64,
    pub games: u64,
    pub samples_generated: u64,
    pub out: PathBuf,
}

/// Limits for one call of [`Trainer::run`].
#[derive(Debug, Clone, Copy, Default)]
pub struct RunLimits {
    pub hours: Option<f64>,
    pub max_steps: Option<u64>,
    pub progress_bar: bool,
}

pub struct Trainer<G: Game> {
    game: G,
    config: TrainConfig,
    out: PathBuf,
    learner: Learner,
    replay: ReplayBuffer,
    progress: Progress,
    log: RunLog,
    opponents: Vec<Opponent<G>>,
    /// One-player games: the baselines' mean scores, measured once.
    baseline_scores: Vec<(String, f64)>,
    /// Two-player games: the baselines' results against each other, played once, so that the
    /// network's rating is fitted on the same scale at every evaluation.
    baseline_pairs: Option<Vec<PairResult>>,
    last_evaluation: Option<(u64, Vec<(String, f64)>)>,
    /// Seconds trained (over all sessions) when this call's budget ends: the learning-rate
    /// schedule's horizon.
    schedule_end_seconds: f64,
    /// The advisor `config.search.advisor` names, given by the caller (see [`Trainer::with_advisor`]).
    advisor: Option<SharedAdvisor<G::State>>,
    /// The players `config.selfplay.field` names, given by the caller (see [`Trainer::with_field`]).
    field: Vec<FieldPlayer<G::State>>,
    /// The network's recent results against each of them (first shares, a moving mean).
    field_results: Vec<MovingMean>,
    /// The replay buffer in the newest checkpoint and when its bytes were written: checkpoints
    /// link it until `schedule.replay_snapshot_minutes` have passed.
    replay_snapshot: Option<(PathBuf, Instant)>,
    /// Checkpoints in a row that could not be written (a full disk): the run goes on from the
    /// previous one until [`MAX_FAILED_CHECKPOINTS`].
    failed_checkpoints: FailedWrites,
    /// Actors' games over Redis (`--redis`), if any.
    remote: Option<RemoteGames>,
    /// Whether this process plays self-play too (off with `--no-local-selfplay`).
    local_selfplay: bool,
    /// `step / schedule.keep_model_every_steps` when a copy of the model was last kept (or the
    /// run resumed): the next copy is kept once a checkpoint's step crosses the next multiple.
    kept_model_block: u64,
}

use crate::checkpoint::FailedWrites;
pub use crate::checkpoint::MAX_FAILED_CHECKPOINTS;

/// Learner steps' worth of actors' games read from Redis at a time.
const PULL_STEPS: f64 = 16.0;

/// The playable model of a run (weights; the card is `model.json` beside it) and its config.
pub use tabula_models::run_files::{CHECKPOINTS_DIR, CONFIG_FILE, LEARNER_DIR, MODEL_FILE};

/// How a checkpoint holds the replay buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ReplayCopy {
    /// Written as it is now (the run's last checkpoint).
    Fresh,
    /// Linked to the newest snapshot while it is younger than `schedule.replay_snapshot_minutes`.
    LinkRecent,
}

impl<G: Game> Trainer<G> {
    /// Starts a run in `out` (which must not hold another run).
    pub fn new(game: G, config: TrainConfig, out: &Path, opponents: Vec<Opponent<G>>) -> anyhow::Result<Self> {
        anyhow::ensure!(
            !out.join(CONFIG_FILE).exists(),
            "{} already holds a run; resume it with `tabula train --resume {}` or choose another --out",
            out.display(),
            out.display()
        );
        // The learner first: a device that cannot be used leaves no half-made run behind.
        let net_config = net_config(&game, &config);
        let learner = match &config.net.init {
            None => Learner::new(net_config, learner_options(&config)).context("building the network")?,
            Some(model) => initial_learner(&game, model, &net_config, &config)?,
        };
        std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
        write_file_atomically(&out.join(CONFIG_FILE), config.to_toml().as_bytes())?;
        let log = RunLog::open(out)?;
        Ok(Trainer {
            replay: ReplayBuffer::new(config.replay.capacity),
            progress: Progress {
                step: 0,
                games: 0,
                samples_generated: 0,
                samples_trained: 0,
                moves: 0,
                owed_steps: 0.0,
                seconds: 0.0,
                rng: rng_from_seed(config.seed),
                remote: RemoteCounts::default(),
                remote_unacked: Vec::new(),
            },
            game,
            config,
            out: out.to_path_buf(),
            learner,
            log,
            opponents,
            baseline_scores: Vec::new(),
            baseline_pairs: None,
            last_evaluation: None,
            replay_snapshot: None,
            kept_model_block: 0,
            failed_checkpoints: FailedWrites::default(),
            schedule_end_seconds: 0.0,
            advisor: None,
            field: Vec::new(),
            field_results: Vec::new(),
            remote: None,
            local_selfplay: true,
        })
    }

    /// Gives the run the advisor its config names (`search.advisor`); the game's baselines live
    /// outside the trainer, so the caller builds it. A run whose config names one cannot start
    /// without it.
    pub fn with_advisor(mut self, advisor: Option<SharedAdvisor<G::State>>) -> Self {
        self.advisor = advisor;
        self
    }

    /// Gives the run the hand-written players its config names to train against
    /// (`selfplay.field`, in that order); built by the caller, as the advisor is.
    pub fn with_field(mut self, field: Vec<FieldPlayer<G::State>>) -> Self {
        self.field_results = vec![MovingMean::new(FIELD_RESULTS_WEIGHT); field.len()];
        self.field = field;
        self
    }

    /// Learns from actors' games too, read from Redis through `remote`, and publishes each
    /// checkpoint's model for them; `local_selfplay` false leaves self-play to the actors.
    pub fn with_remote(mut self, mut remote: RemoteGames, local_selfplay: bool) -> anyhow::Result<Self> {
        remote.resume_acknowledging(std::mem::take(&mut self.progress.remote_unacked));
        self.config.check_distributed()?;
        self.remote = Some(remote);
        self.local_selfplay = local_selfplay;
        // The actors' first model: the network as it stands (the run's first checkpoint may
        // wait for their games).
        self.write_model()?;
        Ok(self)
    }

    /// What the run did with actors' games so far (checkpointed and not).
    pub fn remote_counts(&self) -> Option<RemoteCounts> {
        self.remote.as_ref().map(|r| r.committed_with(&self.progress.remote))
    }

    /// Stream entries not read yet and read but unacknowledged (`None` without `--redis` or
    /// while Redis cannot be reached).
    pub fn remote_backlog(&mut self) -> Option<(u64, usize)> {
        self.remote.as_mut()?.backlog()
    }

    /// Continues the run in `out` from its newest intact checkpoint (damaged newer ones are said
    /// and set aside: [`set_aside_damaged`]). A checkpoint without its `replay.bin` resumes with
    /// an empty replay buffer.
    pub fn resume(game: G, out: &Path, opponents: Vec<Opponent<G>>) -> anyhow::Result<Self> {
        Self::resume_on(game, out, opponents, None)
    }

    /// [`resume`](Self::resume), learning on `device` rather than the one the run's config
    /// names (a run learnt on a GPU goes on on the CPU, and the other way round).
    pub fn resume_on(
        game: G,
        out: &Path,
        opponents: Vec<Opponent<G>>,
        device: Option<tabula_nets::LearnerDevice>,
    ) -> anyhow::Result<Self> {
        let mut config = TrainConfig::load(&out.join(CONFIG_FILE))?;
        if let Some(device) = device {
            config.learner.device = device;
        }
        let (found, learner) = latest_learner(out, &Expected::game(&game), config.learner.device)?
            .with_context(|| format!("{} has no checkpoint yet: start it again without --resume", out.display()))?;
        let dir = found.dir;
        // A run carried to another machine may leave its replay buffer behind (it is most of a
        // checkpoint's bytes); the buffer then refills from self-play before the learner goes on.
        let replay = match std::fs::read(dir.join(REPLAY_FILE)) {
            Ok(bytes) => ReplayBuffer::from_bytes(&bytes).with_context(|| format!("reading {REPLAY_FILE}"))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => ReplayBuffer::new(config.replay.capacity),
            Err(e) => {
                return Err(anyhow::Error::new(e).context(format!("reading {}", dir.join(REPLAY_FILE).display())));
            }
        };
        let progress: Progress = serde_json::from_slice(&std::fs::read(dir.join("progress.json"))?)?;
        set_aside_damaged(&found.passed_over, &dir, progress.step)?;
        let kept_model_block = progress.step.checked_div(config.schedule.keep_model_every_steps).unwrap_or(0);
        let log = RunLog::open(out)?;
        Ok(Trainer {
            game,
            config,
            out: out.to_path_buf(),
            learner,
            replay,
            progress,
            log,
            opponents,
            baseline_scores: Vec::new(),
            baseline_pairs: None,
            last_evaluation: None,
            replay_snapshot: None,
            kept_model_block,
            failed_checkpoints: FailedWrites::default(),
            schedule_end_seconds: 0.0,
            advisor: None,
            field: Vec::new(),
            field_results: Vec::new(),
            remote: None,
            local_selfplay: true,
        })
    }

    pub fn config(&self) -> &TrainConfig {
        &self.config
    }

    /// The run's folder.
    pub fn out(&self) -> &Path {
        &self.out
    }

    pub fn step(&self) -> u64 {
        self.progress.step
    }

    pub fn replay_len(&self) -> usize {
        self.replay.len()
    }

    /// Trains until a limit is reached; checkpoints and writes the model at the end.
    /// The hours of the config's `hours` this run has not trained yet (0 once they are spent).
    pub fn remaining_hours(&self) -> f64 {
        (self.config.hours - self.progress.seconds / 3600.0).max(0.0)
    }

    pub fn run(&mut self, limits: RunLimits) -> anyhow::Result<RunSummary> {
        if let (Some(name), None) = (&self.config.search.advisor, &self.advisor) {
            anyhow::bail!("the run's config names the advisor {name:?}, but none was given to the trainer");
        }
        let named = &self.config.selfplay.field;
        let given: Vec<&String> = self.field.iter().map(|p| &p.name).collect();
        anyhow::ensure!(
            named.iter().eq(given.iter().copied()),
            "the run's config names the field {named:?}, but the trainer was given {given:?}"
        );
        // Without `--hours` a run trains what is left of its config's hours, so a run killed and
        // resumed (or carried between machines in pieces) trains as long, on the same learning-rate
        // schedule, as one left alone.
        let hours = limits.hours.unwrap_or_else(|| self.remaining_hours());
        let budget = Duration::from_secs_f64(hours * 3600.0);
        let start = Instant::now();
        self.schedule_end_seconds = self.progress.seconds + budget.as_secs_f64();
        let bar = progress_bar(limits.progress_bar, budget);
        let mut workers = self.new_workers();
        let mut meter = LogMeter::new(&self.progress, self.remote_counts());

        while start.elapsed() < budget && limits.max_steps.is_none_or(|m| self.progress.step < m) {
            // The workers play while the learner trains on the samples of earlier rounds: the two
            // overlap, so neither leaves a core idle while the other runs. The workers play with
            // the network as it was when the round began.
            let evaluator = NetEvaluator::new(&self.game, self.learner.inference_net(), self.config.value_codec());
            let decisions = self.config.selfplay.decisions_per_round;
            let moves_before: u64 = workers.iter().map(|w| w.moves()).sum();
            let (records, learned) = if self.local_selfplay {
                play_round(&mut workers, &evaluator, decisions, || {
                    self.learn_owed_steps(&limits, start, &mut meter, &bar)
                })
            } else {
                (Vec::new(), self.learn_owed_steps(&limits, start, &mut meter, &bar))
            };
            learned?;
            self.progress.moves += workers.iter().map(|w| w.moves()).sum::<u64>() - moves_before;
            let mut new_samples = 0u64;
            for record in records {
                self.progress.games += 1;
                if let Some(outcome) = record.field {
                    self.field_results[outcome.against].add(outcome.first_share);
                }
                new_samples += record.samples.len() as u64;
                for s in record.samples {
                    self.replay.push(s);
                }
            }
            new_samples += self.pull_remote_games(&bar);
            self.progress.samples_generated += new_samples;

            // Steps owed so that samples trained ≈ replay_ratio × samples generated; the next
            // round's learning pays them.
            if self.replay_ready() {
                self.progress.owed_steps +=
                    new_samples as f64 * self.config.replay.replay_ratio / self.config.learner.batch_size as f64;
            } else {
                bar.set_message(format!(
                    "filling the replay buffer: {}/{} samples, {} games",
                    self.replay.len(),
                    self.config.replay.min_samples,
                    self.progress.games
                ));
            }
            bar.set_position(start.elapsed().as_secs().min(budget.as_secs()));
        }
        // Pay what the last round left owing, so a run's steps match its samples.
        self.learn_owed_steps(&limits, start, &mut meter, &bar)?;
        self.checkpoint(start.elapsed().as_secs_f64(), ReplayCopy::Fresh)?;
        self.log.flush()?;
        bar.finish_and_clear();
        Ok(RunSummary {
            step: self.progress.step,
            games: self.progress.games,
            samples_generated: self.progress.samples_generated,
            out: self.out.clone(),
        })
    }

    /// Actors' games into the replay buffer (waiting up to half a second for them when this
    /// process plays none itself); the samples added. Says what Redis had to say.
    fn pull_remote_games(&mut self, bar: &ProgressBar) -> u64 {
        let Some(remote) = self.remote.as_mut() else { return 0 };
        let block = if self.local_selfplay { Duration::ZERO } else { Duration::from_millis(500) };
        let game = &self.game;
        let (observation, actions, values) = (game.observation_len(), game.num_actions(), game.num_players());
        let fits = |s: &crate::sample::Sample| {
            s.observation.len() == observation
                && s.value.len() == values
                && s.policy.iter().all(|&(a, p)| (a as usize) < actions && p.is_finite())
        };
        // About PULL_STEPS learner steps' worth of games a pull, so that what is read is learned
        // within seconds: Superball's games are hundreds of samples each, and a pull of 256 could
        // hold more than its 50,000-sample buffer.
        let wanted = self.config.learner.batch_size as f64 * PULL_STEPS / self.config.replay.replay_ratio.max(1e-9);
        let pulled = remote.pull(self.progress.step, wanted.ceil() as usize, block, fits);
        for line in remote.take_messages() {
            bar.suspend(|| eprintln!("tabula: {line}"));
        }
        self.progress.games += pulled.games;
        let added = pulled.samples.len() as u64;
        for s in pulled.samples {
            self.replay.push(s);
        }
        added
    }

    /// Whether the replay buffer holds enough samples to learn from (never none).
    fn replay_ready(&self) -> bool {
        self.replay.len() >= self.config.replay.min_samples.max(1)
    }

    /// Trains the steps owed by the replay ratio, logging, evaluating and checkpointing on schedule.
    fn learn_owed_steps(
        &mut self,
        limits: &RunLimits,
        start: Instant,
        meter: &mut LogMeter,
        bar: &ProgressBar,
    ) -> anyhow::Result<()> {
        // A resumed run whose replay buffer was left behind keeps what it owes until self-play
        // has refilled the buffer.
        let ready = self.replay_ready();
        while ready && self.progress.owed_steps >= 1.0 && limits.max_steps.is_none_or(|m| self.progress.step < m) {
            self.progress.owed_steps -= 1.0;
            let trained = self.progress.seconds + start.elapsed().as_secs_f64();
            let lr = self.config.learner.learning_rate_at(trained / self.schedule_end_seconds.max(1e-9));
            self.learner.set_lr(lr);
            let losses = self.train_step();
            meter.losses.add(&losses);
            if self.progress.step.is_multiple_of(self.config.schedule.log_every_steps.max(1)) {
                let secs = meter.since.elapsed().as_secs_f64().max(1e-9);
                let games = (self.progress.games - meter.games) as f64;
                let samples = (self.progress.samples_generated - meter.samples) as f64;
                let moves = (self.progress.moves - meter.moves) as f64;
                let mean = meter.losses.mean();
                let remote = self.remote_figures(meter);
                let field = self.field_figures();
                let actors = match remote.iter().find(|(name, _)| name == "actors/connected") {
                    Some((_, n)) => format!(" | {n} actors"),
                    None => String::new(),
                };
                self.log.record(
                    self.progress.step,
                    &[
                        ("loss/total", mean.total),
                        ("loss/policy", mean.policy),
                        ("loss/value", mean.value),
                        ("policy_entropy", mean.entropy),
                        ("games", self.progress.games as f64),
                        ("samples", self.progress.samples_generated as f64),
                        ("replay_size", self.replay.len() as f64),
                        ("games_per_s", games / secs),
                        ("selfplay_positions_per_s", samples / secs),
                        ("selfplay_moves_per_s", moves / secs),
                        ("cpu_utilisation", meter.cpu.utilisation()),
                        ("hours", (self.progress.seconds + start.elapsed().as_secs_f64()) / 3600.0),
                        ("learning_rate", lr),
                        ("memory/rss_mib", crate::cpu::resident_mib(std::process::id()).unwrap_or(f64::NAN)),
                    ]
                    .into_iter()
                    .chain(remote.iter().map(|(name, value)| (name.as_str(), *value)))
                    .chain(field.iter().map(|(name, value)| (name.as_str(), *value)))
                    .collect::<Vec<_>>(),
                )?;
                bar.set_message(format!(
                    "step {} | games {} | samples {} | loss {:.3} (p {:.3} v {:.3}) | {:.1} games/s{actors}",
                    self.progress.step,
                    self.progress.games,
                    self.progress.samples_generated,
                    mean.total,
                    mean.policy,
                    mean.value,
                    games / secs
                ));
                *meter = LogMeter::new(&self.progress, self.remote_counts());
            }
            if self.progress.step.is_multiple_of(self.config.schedule.eval_every_steps.max(1)) {
                self.evaluate()?;
            }
            if self.progress.step.is_multiple_of(self.config.schedule.checkpoint_every_steps) {
                let written = self.checkpoint(start.elapsed().as_secs_f64(), ReplayCopy::LinkRecent);
                let at = format!("at step {}", self.progress.step);
                self.failed_checkpoints.after(written, &self.out.join(CHECKPOINTS_DIR), &at, bar)?;
            }
        }
        Ok(())
    }

    /// The network's recent first shares in its self-play games against each field player
    /// (`field/<name>/firsts`; a 2-player game's score), once it has played one.
    fn field_figures(&self) -> Vec<(String, f64)> {
        let results = self.field.iter().zip(&self.field_results);
        results.filter_map(|(p, r)| Some((format!("field/{}/firsts", p.name), r.get()?))).collect()
    }

    /// The actors' figures for the log (none without `--redis`): actors heard from, their
    /// positions/s and games/s in total and each (`actor/<name>/...`, the first
    /// [`ACTORS_LOGGED`](crate::distributed::learner::ACTORS_LOGGED) by name), and the games
    /// learned, dropped and their model lag since `meter`.
    fn remote_figures(&mut self, meter: &LogMeter) -> Vec<(String, f64)> {
        let Some(counts) = self.remote_counts() else { return Vec::new() };
        let remote = self.remote.as_mut().expect("counts come from it");
        let actors = remote.actors();
        let learned = counts.learned - meter.remote.learned;
        let mut figures: Vec<(String, f64)> = [
            ("actors/connected", actors.connected as f64),
            ("actors/positions_per_s", actors.positions_per_s),
            ("actors/games_per_s", actors.games_per_s),
            ("remote/games_learned", counts.learned as f64),
            ("remote/stale_dropped", counts.stale as f64),
            ("remote/bad_entries", counts.bad as f64),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_string(), value))
        .collect();
        for (name, positions, games) in &actors.each {
            figures.push((format!("actor/{name}/positions_per_s"), *positions));
            figures.push((format!("actor/{name}/games_per_s"), *games));
        }
        // Only where games were learned since the last line: the learner pulls a few hundred
        // games at a time, and a lag of 0 in between would read as games played by this model.
        if learned > 0 {
            let lag = (counts.lag_steps - meter.remote.lag_steps) as f64 / learned as f64;
            figures.push(("remote/model_lag_steps".to_string(), lag));
        }
        figures
    }

    fn new_workers(&mut self) -> Vec<SelfPlayWorker<G>> {
        let count = self.config.selfplay.workers;
        SelfPlayWorker::team(
            &self.game,
            &self.config.selfplay_config(),
            count,
            &mut self.progress.rng,
            self.advisor.clone(),
            &self.field,
        )
    }

    fn train_step(&mut self) -> tabula_nets::Losses {
        let samples = self.replay.sample(self.config.learner.batch_size, &mut self.progress.rng);
        let symmetries = if self.config.learner.augment_symmetries { self.game.symmetry_count() } else { 1 };
        let batch = if symmetries > 1 {
            let seen: Vec<_> = samples
                .iter()
                .map(|s| transformed(&self.game, s, self.progress.rng.random_range(0..symmetries)))
                .collect();
            densify(&seen.iter().collect::<Vec<_>>(), self.game.num_actions())
        } else {
            densify(&samples, self.game.num_actions())
        };
        let losses = self.learner.train_step(&batch);
        self.progress.step += 1;
        self.progress.samples_trained += batch.batch as u64;
        losses
    }

    /// The results of the last evaluation, running one if the network changed since.
    pub fn latest_evaluation(&mut self) -> anyhow::Result<Vec<(String, f64)>> {
        match &self.last_evaluation {
            Some((step, results)) if *step == self.progress.step => Ok(results.clone()),
            _ => self.evaluate(),
        }
    }

    /// Plays the baselines and logs the results.
    pub fn evaluate(&mut self) -> anyhow::Result<Vec<(String, f64)>> {
        let games = self.config.schedule.eval_games;
        let mut results = Vec::new();
        if games == 0 {
            return Ok(results);
        }
        let make_agent = || -> Box<dyn Agent<G::State>> {
            Box::new(
                net_agent(
                    &self.game,
                    self.learner.inference_net(),
                    self.config.value_codec(),
                    self.config.search.eval_config(self.config.search.eval_simulations, None),
                    format!("tabula@{}", self.progress.step),
                )
                .with_advisor(self.advisor.clone()),
            )
        };
        if self.game.num_players() == 2 {
            let plies = self.config.schedule.eval_opening_plies;
            let network = self.opponents.len();
            let mut pairs = self
                .baseline_pairs
                .take()
                .unwrap_or_else(|| baseline_round_robin(&self.game, &self.opponents, games, plies));
            let played = pairs.len();
            for (i, opponent) in self.opponents.iter().enumerate() {
                let seed = 1_000_000 + self.progress.step;
                let r = play_match(&self.game, &make_agent, &*opponent.make, games, plies, seed);
                results.push((format!("eval/vs_{}/score", opponent.name), r.score()));
                results.push((format!("eval/vs_{}/elo_diff", opponent.name), elo_from_score(r.score())));
                pairs.push(PairResult::new(network, i, r.score() * r.games() as f64, r.games() as f64));
            }
            // The network's rating on the arena's scale: anchored on `random` where it is a
            // baseline (else on the first), fitted with the baselines' games against each other.
            if !self.opponents.is_empty() {
                let anchor = self.opponents.iter().position(|o| o.name == "random").unwrap_or(0);
                let rating = ratings::fit(network + 1, &pairs, anchor)?[network];
                results.push(("eval/rating".to_string(), rating.elo));
                results.push(("eval/rating_lo".to_string(), rating.lo));
                results.push(("eval/rating_hi".to_string(), rating.hi));
            }
            pairs.truncate(played);
            self.baseline_pairs = Some(pairs);
        } else if self.game.num_players() >= 3 {
            // The network in one seat against a field of one baseline in all the others.
            for opponent in &self.opponents {
                let seed = 1_000_000 + self.progress.step;
                let games = games.div_ceil(self.game.num_players()) * self.game.num_players();
                let played =
                    play_field_reported(&self.game, &make_agent, &*opponent.make, games, seed, &Reporting::NONE);
                let outcomes: Vec<(f64, usize)> = played.iter().map(|(seat, r)| field_outcome(*seat, r)).collect();
                let n = outcomes.len().max(1) as f64;
                let firsts = outcomes.iter().filter(|o| o.1 == 1).count() as f64;
                let mean_return = outcomes.iter().map(|o| o.0).sum::<f64>() / n;
                results.push((format!("eval/vs_{}/firsts", opponent.name), firsts / n));
                results.push((format!("eval/vs_{}/mean_return", opponent.name), mean_return));
            }
        } else if self.game.num_players() == 1 {
            if self.baseline_scores.is_empty() {
                for opponent in &self.opponents {
                    let scores = play_scores(&self.game, &*opponent.make, games, 1);
                    self.baseline_scores.push((opponent.name.clone(), mean(&scores)));
                }
            }
            let scores = play_scores(&self.game, &make_agent, games, 1);
            results.push(("eval/mean_score".to_string(), mean(&scores)));
            for (name, score) in &self.baseline_scores {
                results.push((format!("eval/baseline_{name}/mean_score"), *score));
            }
        }
        let view: Vec<(&str, f64)> = results.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        self.log.record(self.progress.step, &view)?;
        self.log.flush()?;
        self.last_evaluation = Some((self.progress.step, results.clone()));
        Ok(results)
    }

    fn checkpoint(&mut self, seconds_this_session: f64, replay_copy: ReplayCopy) -> anyhow::Result<()> {
        let mut progress = self.progress.clone();
        progress.seconds += seconds_this_session;
        // The whole buffer with every checkpoint was 74 MB synced to disk every ~7 s in Score 4's
        // default run (~38 GB an hour, 300 GB a night), so between snapshots a checkpoint links
        // the newest one instead: no bytes written, and every checkpoint stays whole.
        let period = Duration::from_secs_f64(self.config.schedule.replay_snapshot_minutes * 60.0);
        let linked = self
            .replay_snapshot
            .as_ref()
            .filter(|(path, written)| {
                replay_copy == ReplayCopy::LinkRecent && written.elapsed() < period && path.is_file()
            })
            .map(|(path, _)| path.clone());
        let mut fresh = false;
        let (learner, replay, remote) = (&self.learner, &self.replay, self.remote.as_ref());
        let dir = write_checkpoint(
            &self.out.join(CHECKPOINTS_DIR),
            &name_for_step(progress.step),
            self.config.schedule.keep_checkpoints,
            |dir| {
                learner.save_checkpoint(&dir.join(LEARNER_DIR))?;
                let target = dir.join(REPLAY_FILE);
                // A file system without hard links gets the bytes.
                if linked.as_ref().is_none_or(|source| std::fs::hard_link(source, &target).is_err()) {
                    std::fs::write(&target, replay.to_bytes()?)?;
                    fresh = true;
                }
                // Actors' games are in the checkpoint once its buffer is written fresh with them.
                if let Some(remote) = remote {
                    if fresh {
                        progress.remote = remote.committed_with(&progress.remote);
                    }
                    progress.remote_unacked = remote.ids_to_commit(fresh);
                }
                std::fs::write(dir.join("progress.json"), serde_json::to_vec_pretty(&progress)?)?;
                Ok(())
            },
        )?;
        if fresh && let Some(remote) = self.remote.as_mut() {
            remote.commit(&mut self.progress.remote);
        }
        let written = match &self.replay_snapshot {
            Some((_, written)) if !fresh => *written,
            _ => Instant::now(),
        };
        self.replay_snapshot = Some((dir.join(REPLAY_FILE), written));
        self.write_model()?;
        self.log.flush()?;
        Ok(())
    }

    /// The playable model, with its card, beside the checkpoints; published to the actors too.
    fn write_model(&mut self) -> anyhow::Result<()> {
        let mut card = ModelCard::new(self.game.spec(), self.learner.net_config().clone(), self.progress.step);
        if let Some((step, results)) = &self.last_evaluation {
            let results: serde_json::Map<String, serde_json::Value> =
                results.iter().map(|(k, v)| (k.clone(), serde_json::json!(v))).collect();
            let games = self.config.schedule.eval_games;
            card.evaluations.push(serde_json::json!({ "step": step, "games": games, "results": results }));
        }
        self.learner.inference_net().save(&self.out.join(MODEL_FILE), &card)?;
        // Their checksums, which `tabula export` checks before it ships them.
        tabula_models::manifest::write_files(&self.out, &[MODEL_FILE, "model.json"])?;
        let every = self.config.schedule.keep_model_every_steps;
        if every > 0 && self.progress.step / every > self.kept_model_block {
            keep_model_copy(&self.out, &name_for_step(self.progress.step), &[MODEL_FILE, "model.json", CONFIG_FILE])?;
            self.kept_model_block = self.progress.step / every;
        }
        if let Some(remote) = self.remote.as_mut() {
            let read =
                |name: &str| std::fs::read(self.out.join(name)).with_context(|| format!("reading {name} to publish"));
            let files =
                ModelFiles { weights: read(MODEL_FILE)?, card: read("model.json")?, config: read(CONFIG_FILE)? };
            remote.publish(self.progress.step, files);
        }
        Ok(())
    }
}

/// Every pair of baselines plays `games` games: the fixed part of the trainer's rating fit.
fn baseline_round_robin<G: Game>(game: &G, opponents: &[Opponent<G>], games: usize, plies: usize) -> Vec<PairResult> {
    let mut pairs = Vec::new();
    for (i, a) in opponents.iter().enumerate() {
        for (j, b) in opponents.iter().enumerate().skip(i + 1) {
            let r = play_match(game, &*a.make, &*b.make, games, plies, 2_000_000);
            pairs.push(PairResult::new(i, j, r.score() * r.games() as f64, r.games() as f64));
        }
    }
    pairs
}

pub(crate) fn net_config<G: Game>(game: &G, config: &TrainConfig) -> NetConfig {
    NetConfig {
        input_shape: game.observation_shape(),
        num_actions: game.num_actions(),
        value_outputs: game.num_players(),
        value_activation: config.net.value_activation,
        value_hidden: config.net.value_hidden,
        trunk: config.net.trunk.clone(),
    }
}

/// A learner whose network starts from the model in `path` (`net.init`): one shaped for `game`
/// (this variant or another with the same shapes) and built as the config's `[net]` says; its
/// optimizer starts afresh.
fn initial_learner<G: Game>(
    game: &G,
    path: &Path,
    net_config: &NetConfig,
    config: &TrainConfig,
) -> anyhow::Result<Learner> {
    let model = TrainedModel::load_shaped_like(game, path).with_context(|| format!("net.init = {}", path.display()))?;
    anyhow::ensure!(
        model.net.config() == net_config,
        "net.init = {}: its network ({}) is not the config's ({}): make [net] the model's",
        path.display(),
        model.net.config().summary(),
        net_config.summary()
    );
    Learner::from_net(&model.net, learner_options(config)).context("building the network")
}

pub(crate) fn learner_options(config: &TrainConfig) -> tabula_nets::LearnerConfig {
    tabula_nets::LearnerConfig {
        lr: config.learner.learning_rate,
        weight_decay: config.learner.weight_decay as f32,
        value_weight: config.learner.value_loss_weight,
        seed: config.seed,
        device: config.learner.device,
    }
}

fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() { 0.0 } else { xs.iter().sum::<f64>() / xs.len() as f64 }
}

fn progress_bar(visible: bool, budget: Duration) -> ProgressBar {
    if !visible {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(budget.as_secs());
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise}/{duration_precise} [{bar:30}] {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// What the next log line measures rates and mean losses from.
struct LogMeter {
    since: Instant,
    cpu: CpuMeter,
    games: u64,
    samples: u64,
    moves: u64,
    losses: LossSums,
    /// Actors' games counted so far (`--redis`).
    remote: RemoteCounts,
}

impl LogMeter {
    fn new(progress: &Progress, remote: Option<RemoteCounts>) -> Self {
        LogMeter {
            remote: remote.unwrap_or_default(),
            since: Instant::now(),
            cpu: CpuMeter::start(),
            games: progress.games,
            samples: progress.samples_generated,
            moves: progress.moves,
            losses: LossSums::default(),
        }
    }
}

#[derive(Default)]
struct LossSums {
    n: f64,
    total: f64,
    policy: f64,
    value: f64,
    entropy: f64,
}

struct MeanLosses {
    total: f64,
    policy: f64,
    value: f64,
    entropy: f64,
}

impl LossSums {
    fn add(&mut self, l: &tabula_nets::Losses) {
        self.n += 1.0;
        self.total += l.total as f64;
        self.policy += l.policy as f64;
        self.value += l.value as f64;
        self.entropy += l.policy_entropy as f64;
    }
    fn mean(&self) -> MeanLosses {
        let n = self.n.max(1.0);
        MeanLosses { total: self.total / n, policy: self.policy / n, value: self.value / n, entropy: self.entropy / n }
    }
}

/// The trained model of a run directory, checked against `game`.
pub fn load_model<G: Game>(game: &G, run: &Path) -> anyhow::Result<(PolicyValueNet, ModelCard)> {
    Ok(PolicyValueNet::load(&run.join(MODEL_FILE), &Expected::game(game))?)
}

/// Renames each damaged checkpoint `step-N` to `damaged-step-N` (kept for a look, out of the
/// way of pruning and of the next resume) and says on stderr which file was bad, where the run
/// goes on from, and how many steps are lost.
pub(crate) fn set_aside_damaged(passed_over: &[(PathBuf, Damage)], resumed: &Path, step: u64) -> anyhow::Result<()> {
    for (dir, damage) in passed_over {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let lost = name.strip_prefix("step-").and_then(|n| n.parse::<u64>().ok()).map_or(0, |s| s.saturating_sub(step));
        let aside = dir.with_file_name(format!("damaged-{name}"));
        std::fs::rename(dir, &aside).with_context(|| format!("setting aside {}", dir.display()))?;
        eprintln!(
            "tabula: checkpoint {name} is damaged ({damage}); resuming from {} instead: {lost} steps lost (the damaged one is kept as {})",
            resumed.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            aside.display()
        );
    }
    Ok(())
}
