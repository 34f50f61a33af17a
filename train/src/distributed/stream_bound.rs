//! How long an actor lets the games stream grow: at most `max_stream_len` entries and about
//! `max_stream_mib` of game data. Games differ a hundredfold in size between games (a Score 4
//! game is a few KiB compressed, a Superball game near a megabyte and growing as the agent
//! plays longer), so a bound in entries alone would let Redis's memory run to gigabytes.

use super::moving_mean::MovingMean;

/// An actor's running estimate of its entries' size, and the entry count it trims to.
#[derive(Debug, Clone)]
pub struct StreamBound {
    max_len: usize,
    max_bytes: f64,
    /// The entries' sizes (bytes), on average.
    mean_bytes: MovingMean,
}

/// The moving average's weight on the newest entry: it follows games getting longer within a
/// few dozen games.
const WEIGHT: f64 = 0.05;
/// What Redis adds to each entry beyond its data (the id, field names, the radix tree).
const ENTRY_OVERHEAD_BYTES: f64 = 200.0;

impl StreamBound {
    pub fn new(max_len: usize, max_stream_mib: f64) -> StreamBound {
        StreamBound {
            max_len: max_len.max(1),
            max_bytes: max_stream_mib.max(0.0) * 1048576.0,
            mean_bytes: MovingMean::new(WEIGHT),
        }
    }

    /// Counts an entry of `data_bytes` and returns the stream length to trim to after it.
    pub fn after(&mut self, data_bytes: usize) -> usize {
        let bytes = data_bytes as f64 + ENTRY_OVERHEAD_BYTES;
        let mean = self.mean_bytes.add(bytes);
        let by_bytes = (self.max_bytes / mean).floor() as usize;
        by_bytes.clamp(1, self.max_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_games_are_bounded_by_count_and_large_ones_by_bytes() {
        let mut bound = StreamBound::new(5_000, 256.0);
        assert_eq!(bound.after(4_000), 5_000, "Score 4's few KiB: the count binds");
        let mut bound = StreamBound::new(5_000, 256.0);
        let len = bound.after(1 << 20);
        assert!((250..=256).contains(&len), "a MiB a game: about 256 of them, not {len}");
        assert_eq!(StreamBound::new(5_000, 1.0).after(64 << 20), 1, "never below one entry");
    }

    #[test]
    fn the_estimate_follows_games_that_grow() {
        let mut bound = StreamBound::new(1_000_000, 100.0);
        let first = bound.after(100_000);
        let mut last = first;
        for _ in 0..200 {
            last = bound.after(1_000_000);
        }
        assert!(last < first / 5, "{first} entries at 100 KB, still {last} at 1 MB");
        assert!((100..=106).contains(&last), "{last}");
    }
}
