//! Items (`1..=n`) and sets of them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most items a game may have: the course grid's largest (9 players x 16 items + 32 hidden)
/// fits.
pub const MAX_ITEMS: usize = 256;

/// An item, numbered from 1 as the handout numbers them (0 is the protocol's "none").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Item(u16);

impl Item {
    /// Item `number` (1-based); `None` for 0 or past [`MAX_ITEMS`].
    pub fn new(number: usize) -> Option<Item> {
        (1..=MAX_ITEMS).contains(&number).then_some(Item(number as u16))
    }

    /// The item at 0-based `index`.
    pub fn from_index(index: usize) -> Item {
        assert!(index < MAX_ITEMS, "item index {index} out of range");
        Item(index as u16 + 1)
    }

    /// The item's number, from 1.
    pub fn number(self) -> usize {
        self.0 as usize
    }

    /// The item's 0-based index.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of items, as a 256-bit mask.
///
/// ```
/// use clue::{Item, ItemSet};
/// let set: ItemSet = [3, 1, 7].into_iter().map(|n| Item::new(n).unwrap()).collect();
/// assert_eq!((set.len(), set.to_string()), (3, "1 3 7".to_string()));
/// assert!(set.contains(Item::new(3).unwrap()) && !set.contains(Item::new(2).unwrap()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ItemSet([u64; 4]);

impl ItemSet {
    pub const EMPTY: ItemSet = ItemSet([0; 4]);

    /// Items `1..=n`.
    pub fn first(n: usize) -> ItemSet {
        (0..n).map(Item::from_index).collect()
    }

    pub fn contains(&self, item: Item) -> bool {
        let i = item.index();
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub fn insert(&mut self, item: Item) {
        let i = item.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub fn remove(&mut self, item: Item) {
        let i = item.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    pub fn union(self, other: ItemSet) -> ItemSet {
        ItemSet(std::array::from_fn(|k| self.0[k] | other.0[k]))
    }

    pub fn intersection(self, other: ItemSet) -> ItemSet {
        ItemSet(std::array::from_fn(|k| self.0[k] & other.0[k]))
    }

    pub fn difference(self, other: ItemSet) -> ItemSet {
        ItemSet(std::array::from_fn(|k| self.0[k] & !other.0[k]))
    }

    pub fn is_subset(&self, other: &ItemSet) -> bool {
        self.difference(*other).is_empty()
    }

    /// The items in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Item> + '_ {
        (0..4).flat_map(move |k| {
            let mut word = self.0[k];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    Item::from_index(64 * k + bit)
                })
            })
        })
    }

    /// The largest item, if any.
    pub fn last(&self) -> Option<Item> {
        (0..4)
            .rev()
            .find(|&k| self.0[k] != 0)
            .map(|k| Item::from_index(64 * k + 63 - self.0[k].leading_zeros() as usize))
    }
}

impl FromIterator<Item> for ItemSet {
    fn from_iter<T: IntoIterator<Item = Item>>(iter: T) -> Self {
        let mut set = ItemSet::EMPTY;
        for item in iter {
            set.insert(item);
        }
        set
    }
}

impl fmt::Display for ItemSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.iter().map(|i| i.to_string()).collect();
        write!(f, "{}", words.join(" "))
    }
}

impl fmt::Debug for ItemSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn a_set_holds_what_went_in_in_order(numbers in proptest::collection::btree_set(1usize..=MAX_ITEMS, 0..40)) {
            let set: ItemSet = numbers.iter().map(|&n| Item::new(n).unwrap()).collect();
            prop_assert_eq!(set.len(), numbers.len());
            prop_assert_eq!(set.iter().map(Item::number).collect::<Vec<_>>(), numbers.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(set.last().map(Item::number), numbers.iter().next_back().copied());
        }
    }

    #[test]
    fn item_numbers_start_at_one() {
        assert_eq!(Item::new(0), None);
        assert_eq!(Item::new(MAX_ITEMS + 1), None);
        assert_eq!(Item::new(1).unwrap().index(), 0);
        assert_eq!(ItemSet::first(3).to_string(), "1 2 3");
    }
}
