//! The HTTP routes: the page, its assets, and the JSON API of `API.md`. Game work that can
//! take time (an agent thinking, a model loading) runs on blocking threads, never on the
//! async ones, so one slow agent does not stall other people's games.

use super::models::ModelDirs;
use super::replay::Replay;
use super::table::{Refusal, Table, View};
use super::work::{Busy, WorkQueue};
use crate::players::{BuildOptions, GameTask, KnownGame, with_game};
use crate::registry::registry;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

const PAGE: &str = include_str!("web/index.html");
const SCRIPT: &str = include_str!("web/app.js");
const STYLE: &str = include_str!("web/style.css");

/// Tables kept at once; past this the one left alone longest is dropped.
pub const MAX_TABLES: usize = 1000;

enum Entry {
    Live(Table),
    Replay(Replay),
}

impl Entry {
    fn view(&self, id: u64) -> View {
        match self {
            Entry::Live(t) => t.view(id),
            Entry::Replay(r) => r.view(id),
        }
    }
}

type Slot = Arc<tokio::sync::Mutex<Entry>>;

/// How a server builds agents, where it may load models from, and how much game work it takes on.
#[derive(Debug)]
pub struct ServeConfig {
    pub options: BuildOptions,
    pub models: ModelDirs,
    pub work: WorkQueue,
}

impl ServeConfig {
    /// `options`, the default model folders, and the work bounds for this machine.
    pub fn new(options: BuildOptions) -> ServeConfig {
        ServeConfig { options, models: ModelDirs::default_dirs(), work: WorkQueue::for_this_machine() }
    }
}

/// The tables by number. When there are too many, the least recently used goes: a game in play
/// is touched at every move, so it outlives games left alone however many start meanwhile
/// (dropping the oldest instead lost long games in play under load: `examples/soak_serve.rs`).
#[derive(Default)]
struct Tables {
    /// Each table and the tick of its last use...
    slots: HashMap<u64, (Slot, u64)>,
    /// ...and the tables by last use, least recent first.
    by_use: BTreeMap<u64, u64>,
    clock: u64,
}

impl Tables {
    fn insert(&mut self, id: u64, slot: Slot) {
        while self.slots.len() >= MAX_TABLES {
            let Some((_, unused)) = self.by_use.pop_first() else { break };
            self.slots.remove(&unused);
        }
        self.clock += 1;
        self.slots.insert(id, (slot, self.clock));
        self.by_use.insert(self.clock, id);
    }

    /// The table `id`, now the most recently used.
    fn touch(&mut self, id: u64) -> Option<Slot> {
        let (slot, used) = self.slots.get_mut(&id)?;
        self.by_use.remove(used);
        self.clock += 1;
        *used = self.clock;
        self.by_use.insert(self.clock, id);
        Some(slot.clone())
    }
}

/// Everything the server holds: the tables, by number.
pub struct Server {
    tables: Mutex<Tables>,
    next_id: AtomicU64,
    config: ServeConfig,
}

impl Server {
    pub fn new(config: ServeConfig) -> Server {
        Server { tables: Mutex::new(Tables::default()), next_id: AtomicU64::new(1), config }
    }

    fn insert(&self, entry: Entry) -> (u64, Slot) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let slot = Arc::new(tokio::sync::Mutex::new(entry));
        self.tables.lock().expect("table map").insert(id, slot.clone());
        (id, slot)
    }

    fn get(&self, id: &str) -> Result<(u64, Slot), ApiError> {
        let number: u64 = id.parse().map_err(|_| ApiError::not_found(format!("no table {id:?}")))?;
        let slot = self.tables.lock().expect("table map").touch(number).ok_or_else(|| {
            ApiError::not_found(format!(
                "no table {number} (the server restarted, or it was dropped): start a new game"
            ))
        })?;
        Ok((number, slot))
    }
}

/// An error as the page shows it: a status and a sentence.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl ApiError {
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, message.into())
    }
    fn not_found(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::NOT_FOUND, message.into())
    }
}

impl From<Busy> for ApiError {
    fn from(busy: Busy) -> ApiError {
        ApiError(StatusCode::TOO_MANY_REQUESTS, busy.0)
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        let status = match refusal {
            Refusal::Bad(_) => StatusCode::BAD_REQUEST,
            Refusal::NotNow(_) => StatusCode::CONFLICT,
            Refusal::AgentFailed(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError(status, refusal.message().to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        json_response(self.0, &json!({"error": self.1}))
    }
}

fn json_response(status: StatusCode, value: &impl serde::Serialize) -> Response {
    let body = serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()));
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Reads a JSON body; an empty body reads as `{}`.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ApiError> {
    let text = std::str::from_utf8(bytes).map_err(|_| ApiError::bad("the request body is not UTF-8 text"))?;
    let text = if text.trim().is_empty() { "{}" } else { text };
    serde_json::from_str(text).map_err(|e| ApiError::bad(format!("the request body is not the JSON this needs: {e}")))
}

/// Runs `work` on the table on a blocking thread, and answers with the table's view.
async fn with_table(
    server: Arc<Server>,
    id: String,
    work: impl FnOnce(&mut Entry) -> Result<(), Refusal> + Send + 'static,
) -> Result<Response, ApiError> {
    let (number, slot) = server.get(&id)?;
    let ticket = server.config.work.admit()?;
    let mut entry = slot.lock_owned().await;
    let running = ticket.run().await;
    let outcome = tokio::task::spawn_blocking(move || {
        let _running = running;
        work(&mut entry).map(|()| entry.view(number))
    })
    .await;
    match outcome {
        Ok(Ok(view)) => Ok(json_response(StatusCode::OK, &view)),
        Ok(Err(refusal)) => Err(refusal.into()),
        Err(crash) => {
            Err(ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("the agent crashed: {}", panic_text(crash))))
        }
    }
}

fn panic_text(error: tokio::task::JoinError) -> String {
    match error.try_into_panic() {
        Ok(payload) => payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into()),
        Err(e) => e.to_string(),
    }
}

pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(|| async { asset("index.html", PAGE) }))
        .route("/index.html", get(|| async { asset("index.html", PAGE) }))
        .route("/app.js", get(|| async { asset("app.js", SCRIPT) }))
        .route("/style.css", get(|| async { asset("style.css", STYLE) }))
        .route("/api/games", get(games))
        .route("/api/tables", post(new_table))
        .route("/api/tables/{id}", get(show))
        .route("/api/tables/{id}/move", post(human_move))
        .route("/api/tables/{id}/agent", post(agent_move))
        .route("/api/tables/{id}/undo", post(undo))
        .route("/api/tables/{id}/restart", post(restart))
        .route("/api/tables/{id}/resign", post(resign))
        .route("/api/replays", post(new_replay))
        .fallback(|uri: Uri| async move { ApiError::not_found(format!("no page {}", uri.path())) })
        .with_state(server)
}

/// A file of the page: the copy compiled in, or with `TABULA_SERVE_WEB=DIR` the file in DIR as
/// it is now (for working on the page without rebuilding).
fn asset(name: &str, compiled: &'static str) -> Response {
    let content_type = match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        _ => "text/css; charset=utf-8",
    };
    let text = std::env::var_os("TABULA_SERVE_WEB")
        .and_then(|dir| std::fs::read_to_string(std::path::Path::new(&dir).join(name)).ok())
        .map_or(std::borrow::Cow::Borrowed(compiled), std::borrow::Cow::Owned);
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], text).into_response()
}

/// The agents the page suggests for a game: its baselines and the shipped model (with a
/// smaller search where it searches with a network; an n-tuple player takes no budget).
struct Suggestions;

impl GameTask for Suggestions {
    type Output = Vec<String>;

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<Vec<String>> {
        let shipped: &[&str] =
            if tabula_bots::shipped::ntuple_model(&game).is_some() { &["shipped"] } else { &["shipped", "shipped:32"] };
        Ok(G::BASELINE_NAMES.iter().chain(shipped).map(|name| name.to_string()).collect())
    }
}

async fn games() -> Response {
    let list: Vec<Value> = registry()
        .entries()
        .iter()
        .filter_map(|entry| {
            let game = registry().build(entry.name).ok()?;
            let agents = with_game(entry.name, Suggestions).unwrap_or_default();
            Some(json!({
                "name": entry.name,
                "title": game.name(),
                "spec": entry.example,
                "players": game.num_players(),
                "player_names": (0..game.num_players()).map(|p| game.player_name(p)).collect::<Vec<_>>(),
                "about": entry.about,
                "agents": agents,
            }))
        })
        .collect();
    json_response(StatusCode::OK, &list)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTable {
    game: String,
    seats: Vec<String>,
    seed: Option<u64>,
}

async fn new_table(State(server): State<Arc<Server>>, bytes: Bytes) -> Result<Response, ApiError> {
    let request: NewTable = body(&bytes)?;
    let ticket = server.config.work.admit()?;
    let running = ticket.run().await;
    let (options, models) = (server.config.options.clone(), server.config.models.clone());
    let seed = request.seed;
    let id_hint = server.next_id.load(Ordering::Relaxed);
    let built = tokio::task::spawn_blocking(move || {
        let _running = running;
        Table::new(&request.game, &request.seats, seed.unwrap_or(id_hint), &options, &models)
    })
    .await
    .map_err(|e| {
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("building the table crashed: {}", panic_text(e)))
    })??;
    let (id, slot) = server.insert(Entry::Live(built));
    let view = slot.lock().await.view(id);
    Ok(json_response(StatusCode::CREATED, &view))
}

async fn show(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let (number, slot) = server.get(&id)?;
    let view = slot.lock().await.view(number);
    Ok(json_response(StatusCode::OK, &view))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    action: Option<u32>,
    label: Option<String>,
}

async fn human_move(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: MoveRequest = body(&bytes)?;
    with_table(server, id, move |entry| match entry {
        Entry::Live(table) => table.human_move(request.action, request.label.as_deref()),
        Entry::Replay(_) => Err(Refusal::NotNow("a replay plays its recorded moves: step it forward".into())),
    })
    .await
}

async fn agent_move(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    with_table(server, id, |entry| match entry {
        Entry::Live(table) => table.agent_move(),
        Entry::Replay(replay) => replay.forward(),
    })
    .await
}

async fn undo(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    with_table(server, id, |entry| match entry {
        Entry::Live(table) => table.undo(),
        Entry::Replay(replay) => replay.back(),
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RestartRequest {
    seed: Option<u64>,
}

async fn restart(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let request: RestartRequest = body(&bytes)?;
    with_table(server, id, move |entry| match entry {
        Entry::Live(table) => table.restart(request.seed),
        Entry::Replay(replay) => {
            replay.restart();
            Ok(())
        }
    })
    .await
}

async fn resign(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    with_table(server, id, |entry| match entry {
        Entry::Live(table) => table.resign(),
        Entry::Replay(_) => Err(Refusal::NotNow("nobody can resign a replay".into())),
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayRequest {
    record: String,
}

async fn new_replay(State(server): State<Arc<Server>>, bytes: Bytes) -> Result<Response, ApiError> {
    let request: ReplayRequest = body(&bytes)?;
    let replay = tokio::task::spawn_blocking(move || Replay::new(&request.record)).await.map_err(|e| {
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("reading the record crashed: {}", panic_text(e)))
    })??;
    let (id, slot) = server.insert(Entry::Replay(replay));
    let view = slot.lock().await.view(id);
    Ok(json_response(StatusCode::CREATED, &view))
}

#[cfg(test)]
mod table_tests {
    use super::*;

    fn slot() -> Slot {
        let table = Table::new(
            "score4",
            &["random".into(), "random".into()],
            1,
            &BuildOptions::default(),
            &ModelDirs::new(vec![]),
        )
        .expect("a table");
        Arc::new(tokio::sync::Mutex::new(Entry::Live(table)))
    }

    #[test]
    fn the_table_left_alone_longest_goes_first_and_a_game_in_play_stays() {
        let mut tables = Tables::default();
        let one = slot();
        tables.insert(1, one.clone());
        tables.insert(2, one.clone());
        for id in 3..=(MAX_TABLES as u64 + 500) {
            tables.insert(id, one.clone());
            // Table 1 is played at every move; table 2 was left alone.
            assert!(tables.touch(1).is_some(), "the game in play was dropped after {id} tables");
        }
        assert_eq!(tables.slots.len(), MAX_TABLES);
        assert!(tables.touch(2).is_none(), "the table left alone went");
        assert_eq!(tables.by_use.len(), MAX_TABLES);
    }
}
