//! One game between two players, drawn on the referee's output after every move.

use super::human::{Interrupt, Keyboard, typed as read_typed};
use crate::game::Upright;
use crate::moves::{MoveSquare, format_move};
use crate::protocol::{Command, Reply};
use crate::rules::{Phase, UprightState};
use crate::side::Side;
use std::io::Write;
use tabula_core::Game;
use tabula_core::referee::{AskPerson, Stop};

/// One side of a game in progress: a person, a bot, or a bot that would not start.
pub type Player = tabula_core::referee::Player<Command, Reply>;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The board is full; the scores, player 1's (rows) first. Higher wins; equal draws.
    Scored { scores: [u64; 2] },
    /// The other side's program failed; `why` says how.
    Forfeit { winner: Side, why: String },
    /// The person quit.
    Quit,
    /// The person asked for a new game.
    Restart,
}

impl Ending {
    pub fn winner(&self) -> Option<Side> {
        match self {
            Ending::Scored { scores } if scores[0] > scores[1] => Some(Side::First),
            Ending::Scored { scores } if scores[1] > scores[0] => Some(Side::Second),
            Ending::Forfeit { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// True when the game was played out (not quit or restarted).
    pub fn is_result(&self) -> bool {
        !matches!(self, Ending::Quit | Ending::Restart)
    }
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Every move with its squares; player 1 makes the odd-numbered ones (1st, 3rd, ...).
    pub moves: Vec<(Side, Vec<MoveSquare>)>,
    /// How many of them were phase-2 moves.
    pub phase_two_moves: usize,
    pub ending: Ending,
}

const HELP: &str =
    "Type your squares in order, like b3 or b3 b4 c4 (phase 1: one square); or history, board, restart, quit.";

/// The moves so far, numbered: `1. a1  2. b1  3. b2 ...` (player 1 makes the odd ones).
fn history_text(moves: &[(Side, Vec<MoveSquare>)]) -> String {
    if moves.is_empty() {
        return "No moves yet.".into();
    }
    moves.iter().enumerate().map(|(i, (_, m))| format!("{}. {}", i + 1, format_move(m))).collect::<Vec<_>>().join("  ")
}

/// Plays one game of `game`; `players[s]` plays side `s` (player 1 is index 0). Messages go
/// to `out` (write errors are ignored: the game goes on whether anyone watches or not).
pub fn play_game(
    game: &Upright,
    players: &mut [Player; 2],
    keyboard: &mut Keyboard,
    out: &mut dyn Write,
) -> GameRecord {
    let mut state = game.new_initial_state(0);
    let mut moves = Vec::new();
    let ending = play(game, &mut state, &mut moves, players, keyboard, out);
    let label = |players: &[Player; 2], side: Side| format!("{} ({})", side.title(), players[side.index()].name());
    match &ending {
        Ending::Scored { scores } => {
            for player in players.iter_mut() {
                // The game is decided: an answer, or a bot that has gone, changes nothing.
                if let Player::Program(program, _) = player {
                    let _ = program.ask(&Command::End { scores: *scores });
                }
            }
            let result = match ending.winner() {
                Some(side) => format!("{} wins", label(players, side)),
                None => "a draw".into(),
            };
            let _ = writeln!(
                out,
                "Game over: {} scores {} (rows), {} scores {} (columns): {result}.",
                label(players, Side::First),
                scores[0],
                label(players, Side::Second),
                scores[1]
            );
        }
        Ending::Forfeit { winner, why } => {
            let _ = writeln!(out, "{why}. {} wins.", label(players, *winner));
        }
        Ending::Quit | Ending::Restart => {}
    }
    let _ = out.flush();
    GameRecord { moves, phase_two_moves: state.phase_two_moves(), ending }
}

fn forfeit(players: &[Player; 2], loser: Side, fault: impl std::fmt::Display) -> Ending {
    Ending::Forfeit { winner: loser.other(), why: format!("{} {fault}", players[loser.index()].label(loser.title())) }
}

impl From<Interrupt> for Ending {
    fn from(interrupt: Interrupt) -> Ending {
        if interrupt == Interrupt::Restart { Ending::Restart } else { Ending::Quit }
    }
}

fn play(
    game: &Upright,
    state: &mut UprightState,
    moves: &mut Vec<(Side, Vec<MoveSquare>)>,
    players: &mut [Player; 2],
    keyboard: &mut Keyboard,
    out: &mut dyn Write,
) -> Ending {
    for side in Side::BOTH {
        let new = Command::New { size: game.size(), side, variant: game.variant() };
        if let Err(fault) = players[side.index()].tell(&new) {
            return forfeit(players, side, fault);
        }
    }
    let _ = write!(out, "{state}");
    while !state.is_over() {
        let side = state.to_move();
        let _ = writeln!(
            out,
            "{} ({}, {}) to move, move {}{}.",
            side.title(),
            players[side.index()].name(),
            side.pen(),
            moves.len() + 1,
            if state.phase() == Phase::One { ", one square" } else { "" }
        );
        let _ = out.flush();
        let check = |squares: &Vec<MoveSquare>| state.clone().play_move(squares).map(drop);
        let bot_move =
            |squares: &Vec<MoveSquare>| check(squares).map_err(|why| format!("{}: {why}", format_move(squares)));
        let person = |keyboard: &mut Keyboard| ask_person(state, moves, keyboard, out);
        let squares = match players[side.index()].ask_move(&Command::Move, keyboard, bot_move, person) {
            Ok(squares) => squares,
            Err(Stop::Interrupted(interrupt)) => return interrupt.into(),
            Err(Stop::Fault(fault)) => return forfeit(players, side, fault),
        };
        state.play_move(&squares).expect("the move was checked to be legal");
        let _ = writeln!(out, "{} plays {}.", side.title(), format_move(&squares));
        let _ = write!(out, "{state}");
        moves.push((side, squares.clone()));
        // The other side's bot learns of the move. Once the game is over its answer no longer matters.
        let note = Command::Note { side, squares };
        if let Err(fault) = players[side.other().index()].tell(&note)
            && !state.is_over()
        {
            return forfeit(players, side.other(), fault);
        }
    }
    Ending::Scored { scores: state.scores() }
}

/// Asks the person for a legal move; other commands are answered on the way.
fn ask_person(
    state: &UprightState,
    moves: &[(Side, Vec<MoveSquare>)],
    keyboard: &mut Keyboard,
    out: &mut dyn Write,
) -> Result<Vec<MoveSquare>, Interrupt> {
    let legal = |squares: &Vec<MoveSquare>| match state.clone().play_move(squares) {
        Ok(_) => Ok(()),
        Err(why) => Err(format!("{} is not a legal move: {why}.", format_move(squares))),
    };
    AskPerson {
        prompt: "Your move (squares like b3 b4 c4, or help) > ",
        help: HELP,
        read: &read_typed,
        legal: &legal,
        history: &|| history_text(moves),
        board: state,
    }
    .ask(keyboard, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::parse_move;

    #[test]
    fn history_is_numbered() {
        let moves = vec![(Side::First, parse_move("a1").unwrap()), (Side::Second, parse_move("b1 c1").unwrap())];
        assert_eq!(history_text(&moves), "1. a1  2. b1 c1");
        assert_eq!(history_text(&[]), "No moves yet.");
    }

    #[test]
    fn two_people_play_a_2x2_game_to_the_end() {
        // Phase 1: a1, b1, b2 (3 squares); phase 2: player 2 fills a2, the last square.
        let input = "a1\nhistory\nb2\nb1\nb2\nzz\nc9\na2\n";
        let mut keyboard = Keyboard::new(std::io::Cursor::new(input));
        let mut out = Vec::new();
        let game = Upright::new(2, Default::default()).unwrap();
        let record = play_game(&game, &mut [Player::Human, Player::Human], &mut keyboard, &mut out);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(record.moves.len(), 4, "{text}");
        assert_eq!(record.phase_two_moves, 1);
        // Top row x O, bottom O X: rows 1*1 + 1*1 = 2, columns 1*1 + 1*1 = 2.
        assert_eq!(record.ending, Ending::Scored { scores: [2, 2] });
        assert!(text.contains("1. a1"), "{text}");
        assert!(text.contains("b2 is not a legal move: b2 is not immediately above or to the right of a1."), "{text}");
        assert!(text.contains("\"zz\" is not a move"), "{text}");
        assert!(text.contains("c9 is not a legal move: c9 is off the 2 x 2 board."), "{text}");
        assert!(text.contains("a draw."), "{text}");
    }

    #[test]
    fn the_end_of_input_quits() {
        let mut keyboard = Keyboard::new(std::io::Cursor::new("a1\n"));
        let game = Upright::default();
        let record = play_game(&game, &mut [Player::Human, Player::Human], &mut keyboard, &mut Vec::new());
        assert_eq!(record.ending, Ending::Quit);
        assert_eq!(record.moves.len(), 1);
    }
}
