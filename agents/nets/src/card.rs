//! [`ModelCard`]: the JSON that travels with every saved model, and [`Expected`]: what a loader
//! requires of it.
//!
//! ```
//! use tabula_nets::{Expected, ModelCard, NetConfig};
//! let card = ModelCard::new("score4", NetConfig::resnet(vec![10, 4, 4], 16, 2, 64, 4), 1200);
//! assert!(card.created.ends_with('Z'));
//! let expect = Expected::any().with_game_spec("score4").with_input_shape(vec![10, 4, 4]);
//! expect.check(&card, std::path::Path::new("model.json")).unwrap();
//! let err = Expected::any().with_game_spec("superball").check(&card, "m.json".as_ref()).unwrap_err();
//! assert_eq!(err.to_string(), "m.json: expected game superball, file holds score4");
//! ```

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use tabula_core::Game;

use crate::config::NetConfig;
use crate::error::NetError;

/// Card format written by this crate; a loader refuses newer ones.
pub const CARD_FORMAT: u32 = 1;

/// Who a model is: the game it plays, its architecture, how long it trained, how it fared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelCard {
    /// Card format version ([`CARD_FORMAT`]).
    #[serde(default = "card_format")]
    pub format: u32,
    /// The canonical game spec, e.g. `score4` or `superball(rows=8,cols=10,mss=5,colors=pbyrg)`.
    pub game_spec: String,
    /// The network's config: enough to rebuild it before loading the weights.
    pub net: NetConfig,
    /// Learner steps taken when the weights were saved.
    pub training_step: u64,
    /// When the card was made, RFC 3339 UTC (`2026-11-22T04:10:34Z`).
    pub created: String,
    /// Evaluation records, free-form JSON objects (opponent, games, score, Elo…) appended by the
    /// trainer's arena.
    #[serde(default)]
    pub evaluations: Vec<serde_json::Value>,
    /// Anything else the card holds (a shipped model's provenance: commit, hours, machine, the
    /// training config, arena results), kept as read so that rewriting a card loses nothing.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

fn card_format() -> u32 {
    CARD_FORMAT
}

impl ModelCard {
    /// A card made now, with no evaluations yet.
    pub fn new(game_spec: impl Into<String>, net: NetConfig, training_step: u64) -> Self {
        ModelCard {
            format: CARD_FORMAT,
            game_spec: game_spec.into(),
            net,
            training_step,
            created: rfc3339_utc_now(),
            evaluations: Vec::new(),
            extra: serde_json::Map::new(),
        }
    }
}

/// What a loader requires of a model card; `None` fields are not checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expected {
    pub game_spec: Option<String>,
    pub input_shape: Option<Vec<usize>>,
    pub num_actions: Option<usize>,
    pub value_outputs: Option<usize>,
}

impl Expected {
    /// Checks nothing.
    pub fn any() -> Self {
        Expected::default()
    }

    /// Everything `game` fixes: its spec, observation shape, action count and one value per player.
    pub fn game<G: Game>(game: &G) -> Self {
        Expected {
            game_spec: Some(game.spec()),
            input_shape: Some(game.observation_shape()),
            num_actions: Some(game.num_actions()),
            value_outputs: Some(game.num_players()),
        }
    }

    pub fn with_game_spec(mut self, spec: impl Into<String>) -> Self {
        self.game_spec = Some(spec.into());
        self
    }

    pub fn with_input_shape(mut self, shape: Vec<usize>) -> Self {
        self.input_shape = Some(shape);
        self
    }

    pub fn with_num_actions(mut self, n: usize) -> Self {
        self.num_actions = Some(n);
        self
    }

    pub fn with_value_outputs(mut self, n: usize) -> Self {
        self.value_outputs = Some(n);
        self
    }

    /// Checks the card's game and shapes; `path` names the file in the error.
    pub fn check(&self, card: &ModelCard, path: &Path) -> Result<(), NetError> {
        if card.format > CARD_FORMAT {
            return Err(NetError::Corrupt {
                path: path.to_path_buf(),
                reason: format!("card format {} is newer than this program's {CARD_FORMAT}", card.format),
            });
        }
        if let Some(spec) = &self.game_spec
            && *spec != card.game_spec
        {
            return Err(NetError::GameMismatch {
                path: path.to_path_buf(),
                expected: spec.clone(),
                found: card.game_spec.clone(),
            });
        }
        self.check_shapes(&card.net, path)
    }

    /// Checks only the shapes (what a learner checkpoint, which names no game, can be checked for).
    pub fn check_shapes(&self, net: &NetConfig, path: &Path) -> Result<(), NetError> {
        let path = path.to_path_buf();
        let mismatch = |what, expected: String, found: String| NetError::ShapeMismatch {
            path: path.clone(),
            what,
            expected,
            found,
        };
        if let Some(shape) = &self.input_shape
            && *shape != net.input_shape
        {
            return Err(mismatch("input", format!("{shape:?}"), format!("{:?}", net.input_shape)));
        }
        if let Some(n) = self.num_actions
            && n != net.num_actions
        {
            return Err(mismatch("actions", n.to_string(), net.num_actions.to_string()));
        }
        if let Some(n) = self.value_outputs
            && n != net.value_outputs
        {
            return Err(mismatch("value outputs", n.to_string(), net.value_outputs.to_string()));
        }
        Ok(())
    }
}

/// Now as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn rfc3339_utc_now() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    rfc3339_utc(secs)
}

/// Seconds since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian, no leap seconds),
/// written out here to spare the workspace a date crate.
pub fn rfc3339_utc(secs: u64) -> String {
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days, shifted so eras start on 0000-03-01.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_matches_known_instants() {
        assert_eq!(rfc3339_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339_utc(1_795_321_834), "2026-11-22T04:30:34Z");
    }
}
