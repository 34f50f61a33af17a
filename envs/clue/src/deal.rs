//! Who holds what: the hidden items and each player's hand.

use crate::items::{Item, ItemSet};
use crate::params::Params;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// A deal: the hidden set and the hands. Owner `p` (one past the last player) is the hidden set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub hidden: ItemSet,
    pub hands: Vec<ItemSet>,
}

impl Deal {
    /// A uniformly random deal: the items shuffled (Fisher–Yates on `rng.next_u32()`), the first
    /// k hidden, then each player's hand in turn.
    pub fn random(params: &Params, rng: &mut dyn RngCore) -> Deal {
        let mut items: Vec<Item> = (0..params.items).map(Item::from_index).collect();
        shuffle(&mut items, rng);
        let hidden = items[..params.hidden].iter().copied().collect();
        let hands = items[params.hidden..].chunks(params.hand_size()).map(|c| c.iter().copied().collect()).collect();
        Deal { hidden, hands }
    }

    /// The items of owner `o` (a player, or the hidden set for `o == players`).
    pub fn owned_by(&self, owner: usize) -> ItemSet {
        self.hands.get(owner).copied().unwrap_or(self.hidden)
    }

    /// Who holds `item` (`players` for the hidden set).
    pub fn owner_of(&self, item: Item) -> usize {
        self.hands.iter().position(|h| h.contains(item)).unwrap_or(self.hands.len())
    }
}

/// A uniform number below `n`, from one `next_u32`.
pub(crate) fn below(rng: &mut dyn RngCore, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Fisher–Yates.
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut dyn RngCore) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::rng_from_seed;

    #[test]
    fn a_deal_gives_every_item_once_in_the_right_sizes() {
        let params = Params::new(5, 28, 3).unwrap();
        for seed in 0..20 {
            let deal = Deal::random(&params, &mut rng_from_seed(seed));
            assert_eq!(deal.hidden.len(), 3);
            assert!(deal.hands.iter().all(|h| h.len() == 5));
            let all = deal.hands.iter().fold(deal.hidden, |a, h| a.union(*h));
            assert_eq!(all, ItemSet::first(28));
            let item = Item::new(7).unwrap();
            assert!(deal.owned_by(deal.owner_of(item)).contains(item));
        }
    }
}
