//! When an actor waits for the learner. The learner learns each sample about `replay_ratio`
//! times and no faster than its steps allow; games pushed beyond that wait in the stream until
//! they are trimmed unread or learnt stale, and an actor on the learner's own machine plays them
//! with the cores the learner needed. So an actor pauses while the games no learner has read yet
//! hold more than `max_unread_steps` learner steps' worth of samples, and plays on when the
//! learner has caught up. Redis is asked every 200 ms at most; in between the actor counts its
//! own pushes on top of what Redis last said, so a fast actor cannot overshoot by a few hundred
//! games between two questions.

use super::moving_mean::MovingMean;
use std::time::{Duration, Instant};

/// How often a playing actor asks Redis how far ahead of the learner the actors are.
const CHECK_EVERY: Duration = Duration::from_millis(200);
/// The moving average's weight on an actor's newest game, for the samples a game holds.
const WEIGHT: f64 = 0.1;

/// One actor's view of how far ahead of the learner the actors are.
#[derive(Debug, Clone)]
pub struct Backpressure {
    /// Samples that may wait unread (0: never pause).
    max_unread_samples: f64,
    /// The samples in this actor's games, on average (none before its first).
    samples_per_game: MovingMean,
    checked_at: Option<Instant>,
    /// Unread games when Redis was last asked (None: it could not tell), and this actor's games
    /// pushed since.
    unread: Option<u64>,
    pushed_since: u64,
}

impl Backpressure {
    /// For a run whose learner takes `batch_size` samples a step and learns each about
    /// `replay_ratio` times.
    pub fn new(max_unread_steps: f64, batch_size: usize, replay_ratio: f64) -> Backpressure {
        let max_unread_samples = max_unread_steps.max(0.0) * batch_size as f64 / replay_ratio.max(1e-9);
        Backpressure {
            max_unread_samples,
            samples_per_game: MovingMean::new(WEIGHT),
            checked_at: None,
            unread: None,
            pushed_since: 0,
        }
    }

    /// Counts a game this actor finished, of `samples` samples.
    pub fn played(&mut self, samples: usize) {
        self.samples_per_game.add(samples as f64);
    }

    /// Whether it is time to ask Redis again (every 200 ms at most; never when pausing is off).
    pub fn due(&self) -> bool {
        self.max_unread_samples > 0.0 && self.checked_at.is_none_or(|at| at.elapsed() >= CHECK_EVERY)
    }

    /// Counts a game this actor pushed to the stream.
    pub fn pushed(&mut self) {
        self.pushed_since += 1;
    }

    /// Records what Redis said: `unread` games no learner has read (None: Redis could not be
    /// asked or could not tell, and an actor that cannot tell plays on). Returns whether to pause.
    pub fn check(&mut self, unread: Option<u64>) -> bool {
        self.checked_at = Some(Instant::now());
        self.unread = unread;
        self.pushed_since = 0;
        self.ahead()
    }

    /// Whether to pause: the unread games Redis last told of and this actor's pushes since hold
    /// more samples than the learner may have waiting.
    pub fn ahead(&self) -> bool {
        match (self.unread, self.samples_per_game.get()) {
            (Some(games), Some(per_game)) if self.max_unread_samples > 0.0 => {
                (games + self.pushed_since) as f64 * per_game > self.max_unread_samples
            }
            // Before its first game an actor cannot weigh the backlog: it plays.
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_actor_pauses_only_when_the_backlog_holds_more_than_the_steps_allowed() {
        // 100 steps of 256 samples, each learnt 4 times: 6,400 samples may wait.
        let mut pressure = Backpressure::new(100.0, 256, 4.0);
        assert!(!pressure.check(Some(1_000)), "no game played yet: nothing to weigh the backlog by");
        pressure.played(50);
        assert!(!pressure.check(Some(128)), "128 games of 50 samples: exactly the bound");
        assert!(pressure.check(Some(129)));
        assert!(pressure.ahead());
        assert!(!pressure.check(None), "Redis away: play on (the outbox holds the games)");
        assert!(!pressure.ahead());
    }

    #[test]
    fn pushes_between_two_questions_count() {
        let mut pressure = Backpressure::new(100.0, 256, 4.0);
        pressure.played(50);
        assert!(!pressure.check(Some(120)));
        for _ in 0..8 {
            pressure.pushed();
        }
        assert!(!pressure.ahead(), "128 games: exactly the bound");
        pressure.pushed();
        assert!(pressure.ahead(), "129");
        assert!(!pressure.check(Some(0)), "the learner read them: play on");
    }

    #[test]
    fn the_bound_follows_the_games_size_and_zero_turns_it_off() {
        let mut pressure = Backpressure::new(100.0, 256, 4.0);
        for _ in 0..100 {
            pressure.played(1_000);
        }
        assert!(pressure.check(Some(7)), "seven games of about 1,000 samples are over 6,400");
        assert!(!pressure.check(Some(6)));
        let mut off = Backpressure::new(0.0, 256, 4.0);
        off.played(50);
        assert!(!off.due(), "off: Redis is never asked");
        assert!(!off.check(Some(u64::MAX)));
    }

    #[test]
    fn redis_is_asked_at_most_every_200_ms() {
        let mut pressure = Backpressure::new(100.0, 256, 4.0);
        assert!(pressure.due());
        pressure.check(Some(0));
        assert!(!pressure.due());
        std::thread::sleep(CHECK_EVERY);
        assert!(pressure.due());
    }
}
