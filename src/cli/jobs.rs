//! Work on a trained agent needs the game's type: this module matches a game spec with its
//! type and its baselines, and hands both to a [`GameJob`] (training, evaluation).

use std::time::Duration;
use tabula_core::{Game, GameSpec};
use tabula_train::trainer::Opponent;

/// Something to do with a typed game and its baseline opponents.
pub trait GameJob {
    fn run<G: Game>(self, game: G, opponents: Vec<Opponent<G>>) -> anyhow::Result<()>;
}

/// The baselines a game's agents are measured against by default.
pub const DEFAULT_OPPONENTS: [&str; 2] = ["random", "greedy"];

/// Thinking time per move of Score 4's searching baselines.
pub const SEARCHING_BASELINE_MOVETIME: Duration = Duration::from_millis(100);

/// Builds the game of `game_spec` and the named baselines, and runs `job` on them.
pub fn dispatch(game_spec: &str, opponent_names: &[&str], job: impl GameJob) -> anyhow::Result<()> {
    let spec: GameSpec = game_spec.parse()?;
    match spec.name.as_str() {
        "score4" => {
            use tabula_baselines::score4::{AGENT_NAMES, AgentOptions, agent_by_name};
            // The searching baselines (alphabeta, mcts) think for a fixed time per move.
            let options = AgentOptions { movetime: Some(SEARCHING_BASELINE_MOVETIME), depth: None };
            let opponents = opponent_names
                .iter()
                .map(|&name| {
                    let name = name.to_ascii_lowercase();
                    agent_by_name(&name, &options).map_err(|_| unknown(&name, &AGENT_NAMES))?;
                    let options = options.clone();
                    Ok(Opponent::<score4::Score4> {
                        name: name.clone(),
                        make: Box::new(move || agent_by_name(&name, &options).expect("checked above")),
                    })
                })
                .collect::<anyhow::Result<_>>()?;
            job.run(score4::Score4::from_spec(&spec)?, opponents)
        }
        "superball" => {
            use tabula_baselines::superball::{PLAYERS, by_name};
            let opponents = opponent_names
                .iter()
                .map(|&name| {
                    let name = name.to_ascii_lowercase();
                    by_name(&name, 0).ok_or_else(|| unknown(&name, PLAYERS))?;
                    Ok(Opponent::<superball::Superball> {
                        name: name.clone(),
                        make: Box::new(move || by_name(&name, 0).expect("checked above")),
                    })
                })
                .collect::<anyhow::Result<_>>()?;
            job.run(superball::Superball::from_spec(&spec)?, opponents)
        }
        other => anyhow::bail!("tabula cannot train or evaluate {other} yet"),
    }
}

fn unknown(name: &str, known: &[&str]) -> anyhow::Error {
    anyhow::anyhow!("no baseline called {name:?}; choose among: {}", known.join(", "))
}
