//! The arena for games of three or more players: each player in one seat against a field of
//! one player (`--gauntlet`, by default the last of `--players`) in all the other seats, the seat
//! rotating game by game over the same deals ([`tabula_train::arena::play_field_reported`]).
//! The field's own row (it against itself) is the parity reference.

use super::arena::{Arena, progress};
use super::records::{GameRecord, RecordSink};
use serde::Serialize;
use tabula::players::{KnownGame, Player};
use tabula_core::summary::Summary;
use tabula_train::arena::{GameReport, Reporting, field_outcome, play_field_reported};
use tabula_train::plot_estimates::Estimate;

#[derive(Debug, Serialize)]
pub struct FieldReport {
    game: String,
    players_per_game: usize,
    /// The player in every other seat.
    field: String,
    /// Games per player (deals `seed .. seed + games / players`, each with the player in every seat).
    games: usize,
    seed: u64,
    players: Vec<FieldPlayer>,
}

#[derive(Debug, Serialize)]
struct FieldPlayer {
    player: String,
    games: usize,
    /// 1 is first; ties share the best rank.
    mean_rank: f64,
    rank_std_error: f64,
    /// The player's return (for Clue: +1 first to -1 last).
    mean_return: f64,
    return_std_error: f64,
    /// Share of games it ranked first, with its standard error.
    firsts: f64,
    firsts_std_error: f64,
    seconds_per_game: f64,
    faults: usize,
}

/// Plays every player against the field; the report and every game, player by player.
pub fn field<G: KnownGame>(
    game: &G,
    players: &[Player<G>],
    a: &Arena,
    sink: &RecordSink,
) -> anyhow::Result<(FieldReport, Vec<GameRecord>)> {
    let p = game.num_players();
    let spec = game.spec();
    let field = players.last().expect("at least one player");
    let bar = progress(players.len() * a.games, a.quiet);
    let (mut rows, mut games) = (Vec::new(), Vec::new());
    for player in players {
        bar.set_message(player.name().to_string());
        let on_game = |r: GameReport| {
            bar.inc(1);
            let mut names = vec![field.name().to_string(); p];
            names[r.a_seat] = player.name().to_string();
            sink.add(GameRecord::of(&spec, r, names));
        };
        let reporting = Reporting { moves: sink.wants_moves(), on_game: &on_game };
        let results =
            play_field_reported(game, &*player.opponent.make, &*field.opponent.make, a.games, a.seed, &reporting);
        let played = sink.take();
        let mine: Vec<(f64, usize)> = results.iter().map(|(seat, returns)| field_outcome(*seat, returns)).collect();
        let returns = Summary::of(&mine.iter().map(|m| m.0).collect::<Vec<_>>());
        let ranks = Summary::of(&mine.iter().map(|m| m.1 as f64).collect::<Vec<_>>());
        let n = mine.len().max(1) as f64;
        let firsts = mine.iter().filter(|m| m.1 == 1).count() as f64 / n;
        rows.push(FieldPlayer {
            player: player.name().to_string(),
            games: mine.len(),
            mean_rank: ranks.mean,
            rank_std_error: ranks.std_error,
            mean_return: returns.mean,
            return_std_error: returns.std_error,
            firsts,
            firsts_std_error: (firsts * (1.0 - firsts) / n).sqrt(),
            seconds_per_game: played.iter().filter_map(|r| r.seconds).sum::<f64>() / n,
            faults: player.faults(),
        });
        games.extend(played);
    }
    bar.finish_and_clear();
    let report = FieldReport {
        game: spec,
        players_per_game: p,
        field: field.name().to_string(),
        games: a.games,
        seed: a.seed,
        players: rows,
    };
    Ok((report, games))
}

impl FieldReport {
    pub fn table(&self) -> String {
        let width = self.players.iter().map(|p| p.player.len()).max().unwrap_or(6).max(6);
        let p = self.players_per_game as f64;
        let mut out = format!(
            "{}: each player in one seat (rotating) against {} in the other {}; {} games each, deals from seed {}\n\n",
            self.game,
            self.field,
            self.players_per_game - 1,
            self.games,
            self.seed
        );
        out.push_str(&format!(
            "{:<width$}  {:>15}  {:>16}  {:>14}  {:>7}\n",
            "PLAYER", "MEAN RANK", "RETURN", "FIRSTS", "S/GAME"
        ));
        for r in &self.players {
            out.push_str(&format!(
                "{:<width$}  {:>15}  {:>16}  {:>14}  {:>7.3}\n",
                r.player,
                format!("{:.3} ± {:.3}", r.mean_rank, r.rank_std_error),
                format!("{:+.3} ± {:.3}", r.mean_return, r.return_std_error),
                format!("{:.1}% ± {:.1}", 100.0 * r.firsts, 100.0 * r.firsts_std_error),
                r.seconds_per_game
            ));
        }
        out.push_str(&format!(
            "\nParity: mean rank {:.1}, firsts {:.1}% (± one standard error).\n",
            (p + 1.0) / 2.0,
            100.0 / p
        ));
        for r in self.players.iter().filter(|r| r.faults > 0) {
            out.push_str(&format!("{}: {} protocol faults (random legal moves stood in)\n", r.player, r.faults));
        }
        out
    }

    pub fn estimates(&self) -> (String, &'static str, Vec<Estimate>) {
        let rows = self
            .players
            .iter()
            .map(|r| {
                let half = 1.96 * r.return_std_error;
                Estimate::new(&r.player, r.mean_return, r.mean_return - half, r.mean_return + half)
            })
            .collect();
        (format!("{}: mean return ± 1.96 s.e. against {} in every other seat", self.game, self.field), "return", rows)
    }
}
