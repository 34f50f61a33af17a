//! Temporal-difference learning of afterstate values from the network's own play (over a base
//! value, if given: the network then learns what the base misses) (TD(0), as
//! Szubert and Jaśkowski learn 2048): each move is the best by reward plus afterstate value,
//! and the previous afterstate's value moves towards the reward of the move that followed it
//! plus the (discounted) value of the next afterstate; the last one towards 0. With `lambda > 0`
//! each error also reaches the afterstates before it (truncated eligibility traces, TD(λ)), so
//! that a reward earns credit for the moves that prepared it sooner.
//!
//! The tests of this crate learn a small cell game with it (`tests/learn.rs`).

use crate::afterstate::Valuer;
use crate::base::BaseValue;
use crate::net::NTupleNet;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use tabula_core::cells::CellBoard;
use tabula_core::{Agent, State};

/// How the values are learnt.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TdSettings {
    /// Step towards each target, shared among the weights a board reads.
    pub learning_rate: f32,
    /// Discount per move (1: the whole sum of rewards to come).
    pub discount: f32,
    /// Rewards are divided by this before they are learnt (values are in these units).
    pub reward_scale: f32,
    /// A game is cut off after this many moves (not learnt as an end).
    pub max_moves: usize,
    /// TD(λ): each error also corrects the earlier afterstates, the k-th before by
    /// `(discount · lambda)^k` (0: TD(0), only the last one)...
    pub lambda: f32,
    /// ...as far back as this many afterstates (the trace is cut there: `(γλ)^k` is small).
    pub trace: usize,
    /// No afterstate is valued below this when moves are chosen and targets made
    /// ([`Valuer::floor`]); 0 suits games whose rewards are never negative.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_value: Option<f32>,
    /// A new network starts with every board worth this ([`NTupleNet::fill`]): about what the
    /// afterstates are worth, so that a picture the network has not met yet is not taken for a
    /// bad one (absent: 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_value: Option<f32>,
}

impl Default for TdSettings {
    fn default() -> Self {
        TdSettings {
            learning_rate: 0.02,
            discount: 0.999,
            reward_scale: 100.0,
            max_moves: 1_000_000,
            lambda: 0.0,
            trace: 1,
            min_value: None,
            initial_value: None,
        }
    }
}

/// What one game of learning did.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Episode {
    /// The player's return (its summed rewards, unscaled).
    pub score: f64,
    pub moves: usize,
    /// Sum of squared TD errors (in value units), one per update.
    pub squared_error: f64,
    pub updates: usize,
}

/// Plays one game from `state` (which may start at a chance node) with the network's best
/// moves, learning after each; returns what happened.
pub fn learn_game<S: State + CellBoard>(
    net: &NTupleNet,
    base: Option<&dyn BaseValue<S>>,
    state: S,
    settings: &TdSettings,
    rng: &mut dyn RngCore,
) -> Episode {
    learn_from_play(net, base, state, settings, rng, None::<&mut dyn Agent<S>>)
}

/// [`learn_game`], with the moves chosen by `teacher` where one is given: the network then
/// learns the value of the teacher's play (TD on its own trajectory), from which the network's
/// best moves are one step of policy improvement over the teacher. A network starting from
/// nothing plays too badly to meet the positions worth learning in games where surviving is
/// the whole game; a hand-written teacher takes it there.
pub fn learn_from_play<S: State + CellBoard, A: Agent<S> + ?Sized>(
    net: &NTupleNet,
    base: Option<&dyn BaseValue<S>>,
    mut state: S,
    settings: &TdSettings,
    rng: &mut dyn RngCore,
    mut teacher: Option<&mut A>,
) -> Episode {
    let valuer = Valuer { net, base, reward_scale: settings.reward_scale, floor: settings.min_value };
    let step = settings.learning_rate / net.active_len() as f32;
    let decay = settings.discount * settings.lambda;
    let trace = if settings.lambda > 0.0 { settings.trace.max(1) } else { 1 };
    let mut episode = Episode::default();
    // The last afterstates' active weights, newest first, and the newest one's value, waiting
    // for its target.
    let mut history: VecDeque<Vec<u32>> = VecDeque::with_capacity(trace + 1);
    let mut pending: Option<f32> = None;
    let learn = |history: &mut VecDeque<Vec<u32>>, pending: &mut Option<f32>, target: f32, episode: &mut Episode| {
        if let Some(value) = pending.take() {
            let error = target - value;
            let mut weight = 1.0;
            for active in history.iter() {
                net.learn(active, step * error * weight);
                weight *= decay;
            }
            episode.squared_error += (error * error) as f64;
            episode.updates += 1;
        }
    };
    loop {
        while state.turn() == tabula_core::Turn::Chance {
            state.sample_chance(rng);
        }
        if state.is_terminal() || episode.moves >= settings.max_moves {
            if state.is_terminal() {
                learn(&mut history, &mut pending, 0.0, &mut episode);
            }
            break;
        }
        let choice = match teacher.as_deref_mut() {
            Some(teacher) => {
                let action = teacher.act(&state, rng);
                valuer.afterstate_of(&state, action)
            }
            None => valuer.best(&state, rng),
        };
        let Some(choice) = choice else { break };
        episode.score += choice.reward;
        episode.moves += 1;
        let target = choice.reward as f32 / settings.reward_scale + settings.discount * choice.value;
        learn(&mut history, &mut pending, target, &mut episode);
        if choice.after.is_terminal() {
            history.clear();
        } else {
            let mut active = if history.len() >= trace { history.pop_back().expect("not empty") } else { Vec::new() };
            net.active(choice.after.cell_codes(), &mut active);
            history.push_front(active);
            pending = Some(choice.raw);
        }
        state = choice.after;
    }
    episode
}
