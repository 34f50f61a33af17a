//! An actor: self-play on any machine for a run whose learner is elsewhere. It plays with the
//! newest model the learner published (fetched between rounds once announced; an actor on an
//! old model keeps playing until the new one is there), pushes each finished game to the run's stream, and says
//! how it is doing in a heartbeat. While Redis cannot be reached it keeps playing, holds up to
//! `actor_outbox_games` finished games (the oldest dropped first, counted), and tries again with
//! a growing wait. A killed actor loses only the games in flight and in its outbox. While the
//! learner has more unread games than it can use soon, the actor pauses ([`Backpressure`]).

use super::announcements::Announcements;
use super::backpressure::Backpressure;
use super::entry::FinishedGame;
use super::link::Link;
use super::store::{Heartbeat, ModelFiles, RunInfo, redacted};
use super::stream_bound::StreamBound;
use crate::config::TrainConfig;
use crate::field::FieldPlayer;
use crate::selfplay::{SelfPlayWorker, play_round};
use anyhow::Context;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tabula_core::{Game, rng_from_seed};
use tabula_models::NetEvaluator;
use tabula_nets::{Expected, PolicyValueNet};
use tabula_search::SharedAdvisor;

/// How long a heartbeat lives: an actor not heard from for this long is not counted.
pub const HEARTBEAT_TTL: Duration = Duration::from_secs(30);

/// How often an actor beats (and measures its positions/s).
const HEARTBEAT_EVERY: Duration = Duration::from_secs(5);

/// How often an actor says how many games it has pushed.
const TELL_EVERY: Duration = Duration::from_secs(30);

/// How one actor runs.
#[derive(Debug, Clone)]
pub struct ActorOptions {
    pub url: String,
    /// The actor's name in the stream and in `tabula runs status`.
    pub id: String,
    /// Self-play threads (each a worker with the config's games in flight).
    pub threads: usize,
    /// Stop after pushing this many games (tests, benchmarks); none: until killed.
    pub max_games: Option<u64>,
    /// Where model versions are unpacked.
    pub cache: PathBuf,
    pub seed: u64,
}

/// What an actor did, at the end.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ActorSummary {
    pub pushed: u64,
    /// Games dropped from a full outbox while Redis was away.
    pub dropped: u64,
}

/// Plays for the run `info` until `options.max_games` are pushed (or forever), with the advisor
/// and against the field its config names (built by the caller). `say` gets a line
/// for each event worth telling (a new model, an outage, progress).
pub fn run_actor<G: Game>(
    game: G,
    info: &RunInfo,
    advisor: Option<SharedAdvisor<G::State>>,
    field: &[FieldPlayer<G::State>],
    options: &ActorOptions,
    say: &dyn Fn(&str),
) -> anyhow::Result<ActorSummary> {
    let config = TrainConfig::from_toml(&info.config_toml).context("the run's config in Redis")?;
    let settings = config.distributed.clone().unwrap_or_default();
    let shown = redacted(&options.url);
    let mut link = Link::new(&options.url, &info.run, &info.game, None);
    let mut announcements = Announcements::listen(&options.url, &info.run);
    let mut rng = rng_from_seed(options.seed);
    let mut workers =
        SelfPlayWorker::team(&game, &config.selfplay_config(), options.threads.max(1), &mut rng, advisor, field);
    let mut outbox: VecDeque<FinishedGame> = VecDeque::new();
    let mut bound = StreamBound::new(settings.max_stream_len, settings.max_stream_mib);
    let mut pressure =
        Backpressure::new(settings.max_unread_steps, config.learner.batch_size, config.replay.replay_ratio);
    // Time spent paused since the last progress line.
    let mut paused = Duration::ZERO;
    let mut summary = ActorSummary::default();
    let mut model: Option<(u64, NetEvaluator)> = None;
    let mut games_played = 0u64;
    let mut told_at = Instant::now();
    let mut waiting_said = false;
    // Positions and games since the last heartbeat, and when that was.
    let mut since_beat = (0u64, 0u64, Instant::now());
    loop {
        for line in link.take_messages() {
            say(&line);
        }
        // The newest model, when one is announced (or now and then, for an announcement missed).
        let playing = model.as_ref().map(|(v, _)| *v);
        let latest = announcements.due(playing).then(|| link.with_store(|s| s.latest_model_version())).flatten();
        if latest.is_some() {
            announcements.checked();
        }
        if let Some(Some(latest)) = latest
            && playing.is_none_or(|v| v < latest)
        {
            // None: retired between the two reads, and the newer one is announced.
            if let Some(Some(files)) = link.with_store(|s| s.model(latest)) {
                // One folder, overwritten: a night's hundreds of versions would otherwise pile up.
                let net = unpack(&game, &files, &options.cache.join("model"))
                    .with_context(|| format!("model version {latest} from {shown}"))?;
                say(&format!("playing model version {latest}"));
                model = Some((latest, NetEvaluator::new(&game, net, config.value_codec())));
            }
        }
        let Some((version, evaluator)) = &model else {
            if link.connected() && !waiting_said {
                say("waiting for the learner's first model");
                waiting_said = true;
            }
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        if pressure.due() {
            let unread = link.with_store(|s| s.unread_games()).flatten();
            pressure.check(unread);
        }
        if pressure.ahead() {
            // The learner has games enough for now: wait, beating so the actor still counts.
            let nap = Instant::now();
            std::thread::sleep(Duration::from_millis(50));
            paused += nap.elapsed();
            if since_beat.2.elapsed() >= HEARTBEAT_EVERY {
                beat(&mut link, &options.id, &mut since_beat, games_played, *version);
            }
            continue;
        }
        let (records, ()) = play_round(&mut workers, evaluator, config.selfplay.decisions_per_round, || ());
        for record in records {
            games_played += 1;
            since_beat.0 += record.samples.len() as u64;
            since_beat.1 += 1;
            pressure.played(record.samples.len());
            outbox.push_back(FinishedGame {
                game: info.game.clone(),
                model_version: *version,
                actor: options.id.clone(),
                samples: record.samples,
                returns: record.returns,
                moves: record.length as u32,
            });
            if outbox.len() > settings.actor_outbox_games {
                outbox.pop_front();
                summary.dropped += 1;
            }
        }
        // Push what waits, oldest first, as long as Redis takes it.
        let before = summary.pushed;
        while let Some(finished) = outbox.front() {
            let limit = options.max_games.map_or(u64::MAX, |m| m.saturating_sub(summary.pushed));
            if limit == 0 {
                break;
            }
            match link.with_store(|s| s.push_game(finished, &mut bound)) {
                Some(_) => {
                    outbox.pop_front();
                    summary.pushed += 1;
                    pressure.pushed();
                }
                None => break,
            }
        }
        if summary.pushed > before && told_at.elapsed() >= TELL_EVERY {
            let share = paused.as_secs_f64() / told_at.elapsed().as_secs_f64();
            let waited = if share >= 0.01 {
                format!(" (paused {:.0}% of the time: the learner had games enough)", 100.0 * share)
            } else {
                String::new()
            };
            say(&format!("{} games pushed, playing model version {version}{waited}", summary.pushed));
            told_at = Instant::now();
            paused = Duration::ZERO;
        }
        if since_beat.2.elapsed() >= HEARTBEAT_EVERY {
            beat(&mut link, &options.id, &mut since_beat, games_played, *version);
        }
        if options.max_games.is_some_and(|m| summary.pushed >= m) {
            return Ok(summary);
        }
    }
}

/// Says how the actor is doing (positions and games per second since the last beat) in its
/// expiring heartbeat, and starts the next count.
fn beat(link: &mut Link, id: &str, since_beat: &mut (u64, u64, Instant), games: u64, model_version: u64) {
    let seconds = since_beat.2.elapsed().as_secs_f64().max(1e-9);
    let (positions_per_s, games_per_s) = (since_beat.0 as f64 / seconds, since_beat.1 as f64 / seconds);
    *since_beat = (0, 0, Instant::now());
    let beat = Heartbeat { games, positions_per_s, games_per_s, model_version, at: unix_now() };
    link.with_store(|s| s.heartbeat(id, &beat, HEARTBEAT_TTL));
}

/// Writes a model version's files into `dir` and loads them, checked against `game`.
fn unpack<G: Game>(game: &G, files: &ModelFiles, dir: &Path) -> anyhow::Result<PolicyValueNet> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    std::fs::write(dir.join("model.bpk"), &files.weights)?;
    std::fs::write(dir.join("model.json"), &files.card)?;
    std::fs::write(dir.join("config.toml"), &files.config)?;
    let (net, _card) = PolicyValueNet::load(&dir.join("model.bpk"), &Expected::game(game))?;
    Ok(net)
}

fn unix_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
