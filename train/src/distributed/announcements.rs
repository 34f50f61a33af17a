//! An actor's ear on the run's `models` channel: a thread subscribed to the learner's
//! announcements keeps the newest version heard, so the actor fetches a model when one is
//! announced instead of asking Redis every round. While Redis is away the thread reconnects by
//! itself; an announcement missed meanwhile is caught by the actor's slow check of
//! `model:latest` ([`Announcements::due`]).

use super::link::Backoff;
use super::store::{models_channel, open};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long the listener waits for a message before it looks whether it should stop.
const LISTEN_TICK: Duration = Duration::from_millis(500);

/// How often the actor reads `model:latest` even when nothing was announced.
pub const CHECK_ANYWAY_EVERY: Duration = Duration::from_secs(30);

/// The newest model version announced on a run's channel, heard by a background thread.
pub struct Announcements {
    newest: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    checked_at: Option<Instant>,
    checked_version: u64,
}

impl Announcements {
    /// Starts listening to run `run`'s announcements at `url`.
    pub fn listen(url: &str, run: &str) -> Announcements {
        let newest = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (url, channel) = (url.to_string(), models_channel(run));
        let (heard, stopping) = (Arc::clone(&newest), Arc::clone(&stop));
        // Without the thread (none could be started) the slow check alone finds new models.
        let _ = std::thread::Builder::new()
            .name("tabula-models".into())
            .spawn(move || listen(&url, &channel, &heard, &stopping));
        Announcements { newest, stop, checked_at: None, checked_version: 0 }
    }

    /// The newest version heard so far (0: none).
    pub fn newest(&self) -> u64 {
        self.newest.load(Ordering::Relaxed)
    }

    /// Whether the actor, playing version `playing` (None: none yet), should read
    /// `model:latest` now: it has no model, a newer one was announced since it last looked, or
    /// it has not looked for [`CHECK_ANYWAY_EVERY`].
    pub fn due(&self, playing: Option<u64>) -> bool {
        let Some(playing) = playing else { return true };
        self.newest() > playing.max(self.checked_version)
            || self.checked_at.is_none_or(|at| at.elapsed() >= CHECK_ANYWAY_EVERY)
    }

    /// Notes that the actor has just read `model:latest`.
    pub fn checked(&mut self) {
        self.checked_at = Some(Instant::now());
        self.checked_version = self.newest();
    }
}

impl Drop for Announcements {
    /// Tells the listener to stop; it does within a tick, or once a connection attempt under
    /// way gives up, without holding the actor.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Subscribes to `channel` and records each version heard in `newest`, reconnecting after a
/// failure (with [`Backoff`], waiting in ticks so `stop` is seen), until `stop`.
fn listen(url: &str, channel: &str, newest: &AtomicU64, stop: &AtomicBool) {
    let mut backoff = Backoff::default();
    while !stop.load(Ordering::Relaxed) {
        if let Ok(mut connection) = open(url) {
            let mut pubsub = connection.as_pubsub();
            if pubsub.subscribe(channel).is_ok() && pubsub.set_read_timeout(Some(LISTEN_TICK)).is_ok() {
                backoff.succeeded();
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    match pubsub.get_message() {
                        Ok(message) => {
                            if let Ok(version) = message.get_payload::<String>()
                                && let Ok(version) = version.trim().parse::<u64>()
                            {
                                newest.fetch_max(version, Ordering::Relaxed);
                            }
                        }
                        Err(e) if e.is_timeout() => {}
                        Err(_) => break,
                    }
                }
            }
        }
        let until = Instant::now() + backoff.failed();
        while Instant::now() < until && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(LISTEN_TICK.min(until.saturating_duration_since(Instant::now())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_is_due_without_a_model_when_a_newer_one_is_heard_and_now_and_then() {
        // No Redis here: the listener keeps failing to connect and the flags alone decide.
        let mut heard = Announcements::listen("redis://127.0.0.1:1", "nowhere");
        assert!(heard.due(None), "an actor without a model always looks");
        heard.checked();
        assert!(heard.due(None));
        assert!(!heard.due(Some(4)), "just looked, nothing announced");
        heard.newest.store(5, Ordering::Relaxed);
        assert!(heard.due(Some(4)), "version 5 announced while playing 4");
        assert!(heard.due(Some(4)), "still due until the actor has looked");
        heard.checked();
        assert!(!heard.due(Some(4)), "looked since (version 5 was retired, say): wait for the next");
        assert!(!heard.due(Some(5)));
        heard.newest.store(7, Ordering::Relaxed);
        assert!(heard.due(Some(5)));
        heard.checked();
        heard.checked_at = Some(Instant::now() - CHECK_ANYWAY_EVERY);
        assert!(heard.due(Some(7)), "a missed announcement is caught by the slow check");
    }
}
