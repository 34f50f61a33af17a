//! One arbitrated game.

use super::contestant::{Contestant, Fault};
use crate::action::SubAction;
use crate::deal::Deal;
use crate::items::{Item, ItemSet};
use crate::params::Params;
use crate::protocol::{Command, Reply};
use crate::rules::{ClueState, Event, Phase};
use std::io::Write;
use tabula_core::{Action, Player};

/// A contestant removed from a game, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removal {
    pub player: Player,
    pub reason: String,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// Seats from first to last.
    pub ranking: Vec<Player>,
    /// Each seat's rank utility, +1 (first) to -1 (last), as in the env.
    pub utilities: Vec<f64>,
    /// Seats that guessed right.
    pub right: Vec<Player>,
    pub removals: Vec<Removal>,
    /// Questions asked.
    pub questions: usize,
    /// The final state (the deal and the whole history).
    pub state: ClueState,
}

/// Plays one game of `params` on `deal` between `contestants` (seat order; `None` for a seat
/// whose program could not start, with the reason, which removes it at once). Every event is
/// told to the contestants still playing; the result is printed to `out` as the game goes
/// (one line per turn). Contestants still at the table at the end are told the ranking and
/// sent away.
pub fn play_game(
    params: Params,
    deal: Deal,
    contestants: Vec<Result<Box<dyn Contestant>, Fault>>,
    out: &mut dyn Write,
) -> GameResult {
    assert_eq!(contestants.len(), params.players, "one contestant a seat");
    let mut table = Table { state: ClueState::new(params, deal), seats: vec![], removals: vec![], told: 0 };
    let mut not_started = vec![];
    for (p, c) in contestants.into_iter().enumerate() {
        match c {
            Ok(c) => table.seats.push(Some(c)),
            Err(fault) => {
                table.seats.push(None);
                not_started.push((p, fault));
            }
        }
    }
    for (p, fault) in not_started {
        table.remove(p, fault.to_string(), out);
    }
    for p in 0..params.players {
        let hand = table.state.deal().hands[p];
        table.expect_ok(p, &Command::New { params, seat: p, hand }, out);
    }
    table.tell_events(out);
    let mut questions = 0;
    while table.state.phase() == Phase::Choose {
        let seat = table.state.seat();
        let before = table.state.history().len();
        table.turn(seat, out);
        table.tell_events(out);
        questions += table.state.history()[before..].iter().filter(|e| matches!(e, Event::Asked { .. })).count();
    }
    let ranking = table.state.ranking().expect("the game is over");
    let _ = writeln!(out, "ranking: {}", seat_list(&ranking));
    for p in 0..params.players {
        if let Some(c) = table.seats[p].as_mut() {
            // A contestant that has nothing more to do may fail here without consequence.
            let _ = c.ask(&Command::End { ranking: ranking.clone() });
        }
        if let Some(c) = table.seats[p].take() {
            c.leave();
        }
    }
    let state = table.state;
    let right = state.right_guessers().to_vec();
    GameResult {
        utilities: state.utilities().expect("the game is over"),
        ranking,
        right,
        removals: table.removals,
        questions,
        state,
    }
}

fn seat_list(seats: &[Player]) -> String {
    seats.iter().map(|s| (s + 1).to_string()).collect::<Vec<_>>().join(" ")
}

struct Table {
    state: ClueState,
    /// The contestants, `None` once removed (or never started).
    seats: Vec<Option<Box<dyn Contestant>>>,
    removals: Vec<Removal>,
    /// Events of the history told to the players so far.
    told: usize,
}

impl Table {
    /// Removes `player` with `reason` and sends its program away.
    fn remove(&mut self, player: Player, reason: String, out: &mut dyn Write) {
        if self.state.remove(player).is_err() {
            return; // already gone
        }
        let _ = writeln!(out, "player {} removed: {reason}", player + 1);
        if let Some(c) = self.seats[player].take() {
            c.leave();
        }
        self.removals.push(Removal { player, reason });
    }

    /// Sends `command` to `player`, requiring `ok.`; a fault removes it.
    fn expect_ok(&mut self, player: Player, command: &Command, out: &mut dyn Write) {
        let Some(c) = self.seats[player].as_mut() else { return };
        if !self.state.is_active(player) {
            return;
        }
        let result = c.ask(command).and_then(|r| line_ok(r, command));
        if let Err(fault) = result {
            self.remove(player, fault.to_string(), out);
        }
    }

    /// Tells every player still playing each event it has not been told, as it saw it
    /// (removals on the way are told too).
    fn tell_events(&mut self, out: &mut dyn Write) {
        while self.told < self.state.history().len() {
            let event = self.state.history()[self.told].clone();
            self.told += 1;
            let hidden = self.state.deal().hidden;
            let _ = match &event {
                Event::Asked { asker, target, list, shown } => writeln!(
                    out,
                    "player {} asked player {} about {list}: {}",
                    asker + 1,
                    target + 1,
                    shown.map_or("none".to_string(), |i| format!("showed {i}"))
                ),
                Event::Departed { player, guess, .. } => writeln!(
                    out,
                    "player {} guessed {guess} ({})",
                    player + 1,
                    if *guess == hidden { "right" } else { "wrong" }
                ),
                Event::Removed { .. } => Ok(()), // said with its reason
            };
            for q in 0..self.state.params().players {
                if self.state.is_active(q) {
                    self.expect_ok(q, &Command::Note(event.seen_by(q)), out);
                }
            }
        }
    }

    /// The turn of `seat`: a question (and its answer) or a guess, or a removal.
    fn turn(&mut self, seat: Player, out: &mut dyn Write) {
        loop {
            let Some(c) = self.seats[seat].as_mut() else { return };
            let reply = match c.ask(&Command::Turn) {
                Ok(reply) => reply,
                Err(fault) => return self.remove(seat, fault.to_string(), out),
            };
            match turn_played(&self.state, reply) {
                Ok((next, _)) => {
                    self.state = next;
                    break;
                }
                Err(Fault::Illegal(why)) if c.asks_again() => c.refused(&why),
                Err(fault) => return self.remove(seat, fault.to_string(), out),
            }
        }
        if let Phase::Showing { target, list } = self.state.phase() {
            self.answer(seat, target, list, out);
        }
    }

    /// `target` shows `asker` one of `list` (it holds at least one).
    fn answer(&mut self, asker: Player, target: Player, list: ItemSet, out: &mut dyn Write) {
        let hand = self.state.deal().hands[target];
        loop {
            let Some(c) = self.seats[target].as_mut() else { return };
            let command = Command::Show { asker, list };
            match c.ask(&command).and_then(|reply| shown_item(reply, &command, list, hand)) {
                Ok(item) => {
                    let action = SubAction::Item(item).to_action(self.state.params());
                    self.state.play(action).expect("a held, listed item can be shown");
                    return;
                }
                Err(Fault::Illegal(why)) if c.asks_again() => c.refused(&why),
                Err(fault) => return self.remove(target, fault.to_string(), out),
            }
        }
    }
}

/// `ok.` or the fault of answering otherwise.
fn line_ok(reply: Reply, command: &Command) -> Result<(), Fault> {
    tabula_core::line_program::Reply::expect_ok(reply, &command.to_string())
}

/// The state after the turn a player answered to `turn;` in `state`, with the turn's actions;
/// an illegal question or guess is `Fault::Illegal`, an answer of another kind
/// `Fault::Malformed`.
pub(super) fn turn_played(state: &ClueState, reply: Reply) -> Result<(ClueState, Vec<Action>), Fault> {
    let subs = match reply {
        Reply::Ask { target, list } => SubAction::question(target, list),
        Reply::Guess(guess) => SubAction::guess(guess),
        other => return Err(Fault::Malformed(format!("turn; got \"{other}\""))),
    };
    let mut next = state.clone();
    let mut actions = Vec::with_capacity(subs.len());
    // The turn must end exactly with the last sub-action.
    for (i, &sub) in subs.iter().enumerate() {
        let action = sub.to_action(next.params());
        next.play(action).map_err(|e| Fault::Illegal(e.reason))?;
        actions.push(action);
        let ended = !matches!(next.phase(), Phase::Listing { .. } | Phase::Guessing { .. });
        if ended != (i + 1 == subs.len()) {
            return Err(Fault::Illegal(format!("a guess names exactly {} items", next.params().hidden)));
        }
    }
    Ok((next, actions))
}

/// The item a player holding `hand` showed in answer to `command` (a question about `list`);
/// a lie or an item not asked about is `Fault::Illegal`, another kind of answer
/// `Fault::Malformed`.
pub(super) fn shown_item(reply: Reply, command: &Command, list: ItemSet, hand: ItemSet) -> Result<Item, Fault> {
    match reply {
        Reply::Show(item) if list.intersection(hand).contains(item) => Ok(item),
        Reply::Show(item) if !list.contains(item) => {
            Err(Fault::Illegal(format!("showed {item}, which was not asked about")))
        }
        Reply::Show(item) => Err(Fault::Illegal(format!("lied: showed {item}, which it does not hold"))),
        Reply::None => Err(Fault::Illegal(format!("lied: answered none while holding {}", list.intersection(hand)))),
        other => Err(Fault::Malformed(format!("{command} got \"{other}\""))),
    }
}
