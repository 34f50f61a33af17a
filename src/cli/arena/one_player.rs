//! One-player games: every player on the same seeds, and each player's per-seed difference to
//! the first (a paired comparison: the seeds' luck cancels).

use super::paired::PairedDiff;
use super::plan::{Arena, progress};
use crate::cli::records::{GameRecord, RecordSink};
use serde::Serialize;
use std::collections::BTreeMap;
use tabula::players::{KnownGame, Player};
use tabula_core::summary::Summary;
use tabula_train::arena::{GameReport, Reporting, play_scores_reported};

#[derive(Debug, Serialize)]
pub(super) struct OnePlayerReport {
    pub(super) game: String,
    pub(super) first_seed: u64,
    /// Seeds per player.
    pub(super) games: usize,
    /// The seeds, as ranges (`1-100`).
    pub(super) seeds: String,
    /// The --records files the games come from (none when played now).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) from_records: Option<String>,
    pub(super) players: Vec<ScoredPlayer>,
}

#[derive(Debug, Serialize)]
pub(super) struct ScoredPlayer {
    pub(super) player: String,
    pub(super) games: usize,
    pub(super) mean: f64,
    pub(super) std_error: f64,
    pub(super) median: f64,
    pub(super) min: f64,
    pub(super) max: f64,
    /// Seconds of play per game (one thread's time, whatever the parallelism; none when the
    /// records do not say).
    pub(super) seconds_per_game: Option<f64>,
    /// Seconds of play per 1,000 points (none when it scored nothing).
    pub(super) seconds_per_1000_points: Option<f64>,
    /// Mean and standard error of this player's score minus the first player's, seed by seed
    /// (none for the first player).
    pub(super) paired_diff: Option<PairedDiff>,
    pub(super) faults: usize,
}

/// Plays every player on the same seeds; the report and every game, player by player.
pub(super) fn one_player<G: KnownGame>(
    game: &G,
    players: &[Player<G>],
    a: &Arena,
    sink: &RecordSink,
) -> anyhow::Result<(OnePlayerReport, Vec<GameRecord>)> {
    let spec = game.spec();
    let bar = progress(players.len() * a.games, a.quiet);
    let mut by_player = Vec::new();
    for p in players {
        bar.set_message(p.name().to_string());
        let on_game = |r: GameReport| {
            bar.inc(1);
            sink.add(GameRecord::of(&spec, r, vec![p.name().to_string()]));
        };
        let reporting = Reporting { moves: sink.wants_moves(), on_game: &on_game };
        play_scores_reported(game, &*p.opponent.make, a.games, a.seed, &reporting);
        by_player.push(sink.take());
    }
    bar.finish_and_clear();
    let names: Vec<String> = players.iter().map(|p| p.name().to_string()).collect();
    let faults: Vec<usize> = players.iter().map(|p| p.faults()).collect();
    let report = score(&spec, &names, &faults, &by_player, None)?;
    let mut games: Vec<GameRecord> = by_player.into_iter().flatten().collect();
    games.sort_by_key(|r| (names.iter().position(|n| *n == r.players[0]), r.seed));
    Ok((report, games))
}

/// Each player's scores on the seeds, and its per-seed differences to the first player's.
pub(super) fn score(
    spec: &str,
    names: &[String],
    faults: &[usize],
    by_player: &[Vec<GameRecord>],
    from: Option<String>,
) -> anyhow::Result<OnePlayerReport> {
    let mut per_seed: Vec<BTreeMap<u64, &GameRecord>> = Vec::new();
    for (name, games) in names.iter().zip(by_player) {
        let mut seeds = BTreeMap::new();
        for r in games {
            let seed = r.seed;
            anyhow::ensure!(seeds.insert(seed, r).is_none(), "{name} has two games on seed {seed}");
        }
        per_seed.push(seeds);
    }
    let seeds: Vec<u64> = per_seed[0].keys().copied().collect();
    for (name, games) in names.iter().zip(&per_seed) {
        let own: Vec<u64> = games.keys().copied().collect();
        anyhow::ensure!(
            own == seeds,
            "{name} played seeds {} and {} played seeds {}: a paired comparison needs the same seeds",
            ranges(&own),
            names[0],
            ranges(&seeds)
        );
    }
    let first: Vec<f64> = per_seed[0].values().map(|r| r.returns[0]).collect();
    let players = names
        .iter()
        .zip(&per_seed)
        .enumerate()
        .map(|(k, (name, games))| {
            let scores: Vec<f64> = games.values().map(|r| r.returns[0]).collect();
            let seconds: Option<f64> = games.values().map(|r| r.seconds).sum();
            let s = Summary::of(&scores);
            let points: f64 = scores.iter().sum();
            let paired_diff = (k > 0).then(|| {
                let diffs: Vec<f64> = scores.iter().zip(&first).map(|(x, y)| x - y).collect();
                PairedDiff::of(&diffs)
            });
            ScoredPlayer {
                player: name.clone(),
                games: scores.len(),
                mean: s.mean,
                std_error: s.std_error,
                median: s.median,
                min: s.min,
                max: s.max,
                seconds_per_game: seconds.map(|t| t / scores.len().max(1) as f64),
                seconds_per_1000_points: seconds.filter(|_| points > 0.0).map(|t| 1000.0 * t / points),
                paired_diff,
                faults: faults[k],
            }
        })
        .collect();
    Ok(OnePlayerReport {
        game: spec.to_string(),
        first_seed: seeds.first().copied().unwrap_or(0),
        games: seeds.len(),
        seeds: ranges(&seeds),
        from_records: from,
        players,
    })
}

/// Sorted numbers as ranges: `1-50, 61-100`.
fn ranges(numbers: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < numbers.len() {
        let mut end = k;
        while end + 1 < numbers.len() && numbers[end + 1] == numbers[end] + 1 {
            end += 1;
        }
        parts.push(if end == k { numbers[k].to_string() } else { format!("{}-{}", numbers[k], numbers[end]) });
        k = end + 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(players: &[&str], seed: u64, returns: &[f64]) -> GameRecord {
        GameRecord::example(players, seed, returns)
    }

    #[test]
    fn paired_differences_come_seed_by_seed_whatever_the_order_of_the_games() {
        let names = ["a".to_string(), "b".to_string()];
        let a = vec![record(&["a"], 2, &[10.0]), record(&["a"], 1, &[30.0])];
        let b = vec![record(&["b"], 1, &[40.0]), record(&["b"], 2, &[10.0])];
        let report = score("g", &names, &[0, 0], &[a, b], None).unwrap();
        assert_eq!((report.first_seed, report.games, report.seeds.as_str()), (1, 2, "1-2"));
        let d = report.players[1].paired_diff.as_ref().unwrap();
        // Differences +10 and 0.
        assert_eq!((d.mean, d.std_error), (5.0, 5.0));
        assert_eq!(report.players[0].seconds_per_1000_points, Some(100.0));
    }

    #[test]
    fn paired_differences_need_the_same_seeds() {
        let names = ["a".to_string(), "b".to_string()];
        let a = vec![record(&["a"], 1, &[1.0]), record(&["a"], 2, &[1.0]), record(&["a"], 3, &[1.0])];
        let b = vec![record(&["b"], 1, &[1.0])];
        let e = score("g", &names, &[0, 0], &[a, b], None).unwrap_err().to_string();
        assert_eq!(e, "b played seeds 1 and a played seeds 1-3: a paired comparison needs the same seeds");
        let twice = vec![record(&["a"], 1, &[1.0]), record(&["a"], 1, &[2.0])];
        let e = score("g", &names[..1], &[0], &[twice], None).unwrap_err().to_string();
        assert_eq!(e, "a has two games on seed 1");
    }

    #[test]
    fn ranges_join_consecutive_numbers() {
        assert_eq!(ranges(&[1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10");
        assert_eq!(ranges(&[]), "");
    }
}
