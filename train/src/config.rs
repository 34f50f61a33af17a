//! The training configuration (TOML), with an embedded default per game.

use crate::selfplay::{FastSearches, SelfPlayConfig};
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::path::Path;
use tabula_models::{PlayConfig, SearchSettings, ValueCodec, ValueTransform};
use tabula_nets::{TrunkConfig, ValueActivation};

/// Everything a run needs. Unknown keys are errors, so a typo does not silently train with a default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainConfig {
    /// Game spec, e.g. `score4` or `superball(rows=8,cols=10,mss=5,colors=pbyrg)`.
    pub game: String,
    #[serde(default = "one")]
    pub seed: u64,
    /// Wall-clock budget of `tabula train` when `--hours` is not given.
    pub hours: f64,
    pub net: NetSection,
    pub search: SearchSettings,
    pub selfplay: SelfPlaySection,
    pub replay: ReplaySection,
    pub learner: LearnerSection,
    pub schedule: ScheduleSection,
    /// How a learner meets actors over Redis (`tabula train --redis`); absent: the defaults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distributed: Option<crate::distributed::DistributedSection>,
}

/// The network; its input and output shapes come from the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetSection {
    pub trunk: TrunkConfig,
    pub value_activation: ValueActivation,
    #[serde(default = "default_value_hidden")]
    pub value_hidden: usize,
    /// A trained model (a model.bpk, a checkpoint folder or a run) whose weights the network
    /// starts from instead of random ones (`tabula train --init`); absent: random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub init: Option<std::path::PathBuf>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelfPlaySection {
    /// Parallel self-play threads.
    pub workers: usize,
    /// Games each worker advances in lockstep (its evaluation batch).
    pub games_in_flight: usize,
    /// Decisions per worker between learner phases.
    pub decisions_per_round: usize,
    /// Value targets are returns-to-go divided by this...
    pub value_scale: f32,
    /// ...then squashed: `linear` (none, the default) or `sqrt` (MuZero's h; see `value_codec`).
    #[serde(default)]
    pub value_transform: ValueTransform,
    /// Games are cut after this many actions.
    pub max_moves: usize,
    /// Moves are sampled (Gumbel noise) only while fewer than this many actions have been
    /// played; later the search's best move is played, so that outcomes, the value targets,
    /// reflect the positions rather than late random blunders. Absent: sample every move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explore_moves: Option<usize>,
    /// Value target = (1 - w) · outcome + w · the search's root value: the root value is less
    /// noisy than one game's outcome, the outcome is unbiased.
    #[serde(default)]
    pub root_value_weight: f32,
    /// Playout-cap randomisation (KataGo): when set, a move gets the full `search.simulations` (and
    /// becomes a training sample) with probability `full_search_fraction`, otherwise a search of
    /// this many simulations that only moves the game on. Absent: every move is a full search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast_simulations: Option<usize>,
    #[serde(default = "one_f32")]
    pub full_search_fraction: f32,
    /// Hand-written players (player specs such as `bold` or `deduce`) to play against: in a share
    /// `field_share` of the games the network takes one seat at random and one of these, drawn
    /// per game, every other seat; only the network's decisions become samples.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub field: Vec<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub field_share: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplaySection {
    pub capacity: usize,
    /// Training starts once the buffer holds this many samples.
    pub min_samples: usize,
    /// Samples used in training per sample generated; the learner paces itself to keep it.
    pub replay_ratio: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnerSection {
    pub batch_size: usize,
    pub learning_rate: f64,
    pub weight_decay: f64,
    #[serde(default = "one_f32")]
    pub value_loss_weight: f32,
    /// Show each sampled position in one of the game's symmetric forms, drawn at random
    /// (`Game::symmetry_count`; no effect on games without symmetries).
    #[serde(default)]
    pub augment_symmetries: bool,
    /// When set, the learning rate falls from `learning_rate` to this along a half cosine over the
    /// run's wall-clock budget (its `hours`, which a resume without `--hours` continues; `--hours H`
    /// ends the schedule H hours from now); absent: constant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_learning_rate: Option<f64>,
    /// Where the learner learns: `cpu` (default) or `cuda:N` in a build with the `cuda` feature
    /// (`tabula train --device` overrides it); self-play stays on the CPU either way.
    #[serde(default, skip_serializing_if = "tabula_nets::LearnerDevice::is_cpu")]
    pub device: tabula_nets::LearnerDevice,
}

impl LearnerSection {
    /// The learning rate once `fraction` (0 at the start, 1 at the end) of the budget is spent.
    pub fn learning_rate_at(&self, fraction: f64) -> f64 {
        match self.final_learning_rate {
            None => self.learning_rate,
            Some(end) => {
                let f = fraction.clamp(0.0, 1.0);
                end + (self.learning_rate - end) * 0.5 * (1.0 + (std::f64::consts::PI * f).cos())
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleSection {
    pub log_every_steps: u64,
    pub checkpoint_every_steps: u64,
    /// Checkpoints kept on disk.
    #[serde(default = "default_keep")]
    pub keep_checkpoints: usize,
    /// The replay buffer, most of a checkpoint's bytes (tens of MB), is written at most this
    /// often and at the run's end; a checkpoint in between links the last one written. A run
    /// killed between two resumes with the buffer of the older (the learner's state is never
    /// older than its checkpoint). 0 writes it with every checkpoint.
    #[serde(default = "default_replay_snapshot_minutes")]
    pub replay_snapshot_minutes: f64,
    /// Every this many learner steps the playable model is also copied into `RUN/models/`, so
    /// that a run's checkpoints can be compared after it ends (an arena picks one); 0 keeps none.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub keep_model_every_steps: u64,
    pub eval_every_steps: u64,
    /// Games against each baseline (two-player) or seeds played (one-player) per evaluation.
    pub eval_games: usize,
    /// Random moves that open each pair of evaluation games (two-player games).
    #[serde(default)]
    pub eval_opening_plies: usize,
}

fn one() -> u64 {
    1
}
fn is_zero(x: &f32) -> bool {
    *x == 0.0
}
fn is_zero_u64(x: &u64) -> bool {
    *x == 0
}

fn one_f32() -> f32 {
    1.0
}
fn default_value_hidden() -> usize {
    64
}
fn default_keep() -> usize {
    2
}
fn default_replay_snapshot_minutes() -> f64 {
    10.0
}

/// The embedded default configuration of a game, by registry name.
pub fn default_config_text(game_name: &str) -> Option<&'static str> {
    match game_name {
        "score4" => Some(include_str!("../configs/score4.toml")),
        "superball" => Some(include_str!("../configs/superball.toml")),
        "superply" => Some(include_str!("../configs/superply.toml")),
        "upright" => Some(include_str!("../configs/upright.toml")),
        "clue" => Some(include_str!("../configs/clue.toml")),
        _ => None,
    }
}

impl TrainConfig {
    pub fn from_toml(text: &str) -> anyhow::Result<Self> {
        let config: TrainConfig = toml::from_str(text)?;
        config.validate()?;
        Ok(config)
    }

    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        Self::from_toml(&text).with_context(|| format!("in {}", path.display()))
    }

    /// Whether the `[distributed]` settings (or their defaults) can work with this schedule.
    pub fn check_distributed(&self) -> anyhow::Result<()> {
        // Models go out with checkpoints: games older than two of them would all be stale, and a
        // learner left with only stale games would never reach the next checkpoint.
        let lag = self.distributed.clone().unwrap_or_default().max_lag_steps;
        let every = self.schedule.checkpoint_every_steps;
        anyhow::ensure!(
            lag >= 2 * every,
            "[distributed] max_lag_steps = {lag} must be at least twice [schedule] checkpoint_every_steps = {every}: actors get a new model with each checkpoint"
        );
        Ok(())
    }

    /// The self-play this run's workers play.
    pub fn selfplay_config(&self) -> SelfPlayConfig {
        SelfPlayConfig {
            search: self.search.selfplay_config(),
            games_in_flight: self.selfplay.games_in_flight,
            value: self.value_codec(),
            max_moves: self.selfplay.max_moves,
            reuse_tree: true,
            explore_moves: self.selfplay.explore_moves,
            root_value_weight: self.selfplay.root_value_weight,
            field_share: self.selfplay.field_share,
            fast_searches: self
                .selfplay
                .fast_simulations
                .map(|simulations| FastSearches { simulations, full_fraction: self.selfplay.full_search_fraction }),
        }
    }

    /// How this run turns returns into value targets and back.
    pub fn value_codec(&self) -> ValueCodec {
        ValueCodec { scale: self.selfplay.value_scale, transform: self.selfplay.value_transform }
    }

    /// What playing this run's network needs of the config.
    pub fn play_config(&self) -> PlayConfig {
        PlayConfig { game: self.game.clone(), search: self.search.clone(), value: self.value_codec() }
    }

    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("a config serializes")
    }

    fn validate(&self) -> anyhow::Result<()> {
        self.search.validate()?;
        let positive = [
            ("selfplay.workers", self.selfplay.workers),
            ("selfplay.games_in_flight", self.selfplay.games_in_flight),
            ("selfplay.decisions_per_round", self.selfplay.decisions_per_round),
            ("replay.capacity", self.replay.capacity),
            ("learner.batch_size", self.learner.batch_size),
        ];
        for (name, v) in positive {
            anyhow::ensure!(v > 0, "{name} must be at least 1");
        }
        anyhow::ensure!(self.hours > 0.0, "hours must be positive");
        anyhow::ensure!(self.replay.replay_ratio > 0.0, "replay.replay_ratio must be positive");
        anyhow::ensure!(self.selfplay.value_scale > 0.0, "selfplay.value_scale must be positive");
        let share = self.selfplay.field_share;
        anyhow::ensure!((0.0..=1.0).contains(&share), "selfplay.field_share must lie in [0, 1]");
        anyhow::ensure!(
            (share > 0.0) != self.selfplay.field.is_empty(),
            "selfplay.field names the players to train against and selfplay.field_share the share of games against them: give both or neither"
        );
        anyhow::ensure!(
            (0.0..=1.0).contains(&self.selfplay.root_value_weight),
            "selfplay.root_value_weight must lie in [0, 1]"
        );
        anyhow::ensure!(
            self.selfplay.full_search_fraction > 0.0 && self.selfplay.full_search_fraction <= 1.0,
            "selfplay.full_search_fraction must lie in (0, 1]"
        );
        anyhow::ensure!(
            self.selfplay.fast_simulations.is_none_or(|n| n >= 1 && n <= self.search.simulations),
            "selfplay.fast_simulations must lie between 1 and search.simulations"
        );
        anyhow::ensure!(self.learner.learning_rate > 0.0, "learner.learning_rate must be positive");
        anyhow::ensure!(
            self.learner.final_learning_rate.is_none_or(|lr| lr > 0.0 && lr <= self.learner.learning_rate),
            "learner.final_learning_rate must be positive and at most learner.learning_rate"
        );
        anyhow::ensure!(self.schedule.checkpoint_every_steps > 0, "schedule.checkpoint_every_steps must be at least 1");
        anyhow::ensure!(
            self.schedule.replay_snapshot_minutes >= 0.0 && self.schedule.replay_snapshot_minutes.is_finite(),
            "schedule.replay_snapshot_minutes must be a number of minutes, 0 or more"
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The configs beside the shipped models and the experiments their READMEs tell users to
    /// train: each must still load, or a command on those pages fails.
    #[test]
    fn the_configs_in_checkpoints_load() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../checkpoints");
        let mut loaded = 0;
        for game in std::fs::read_dir(&root).unwrap() {
            let dir = game.unwrap().path();
            let mut files = vec![dir.join("config.toml")];
            if let Ok(entries) = std::fs::read_dir(dir.join("experiments")) {
                files.extend(entries.map(|e| e.unwrap().path()));
            }
            for file in files.into_iter().filter(|f| f.is_file()) {
                TrainConfig::load(&file).unwrap_or_else(|e| panic!("{e:#}"));
                loaded += 1;
            }
            // A shipped n-tuple model's run config (`tabula export` of an afterstate run).
            let ntuple = dir.join("ntuple-config.toml");
            if ntuple.is_file() {
                crate::afterstate::AfterstateConfig::load(&ntuple).unwrap_or_else(|e| panic!("{e:#}"));
            }
        }
        assert!(loaded >= 8, "only {loaded} configs under {}", root.display());
    }

    #[test]
    fn embedded_defaults_parse_and_round_trip() {
        for game in ["score4", "superball", "superply", "upright", "clue"] {
            let text = default_config_text(game).unwrap();
            if crate::afterstate::AfterstateConfig::is_afterstate(text) {
                let config = crate::afterstate::AfterstateConfig::from_toml(text).unwrap();
                assert_eq!(config.game, game);
                assert_eq!(crate::afterstate::AfterstateConfig::from_toml(&config.to_toml()).unwrap(), config);
                continue;
            }
            let config = TrainConfig::from_toml(text).unwrap();
            assert!(config.game.starts_with(game));
            assert_eq!(TrainConfig::from_toml(&config.to_toml()).unwrap(), config);
        }
        assert!(default_config_text("chess").is_none());
    }

    #[test]
    fn the_gpu_config_reads_and_names_its_device() {
        let text = include_str!("../configs/score4-gpu.toml");
        let config = TrainConfig::from_toml(text).unwrap();
        assert_eq!(config.learner.device, tabula_nets::LearnerDevice::Cuda(0));
        assert_eq!(TrainConfig::from_toml(&config.to_toml()).unwrap(), config);
        let cpu = TrainConfig::from_toml(default_config_text("score4").unwrap()).unwrap();
        assert!(cpu.learner.device.is_cpu() && !cpu.to_toml().contains("device"), "the CPU is said by saying nothing");
        assert!(TrainConfig::from_toml(&text.replace("\"cuda:0\"", "\"gpu\"")).is_err());
    }

    #[test]
    fn typos_and_bad_values_are_errors() {
        let text = default_config_text("score4").unwrap();
        let typo = text.replace("batch_size", "batchsize");
        assert!(TrainConfig::from_toml(&typo).unwrap_err().to_string().contains("batchsize"));
        let zero = text.replace("workers = 2", "workers = 0");
        assert!(TrainConfig::from_toml(&zero).unwrap_err().to_string().contains("selfplay.workers"));
        let rising = text.replace("learning_rate = 0.002", "learning_rate = 0.002\nfinal_learning_rate = 0.01");
        assert!(TrainConfig::from_toml(&rising).unwrap_err().to_string().contains("final_learning_rate"));
        let advice = text.replace("[search]", "[search]\nadvisor = \"greedy\"\nadvice_prior = 1.5");
        assert!(TrainConfig::from_toml(&advice).unwrap_err().to_string().contains("search.advice_prior"));
        let advised = TrainConfig::from_toml(&advice.replace("advice_prior = 1.5", "advice_prior = 0.25")).unwrap();
        assert_eq!((advised.search.advisor.as_deref(), advised.search.advice_prior), (Some("greedy"), 0.25));
        assert_eq!(TrainConfig::from_toml(&advised.to_toml()).unwrap(), advised, "the advisor round-trips");
        let unadvised_rollouts = text.replace("[search]", "[search]\nrollout_depth = 3");
        assert!(TrainConfig::from_toml(&unadvised_rollouts).unwrap_err().to_string().contains("search.advisor"));
        let rollouts =
            TrainConfig::from_toml(&advice.replace("advice_prior = 1.5", "advice_prior = 1\nrollout_depth = 3"))
                .unwrap();
        assert_eq!(rollouts.search.rollout_depth, 3);
    }

    #[test]
    fn a_field_is_named_with_its_share_of_the_games() {
        let text = default_config_text("clue").unwrap();
        let plain = TrainConfig::from_toml(text).unwrap();
        assert!(plain.selfplay.field.is_empty() && !plain.to_toml().contains("field"), "none unless asked");
        let field = text.replace("[selfplay]", "[selfplay]\nfield = [\"bold\", \"deduce\"]\nfield_share = 0.5");
        let config = TrainConfig::from_toml(&field).unwrap();
        assert_eq!(
            (config.selfplay.field.as_slice(), config.selfplay.field_share),
            (&["bold".to_string(), "deduce".to_string()][..], 0.5)
        );
        assert_eq!(config.selfplay_config().field_share, 0.5);
        assert_eq!(TrainConfig::from_toml(&config.to_toml()).unwrap(), config, "the field round-trips");
        for (bad, says) in [
            (field.replace("field_share = 0.5", "field_share = 1.5"), "[0, 1]"),
            (field.replace("field_share = 0.5", ""), "give both or neither"),
            (text.replace("[selfplay]", "[selfplay]\nfield_share = 0.5"), "give both or neither"),
        ] {
            let error = TrainConfig::from_toml(&bad).unwrap_err().to_string();
            assert!(error.contains(says), "{error}");
        }
    }

    #[test]
    fn the_learning_rate_follows_a_half_cosine_to_its_final_value() {
        let mut learner = TrainConfig::from_toml(default_config_text("score4").unwrap()).unwrap().learner;
        learner.learning_rate = 0.002;
        learner.final_learning_rate = None;
        assert_eq!(learner.learning_rate_at(0.7), 0.002);
        learner.final_learning_rate = Some(0.0002);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(learner.learning_rate_at(0.0), 0.002));
        assert!(close(learner.learning_rate_at(0.5), 0.0011));
        assert!(close(learner.learning_rate_at(1.0), 0.0002));
        assert!(close(learner.learning_rate_at(3.0), 0.0002), "past the budget it stays at the end");
        let rates: Vec<f64> = (0..=10).map(|i| learner.learning_rate_at(i as f64 / 10.0)).collect();
        assert!(rates.windows(2).all(|w| w[0] > w[1]));
    }
}
