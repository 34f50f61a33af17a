//! The arena for games of three or more players: each player in one seat against a field of
//! one player (`--gauntlet`, by default the last of `--players`) in all the other seats, the seat
//! rotating game by game over the same deals ([`tabula_train::arena::play_field_reported`]).
//! The field's own row (it against itself) is the parity reference, and each player's firsts are
//! paired with the first player's on the same deals and seats (the deal's luck cancels).

use super::arena::{Arena, PairedDiff, progress};
use super::records::{GameRecord, RecordSink};
use serde::Serialize;
use std::collections::BTreeMap;
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
    /// `--from-records`: the files the games were read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
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
    /// Firsts (1 or 0 a game) minus the first player's, on the deals and seats both played
    /// (none for the first player, and where they share no game).
    paired_firsts: Option<PairedDiff>,
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
    let (mut played_by, mut games) = (Vec::new(), Vec::new());
    for player in players {
        bar.set_message(player.name().to_string());
        let on_game = |r: GameReport| {
            bar.inc(1);
            let mut names = vec![field.name().to_string(); p];
            names[r.a_seat] = player.name().to_string();
            sink.add(GameRecord::of(&spec, r, names));
        };
        let reporting = Reporting { moves: sink.wants_moves(), on_game: &on_game };
        play_field_reported(game, &*player.opponent.make, &*field.opponent.make, a.games, a.seed, &reporting);
        // In deal order, not the order the games ended: the records then read back into the
        // same table, sums taken in the same order.
        let mut played = sink.take();
        played.sort_by_key(|r| (r.pair, r.seat));
        let seconds = played.iter().filter_map(|r| r.seconds).sum::<f64>();
        // The records name each game's deal and the player's seat: the report reads them, as
        // `--from-records` does, rather than numbering the deals again.
        let seat_games = played
            .iter()
            .map(|r| SeatGame::of(r, r.seat.expect("a game of three or more records the measured seat")))
            .collect();
        played_by.push(Played {
            player: player.name().to_string(),
            games: seat_games,
            seconds,
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
        from: None,
        players: rows(&played_by),
    };
    Ok((report, games))
}

/// One game as a measured player played it: the deal's seed, its seat, and every seat's return.
struct SeatGame {
    deal: u64,
    seat: usize,
    returns: Vec<f64>,
}

impl SeatGame {
    /// The game of `record` as the player in `seat` played it.
    fn of(record: &GameRecord, seat: usize) -> SeatGame {
        SeatGame { deal: record.seed, seat, returns: record.returns.clone() }
    }

    /// The measured player's return and rank.
    fn outcome(&self) -> (f64, usize) {
        field_outcome(self.seat, &self.returns)
    }
}

/// A player's games against the field, with their seconds and the player's protocol faults.
struct Played {
    player: String,
    games: Vec<SeatGame>,
    seconds: f64,
    faults: usize,
}

/// The report's rows, each player's firsts paired with the first player's.
fn rows(played: &[Played]) -> Vec<FieldPlayer> {
    let first_by_game = |p: &Played| -> BTreeMap<(u64, usize), f64> {
        p.games.iter().map(|g| ((g.deal, g.seat), if g.outcome().1 == 1 { 1.0 } else { 0.0 })).collect()
    };
    let reference = played.first().map(first_by_game).unwrap_or_default();
    played
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let mut r = row(p);
            if k > 0 {
                let diffs: Vec<f64> = first_by_game(p)
                    .iter()
                    .filter_map(|(game, mine)| reference.get(game).map(|theirs| mine - theirs))
                    .collect();
                r.paired_firsts = (!diffs.is_empty()).then(|| PairedDiff::of(&diffs));
            }
            r
        })
        .collect()
}

/// A player's row from its games (without the paired difference).
fn row(played: &Played) -> FieldPlayer {
    let mine: Vec<(f64, usize)> = played.games.iter().map(SeatGame::outcome).collect();
    let returns = Summary::of(&mine.iter().map(|m| m.0).collect::<Vec<_>>());
    let ranks = Summary::of(&mine.iter().map(|m| m.1 as f64).collect::<Vec<_>>());
    let n = mine.len().max(1) as f64;
    let firsts = mine.iter().filter(|m| m.1 == 1).count() as f64 / n;
    FieldPlayer {
        player: played.player.clone(),
        games: mine.len(),
        mean_rank: ranks.mean,
        rank_std_error: ranks.std_error,
        mean_return: returns.mean,
        return_std_error: returns.std_error,
        firsts,
        firsts_std_error: (firsts * (1.0 - firsts) / n).sqrt(),
        paired_firsts: None,
        seconds_per_game: played.seconds / n,
        faults: played.faults,
    }
}

/// `--from-records` for games of three or more players: the report of field games played
/// before (by killed arenas too, or seed ranges played apart). The field is `field`, else the one
/// player in every game; each other game has one other player, in the record's seat. Games of the
/// field against itself need the seat the arena recorded (files of older versions lack it):
/// without it they are left out, and the report says how many.
pub fn tabulate(
    spec: &str,
    p: usize,
    field: Option<&str>,
    games: &[GameRecord],
    from: String,
) -> anyhow::Result<(FieldReport, usize)> {
    for r in games {
        anyhow::ensure!(
            r.players.len() == p && r.returns.len() == p,
            "--from-records: game {} has {} players and {} returns, not {p}",
            r.number,
            r.players.len(),
            r.returns.len()
        );
    }
    let field = match field {
        Some(f) => {
            anyhow::ensure!(
                games.iter().all(|r| r.players.iter().any(|n| n == f)),
                "--gauntlet {f}: not in every game of the records, so not their field"
            );
            f.to_string()
        }
        None => {
            let everywhere: Vec<&String> =
                games[0].players.iter().filter(|n| games.iter().all(|r| r.players.contains(n))).collect();
            match everywhere.first() {
                Some(f) if everywhere.iter().all(|n| n == f) => f.to_string(),
                Some(_) => anyhow::bail!("--from-records: name the field with --gauntlet"),
                None => anyhow::bail!("--from-records: no player is in every game, so the games have no field"),
            }
        }
    };
    // Per player, in the order they first appear: its games and their seconds.
    let mut played: Vec<Played> = Vec::new();
    let mut unseated = 0;
    // A game in two files (the field's own row, played on the same deals by every arena that
    // plays them) counts once; two different games on one deal and seat are refused.
    let mut seen: BTreeMap<(&str, u64, usize), &GameRecord> = BTreeMap::new();
    for r in games {
        let others: Vec<usize> = (0..p).filter(|&s| r.players[s] != field).collect();
        let seat = match (others.as_slice(), r.seat) {
            ([], None) => {
                unseated += 1;
                continue;
            }
            ([], Some(s)) if s < p => s,
            (&[s], None) => s,
            (&[s], Some(recorded)) if s == recorded => s,
            _ => anyhow::bail!(
                "--from-records: game {} is not one player against {field} in the other seats: {} (seat {:?})",
                r.number,
                r.players.join(", "),
                r.seat
            ),
        };
        let name = &r.players[seat];
        if let Some(earlier) = seen.insert((name, r.seed, seat), r) {
            anyhow::ensure!(
                (&earlier.players, &earlier.moves, &earlier.returns) == (&r.players, &r.moves, &r.returns),
                "--from-records: {name} has two different games on deal {} in seat {seat}",
                r.seed
            );
            continue;
        }
        let k = played.iter().position(|p| p.player == *name).unwrap_or_else(|| {
            played.push(Played { player: name.clone(), games: Vec::new(), seconds: 0.0, faults: 0 });
            played.len() - 1
        });
        played[k].games.push(SeatGame::of(r, seat));
        played[k].seconds += r.seconds.unwrap_or(0.0);
    }
    anyhow::ensure!(!played.is_empty(), "--from-records: no game has a measured seat");
    // The field's own row, the parity reference, comes last as in a live arena (a stable sort).
    played.sort_by_key(|p| p.player == field);
    let players = rows(&played);
    let report = FieldReport {
        game: spec.to_string(),
        players_per_game: p,
        field,
        games: players.iter().map(|r| r.games).max().unwrap_or(0),
        seed: games.iter().map(|r| r.seed).min().unwrap_or(0),
        from: Some(from),
        players,
    };
    Ok((report, unseated))
}

impl FieldReport {
    pub fn table(&self) -> String {
        let width = self.players.iter().map(|p| p.player.len()).max().unwrap_or(6).max(6);
        let p = self.players_per_game as f64;
        let games = match &self.from {
            None => format!("{} games each, deals from seed {}", self.games, self.seed),
            Some(files) => format!("games from {files}"),
        };
        let mut out = format!(
            "{}: each player in one seat (rotating) against {} in the other {}; {games}\n\n",
            self.game,
            self.field,
            self.players_per_game - 1,
        );
        out.push_str(&format!(
            "{:<width$}  {:>15}  {:>16}  {:>14}  {:>18}  {:>7}\n",
            "PLAYER", "MEAN RANK", "RETURN", "FIRSTS", "PAIRED FIRSTS", "S/GAME"
        ));
        for (k, r) in self.players.iter().enumerate() {
            let paired = match (&r.paired_firsts, k) {
                (_, 0) => "(reference)".to_string(),
                (None, _) => "(no game shared)".to_string(),
                (Some(d), _) if d.games == r.games => format!("{:+.1} ± {:.1}", 100.0 * d.mean, 100.0 * d.std_error),
                (Some(d), _) => format!("{:+.1} ± {:.1} ({})", 100.0 * d.mean, 100.0 * d.std_error, d.games),
            };
            out.push_str(&format!(
                "{:<width$}  {:>15}  {:>16}  {:>14}  {:>18}  {:>7.3}\n",
                r.player,
                format!("{:.3} ± {:.3}", r.mean_rank, r.rank_std_error),
                format!("{:+.3} ± {:.3}", r.mean_return, r.return_std_error),
                format!("{:.1}% ± {:.1}", 100.0 * r.firsts, 100.0 * r.firsts_std_error),
                paired,
                r.seconds_per_game
            ));
        }
        out.push_str(&format!(
            "\nParity: mean rank {:.1}, firsts {:.1}% (± one standard error).\n",
            (p + 1.0) / 2.0,
            100.0 / p
        ));
        if let Some(reference) = self.players.first().filter(|_| self.players.len() > 1) {
            out.push_str(&format!(
                "PAIRED FIRSTS: firsts minus {}'s on the same deals and seats, points ± s.e. (games shared, where fewer).\n",
                reference.player
            ));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn game(players: &[&str], seat: Option<usize>, returns: &[f64]) -> GameRecord {
        dealt(9, players, seat, returns)
    }

    fn dealt(seed: u64, players: &[&str], seat: Option<usize>, returns: &[f64]) -> GameRecord {
        GameRecord {
            game: "g".into(),
            number: 1,
            seed,
            pair: 0,
            players: players.iter().map(|p| p.to_string()).collect(),
            opening_plies: 0,
            moves: vec![],
            returns: returns.to_vec(),
            result: String::new(),
            seconds: Some(3.0),
            seat,
        }
    }

    #[test]
    fn records_give_each_player_its_seat_against_the_field() {
        let games = [
            game(&["x", "f", "f"], None, &[1.0, 0.0, -1.0]),
            game(&["f", "x", "f"], Some(1), &[1.0, -1.0, 0.0]),
            game(&["f", "f", "f"], Some(2), &[1.0, -1.0, 0.0]),
            // An older file's game of the field against itself: no seat, left out.
            game(&["f", "f", "f"], None, &[1.0, -1.0, 0.0]),
        ];
        let (report, unseated) = tabulate("g", 3, None, &games, "a.jsonl".into()).unwrap();
        assert_eq!(unseated, 1);
        assert_eq!(report.field, "f");
        let [x, f] = &report.players[..] else { panic!("{:?}", report.players) };
        assert_eq!((x.player.as_str(), x.games, x.mean_rank, x.firsts), ("x", 2, 2.0, 0.5));
        assert_eq!((x.mean_return, x.seconds_per_game), (0.0, 3.0));
        assert_eq!((f.player.as_str(), f.games, f.mean_rank, f.mean_return), ("f", 1, 2.0, 0.0));
        assert!(report.table().contains("games from a.jsonl"), "{}", report.table());
    }

    #[test]
    fn records_without_one_field_are_refused() {
        let two = [game(&["x", "y", "f"], None, &[1.0, 0.0, -1.0])];
        let e = tabulate("g", 3, Some("f"), &two, String::new()).unwrap_err().to_string();
        assert!(e.contains("not one player against f"), "{e}");
        let mixed = [game(&["x", "f", "f"], None, &[1.0, 0.0, -1.0]), game(&["y", "g", "g"], None, &[1.0, 0.0, -1.0])];
        let e = tabulate("g", 3, None, &mixed, String::new()).unwrap_err().to_string();
        assert!(e.contains("no player is in every game"), "{e}");
        let e = tabulate("g", 3, Some("y"), &mixed[..1], String::new()).unwrap_err().to_string();
        assert!(e.contains("--gauntlet y: not in every game"), "{e}");
        let wrong_seat = [game(&["x", "f", "f"], Some(1), &[1.0, 0.0, -1.0])];
        assert!(tabulate("g", 3, None, &wrong_seat, String::new()).is_err());
        let short = [game(&["x", "f"], None, &[1.0, -1.0])];
        let e = tabulate("g", 3, None, &short, String::new()).unwrap_err().to_string();
        assert!(e.contains("has 2 players and 2 returns, not 3"), "{e}");
    }

    #[test]
    fn firsts_are_paired_with_the_first_players_on_the_deals_and_seats_both_played() {
        let games = [
            dealt(1, &["x", "f", "f"], Some(0), &[1.0, 0.0, -1.0]),
            dealt(1, &["f", "x", "f"], Some(1), &[1.0, -1.0, 0.0]),
            dealt(1, &["y", "f", "f"], Some(0), &[-1.0, 1.0, 0.0]),
            dealt(1, &["f", "y", "f"], Some(1), &[0.0, 1.0, -1.0]),
            // x never played deal 2: this game has no pair.
            dealt(2, &["f", "f", "y"], Some(2), &[0.0, -1.0, 1.0]),
        ];
        let (report, _) = tabulate("g", 3, Some("f"), &games, "a.jsonl".into()).unwrap();
        let [x, y] = &report.players[..] else { panic!("{:?}", report.players) };
        assert!(x.paired_firsts.is_none());
        let d = y.paired_firsts.as_ref().unwrap();
        // Differences -1 (deal 1, seat 0) and +1 (deal 1, seat 1).
        assert_eq!((d.games, d.mean, d.std_error), (2, 0.0, 1.0));
        assert_eq!(y.firsts, 2.0 / 3.0);
        let table = report.table();
        assert!(table.contains("+0.0 ± 100.0 (2)") && table.contains("(reference)"), "{table}");
        assert!(table.contains("firsts minus x's on the same deals and seats"), "{table}");
        // The same game in two files counts once; another game on its deal and seat is refused.
        let mut again = games[0].clone();
        again.seconds = Some(2.0);
        let (twice, _) = tabulate("g", 3, Some("f"), &[games[0].clone(), again.clone()], String::new()).unwrap();
        assert_eq!(twice.players[0].games, 1);
        again.returns = vec![-1.0, 1.0, 0.0];
        let e = tabulate("g", 3, Some("f"), &[games[0].clone(), again], String::new()).unwrap_err().to_string();
        assert_eq!(e, "--from-records: x has two different games on deal 1 in seat 0");
    }
}
