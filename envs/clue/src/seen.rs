//! One event as one player saw it ([`Seen`]), and what the player learns from it.
//!
//! Everyone sees who asked whom about which items, and who left holding what; the item shown in
//! an answer is seen by the asker and the shower alone, and a guess by the guesser alone.

use crate::items::{Item, ItemSet};
use crate::knowledge::Knowledge;
use serde::{Deserialize, Serialize};
use std::fmt;
use tabula_core::Player;

/// The answer to a question, as one player saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// The asked player holds none of the items.
    None,
    /// It showed this item (seen by the asker and the shower).
    Shown(Item),
    /// It showed an item to someone else.
    Unseen,
}

/// One event, as one player saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seen {
    Asked {
        asker: Player,
        target: Player,
        list: ItemSet,
        answer: Answer,
    },
    /// `player` guessed and left, showing its hand; the guess is known to the guesser alone.
    Departed {
        player: Player,
        hand: ItemSet,
        guess: Option<ItemSet>,
    },
    /// The arbitrator removed `player` (a fault), showing its hand.
    Removed {
        player: Player,
        hand: ItemSet,
    },
}

/// The event in words, as the player who saw it was told (players numbered from 1).
impl fmt::Display for Seen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seen::Asked { asker, target, list, answer } => {
                write!(f, "Player {} asked player {} about {list}: ", asker + 1, target + 1)?;
                match answer {
                    Answer::None => write!(f, "none."),
                    Answer::Unseen => write!(f, "an item was shown."),
                    Answer::Shown(item) => write!(f, "{item} was shown."),
                }
            }
            Seen::Departed { player, hand, guess: Some(guess) } => {
                write!(f, "Player {} guessed {guess} and left, holding {hand}.", player + 1)
            }
            Seen::Departed { player, hand, guess: None } => {
                write!(f, "Player {} guessed and left, holding {hand}.", player + 1)
            }
            Seen::Removed { player, hand } => write!(f, "Player {} was removed, holding {hand}.", player + 1),
        }
    }
}

/// Adds what `player` learns from `seen` to `k` (without propagating).
pub(crate) fn learn_seen(k: &mut Knowledge, player: Player, seen: &Seen) {
    match *seen {
        Seen::Asked { target, .. } if target == player => {} // it knows its own hand
        Seen::Asked { target, list, answer: Answer::None, .. } => k.learn_lacks(target, list),
        Seen::Asked { target, answer: Answer::Shown(item), .. } => k.learn_holds(target, ItemSet::from_iter([item])),
        Seen::Asked { target, list, answer: Answer::Unseen, .. } => k.learn_one_of(target, list),
        Seen::Departed { player: p, hand, .. } | Seen::Removed { player: p, hand } => k.learn_hand(p, hand),
    }
}
