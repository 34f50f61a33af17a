//! A run's data in Redis, under keys named by the run (`tabula:<run>:...`):
//!
//! - `games`: a stream of finished games ([`FinishedGame`], one entry each, `XADD` with an
//!   approximate `MAXLEN` so Redis memory stays flat), read by the learner through the consumer
//!   group `learner` and acknowledged only once learnt, so a learner killed mid-read claims them
//!   again ([`RedisStore::claim_stale`]);
//! - `model:<version>`: a hash of the model's files (`weights`, `card`, `config`), `model:latest`
//!   the newest version, announced on the channel `models`;
//! - `meta`: the run's `game` and `config` (TOML), and `tabula:current` the run's name, so an
//!   actor needs only the URL;
//! - `actor:<id>`: each actor's heartbeat (JSON, expiring), for `tabula runs status`.
//!
//! A password in the URL is used and never shown: [`redacted`] is what messages print.

use super::entry::FinishedGame;
use super::stream_bound::StreamBound;
use anyhow::Context;
use redis::{Commands, Connection, RedisResult};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

/// The learner's consumer group on the games stream.
pub const GROUP: &str = "learner";

/// Counts a stream's entries after ID `ARGV[1]` (exclusive), a page of 1,000 at a time. Sent
/// once and then called by its SHA-1 (`EVALSHA`, which redis-rs's `Script` does).
static COUNT_AFTER: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r"
local n, start = 0, '(' .. ARGV[1]
while true do
  local page = redis.call('XRANGE', KEYS[1], start, '+', 'COUNT', 1000)
  n = n + #page
  if #page < 1000 then return n end
  start = '(' .. page[#page][1]
end
",
    )
});

/// The key naming the run actors join (one run per Redis database at a time).
pub const CURRENT_RUN: &str = "tabula:current";

/// The run a learner announced: what an actor needs besides the URL.
#[derive(Debug, Clone, PartialEq)]
pub struct RunInfo {
    pub run: String,
    pub game: String,
    pub config_toml: String,
}

/// The run a learner announced at `url`, if any (an error names the URL without its password).
pub fn current_run(url: &str) -> anyhow::Result<Option<RunInfo>> {
    let shown = redacted(url);
    let mut connection = open(url)?;
    let run: Option<String> =
        connection.get(CURRENT_RUN).with_context(|| format!("reading {CURRENT_RUN} at {shown}"))?;
    let Some(run) = run else { return Ok(None) };
    let mut meta: HashMap<String, String> =
        connection.hgetall(run_key(&run, "meta")).with_context(|| format!("reading run {run} at {shown}"))?;
    let (Some(game), Some(config_toml)) = (meta.remove("game"), meta.remove("config")) else {
        anyhow::bail!("{shown} names the run {run:?}, but its game and config are missing");
    };
    Ok(Some(RunInfo { run, game, config_toml }))
}

/// The environment variable naming a PEM file of the certificate authority that signed a
/// `rediss://` server's certificate, for servers whose certificate the system does not trust.
pub const CA_CERT_VARIABLE: &str = "REDIS_CA_CERT";

/// A client for `url`: `redis://` in the clear, `rediss://` over TLS (rustls), checked against
/// the system's certificate authorities or the one named by [`CA_CERT_VARIABLE`].
fn client(url: &str) -> anyhow::Result<redis::Client> {
    let shown = redacted(url);
    let ca = std::env::var_os(CA_CERT_VARIABLE).filter(|path| !path.is_empty());
    let client = match ca {
        Some(path) if url.starts_with("rediss://") => {
            let root_cert = std::fs::read(&path)
                .with_context(|| format!("reading {CA_CERT_VARIABLE}={}", Path::new(&path).display()))?;
            let certificates = redis::TlsCertificates { client_tls: None, root_cert: Some(root_cert) };
            redis::Client::build_with_tls(url, certificates)
        }
        _ => redis::Client::open(url),
    };
    client.with_context(|| format!("{shown} is not a Redis URL"))
}

/// A checked connection to `url`: a refused password or an unreachable server is an error
/// naming the URL without its password.
pub(super) fn open(url: &str) -> anyhow::Result<Connection> {
    let shown = redacted(url);
    let client = client(url)?;
    let mut connection = client.get_connection_with_timeout(Duration::from_secs(5)).map_err(|e| {
        if e.kind() == redis::ErrorKind::AuthenticationFailed {
            anyhow::anyhow!("Redis at {shown} refused the password (or user) in the URL")
        } else {
            anyhow::Error::new(e).context(format!("cannot reach Redis at {shown}"))
        }
    })?;
    // A server that stops answering (a network cut, not a closed socket) is an error after this,
    // not a hang; reads block at most a second or so by design.
    let patience = Some(Duration::from_secs(30));
    connection.set_read_timeout(patience).and_then(|()| connection.set_write_timeout(patience))?;
    redis::cmd("PING").query::<String>(&mut connection).with_context(|| format!("Redis at {shown} refused us"))?;
    Ok(connection)
}

/// Run `run`'s key `name` (`tabula:<run>:<name>`): every key and channel of a run is named here.
pub fn run_key(run: &str, name: &str) -> String {
    format!("tabula:{run}:{name}")
}

/// The channel on which the learner announces run `run`'s new model versions (each message a
/// version number; [`RedisStore::publish_model`]).
pub fn models_channel(run: &str) -> String {
    run_key(run, "models")
}

/// `url` with its password (if any) replaced by `***`.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((credentials, host)) => {
            let user = credentials.split_once(':').map_or("", |(user, _)| user);
            format!("{scheme}://{user}:***@{host}{path}")
        }
        None => url.to_string(),
    }
}

/// One entry read from the games stream: its id (to acknowledge) and the game, or why the
/// entry is not one (it is acknowledged too, and counted, never learnt).
#[derive(Debug)]
pub struct Delivery {
    pub id: String,
    pub game: Result<FinishedGame, String>,
}

/// A model version's files.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelFiles {
    pub weights: Vec<u8>,
    pub card: Vec<u8>,
    pub config: Vec<u8>,
}

/// What an actor says about itself every few seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Heartbeat {
    pub games: u64,
    pub positions_per_s: f64,
    /// Games finished a second over the last beat (absent from older actors' beats).
    #[serde(default)]
    pub games_per_s: f64,
    pub model_version: u64,
    /// Seconds since the Unix epoch.
    pub at: u64,
}

/// A connection to one run's keys.
pub struct RedisStore {
    connection: Connection,
    run: String,
    game: String,
    shown: String,
}

/// Stream entries as Redis answers them: `[id, [field, value, ...]]`.
type Entries = Vec<(String, Vec<Vec<u8>>)>;
/// XPENDING's summary: the count, the first and last ids, and the count per consumer.
type PendingSummary = (usize, Option<String>, Option<String>, Option<Vec<(String, String)>>);

impl RedisStore {
    /// Connects to `url` (`redis://[user:password@]host:port[/db]`) for the run `run` of `game`.
    /// A refused password or an unreachable server is an error naming the URL without its
    /// password.
    pub fn connect(url: &str, run: &str, game: &str) -> anyhow::Result<RedisStore> {
        let connection = open(url)?;
        Ok(RedisStore { connection, run: run.to_string(), game: game.to_string(), shown: redacted(url) })
    }

    /// The URL as messages show it.
    pub fn shown_url(&self) -> &str {
        &self.shown
    }

    fn key(&self, name: &str) -> String {
        run_key(&self.run, name)
    }

    /// Appends a finished game, trimming the stream to about the length `bound` gives; its id.
    pub fn push_game(&mut self, game: &FinishedGame, bound: &mut StreamBound) -> RedisResult<String> {
        let fields = game.to_fields();
        let data_bytes: usize = fields.iter().map(|(_, v)| v.len()).sum();
        let max_len = bound.after(data_bytes);
        let fields: Vec<(&str, &[u8])> = fields.iter().map(|(k, v)| (*k, v.as_slice())).collect();
        self.add(&fields, Some(max_len))
    }

    /// XADD to the games stream, trimmed to about `max_len` entries if given.
    fn add(&mut self, fields: &[(&str, &[u8])], max_len: Option<usize>) -> RedisResult<String> {
        let mut command = redis::cmd("XADD");
        command.arg(self.key("games"));
        if let Some(max_len) = max_len {
            command.arg("MAXLEN").arg("~").arg(max_len);
        }
        command.arg("*");
        for (field, value) in fields {
            command.arg(*field).arg(*value);
        }
        command.query(&mut self.connection)
    }

    /// Entries in the games stream now.
    pub fn games_len(&mut self) -> RedisResult<usize> {
        self.connection.xlen(self.key("games"))
    }

    /// Creates the learner's group (reading from the stream's start) unless it exists.
    pub fn ensure_group(&mut self) -> RedisResult<()> {
        let made: RedisResult<()> = redis::cmd("XGROUP")
            .arg("CREATE")
            .arg(self.key("games"))
            .arg(GROUP)
            .arg("0")
            .arg("MKSTREAM")
            .query(&mut self.connection);
        match made {
            Err(e) if e.code() == Some("BUSYGROUP") => Ok(()),
            other => other,
        }
    }

    /// Up to `count` games no consumer of the group has read yet, waiting at most `block` (zero:
    /// not at all; Redis's own `BLOCK 0` would wait forever).
    pub fn read_games(&mut self, consumer: &str, count: usize, block: Duration) -> RedisResult<Vec<Delivery>> {
        let mut command = redis::cmd("XREADGROUP");
        command.arg("GROUP").arg(GROUP).arg(consumer).arg("COUNT").arg(count);
        if !block.is_zero() {
            command.arg("BLOCK").arg(block.as_millis().max(1) as u64);
        }
        let reply: Option<Vec<(String, Entries)>> =
            command.arg("STREAMS").arg(self.key("games")).arg(">").query(&mut self.connection)?;
        Ok(reply.into_iter().flatten().flat_map(|(_, entries)| entries).map(|e| self.delivery(e)).collect())
    }

    /// Games read by some consumer but not acknowledged for at least `idle` (a learner killed
    /// after reading them), now `consumer`'s, up to `count`. Entries trimmed from the stream
    /// while pending are gone and not returned.
    pub fn claim_stale(&mut self, consumer: &str, idle: Duration, count: usize) -> RedisResult<Vec<Delivery>> {
        let mut claimed_all = Vec::new();
        let mut cursor = "0-0".to_string();
        loop {
            let (next, claimed, _deleted): (String, Entries, Vec<String>) = redis::cmd("XAUTOCLAIM")
                .arg(self.key("games"))
                .arg(GROUP)
                .arg(consumer)
                .arg(idle.as_millis() as u64)
                .arg(&cursor)
                .arg("COUNT")
                .arg(count - claimed_all.len())
                .query(&mut self.connection)?;
            claimed_all.extend(claimed.into_iter().map(|e| self.delivery(e)));
            if next == "0-0" || claimed_all.len() >= count {
                return Ok(claimed_all);
            }
            cursor = next;
        }
    }

    fn delivery(&self, (id, flat): (String, Vec<Vec<u8>>)) -> Delivery {
        let fields: Vec<(String, Vec<u8>)> = flat
            .chunks(2)
            .filter(|pair| pair.len() == 2)
            .map(|pair| (String::from_utf8_lossy(&pair[0]).into_owned(), pair[1].clone()))
            .collect();
        Delivery { game: FinishedGame::from_fields(&fields, &self.game), id }
    }

    /// Acknowledges entries (learnt, or refused and counted): they are not delivered again.
    pub fn ack(&mut self, ids: &[String]) -> RedisResult<usize> {
        if ids.is_empty() {
            return Ok(0);
        }
        self.connection.xack(self.key("games"), GROUP, ids)
    }

    /// Entries read but not yet acknowledged.
    pub fn pending(&mut self) -> RedisResult<usize> {
        let (count, ..): PendingSummary =
            redis::cmd("XPENDING").arg(self.key("games")).arg(GROUP).query(&mut self.connection)?;
        Ok(count)
    }

    /// Entries no consumer of the learner's group has read yet (0 when Redis cannot tell: see
    /// [`unread_games`](Self::unread_games)).
    pub fn unread(&mut self) -> RedisResult<u64> {
        Ok(self.unread_games()?.unwrap_or(0))
    }

    /// Entries no consumer of the learner's group has read yet; None when there is no stream or
    /// no group yet, rather than an error, which would read as Redis being away.
    ///
    /// Redis 7's group `lag`, where Redis knows it. It does not after a restart from the
    /// append-only file (Redis 7.0 reloads the group's read counter as unknown until the group
    /// has read the whole stream again): then the entries after the group's last-delivered ID
    /// are counted in Redis (a script paging through them, nothing sent back but the count),
    /// exact because nothing is ever deleted from the middle of the stream (entries trimmed
    /// from its head before they were read, which `lag` counts, are not counted then).
    pub fn unread_games(&mut self) -> RedisResult<Option<u64>> {
        if !self.connection.exists::<_, bool>(self.key("games"))? {
            return Ok(None);
        }
        let groups: Vec<HashMap<String, redis::Value>> =
            redis::cmd("XINFO").arg("GROUPS").arg(self.key("games")).query(&mut self.connection)?;
        let Some(ours) = groups
            .iter()
            .find(|g| g.get("name").is_some_and(|n| redis::from_redis_value::<String>(n).is_ok_and(|n| n == GROUP)))
        else {
            return Ok(None);
        };
        if let Some(lag) = ours.get("lag").and_then(|v| redis::from_redis_value::<u64>(v).ok()) {
            return Ok(Some(lag));
        }
        let last: String = match ours.get("last-delivered-id") {
            Some(v) => redis::from_redis_value(v)?,
            None => return Ok(None),
        };
        Ok(Some(COUNT_AFTER.key(self.key("games")).arg(&last).invoke(&mut self.connection)?))
    }

    /// Stores model `version` and announces it.
    pub fn publish_model(&mut self, version: u64, files: &ModelFiles) -> RedisResult<()> {
        let key = self.key(&format!("model:{version}"));
        redis::pipe()
            .atomic()
            .hset_multiple(&key, &[("weights", &files.weights), ("card", &files.card), ("config", &files.config)])
            .ignore()
            .set(self.key("model:latest"), version)
            .ignore()
            .publish(models_channel(&self.run), version)
            .ignore()
            .query(&mut self.connection)
    }

    /// The newest model version, if any was published.
    pub fn latest_model_version(&mut self) -> RedisResult<Option<u64>> {
        self.connection.get(self.key("model:latest"))
    }

    /// Model `version`'s files, if they are there.
    pub fn model(&mut self, version: u64) -> RedisResult<Option<ModelFiles>> {
        let mut fields: HashMap<String, Vec<u8>> = self.connection.hgetall(self.key(&format!("model:{version}")))?;
        if fields.is_empty() {
            return Ok(None);
        }
        let mut take = |name: &str| fields.remove(name).unwrap_or_default();
        Ok(Some(ModelFiles { weights: take("weights"), card: take("card"), config: take("config") }))
    }

    /// Records an actor's heartbeat, forgotten after `ttl` without another.
    pub fn heartbeat(&mut self, actor: &str, beat: &Heartbeat, ttl: Duration) -> RedisResult<()> {
        let json = serde_json::to_string(beat).expect("a heartbeat serialises");
        self.connection.set_ex(self.key(&format!("actor:{actor}")), json, ttl.as_secs().max(1))
    }

    /// The actors heard from within their heartbeats' lifetime, by id.
    pub fn actors(&mut self) -> RedisResult<Vec<(String, Heartbeat)>> {
        let pattern = self.key("actor:*");
        let keys: Vec<String> = self.connection.scan_match::<_, String>(&pattern)?.collect();
        let mut actors = Vec::new();
        for key in keys {
            let text: Option<String> = self.connection.get(&key)?;
            if let Some(beat) = text.and_then(|t| serde_json::from_str(&t).ok()) {
                let id = key.rsplit_once("actor:").map_or(key.as_str(), |(_, id)| id).to_string();
                actors.push((id, beat));
            }
        }
        actors.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(actors)
    }

    /// Makes this the run actors join: its name (`tabula:current`) and its game and config
    /// (`tabula:<run>:meta`).
    pub fn announce_run(&mut self, run: &str, config_toml: &str) -> RedisResult<()> {
        redis::pipe()
            .atomic()
            .hset_multiple(self.key("meta"), &[("game", self.game.as_str()), ("config", config_toml)])
            .ignore()
            .set(CURRENT_RUN, run)
            .ignore()
            .query(&mut self.connection)
    }

    /// Forgets model `version` (actors fetch the newest; old ones would only fill Redis).
    pub fn retire_model(&mut self, version: u64) -> RedisResult<()> {
        self.connection.del(self.key(&format!("model:{version}")))
    }

    /// Entries ever added to the games stream (Redis 7's `entries-added`), kept across trims.
    pub fn games_added(&mut self) -> RedisResult<u64> {
        let info: HashMap<String, redis::Value> =
            redis::cmd("XINFO").arg("STREAM").arg(self.key("games")).query(&mut self.connection)?;
        Ok(info.get("entries-added").and_then(|v| redis::from_redis_value::<u64>(v).ok()).unwrap_or(0))
    }

    /// Adds a raw entry (tests of bad input: another program's entries, garbage).
    #[doc(hidden)]
    pub fn push_raw(&mut self, fields: &[(&str, &[u8])]) -> RedisResult<String> {
        self.add(fields, None)
    }
}

#[cfg(test)]
mod tests {
    use super::{Heartbeat, redacted};

    #[test]
    fn an_older_actors_heartbeat_still_reads() {
        let beat: Heartbeat =
            serde_json::from_str(r#"{"games":7,"positions_per_s":120.5,"model_version":400,"at":1790000000}"#).unwrap();
        assert_eq!((beat.games, beat.games_per_s, beat.model_version), (7, 0.0, 400));
    }

    #[test]
    fn passwords_are_never_shown() {
        assert_eq!(redacted("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
        assert_eq!(redacted("redis://:hunter2@db.lab:6379/2"), "redis://:***@db.lab:6379/2");
        assert_eq!(redacted("rediss://ann:s3cr@t@db.lab"), "rediss://ann:***@db.lab");
        assert!(!redacted("redis://u:p%40ss@h:1").contains("p%40ss"));
    }
}
