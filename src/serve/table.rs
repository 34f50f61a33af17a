//! One game on the server: its seats (a person, or an agent built from a player spec), the
//! moves so far, and what the last agent weighed. Plain synchronous code; `api` runs it.

use super::models::ModelDirs;
use crate::players::{BuildOptions, PlayerSpec};
use crate::session::{AgentCache, GameEnv, build_env, parse_agent};
use serde::Serialize;
use serde_json::Value;
use tabula_core::{Action, GameSpec, Player};

/// Why a request cannot be done, with the HTTP status that says so.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The request is wrong (400): bad spec, illegal move, unreadable body.
    Bad(String),
    /// Not now (409): an agent's seat is to move, the game is over, nothing to undo.
    NotNow(String),
    /// The agent failed (500).
    AgentFailed(String),
}

impl Refusal {
    pub fn message(&self) -> &str {
        match self {
            Refusal::Bad(m) | Refusal::NotNow(m) | Refusal::AgentFailed(m) => m,
        }
    }
}

type Result<T> = std::result::Result<T, Refusal>;

/// Who sits in a seat.
pub enum Seat {
    Human,
    Agent(Box<AgentCache>),
}

impl Seat {
    fn view(&self) -> SeatView {
        match self {
            Seat::Human => SeatView { kind: "human", name: "you".into() },
            Seat::Agent(agent) => SeatView { kind: "agent", name: agent.spec().to_string() },
        }
    }
}

/// One move made: by whom, how it reads, where it was on the board.
#[derive(Debug, Clone)]
struct Played {
    player: Player,
    action: Action,
    label: String,
    cells: Vec<usize>,
}

pub struct Table {
    spec: String,
    env: Box<dyn GameEnv>,
    seats: Vec<Seat>,
    seed: u64,
    history: Vec<Played>,
    thinking: Option<ThinkingView>,
    resigned: Option<Player>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    pub kind: &'static str,
    pub name: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct MoveView {
    pub player: Player,
    pub label: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ActionView {
    pub action: Action,
    pub label: String,
    pub cells: Vec<usize>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ThoughtView {
    pub action: Action,
    pub label: String,
    pub cells: Vec<usize>,
    pub visits: f32,
    pub prior: f32,
}

#[derive(Debug, Clone, Serialize)]
pub struct ThinkingView {
    pub player: Player,
    pub agent: String,
    pub simulations: u32,
    pub value: Vec<f32>,
    pub actions: Vec<ThoughtView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ReplayPosition {
    pub at: usize,
    pub length: usize,
}

/// Everything the page shows; documented in `API.md`.
#[derive(Debug, Clone, Serialize)]
pub struct View {
    pub id: String,
    pub game: String,
    pub spec: String,
    pub title: String,
    pub player_names: Vec<String>,
    pub seats: Vec<SeatView>,
    pub to_move: Option<Player>,
    pub human_to_move: bool,
    pub done: bool,
    pub result: Option<String>,
    pub returns: Vec<f64>,
    pub moves: Vec<MoveView>,
    pub last_cells: Vec<usize>,
    pub actions: Vec<ActionView>,
    pub board: Value,
    pub thinking: Option<ThinkingView>,
    pub text: String,
    pub can_undo: bool,
    pub replay: Option<ReplayPosition>,
}

/// Reads a seat: `human`, or a player spec. Programs (`cmd:`) are refused: a page must not start
/// processes on the server; so are model files outside `models`, with one answer for all.
pub fn parse_seat(text: &str, models: &ModelDirs) -> Result<Option<PlayerSpec>> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("human") || text.eq_ignore_ascii_case("you") {
        return Ok(None);
    }
    let spec = parse_agent(text, None).map_err(Refusal::Bad)?;
    if matches!(spec, PlayerSpec::Command(_)) {
        return Err(Refusal::Bad(format!(
            "seat {text:?}: programs (cmd:) cannot be started from a page; rate them with tabula arena"
        )));
    }
    // The seat keeps the path as the page gave it: its name must not show the server's folders.
    if let PlayerSpec::Run { dir: path, .. } | PlayerSpec::Checkpoint { path, .. } = &spec {
        models.check(path).map_err(|refused| Refusal::Bad(format!("seat {text:?}: {refused}")))?;
    }
    Ok(Some(spec))
}

impl Table {
    /// A new game of `spec` with one seat per player (`human` or a player spec). Builds the
    /// agents now (loading models), so that a bad seat fails here.
    pub fn new(spec: &str, seats: &[String], seed: u64, options: &BuildOptions, models: &ModelDirs) -> Result<Table> {
        let mut env = build_env(spec.trim()).map_err(Refusal::Bad)?;
        let players = env.game().num_players();
        if seats.len() != players {
            return Err(Refusal::Bad(format!(
                "{} has {players} player{}, so it needs {players} seat{}, not {}",
                env.game().spec(),
                if players == 1 { "" } else { "s" },
                if players == 1 { "" } else { "s" },
                seats.len()
            )));
        }
        let game_spec = env.game().spec();
        let mut built = Vec::with_capacity(players);
        for (k, text) in seats.iter().enumerate() {
            built.push(match parse_seat(text, models)? {
                None => Seat::Human,
                Some(player) => {
                    let mut agent = AgentCache::new(player, options.clone(), seed.wrapping_add(k as u64));
                    agent.prepare(&game_spec).map_err(|e| Refusal::Bad(format!("seat {}: {e}", k + 1)))?;
                    Seat::Agent(Box::new(agent))
                }
            });
        }
        env.reset(seed);
        Ok(Table { spec: game_spec, env, seats: built, seed, history: Vec::new(), thinking: None, resigned: None })
    }

    /// The registry's name of the game (`score4`), read from its spec.
    fn game_name(&self) -> String {
        self.spec.parse::<GameSpec>().map(|s| s.name).unwrap_or_default()
    }

    fn is_done(&self) -> bool {
        self.resigned.is_some() || self.env.is_done()
    }

    fn to_move(&self) -> Option<Player> {
        if self.is_done() { None } else { self.env.current_player() }
    }

    fn seat_name(&self, player: Player) -> String {
        let who = match &self.seats[player] {
            Seat::Human => "you".to_string(),
            Seat::Agent(agent) => agent.spec().to_string(),
        };
        format!("{} ({who})", self.env.game().player_name(player))
    }

    fn player_to_move(&self, kind: &str) -> Result<Player> {
        match self.to_move() {
            None => Err(Refusal::NotNow("the game is over: restart it or start a new one".into())),
            Some(p) => match (&self.seats[p], kind) {
                (Seat::Human, "human") | (Seat::Agent(_), "agent") => Ok(p),
                (Seat::Human, _) => Err(Refusal::NotNow(format!("it is your move as {}", self.seat_name(p)))),
                (Seat::Agent(_), _) => Err(Refusal::NotNow(format!(
                    "it is {}'s move, not yours: ask the agent to move",
                    self.seat_name(p)
                ))),
            },
        }
    }

    fn play(&mut self, player: Player, action: Action) -> Result<()> {
        let label = self.env.action_to_string(action).map_err(Refusal::Bad)?;
        let cells = self.env.action_cells(action);
        self.env.step(action).map_err(Refusal::Bad)?;
        self.history.push(Played { player, action, label, cells });
        Ok(())
    }

    /// A person's move, by number or by its notation.
    pub fn human_move(&mut self, action: Option<Action>, label: Option<&str>) -> Result<()> {
        let player = self.player_to_move("human")?;
        let action = match (action, label) {
            (Some(a), _) => a,
            (None, Some(text)) => self.env.string_to_action(text).map_err(Refusal::Bad)?,
            (None, None) => return Err(Refusal::Bad("say which move: {\"action\": N} or {\"label\": \"B3\"}".into())),
        };
        if !self.env.legal_actions().contains(&action) {
            let name = self.env.action_to_string(action).unwrap_or_else(|_| action.to_string());
            return Err(Refusal::Bad(format!("{name} is not a legal move here")));
        }
        self.thinking = None;
        self.play(player, action)
    }

    /// The agent whose seat is to move plays one move (blocking: it thinks).
    pub fn agent_move(&mut self) -> Result<()> {
        let player = self.player_to_move("agent")?;
        let Seat::Agent(agent) = &mut self.seats[player] else { unreachable!("checked by player_to_move") };
        let action = self.env.act(agent).map_err(|e| Refusal::AgentFailed(format!("the agent failed: {e}")))?;
        let agent_name = agent.spec().to_string();
        self.thinking = agent.thinking().map(|t| {
            let mut actions: Vec<ThoughtView> = t
                .actions
                .iter()
                .map(|a| ThoughtView {
                    action: a.action,
                    label: self.env.action_to_string(a.action).unwrap_or_default(),
                    cells: self.env.action_cells(a.action),
                    visits: a.visits,
                    prior: a.prior,
                })
                .collect();
            actions.sort_by(|a, b| b.visits.total_cmp(&a.visits).then(b.prior.total_cmp(&a.prior)));
            ThinkingView { player, agent: agent_name, simulations: t.simulations, value: t.values.clone(), actions }
        });
        self.play(player, action)
    }

    /// Replays the first `keep` moves from the start.
    fn rewind(&mut self, keep: usize) -> Result<()> {
        let moves: Vec<Action> = self.history[..keep].iter().map(|m| m.action).collect();
        let played = std::mem::take(&mut self.history);
        self.env.reset(self.seed);
        self.resigned = None;
        self.thinking = None;
        for (k, action) in moves.into_iter().enumerate() {
            let player = played[k].player;
            self.play(player, action)
                .map_err(|e| Refusal::AgentFailed(format!("replaying move {}: {}", k + 1, e.message())))?;
        }
        Ok(())
    }

    fn has_human(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, Seat::Human))
    }

    /// Where undo goes back to: before the last person's move (so it is a person's turn
    /// again), or one move back where no person plays.
    fn undo_point(&self) -> Option<usize> {
        if self.has_human() {
            self.history.iter().rposition(|m| matches!(self.seats[m.player], Seat::Human))
        } else {
            self.history.len().checked_sub(1)
        }
    }

    pub fn undo(&mut self) -> Result<()> {
        if self.resigned.is_some() {
            self.resigned = None;
            return Ok(());
        }
        let keep = self.undo_point().ok_or_else(|| Refusal::NotNow("there is no move of yours to take back".into()))?;
        self.rewind(keep)
    }

    pub fn restart(&mut self, seed: Option<u64>) -> Result<()> {
        self.seed = seed.unwrap_or(self.seed.wrapping_add(1));
        self.history.clear();
        self.rewind(0)
    }

    pub fn resign(&mut self) -> Result<()> {
        let player = self.player_to_move("human")?;
        self.resigned = Some(player);
        Ok(())
    }

    fn result(&self) -> Option<String> {
        if let Some(p) = self.resigned {
            let game = self.env.game();
            let others: Vec<String> =
                (0..game.num_players()).filter(|&q| q != p).map(|q| game.player_name(q)).collect();
            return Some(match others.len() {
                0 => format!("You resigned — {}", self.env.result()),
                1 => format!("{} resigned: {} wins", game.player_name(p), others[0]),
                _ => format!("{} resigned", game.player_name(p)),
            });
        }
        self.env.is_done().then(|| self.env.result())
    }

    /// Whose eyes the board is drawn through: the person to move, else a person's seat, else
    /// the seat to move.
    fn viewer(&self) -> Player {
        let human = |p: &Player| matches!(self.seats[*p], Seat::Human);
        self.to_move()
            .filter(human)
            .or_else(|| (0..self.seats.len()).find(human))
            .or_else(|| self.to_move())
            .unwrap_or(0)
    }

    pub fn view(&self, id: u64) -> View {
        let game = self.env.game();
        let to_move = self.to_move();
        let actions = if to_move.is_some() {
            self.env
                .legal_actions()
                .into_iter()
                .map(|a| ActionView {
                    action: a,
                    label: self.env.action_to_string(a).unwrap_or_default(),
                    cells: self.env.action_cells(a),
                })
                .collect()
        } else {
            Vec::new()
        };
        let last = self.history.last();
        View {
            id: id.to_string(),
            game: self.game_name(),
            spec: self.spec.clone(),
            title: game.name().to_string(),
            player_names: (0..game.num_players()).map(|p| game.player_name(p)).collect(),
            seats: self.seats.iter().map(Seat::view).collect(),
            to_move,
            human_to_move: to_move.is_some_and(|p| matches!(self.seats[p], Seat::Human)),
            done: self.is_done(),
            result: self.result(),
            returns: self.env.returns(),
            moves: self.history.iter().map(|m| MoveView { player: m.player, label: m.label.clone() }).collect(),
            last_cells: last.map(|m| m.cells.clone()).unwrap_or_default(),
            actions,
            board: self.env.board(self.viewer(), last.map(|m| m.action)),
            thinking: self.thinking.clone(),
            text: self.env.render(),
            can_undo: self.resigned.is_some() || self.undo_point().is_some(),
            replay: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(spec: &str, seats: &[&str]) -> Table {
        let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
        Table::new(spec, &seats, 1, &BuildOptions::default(), &ModelDirs::default_dirs())
            .unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn a_person_and_an_agent_take_turns_and_undo_goes_back_to_the_persons_move() {
        let mut t = table("score4", &["human", "random"]);
        assert!(t.view(1).human_to_move);
        assert_eq!(t.agent_move().unwrap_err(), Refusal::NotNow("it is your move as White (you)".into()));
        t.human_move(None, Some("b2")).unwrap();
        assert!(matches!(t.human_move(None, Some("a1")), Err(Refusal::NotNow(m)) if m.contains("ask the agent")));
        t.agent_move().unwrap();
        let view = t.view(1);
        assert_eq!(view.moves.len(), 2);
        assert_eq!(view.moves[0].label, "B2");
        assert!(view.thinking.is_none(), "random shows no search");
        t.undo().unwrap();
        assert_eq!(t.view(1).moves.len(), 0);
        assert!(t.undo().is_err());
    }

    #[test]
    fn illegal_moves_and_bad_seats_are_refused_in_words() {
        let mut t = table("score4", &["human", "human"]);
        for _ in 0..4 {
            t.human_move(None, Some("a1")).unwrap();
        }
        assert!(t.human_move(None, Some("a1")).unwrap_err().message().contains("not a legal move"));
        assert!(t.human_move(Some(99), None).unwrap_err().message().contains("not a legal move"));
        assert!(t.human_move(None, Some("z9")).is_err());
        let bad = |spec: &str, seats: &[&str]| {
            let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
            Table::new(spec, &seats, 0, &BuildOptions::default(), &ModelDirs::default_dirs())
                .err()
                .unwrap()
                .message()
                .to_string()
        };
        assert!(bad("chess", &["human", "human"]).contains("unknown game \"chess\""));
        assert!(bad("score4", &["human"]).contains("needs 2 seats, not 1"));
        assert!(bad("score4", &["human", "deduce"]).contains("unknown agent \"deduce\""));
        assert!(bad("score4", &["human", "cmd:score4-bot"]).contains("cannot be started from a page"));
    }

    #[test]
    fn a_search_shows_its_thinking_and_resigning_ends_the_game() {
        let mut t = table("score4", &["mcts:50", "human"]);
        t.agent_move().unwrap();
        let thinking = t.view(1).thinking.expect("mcts shows its search");
        assert_eq!(thinking.actions.len(), 16);
        let share: f32 = thinking.actions.iter().map(|a| a.visits).sum();
        assert!((share - 1.0).abs() < 1e-3, "visit shares sum to 1, not {share}");
        assert!(thinking.actions.windows(2).all(|w| w[0].visits >= w[1].visits));
        assert_eq!(thinking.actions[0].cells.len(), 1);
        t.resign().unwrap();
        let view = t.view(1);
        assert!(view.done && view.to_move.is_none());
        assert_eq!(view.result.as_deref(), Some("Black resigned: White wins"));
        t.undo().unwrap();
        assert!(!t.view(1).done);
    }

    #[test]
    fn agents_play_every_game_to_its_end() {
        for spec in [
            "score4",
            "superball(rows=6,cols=6)",
            "superply(size=5)",
            "upright(size=4)",
            "clue(players=3,items=9,hidden=3)",
        ] {
            let players = build_env(spec).unwrap().game().num_players();
            let mut t = table(spec, &vec!["random"; players]);
            let mut moves = 0;
            while !t.view(1).done {
                t.agent_move().unwrap();
                moves += 1;
                assert!(moves < 5000, "{spec} does not end");
            }
            let view = t.view(1);
            assert!(view.result.is_some() && view.actions.is_empty(), "{spec}");
            assert_eq!(view.moves.len(), moves);
            // Undo without a person: one move back.
            t.undo().unwrap();
            assert_eq!(t.view(1).moves.len(), moves - 1, "{spec}");
            t.restart(Some(9)).unwrap();
            assert_eq!(t.view(1).moves.len(), 0);
        }
    }
}
