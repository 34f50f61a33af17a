//! Two-player games: a round robin (or a gauntlet), seats alternated in pairs of games from one
//! random opening, and ratings on the Elo scale from a Bradley–Terry fit with 95% intervals
//! ([`tabula_train::ratings`]).

use super::paired::PairedDiff;
use super::plan::{Arena, progress};
use crate::cli::records::{GameRecord, RecordSink};
use anyhow::Context;
use serde::Serialize;
use std::collections::BTreeMap;
use tabula::players::{KnownGame, Player};
use tabula_train::arena::{GameReport, MatchResult, Reporting, play_match_reported};
use tabula_train::elo::elo_from_score;
use tabula_train::ratings::{self, PairResult, Rating};

#[derive(Debug, Serialize)]
pub(super) struct TwoPlayerReport {
    pub(super) game: String,
    /// `round_robin` or `gauntlet`.
    pub(super) format: &'static str,
    pub(super) games_per_pairing: usize,
    pub(super) opening_plies: usize,
    /// The seed of the openings (none for a report from records).
    pub(super) seed: Option<u64>,
    /// The --records files the games come from (none when played now).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) from_records: Option<String>,
    /// The player rated 0.
    pub(super) anchor: String,
    /// How the ratings were found.
    pub(super) method: &'static str,
    pub(super) players: Vec<RatedPlayer>,
    pub(super) pairings: Vec<Pairing>,
}

#[derive(Debug, Serialize)]
pub(super) struct RatedPlayer {
    pub(super) player: String,
    pub(super) elo: f64,
    /// The 95% interval.
    pub(super) elo_low: f64,
    pub(super) elo_high: f64,
    pub(super) games: u32,
    /// Points per game over all its games, draws half.
    pub(super) score: f64,
    /// Protocol faults of a cmd: player (random legal moves stood in).
    pub(super) faults: usize,
}

#[derive(Debug, Serialize)]
pub(super) struct Pairing {
    /// The pairing from `a`'s side.
    pub(super) a: String,
    pub(super) b: String,
    pub(super) games: u32,
    pub(super) wins: u32,
    pub(super) draws: u32,
    pub(super) losses: u32,
    pub(super) score: f64,
    /// The Elo difference this score alone implies (±800 at most).
    pub(super) elo_diff: f64,
    /// None when the records do not say.
    pub(super) seconds_per_game: Option<f64>,
    /// `a`'s games in the first seat (it moved first), from its side.
    pub(super) first_seat: MatchResult,
    /// `a`'s games in the second seat, from its side.
    pub(super) second_seat: MatchResult,
    /// Games that differ in a move or in who sat where: fewer than `games` where timed searches
    /// replay the same game from the same opening (a game with few openings, as Upright's were
    /// with 2 plies). None when the records hold no moves.
    pub(super) distinct_games: Option<usize>,
    /// Where this pairing's `a` is the first pairing's too (a gauntlet, or a round robin's first
    /// player): `b`'s points minus the first pairing's `b`'s, game by game on the same openings
    /// (seeds) and seats, so that two players measured against one opponent are compared on the
    /// same games' luck. None in the first pairing and where `a` differs.
    pub(super) paired_vs_first: Option<PairedDiff>,
}

const METHOD: &str = "maximum-likelihood Bradley-Terry fit (draws half a point, one virtual draw a pairing), \
                      95% profile-likelihood intervals relative to the anchor";

/// How a two-player report's games were arranged.
pub(super) struct Header {
    pub(super) format: &'static str,
    pub(super) opening_plies: usize,
    pub(super) seed: Option<u64>,
    pub(super) from: Option<String>,
}

/// Plays the pairings; the report and every game, pairing by pairing.
pub(super) fn two_players<G: KnownGame>(
    game: &G,
    players: &[Player<G>],
    gauntlet: Option<usize>,
    a: &Arena,
    sink: &RecordSink,
) -> anyhow::Result<(TwoPlayerReport, Vec<GameRecord>)> {
    let n = players.len();
    let pairings: Vec<(usize, usize)> = match gauntlet {
        Some(g) => (0..n).filter(|&j| j != g).map(|j| (g, j)).collect(),
        None => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
    };
    let spec = game.spec();
    let opening_plies = a.opening_plies.unwrap_or_else(|| game.opening_plies());
    let bar = progress(pairings.len() * a.games, a.quiet);
    let mut played = Vec::new();
    for &(i, j) in &pairings {
        let (pi, pj) = (&players[i], &players[j]);
        bar.set_message(format!("{} vs {}", pi.name(), pj.name()));
        let on_game = |r: GameReport| {
            bar.inc(1);
            let mut seats = vec![pi.name().to_string(), pj.name().to_string()];
            if r.a_seat == 1 {
                seats.reverse();
            }
            sink.add(GameRecord::of(&spec, r, seats));
        };
        // Moves always: they tell how many of the games differ (cheap beside any search).
        let reporting = Reporting { moves: true, on_game: &on_game };
        play_match_reported(game, &*pi.opponent.make, &*pj.opponent.make, a.games, opening_plies, a.seed, &reporting);
        let mut games = sink.take();
        // Pair by pair, the pairing's first player's game first.
        games.sort_by_key(|r| (r.pair, r.players[0] != pi.name()));
        played.push(((i, j), games));
    }
    bar.finish_and_clear();
    let names: Vec<String> = players.iter().map(|p| p.name().to_string()).collect();
    let faults: Vec<usize> = players.iter().map(|p| p.faults()).collect();
    let anchor = players.iter().position(|p| p.spec.is_random()).unwrap_or(0);
    let header = Header {
        format: if gauntlet.is_some() { "gauntlet" } else { "round_robin" },
        opening_plies,
        seed: Some(a.seed),
        from: None,
    };
    let report = rate(&spec, &names, &faults, anchor, &played, header)?;
    Ok((report, played.into_iter().flat_map(|(_, games)| games).collect()))
}

/// The pairings' tables and the Bradley–Terry ratings of `names` from their games.
pub(super) fn rate(
    spec: &str,
    names: &[String],
    faults: &[usize],
    anchor: usize,
    pairings: &[((usize, usize), Vec<GameRecord>)],
    header: Header,
) -> anyhow::Result<TwoPlayerReport> {
    let (mut rows, mut results) = (Vec::new(), Vec::new());
    // The first pairing's `b`: its points in each game by (seed, its seat).
    let mut first_b_points: Option<BTreeMap<(u64, usize), f64>> = None;
    for ((i, j), games) in pairings {
        let mut by_seat = [MatchResult::default(); 2];
        let mut points = BTreeMap::new();
        for r in games {
            let mine = r.players.iter().position(|p| *p == names[*i]).context("a game without its player")?;
            let result = MatchResult::of_game(r.returns[mine], r.returns[1 - mine]);
            by_seat[mine] = by_seat[mine] + result;
            points.insert((r.seed, 1 - mine), MatchResult::of_game(r.returns[1 - mine], r.returns[mine]).score());
        }
        let paired_vs_first = match (pairings.first(), &first_b_points) {
            (Some(((first_a, _), _)), Some(first)) if first_a == i => {
                let diffs: Vec<f64> = points.iter().filter_map(|(key, p)| first.get(key).map(|q| p - q)).collect();
                (!diffs.is_empty()).then(|| PairedDiff::of(&diffs))
            }
            _ => None,
        };
        first_b_points.get_or_insert(points);
        let result = by_seat[0] + by_seat[1];
        let (MatchResult { wins, draws, losses }, count) = (result, result.games());
        let score = result.score();
        let seconds: Option<f64> = games.iter().map(|r| r.seconds).sum();
        results.push(PairResult::new(*i, *j, wins as f64 + 0.5 * draws as f64, count as f64));
        rows.push(Pairing {
            a: names[*i].clone(),
            b: names[*j].clone(),
            games: count,
            wins,
            draws,
            losses,
            score,
            elo_diff: elo_from_score(score),
            seconds_per_game: seconds.map(|s| s / count.max(1) as f64),
            first_seat: by_seat[0],
            second_seat: by_seat[1],
            distinct_games: distinct_games(games),
            paired_vs_first,
        });
    }
    let fitted: Vec<Rating> = ratings::fit(names.len(), &results, anchor)?;
    let rated = names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let (mut points, mut games) = (0.0, 0.0);
            for r in &results {
                if r.a == k {
                    (points, games) = (points + r.points, games + r.games);
                } else if r.b == k {
                    (points, games) = (points + r.games - r.points, games + r.games);
                }
            }
            RatedPlayer {
                player: name.clone(),
                elo: fitted[k].elo,
                elo_low: fitted[k].lo,
                elo_high: fitted[k].hi,
                games: games as u32,
                score: if games > 0.0 { points / games } else { 0.5 },
                faults: faults[k],
            }
        })
        .collect();
    Ok(TwoPlayerReport {
        game: spec.to_string(),
        format: header.format,
        games_per_pairing: rows.iter().map(|p| p.games as usize).max().unwrap_or(0),
        opening_plies: header.opening_plies,
        seed: header.seed,
        from_records: header.from,
        anchor: names[anchor].clone(),
        method: METHOD,
        players: rated,
        pairings: rows,
    })
}

/// How many of `games` differ in a move or in who sat where; None if a game has no moves (a
/// file of an older version; a game of no moves at all cannot be told apart either).
fn distinct_games(games: &[GameRecord]) -> Option<usize> {
    if games.iter().any(|r| r.moves.is_empty()) {
        return None;
    }
    let seen: std::collections::HashSet<(&[String], &[String])> =
        games.iter().map(|r| (&r.players[..], &r.moves[..])).collect();
    Some(seen.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::arena::report::Report;
    use tabula::players::{BuildOptions, GameTask, with_game};

    fn arena(players: &[&str], games: usize) -> Arena {
        Arena {
            game: "score4".into(),
            players: players.iter().map(|p| p.parse().unwrap()).collect(),
            gauntlet: None,
            games,
            opening_plies: Some(2),
            seed: 1,
            build: BuildOptions::default(),
            json: true,
            records: None,
            from_records: Vec::new(),
            plot: None,
            plot_in_order: false,
            quiet: true,
        }
    }

    struct Rate(Arena);

    impl GameTask for Rate {
        type Output = TwoPlayerReport;
        fn run<G: KnownGame>(self, game: G) -> anyhow::Result<TwoPlayerReport> {
            let players: Vec<Player<G>> =
                self.0.players.iter().map(|s| s.build(&game, &self.0.build)).collect::<anyhow::Result<_>>()?;
            let sink = RecordSink::create(None)?;
            Ok(two_players(&game, &players, None, &self.0, &sink)?.0)
        }
    }

    /// Players of known order come out in that order, told apart by their intervals.
    #[test]
    fn random_greedy_and_alphabeta_are_rated_in_order() {
        let report = with_game("score4", Rate(arena(&["greedy", "alphabeta:2", "random"], 24))).unwrap();
        let [greedy, alphabeta, random] = &report.players[..] else { panic!() };
        assert_eq!(report.anchor, "random");
        assert_eq!((random.elo, random.elo_low, random.elo_high), (0.0, 0.0, 0.0));
        assert!(random.elo < greedy.elo && greedy.elo < alphabeta.elo, "{:?}", report.players);
        assert!(greedy.elo_low > 0.0, "greedy is surely better than random: {greedy:?}");
        assert!(alphabeta.elo_low > greedy.elo_low, "{:?}", report.players);
        assert_eq!(report.pairings.len(), 3);
        assert!(report.pairings.iter().all(|p| p.games == 24));

        // The plot: the best on top, or (--plot-in-order) the players' own order.
        let report = Report::TwoPlayers(report);
        let labels = |in_order| report.estimates(in_order).2.into_iter().map(|e| e.label).collect::<Vec<_>>();
        assert_eq!(labels(false), ["alphabeta:2", "greedy", "random"]);
        assert_eq!(labels(true), ["greedy", "alphabeta:2", "random"]);
    }

    fn record(players: &[&str], seed: u64, returns: &[f64]) -> GameRecord {
        GameRecord::example(players, seed, returns)
    }

    #[test]
    fn a_pairing_counts_from_its_first_players_side_in_either_seat() {
        let names = ["x".to_string(), "y".to_string()];
        let games = vec![
            record(&["x", "y"], 1, &[1.0, -1.0]),
            record(&["y", "x"], 1, &[1.0, -1.0]),
            record(&["y", "x"], 2, &[-1.0, 1.0]),
            record(&["x", "y"], 2, &[0.0, 0.0]),
        ];
        let header = Header { format: "round_robin", opening_plies: 0, seed: None, from: Some("f".into()) };
        let report = rate("g", &names, &[0, 0], 1, &[((0, 1), games)], header).unwrap();
        let p = &report.pairings[0];
        assert_eq!((p.wins, p.draws, p.losses, p.score), (2, 1, 1, 0.625));
        assert_eq!(p.seconds_per_game, Some(2.0));
        assert_eq!(report.anchor, "y");
        // x first: a win and a draw; x second: a loss (y won as first) and a win.
        assert_eq!(p.first_seat, MatchResult { wins: 1, draws: 1, losses: 0 });
        assert_eq!(p.second_seat, MatchResult { wins: 1, draws: 0, losses: 1 });
        assert_eq!(p.distinct_games, None, "records without moves cannot be told apart");
    }

    #[test]
    fn a_gauntlets_players_are_compared_game_by_game_on_the_same_openings_and_seats() {
        let names = ["g".to_string(), "x".to_string(), "y".to_string()];
        // Against g: x wins seed 1 in both seats and loses seed 2 as first; y wins only seed 1
        // as second and draws seed 2 as first, and also played a seed x did not.
        let against_x = vec![
            record(&["x", "g"], 1, &[1.0, -1.0]),
            record(&["g", "x"], 1, &[-1.0, 1.0]),
            record(&["x", "g"], 2, &[-1.0, 1.0]),
        ];
        let against_y = vec![
            record(&["y", "g"], 1, &[-1.0, 1.0]),
            record(&["g", "y"], 1, &[-1.0, 1.0]),
            record(&["y", "g"], 2, &[0.0, 0.0]),
            record(&["y", "g"], 3, &[1.0, -1.0]),
        ];
        let header = Header { format: "gauntlet", opening_plies: 0, seed: None, from: Some("f".into()) };
        let pairings = [((0, 1), against_x), ((0, 2), against_y)];
        let report = rate("g", &names, &[0, 0, 0], 0, &pairings, header).unwrap();
        assert!(report.pairings[0].paired_vs_first.is_none(), "the first pairing is the reference");
        let d = report.pairings[1].paired_vs_first.as_ref().unwrap();
        // y minus x on the three shared games: -1, 0, +0.5.
        assert_eq!(d.games, 3);
        assert!((d.mean - (-0.5 / 3.0)).abs() < 1e-12, "{}", d.mean);
    }

    #[test]
    fn games_count_as_distinct_by_their_moves_and_seats() {
        let names = ["x".to_string(), "y".to_string()];
        let with_moves = |players: &[&str], seed, moves: &[&str]| {
            let mut r = record(players, seed, &[1.0, -1.0]);
            r.moves = moves.iter().map(|m| m.to_string()).collect();
            r
        };
        let games = vec![
            with_moves(&["x", "y"], 1, &["a1", "a2"]),
            with_moves(&["x", "y"], 2, &["a1", "a2"]), // the first game again, from another seed
            with_moves(&["y", "x"], 1, &["a1", "a2"]), // the same moves, seats swapped
            with_moves(&["x", "y"], 3, &["a1", "b1"]),
        ];
        let header = Header { format: "round_robin", opening_plies: 0, seed: None, from: Some("f".into()) };
        let report = rate("g", &names, &[0, 0], 1, &[((0, 1), games)], header).unwrap();
        assert_eq!(report.pairings[0].distinct_games, Some(3));
    }

    #[test]
    fn a_draw_returned_as_zero_and_minus_zero_is_a_draw_from_either_seat() {
        // Upright returns [d, -d], so its draws are [0.0, -0.0].
        let names = ["x".to_string(), "y".to_string()];
        let games = vec![record(&["x", "y"], 1, &[0.0, -0.0]), record(&["y", "x"], 1, &[0.0, -0.0])];
        let header = Header { format: "round_robin", opening_plies: 0, seed: None, from: Some("f".into()) };
        let report = rate("g", &names, &[0, 0], 1, &[((0, 1), games)], header).unwrap();
        let p = &report.pairings[0];
        assert_eq!((p.wins, p.draws, p.losses, p.score), (0, 2, 0, 0.5));
    }
}
