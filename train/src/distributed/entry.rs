//! A finished self-play game as an actor pushes it and the learner reads it: the samples with
//! their targets, the game's returns, and who played it with which model. The encoding is
//! versioned ([`FORMAT`]) and bounded: an entry that is not one (another program's, truncated,
//! a future version, too large) is refused with a reason, never trusted.
//!
//! Format 2 is format 1's bincode compressed with zstd: observations are mostly 0/1 planes in
//! f32 that change by a stone or two from one position to the next, which zstd shrinks about
//! 20-fold (Score 4: ~2.7 KiB a game instead of ~50). Format 1 entries are still read.

use crate::sample::Sample;
use bincode::Options;
use serde::{Deserialize, Serialize};
use std::io::Read;

/// The encoding's version, in every entry's `format` field.
pub const FORMAT: u32 = 2;
/// The uncompressed encoding, still read from actors of an older tabula.
const FORMAT_UNCOMPRESSED: u32 = 1;
/// The largest game an entry may hold, uncompressed: a long Superball game is a few MB of samples.
pub const MAX_DATA_BYTES: u64 = 64 << 20;
/// zstd's level: 3 (its default) compresses a Score 4 game in well under a millisecond.
const ZSTD_LEVEL: i32 = 3;

/// One finished game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The game's spec (`score4`, `superball(rows=8,cols=10)`).
    pub game: String,
    /// The model version that played it.
    pub model_version: u64,
    /// The actor that played it.
    pub actor: String,
    pub samples: Vec<Sample>,
    /// Each seat's return.
    pub returns: Vec<f64>,
    pub moves: u32,
}

fn options() -> impl Options {
    bincode::DefaultOptions::new().with_limit(MAX_DATA_BYTES)
}

impl FinishedGame {
    /// The stream entry's fields: `format`, `game`, `model`, `actor` (readable in `redis-cli`)
    /// and `data` (the whole game, compact).
    pub fn to_fields(&self) -> Vec<(&'static str, Vec<u8>)> {
        let plain = options().serialize(self).expect("a finished game serialises");
        let data = zstd::bulk::compress(&plain, ZSTD_LEVEL).expect("zstd compresses a buffer in memory");
        vec![
            ("format", FORMAT.to_string().into_bytes()),
            ("game", self.game.clone().into_bytes()),
            ("model", self.model_version.to_string().into_bytes()),
            ("actor", self.actor.clone().into_bytes()),
            ("data", data),
        ]
    }

    /// Reads an entry's fields back, for the game `game` (another game's entries are refused).
    pub fn from_fields(fields: &[(String, Vec<u8>)], game: &str) -> Result<FinishedGame, String> {
        let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_slice());
        let format = field("format").ok_or("no format field (not a tabula game)")?;
        let format: u32 =
            std::str::from_utf8(format).ok().and_then(|f| f.parse().ok()).ok_or("a format that is not a number")?;
        if format != FORMAT && format != FORMAT_UNCOMPRESSED {
            return Err(format!("encoding version {format}, this tabula reads {FORMAT_UNCOMPRESSED} and {FORMAT}"));
        }
        let data = field("data").ok_or("no data field")?;
        let plain;
        let data = if format == FORMAT {
            plain = decompress(data)?;
            plain.as_slice()
        } else {
            data
        };
        let finished: FinishedGame =
            options().deserialize(data).map_err(|e| format!("data that does not decode ({e})"))?;
        if finished.game != game {
            return Err(format!("a game of {}, not {game}", finished.game));
        }
        if finished.samples.iter().any(|s| s.observation.iter().chain(&s.value).any(|x| !x.is_finite())) {
            return Err("samples with values that are not finite numbers".into());
        }
        Ok(finished)
    }
}

/// zstd's output, read at most [`MAX_DATA_BYTES`] (a small entry may claim to expand to
/// gigabytes: it is cut off, not believed).
fn decompress(data: &[u8]) -> Result<Vec<u8>, String> {
    let decoder = zstd::stream::read::Decoder::new(data).map_err(|e| format!("data that does not decompress ({e})"))?;
    let mut plain = Vec::new();
    decoder
        .take(MAX_DATA_BYTES + 1)
        .read_to_end(&mut plain)
        .map_err(|e| format!("data that does not decompress ({e})"))?;
    if plain.len() as u64 > MAX_DATA_BYTES {
        return Err(format!("data that decompresses to more than {} MiB", MAX_DATA_BYTES >> 20));
    }
    Ok(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn example(game: &str, samples: usize) -> FinishedGame {
        FinishedGame {
            game: game.into(),
            model_version: 3,
            actor: "host-1".into(),
            samples: (0..samples)
                .map(|k| Sample {
                    observation: vec![k as f32, 1.0],
                    policy: vec![(0, 0.25), (2, 0.75)],
                    value: vec![0.5, -0.5],
                })
                .collect(),
            returns: vec![1.0, -1.0],
            moves: samples as u32,
        }
    }

    fn owned(fields: Vec<(&'static str, Vec<u8>)>) -> Vec<(String, Vec<u8>)> {
        fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    #[test]
    fn a_game_reads_back_and_bad_entries_are_refused_with_a_reason() {
        let game = example("score4", 5);
        assert_eq!(FinishedGame::from_fields(&owned(game.to_fields()), "score4").unwrap(), game);
        let other = FinishedGame::from_fields(&owned(game.to_fields()), "superball").unwrap_err();
        assert!(other.contains("a game of score4"), "{other}");
        let mut future = owned(game.to_fields());
        future[0].1 = b"3".to_vec();
        assert!(FinishedGame::from_fields(&future, "score4").unwrap_err().contains("version 3"));
        let mut cut = owned(game.to_fields());
        let data = &mut cut[4].1;
        data.truncate(data.len() / 2);
        assert!(FinishedGame::from_fields(&cut, "score4").unwrap_err().contains("does not decompress"));
        let foreign = vec![("temperature".to_string(), b"21".to_vec())];
        assert!(FinishedGame::from_fields(&foreign, "score4").unwrap_err().contains("not a tabula game"));
        // A length prefix claiming terabytes is refused by the bound, not allocated.
        let mut huge = owned(game.to_fields());
        huge[4].1 = vec![0xff; 32];
        assert!(FinishedGame::from_fields(&huge, "score4").is_err());
        let mut plain_huge = owned(game.to_fields());
        plain_huge[0].1 = b"1".to_vec();
        plain_huge[4].1 = vec![0xff; 32];
        assert!(FinishedGame::from_fields(&plain_huge, "score4").is_err());
    }

    #[test]
    fn an_older_actors_uncompressed_entry_is_still_read() {
        let game = example("score4", 7);
        let mut fields = owned(game.to_fields());
        fields[0].1 = FORMAT_UNCOMPRESSED.to_string().into_bytes();
        fields[4].1 = options().serialize(&game).unwrap();
        assert_eq!(FinishedGame::from_fields(&fields, "score4").unwrap(), game);
    }

    #[test]
    fn a_small_entry_that_expands_past_the_bound_is_refused() {
        // 65 MiB of zeros compress to a few KiB: the reader stops at the bound.
        let bomb = zstd::bulk::compress(&vec![0u8; (MAX_DATA_BYTES + (1 << 20)) as usize], ZSTD_LEVEL).unwrap();
        assert!(bomb.len() < 1 << 20, "{} bytes", bomb.len());
        let mut fields = owned(example("score4", 1).to_fields());
        fields[4].1 = bomb;
        let why = FinishedGame::from_fields(&fields, "score4").unwrap_err();
        assert!(why.contains("more than 64 MiB"), "{why}");
    }

    #[test]
    fn zero_one_planes_compress_many_fold() {
        // Score 4-like: 64-cell planes of 0/1 that change by one cell a move.
        let mut game = example("score4", 0);
        let mut board = vec![0.0f32; 64 * 4];
        for k in 0..40u32 {
            board[(k as usize * 37) % (64 * 4)] = 1.0;
            game.samples.push(Sample {
                observation: board.clone(),
                policy: vec![(k % 16, 1.0)],
                value: vec![0.0, 0.0],
            });
        }
        let plain = options().serialize(&game).unwrap().len();
        let compressed = game.to_fields()[4].1.len();
        assert!(compressed * 10 < plain, "{compressed} bytes of {plain}");
    }
}
