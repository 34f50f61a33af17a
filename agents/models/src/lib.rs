//! tabula-models: a trained model as players meet it. The trainer writes models; the bots, the
//! arena and the command line play them; this crate is where the two meet, so that the bots
//! never depend on the trainer (KataGo's engine and trainer meet only in model files, too).
//!
//! * [`model`] — [`TrainedModel`]: weights + card + the run's play settings, loaded from a run
//!   directory, a `checkpoints/<game>/` folder, a `model.bpk` or bytes compiled into a binary, and
//!   the agents it plays as (search, timed search, policy alone).
//! * [`play_config`] — [`PlayConfig`]: the part of a run's `config.toml` that playing needs.
//! * [`search_settings`] — [`SearchSettings`]: the `[search]` section, shared with training.
//! * [`evaluator`] — [`NetEvaluator`]: a network as the search's leaf evaluator.
//! * [`eval_cache`] — the network's answers remembered by observation, for players.
//! * [`value_codec`] — returns to value targets and back.
//! * [`run_files`] — the names of a run's files and its latest checkpoint.

pub mod eval_cache;
pub mod evaluator;
pub mod manifest;
pub mod model;
pub mod play_config;
pub mod run_files;
pub mod search_settings;
pub mod value_codec;

pub use evaluator::{NetEvaluator, net_agent};
pub use model::{PolicyAgent, TrainedModel};
pub use play_config::PlayConfig;
pub use search_settings::{SearchSettings, SelfPlayRoot};
pub use value_codec::{ValueCodec, ValueTransform};
