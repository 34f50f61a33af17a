//! tabula-nets: policy/value networks for tabula's agents, on burn's flex CPU backend.
//!
//! The crate knows shapes, never games: a [`NetConfig`] says the observation shape, the action
//! count and how many value outputs, and [`NetConfig::for_game`] reads them off any
//! [`tabula_core::Game`].
//!
//! * [`NetConfig`] — ResNet trunk for `[C, H, W]` observations or MLP for vectors; policy logits
//!   over the action space; value head with one output per seat (relative order: 0 is the
//!   observer), tanh or linear.
//! * [`PolicyValueNet`] — inference: `infer(&obs, batch)`, computed by a [`FrozenNet`] (the
//!   burn module's weights, batch norm folded, outside burn's per-op overhead). `Send + Sync`.
//! * [`Learner`] — training on `Device::flex().autodiff()` with AdamW: `train_step(&TrainBatch)`,
//!   `inference_net()`, checkpoints with optimizer state ([`Learner::save_checkpoint`]).
//! * [`ModelCard`] — the JSON beside every saved model (`model.bpk` + `model.json`), checked
//!   against [`Expected`] on load.
//!
//! ```
//! use tabula_nets::{Learner, LearnerConfig, NetConfig, TrainBatch, masked_softmax};
//! let config = NetConfig::resnet(vec![2, 3, 3], 9, 2, 8, 1);
//! let mut learner = Learner::new(config, LearnerConfig::default()).unwrap();
//! let batch = TrainBatch {
//!     batch: 1,
//!     observations: vec![0.0; 18],
//!     legal_mask: vec![true; 9],
//!     policy_targets: vec![1.0 / 9.0; 9],
//!     value_targets: vec![1.0, -1.0],
//! };
//! learner.train_step(&batch);
//! let net = learner.inference_net();
//! let out = net.infer(&batch.observations, 1);
//! let priors = masked_softmax(out.policy(0), &[0, 4, 8]);
//! assert_eq!(priors.len(), 3);
//! ```

mod atomic;
pub mod batch;
pub mod card;
pub mod checkpoint;
pub mod config;
pub mod device;
pub mod error;
pub mod frozen;
pub mod inference;
pub mod layers;
pub mod learner;
pub mod loss;
pub mod model_file;
pub mod net;
mod tensor;

pub use batch::TrainBatch;
pub use card::{Expected, ModelCard};
pub use config::{NetConfig, Norm, TrunkConfig, ValueActivation};
pub use device::LearnerDevice;
pub use error::NetError;
pub use frozen::FrozenNet;
pub use inference::{Inference, PolicyValueNet, masked_softmax};
pub use learner::{Learner, LearnerConfig, Losses};
pub use model_file::card_path;
