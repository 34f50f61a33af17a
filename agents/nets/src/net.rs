//! [`Net`]: the burn module, trunk plus heads, built from a [`NetConfig`] on any device.
//!
//! The same type serves training (built on `Device::flex().autodiff()`) and inference (its
//! `.valid()` twin, or built on `Device::flex()`); [`PolicyValueNet`](crate::PolicyValueNet) and
//! [`Learner`](crate::Learner) wrap it with the config.

use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::activation::tanh;
use burn::tensor::{Device, Tensor};

use crate::config::{NetConfig, TrunkConfig, ValueActivation};
use crate::layers::{ConvPolicyHead, ConvValueHead, MlpTrunk, ResNetTrunk, ValueMlp};

/// A ResNet trunk with its conv heads.
#[derive(Module, Debug)]
pub struct ResNetNet {
    pub(crate) trunk: ResNetTrunk,
    pub(crate) policy: ConvPolicyHead,
    pub(crate) value: ConvValueHead,
}

/// An MLP trunk with its linear heads.
#[derive(Module, Debug)]
pub struct MlpNet {
    pub(crate) trunk: MlpTrunk,
    pub(crate) policy: Linear,
    pub(crate) value: ValueMlp,
}

/// A policy/value network of either kind.
// There is one `Net` per learner or inference net, never an array of them, so the size gap
// between the variants costs nothing worth an indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Module, Debug)]
pub enum Net {
    ResNet(ResNetNet),
    Mlp(MlpNet),
}

/// burn's random generator is global to the backend. Building nets under this lock keeps
/// a seeded learner's draws from interleaving with another net being built on another thread.
static INIT: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Net {
    /// Builds a network and draws its initial weights now (burn would otherwise draw them lazily,
    /// at first use), from `seed` when given.
    pub fn initialised(config: &NetConfig, device: &Device, seed: Option<u64>) -> Net {
        let _guard = INIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(seed) = seed {
            device.seed(seed);
        }
        let net = Net::new(config, device);
        // `valid()` reads every parameter, which materialises the lazy ones.
        let _ = net.valid();
        net
    }

    /// Builds a network whose parameters are drawn lazily, on first use: the cheap choice when
    /// they are about to be overwritten by loaded weights. The config must be valid
    /// ([`NetConfig::validate`]); the callers in this crate check it first.
    pub fn new(config: &NetConfig, device: &Device) -> Net {
        let shape = &config.input_shape;
        match &config.trunk {
            TrunkConfig::ResNet { channels, blocks, norm, policy_channels, value_channels } => {
                let (planes, cells) = (shape[0], shape[1] * shape[2]);
                Net::ResNet(ResNetNet {
                    trunk: ResNetTrunk::new(planes, *channels, *blocks, *norm, device),
                    policy: ConvPolicyHead::new(*channels, *policy_channels, cells, config.num_actions, *norm, device),
                    value: ConvValueHead::new(
                        *channels,
                        *value_channels,
                        cells,
                        config.value_hidden,
                        config.value_outputs,
                        *norm,
                        device,
                    ),
                })
            }
            TrunkConfig::Mlp { hidden } => {
                let last = *hidden.last().expect("validated: mlp has hidden layers");
                Net::Mlp(MlpNet {
                    trunk: MlpTrunk::new(config.input_len(), hidden, device),
                    policy: LinearConfig::new(last, config.num_actions).init(device),
                    value: ValueMlp::new(last, config.value_hidden, config.value_outputs, device),
                })
            }
        }
    }

    /// `observations` is `[B, input_len]` (flat rows, as the games write them); returns policy
    /// logits `[B, num_actions]` and values `[B, value_outputs]` after the value activation.
    pub fn forward(&self, observations: Tensor<2>, config: &NetConfig) -> (Tensor<2>, Tensor<2>) {
        let (logits, values) = match self {
            Net::ResNet(net) => {
                let [batch, _] = observations.dims();
                let s = &config.input_shape;
                let x = net.trunk.forward(observations.reshape([batch, s[0], s[1], s[2]]));
                (net.policy.forward(x.clone()), net.value.forward(x))
            }
            Net::Mlp(net) => {
                let x = net.trunk.forward(observations);
                (net.policy.forward(x.clone()), net.value.forward(x))
            }
        };
        let values = match config.value_activation {
            ValueActivation::Tanh => tanh(values),
            ValueActivation::Linear => values,
        };
        (logits, values)
    }
}
