//! What one player knows of the deal, with deduction, and deals drawn exactly from what it allows.
//!
//! Facts are kept per owner (each player, and the hidden set as owner `players`): items it surely
//! holds, items it surely lacks, and "holds at least one of these" clauses (an answer the player
//! did not see). [`Knowledge::propagate`] closes them under the rules of a deal: an item has one
//! owner, every owner has a fixed number of items, and a clause with one possible item left is a
//! fact. [`Knowledge::sample`] draws a deal uniformly among all deals consistent with the facts
//! and clauses.
//!
//! ```
//! use clue::{Item, ItemSet, Knowledge, Params};
//! let params = Params::new(2, 5, 1).unwrap(); // items 1-5, 1 hidden, 2 players of 2
//! let set = |v: &[usize]| v.iter().map(|&n| Item::new(n).unwrap()).collect::<ItemSet>();
//! let mut k = Knowledge::new(params);
//! k.learn_hand(0, set(&[1, 2])); // my hand
//! k.learn_lacks(1, set(&[3])); // player 2 answered "none" to a question about 3
//! k.propagate().unwrap();
//! // Player 2 holds two of 3, 4, 5 and lacks 3: it holds 4 and 5, and 3 is hidden.
//! assert_eq!(k.holds(1), set(&[4, 5]));
//! assert_eq!(k.hidden_if_certain(), Some(set(&[3])));
//! ```

use crate::deal::{Deal, shuffle};
use crate::items::{Item, ItemSet};
use crate::params::Params;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// Facts that no deal satisfies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contradiction(pub String);

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "contradictory knowledge: {}", self.0)
    }
}

/// One player's knowledge of the deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knowledge {
    params: Params,
    holds: Vec<ItemSet>,
    lacks: Vec<ItemSet>,
    /// (owner, items): the owner holds at least one of the items.
    clauses: Vec<(usize, ItemSet)>,
}

/// Above this many capacity states the exact sampler gives way to plain rejection.
pub const MAX_COUNTING_STATES: f64 = 400_000.0;

impl Knowledge {
    /// Knowing nothing.
    pub fn new(params: Params) -> Knowledge {
        let owners = params.players + 1;
        Knowledge { params, holds: vec![ItemSet::EMPTY; owners], lacks: vec![ItemSet::EMPTY; owners], clauses: vec![] }
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The owner number of the hidden set.
    pub fn hidden_owner(&self) -> usize {
        self.params.players
    }

    /// Items `owner` surely holds.
    pub fn holds(&self, owner: usize) -> ItemSet {
        self.holds[owner]
    }

    /// Items `owner` surely lacks.
    pub fn lacks(&self, owner: usize) -> ItemSet {
        self.lacks[owner]
    }

    /// The open "holds one of" clauses.
    pub fn clauses(&self) -> &[(usize, ItemSet)] {
        &self.clauses
    }

    /// The hidden items, once every one of them is known.
    pub fn hidden_if_certain(&self) -> Option<ItemSet> {
        let h = self.holds[self.hidden_owner()];
        (h.len() == self.params.hidden).then_some(h)
    }

    /// `owner` holds exactly `items` (one's own hand, or a departed player's).
    pub fn learn_hand(&mut self, owner: usize, items: ItemSet) {
        self.holds[owner] = self.holds[owner].union(items);
        self.lacks[owner] = self.lacks[owner].union(ItemSet::first(self.params.items).difference(items));
    }

    pub fn learn_holds(&mut self, owner: usize, items: ItemSet) {
        self.holds[owner] = self.holds[owner].union(items);
    }

    pub fn learn_lacks(&mut self, owner: usize, items: ItemSet) {
        self.lacks[owner] = self.lacks[owner].union(items);
    }

    /// `owner` holds at least one of `items`.
    pub fn learn_one_of(&mut self, owner: usize, items: ItemSet) {
        self.clauses.push((owner, items));
    }

    /// Draws every conclusion the unit rules allow; fails on a contradiction.
    pub fn propagate(&mut self) -> Result<(), Contradiction> {
        let owners = self.params.players + 1;
        let all = ItemSet::first(self.params.items);
        loop {
            let before = (self.holds.clone(), self.lacks.clone(), self.clauses.len());
            // An item held by one owner is lacked by the others.
            let held = self.holds.iter().fold(ItemSet::EMPTY, |a, h| a.union(*h));
            if held.len() != self.holds.iter().map(ItemSet::len).sum::<usize>() {
                return Err(Contradiction("two owners hold one item".into()));
            }
            for o in 0..owners {
                self.lacks[o] = self.lacks[o].union(held.difference(self.holds[o]));
            }
            // An item every owner but one lacks is that owner's; one all lack is a contradiction.
            let (mut once, mut twice) = (ItemSet::EMPTY, ItemSet::EMPTY);
            for o in 0..owners {
                let possible = all.difference(self.lacks[o]);
                twice = twice.union(once.intersection(possible));
                once = once.union(possible);
            }
            if let Some(item) = all.difference(once).iter().next() {
                return Err(Contradiction(format!("nobody can hold item {item}")));
            }
            let only = once.difference(twice);
            for o in 0..owners {
                self.holds[o] = self.holds[o].union(only.difference(self.lacks[o]));
            }
            // Counts: a full owner lacks the rest; an owner with just enough candidates holds them.
            for o in 0..owners {
                let (holds, size) = (self.holds[o], self.params.owner_size(o));
                if !holds.intersection(self.lacks[o]).is_empty() {
                    let item = holds.intersection(self.lacks[o]).iter().next().expect("not empty");
                    return Err(Contradiction(format!("owner {o} both holds and lacks item {item}")));
                }
                let candidates = all.difference(self.lacks[o]);
                if holds.len() > size || candidates.len() < size {
                    return Err(Contradiction(format!("owner {o} cannot hold {size} items")));
                }
                if holds.len() == size {
                    self.lacks[o] = all.difference(holds);
                } else if candidates.len() == size {
                    self.holds[o] = candidates;
                }
            }
            // Clauses: drop the satisfied ones; one candidate left is a fact; none is a contradiction.
            let mut open = Vec::with_capacity(self.clauses.len());
            for &(o, items) in &self.clauses {
                if !items.intersection(self.holds[o]).is_empty() {
                    continue;
                }
                let left = items.difference(self.lacks[o]);
                match left.len() {
                    0 => return Err(Contradiction(format!("owner {o} holds none of {items}"))),
                    1 => self.holds[o] = self.holds[o].union(left),
                    _ => {
                        if !open.contains(&(o, left)) {
                            open.push((o, left));
                        }
                    }
                }
            }
            self.clauses = open;
            if (&self.holds, &self.lacks, self.clauses.len()) == (&before.0, &before.1, before.2) {
                return Ok(());
            }
        }
    }

    /// Whether `deal` agrees with every fact and clause.
    pub fn consistent(&self, deal: &Deal) -> bool {
        (0..=self.params.players).all(|o| {
            let owned = deal.owned_by(o);
            self.holds[o].is_subset(&owned) && owned.intersection(self.lacks[o]).is_empty()
        }) && self.clauses.iter().all(|&(o, items)| !deal.owned_by(o).intersection(items).is_empty())
    }

    /// A deal drawn uniformly from those consistent with this knowledge (exactly: deals that
    /// respect the facts are drawn by counting, and redrawn until they satisfy the clauses).
    /// Games with more free places than can be counted (above [`MAX_COUNTING_STATES`] vectors of
    /// free places, e.g. 9 players of 16 items) shuffle the open items instead and redraw until
    /// every fact holds: still exact, but slow once many facts are known.
    /// Panics if the knowledge contradicts itself (a state's knowledge never does).
    pub fn sample(&self, rng: &mut dyn RngCore) -> Deal {
        self.sampler().draw(rng)
    }

    /// A sampler for many draws ([`Knowledge::sample`] each): the counting is done once.
    pub fn sampler(&self) -> DealSampler {
        let mut knowledge = self.clone();
        knowledge.propagate().unwrap_or_else(|c| panic!("{c}"));
        let sampler = Sampler::new(&knowledge);
        DealSampler { knowledge, sampler }
    }

    /// A sampler, if some deal satisfies these facts and clauses, for knowledge that may be
    /// wrong (a player's reading of others, not what the rules prove). Propagation does not
    /// prove that a deal exists, as clauses are checked by drawing: so the facts must admit a
    /// deal, and a deal satisfying the clauses must turn up within `tries` draws.
    pub fn sampler_if_satisfiable(&self, rng: &mut dyn RngCore, tries: usize) -> Option<DealSampler> {
        let mut knowledge = self.clone();
        knowledge.propagate().ok()?;
        let sampler = Sampler::new(&knowledge);
        if !sampler.admits_a_deal() {
            return None;
        }
        let sampler = DealSampler { knowledge, sampler };
        (0..tries)
            .any(|_| sampler.knowledge.consistent(&sampler.sampler.draw(&sampler.knowledge, rng)))
            .then_some(sampler)
    }
}

/// Draws deals uniformly from those consistent with one knowledge ([`Knowledge::sampler`]).
pub struct DealSampler {
    knowledge: Knowledge,
    sampler: Sampler,
}

impl DealSampler {
    /// The knowledge whose deals it draws, closed under deduction.
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    pub fn draw(&self, rng: &mut dyn RngCore) -> Deal {
        loop {
            let deal = self.sampler.draw(&self.knowledge, rng);
            if self.knowledge.consistent(&deal) {
                return deal;
            }
        }
    }
}

/// Deals that respect the facts (each open item to an owner that may hold it, every owner
/// filled to its size), drawn uniformly by counting completions over the owners' free places.
struct Sampler {
    /// Items whose owner is not known, and the owners each may go to.
    open: Vec<(Item, Vec<usize>)>,
    /// Free places of each owner.
    free: Vec<usize>,
    /// Completions from item t with these free places (memo), or none when too many states.
    counts: Option<std::cell::RefCell<HashMap<(usize, u64), f64>>>,
}

impl Sampler {
    fn new(k: &Knowledge) -> Sampler {
        let owners = k.params.players + 1;
        let known = k.holds.iter().fold(ItemSet::EMPTY, |a, h| a.union(*h));
        let open = ItemSet::first(k.params.items)
            .difference(known)
            .iter()
            .map(|item| (item, (0..owners).filter(|&o| !k.lacks[o].contains(item)).collect()))
            .collect();
        let free: Vec<usize> = (0..owners).map(|o| k.params.owner_size(o) - k.holds[o].len()).collect();
        let states: f64 = free.iter().map(|&f| (f + 1) as f64).product();
        let counts = (states <= MAX_COUNTING_STATES).then(Default::default);
        Sampler { open, free, counts }
    }

    /// Whether any deal respects the facts (by counting; a sampler too big to count shuffles
    /// and cannot tell, and says yes).
    fn admits_a_deal(&self) -> bool {
        self.counts.is_none() || self.count(0, &mut self.free.clone()) > 0.0
    }

    fn key(free: &[usize]) -> u64 {
        free.iter().fold(0u64, |key, &f| key << 6 | f as u64)
    }

    /// Ways to place open items `t..` into the free places.
    fn count(&self, t: usize, free: &mut [usize]) -> f64 {
        if t == self.open.len() {
            return if free.iter().all(|&f| f == 0) { 1.0 } else { 0.0 };
        }
        let memo = self.counts.as_ref().expect("counting sampler");
        let key = (t, Self::key(free));
        if let Some(&c) = memo.borrow().get(&key) {
            return c;
        }
        let mut total = 0.0;
        for &o in &self.open[t].1 {
            if free[o] > 0 {
                free[o] -= 1;
                total += self.count(t + 1, free);
                free[o] += 1;
            }
        }
        memo.borrow_mut().insert(key, total);
        total
    }

    fn draw(&self, k: &Knowledge, rng: &mut dyn RngCore) -> Deal {
        let mut owned = k.holds.clone();
        let mut free = self.free.clone();
        if self.counts.is_some() {
            for (t, (item, owners)) in self.open.iter().enumerate() {
                let weights: Vec<f64> = owners
                    .iter()
                    .map(|&o| {
                        if free[o] == 0 {
                            return 0.0;
                        }
                        free[o] -= 1;
                        let c = self.count(t + 1, &mut free);
                        free[o] += 1;
                        c
                    })
                    .collect();
                let o = owners[pick(&weights, rng)];
                free[o] -= 1;
                owned[o].insert(*item);
            }
        } else {
            // Too many owners and places to count: shuffle the open items into the free places
            // (uniform over deals that respect the known holdings); the caller rejects the rest.
            let mut items: Vec<Item> = self.open.iter().map(|(i, _)| *i).collect();
            shuffle(&mut items, rng);
            let mut next = items.into_iter();
            for (o, places) in free.iter().enumerate() {
                for _ in 0..*places {
                    owned[o].insert(next.next().expect("places match items"));
                }
            }
        }
        let hidden = owned.pop().expect("the hidden owner");
        Deal { hidden, hands: owned }
    }
}

/// An index drawn with probability proportional to `weights`.
fn pick(weights: &[f64], rng: &mut dyn RngCore) -> usize {
    let total: f64 = weights.iter().sum();
    let u = (((rng.next_u32() as u64) << 21) ^ ((rng.next_u32() as u64) >> 11)) as f64 / (1u64 << 53) as f64;
    let mut acc = 0.0;
    for (i, w) in weights.iter().enumerate() {
        acc += w / total;
        if u < acc {
            return i;
        }
    }
    weights.iter().rposition(|&w| w > 0.0).expect("some weight")
}
