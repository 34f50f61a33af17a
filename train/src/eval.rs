//! Evaluating a trained run: its model with search against baselines (two-player games, seats
//! alternated) or on fixed seeds beside the baselines (one-player games). `tabula eval` prints it.

use crate::arena::{AgentFactory, play_match, play_scores};
use crate::config::TrainConfig;
use crate::elo::elo_from_score;
use crate::evaluator::{eval_search_config, net_agent};
use crate::trainer::{Opponent, load_model};
use anyhow::Context;
use serde::Serialize;
use std::path::Path;
use std::time::Instant;
use tabula_core::{Agent, Game};

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

/// Loads the model of the run in `run` and plays it against `opponents`.
pub fn evaluate_run<G: Game>(
    game: &G,
    run: &Path,
    opponents: &[Opponent<G>],
    options: &EvalOptions,
) -> anyhow::Result<Vec<EvalRow>> {
    let config = TrainConfig::load(&run.join("config.toml"))
        .with_context(|| format!("{} does not look like a tabula run directory", run.display()))?;
    let (net, card) = load_model(game, run)?;
    let simulations = options.simulations.unwrap_or(config.search.eval_simulations);
    let search = eval_search_config(&config, simulations, options.considered);
    let name = format!("tabula@{}({simulations} sims)", card.training_step);
    let make_agent = || -> Box<dyn Agent<G::State>> {
        Box::new(net_agent(game, net.clone(), &config, search.clone(), name.clone()))
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
    let stats = Stats::of(&scores);
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

/// Mean, standard error of the mean, median and range of a sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stats {
    pub mean: f64,
    pub std_error: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Stats {
    pub fn of(xs: &[f64]) -> Stats {
        if xs.is_empty() {
            return Stats { mean: 0.0, std_error: 0.0, median: 0.0, min: 0.0, max: 0.0 };
        }
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 { xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
        let mut sorted = xs.to_vec();
        sorted.sort_by(f64::total_cmp);
        let mid = sorted.len() / 2;
        let median = if sorted.len() % 2 == 1 { sorted[mid] } else { (sorted[mid - 1] + sorted[mid]) / 2.0 };
        Stats { mean, std_error: (var / n).sqrt(), median, min: sorted[0], max: sorted[sorted.len() - 1] }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_a_small_sample() {
        let s = Stats::of(&[1.0, 2.0, 3.0, 10.0]);
        assert_eq!(s.mean, 4.0);
        assert_eq!(s.median, 2.5);
        assert_eq!((s.min, s.max), (1.0, 10.0));
        // sample variance (9 + 4 + 1 + 36) / 3 = 50/3, s.e. = sqrt(50/3/4)
        assert!((s.std_error - (50.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert_eq!(Stats::of(&[7.0]).median, 7.0);
    }
}
