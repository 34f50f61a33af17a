//! One game between two players, drawn on the referee's output after every move.

use super::human::{Interrupt, Keyboard, typed as read_typed};
use crate::board::Board;
use crate::color::Color;
use crate::peg::{Cell, Peg};
use crate::protocol::{Command, Reply};
use std::io::Write;
use tabula_core::referee::{AskPerson, Stop};

/// One side of a game in progress: a person, a bot, or a bot that would not start.
pub type Player = tabula_core::referee::Player<Command, Reply>;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Four in a row; `line` is the mask of its cells.
    Line { winner: Color, line: u64 },
    /// The other side's program failed; `why` says how.
    Forfeit { winner: Color, why: String },
    /// A full board, or (`early`) a board where no line can be completed any more.
    Draw { early: bool },
    /// The person quit.
    Quit,
    /// The person asked for a new game.
    Restart,
}

impl Ending {
    pub fn winner(&self) -> Option<Color> {
        match self {
            Ending::Line { winner, .. } | Ending::Forfeit { winner, .. } => Some(*winner),
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
    pub moves: Vec<Peg>,
    pub ending: Ending,
}

const HELP: &str = "Type a peg like B3 to drop a bead on it; or history, board, restart, quit.";

/// `A1 (level 1), B2 (level 2), ...` for the cells of `line`.
pub fn describe_line(line: u64) -> String {
    (0..64)
        .filter(|c| line >> c & 1 == 1)
        .map(|c| {
            let cell = Cell::from_index(c);
            format!("{} (level {})", cell.peg(), cell.height() + 1)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The moves so far, numbered in pairs: `1. A1 B2  2. C3`.
fn history_text(moves: &[Peg]) -> String {
    if moves.is_empty() {
        return "No moves yet.".into();
    }
    moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ")))
        .collect::<Vec<_>>()
        .join("  ")
}

/// Plays one game; `players[c]` plays colour `c` (White is index 0). Messages go to `out`
/// (write errors are ignored: the game goes on whether anyone watches or not).
pub fn play_game(players: &mut [Player; 2], keyboard: &mut Keyboard, out: &mut dyn Write) -> GameRecord {
    let mut board = Board::new();
    let mut moves = Vec::new();
    let ending = play(&mut board, &mut moves, players, keyboard, out);
    match &ending {
        Ending::Line { winner, line } => {
            let _ = writeln!(
                out,
                "{} ({}) wins along {}.",
                winner.title(),
                players[winner.index()].name(),
                describe_line(*line)
            );
        }
        Ending::Forfeit { winner, why } => {
            let _ = writeln!(out, "{why}. {} ({}) wins.", winner.title(), players[winner.index()].name());
        }
        Ending::Draw { early: false } => {
            let _ = writeln!(out, "Draw: the board is full.");
        }
        Ending::Draw { early: true } => {
            let _ = writeln!(out, "Draw: neither side can complete a line any more.");
        }
        Ending::Quit | Ending::Restart => {}
    }
    let _ = out.flush();
    GameRecord { moves, ending }
}

fn forfeit(players: &[Player; 2], loser: Color, fault: impl std::fmt::Display) -> Ending {
    Ending::Forfeit { winner: loser.other(), why: format!("{} {fault}", players[loser.index()].label(loser.title())) }
}

fn stopped(interrupt: Interrupt) -> Ending {
    match interrupt {
        Interrupt::Quit => Ending::Quit,
        Interrupt::Restart => Ending::Restart,
    }
}

fn play(
    board: &mut Board,
    moves: &mut Vec<Peg>,
    players: &mut [Player; 2],
    keyboard: &mut Keyboard,
    out: &mut dyn Write,
) -> Ending {
    for colour in Color::BOTH {
        if let Err(fault) = players[colour.index()].tell(&Command::Play(colour)) {
            return forfeit(players, colour, fault);
        }
    }
    let _ = write!(out, "{board}");
    loop {
        if let Some(winner) = board.winner() {
            return Ending::Line { winner, line: board.winning_line() };
        }
        if board.is_full() {
            return Ending::Draw { early: false };
        }
        if board.is_dead_draw() {
            return Ending::Draw { early: true };
        }
        let side = board.to_move();
        let _ =
            writeln!(out, "{} ({}) to move, move {}.", side.title(), players[side.index()].name(), board.moves() + 1);
        let _ = out.flush();
        let legal = |peg: &Peg| board.legal_mask() >> peg.index() & 1 == 1;
        let bot_move = |peg: &Peg| if legal(peg) { Ok(()) } else { Err(format!("peg {peg} is full")) };
        let person = |keyboard: &mut Keyboard| ask_person(board, moves, keyboard, out);
        let peg = match players[side.index()].ask_move(&Command::Move, keyboard, bot_move, person) {
            Ok(peg) => peg,
            Err(Stop::Interrupted(interrupt)) => return stopped(interrupt),
            Err(Stop::Fault(fault)) => return forfeit(players, side, fault),
        };
        board.play(peg).expect("the move was checked to be legal");
        moves.push(peg);
        let _ = writeln!(out, "{} plays {peg}.", side.title());
        let _ = write!(out, "{board}");
        // The other side's bot learns of the move. Once the game is over its answer no longer matters.
        if let Err(fault) = players[side.other().index()].tell(&Command::Note(side, peg))
            && !board.is_over()
        {
            return forfeit(players, side.other(), fault);
        }
    }
}

/// Asks the person for a legal peg; other commands are answered on the way.
fn ask_person(board: &Board, moves: &[Peg], keyboard: &mut Keyboard, out: &mut dyn Write) -> Result<Peg, Interrupt> {
    let legal = |peg: &Peg| {
        if board.legal_mask() >> peg.index() & 1 == 1 {
            Ok(())
        } else {
            Err(format!("Peg {peg} is full; choose another."))
        }
    };
    let asking = AskPerson {
        prompt: &format!("Your move ({HELP}) > "),
        help: HELP,
        read: &read_typed,
        legal: &legal,
        history: &|| history_text(moves),
        board,
    };
    asking.ask(keyboard, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_is_numbered_in_pairs() {
        let moves: Vec<Peg> = ["A1", "B2", "C3"].iter().map(|m| m.parse().unwrap()).collect();
        assert_eq!(history_text(&moves), "1. A1 B2  2. C3");
        assert_eq!(history_text(&[]), "No moves yet.");
    }

    #[test]
    fn two_people_play_a_game_to_a_win() {
        let input = "a1\nhistory\nA2\nE9\nB1\nB2\nC1\nC2\nD1\n";
        let mut keyboard = Keyboard::new(std::io::Cursor::new(input));
        let mut out = Vec::new();
        let record = play_game(&mut [Player::Human, Player::Human], &mut keyboard, &mut out);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(record.moves.len(), 7);
        assert_eq!(record.ending.winner(), Some(Color::White));
        assert!(text.contains("1. A1"), "{text}");
        assert!(text.contains("\"E9\" is not a move"));
        assert!(text.contains("White (human) wins along A1 (level 1), B1 (level 1), C1 (level 1), D1 (level 1)."));
    }

    #[test]
    fn the_end_of_input_quits() {
        let mut keyboard = Keyboard::new(std::io::Cursor::new("A1\n"));
        let record = play_game(&mut [Player::Human, Player::Human], &mut keyboard, &mut Vec::new());
        assert_eq!(record.ending, Ending::Quit);
        assert_eq!(record.moves.len(), 1);
    }
}
