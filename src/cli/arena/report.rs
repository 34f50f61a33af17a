//! How an arena's results are shown: a table (or one JSON document) on stdout, and the plot
//! `--plot` asks for.

use super::one_player::OnePlayerReport;
use super::plan::Arena;
use super::two_players::{RatedPlayer, TwoPlayerReport};
use crate::cli::field::FieldReport;
use anyhow::Context;
use serde::Serialize;
use std::io::Write;
use tabula_train::arena::MatchResult;
use tabula_train::plot_estimates::{Estimate, draw_estimates_png};

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(super) enum Report {
    TwoPlayers(TwoPlayerReport),
    OnePlayer(OnePlayerReport),
    Field(FieldReport),
}

impl Report {
    /// Prints the table (or the JSON document) and draws the plot the arena asks for.
    pub(super) fn print(&self, a: &Arena) -> anyhow::Result<()> {
        let text = if a.json { serde_json::to_string_pretty(self)? + "\n" } else { self.table() };
        // A reader that stops early (`| head`) is no error.
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        if let Some(path) = &a.plot {
            let (title, axis, rows) = self.estimates(a.plot_in_order);
            draw_estimates_png(&title, axis, &rows, path).with_context(|| format!("--plot {}", path.display()))?;
        }
        Ok(())
    }

    /// What `--plot` draws: a title, the axis, and a row a player, the best on top (or in the
    /// players' order).
    pub(super) fn estimates(&self, in_order: bool) -> (String, &'static str, Vec<Estimate>) {
        let (title, axis, mut rows): (String, &str, Vec<Estimate>) = match self {
            Report::Field(r) => r.estimates(),
            Report::TwoPlayers(r) => (
                format!(
                    "{}: ratings with 95% intervals ({}, {} games a pairing, {} = 0)",
                    r.game,
                    r.format.replace('_', " "),
                    r.games_per_pairing,
                    r.anchor
                ),
                "Elo",
                r.players.iter().map(|p| Estimate::new(&p.player, p.elo, p.elo_low, p.elo_high)).collect(),
            ),
            Report::OnePlayer(r) => (
                format!("{}: mean score ± 1.96 s.e. on seeds {}", r.game, r.seeds),
                "points a game",
                r.players
                    .iter()
                    .map(|p| {
                        let half = 1.96 * p.std_error;
                        Estimate::new(&p.player, p.mean, p.mean - half, p.mean + half)
                    })
                    .collect(),
            ),
        };
        if !in_order {
            rows.sort_by(|a, b| b.value.total_cmp(&a.value));
        }
        (title, axis, rows)
    }

    fn table(&self) -> String {
        let seconds = |s: Option<f64>| s.map_or("-".to_string(), |s| format!("{s:.3}"));
        let mut out = String::new();
        let faults = |out: &mut String, name: &str, faults: usize| {
            if faults > 0 {
                out.push_str(&format!("{name}: {faults} protocol faults (random legal moves stood in)\n"));
            }
        };
        match self {
            Report::Field(r) => out.push_str(&r.table()),
            Report::TwoPlayers(r) => {
                let width = r.players.iter().map(|p| p.player.len()).max().unwrap_or(6).max(6);
                let pair_width = r.pairings.iter().map(|p| p.a.len() + p.b.len() + 4).max().unwrap_or(7).max(7);
                let source = match (&r.from_records, r.seed) {
                    (Some(files), _) => format!("from {files}"),
                    (None, Some(seed)) => format!("seed {seed}"),
                    (None, None) => String::new(),
                };
                out.push_str(&format!(
                    "{}: {}, {} games a pairing (seats alternate; {} random opening plies; {source})\n\n",
                    r.game,
                    r.format.replace('_', " "),
                    r.games_per_pairing,
                    r.opening_plies,
                ));
                let wdl = |m: &MatchResult| format!("{}-{}-{}", m.wins, m.draws, m.losses);
                out.push_str(&format!(
                    "{:<pair_width$}  {:>5} {:>5} {:>5}  {:>6}  {:>5}  {:>7}  {:>11}  {:>11}  {:>8}  {:>12}\n",
                    "PAIRING",
                    "WINS",
                    "DRAWS",
                    "LOSSES",
                    "SCORE",
                    "ELO",
                    "S/GAME",
                    "AS FIRST",
                    "AS SECOND",
                    "DISTINCT",
                    "PAIRED"
                ));
                for p in &r.pairings {
                    out.push_str(&format!(
                        "{:<pair_width$}  {:>5} {:>5} {:>5}  {:>5.1}%  {:>+5.0}  {:>7}  {:>11}  {:>11}  {:>8}  {:>12}\n",
                        format!("{} vs {}", p.a, p.b),
                        p.wins,
                        p.draws,
                        p.losses,
                        100.0 * p.score,
                        p.elo_diff,
                        seconds(p.seconds_per_game),
                        wdl(&p.first_seat),
                        wdl(&p.second_seat),
                        p.distinct_games.map_or("-".to_string(), |n| n.to_string()),
                        p.paired_vs_first.as_ref().map_or("-".to_string(), |d| format!(
                            "{:+.1} ± {:.1}",
                            100.0 * d.mean,
                            100.0 * d.std_error
                        ))
                    ));
                }
                out.push_str(
                    "\nAS FIRST, AS SECOND: the pairing's first player's wins-draws-losses in each seat; \
                     DISTINCT: games that differ in a move or a seat; PAIRED (where the first player is the first \
                     pairing's): the second player's score minus the first pairing's second player's, in points \
                     a hundred games, game by game on the same openings and seats, ± one standard error.\n\n",
                );
                out.push_str(&format!(
                    "{:<width$}  {:>6}  {:>16}  {:>6}  {:>6}\n",
                    "PLAYER", "ELO", "95% INTERVAL", "GAMES", "SCORE"
                ));
                let mut order: Vec<&RatedPlayer> = r.players.iter().collect();
                order.sort_by(|x, y| y.elo.total_cmp(&x.elo));
                for p in order {
                    let (elo, interval) = if p.player == r.anchor {
                        ("0".to_string(), "(anchor)".to_string())
                    } else {
                        (format!("{:+.0}", p.elo), format!("[{:+.0}, {:+.0}]", p.elo_low, p.elo_high))
                    };
                    out.push_str(&format!(
                        "{:<width$}  {:>6}  {:>16}  {:>6}  {:>5.1}%\n",
                        p.player,
                        elo,
                        interval,
                        p.games,
                        100.0 * p.score
                    ));
                }
                out.push_str(&format!("\nElo: {}; {} = 0.\n", r.method, r.anchor));
                for p in &r.players {
                    faults(&mut out, &p.player, p.faults);
                }
            }
            Report::OnePlayer(r) => {
                let width = r.players.iter().map(|p| p.player.len()).max().unwrap_or(6).max(6);
                let source = r.from_records.as_ref().map(|f| format!(" (from {f})")).unwrap_or_default();
                out.push_str(&format!("{}: seeds {} for every player{source}\n\n", r.game, r.seeds));
                out.push_str(&format!(
                    "{:<width$}  {:>16}  {:>8}  {:>7}  {:>7}  {:>7}  {:>9}  {:>18}\n",
                    "PLAYER", "MEAN ± S.E.", "MEDIAN", "MIN", "MAX", "S/GAME", "S/1000PTS", "PAIRED DIFF"
                ));
                for p in &r.players {
                    let diff = match &p.paired_diff {
                        Some(d) => format!("{:+.1} ± {:.1}", d.mean, d.std_error),
                        None => "(reference)".into(),
                    };
                    let per_points = p.seconds_per_1000_points.map_or("-".into(), |s| format!("{s:.2}"));
                    out.push_str(&format!(
                        "{:<width$}  {:>16}  {:>8.1}  {:>7.0}  {:>7.0}  {:>7}  {:>9}  {:>18}\n",
                        p.player,
                        format!("{:.1} ± {:.1}", p.mean, p.std_error),
                        p.median,
                        p.min,
                        p.max,
                        seconds(p.seconds_per_game),
                        per_points,
                        diff
                    ));
                }
                out.push_str(&format!(
                    "\nPAIRED DIFF: score minus {}'s on the same seed, mean ± s.e.\n",
                    r.players.first().map_or("", |p| p.player.as_str())
                ));
                for p in &r.players {
                    faults(&mut out, &p.player, p.faults);
                }
            }
        }
        out
    }
}
