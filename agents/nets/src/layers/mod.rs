//! Building blocks of the networks: one module per file.

pub mod conv_norm;
pub mod heads;
pub mod mlp;
pub mod resnet;

pub use conv_norm::ConvNorm;
pub use heads::{ConvPolicyHead, ConvValueHead, ValueMlp};
pub use mlp::MlpTrunk;
pub use resnet::{ResBlock, ResNetTrunk};
