//! The rules: turns, questions, answers, guesses, departures, the turn limit and the ranking.
//!
//! A turn is built from [`SubAction`]s. The player to move either starts a guess and names k
//! items in increasing order (the guess is made with the k-th), or picks a remaining opponent and
//! lists items in increasing order, then `done`. The asked player, if it holds a listed item,
//! chooses one to show (its own turn, even with one choice, so that whether it holds any is told
//! by the answer alone); otherwise it answers none at once. After `rounds` rounds every remaining
//! player may only guess.

use crate::action::SubAction;
use crate::deal::Deal;
use crate::items::{Item, ItemSet};
use crate::knowledge::Knowledge;
use crate::params::Params;
use crate::seen::{Answer, Seen, learn_seen};
use serde::{Deserialize, Serialize};
use tabula_core::{Action, IllegalAction, Player, Turn};

/// Where a turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The player to move chooses: ask someone, or guess.
    Choose,
    /// The player to move lists the items of a question to `target`.
    Listing { target: Player, list: ItemSet },
    /// The player to move names the hidden items.
    Guessing { guess: ItemSet },
    /// `target` chooses which listed item it holds to show the player whose turn it is.
    Showing { target: Player, list: ItemSet },
    /// Everyone has left.
    Over,
}

/// What everyone sees happen (the item shown is seen by the asker alone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// `asker` asked `target` about `list`; `shown` is the item shown, or none.
    Asked { asker: Player, target: Player, list: ItemSet, shown: Option<Item> },
    /// `player` guessed and left; its hand is now seen by all (whether it guessed right is not).
    Departed { player: Player, guess: ItemSet, hand: ItemSet },
    /// The arbitrator removed `player` for a fault; its hand is now seen by all.
    Removed { player: Player, hand: ItemSet },
}

impl Event {
    /// The event as `player` saw it.
    pub fn seen_by(&self, player: Player) -> Seen {
        match *self {
            Event::Asked { asker, target, list, shown } => {
                let answer = match shown {
                    None => Answer::None,
                    Some(item) if player == asker || player == target => Answer::Shown(item),
                    Some(_) => Answer::Unseen,
                };
                Seen::Asked { asker, target, list, answer }
            }
            Event::Departed { player: p, guess, hand } => {
                Seen::Departed { player: p, hand, guess: (p == player).then_some(guess) }
            }
            Event::Removed { player: p, hand } => Seen::Removed { player: p, hand },
        }
    }
}

/// A game of Generalized Clue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClueState {
    params: Params,
    deal: Deal,
    /// The player whose turn it is (the asker, while its target chooses what to show).
    seat: Player,
    phase: Phase,
    active: Vec<bool>,
    /// Rounds completed: the turn passed the last remaining seat this many times.
    round: usize,
    /// Guessers in the order they guessed, right and wrong apart.
    right: Vec<Player>,
    wrong: Vec<Player>,
    /// Players removed by the arbitrator, in order.
    removed: Vec<Player>,
    /// What each player knows, kept up to date.
    knowledge: Vec<Knowledge>,
    history: Vec<Event>,
    moves: usize,
}

impl ClueState {
    /// The start of a game with this deal; player 1 (seat 0) moves first.
    pub fn new(params: Params, deal: Deal) -> ClueState {
        let knowledge = (0..params.players)
            .map(|p| {
                let mut k = Knowledge::new(params);
                k.learn_hand(p, deal.hands[p]);
                k.propagate().expect("one's own hand is consistent");
                k
            })
            .collect();
        ClueState {
            params,
            deal,
            seat: 0,
            phase: Phase::Choose,
            active: vec![true; params.players],
            round: 0,
            right: vec![],
            wrong: vec![],
            removed: vec![],
            knowledge,
            history: vec![],
            moves: 0,
        }
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player whose turn it is (while an item is being chosen to show, the asker).
    pub fn seat(&self) -> Player {
        self.seat
    }

    pub fn is_active(&self, player: Player) -> bool {
        self.active[player]
    }

    /// Rounds completed.
    pub fn round(&self) -> usize {
        self.round
    }

    /// Whether the turn limit has passed: a player may then only guess.
    pub fn must_guess(&self) -> bool {
        self.round >= self.params.rounds
    }

    /// What `player` knows.
    pub fn knowledge(&self, player: Player) -> &Knowledge {
        &self.knowledge[player]
    }

    /// Swaps in `knowledge` as what `player` knows, for a state drawn from its view that
    /// keeps the player's own copy in its exact form ([`ClueState::determinize`]).
    pub(crate) fn replace_knowledge(&mut self, player: Player, knowledge: Knowledge) {
        self.knowledge[player] = knowledge;
    }

    pub fn history(&self) -> &[Event] {
        &self.history
    }

    pub fn move_count(&self) -> usize {
        self.moves
    }

    /// Seats by final rank (right guessers in guessing order, then wrong ones, the last to
    /// guess first, then removed players, the last removed first), once the game is over.
    pub fn ranking(&self) -> Option<Vec<Player>> {
        (self.phase == Phase::Over).then(|| {
            self.right.iter().chain(self.wrong.iter().rev()).chain(self.removed.iter().rev()).copied().collect()
        })
    }

    /// The players who guessed right, in the order they guessed.
    pub fn right_guessers(&self) -> &[Player] {
        &self.right
    }

    /// The rank utility of each seat: +1 for the first, -1 for the last, evenly between.
    pub fn utilities(&self) -> Option<Vec<f64>> {
        let ranking = self.ranking()?;
        let p = self.params.players;
        let mut u = vec![0.0; p];
        for (rank, &seat) in ranking.iter().enumerate() {
            u[seat] = rank_utility(rank, p);
        }
        Some(u)
    }

    /// `player`'s rank utility once it is certain before the end ([`tabula_core::State::settled_return`]):
    /// a right guesser keeps its place in the guessing order, a wrong one ranks below everyone
    /// still playing, a removed one below every guesser. (Play alone removes nobody; a later
    /// removal by the arbitrator would lift a wrong guesser one place.) `None` while it plays.
    pub fn settled_utility(&self, player: Player) -> Option<f64> {
        let p = self.params.players;
        let position = |list: &[Player]| list.iter().position(|&s| s == player);
        let rank = if let Some(i) = position(&self.right) {
            i
        } else if let Some(j) = position(&self.wrong) {
            p - 1 - j - self.removed.len()
        } else {
            p - 1 - position(&self.removed)?
        };
        Some(rank_utility(rank, p))
    }

    /// Whose turn it is ([`tabula_core::State::turn`]).
    pub fn whose_turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Terminal,
            Phase::Showing { target, .. } => Turn::Player(target),
            _ => Turn::Player(self.seat),
        }
    }

    /// Remaining opponents of the player to move, the ones it may ask.
    fn askable(&self) -> impl Iterator<Item = Player> + '_ {
        (0..self.params.players).filter(move |&p| p != self.seat && self.active[p])
    }

    pub fn legal_sub_actions(&self) -> Vec<SubAction> {
        let n = self.params.items;
        let above = |set: ItemSet| set.last().map_or(0, Item::number);
        match self.phase {
            Phase::Over => vec![],
            Phase::Choose => {
                let mut moves: Vec<SubAction> =
                    if self.must_guess() { vec![] } else { self.askable().map(SubAction::Ask).collect() };
                moves.push(SubAction::Guess);
                moves
            }
            Phase::Listing { list, .. } => {
                let mut moves: Vec<SubAction> =
                    (above(list)..n).map(|i| SubAction::Item(Item::from_index(i))).collect();
                if !list.is_empty() {
                    moves.push(SubAction::Done);
                }
                moves
            }
            Phase::Guessing { guess } => {
                // Leave room for the items still to name.
                let still = self.params.hidden - guess.len() - 1;
                (above(guess)..n - still).map(|i| SubAction::Item(Item::from_index(i))).collect()
            }
            Phase::Showing { target, list } => {
                list.intersection(self.deal.hands[target]).iter().map(SubAction::Item).collect()
            }
        }
    }

    /// The legal actions, in increasing order.
    pub fn legal(&self) -> Vec<Action> {
        let mut actions: Vec<Action> = self.legal_sub_actions().iter().map(|s| s.to_action(&self.params)).collect();
        actions.sort_unstable();
        actions
    }

    /// Plays one sub-action; an illegal one changes nothing and says why.
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        let sub = SubAction::from_action(action, &self.params)
            .ok_or_else(|| IllegalAction::new(action, "outside the action space"))?;
        if !self.legal_sub_actions().contains(&sub) {
            return Err(IllegalAction::new(action, self.why_illegal(sub)));
        }
        self.moves += 1;
        match (self.phase, sub) {
            (Phase::Choose, SubAction::Ask(target)) => self.phase = Phase::Listing { target, list: ItemSet::EMPTY },
            (Phase::Choose, SubAction::Guess) => self.phase = Phase::Guessing { guess: ItemSet::EMPTY },
            (Phase::Listing { target, mut list }, SubAction::Item(item)) => {
                list.insert(item);
                self.phase = Phase::Listing { target, list };
            }
            (Phase::Listing { target, list }, SubAction::Done) => self.ask(target, list),
            (Phase::Guessing { mut guess }, SubAction::Item(item)) => {
                guess.insert(item);
                if guess.len() == self.params.hidden {
                    self.guess(guess);
                } else {
                    self.phase = Phase::Guessing { guess };
                }
            }
            (Phase::Showing { target, list }, SubAction::Item(item)) => {
                self.record(Event::Asked { asker: self.seat, target, list, shown: Some(item) });
                self.next_turn();
            }
            _ => unreachable!("legal sub-actions are handled above"),
        }
        Ok(())
    }

    /// Removes `player` from the game: the arbitrator's sanction for a crash, a timeout, a lie
    /// or garbage. Its hand is shown to everyone, it ranks below every guesser, and a turn of
    /// its own in progress is dropped; a question to it, listed or waiting for its answer, is
    /// dropped too and the asker's turn starts over (nobody saw a question that was not
    /// answered, and the asker now sees the whole hand).
    pub fn remove(&mut self, player: Player) -> Result<(), String> {
        if player >= self.params.players || !self.active[player] {
            return Err(format!("player {} is not playing", player + 1));
        }
        self.active[player] = false;
        self.removed.push(player);
        self.record(Event::Removed { player, hand: self.deal.hands[player] });
        // The dropped sub-actions never happened (nobody's view holds them).
        let dropped = self.pending().len();
        match self.phase {
            Phase::Over => {}
            _ if self.seat == player => {
                self.moves -= dropped;
                self.next_turn()
            }
            Phase::Showing { target, .. } | Phase::Listing { target, .. } if target == player => {
                self.moves -= dropped;
                self.phase = Phase::Choose
            }
            _ => {}
        }
        Ok(())
    }

    /// The sub-actions of the turn in progress.
    pub(crate) fn pending(&self) -> Vec<SubAction> {
        match self.phase {
            Phase::Choose | Phase::Over => vec![],
            Phase::Listing { target, list } => {
                std::iter::once(SubAction::Ask(target)).chain(list.iter().map(SubAction::Item)).collect()
            }
            Phase::Guessing { guess } => SubAction::guess(guess),
            Phase::Showing { target, list } => SubAction::question(target, list),
        }
    }

    fn why_illegal(&self, sub: SubAction) -> String {
        match (self.phase, sub) {
            (Phase::Over, _) => "the game is over".into(),
            (Phase::Choose, SubAction::Ask(_)) if self.must_guess() => "the turn limit has passed: guess".into(),
            (Phase::Choose, SubAction::Ask(p)) => format!("player {} cannot be asked", p + 1),
            (Phase::Choose, _) => "first `ask P` or `guess`".into(),
            (Phase::Listing { .. } | Phase::Guessing { .. }, SubAction::Item(i)) => {
                format!("item {i} cannot come next (items go in increasing order, k in a guess)")
            }
            (Phase::Listing { .. }, SubAction::Done) => "list at least one item".into(),
            (Phase::Listing { .. }, _) => "list items, then `done`".into(),
            (Phase::Guessing { .. }, _) => "name the hidden items".into(),
            (Phase::Showing { target, .. }, _) => format!("player {} must show a listed item it holds", target + 1),
        }
    }

    fn ask(&mut self, target: Player, list: ItemSet) {
        if list.intersection(self.deal.hands[target]).is_empty() {
            self.record(Event::Asked { asker: self.seat, target, list, shown: None });
            self.next_turn();
        } else {
            // Everyone sees that an item will be shown.
            for (q, k) in self.knowledge.iter_mut().enumerate() {
                if q != target {
                    k.learn_one_of(target, list);
                    k.propagate().expect("the true deal satisfies every clause");
                }
            }
            self.phase = Phase::Showing { target, list };
        }
    }

    fn guess(&mut self, guess: ItemSet) {
        let player = self.seat;
        if guess == self.deal.hidden {
            self.right.push(player)
        } else {
            self.wrong.push(player)
        }
        self.active[player] = false;
        self.record(Event::Departed { player, guess, hand: self.deal.hands[player] });
        self.next_turn();
    }

    /// Adds an event to the history and to every player's knowledge.
    fn record(&mut self, event: Event) {
        for (q, k) in self.knowledge.iter_mut().enumerate() {
            learn_seen(k, q, &event.seen_by(q));
            k.propagate().expect("the true deal satisfies what is learned");
        }
        self.history.push(event);
    }

    fn next_turn(&mut self) {
        let p = self.params.players;
        let Some(next) = (1..=p).map(|d| (self.seat + d) % p).find(|&s| self.active[s]) else {
            self.phase = Phase::Over;
            return;
        };
        if next <= self.seat {
            self.round += 1;
        }
        self.seat = next;
        self.phase = Phase::Choose;
    }
}

/// The utility of finishing at `rank` (0 first) of `players`: +1 for the first, -1 for the last,
/// evenly between.
fn rank_utility(rank: usize, players: usize) -> f64 {
    1.0 - 2.0 * rank as f64 / (players - 1) as f64
}
