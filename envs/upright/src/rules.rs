//! The rules: whose turn, which squares may be filled, and what a sub-action does.
//!
//! * Phase 1: player 1 fills a1; then, alternately, each player fills the square immediately to
//!   the right of or immediately above the last square filled, until the upper-right square is
//!   filled. That takes exactly `2n - 1` squares, so player 1 fills both ends of the line and
//!   player 2 makes the first move of phase 2 (the turns keep alternating).
//! * Phase 2: a move fills an empty square immediately above or to the right of any filled square
//!   (of either colour), then may go on, each square immediately above or to the right of the one
//!   the move filled just before. The mover stops with `end` after at least one square; when no
//!   square qualifies the move ends by itself (there is then nothing to choose, so no `end` is
//!   asked for). The game ends when the board is full. See [`crate::variant`] for `reach=line`
//!   and `colour=free`.
//!
//! A legal first square always exists in phase 2: every empty square lies above the phase-1 line
//! in its column or to the right of it in its row, and walking from it down (or left) towards
//! the line reaches an empty square whose neighbour below (or to the left) is filled.
//!
//! ```
//! use upright::{Phase, Side, UprightState, Variant};
//! let mut s = UprightState::new(3, Variant::default()).unwrap();
//! for square in ["a1", "b1", "b2", "b3", "c3"] {
//!     s.fill(square.parse().unwrap()).unwrap();
//! }
//! assert_eq!((s.phase(), s.to_move()), (Phase::Two, Side::Second));
//! // a3 is not next to a filled square yet: a2, below it, is empty.
//! assert_eq!(s.fillable_squares(), ["c1", "a2", "c2"].map(|t| t.parse().unwrap()));
//! s.fill("c1".parse().unwrap()).unwrap();
//! s.fill("c2".parse().unwrap()).unwrap(); // above c1; nothing qualifies after c2 (c3 is filled)
//! assert_eq!(s.to_move(), Side::First); // so the move ended by itself
//! ```

use crate::action::SubAction;
use crate::board::{Board, Mask};
use crate::side::{Colour, Side};
use crate::square::Square;
use crate::variant::{ColourRule, Reach, Variant};
use serde::{Deserialize, Serialize};

/// The two parts of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The crooked line from a1 to the upper-right square, one square a turn.
    One,
    /// Moves of one or more squares until the board is full.
    Two,
}

/// A position: the board, the phase, whose turn, and where the move in progress stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UprightState {
    pub(crate) board: Board,
    pub(crate) variant: Variant,
    pub(crate) to_move: Side,
    pub(crate) phase: Phase,
    /// Phase 1: the last square filled (the next one must touch it). Phase 2: the square the move
    /// in progress filled last; `None` before its first square.
    pub(crate) last: Option<Square>,
    /// Sub-actions applied so far.
    pub(crate) actions: usize,
    /// Phase-2 moves completed so far.
    pub(crate) phase_two_moves: usize,
}

impl UprightState {
    /// The start of a game on an `size x size` board.
    pub fn new(size: usize, variant: Variant) -> Result<UprightState, String> {
        Ok(UprightState {
            board: Board::new(size)?,
            variant,
            to_move: Side::First,
            phase: Phase::One,
            last: None,
            actions: 0,
            phase_two_moves: 0,
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player to move (the player who moved last once the game is over).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn is_over(&self) -> bool {
        self.board.is_full()
    }

    /// Phase 1: the last square filled. Phase 2: the square the move in progress filled last.
    pub fn last_square(&self) -> Option<Square> {
        self.last
    }

    /// True in phase 2 once the move in progress has filled a square (so `end` is legal).
    pub fn move_started(&self) -> bool {
        self.phase == Phase::Two && self.last.is_some() && !self.is_over()
    }

    /// Phase-2 moves completed so far.
    pub fn phase_two_moves(&self) -> usize {
        self.phase_two_moves
    }

    /// The squares the player to move may fill now, as a mask.
    pub fn fillable(&self) -> Mask {
        if self.is_over() {
            return 0;
        }
        let n = self.size();
        let empty = self.board.empty();
        let reach = match (self.phase, self.last) {
            (Phase::One, None) => 1,
            (Phase::One, Some(p)) => self.neighbours(p, Reach::Adjacent),
            (Phase::Two, Some(p)) => self.neighbours(p, self.variant.reach),
            (Phase::Two, None) => {
                let filled = self.board.filled();
                let not_right = !self.board.right_edge();
                match self.variant.reach {
                    Reach::Adjacent => ((filled & not_right) << 1) | (filled << n),
                    Reach::Line => {
                        // Smear the filled squares rightwards along rows and upwards along columns.
                        let (mut right, mut up) = ((filled & not_right) << 1, filled << n);
                        for _ in 1..n {
                            right |= (right & not_right) << 1;
                            up |= up << n;
                        }
                        right | up
                    }
                }
            }
        };
        reach & empty & self.board.all()
    }

    /// [`fillable`](UprightState::fillable) as a list, in action order (a1, b1, ..., a2, ...).
    pub fn fillable_squares(&self) -> Vec<Square> {
        let n = self.size();
        let mask = self.fillable();
        (0..n * n).filter(|&i| mask >> i & 1 == 1).map(|i| Square::from_index(i, n)).collect()
    }

    /// Squares above or to the right of `p`: only the next ones, or (`Line`) all of them.
    fn neighbours(&self, p: Square, reach: Reach) -> Mask {
        let n = self.size();
        let reach_len = match reach {
            Reach::Adjacent => 1,
            Reach::Line => n,
        };
        let right = (p.column() + 1..n.min(p.column() + 1 + reach_len)).map(|c| p.row() * n + c);
        let up = (p.row() + 1..n.min(p.row() + 1 + reach_len)).map(|r| r * n + p.column());
        right.chain(up).fold(0, |m, i| m | 1 << i)
    }

    /// True when the player to move may fill with the other colour too (`colour=free`, phase 2).
    pub fn may_use_other_colour(&self) -> bool {
        self.phase == Phase::Two && self.variant.colour == ColourRule::Free
    }

    /// Whether the player to move may fill with `colour`.
    pub fn may_use(&self, colour: Colour) -> bool {
        colour == self.to_move.pen() || self.may_use_other_colour()
    }

    /// Why `sub` is not legal now, or `None` when it is.
    pub fn why_illegal(&self, sub: SubAction) -> Option<String> {
        if self.is_over() {
            return Some("the game is over".into());
        }
        match sub {
            SubAction::End if self.move_started() => None,
            SubAction::End if self.phase == Phase::One => Some("phase 1 moves are one square; there is no end".into()),
            SubAction::End => Some("a move fills at least one square before it ends".into()),
            SubAction::Fill(square, _) if !square.on(self.size()) => {
                Some(format!("{square} is off the {n} x {n} board", n = self.size()))
            }
            SubAction::Fill(square, _) if !self.board.is_empty(square) => Some(format!("{square} is already filled")),
            SubAction::Fill(square, colour) if !self.may_use(colour) => {
                Some(format!("{square} must be filled with {}'s colour, {}", self.to_move.title(), self.to_move.pen()))
            }
            SubAction::Fill(square, _) if self.fillable() >> square.index(self.size()) & 1 == 0 => {
                Some(self.why_unreachable(square))
            }
            SubAction::Fill(..) => None,
        }
    }

    fn why_unreachable(&self, square: Square) -> String {
        let beside = match self.variant.reach {
            Reach::Adjacent => "immediately above or to the right of",
            Reach::Line => "above or to the right of, in the same column or row as,",
        };
        match (self.phase, self.last) {
            (Phase::One, None) => format!("{square} is not a1, where the game starts"),
            (Phase::One, Some(p)) => format!("{square} is not immediately above or to the right of {p}"),
            (Phase::Two, Some(p)) => format!("{square} is not {beside} {p}, the square this move filled last"),
            (Phase::Two, None) => format!("{square} is not {beside} a filled square"),
        }
    }

    /// Applies one sub-action; an illegal one is an error and changes nothing.
    pub fn play(&mut self, sub: SubAction) -> Result<(), String> {
        if let Some(why) = self.why_illegal(sub) {
            return Err(why);
        }
        self.actions += 1;
        match sub {
            SubAction::End => self.end_move(),
            SubAction::Fill(square, colour) => {
                self.board.fill(square, colour, self.phase == Phase::One).expect("checked empty and on the board");
                self.last = Some(square);
                match self.phase {
                    Phase::One => {
                        self.to_move = self.to_move.other();
                        if square == self.upper_right() {
                            self.phase = Phase::Two;
                            self.last = None;
                        }
                    }
                    Phase::Two if self.is_over() => self.phase_two_moves += 1,
                    Phase::Two if self.fillable() == 0 => self.end_move(),
                    Phase::Two => {}
                }
            }
        }
        Ok(())
    }

    /// Fills `square` with the mover's own colour (shorthand for [`play`](UprightState::play)).
    pub fn fill(&mut self, square: Square) -> Result<(), String> {
        self.play(SubAction::Fill(square, self.to_move.pen()))
    }

    fn end_move(&mut self) {
        self.to_move = self.to_move.other();
        self.last = None;
        self.phase_two_moves += 1;
    }

    fn upper_right(&self) -> Square {
        let n = self.size();
        Square::at(n - 1, n - 1).expect("the board fits")
    }

    /// The same position for the other player with rows and columns exchanged: the board
    /// transposed, colours and sides swapped. Player 1's rows become player 2's columns, and
    /// "above" becomes "to the right", so the mover's chances are the same in both (see
    /// [`crate::symmetry`]).
    pub fn transposed(&self) -> UprightState {
        UprightState {
            board: self.board.transposed().swapped_colours(),
            to_move: self.to_move.other(),
            last: self.last.map(Square::transposed),
            ..*self
        }
    }
}
