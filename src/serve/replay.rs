//! A game of an arena's `--records` file, shown move by move: every position is worked out
//! once (as `tabula replay` does it, chance included), then stepped through.

use super::table::{ActionView, MoveView, Refusal, ReplayPosition, SeatView, View};
use crate::players::{GameTask, KnownGame, with_game};
use serde::Deserialize;
use serde_json::Value;
use tabula_core::{GameSpec, State};

/// The fields of a record line a replay needs; the others are ignored.
#[derive(Debug, Deserialize)]
struct Record {
    game: String,
    seed: u64,
    moves: Vec<String>,
    #[serde(default)]
    players: Vec<String>,
}

/// One position of the game.
struct Frame {
    board: Value,
    text: String,
    returns: Vec<f64>,
    to_move: Option<usize>,
    result: Option<String>,
    /// The move that led here: its mover, label and cells.
    played: Option<(usize, String, Vec<usize>)>,
}

pub struct Replay {
    /// The registry's name (`score4`) and the game's own (`Score 4`).
    game: String,
    title: String,
    spec: String,
    player_names: Vec<String>,
    players: Vec<String>,
    frames: Vec<Frame>,
    at: usize,
}

impl Replay {
    /// Reads one record line and works out every position.
    pub fn new(line: &str) -> Result<Replay, Refusal> {
        let record: Record = serde_json::from_str(line.trim())
            .map_err(|e| Refusal::Bad(format!("this is not a line of a tabula arena --records file ({e})")))?;
        let game = record.game.clone();
        with_game(&game, Build(record)).map_err(|e| Refusal::Bad(format!("{e:#}")))
    }

    pub fn forward(&mut self) -> Result<(), Refusal> {
        if self.at + 1 >= self.frames.len() {
            return Err(Refusal::NotNow("the replay is at its last move".into()));
        }
        self.at += 1;
        Ok(())
    }

    pub fn back(&mut self) -> Result<(), Refusal> {
        self.at = self.at.checked_sub(1).ok_or_else(|| Refusal::NotNow("the replay is at its start".into()))?;
        Ok(())
    }

    pub fn restart(&mut self) {
        self.at = 0;
    }

    pub fn view(&self, id: u64) -> View {
        let frame = &self.frames[self.at];
        let moves = self.frames[1..=self.at]
            .iter()
            .filter_map(|f| f.played.as_ref())
            .map(|(player, label, _)| MoveView { player: *player, label: label.clone() })
            .collect();
        let done = self.at + 1 == self.frames.len();
        View {
            id: id.to_string(),
            game: self.game.clone(),
            spec: self.spec.clone(),
            title: self.title.clone(),
            player_names: self.player_names.clone(),
            seats: (0..self.player_names.len())
                .map(|p| SeatView { kind: "replay", name: self.players.get(p).cloned().unwrap_or_else(|| "?".into()) })
                .collect(),
            to_move: if done { None } else { frame.to_move },
            human_to_move: false,
            done,
            result: if done { frame.result.clone() } else { None },
            returns: frame.returns.clone(),
            moves,
            last_cells: frame.played.as_ref().map(|p| p.2.clone()).unwrap_or_default(),
            actions: Vec::<ActionView>::new(),
            board: frame.board.clone(),
            thinking: None,
            text: frame.text.clone(),
            can_undo: self.at > 0,
            replay: Some(ReplayPosition { at: self.at, length: self.frames.len() - 1 }),
        }
    }
}

struct Build(Record);

impl GameTask for Build {
    type Output = Replay;

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<Replay> {
        let record = self.0;
        let states = tabula_train::arena::replay(&game, record.seed, &record.moves)?;
        let mut frames = Vec::with_capacity(states.len());
        let mut previous: Option<&G::State> = None;
        for (played, state) in &states {
            let (played, last) = match (played, previous) {
                (Some(label), Some(before)) => {
                    let action = before.string_to_action(label)?;
                    let mover = before.turn().player().unwrap_or(0);
                    (Some((mover, label.clone(), game.action_cells(before, action))), Some(action))
                }
                _ => (None, None),
            };
            let viewer = state.turn().player().unwrap_or(0);
            frames.push(Frame {
                board: game.board(state, viewer, last),
                text: state.to_string(),
                returns: state.returns(),
                to_move: state.turn().player(),
                result: state.is_terminal().then(|| game.result(state)),
                played,
            });
            previous = Some(state);
        }
        Ok(Replay {
            game: game.spec().parse::<GameSpec>()?.name,
            title: game.name().to_string(),
            spec: game.spec(),
            player_names: (0..game.num_players()).map(|p| game.player_name(p)).collect(),
            players: record.players,
            frames,
            at: 0,
        })
    }
}
