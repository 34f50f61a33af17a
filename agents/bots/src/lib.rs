//! The protocol bots (binaries in `src/bin/`) and what they share: the trained agents shipped in
//! `checkpoints/`, compiled in ([`shipped`]), the names `--agent` accepts, and a seed from the
//! clock.

pub mod shipped;

use std::time::{SystemTime, UNIX_EPOCH};

/// What `--agent` accepts in every bot: the trained agents (`az`: the network with tabula's
/// search; `net`: its policy alone), then the game's baselines.
///
/// ```
/// assert_eq!(tabula_bots::agent_names(&["random", "greedy"]), ["az", "net", "random", "greedy"]);
/// ```
pub fn agent_names(baselines: &[&'static str]) -> Vec<&'static str> {
    let mut names = vec!["az", "net"];
    names.extend(baselines);
    names
}

/// A seed for a bot started without `--seed`: the clock's nanoseconds and the process id, so two
/// bots started in the same instant (a referee starts both seats at once) still differ.
pub fn clock_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32)
}
