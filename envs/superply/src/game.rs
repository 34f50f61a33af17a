//! Superply behind tabula's `Game`/`State` API.
//!
//! ```
//! use superply::{Mode, Superply};
//! use tabula_core::{Game, GameSpec, State, Turn};
//! let game = Superply::from_spec(&"superply(size=5,mode=deterministic)".parse::<GameSpec>().unwrap()).unwrap();
//! let mut s = game.new_initial_state(0);
//! assert_eq!(s.turn(), Turn::Player(0)); // Blue, under the list's first hint
//! assert_eq!(s.hint().unwrap().to_string(), "odd");
//! assert_eq!(s.legal_actions().iter().map(|&a| s.action_to_string(a)).collect::<Vec<_>>()[..3], ["1x1", "1x3", "1x5"]);
//! s.apply(s.string_to_action("3x3").unwrap()).unwrap();
//! assert_eq!(s.hint().unwrap().to_string(), "even"); // Red's hint
//! assert!(s.apply(s.string_to_action("3x5").unwrap()).is_err()); // 15 is odd
//! let random = Superply::new(9, Mode::Random, superply::default_hints()).unwrap();
//! assert_eq!(random.new_initial_state(0).turn(), Turn::Chance); // nature draws the hint
//! ```

use crate::board::{Board, Cell, MAX_SIZE, MIN_SIZE, bits};
use crate::encode::{PLANES, write_observation};
use crate::hint::{Hint, default_hints};
use crate::side::Side;
use crate::symmetry;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use tabula_core::{
    Action, ChanceMode, Game, GameSpec, IllegalAction, Information, NotationError, Player, RegistryEntry, SpecError,
    State, Turn, dynamic::build_erased,
};

/// How hints follow one another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// The list in order, repeating, skipping hints that fit no unclaimed cell.
    Deterministic,
    /// Before each move nature draws one of the list's distinct hints that fit an unclaimed
    /// cell, uniformly.
    Random,
}

impl FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "deterministic" | "det" => Ok(Mode::Deterministic),
            "random" => Ok(Mode::Random),
            other => Err(format!("unknown mode {other:?}: expected deterministic or random")),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Deterministic => "deterministic",
            Mode::Random => "random",
        })
    }
}

/// The game: board size, mode and hint list. Actions are cells `0..size²`
/// (`(row - 1) · size + column - 1`); in random mode chance outcomes are indices into
/// [`Superply::hints`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Superply {
    size: usize,
    mode: Mode,
    /// In random mode, without repeats.
    hints: Arc<Vec<Hint>>,
    default_list: bool,
}

impl Default for Superply {
    fn default() -> Self {
        Superply::new(9, Mode::Random, default_hints()).expect("the defaults are valid")
    }
}

impl Superply {
    /// A variant; an error for a size outside 2..=11 or an empty list.
    pub fn new(size: usize, mode: Mode, hints: Vec<Hint>) -> Result<Superply, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!("size {size} is not in {MIN_SIZE}..={MAX_SIZE}"));
        }
        if hints.is_empty() {
            return Err("the hint list is empty".into());
        }
        let default_list = hints == default_hints();
        let hints = match mode {
            Mode::Deterministic => hints,
            Mode::Random => {
                hints.iter().enumerate().filter(|(i, h)| !hints[..*i].contains(h)).map(|(_, &h)| h).collect()
            }
        };
        Ok(Superply { size, mode, hints: Arc::new(hints), default_list })
    }

    /// The entry for tabula's game registry.
    pub fn registry_entry() -> RegistryEntry {
        RegistryEntry {
            name: "superply",
            about: "Superply: join your sides of a multiplication table, claiming cells under hints (two players)",
            example: "superply(size=9,mode=random)",
            build: build_erased::<Superply>,
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The hints (in random mode, each once).
    pub fn hints(&self) -> &[Hint] {
        &self.hints
    }
}

impl Game for Superply {
    type State = SuperplyState;

    fn spec(&self) -> String {
        // A custom hint list is not part of the spec: it comes from the caller (a server's file).
        format!("superply(size={},mode={})", self.size, self.mode)
    }
    fn name(&self) -> &'static str {
        "Superply"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        self.size * self.size
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![PLANES, self.size, self.size]
    }
    fn chance_mode(&self) -> ChanceMode {
        match self.mode {
            Mode::Deterministic => ChanceMode::Deterministic,
            Mode::Random => ChanceMode::Explicit,
        }
    }
    fn information(&self) -> Information {
        Information::Perfect
    }
    fn max_game_length(&self) -> usize {
        // Every move may follow a chance draw.
        2 * self.size * self.size
    }
    fn player_name(&self, player: Player) -> String {
        Side::from_index(player).map_or_else(|| format!("Player {}", player + 1), |s| s.title().to_string())
    }
    fn symmetry_count(&self) -> usize {
        symmetry::COUNT
    }
    fn transform_observation(&self, k: usize, observation: &[f32], out: &mut [f32]) {
        symmetry::map_observation(k, self.size, observation, out);
    }
    fn transform_action(&self, k: usize, action: Action) -> Action {
        symmetry::map_action(k, self.size, action)
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        const NAME: &str = "superply";
        spec.only(NAME, &["size", "mode"])?;
        let size = spec.get_or(NAME, "size", 9usize)?;
        let mode = spec.get_or(NAME, "mode", Mode::Random)?;
        Superply::new(size, mode, default_hints()).map_err(|reason| SpecError::BadValue {
            game: NAME.into(),
            key: "size".into(),
            value: size.to_string(),
            reason,
        })
    }
    fn new_initial_state(&self, _seed: u64) -> SuperplyState {
        let mut s = SuperplyState {
            board: Board::new(self.size).expect("validated size"),
            mode: self.mode,
            hints: self.hints.clone(),
            to_move: Side::Blue,
            hint: Current::Drawing,
            next_in_list: 0,
            winner: None,
            moves: 0,
        };
        s.next_hint();
        s
    }
}

/// Every cell of a board of `board`'s size whose product `hint` allows. Searches ask this for
/// every node, so each thread remembers the answers by size and hint.
fn matching_cells(board: &Board, hint: Hint) -> u128 {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static MATCHING: RefCell<HashMap<(usize, Hint), u128>> = RefCell::new(HashMap::new());
    }
    MATCHING.with(|cache| {
        *cache
            .borrow_mut()
            .entry((board.size(), hint))
            .or_insert_with(|| bits(board.all()).filter(|&c| hint.matches(board.product(c))).fold(0, |m, c| m | 1 << c))
    })
}

/// The hint the player to move is under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Current {
    /// Random mode, before nature's draw.
    Drawing,
    /// An index into the game's hints.
    Listed(usize),
    /// No hint of the list fits an unclaimed cell: any cell will do.
    Any,
}

/// A position: the board, whose turn, and the hint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SuperplyState {
    board: Board,
    mode: Mode,
    hints: Arc<Vec<Hint>>,
    to_move: Side,
    hint: Current,
    /// Deterministic mode: where the search for the next hint starts.
    next_in_list: usize,
    winner: Option<Side>,
    moves: usize,
}

impl SuperplyState {
    /// The same position for the other player with rows and columns exchanged: the board
    /// transposed with the sides swapped, and the other side to move (or the winner) under the
    /// same hint (see [`crate::symmetry`]).
    pub fn transposed(&self) -> SuperplyState {
        SuperplyState {
            board: self.board.transposed(),
            to_move: self.to_move.other(),
            winner: self.winner.map(Side::other),
            ..self.clone()
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The game's hint list (in random mode, each hint once).
    pub fn hints(&self) -> &[Hint] {
        &self.hints
    }

    /// A hash of everything that decides the rest of the game (board, turn, hint, place in the
    /// list), for a search's transposition table; the hint list itself is taken as fixed.
    pub fn position_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.board, self.to_move, self.hint, self.next_in_list, self.winner).hash(&mut h);
        h.finish()
    }

    /// The hint the player to move is under (`None` while nature draws, or when the game is over).
    pub fn hint(&self) -> Option<Hint> {
        match self.hint {
            _ if self.winner.is_some() => None,
            Current::Drawing => None,
            Current::Listed(i) => Some(self.hints[i]),
            Current::Any => Some(Hint::Any),
        }
    }

    /// The unclaimed cells `hint` allows.
    pub fn cells_allowed_by(&self, hint: Hint) -> u128 {
        matching_cells(&self.board, hint) & self.board.empty()
    }

    /// The cells the player to move may claim now (none while nature draws or after the end).
    pub fn allowed(&self) -> u128 {
        self.hint().map_or(0, |h| self.cells_allowed_by(h))
    }

    /// Deterministic mode: the hint the opponent gets after a move now, were the board as it is
    /// (what a player can plan against). `None` in random mode.
    pub fn upcoming_hint(&self) -> Option<Hint> {
        (self.mode == Mode::Deterministic && self.winner.is_none())
            .then(|| self.first_fitting_from(self.next_in_list).map_or(Hint::Any, |i| self.hints[i]))
    }

    /// Index of the first hint from `start` (cyclically) that fits an unclaimed cell.
    fn first_fitting_from(&self, start: usize) -> Option<usize> {
        let n = self.hints.len();
        (0..n).map(|k| (start + k) % n).find(|&i| self.cells_allowed_by(self.hints[i]) != 0)
    }

    /// After a move (or at the start): the next hint, or a pending draw.
    fn next_hint(&mut self) {
        match self.mode {
            Mode::Random => self.hint = Current::Drawing,
            Mode::Deterministic => match self.first_fitting_from(self.next_in_list) {
                Some(i) => {
                    self.hint = Current::Listed(i);
                    self.next_in_list = (i + 1) % self.hints.len();
                }
                None => self.hint = Current::Any,
            },
        }
    }

    /// The hints nature may draw now (indices), each with the same chance.
    fn drawable(&self) -> Vec<usize> {
        (0..self.hints.len()).filter(|&i| self.cells_allowed_by(self.hints[i]) != 0).collect()
    }

    fn outcome(&self) -> [f64; 2] {
        match self.winner {
            Some(Side::Blue) => [1.0, -1.0],
            Some(Side::Red) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    /// `RxC` for a cell, e.g. `3x7` (row 3, column 7: the cell showing 21).
    pub fn cell_name(&self, cell: Cell) -> String {
        let (r, c) = self.board.row_column(cell);
        format!("{r}x{c}")
    }

    /// Reads `3x7`, `3 7`, `3,7` or `(3, 7)` (row, column; 1-based).
    pub fn parse_cell(&self, text: &str) -> Result<Cell, String> {
        let cleaned: String =
            text.trim().trim_start_matches('(').trim_end_matches(')').to_ascii_lowercase().replace([',', 'x'], " ");
        let numbers: Vec<&str> = cleaned.split_whitespace().collect();
        let n = self.board.size();
        match numbers.as_slice() {
            [r, c] => match (r.parse::<usize>(), c.parse::<usize>()) {
                (Ok(r), Ok(c)) if (1..=n).contains(&r) && (1..=n).contains(&c) => Ok(self.board.cell(r, c)),
                (Ok(_), Ok(_)) => Err(format!("rows and columns run from 1 to {n}")),
                _ => Err("expected ROWxCOLUMN, e.g. 3x7".into()),
            },
            _ => Err("expected ROWxCOLUMN, e.g. 3x7".into()),
        }
    }
}

impl State for SuperplyState {
    fn turn(&self) -> Turn {
        match (self.winner, self.hint) {
            (Some(_), _) => Turn::Terminal,
            (None, Current::Drawing) => Turn::Chance,
            (None, _) => Turn::Player(self.to_move.index()),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        bits(self.allowed()).map(|c| c as Action).collect()
    }

    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        match self.turn() {
            Turn::Terminal => Err(IllegalAction::new(action, "the game is over")),
            Turn::Chance => {
                let i = action as usize;
                if !self.drawable().contains(&i) {
                    return Err(IllegalAction::new(action, "not a hint nature can draw here"));
                }
                self.hint = Current::Listed(i);
                self.moves += 1;
                Ok(())
            }
            Turn::Player(_) => {
                let cell = action as usize;
                if cell >= self.board.cells() {
                    return Err(IllegalAction::new(action, format!("no cell {action} on this board")));
                }
                let hint = self.hint().expect("a player's turn has a hint");
                if self.allowed() >> cell & 1 == 0 {
                    let why = match self.board.owner(cell) {
                        Some(owner) => format!("{} is already {owner}'s", self.cell_name(cell)),
                        None => {
                            format!("{} shows {}, which is not {hint}", self.cell_name(cell), self.board.product(cell))
                        }
                    };
                    return Err(IllegalAction::new(action, why));
                }
                self.board.claim(self.to_move, cell).expect("allowed cells are empty");
                self.moves += 1;
                if self.board.connected(self.to_move) {
                    self.winner = Some(self.to_move);
                    return Ok(());
                }
                // On a full board one side is always joined, so the game never runs out of cells.
                self.to_move = self.to_move.other();
                self.next_hint();
                Ok(())
            }
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        if self.turn() != Turn::Chance {
            return Vec::new();
        }
        let drawable = self.drawable();
        let p = 1.0 / drawable.len() as f64;
        drawable.into_iter().map(|i| (i as Action, p)).collect()
    }

    fn rewards(&self) -> Vec<f64> {
        // Only the joining move earns anything, and it ends the game.
        self.outcome().to_vec()
    }

    fn returns(&self) -> Vec<f64> {
        self.outcome().to_vec()
    }

    /// 1: a win (there are no draws).
    fn max_return(&self, _player: Player) -> Option<f64> {
        Some(1.0)
    }

    fn observation(&self, player: Player, out: &mut [f32]) {
        let observer = Side::from_index(player).expect("Superply has players 0 and 1");
        let next_allowed = self.upcoming_hint().map(|next| self.cells_allowed_by(next));
        let mover = self.turn().player().and_then(Side::from_index);
        write_observation(&self.board, self.allowed(), next_allowed, mover, observer, out);
    }

    fn action_to_string(&self, action: Action) -> String {
        match self.turn() {
            Turn::Chance => self.hints.get(action as usize).map_or_else(|| format!("?{action}"), |h| h.to_string()),
            _ if (action as usize) < self.board.cells() => self.cell_name(action as usize),
            _ => format!("?{action}"),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        if self.turn() == Turn::Chance {
            let hint: Hint = text.parse().map_err(|e: crate::hint::HintError| NotationError::new(text, e.0))?;
            return self
                .hints
                .iter()
                .position(|&h| h == hint)
                .map(|i| i as Action)
                .ok_or_else(|| NotationError::new(text, "not in this game's hint list"));
        }
        self.parse_cell(text).map(|c| c as Action).map_err(|why| NotationError::new(text, why))
    }

    fn move_number(&self) -> usize {
        self.moves
    }
}

impl fmt::Display for SuperplyState {
    /// The table with claimed cells as `B`/`R`, the cells the hint allows starred, then whose
    /// turn and the hint (or the winner and the path).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.board.size();
        let allowed = self.allowed();
        let path = self.winner.and_then(|w| self.board.winning_path(w)).unwrap_or_default();
        write!(f, "    ")?;
        for c in 1..=n {
            write!(f, "{c:>4}")?;
        }
        writeln!(f)?;
        for r in 1..=n {
            write!(f, "{r:>4}")?;
            for c in 1..=n {
                let cell = self.board.cell(r, c);
                let text = match self.board.owner(cell) {
                    Some(side) if path.contains(&cell) => format!("[{}]", side.name()[..1].to_ascii_uppercase()),
                    Some(side) => side.name()[..1].to_ascii_uppercase(),
                    None if allowed >> cell & 1 == 1 => format!("*{}", r * c),
                    None => (r * c).to_string(),
                };
                write!(f, "{text:>4}")?;
            }
            writeln!(f)?;
        }
        match (self.winner, self.hint()) {
            (Some(w), _) => {
                let cells: Vec<String> = path.iter().map(|&c| self.cell_name(c)).collect();
                writeln!(f, "{} wins: {}.", w.title(), cells.join(" "))
            }
            (None, Some(h)) => writeln!(f, "{} to move (move {}), hint: {h}.", self.to_move.title(), self.moves + 1),
            (None, None) => writeln!(f, "{} to move; nature draws the hint.", self.to_move.title()),
        }
    }
}
