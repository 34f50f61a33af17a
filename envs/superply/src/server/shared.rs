//! What the server's tasks share: how games are played ([`Settings`]), the game itself, the
//! lobby where connections wait for an opponent, and the counters ([`Stats`]).

use super::lobby::Lobby;
use super::mailbox::Player;
use crate::game::{Mode, Superply};
use crate::hint::{Hint, default_hints};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How the server's games are played.
#[derive(Debug, Clone)]
pub struct Settings {
    pub size: usize,
    pub mode: Mode,
    pub hints: Vec<Hint>,
    /// Time for one move; the mover loses when it runs out.
    pub move_time: Duration,
    /// A connection outside a game that sends nothing for this long is closed.
    pub idle: Duration,
    /// Seeds random mode's hint draws (game by game) for reproducible runs; `None`: the OS's.
    pub seed: Option<u64>,
    /// A line on stderr per finished game.
    pub verbose: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            size: 9,
            mode: Mode::Random,
            hints: default_hints(),
            move_time: Duration::from_secs(60),
            idle: Duration::from_secs(300),
            seed: None,
            verbose: false,
        }
    }
}

/// Counts of games, for the load test and the operator.
#[derive(Debug, Default)]
pub struct Stats {
    pub started: AtomicU64,
    pub finished: AtomicU64,
    pub connections: AtomicU64,
}

/// What every task of the server shares.
#[derive(Debug)]
pub(crate) struct Shared {
    pub(super) settings: Settings,
    pub(super) game: Superply,
    pub(super) lobby: Mutex<Lobby<Player>>,
    pub(super) stats: Arc<Stats>,
    pub(super) next_session: AtomicU64,
}

impl Shared {
    pub(super) fn next_session(&self) -> u64 {
        self.stats.connections.fetch_add(1, Ordering::Relaxed);
        self.next_session.fetch_add(1, Ordering::Relaxed) + 1
    }
}
