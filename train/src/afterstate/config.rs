//! The config of an afterstate run (`method = "afterstate-td"` in a game's TOML): the n-tuple
//! network, the TD settings, and the run's schedule. Unknown keys are errors.

use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::path::Path;
use tabula_ntuple::{Expectimax, NetSpec, TdSettings};

/// The `method` value that selects this trainer.
pub const METHOD: &str = "afterstate-td";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AfterstateConfig {
    pub game: String,
    pub method: String,
    #[serde(default = "one")]
    pub seed: u64,
    /// Wall-clock budget when `--hours` is not given.
    pub hours: f64,
    /// A hand-written value the network learns to correct, by its name in the game's baselines
    /// (Superball: `greedy(scale=S, reserve=R)`); none: the network alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// A hand-written player whose moves the network learns to value for the run's first
    /// `teacher_hours`, by the game's name for it (Superball: `greedy(reserve=X)`,
    /// `lookahead(...)`); after that the network plays itself. None: itself from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teacher: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub teacher_hours: f64,
    pub ntuple: NetSpec,
    #[serde(default)]
    pub td: TdSettings,
    pub run: RunSection,
    /// How the run's model is played (the bots, `run:DIR`): one ply of expectimax over chance
    /// past its `width` best moves, `samples` draws each; written into the model file. The
    /// learning curve's evaluations play the model alone, as training does. Absent: alone.
    #[serde(default, skip_serializing_if = "Expectimax::is_off")]
    pub play: Expectimax,
}

/// Threads and schedule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSection {
    /// Self-play threads, each learning into the one network.
    pub threads: usize,
    pub checkpoint_every_minutes: f64,
    pub eval_every_minutes: f64,
    /// The learning curve's games: seeds 1..=eval_games, the same at every point.
    pub eval_games: u64,
    /// Every this many minutes of training the playable model is also kept, never pruned, in
    /// `RUN/models/minute-MMMM.MM/`, so that the run's models can be measured afterwards as
    /// they are played (with `[play]`'s search, which the curve leaves out); 0 keeps none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub keep_model_every_minutes: f64,
}

fn one() -> u64 {
    1
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

impl AfterstateConfig {
    /// Whether a config's text asks for this trainer (its top-level `method`).
    pub fn is_afterstate(text: &str) -> bool {
        toml::from_str::<toml::Table>(text)
            .ok()
            .and_then(|t| t.get("method").and_then(|m| m.as_str().map(|m| m == METHOD)))
            .unwrap_or(false)
    }

    pub fn from_toml(text: &str) -> anyhow::Result<Self> {
        let config: AfterstateConfig = toml::from_str(text).context("bad afterstate-td config")?;
        config.validate()?;
        Ok(config)
    }

    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        Self::from_toml(&text).with_context(|| format!("in {}", path.display()))
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("configs serialise")
    }

    fn validate(&self) -> anyhow::Result<()> {
        anyhow::ensure!(self.method == METHOD, "method must be {METHOD:?} here, not {:?}", self.method);
        anyhow::ensure!(self.hours > 0.0, "hours must be positive");
        anyhow::ensure!(self.teacher_hours >= 0.0 && self.teacher_hours.is_finite(), "teacher_hours must be 0 or more");
        anyhow::ensure!(
            self.teacher.is_some() || self.teacher_hours == 0.0,
            "teacher_hours needs a teacher (a player's name)"
        );
        anyhow::ensure!(!self.ntuple.patterns.is_empty() || self.ntuple.counts, "[ntuple] needs patterns or counts");
        let td = &self.td;
        anyhow::ensure!(td.learning_rate > 0.0 && td.learning_rate.is_finite(), "[td] learning_rate must be positive");
        anyhow::ensure!(td.discount > 0.0 && td.discount <= 1.0, "[td] discount must be in (0, 1]");
        anyhow::ensure!(td.reward_scale > 0.0 && td.reward_scale.is_finite(), "[td] reward_scale must be positive");
        anyhow::ensure!(td.max_moves > 0, "[td] max_moves must be positive");
        anyhow::ensure!((0.0..=1.0).contains(&td.lambda), "[td] lambda must be in [0, 1]");
        anyhow::ensure!((1..=1000).contains(&td.trace), "[td] trace must be 1..=1000 afterstates");
        let run = &self.run;
        anyhow::ensure!((1..=256).contains(&run.threads), "[run] threads must be 1..=256");
        anyhow::ensure!(run.checkpoint_every_minutes > 0.0, "[run] checkpoint_every_minutes must be positive");
        anyhow::ensure!(run.eval_every_minutes > 0.0, "[run] eval_every_minutes must be positive");
        anyhow::ensure!(
            run.keep_model_every_minutes >= 0.0 && run.keep_model_every_minutes.is_finite(),
            "[run] keep_model_every_minutes must be 0 (none) or more"
        );
        Expectimax::new(self.play.width, self.play.samples).map_err(|e| anyhow::anyhow!("[play] {e}"))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"
game = "superball"
method = "afterstate-td"
hours = 1.0
[ntuple]
patterns = ["2x3", "3x2"]
counts = true
[td]
learning_rate = 0.05
[run]
threads = 2
checkpoint_every_minutes = 5.0
eval_every_minutes = 10.0
eval_games = 4
"#;

    #[test]
    fn a_config_reads_writes_and_reads_again() {
        assert!(AfterstateConfig::is_afterstate(TEXT));
        let c = AfterstateConfig::from_toml(TEXT).unwrap();
        assert_eq!(c.td.learning_rate, 0.05);
        assert_eq!(c.td.discount, TdSettings::default().discount);
        assert_eq!(AfterstateConfig::from_toml(&c.to_toml()).unwrap(), c);
    }

    #[test]
    fn the_example_superball_config_reads() {
        let text = include_str!("../../configs/superball-afterstate.toml");
        assert!(AfterstateConfig::is_afterstate(text));
        let c = AfterstateConfig::from_toml(text).unwrap();
        assert_eq!((c.td.min_value, c.td.initial_value, c.base), (Some(0.0), Some(5.0), None));
        let taught =
            AfterstateConfig::from_toml(include_str!("../../configs/superball-afterstate-teacher.toml")).unwrap();
        assert_eq!((taught.teacher.as_deref(), taught.teacher_hours), (Some("greedy(reserve=1.5)"), 0.15));
        assert_eq!(AfterstateConfig::from_toml(&taught.to_toml()).unwrap(), taught);
        let default = crate::config::default_config_text("superball").unwrap();
        let top = AfterstateConfig::from_toml(default).unwrap();
        assert_eq!(top.play, Expectimax { width: 4, samples: 8 }, "the shipped model's recipe");
        assert_eq!((top.hours, top.run.threads), (8.0, 2), "overnight on the 2 cores");
        assert!(crate::config::TrainConfig::from_toml(include_str!("../../configs/superball-mcts.toml")).is_ok());
    }

    #[test]
    fn typos_and_bad_values_are_errors() {
        assert!(!AfterstateConfig::is_afterstate("game = \"x\"\nhours = 1.0"));
        let typo = TEXT.replace("learning_rate", "learning_rat");
        assert!(AfterstateConfig::from_toml(&typo).is_err());
        let bad = TEXT.replace("threads = 2", "threads = 0");
        assert!(format!("{:#}", AfterstateConfig::from_toml(&bad).unwrap_err()).contains("threads"));
        let pattern = TEXT.replace("\"2x3\"", "\"9x9\"");
        assert!(AfterstateConfig::from_toml(&pattern).is_err());
        let half = format!("{TEXT}[play]\nwidth = 4\nsamples = 0\n");
        assert!(format!("{:#}", AfterstateConfig::from_toml(&half).unwrap_err()).contains("[play]"));
        let unknown = format!("{TEXT}[play]\nwidth = 4\ndraws = 8\n");
        assert!(AfterstateConfig::from_toml(&unknown).is_err());
    }

    #[test]
    fn play_settings_read_and_are_left_out_when_off() {
        let c = AfterstateConfig::from_toml(&format!("{TEXT}[play]\nwidth = 4\nsamples = 8\n")).unwrap();
        assert_eq!(c.play, Expectimax { width: 4, samples: 8 });
        assert_eq!(AfterstateConfig::from_toml(&c.to_toml()).unwrap(), c);
        let off = AfterstateConfig::from_toml(TEXT).unwrap();
        assert_eq!(off.play, Expectimax::OFF);
        assert!(!off.to_toml().contains("[play]"));
    }
}
