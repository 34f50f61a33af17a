//! What playing a trained network needs of its run's `config.toml`: the game, the `[search]`
//! section and how the value head's outputs turn back into returns. The rest of the file (self-play,
//! replay, learner, schedule) is the trainer's and is not read here, so a model plays with any
//! trainer version's config as long as these parts are there.
//!
//! ```
//! let text = "game = \"score4\"\n[search]\nsimulations = 64\nconsidered = 16\neval_simulations = 128\n\
//!             [selfplay]\nvalue_scale = 1.0\nworkers = 2\n";
//! let config = tabula_models::PlayConfig::from_toml(text)?;
//! assert_eq!((config.game.as_str(), config.search.eval_simulations), ("score4", 128));
//! # anyhow::Ok(())
//! ```

use crate::search_settings::SearchSettings;
use crate::value_codec::{ValueCodec, ValueTransform};
use anyhow::Context;
use serde::Deserialize;
use std::path::Path;

/// The settings a trained network is played with.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayConfig {
    /// The game spec the run trained on.
    pub game: String,
    pub search: SearchSettings,
    pub value: ValueCodec,
}

/// The parts of a run's config that play reads; other keys and sections are the trainer's.
#[derive(Deserialize)]
struct ConfigFile {
    game: String,
    search: SearchSettings,
    selfplay: ValueSection,
}

#[derive(Deserialize)]
struct ValueSection {
    value_scale: f32,
    #[serde(default)]
    value_transform: ValueTransform,
}

impl PlayConfig {
    /// Reads the play settings from a run's config text.
    pub fn from_toml(text: &str) -> anyhow::Result<Self> {
        let file: ConfigFile = toml::from_str(text)?;
        file.search.validate()?;
        anyhow::ensure!(file.selfplay.value_scale > 0.0, "selfplay.value_scale must be positive");
        let value = ValueCodec { scale: file.selfplay.value_scale, transform: file.selfplay.value_transform };
        Ok(PlayConfig { game: file.game, search: file.search, value })
    }

    /// Reads the play settings from a run's `config.toml`.
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        Self::from_toml(&text).with_context(|| format!("in {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG: &str = "game = \"score4\"\nhours = 1.0\n[search]\nsimulations = 64\nconsidered = 16\n\
                          eval_simulations = 128\n[selfplay]\nvalue_scale = 2.0\nvalue_transform = \"sqrt\"\n\
                          [learner]\nbatch_size = 64\n";

    #[test]
    fn reads_the_search_and_value_settings_and_skips_the_trainers_sections() {
        let config = PlayConfig::from_toml(CONFIG).unwrap();
        assert_eq!(config.value, ValueCodec { scale: 2.0, transform: ValueTransform::Sqrt });
        assert_eq!(config.search.considered, 16);
        // Players remember the network's answers unless told not to.
        assert_eq!(config.search.cache_mib, 32);
        let off = CONFIG.replace("considered = 16", "considered = 16\ncache_mib = 0");
        assert_eq!(PlayConfig::from_toml(&off).unwrap().search.cache_mib, 0);
        let huge = CONFIG.replace("considered = 16", "considered = 16\ncache_mib = 1000000");
        assert!(PlayConfig::from_toml(&huge).unwrap_err().to_string().contains("search.cache_mib"));
    }

    #[test]
    fn a_typo_in_the_search_section_or_a_bad_value_is_an_error() {
        let typo = CONFIG.replace("considered", "considred");
        assert!(PlayConfig::from_toml(&typo).unwrap_err().to_string().contains("considred"));
        let zero = CONFIG.replace("considered = 16", "considered = 0");
        assert!(PlayConfig::from_toml(&zero).unwrap_err().to_string().contains("search.considered"));
        let scale = CONFIG.replace("value_scale = 2.0", "value_scale = 0.0");
        assert!(PlayConfig::from_toml(&scale).unwrap_err().to_string().contains("value_scale"));
    }
}
