//! The board text format of the handout: one line per row; a colour letter is upper case on a
//! goal cell; `.` is an empty cell and `*` an empty goal cell.
//!
//! Reading follows the original sb-read: rows are whitespace-separated words (C++ `cin >> s`),
//! goal cells are whatever the text marks (upper case or `*`), and errors carry its messages.
//! The reader takes arbitrary bytes and never panics.
//!
//! ```
//! use superball::{Params, text};
//! let p = Params::new(5, 4, 3, "pb").unwrap();
//! let board = text::read_board(&p, b"p...\n..b.\n*B.*\n....\n....\n").unwrap();
//! assert_eq!(board.cells[0], 1);
//! assert!(board.goals[8] && board.goals[9] && !board.goals[10]);
//! assert_eq!(text::render(&p, &board.cells, &board.goals), "p...\n..b.\n*B.*\n....\n....\n");
//! let err = text::read_board(&p, b"p...\n").unwrap_err();
//! assert_eq!(err.to_string(), "Bad board: not enough rows on standard input");
//! ```

use crate::params::{EMPTY, Params};
use thiserror::Error;

/// A board as read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextBoard {
    /// Colour codes (0 = empty), row-major.
    pub cells: Vec<u8>,
    /// The cells the text marks as goals.
    pub goals: Vec<bool>,
}

impl TextBoard {
    pub fn empty_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c == EMPTY).count()
    }

    /// Whether the marked goal cells are exactly the game's goal cells.
    pub fn has_standard_goals(&self, p: &Params) -> bool {
        self.goals.iter().enumerate().all(|(i, &g)| g == p.is_goal(i))
    }
}

/// A malformed board (the original sb-read's messages).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("Bad board: not enough rows on standard input")]
    NotEnoughRows,
    #[error("Bad board on row {0} - wrong number of characters.")]
    WrongLength(usize),
    #[error("Bad board row {0} - bad character {ch}.", ch = show_byte(*.1))]
    BadCharacter(usize, u8),
}

fn show_byte(b: u8) -> String {
    if b.is_ascii_graphic() { (b as char).to_string() } else { format!("\\x{b:02x}") }
}

/// C's `isspace` in the "C" locale: what `cin >> s` skips.
fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Reads a board of `p.rows` words of `p.cols` characters; anything after them is ignored.
pub fn read_board(p: &Params, input: &[u8]) -> Result<TextBoard, BoardError> {
    let mut words = input.split(|&b| is_c_space(b)).filter(|w| !w.is_empty());
    let mut cells = Vec::with_capacity(p.cells());
    let mut goals = Vec::with_capacity(p.cells());
    for row in 0..p.rows {
        let word = words.next().ok_or(BoardError::NotEnoughRows)?;
        if word.len() != p.cols {
            return Err(BoardError::WrongLength(row));
        }
        for &b in word {
            let (code, goal) = match b {
                b'.' => (EMPTY, false),
                b'*' => (EMPTY, true),
                _ => match p.code_of(b) {
                    Some(code) if b.is_ascii_alphabetic() => (code, b.is_ascii_uppercase()),
                    _ => return Err(BoardError::BadCharacter(row, b)),
                },
            };
            cells.push(code);
            goals.push(goal);
        }
    }
    Ok(TextBoard { cells, goals })
}

/// Writes a board: one line per row, each ending in a newline.
pub fn render(p: &Params, cells: &[u8], goals: &[bool]) -> String {
    let mut s = String::with_capacity(p.rows * (p.cols + 1));
    for r in 0..p.rows {
        for c in 0..p.cols {
            let i = r * p.cols + c;
            let ch = match (cells[i], goals[i]) {
                (EMPTY, false) => b'.',
                (EMPTY, true) => b'*',
                (code, false) => p.letter(code),
                (code, true) => p.letter(code).to_ascii_uppercase(),
            };
            s.push(ch as char);
        }
        s.push('\n');
    }
    s
}
