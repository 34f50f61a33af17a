//! The learner's side of a distributed run: games pulled from the actors' stream into the replay
//! buffer, models published, Redis outages ridden out.
//!
//! A game read from the stream is acknowledged only when a checkpoint holds it: the trainer calls
//! [`RemoteGames::commit`] once its replay buffer is on disk. A learner killed before that claims
//! the game again when it resumes, and since its checkpoint's buffer and counts are from before
//! the game was read, the game is learnt exactly once and counted exactly once. A checkpoint
//! also lists the games it holds whose acknowledgement may not have reached Redis (the learner
//! killed between the two), and a learner resumed from it acknowledges those first.

use super::entry::FinishedGame;
use super::link::{Link, OnConnect};
use super::moving_mean::MovingMean;
use super::store::{Delivery, ModelFiles};
use crate::sample::Sample;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The learner's consumer name in the group (one learner per run, so always the same: a resumed
/// learner finds its own unacknowledged games).
pub const CONSUMER: &str = "learner";

/// How a learner meets its actors (`[distributed]` in a training config; all optional).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DistributedSection {
    /// The games stream is trimmed to about this many entries ...
    #[serde(default = "default_stream_len")]
    pub max_stream_len: usize,
    /// ... and to about this much game data (MiB), whichever is fewer entries: Redis's memory
    /// stays flat whatever a game's size.
    #[serde(default = "default_stream_mib")]
    pub max_stream_mib: f64,
    /// Games played by a model more than this many learner steps older than the learner's are
    /// dropped and counted.
    #[serde(default = "default_max_lag_steps")]
    pub max_lag_steps: u64,
    /// Finished games an actor holds while Redis cannot be reached; the oldest go first.
    #[serde(default = "default_outbox")]
    pub actor_outbox_games: usize,
    /// Actors pause while the games no learner has read yet hold more than this many learner
    /// steps' worth of samples (at the run's batch size and replay ratio), so that they play
    /// no games the learner cannot use and leave a shared machine's cores to it; 0: never.
    #[serde(default = "default_max_unread_steps")]
    pub max_unread_steps: f64,
}

impl Default for DistributedSection {
    fn default() -> Self {
        DistributedSection {
            max_stream_len: default_stream_len(),
            max_stream_mib: default_stream_mib(),
            max_lag_steps: default_max_lag_steps(),
            actor_outbox_games: default_outbox(),
            max_unread_steps: default_max_unread_steps(),
        }
    }
}

fn default_stream_len() -> usize {
    // A Score 4 game is about 5 KiB in the stream (compressed): about 25 MiB of Redis.
    5_000
}
fn default_stream_mib() -> f64 {
    // A Superball game is near a megabyte compressed: a few hundred of them.
    256.0
}
fn default_max_lag_steps() -> u64 {
    5_000
}
fn default_outbox() -> usize {
    2_000
}
fn default_max_unread_steps() -> f64 {
    // Score 4's learner takes this in about 4 s, Superball's in about 16 (their ceilings): the
    // games stay seconds old, and an actor that paused is asked again every 200 ms, well before
    // the learner runs dry.
    200.0
}

/// What the learner did with the games it read, over the whole run (saved in checkpoints).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct RemoteCounts {
    /// Games whose samples went into the replay buffer.
    pub learned: u64,
    pub samples: u64,
    /// Games dropped for being played by a model older than `max_lag_steps`.
    pub stale: u64,
    /// Entries that were not games of this run (garbage, another game, a future encoding).
    pub bad: u64,
    /// The learned games' model-version lag (learner steps), summed.
    pub lag_steps: u64,
}

impl RemoteCounts {
    fn add(&mut self, other: &RemoteCounts) {
        self.learned += other.learned;
        self.samples += other.samples;
        self.stale += other.stale;
        self.bad += other.bad;
        self.lag_steps += other.lag_steps;
    }
}

/// The actors' figures from their heartbeats: in total, and for each of the first
/// [`ACTORS_LOGGED`] by name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ActorFigures {
    pub connected: usize,
    pub positions_per_s: f64,
    pub games_per_s: f64,
    /// (name, positions/s, games/s).
    pub each: Vec<(String, f64, f64)>,
}

/// How many actors the log names one by one (a thousand would swamp it; the totals count all).
pub const ACTORS_LOGGED: usize = 32;

/// One learner's connection to its actors.
pub struct RemoteGames {
    link: Link,
    settings: DistributedSection,
    /// Entries read since the last commit (acknowledged by the next), and what they were.
    held: Vec<String>,
    uncommitted: RemoteCounts,
    /// Entries committed to a checkpoint whose acknowledgement Redis has not taken yet.
    unacked: Vec<String>,
    /// Whether the entries a previous learner read and left unacknowledged were claimed.
    claimed_leftovers: bool,
    last_published: Option<u64>,
    /// A model Redis has not taken yet (it was away).
    unpublished: Option<(u64, ModelFiles)>,
    /// The actors' figures when last read.
    actors_seen: Option<(Instant, ActorFigures)>,
    /// Samples a learned game brought, on average: how many games make the samples a pull
    /// asks for.
    samples_per_game: MovingMean,
}

/// The most entries one pull reads.
const MAX_PULL_GAMES: f64 = 256.0;

/// How often the actors' heartbeats are read.
const ACTORS_EVERY: Duration = Duration::from_secs(5);

/// Games read in one pull, with their samples ready for the replay buffer.
pub struct Pulled {
    pub samples: Vec<Sample>,
    pub games: u64,
}

impl RemoteGames {
    /// Connects (the first connection must succeed: a wrong URL or password is an error at
    /// once, naming the URL without its password) and announces the run.
    pub fn connect(
        url: &str,
        run: &str,
        game: &str,
        config_toml: &str,
        settings: DistributedSection,
    ) -> anyhow::Result<RemoteGames> {
        let (name, config) = (run.to_string(), config_toml.to_string());
        let on_connect: OnConnect = Box::new(move |store| {
            store.ensure_group()?;
            store.announce_run(&name, &config)
        });
        let mut link = Link::new(url, run, game, Some(on_connect));
        link.connect()?;
        Ok(RemoteGames {
            link,
            settings,
            held: Vec::new(),
            uncommitted: RemoteCounts::default(),
            unacked: Vec::new(),
            claimed_leftovers: false,
            last_published: None,
            unpublished: None,
            actors_seen: None,
            samples_per_game: MovingMean::new(0.1),
        })
    }

    /// The URL as messages show it.
    pub fn shown_url(&self) -> String {
        self.link.shown_url()
    }

    /// What happened with Redis since last asked (outages, reconnections, bad entries), for the log.
    pub fn take_messages(&mut self) -> Vec<String> {
        self.link.take_messages()
    }

    /// Reads about `samples_wanted` samples' worth of games (at least one; the first pull, before
    /// a game's size is known, reads one), waiting at most `block` for the first; first those a
    /// killed learner left unacknowledged. Games too old for `step` and entries that are not
    /// games of this run are counted and dropped; what `valid` refuses (samples of the wrong
    /// shape for this game) counts as bad too.
    pub fn pull(
        &mut self,
        step: u64,
        samples_wanted: usize,
        block: Duration,
        valid: impl Fn(&Sample) -> bool,
    ) -> Pulled {
        let count = self.samples_per_game.get().map_or(1, |per_game| {
            (samples_wanted as f64 / per_game.max(1.0)).ceil().clamp(1.0, MAX_PULL_GAMES) as usize
        });
        self.publish_waiting();
        self.acknowledge();
        let mut deliveries: Vec<Delivery> = Vec::new();
        if !self.claimed_leftovers
            && self.unacked.is_empty()
            && let Some(claimed) = self.link.with_store(|s| s.claim_stale(CONSUMER, Duration::ZERO, 1_000_000))
        {
            self.claimed_leftovers = true;
            if !claimed.is_empty() {
                self.link.say(format!("claimed {} games read but not learnt before", claimed.len()));
            }
            deliveries = claimed;
        }
        if deliveries.is_empty()
            && let Some(read) = self.link.with_store(|s| s.read_games(CONSUMER, count, block))
        {
            deliveries = read;
        }
        let mut pulled = Pulled { samples: Vec::new(), games: 0 };
        for Delivery { id, game } in deliveries {
            self.held.push(id.clone());
            match game {
                Ok(FinishedGame { samples, .. }) if !samples.iter().all(&valid) => {
                    self.bad(&id, "samples that do not fit this game's shapes".into())
                }
                Ok(game) if game.model_version.saturating_add(self.settings.max_lag_steps) < step => {
                    self.uncommitted.stale += 1
                }
                Ok(game) => {
                    self.uncommitted.learned += 1;
                    self.uncommitted.samples += game.samples.len() as u64;
                    self.uncommitted.lag_steps += step.saturating_sub(game.model_version);
                    pulled.games += 1;
                    self.samples_per_game.add(game.samples.len() as f64);
                    pulled.samples.extend(game.samples);
                }
                Err(why) => self.bad(&id, why),
            }
        }
        pulled
    }

    fn bad(&mut self, id: &str, why: String) {
        self.uncommitted.bad += 1;
        // The first five between two checkpoints are said; the rest only counted.
        if self.uncommitted.bad <= 5 {
            self.link.say(format!("skipped stream entry {id}: {why}"));
        }
    }

    /// A checkpoint now holds the replay buffer with every game read so far: their counts join
    /// `counts` (the checkpoint's) and they are acknowledged (now, or once Redis is back).
    pub fn commit(&mut self, counts: &mut RemoteCounts) {
        counts.add(&self.uncommitted);
        self.uncommitted = RemoteCounts::default();
        self.unacked.append(&mut self.held);
        self.acknowledge();
    }

    /// The entries a checkpoint about to be written holds whose acknowledgement may not reach
    /// Redis before the learner dies: a learner resumed from that checkpoint acknowledges them
    /// ([`resume_acknowledging`](Self::resume_acknowledging)) rather than learning them again.
    /// `fresh`: the checkpoint holds the games read since the last one too (its replay buffer
    /// is written now, not linked to an older one).
    pub fn ids_to_commit(&self, fresh: bool) -> Vec<String> {
        let held = if fresh { self.held.as_slice() } else { &[] };
        self.unacked.iter().chain(held).cloned().collect()
    }

    /// Entries the checkpoint a learner resumes from holds but may not have acknowledged: they
    /// are acknowledged before anything left pending is claimed.
    pub fn resume_acknowledging(&mut self, ids: Vec<String>) {
        self.unacked = ids;
    }

    /// The counts a checkpoint about to be written holds if [`commit`](Self::commit) follows.
    pub fn committed_with(&self, counts: &RemoteCounts) -> RemoteCounts {
        let mut total = *counts;
        total.add(&self.uncommitted);
        total
    }

    fn acknowledge(&mut self) {
        if self.unacked.is_empty() {
            return;
        }
        let ids = std::mem::take(&mut self.unacked);
        if self.link.with_store(|s| s.ack(&ids)).is_none() {
            self.unacked = ids;
        }
    }

    /// Publishes model `version` (the learner's step) for the actors and retires the one before.
    /// While Redis cannot be reached the newest model waits and goes out with the next pull:
    /// actors left on an old model would only play games that end up stale.
    pub fn publish(&mut self, version: u64, files: ModelFiles) {
        if self.last_published != Some(version) {
            self.unpublished = Some((version, files));
        }
        self.publish_waiting();
        self.acknowledge();
    }

    fn publish_waiting(&mut self) {
        let Some((version, files)) = self.unpublished.take() else { return };
        if self.link.with_store(|s| s.publish_model(version, &files)).is_none() {
            self.unpublished = Some((version, files));
            return;
        }
        if let Some(old) = self.last_published.replace(version) {
            // Actors fetching it fall back to the newest.
            let _ = self.link.with_store(|s| s.retire_model(old));
        }
    }

    /// The actors heard from lately (read from Redis at most every 5 s: one read per actor).
    pub fn actors(&mut self) -> ActorFigures {
        if let Some((at, figures)) = &self.actors_seen
            && at.elapsed() < ACTORS_EVERY
        {
            return figures.clone();
        }
        let mut actors = self.link.with_store(|s| s.actors()).unwrap_or_default();
        actors.sort_by(|a, b| a.0.cmp(&b.0));
        let figures = ActorFigures {
            connected: actors.len(),
            positions_per_s: actors.iter().map(|(_, beat)| beat.positions_per_s).sum(),
            games_per_s: actors.iter().map(|(_, beat)| beat.games_per_s).sum(),
            each: actors
                .iter()
                .take(ACTORS_LOGGED)
                .map(|(id, beat)| (id.clone(), beat.positions_per_s, beat.games_per_s))
                .collect(),
        };
        self.actors_seen = Some((Instant::now(), figures.clone()));
        figures
    }

    /// Entries in the stream that no learner has read yet, and entries read but unacknowledged.
    pub fn backlog(&mut self) -> Option<(u64, usize)> {
        self.link.with_store(|s| {
            let lag = s.unread()?;
            Ok((lag, s.pending()?))
        })
    }
}
