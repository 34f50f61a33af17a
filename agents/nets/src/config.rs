//! [`NetConfig`]: everything needed to build a network, and nothing about any particular game.
//!
//! A config is plain serde data, so it lives in the trainer's TOML and in every model card. Shapes
//! come from the game through [`NetConfig::for_game`] or are written out by hand:
//!
//! ```
//! use tabula_nets::{NetConfig, Norm, TrunkConfig, ValueActivation};
//! // A Score 4 sized net: observation [18, 4, 4], 16 actions, one value per seat, win/loss.
//! let config = NetConfig::resnet(vec![18, 4, 4], 16, 2, 64, 4);
//! assert_eq!(config.value_activation, ValueActivation::Tanh);
//! let toml_like = serde_json::to_string(&config).unwrap();
//! let back: NetConfig = serde_json::from_str(&toml_like).unwrap();
//! assert_eq!(back, config);
//! assert!(matches!(config.trunk, TrunkConfig::ResNet { norm: Norm::Batch, .. }));
//! ```

use serde::{Deserialize, Serialize};
use tabula_core::Game;

use crate::error::NetError;

/// How a network is built: input shape, trunk, heads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetConfig {
    /// One observation's shape: `[C, H, W]` for a ResNet trunk, anything for an MLP (flattened).
    pub input_shape: Vec<usize>,
    /// Width of the policy head: the game's fixed action space.
    pub num_actions: usize,
    /// Number of value outputs, in *relative* seat order: output 0 is the observing player's,
    /// output 1 the next player's, and so on.
    pub value_outputs: usize,
    /// Squashing of the value outputs.
    #[serde(default)]
    pub value_activation: ValueActivation,
    /// Hidden width of the value head's fully connected layer.
    #[serde(default = "default_value_hidden")]
    pub value_hidden: usize,
    /// The shared body.
    pub trunk: TrunkConfig,
}

/// The shared body of the network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TrunkConfig {
    /// 3x3 conv stem + `blocks` residual blocks of two 3x3 convs, `channels` wide, same padding.
    /// Heads: 1x1 convs down to `policy_channels` / `value_channels` planes, then linear layers,
    /// so a big action space costs one `policy_channels·H·W × num_actions` matrix.
    #[serde(rename = "resnet")]
    ResNet {
        channels: usize,
        blocks: usize,
        #[serde(default)]
        norm: Norm,
        #[serde(default = "default_policy_channels")]
        policy_channels: usize,
        #[serde(default = "default_value_channels")]
        value_channels: usize,
    },
    /// Fully connected layers with ReLU on the flattened observation.
    Mlp { hidden: Vec<usize> },
}

/// Normalisation inside the ResNet trunk and its heads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Norm {
    /// Batch norm after every conv (running statistics at inference).
    #[default]
    Batch,
    /// No normalisation; each block's second conv starts at zero so blocks start as identities
    /// (what keeps a deep un-normalised residual net trainable from step one).
    None,
}

/// What the value head's outputs pass through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueActivation {
    /// `tanh`, for win/loss/draw outcomes in `[-1, 1]`.
    #[default]
    Tanh,
    /// No squashing, for normalised returns of single-player games.
    Linear,
}

fn default_value_hidden() -> usize {
    64
}
fn default_policy_channels() -> usize {
    4
}
fn default_value_channels() -> usize {
    2
}

impl NetConfig {
    /// A ResNet net with default heads and batch norm.
    pub fn resnet(
        input_shape: Vec<usize>,
        num_actions: usize,
        value_outputs: usize,
        channels: usize,
        blocks: usize,
    ) -> Self {
        NetConfig {
            input_shape,
            num_actions,
            value_outputs,
            value_activation: ValueActivation::Tanh,
            value_hidden: default_value_hidden(),
            trunk: TrunkConfig::ResNet {
                channels,
                blocks,
                norm: Norm::Batch,
                policy_channels: default_policy_channels(),
                value_channels: default_value_channels(),
            },
        }
    }

    /// An MLP net.
    pub fn mlp(input_shape: Vec<usize>, num_actions: usize, value_outputs: usize, hidden: Vec<usize>) -> Self {
        NetConfig {
            input_shape,
            num_actions,
            value_outputs,
            value_activation: ValueActivation::Tanh,
            value_hidden: default_value_hidden(),
            trunk: TrunkConfig::Mlp { hidden },
        }
    }

    /// A CPU-sized default for `game`, from its shapes alone: a ResNet for `[C, H, W]`
    /// observations, 32 channels, 4 blocks for boards of up to 36 cells and 2 for bigger ones; an
    /// MLP (256, 256) otherwise. One value output per player, tanh for two or more players and
    /// linear for one (single-player games report normalised returns, not wins).
    ///
    /// Sizes come from `examples/nets_bench.rs` on the 2-core box: an [18, 4, 4] board at 32x4
    /// trains ~2k samples/s and infers ~40k positions/s at batch 64 (64x4: ~1k and ~11k); an
    /// [7, 8, 10] board with 3,236 actions at 32x2 trains ~0.7k samples/s and infers ~8.6k
    /// positions/s (32x4: ~0.5k and ~4.3k). Inference runs on the frozen path; the learner, on
    /// burn's autodiff, is now the slower side of a training run, so small nets still win.
    pub fn for_game<G: Game>(game: &G) -> Self {
        let shape = game.observation_shape();
        let players = game.num_players();
        let mut config = if shape.len() == 3 {
            let blocks = if shape[1] * shape[2] <= 36 { 4 } else { 2 };
            NetConfig::resnet(shape, game.num_actions(), players, 32, blocks)
        } else {
            NetConfig::mlp(shape, game.num_actions(), players, vec![256, 256])
        };
        if players == 1 {
            config.value_activation = ValueActivation::Linear;
        }
        config
    }

    /// Sets the value activation.
    pub fn with_value_activation(mut self, activation: ValueActivation) -> Self {
        self.value_activation = activation;
        self
    }

    /// Sets the ResNet normalisation (no effect on an MLP).
    pub fn with_norm(mut self, new_norm: Norm) -> Self {
        if let TrunkConfig::ResNet { norm, .. } = &mut self.trunk {
            *norm = new_norm;
        }
        self
    }

    /// Number of `f32`s in one observation.
    pub fn input_len(&self) -> usize {
        self.input_shape.iter().product()
    }

    /// Checks that the config describes a buildable network.
    pub fn validate(&self) -> Result<(), NetError> {
        let bad = |why: String| Err(NetError::Config(why));
        if self.input_shape.is_empty() || self.input_shape.contains(&0) {
            return bad(format!("input shape {:?} must be non-empty with no zero dimension", self.input_shape));
        }
        if self.num_actions == 0 {
            return bad("num_actions must be at least 1".into());
        }
        if self.value_outputs == 0 {
            return bad("value_outputs must be at least 1".into());
        }
        if self.value_hidden == 0 {
            return bad("value_hidden must be at least 1".into());
        }
        match &self.trunk {
            TrunkConfig::ResNet { channels, policy_channels, value_channels, .. } => {
                if self.input_shape.len() != 3 {
                    return bad(format!(
                        "a resnet trunk needs a [C, H, W] input, not {:?}; use an mlp trunk",
                        self.input_shape
                    ));
                }
                if *channels == 0 || *policy_channels == 0 || *value_channels == 0 {
                    return bad("resnet channels, policy_channels and value_channels must be at least 1".into());
                }
            }
            TrunkConfig::Mlp { hidden } => {
                if hidden.is_empty() || hidden.contains(&0) {
                    return bad(format!("mlp hidden sizes {hidden:?} must be non-empty with no zero"));
                }
            }
        }
        Ok(())
    }

    /// A short human summary, e.g. `resnet 64x4 (batch norm) [18, 4, 4] -> 16 actions, 2 values (tanh)`.
    pub fn summary(&self) -> String {
        let trunk = match &self.trunk {
            TrunkConfig::ResNet { channels, blocks, norm, .. } => {
                let norm = match norm {
                    Norm::Batch => "batch norm",
                    Norm::None => "no norm",
                };
                format!("resnet {channels}x{blocks} ({norm})")
            }
            TrunkConfig::Mlp { hidden } => format!("mlp {hidden:?}"),
        };
        let act = match self.value_activation {
            ValueActivation::Tanh => "tanh",
            ValueActivation::Linear => "linear",
        };
        format!("{trunk} {:?} -> {} actions, {} values ({act})", self.input_shape, self.num_actions, self.value_outputs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_reads_from_toml_style_json_with_defaults() {
        let json = r#"{"input_shape":[7,8,10],"num_actions":3236,"value_outputs":1,
            "value_activation":"linear","trunk":{"kind":"resnet","channels":32,"blocks":3}}"#;
        let config: NetConfig = serde_json::from_str(json).unwrap();
        assert_eq!(config.value_hidden, 64);
        assert_eq!(
            config.trunk,
            TrunkConfig::ResNet { channels: 32, blocks: 3, norm: Norm::Batch, policy_channels: 4, value_channels: 2 }
        );
        config.validate().unwrap();
    }

    #[test]
    fn validate_rejects_resnet_on_vectors() {
        let config = NetConfig::resnet(vec![12], 4, 1, 8, 1);
        let err = config.validate().unwrap_err().to_string();
        assert!(err.contains("[C, H, W]"), "{err}");
        NetConfig::mlp(vec![12], 4, 1, vec![16]).validate().unwrap();
    }
}
