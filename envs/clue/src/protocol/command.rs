//! The arbitrator's commands: parsing one command's text and writing it on the wire.

use super::words::{items, quote, seat, words};
use crate::items::ItemSet;
use crate::params::{DEFAULT_ROUNDS, Params};
use crate::seen::{Answer, Seen};
use std::fmt;
use tabula_core::Player;
use tabula_core::protocol::WireCommand;

/// The longest command text kept (a hand or note of 256 three-digit items fits).
pub const MAX_COMMAND_BYTES: usize = 2048;

/// One command from the arbitrator (the text between two semicolons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A new game: the parameters, our seat and our hand.
    New {
        params: Params,
        seat: Player,
        hand: ItemSet,
    },
    /// Our turn: ask or guess.
    Turn,
    /// `asker` asks us about `list`; we hold at least one of the items: show one.
    Show {
        asker: Player,
        list: ItemSet,
    },
    /// Something everyone remaining sees (with the item shown, if we asked or showed it).
    /// A `Departed` note carries no guess.
    Note(Seen),
    /// The game is over: the seats from first to last.
    End {
        ranking: Vec<Player>,
    },
    Quit,
}

/// Why a command's text is not a command.
pub use tabula_core::command_reader::ProtocolError as ParseError;

impl WireCommand for Command {
    const MAX_BYTES: usize = MAX_COMMAND_BYTES;
    fn parse_wire(text: &[u8]) -> Result<Command, ParseError> {
        Command::parse(text)
    }
}

fn error(text: impl Into<String>) -> ParseError {
    ParseError(text.into())
}

impl Command {
    /// Parses the text of one command without its `;`: any case, any ASCII white space, colons
    /// and commas optional. Arbitrary bytes give an error, never a panic.
    ///
    /// ```
    /// use clue::protocol::Command;
    /// let note = Command::parse(b" NOTE 1 asked 3 : 2, 7,11 Showed\r\n").unwrap();
    /// assert_eq!(note.to_string(), "note: 1 asked 3: 2 7 11 showed;");
    /// assert!(Command::parse(b"new players 4 items 24 hidden 4 seat 2 hand 1 2 3 4 5").is_ok());
    /// assert!(Command::parse(b"new players 4 items 24 hidden 4 seat 2 hand 1 2").is_err()); // 5 items each
    /// ```
    pub fn parse(text: &[u8]) -> Result<Command, ParseError> {
        let text = std::str::from_utf8(text).map_err(|_| error(format!("{} is not text", quote(text))))?;
        let words = words(text);
        let Some((verb, rest)) = words.split_first() else { return Err(error("empty command")) };
        let no_arguments = |cmd: Command| {
            if rest.is_empty() { Ok(cmd) } else { Err(error(format!("{} takes no arguments", quote(verb.as_bytes())))) }
        };
        match verb.as_str() {
            "turn" => no_arguments(Command::Turn),
            "quit" => no_arguments(Command::Quit),
            "new" => parse_new(rest),
            "show" => {
                let usage = || error("write \"show <asker>: <items>\", e.g. show 1: 2 7 11");
                let (asker, list) = rest.split_first().ok_or_else(usage)?;
                let asker = seat(asker).ok_or_else(usage)?;
                let list = items(list).filter(|l| !l.is_empty()).ok_or_else(usage)?;
                Ok(Command::Show { asker, list })
            }
            "note" => parse_note(rest).map(Command::Note),
            "end" => {
                let ranking: Option<Vec<Player>> = rest.iter().map(|w| seat(w)).collect();
                let ranking = ranking
                    .filter(|r| !r.is_empty())
                    .ok_or_else(|| error("write \"end: <seats from first to last>\""))?;
                let mut sorted = ranking.clone();
                sorted.sort_unstable();
                if sorted.iter().enumerate().any(|(i, &s)| i != s) {
                    return Err(error("the ranking must name each player once"));
                }
                Ok(Command::End { ranking })
            }
            other => Err(error(format!("unknown command {}", quote(other.as_bytes())))),
        }
    }
}

fn parse_new(words: &[String]) -> Result<Command, ParseError> {
    const USAGE: &str = "write \"new players P items N hidden K [rounds R] seat S hand <items>\"";
    let (mut players, mut n, mut k, mut rounds, mut seat_number) = (None, None, None, None, None);
    let mut hand = None;
    let mut rest = words;
    while let Some((key, tail)) = rest.split_first() {
        if key == "hand" {
            let end = tail.iter().position(|w| w.parse::<usize>().is_err()).unwrap_or(tail.len());
            hand = Some(items(&tail[..end]).ok_or_else(|| error("hand: item numbers start at 1"))?);
            rest = &tail[end..];
            continue;
        }
        let value = tail.first().and_then(|w| w.parse::<usize>().ok()).ok_or_else(|| error(USAGE))?;
        let slot = match key.as_str() {
            "players" => &mut players,
            "items" => &mut n,
            "hidden" => &mut k,
            "rounds" => &mut rounds,
            "seat" => &mut seat_number,
            _ => return Err(error(format!("{}: {USAGE}", quote(key.as_bytes())))),
        };
        *slot = Some(value);
        rest = &tail[1..];
    }
    let (Some(players), Some(items), Some(hidden), Some(seat_number), Some(hand)) = (players, n, k, seat_number, hand)
    else {
        return Err(error(USAGE));
    };
    let params =
        Params { players, items, hidden, rounds: rounds.unwrap_or(DEFAULT_ROUNDS) }.checked().map_err(error)?;
    if !(1..=players).contains(&seat_number) {
        return Err(error(format!("seat {seat_number}: players are 1 to {players}")));
    }
    if hand.len() != params.hand_size() || hand.last().is_some_and(|i| i.number() > items) {
        return Err(error(format!("the hand must be {} different items of 1 to {items}", params.hand_size())));
    }
    Ok(Command::New { params, seat: seat_number - 1, hand })
}

fn parse_note(words: &[String]) -> Result<Seen, ParseError> {
    let usage = || {
        error(
            "write \"note: <p> asked <q>: <items> showed [<item>]|none\" or \"note: <p> guessed|removed holding <items>\"",
        )
    };
    let (who, rest) = words.split_first().ok_or_else(usage)?;
    let player = seat(who).ok_or_else(usage)?;
    let (verb, rest) = rest.split_first().ok_or_else(usage)?;
    match verb.as_str() {
        "asked" => {
            let (target, rest) = rest.split_first().ok_or_else(usage)?;
            let target = seat(target).ok_or_else(usage)?;
            let at = rest.iter().position(|w| w == "showed" || w == "none").ok_or_else(usage)?;
            let list = items(&rest[..at]).filter(|l| !l.is_empty()).ok_or_else(usage)?;
            let answer = match (rest[at].as_str(), &rest[at + 1..]) {
                ("none", []) => Answer::None,
                ("showed", []) => Answer::Unseen,
                ("showed", [item]) => {
                    let item = items(std::slice::from_ref(item)).and_then(|s| s.last()).ok_or_else(usage)?;
                    if !list.contains(item) {
                        return Err(error(format!("item {item} was not asked about")));
                    }
                    Answer::Shown(item)
                }
                _ => return Err(usage()),
            };
            if target == player {
                return Err(error("a player cannot ask itself"));
            }
            Ok(Seen::Asked { asker: player, target, list, answer })
        }
        "guessed" | "removed" => {
            let [holding, hand @ ..] = rest else { return Err(usage()) };
            let hand = items(hand).filter(|_| holding == "holding").ok_or_else(usage)?;
            Ok(if verb == "guessed" {
                Seen::Departed { player, hand, guess: None }
            } else {
                Seen::Removed { player, hand }
            })
        }
        _ => Err(usage()),
    }
}

fn seat_number(p: Player) -> usize {
    p + 1
}

/// The wire form the arbitrator sends, with its semicolon (no newline).
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::New { params: p, seat, hand } => write!(
                f,
                "new players {} items {} hidden {} rounds {} seat {} hand {hand};",
                p.players,
                p.items,
                p.hidden,
                p.rounds,
                seat_number(*seat)
            ),
            Command::Turn => f.write_str("turn;"),
            Command::Show { asker, list } => write!(f, "show {}: {list};", seat_number(*asker)),
            Command::Note(Seen::Asked { asker, target, list, answer }) => {
                write!(f, "note: {} asked {}: {list} ", seat_number(*asker), seat_number(*target))?;
                match answer {
                    Answer::None => f.write_str("none;"),
                    Answer::Unseen => f.write_str("showed;"),
                    Answer::Shown(item) => write!(f, "showed {item};"),
                }
            }
            Command::Note(Seen::Departed { player, hand, .. }) => {
                write!(f, "note: {} guessed holding {hand};", seat_number(*player))
            }
            Command::Note(Seen::Removed { player, hand }) => {
                write!(f, "note: {} removed holding {hand};", seat_number(*player))
            }
            Command::End { ranking } => {
                let seats: Vec<String> = ranking.iter().map(|&s| seat_number(s).to_string()).collect();
                write!(f, "end: {};", seats.join(" "))
            }
            Command::Quit => f.write_str("quit;"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::items::Item;

    fn set(v: &[usize]) -> ItemSet {
        v.iter().map(|&n| Item::new(n).unwrap()).collect()
    }

    #[test]
    fn round_trips_through_the_wire_form() {
        let params = Params::new(3, 10, 1).unwrap();
        let all = [
            Command::New { params, seat: 2, hand: set(&[1, 5, 9]) },
            Command::Turn,
            Command::Show { asker: 0, list: set(&[2, 7]) },
            Command::Note(Seen::Asked {
                asker: 0,
                target: 2,
                list: set(&[2, 7]),
                answer: Answer::Shown(Item::new(7).unwrap()),
            }),
            Command::Note(Seen::Asked { asker: 1, target: 0, list: set(&[3]), answer: Answer::Unseen }),
            Command::Note(Seen::Asked { asker: 1, target: 0, list: set(&[3, 4]), answer: Answer::None }),
            Command::Note(Seen::Departed { player: 1, hand: set(&[2, 3, 4]), guess: None }),
            Command::Note(Seen::Removed { player: 1, hand: set(&[2, 3, 4]) }),
            Command::End { ranking: vec![2, 0, 1] },
            Command::Quit,
        ];
        for cmd in all {
            let wire = cmd.to_string();
            let body = wire.strip_suffix(';').unwrap();
            assert_eq!(Command::parse(body.as_bytes()), Ok(cmd.clone()), "{wire}");
            assert_eq!(Command::parse(body.to_uppercase().replace(' ', " \t ").as_bytes()), Ok(cmd), "{wire}");
        }
    }

    #[test]
    fn rejects_bad_commands_with_a_reason() {
        let error = |t: &[u8]| Command::parse(t).unwrap_err().0;
        assert!(error(b"").contains("empty"));
        assert!(error(b"dance").contains("unknown command"));
        assert!(error(b"turn now").contains("no arguments"));
        assert!(error(b"new players 4 items 23 hidden 4 seat 1 hand 1").contains("multiple of 4"));
        assert!(error(b"new players 2 items 5 hidden 1 seat 3 hand 1 2").contains("players are 1 to 2"));
        assert!(error(b"new players 2 items 5 hidden 1 seat 1 hand 1 9").contains("different items"));
        assert!(error(b"new players 2 items 5 hidden 1 seat 1").contains("write"));
        assert!(error(b"note: 1 asked 2: 3 4 showed 5").contains("not asked"));
        assert!(error(b"note: 1 asked 1: 3 none").contains("itself"));
        assert!(error(b"note: 1 asked 2: none").contains("write"));
        assert!(error(b"show 1:").contains("write"));
        assert!(error(b"end: 1 1").contains("once"));
        assert!(error(b"\xff\xfe\n").contains("not text"));
        assert!(error(b"show 99999999999999999999999: 1").contains("write"));
    }
}
