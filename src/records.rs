//! The arena's `--records` files: one game a JSON line, written as each game ends (so a killed
//! arena keeps every game it finished) and put in order once the arena is done; read back by
//! `tabula replay` and by `tabula arena --from-records`.

use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tabula_train::arena::{GameReport, MatchResult};

/// One game in a `--records` file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's spec string.
    pub game: String,
    /// 1 for the file's first game, and so on (`tabula replay --game N`).
    pub number: usize,
    /// Seed of the initial state and of chance (two players: also a pair's; one player: the seed).
    pub seed: u64,
    /// Two players: the pair of games (same opening, seats swapped) within its pairing.
    pub pair: usize,
    /// The players by seat (seat 0 moves first).
    pub players: Vec<String>,
    /// How many of the first moves were the random opening.
    pub opening_plies: usize,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// Returns by seat.
    pub returns: Vec<f64>,
    /// `1-0`, `0-1` or `1/2-1/2` (two players), or the score (one player).
    pub result: String,
    /// Wall-clock seconds the game took (absent in files of older versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// Games of three or more players: the seat of the measured player, the field in all the
    /// others (absent in two- and one-player games, and in files of older versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
}

impl GameRecord {
    /// A record of game `g` for the arena's tests: `players` by seat, their `returns`, on `seed`.
    #[doc(hidden)]
    pub fn example(players: &[&str], seed: u64, returns: &[f64]) -> GameRecord {
        let report = GameReport {
            pair: 0,
            a_seat: 0,
            seed,
            opening_plies: 0,
            moves: vec![],
            returns: returns.to_vec(),
            seconds: 2.0,
        };
        GameRecord::of("g", report, players.iter().map(|p| p.to_string()).collect())
    }

    /// The record of a game the arena just played; `players` by seat. Numbered when written.
    pub fn of(game: &str, report: GameReport, players: Vec<String>) -> GameRecord {
        let result = match report.returns[..] {
            [score] => format!("{score}"),
            [w, b] => match MatchResult::of_game(w, b) {
                MatchResult { wins: 1, .. } => "1-0".into(),
                MatchResult { losses: 1, .. } => "0-1".into(),
                _ => "1/2-1/2".into(),
            },
            _ => "1/2-1/2".into(),
        };
        let seat = (report.returns.len() > 2).then_some(report.a_seat);
        GameRecord {
            game: game.to_string(),
            number: 0,
            seed: report.seed,
            pair: report.pair,
            players,
            opening_plies: report.opening_plies,
            moves: report.moves,
            returns: report.returns,
            result,
            seconds: Some(report.seconds),
            seat,
        }
    }
}

/// Where an arena's games go: appended to the file as they end, and kept for the report.
pub struct RecordSink {
    file: Option<(PathBuf, Mutex<std::io::BufWriter<std::fs::File>>)>,
    games: Mutex<Vec<GameRecord>>,
}

impl RecordSink {
    /// A sink that writes to `path` (created now, so a bad path fails before any game), or only
    /// keeps the games.
    pub fn create(path: Option<&Path>) -> anyhow::Result<RecordSink> {
        let file = path
            .map(|p| {
                let file = std::fs::File::create(p).with_context(|| format!("--records {}", p.display()))?;
                anyhow::Ok((p.to_path_buf(), Mutex::new(std::io::BufWriter::new(file))))
            })
            .transpose()?;
        Ok(RecordSink { file, games: Mutex::new(Vec::new()) })
    }

    /// Whether the games' moves are wanted (only for the file).
    pub fn wants_moves(&self) -> bool {
        self.file.is_some()
    }

    /// Keeps one game and, with a file, appends it there at once.
    pub fn add(&self, mut record: GameRecord) {
        let mut games = self.games.lock().expect("no panics while holding it");
        record.number = games.len() + 1;
        if let Some((path, file)) = &self.file {
            let mut file = file.lock().expect("no panics while holding it");
            let written = serde_json::to_string(&record)
                .map_err(std::io::Error::other)
                .and_then(|line| writeln!(file, "{line}"))
                .and_then(|()| file.flush());
            if let Err(e) = written {
                // The games go on; the report still has them.
                eprintln!("--records {}: {e}", path.display());
            }
        }
        games.push(record);
    }

    /// The games kept since the last call, in the order they ended.
    pub fn take(&self) -> Vec<GameRecord> {
        std::mem::take(&mut *self.games.lock().expect("no panics while holding it"))
    }

    /// Rewrites the file with `games` in their final order, numbered from 1 (through a temporary
    /// file, so the games written so far survive a failure).
    pub fn finish(self, games: &[GameRecord]) -> anyhow::Result<()> {
        let Some((path, file)) = self.file else { return Ok(()) };
        drop(file);
        let tmp = path.with_extension("jsonl.partial");
        let mut out = std::io::BufWriter::new(
            std::fs::File::create(&tmp).with_context(|| format!("--records {}", tmp.display()))?,
        );
        for (k, game) in games.iter().enumerate() {
            let record = GameRecord { number: k + 1, ..game.clone() };
            writeln!(out, "{}", serde_json::to_string(&record)?)
                .with_context(|| format!("--records {}", tmp.display()))?;
        }
        out.flush().with_context(|| format!("--records {}", tmp.display()))?;
        drop(out);
        std::fs::rename(&tmp, &path).with_context(|| format!("--records {}", path.display()))
    }
}

/// The games of one file, in order, read as they are asked for; a line that is no record is an
/// error naming file and line. Blank lines are skipped.
pub fn read(path: &Path) -> anyhow::Result<impl Iterator<Item = anyhow::Result<GameRecord>>> {
    let file = std::fs::File::open(path).with_context(|| format!("{}", path.display()))?;
    let path = path.to_path_buf();
    Ok(std::io::BufReader::new(file).lines().enumerate().filter_map(move |(k, line)| {
        let line = match line {
            Ok(line) if line.trim().is_empty() => return None,
            Ok(line) => line,
            Err(e) => return Some(Err(anyhow::Error::new(e).context(format!("{}", path.display())))),
        };
        Some(parse_line(&line).with_context(|| {
            format!("{} line {}: not a game record of `tabula arena --records`", path.display(), k + 1)
        }))
    }))
}

/// One line of a `--records` file: a record whose players and returns agree (one return a
/// seat, at least one seat), which every reader of records may then index by seat.
pub fn parse_line(line: &str) -> anyhow::Result<GameRecord> {
    let record: GameRecord = serde_json::from_str(line)?;
    anyhow::ensure!(
        !record.players.is_empty() && record.returns.len() == record.players.len(),
        "game {} has {} players and {} returns",
        record.number,
        record.players.len(),
        record.returns.len()
    );
    if let Some(seat) = record.seat {
        anyhow::ensure!(
            seat < record.players.len(),
            "game {}: seat {seat} of {} players",
            record.number,
            record.players.len()
        );
    }
    Ok(record)
}

/// Every game in `paths`, in order.
pub fn read_all(paths: &[PathBuf]) -> anyhow::Result<Vec<GameRecord>> {
    let mut games = Vec::new();
    for path in paths {
        for record in read(path)? {
            games.push(record?);
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_whose_seats_and_returns_disagree_are_refused() {
        let good = serde_json::to_string(&record(3, 30.0)).unwrap();
        assert!(parse_line(&good).is_ok());
        for bad in [
            good.replace("\"returns\":[30.0]", "\"returns\":[]"),
            good.replace("\"returns\":[30.0]", "\"returns\":[30.0,1.0]"),
            good.replace("\"players\":[\"greedy\"]", "\"players\":[]"),
            good.replace("}", ",\"seat\":1}"),
        ] {
            assert_ne!(bad, good);
            assert!(parse_line(&bad).is_err(), "{bad}");
        }
    }

    fn record(seed: u64, score: f64) -> GameRecord {
        let report = GameReport {
            pair: seed as usize,
            a_seat: 0,
            seed,
            opening_plies: 0,
            moves: vec![],
            returns: vec![score],
            seconds: 0.5,
        };
        GameRecord::of("superball", report, vec!["greedy".into()])
    }

    #[test]
    fn games_are_on_file_as_they_end_and_in_order_when_done() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.jsonl");
        let sink = RecordSink::create(Some(&path)).unwrap();
        sink.add(record(2, 20.0));
        sink.add(record(1, 10.0));
        // Before the end (an arena killed now keeps both).
        let early = read_all(std::slice::from_ref(&path)).unwrap();
        assert_eq!(early.iter().map(|r| (r.number, r.seed)).collect::<Vec<_>>(), [(1, 2), (2, 1)]);
        let mut games = sink.take();
        games.sort_by_key(|r| r.seed);
        sink.finish(&games).unwrap();
        let done = read_all(&[path]).unwrap();
        assert_eq!(done.iter().map(|r| (r.number, r.seed)).collect::<Vec<_>>(), [(1, 1), (2, 2)]);
        assert_eq!(done[0].seconds, Some(0.5));
        assert_eq!(done[1].result, "20");
    }

    #[test]
    fn a_line_that_is_no_record_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.jsonl");
        let good = serde_json::to_string(&record(1, 1.0)).unwrap();
        std::fs::write(&path, format!("{good}\n\n{{\"game\": 3}}\n")).unwrap();
        let e = format!("{:#}", read_all(&[path]).unwrap_err());
        assert!(e.contains("bad.jsonl line 3: not a game record"), "{e}");
    }

    #[test]
    fn records_of_older_versions_read_without_seconds() {
        let old = r#"{"game":"score4","number":1,"seed":5,"pair":0,"players":["a","b"],"opening_plies":2,"moves":[],"returns":[1.0,-1.0],"result":"1-0"}"#;
        let r: GameRecord = serde_json::from_str(old).unwrap();
        assert_eq!((r.seed, r.seconds, r.seat), (5, None, None));
    }

    #[test]
    fn field_games_keep_the_measured_seat() {
        let report = GameReport {
            pair: 0,
            a_seat: 2,
            seed: 7,
            opening_plies: 0,
            moves: vec![],
            returns: vec![0.0, 1.0, -1.0],
            seconds: 0.5,
        };
        let r = GameRecord::of("clue(players=3)", report, vec!["deduce".into(), "deduce".into(), "random".into()]);
        let back: GameRecord = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back.seat, Some(2));
        assert_eq!(record(1, 1.0).seat, None);
    }
}
