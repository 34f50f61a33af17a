//! Building blocks of the networks: one module per file.

pub mod batch_norm_train;
pub mod conv_norm;
pub mod dense_conv;
pub mod heads;
pub mod mlp;
pub mod resnet;

pub use conv_norm::{ConvNorm, use_burn_layers};
pub use heads::{ConvPolicyHead, ConvValueHead, ValueMlp};
pub use mlp::MlpTrunk;
pub use resnet::{ResBlock, ResNetTrunk};
