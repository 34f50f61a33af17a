//! How players are built: the settings a spec does not carry, and the factories built players make
//! their agents with.

use std::time::Duration;
use tabula_core::{Agent, Game};

/// How players are built: settings that are not part of a spec.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Thinking time a move of the searching baselines named without a number.
    pub movetime: Duration,
    /// Root actions a trained model's Gumbel search considers (default: its run's `considered`).
    pub considered: Option<usize>,
    /// How long a Score 4 `cmd:` program may take to answer one command.
    pub command_timeout: Duration,
    /// Show `cmd:` programs' stderr.
    pub verbose: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            movetime: Duration::from_millis(1000),
            considered: None,
            command_timeout: tabula_core::program_options::DEFAULT_ANSWER_TIMEOUT,
            verbose: false,
        }
    }
}

/// Makes fresh agents of a player, one per thread.
pub type Factory<G> = Box<dyn Fn() -> Box<dyn Agent<<G as Game>::State>> + Send + Sync>;
