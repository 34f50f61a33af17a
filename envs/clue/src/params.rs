//! A game's parameters: n items, k hidden, p players, and the turn limit.

use crate::items::MAX_ITEMS;
use serde::{Deserialize, Serialize};

/// The turn limit's default, in rounds (every remaining player's turn once).
pub const DEFAULT_ROUNDS: usize = 100;

/// n items, k of them hidden, dealt evenly to p players; after `rounds` rounds every remaining
/// player must guess.
///
/// ```
/// use clue::Params;
/// let p = Params::new(4, 24, 4).unwrap();
/// assert_eq!(p.hand_size(), 5);
/// assert!(Params::new(4, 23, 4).unwrap_err().contains("multiple of 4"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Params {
    pub players: usize,
    pub items: usize,
    pub hidden: usize,
    pub rounds: usize,
}

impl Default for Params {
    /// The default training game: 4 players, 24 items, 4 hidden.
    fn default() -> Self {
        Params { players: 4, items: 24, hidden: 4, rounds: DEFAULT_ROUNDS }
    }
}

impl Params {
    /// The parameters, checked, with the default turn limit.
    pub fn new(players: usize, items: usize, hidden: usize) -> Result<Params, String> {
        Params { players, items, hidden, rounds: DEFAULT_ROUNDS }.checked()
    }

    /// These parameters if they make a game, else why not.
    pub fn checked(self) -> Result<Params, String> {
        let Params { players: p, items: n, hidden: k, rounds } = self;
        if !(2..=9).contains(&p) {
            return Err(format!("{p} players: between 2 and 9 play"));
        }
        if k == 0 || k >= n {
            return Err(format!("{k} hidden of {n} items: at least 1 is hidden and some are dealt"));
        }
        if n > MAX_ITEMS {
            return Err(format!("{n} items: at most {MAX_ITEMS}"));
        }
        if (n - k) % p != 0 {
            return Err(format!("{n} items less {k} hidden is {}, not a multiple of {p} players", n - k));
        }
        if rounds == 0 {
            return Err("the turn limit is at least 1 round".into());
        }
        Ok(self)
    }

    /// Items each player is dealt.
    pub fn hand_size(&self) -> usize {
        (self.items - self.hidden) / self.players
    }

    /// How many items owner `o` has: a player's hand size, or the hidden count for `o == players`.
    pub fn owner_size(&self, owner: usize) -> usize {
        if owner == self.players { self.hidden } else { self.hand_size() }
    }
}
