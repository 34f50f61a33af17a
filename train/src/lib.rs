//! tabula-train: the generic self-play trainer. It never names a game: `tabula train <game>`
//! picks the game and its baselines, this crate does the rest.
//!
//! * [`afterstate`] — the other trainer: n-tuple afterstate values by TD from cheap self-play
//!   (`method = "afterstate-td"` in a config), for single-player games with chance.
//! * [`selfplay`] — lockstep self-play workers (batched leaf evaluation) producing [`Sample`]s;
//!   [`field`] — hand-written players in the other seats of some of their games.
//! * [`replay`] — the replay buffer.
//! * [`bench`] — the self-play throughput benchmark.
//! * [`arena`] — matches between agents and single-player score runs, optionally recorded.
//! * [`ratings`] — Elo ratings with intervals (Bradley–Terry); [`elo`] — one score as Elo.
//! * [`log`] — TensorBoard scalars and a JSONL log; [`plot`] — its learning curves as a PNG.
//! * [`checkpoint`] — atomic checkpoint directories; [`cpu`] — process CPU time and utilisation.
//!
//! Models as players (loading, agents, the network as evaluator) live in `tabula-models`, which
//! the bots use without this crate.
//! * [`trainer`] — the loop that ties them together; [`config`] — its TOML configuration.

pub mod afterstate;
pub mod arena;
pub mod bench;
pub mod checkpoint;
pub mod config;
pub mod cpu;
pub mod distributed;
pub mod elo;
pub mod field;
pub mod log;
pub mod plot;
pub mod plot_estimates;
pub mod ratings;
pub mod replay;
pub mod sample;
pub mod selfplay;
pub mod trainer;

pub use sample::Sample;
