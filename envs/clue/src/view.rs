//! One player's view of a game: everything it has seen, in order, and nothing else.
//!
//! A protocol bot never sees the whole deal, so it keeps a [`View`] (its hand and the events as
//! told to it) and, to choose a move, draws a full state consistent with it
//! ([`View::sample`]). Information-set search does the same from a full state:
//! [`ClueState::determinize`] is `view` then `sample`. What a player does not see stays open in a
//! view: the item shown in another player's answer ([`Answer::Unseen`]) and another player's
//! guess (a sampled state assumes it was right: nobody is told).
//!
//! ```
//! use clue::{Answer, Item, ItemSet, Params, Seen, View};
//! let params = Params::new(3, 10, 1).unwrap(); // items 1-10, 1 hidden, 3 hands of 3
//! let set = |v: &[usize]| v.iter().map(|&n| Item::new(n).unwrap()).collect::<ItemSet>();
//! let mut view = View::new(params, 1, set(&[1, 2, 3])); // I am player 2
//! // Player 1 asked player 3 about 4 and 5; player 3 showed one, not to me.
//! view.seen.push(Seen::Asked { asker: 0, target: 2, list: set(&[4, 5]), answer: Answer::Unseen });
//! let state = view.sample(&mut tabula_core::rng_from_seed(1)).unwrap();
//! assert_eq!(state.seat(), 1); // my turn
//! assert!(!state.deal().hands[2].intersection(set(&[4, 5])).is_empty());
//! ```

use crate::action::SubAction;
use crate::items::{Item, ItemSet};
use crate::knowledge::{Contradiction, DealSampler, Knowledge};
use crate::params::Params;
use crate::rules::{ClueState, Event, Phase};
use crate::seen::learn_seen;
use crate::seen::{Answer, Seen};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use tabula_core::Player;

/// How a sampled state fills in an item shown to somebody else (which one, nobody else saw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shower {
    /// Any item the shower could show, uniformly: assumes nothing of the shower.
    #[default]
    Uniform,
    /// The item [`thrifty_item`] picks: for players known to show that way (tabula's `deduce`).
    Thrifty,
}

/// The items `shower` has shown so far, in the order it showed them: to `to`, or (`None`) to
/// anyone.
pub fn shown_by(history: &[Event], shower: Player, to: Option<Player>) -> impl Iterator<Item = Item> + '_ {
    history.iter().filter_map(move |e| match *e {
        Event::Asked { asker, target, shown: Some(item), .. } if target == shower && to.is_none_or(|t| t == asker) => {
            Some(item)
        }
        _ => None,
    })
}

/// The item that gives least away: one `shower` has already shown `asker`, else one it has shown
/// anyone, else the lowest-numbered of `options` (the listed items it holds). `None` when
/// `options` is empty.
pub fn thrifty_item(history: &[Event], shower: Player, asker: Player, options: ItemSet) -> Option<Item> {
    let shown = |to: Option<Player>| shown_by(history, shower, to);
    shown(Some(asker))
        .find(|i| options.contains(*i))
        .or_else(|| shown(None).find(|i| options.contains(*i)))
        .or_else(|| options.iter().next())
}

/// Everything one player has seen of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub params: Params,
    /// Whose view (a seat, from 0).
    pub player: Player,
    pub hand: ItemSet,
    /// The events so far, in order, as this player saw them.
    pub seen: Vec<Seen>,
    /// The sub-actions of the turn in progress, e.g. `ask 3, 4, 7, done` while player 3 (this
    /// player, say) chooses what to show.
    pub pending: Vec<SubAction>,
}

impl View {
    /// The view at the start of a game.
    pub fn new(params: Params, player: Player, hand: ItemSet) -> View {
        View { params, player, hand, seen: vec![], pending: vec![] }
    }

    /// What this player knows, closed under deduction.
    pub fn knowledge(&self) -> Result<Knowledge, Contradiction> {
        let mut k = Knowledge::new(self.params);
        k.learn_hand(self.player, self.hand);
        for seen in &self.seen {
            learn_seen(&mut k, self.player, seen);
        }
        // A question waiting for an answer tells everyone but the asked that it holds one item.
        if let Some((target, list)) = self.pending_question()
            && target != self.player
        {
            k.learn_one_of(target, list);
        }
        k.propagate()?;
        Ok(k)
    }

    /// The question of the turn in progress, once listed (`ask T, items, done`).
    fn pending_question(&self) -> Option<(Player, ItemSet)> {
        match self.pending.as_slice() {
            [SubAction::Ask(target), items @ .., SubAction::Done] => Some((
                *target,
                items.iter().filter_map(|s| if let SubAction::Item(i) = s { Some(*i) } else { None }).collect(),
            )),
            _ => None,
        }
    }

    /// A full state this player cannot tell from the real one: the deal drawn uniformly from
    /// those consistent with what it knows, items shown to others drawn uniformly among those the
    /// shower could show, others' guesses taken to be right. Errors if the events contradict
    /// each other or the rules (a bot told an impossible story).
    pub fn sample(&self, rng: &mut dyn RngCore) -> Result<ClueState, String> {
        self.sample_with(Shower::Uniform, rng)
    }

    /// [`View::sample`] with the items shown to others filled in by `shower`.
    pub fn sample_with(&self, shower: Shower, rng: &mut dyn RngCore) -> Result<ClueState, String> {
        self.sampler(shower)?.draw(rng)
    }

    /// For many states from one view: what the view tells is deduced, and its deals counted, once.
    pub fn sampler(&self, shower: Shower) -> Result<ViewSampler<'_>, String> {
        let knowledge = self.knowledge().map_err(|c| c.to_string())?;
        Ok(ViewSampler { view: self, deals: knowledge.sampler(), shower })
    }
}

/// What one player sees of a full state, and the states it cannot tell from it.
impl ClueState {
    /// Everything `player` has seen of this game ([`View`]).
    pub fn view(&self, player: Player) -> View {
        View {
            params: *self.params(),
            player,
            hand: self.deal().hands[player],
            seen: self.history().iter().map(|e| e.seen_by(player)).collect(),
            pending: self.pending(),
        }
    }

    /// A state `player` cannot tell from this one ([`View::sample`] of its view): a deal drawn
    /// uniformly from those consistent with its knowledge; items it did not see shown redrawn
    /// uniformly among those the shower could have shown; others' guesses taken to be right
    /// (nobody is told); everyone's knowledge rebuilt by the rules.
    pub fn determinize(&self, player: Player, rng: &mut dyn RngCore) -> ClueState {
        let mut state = self.view(player).sample(rng).expect("a player's own view is consistent");
        // The same facts either way; the player's own copy keeps their exact form.
        state.replace_knowledge(player, self.knowledge(player).clone());
        state
    }
}

/// States drawn from one [`View`] ([`View::sampler`]).
pub struct ViewSampler<'a> {
    view: &'a View,
    deals: DealSampler,
    shower: Shower,
}

impl ViewSampler<'_> {
    /// One state the view's player cannot tell from the real one (see [`View::sample`]).
    pub fn draw(&self, rng: &mut dyn RngCore) -> Result<ClueState, String> {
        let view = self.view;
        let mut state = ClueState::new(view.params, self.deals.draw(rng));
        for (number, seen) in view.seen.iter().enumerate() {
            replay(&mut state, seen, self.shower, rng).map_err(|why| format!("event {}: {why}", number + 1))?;
        }
        for &sub in &view.pending {
            play(&mut state, sub)?;
        }
        Ok(state)
    }
}

fn play(state: &mut ClueState, sub: SubAction) -> Result<(), String> {
    let action = sub.to_action(state.params());
    state.play(action).map_err(|e| format!("`{sub}` is not legal: {}", e.reason))
}

/// Plays one seen event on a state with a consistent deal.
fn replay(state: &mut ClueState, seen: &Seen, shower: Shower, rng: &mut dyn RngCore) -> Result<(), String> {
    match *seen {
        Seen::Asked { asker, target, list, answer } => {
            if state.phase() != Phase::Choose || state.seat() != asker {
                return Err(format!("player {} asked out of turn", asker + 1));
            }
            play(state, SubAction::Ask(target))?;
            for item in list.iter() {
                play(state, SubAction::Item(item))?;
            }
            play(state, SubAction::Done)?;
            let item = match answer {
                Answer::None => return Ok(()),
                Answer::Shown(item) => item,
                Answer::Unseen => {
                    let options = list.intersection(state.deal().hands[target]);
                    match shower {
                        Shower::Uniform => {
                            let options: Vec<Item> = options.iter().collect();
                            *options.get(crate::deal::below(rng, options.len())).ok_or("no item to show")?
                        }
                        Shower::Thrifty => {
                            thrifty_item(state.history(), target, asker, options).ok_or("no item to show")?
                        }
                    }
                }
            };
            play(state, SubAction::Item(item))
        }
        Seen::Departed { player, guess, .. } => {
            if state.phase() != Phase::Choose || state.seat() != player {
                return Err(format!("player {} guessed out of turn", player + 1));
            }
            play(state, SubAction::Guess)?;
            for item in guess.unwrap_or(state.deal().hidden).iter() {
                play(state, SubAction::Item(item))?;
            }
            Ok(())
        }
        Seen::Removed { player, .. } => state.remove(player),
    }
}
