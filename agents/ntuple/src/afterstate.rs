//! Choosing a move by its afterstate: the position right after the player's move and before
//! chance answers it. A move is worth its reward plus the value of its afterstate: the network's,
//! plus the base value's where there is one ([`BaseValue`]); the afterstate of a move that ends
//! the game is worth nothing more.
//!
//! Generic over any [`State`] whose board is a [`CellBoard`]: the afterstate is the state
//! `apply` leaves (at a chance node, or terminal). Moves that only swap cells (the same count of
//! every code) are valued from the current board by the tuples they touch; others in full.

use crate::base::BaseValue;
use crate::net::NTupleNet;
use rand::{Rng, RngCore};
use tabula_core::cells::CellBoard;
use tabula_core::{Action, State};

/// A move, its afterstate and their worth.
#[derive(Debug, Clone)]
pub struct Choice<S> {
    pub action: Action,
    pub after: S,
    /// The move's reward (the player's, unscaled).
    pub reward: f64,
    /// The value of `after` (network plus base, raised to the valuer's floor; 0 if the game is
    /// over there)...
    pub value: f32,
    /// ...and before the floor: what the network learns from.
    pub raw: f32,
}

impl<S> Choice<S> {
    /// What the move is worth in the network's units.
    pub fn worth(&self, reward_scale: f32) -> f32 {
        self.reward as f32 / reward_scale + self.value
    }
}

/// How to value afterstates: a network, a base value under it, and the rewards' scale.
pub struct Valuer<'a, S> {
    pub net: &'a NTupleNet,
    pub base: Option<&'a dyn BaseValue<S>>,
    pub reward_scale: f32,
    /// No afterstate is worth less than this (a game whose rewards are never negative has none
    /// worth less than 0; a base value's offset would otherwise make ending the game look
    /// better than going on).
    pub floor: Option<f32>,
}

// By hand: a derive would ask `S: Copy`, and only references are copied.
impl<S> Clone for Valuer<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for Valuer<'_, S> {}

/// The player to move, or player 0 at a chance node or terminal.
fn mover<S: State>(state: &S) -> usize {
    state.turn().player().unwrap_or(0)
}

impl<S: State + CellBoard> Valuer<'_, S> {
    /// The moves worth trying in `state` (every legal move without a base) with their
    /// afterstates and values.
    pub fn afterstates(&self, state: &S) -> Vec<Choice<S>> {
        let before = state.cell_codes();
        let player = mover(state);
        let net_base = self.net.value(before);
        let mut changed = Vec::with_capacity(8);
        let moves: Vec<(Action, f32)> = match self.base {
            Some(base) => base.afterstates(state),
            None => state.legal_actions().into_iter().map(|a| (a, 0.0)).collect(),
        };
        moves
            .into_iter()
            .filter_map(|(action, base)| self.choice(state, player, net_base, action, base, &mut changed))
            .collect()
    }

    /// `action`'s afterstate and value in `state`, whoever chose it (a teacher, say), over the
    /// base's value of that move ([`BaseValue::value_of`]; 0 where it has none). `None` if the
    /// move is illegal.
    pub fn afterstate_of(&self, state: &S, action: Action) -> Option<Choice<S>> {
        let base = self.base.and_then(|base| base.value_of(state, action)).unwrap_or(0.0);
        let net_base = self.net.value(state.cell_codes());
        self.choice(state, mover(state), net_base, action, base, &mut Vec::with_capacity(8))
    }

    fn choice(
        &self,
        state: &S,
        player: usize,
        net_base: f32,
        action: Action,
        base: f32,
        changed: &mut Vec<usize>,
    ) -> Option<Choice<S>> {
        let mut after = state.clone();
        after.apply(action).ok()?;
        let reward = after.rewards().get(player).copied().unwrap_or(0.0);
        let raw = if after.is_terminal() {
            0.0
        } else {
            base + net_value_after(self.net, state.cell_codes(), net_base, after.cell_codes(), changed)
        };
        let value = match self.floor {
            Some(floor) if !after.is_terminal() => raw.max(floor),
            _ => raw,
        };
        Some(Choice { action, after, reward, value, raw })
    }

    /// The best move by reward plus afterstate value (ties broken at random), or `None` where
    /// there is no move.
    pub fn best(&self, state: &S, rng: &mut dyn RngCore) -> Option<Choice<S>> {
        let mut best: Option<Choice<S>> = None;
        let mut ties = 0u32;
        for choice in self.afterstates(state) {
            let worth = choice.worth(self.reward_scale);
            match &best {
                Some(b) if worth < b.worth(self.reward_scale) => {}
                Some(b) if worth == b.worth(self.reward_scale) => {
                    ties += 1;
                    if rng.random_range(0..=ties) == 0 {
                        best = Some(choice);
                    }
                }
                _ => {
                    ties = 0;
                    best = Some(choice);
                }
            }
        }
        best
    }
}

/// The network's value of `after`, from `before`'s when the two differ by a swap of cells.
fn net_value_after(net: &NTupleNet, before: &[u8], base: f32, after: &[u8], changed: &mut Vec<usize>) -> f32 {
    changed.clear();
    for (i, (a, b)) in before.iter().zip(after).enumerate() {
        if a != b {
            changed.push(i);
            if changed.len() > 4 {
                return net.value(after);
            }
        }
    }
    let mut was: Vec<u8> = changed.iter().map(|&i| before[i]).collect();
    let mut now: Vec<u8> = changed.iter().map(|&i| after[i]).collect();
    was.sort_unstable();
    now.sort_unstable();
    if was == now { base + net.swap_delta(before, after, changed) } else { net.value(after) }
}

/// The best move of `state` by the network alone (no base value).
pub fn best<S: State + CellBoard>(
    net: &NTupleNet,
    state: &S,
    reward_scale: f32,
    rng: &mut dyn RngCore,
) -> Option<Choice<S>> {
    Valuer { net, base: None, reward_scale, floor: None }.best(state, rng)
}
