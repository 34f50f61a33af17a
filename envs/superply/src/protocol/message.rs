//! [`Message`]: one line from the server, written by the server and read by clients.

use crate::game::{Mode, SuperplyState};
use crate::hint::Hint;
use crate::side::Side;
use std::fmt;

/// Why a game ended without a joined path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The loser's time for a move ran out.
    Timeout,
    /// The loser's connection closed or it quit.
    Left,
    /// The loser claimed a cell the hint did not allow (or not a cell at all).
    Illegal,
}

impl Reason {
    /// The word the protocol's `over … wins by REASON` line uses.
    pub fn word(self) -> &'static str {
        match self {
            Reason::Timeout => "timeout",
            Reason::Left => "leaving",
            Reason::Illegal => "illegal-move",
        }
    }
}

/// What the server says. Cells are written `ROWxCOLUMN`.
///
/// ```
/// use superply::protocol::Message;
/// use superply::{Hint, Side};
/// let m = Message::Hint { side: Side::Blue, hint: Hint::Between(0, 18), cells: vec!["1x1".into(), "2x9".into()] };
/// assert_eq!(m.to_string(), "hint blue between 0 18 : 1x1 2x9");
/// assert_eq!(Message::parse(&m.to_string()), Ok(m));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Greeting { version: u32 },
    Hello { name: String },
    Waiting { game: u64, side: Side },
    Start { game: u64, size: usize, mode: Mode, side: Side, opponent: String },
    Hint { side: Side, hint: Hint, cells: Vec<String> },
    Moved { side: Side, cell: String },
    History { game: u64, moves: Vec<(Side, String, Hint)> },
    Board { game: u64, rows: String },
    Over { game: u64, winner: Side, path: Vec<String>, reason: Option<Reason> },
    Error { text: String },
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Greeting { version } => write!(f, "superply {version}"),
            Message::Hello { name } => write!(f, "hello {name}"),
            Message::Waiting { game, side } => write!(f, "waiting {game} {side}"),
            Message::Start { game, size, mode, side, opponent } => {
                write!(f, "start {game} {size} {mode} {side} {opponent}")
            }
            Message::Hint { side, hint, cells } => write!(f, "hint {side} {hint} : {}", cells.join(" ")),
            Message::Moved { side, cell } => write!(f, "moved {side} {cell}"),
            Message::History { game, moves } => {
                let moves: Vec<String> = moves.iter().map(|(s, c, h)| format!("{s} {c} {h}")).collect();
                write!(f, "history {game} : {}", moves.join("; "))
            }
            Message::Board { game, rows } => write!(f, "board {game} : {rows}"),
            Message::Over { game, winner, reason: Some(reason), .. } => {
                write!(f, "over {game} {winner} wins by {}", reason.word())
            }
            Message::Over { game, winner, path, reason: None } => {
                write!(f, "over {game} {winner} wins : {}", path.join(" "))
            }
            Message::Error { text } => {
                let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
                write!(f, "error {clean}")
            }
        }
    }
}

fn side(word: &str) -> Result<Side, String> {
    match word {
        "blue" => Ok(Side::Blue),
        "red" => Ok(Side::Red),
        other => Err(format!("{other:?} is not a side")),
    }
}

fn number<T: std::str::FromStr>(word: &str) -> Result<T, String> {
    word.parse().map_err(|_| format!("{word:?} is not a number"))
}

impl Message {
    /// The `hint` line a server sends before the player to move in `state` claims: who moves,
    /// the hint, and the cells it allows. `None` where no player is to claim.
    pub fn hint_for(state: &SuperplyState) -> Option<Message> {
        let hint = state.hint()?;
        let cells = crate::board::bits(state.allowed()).map(|c| state.cell_name(c)).collect();
        Some(Message::Hint { side: state.to_move(), hint, cells })
    }

    /// Reads a server line (what a bot or the terminal client does). Lower case, as the server
    /// writes it, except names and error texts, which keep theirs.
    pub fn parse(line: &str) -> Result<Message, String> {
        let line = line.trim();
        let (head, tail) = match line.split_once(" : ") {
            Some((h, t)) => (h, Some(t.trim())),
            None => (line.strip_suffix(" :").unwrap_or(line), line.ends_with(" :").then_some("")),
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let cells = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let bad = || format!("cannot read server line {line:?}");
        Ok(match (words.as_slice(), tail) {
            (["superply", v], None) => Message::Greeting { version: number(v)? },
            (["hello", name], None) => Message::Hello { name: name.to_string() },
            (["waiting", g, s], None) => Message::Waiting { game: number(g)?, side: side(s)? },
            (["start", g, n, m, s, opponent], None) => Message::Start {
                game: number(g)?,
                size: number(n)?,
                mode: m.parse()?,
                side: side(s)?,
                opponent: opponent.to_string(),
            },
            (["hint", s, hint @ ..], Some(t)) => Message::Hint {
                side: side(s)?,
                hint: hint.join(" ").parse().map_err(|e| format!("{e}"))?,
                cells: cells(t),
            },
            (["moved", s, cell], None) => Message::Moved { side: side(s)?, cell: cell.to_string() },
            (["history", g], Some(t)) => {
                let mut moves = Vec::new();
                for entry in t.split(';').map(str::trim).filter(|e| !e.is_empty()) {
                    let w: Vec<&str> = entry.split_whitespace().collect();
                    let [s, cell, hint @ ..] = w.as_slice() else { return Err(bad()) };
                    moves.push((side(s)?, cell.to_string(), hint.join(" ").parse().map_err(|e| format!("{e}"))?));
                }
                Message::History { game: number(g)?, moves }
            }
            (["board", g], Some(t)) => Message::Board { game: number(g)?, rows: t.to_string() },
            (["over", g, w, "wins"], Some(t)) => {
                Message::Over { game: number(g)?, winner: side(w)?, path: cells(t), reason: None }
            }
            (["over", g, w, "wins", "by", why], None) => {
                let reason = [Reason::Timeout, Reason::Left, Reason::Illegal]
                    .into_iter()
                    .find(|r| r.word() == *why)
                    .ok_or_else(bad)?;
                Message::Over { game: number(g)?, winner: side(w)?, path: Vec::new(), reason: Some(reason) }
            }
            (["error", ..], None) => {
                Message::Error { text: line.strip_prefix("error").unwrap_or_default().trim().to_string() }
            }
            _ => return Err(bad()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads_back_what_it_writes() {
        let messages = [
            Message::Greeting { version: 1 },
            Message::Hello { name: "Ann".into() },
            Message::Waiting { game: 4, side: Side::Red },
            Message::Start { game: 4, size: 9, mode: Mode::Random, side: Side::Blue, opponent: "greedy".into() },
            Message::Hint { side: Side::Red, hint: Hint::Odd, cells: vec!["1x1".into()] },
            Message::Moved { side: Side::Blue, cell: "3x7".into() },
            Message::History {
                game: 4,
                moves: vec![(Side::Blue, "3x3".into(), Hint::Odd), (Side::Red, "2x2".into(), Hint::Even)],
            },
            Message::History { game: 4, moves: vec![] },
            Message::Board { game: 4, rows: "b../.r./...".into() },
            Message::Over { game: 4, winner: Side::Red, path: vec!["1x1".into(), "2x1".into()], reason: None },
            Message::Over { game: 4, winner: Side::Blue, path: vec![], reason: Some(Reason::Timeout) },
            Message::Error { text: "3x5 shows 15, which is not even".into() },
        ];
        for m in messages {
            let text = m.to_string();
            assert!(!text.contains('\n'));
            assert_eq!(Message::parse(&text), Ok(m), "{text}");
        }
        assert_eq!(Message::Error { text: "a\nb".into() }.to_string(), "error a b");
        assert!(Message::parse("hint purple odd : 1x1").is_err());
        assert!(Message::parse("what").is_err());
    }
}
