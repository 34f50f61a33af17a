//! Work on a trained agent needs the game's type: this module matches a game spec with its
//! type and its baselines, and hands both to a [`GameJob`] (training, evaluation).

use std::time::Duration;
use tabula_core::{Game, GameSpec};
use tabula_search::SharedAdvisor;
use tabula_train::trainer::Opponent;

/// A game's hand-written players as a job needs them: opponents, and the advisor a run's config
/// may name.
pub struct Baselines<G: Game> {
    pub opponents: Vec<Opponent<G>>,
    pub advisor: Option<SharedAdvisor<G::State>>,
}

/// Something to do with a typed game and its baselines.
pub trait GameJob {
    fn run<G: Game>(self, game: G, baselines: Baselines<G>) -> anyhow::Result<()>;
}

/// The baselines a game's agents are measured against by default.
pub const DEFAULT_OPPONENTS: [&str; 2] = ["random", "greedy"];

/// Thinking time per move of Score 4's searching baselines.
pub const SEARCHING_BASELINE_MOVETIME: Duration = Duration::from_millis(100);

/// Builds the game of `game_spec`, the named baselines and advisor, and runs `job` on them.
pub fn dispatch(
    game_spec: &str,
    opponent_names: &[&str],
    advisor: Option<&str>,
    job: impl GameJob,
) -> anyhow::Result<()> {
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
            if let Some(name) = advisor {
                anyhow::bail!("Score 4 has no advisor (the config names {name:?}): remove search.advisor");
            }
            job.run(score4::Score4::from_spec(&spec)?, Baselines { opponents, advisor: None })
        }
        "superball" => {
            use tabula_baselines::superball::{PLAYERS, advisor_by_name, by_name};
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
            let advisor = advisor
                .map(|name| advisor_by_name(name).map_err(|e| anyhow::anyhow!("search.advisor: {e}")))
                .transpose()?;
            job.run(superball::Superball::from_spec(&spec)?, Baselines { opponents, advisor })
        }
        other => anyhow::bail!("tabula cannot train or evaluate {other} yet"),
    }
}

fn unknown(name: &str, known: &[&str]) -> anyhow::Error {
    anyhow::anyhow!("no baseline called {name:?}; choose among: {}", known.join(", "))
}
