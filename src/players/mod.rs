//! Player specs: the one place where a player named on the command line (`tabula arena
//! --players`, `tabula play --opponent`, `tabula eval --against`, training's baselines) is read
//! and built, for every game tabula can seat players in.
//!
//! ```text
//! random  greedy  alphabeta  alphabeta:4  mcts:200  lookahead:500
//! run:runs/score4-1700000000  run:runs/score4-1700000000:800  ckpt:checkpoints/score4/model.bpk
//! shipped  shipped:400  cmd:"score4-bot --agent greedy"
//! ```
//!
//! * [`spec`] — the spec as text: [`PlayerSpec`], [`Budget`], their syntax and errors.
//! * [`options`] — [`BuildOptions`], the settings a spec does not carry, and [`Factory`].
//! * [`known_game`] — [`KnownGame`]: what each game seats (baselines, advisors, programs), and
//!   [`with_game`], which turns a game spec into its type.
//! * [`player`] — [`Player`]: a spec built for a game (models loaded, programs checked).

pub mod known_game;
pub mod options;
pub mod player;
pub mod spec;

pub use known_game::{GameTask, KnownGame, with_game};
pub use options::{BuildOptions, Factory};
pub use player::Player;
pub use spec::{BadSpec, Budget, PlayerSpec, SPEC_HELP, parse_all};
