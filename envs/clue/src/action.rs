//! Sub-actions: a turn is built from small steps so that the action space stays `n + p + 2` while
//! any question list and any guess can be made.
//!
//! | action | meaning |
//! |---|---|
//! | `0..n` | item `a + 1`: add it to the list being built (items in increasing order), or show it |
//! | `n..n+p` | ask player `a - n` (seat, from 0): start a question's list |
//! | `n+p` | guess: start naming the hidden items (the guess is made with its k-th item) |
//! | `n+p+1` | done: ask the list built so far |

use crate::items::Item;
use crate::params::Params;
use tabula_core::{Action, NotationError, Player};

/// One step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SubAction {
    Item(Item),
    Ask(Player),
    Guess,
    Done,
}

impl SubAction {
    /// A whole question's sub-actions: `ask P`, the items, `done`.
    pub fn question(target: Player, list: crate::ItemSet) -> Vec<SubAction> {
        std::iter::once(SubAction::Ask(target))
            .chain(list.iter().map(SubAction::Item))
            .chain([SubAction::Done])
            .collect()
    }

    /// A whole guess's sub-actions: `guess`, the items.
    pub fn guess(items: crate::ItemSet) -> Vec<SubAction> {
        std::iter::once(SubAction::Guess).chain(items.iter().map(SubAction::Item)).collect()
    }

    /// The size of the action space.
    pub fn count(params: &Params) -> usize {
        params.items + params.players + 2
    }

    pub fn to_action(self, params: &Params) -> Action {
        let (n, p) = (params.items, params.players);
        (match self {
            SubAction::Item(i) => i.index(),
            SubAction::Ask(seat) => n + seat,
            SubAction::Guess => n + p,
            SubAction::Done => n + p + 1,
        }) as Action
    }

    /// The sub-action of `action`, if it is in the action space.
    pub fn from_action(action: Action, params: &Params) -> Option<SubAction> {
        let (a, n, p) = (action as usize, params.items, params.players);
        Some(match a {
            _ if a < n => SubAction::Item(Item::from_index(a)),
            _ if a < n + p => SubAction::Ask(a - n),
            _ if a == n + p => SubAction::Guess,
            _ if a == n + p + 1 => SubAction::Done,
            _ => return None,
        })
    }

    /// Reads `7` (an item; also `show 7`), `ask 2` (player 2, counted from 1), `guess`, `done`.
    pub fn parse(text: &str, params: &Params) -> Result<SubAction, NotationError> {
        const HINT: &str = "an item number (or `show N`), `ask P` (player P, from 1), `guess` or `done`";
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let number = |w: &str, max: usize| w.parse::<usize>().ok().filter(|n| (1..=max).contains(n));
        match words[..] {
            ["guess"] => Ok(SubAction::Guess),
            ["done"] => Ok(SubAction::Done),
            ["ask", who] => number(who.trim_start_matches('p'), params.players)
                .map(|n| SubAction::Ask(n - 1))
                .ok_or_else(|| NotationError::new(text, format!("players are 1 to {}", params.players))),
            [item] | ["show" | "item", item] => number(item, params.items)
                .and_then(Item::new)
                .map(SubAction::Item)
                .ok_or_else(|| NotationError::new(text, format!("items are 1 to {}; or {HINT}", params.items))),
            _ => Err(NotationError::new(text, HINT)),
        }
    }
}

impl std::fmt::Display for SubAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SubAction::Item(i) => write!(f, "{i}"),
            SubAction::Ask(seat) => write!(f, "ask {}", seat + 1),
            SubAction::Guess => write!(f, "guess"),
            SubAction::Done => write!(f, "done"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_text() {
        let params = Params::new(3, 13, 4).unwrap();
        for a in 0..SubAction::count(&params) as Action {
            let sub = SubAction::from_action(a, &params).unwrap();
            assert_eq!(sub.to_action(&params), a);
            assert_eq!(SubAction::parse(&sub.to_string(), &params).unwrap(), sub);
        }
        assert_eq!(SubAction::from_action(SubAction::count(&params) as Action, &params), None);
        assert_eq!(SubAction::parse("  ASK P3 ", &params).unwrap(), SubAction::Ask(2));
        assert_eq!(SubAction::parse("show 13", &params).unwrap(), SubAction::Item(Item::new(13).unwrap()));
        for bad in ["", "0", "14", "ask 4", "ask", "guess 3", "7 8", "\u{0}"] {
            assert!(SubAction::parse(bad, &params).is_err(), "{bad:?}");
        }
    }
}
