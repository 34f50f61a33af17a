//! Evaluating a trained run: its model with search against baselines (two-player games, seats
//! alternated) or on fixed seeds beside the baselines (one-player games). `tabula eval` prints it.

use crate::arena::{AgentFactory, play_match, play_scores};
use crate::config::TrainConfig;
use crate::elo::elo_from_score;
use crate::evaluator::{eval_search_config, net_agent};
use crate::trainer::{Opponent, load_model};
use serde::Serialize;
use std::path::Path;
use std::time::Instant;
use tabula_core::summary::Summary;
use tabula_core::{Agent, Game};
use tabula_search::SharedAdvisor;

/// How a run is evaluated.
#[derive(Debug, Clone)]
pub struct EvalOptions {
    /// Games per opponent (two players) or seeds (one player).
    pub games: usize,
    /// Search simulations per move (default: the run's `eval_simulations`).
    pub simulations: Option<usize>,
    /// Root actions the Gumbel search considers (default: the run's `considered`).
    pub considered: Option<usize>,
    /// Random plies that open each pair of games (two players).
    pub opening_plies: usize,
    /// Seed of the match (two players), or the first game seed (one player).
    pub seed: u64,
}

/// One line of the result: the agent against one opponent, or one player's scores on the seeds.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EvalRow {
    Match {
        opponent: String,
        games: u32,
        wins: u32,
        draws: u32,
        losses: u32,
        score: f64,
        elo_diff: f64,
        seconds: f64,
    },
    Scores {
        player: String,
        games: usize,
        first_seed: u64,
        mean: f64,
        std_error: f64,
        median: f64,
        min: f64,
        max: f64,
        seconds: f64,
    },
}

/// Loads the model of the run in `run` (trained with `config`, its `config.toml`) and plays it,
/// with the advisor its config names, against `opponents`.
pub fn evaluate_run<G: Game>(
    game: &G,
    run: &Path,
    config: &TrainConfig,
    opponents: &[Opponent<G>],
    advisor: Option<SharedAdvisor<G::State>>,
    options: &EvalOptions,
) -> anyhow::Result<Vec<EvalRow>> {
    let (net, card) = load_model(game, run)?;
    let simulations = options.simulations.unwrap_or(config.search.eval_simulations);
    let search = eval_search_config(config, simulations, options.considered);
    let name = format!("tabula@{}({simulations} sims)", card.training_step);
    let make_agent = || -> Box<dyn Agent<G::State>> {
        Box::new(net_agent(game, net.clone(), config, search.clone(), name.clone()).with_advisor(advisor.clone()))
    };
    let mut rows = Vec::new();
    match game.num_players() {
        2 => {
            for opponent in opponents {
                let start = Instant::now();
                let r =
                    play_match(game, &make_agent, &*opponent.make, options.games, options.opening_plies, options.seed);
                rows.push(EvalRow::Match {
                    opponent: opponent.name.clone(),
                    games: r.games(),
                    wins: r.wins,
                    draws: r.draws,
                    losses: r.losses,
                    score: r.score(),
                    elo_diff: elo_from_score(r.score()),
                    seconds: start.elapsed().as_secs_f64(),
                });
            }
        }
        1 => {
            rows.push(score_row(game, &name, &make_agent, options));
            for opponent in opponents {
                rows.push(score_row(game, &opponent.name, &*opponent.make, options));
            }
        }
        n => anyhow::bail!("evaluating {n}-player games is not supported yet"),
    }
    Ok(rows)
}

fn score_row<G: Game>(game: &G, player: &str, make: AgentFactory<G::State>, options: &EvalOptions) -> EvalRow {
    let start = Instant::now();
    let scores = play_scores(game, make, options.games, options.seed);
    let stats = Summary::of(&scores);
    EvalRow::Scores {
        player: player.to_string(),
        games: scores.len(),
        first_seed: options.seed,
        mean: stats.mean,
        std_error: stats.std_error,
        median: stats.median,
        min: stats.min,
        max: stats.max,
        seconds: start.elapsed().as_secs_f64(),
    }
}

impl std::fmt::Display for EvalRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalRow::Match { opponent, games, wins, draws, losses, score, elo_diff, seconds } => write!(
                f,
                "vs {opponent:<10} {games:>4} games  +{wins} ={draws} -{losses}  score {:.1}%  Elo {elo_diff:+.0}  ({seconds:.0} s)",
                score * 100.0
            ),
            EvalRow::Scores { player, games, first_seed, mean, std_error, median, min, max, seconds } => write!(
                f,
                "{player:<24} seeds {first_seed}-{}  mean {mean:.1} ± {std_error:.1}  median {median:.1}  min {min:.0}  max {max:.0}  ({:.2} s/game)",
                first_seed + *games as u64 - 1,
                seconds / (*games).max(1) as f64
            ),
        }
    }
}
