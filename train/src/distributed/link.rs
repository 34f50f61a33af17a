//! A connection to a run's keys that comes back by itself: on an error it is dropped, said, and
//! tried again after a growing wait (250 ms doubling up to 30 s), so actors and learner ride out a
//! Redis restart or a network cut and go on by themselves.

use super::store::{RedisStore, redacted};
use std::time::{Duration, Instant};

/// What a fresh connection does first (the learner makes its group and announces its run).
pub type OnConnect = Box<dyn Fn(&mut RedisStore) -> redis::RedisResult<()> + Send>;

/// See the module documentation.
pub struct Link {
    url: String,
    run: String,
    game: String,
    on_connect: Option<OnConnect>,
    store: Option<RedisStore>,
    retry_at: Instant,
    backoff: Backoff,
    /// Whether the outage was said already (said once, not at every try).
    outage_said: bool,
    messages: Vec<String>,
}

const FIRST_WAIT: Duration = Duration::from_millis(250);
const LONGEST_WAIT: Duration = Duration::from_secs(30);

/// The wait before each new try at Redis: 250 ms after a first failure, doubling up to 30 s,
/// back to 250 ms after a success. Shared by [`Link`] and the actors' model listener.
#[derive(Debug, Clone)]
pub struct Backoff {
    next: Duration,
}

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff { next: FIRST_WAIT }
    }
}

impl Backoff {
    /// The wait after this failure (the next one waits twice as long).
    pub fn failed(&mut self) -> Duration {
        let wait = self.next;
        self.next = (self.next * 2).min(LONGEST_WAIT);
        wait
    }

    pub fn succeeded(&mut self) {
        self.next = FIRST_WAIT;
    }
}

impl Link {
    /// A link to the run `run` of `game` at `url`, not connected yet.
    pub fn new(url: &str, run: &str, game: &str, on_connect: Option<OnConnect>) -> Link {
        Link {
            url: url.into(),
            run: run.into(),
            game: game.into(),
            on_connect,
            store: None,
            retry_at: Instant::now(),
            backoff: Backoff::default(),
            outage_said: false,
            messages: Vec::new(),
        }
    }

    /// Connects now; an error (a wrong URL or password, no server) is returned, naming the URL
    /// without its password: a run's first connection must succeed.
    pub fn connect(&mut self) -> anyhow::Result<()> {
        let mut store = RedisStore::connect(&self.url, &self.run, &self.game)?;
        if let Some(hook) = &self.on_connect {
            hook(&mut store)?;
        }
        self.store = Some(store);
        Ok(())
    }

    pub fn connected(&self) -> bool {
        self.store.is_some()
    }

    /// The URL as messages show it.
    pub fn shown_url(&self) -> String {
        redacted(&self.url)
    }

    /// Adds a line to what [`take_messages`](Self::take_messages) gives.
    pub fn say(&mut self, line: String) {
        self.messages.push(line);
    }

    /// What happened since last asked (an outage, the way back), one line each.
    pub fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }

    /// Runs `work` on the store, connecting first if needed and the wait is over; `None` while
    /// Redis cannot be reached or when `work` failed (the connection is then dropped).
    pub fn with_store<T>(&mut self, work: impl FnOnce(&mut RedisStore) -> redis::RedisResult<T>) -> Option<T> {
        if self.store.is_none() {
            if Instant::now() < self.retry_at {
                return None;
            }
            match self.connect() {
                Ok(()) => {
                    if self.outage_said {
                        self.messages.push(format!("Redis at {} is back; going on", self.shown_url()));
                    }
                    self.backoff.succeeded();
                    self.outage_said = false;
                }
                Err(e) => {
                    self.fail(&format!("{e:#}"));
                    return None;
                }
            }
        }
        let result = work(self.store.as_mut().expect("connected above"));
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                self.store = None;
                self.fail(&e.to_string());
                None
            }
        }
    }

    fn fail(&mut self, why: &str) {
        if !self.outage_said {
            self.messages.push(format!("Redis at {} unreachable ({why}); retrying with backoff", self.shown_url()));
            self.outage_said = true;
        }
        self.retry_at = Instant::now() + self.backoff.failed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_to_nowhere_waits_longer_each_time_and_says_so_once() {
        // A port nothing listens on (bound, then released).
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut link = Link::new(&format!("redis://:secret@127.0.0.1:{port}"), "run", "score4", None);
        assert!(link.with_store(|s| s.games_len()).is_none());
        let first_wait = link.backoff.next;
        assert!(link.with_store(|s| s.games_len()).is_none(), "inside the wait: not tried");
        link.retry_at = Instant::now();
        assert!(link.with_store(|s| s.games_len()).is_none());
        assert!(link.backoff.next > first_wait, "the wait grows");
        let said = link.take_messages();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].contains("unreachable") && !said[0].contains("secret"), "{said:?}");
    }

    #[test]
    fn the_wait_doubles_up_to_its_ceiling_and_starts_over_after_a_success() {
        let mut backoff = Backoff::default();
        let waits: Vec<Duration> = (0..10).map(|_| backoff.failed()).collect();
        assert_eq!(waits[..3], [FIRST_WAIT, FIRST_WAIT * 2, FIRST_WAIT * 4]);
        assert_eq!(*waits.last().unwrap(), LONGEST_WAIT);
        backoff.succeeded();
        assert_eq!(backoff.failed(), FIRST_WAIT);
    }
}
