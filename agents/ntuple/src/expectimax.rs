//! One ply of expectimax over chance on top of the afterstate value, as the strongest 2048
//! programs play their n-tuple networks: a move whose afterstate waits on chance is worth its
//! reward plus the mean, over a few draws of chance, of the best move's worth in the drawn state
//! (0 where the draw ends the game), instead of the network's value of the afterstate.
//!
//! Only the `width` moves the network ranks best are looked at this way; the draws are the same
//! for each of them (draw `i` comes from one seed for every move), so that moves are compared on
//! the same luck.
//!
//! ```
//! use tabula_ntuple::Expectimax;
//! let search = Expectimax { width: 4, samples: 8 };
//! assert!(search.is_on());
//! assert!(!Expectimax::OFF.is_on());
//! ```

use crate::afterstate::{Choice, Valuer};
use rand::rngs::SmallRng;
use rand::{Rng, RngCore, SeedableRng};
use serde::{Deserialize, Serialize};
use tabula_core::cells::CellBoard;
use tabula_core::{State, Turn};

/// How far the afterstate player looks: `width` moves, `samples` draws of chance each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectimax {
    pub width: usize,
    pub samples: usize,
}

impl Default for Expectimax {
    fn default() -> Self {
        Expectimax::OFF
    }
}

impl Expectimax {
    /// The afterstate value alone: no draws.
    pub const OFF: Expectimax = Expectimax { width: 0, samples: 0 };

    /// A search of `width` moves and `samples` draws each, or the model alone where both are 0;
    /// one of them 0 without the other is refused.
    pub fn new(width: usize, samples: usize) -> Result<Self, String> {
        if (width == 0) != (samples == 0) {
            return Err(format!(
                "width {width} and samples {samples}: both positive (search) or both 0 (the model alone)"
            ));
        }
        Ok(Expectimax { width, samples })
    }

    pub fn is_on(&self) -> bool {
        self.width > 0 && self.samples > 0
    }

    /// Off: what a file or config leaves out (`skip_serializing_if`).
    pub fn is_off(&self) -> bool {
        !self.is_on()
    }
}

/// A move with its worth as the search saw it.
#[derive(Debug, Clone)]
pub struct Searched<S> {
    pub choice: Choice<S>,
    /// Reward plus the mean best worth after chance, in the network's units (the afterstate
    /// value's worth where the move was not searched or no chance follows it).
    pub worth: f32,
}

impl<S: State + CellBoard> Valuer<'_, S> {
    /// The best move of `state` by one ply of expectimax ([`Expectimax`]); by afterstate value
    /// alone where the search is off. `None` where there is no move.
    pub fn expectimax_best(&self, state: &S, search: Expectimax, rng: &mut dyn RngCore) -> Option<Searched<S>> {
        if !search.is_on() {
            return self.best(state, rng).map(|choice| {
                let worth = choice.worth(self.reward_scale);
                Searched { choice, worth }
            });
        }
        let mut ranked: Vec<(f32, Choice<S>)> =
            self.afterstates(state).into_iter().map(|c| (c.worth(self.reward_scale), c)).collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked.truncate(search.width);
        let seeds: Vec<u64> = (0..search.samples).map(|_| rng.random()).collect();
        let mut best: Option<Searched<S>> = None;
        for (worth, choice) in ranked {
            let worth = if choice.after.turn() == Turn::Chance {
                choice.reward as f32 / self.reward_scale + self.mean_after_chance(&choice.after, &seeds)
            } else {
                worth
            };
            if best.as_ref().is_none_or(|b| worth > b.worth) {
                best = Some(Searched { choice, worth });
            }
        }
        best
    }

    /// The mean over the draws seeded by `seeds` of the best worth in the state chance leaves
    /// `after` in (0 where it is over).
    fn mean_after_chance(&self, after: &S, seeds: &[u64]) -> f32 {
        let total: f32 = seeds
            .iter()
            .map(|&seed| {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut drawn = after.clone();
                while drawn.turn() == Turn::Chance {
                    drawn.sample_chance(&mut rng);
                }
                if drawn.is_terminal() {
                    return 0.0;
                }
                self.best(&drawn, &mut rng).map_or(0.0, |c| c.worth(self.reward_scale))
            })
            .sum();
        total / seeds.len() as f32
    }
}
