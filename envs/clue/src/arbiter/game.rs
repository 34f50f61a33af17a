//! One arbitrated game.

use super::contestant::{Contestant, Fault};
use crate::action::SubAction;
use crate::deal::Deal;
use crate::items::ItemSet;
use crate::params::Params;
use crate::protocol::{Command, Reply};
use crate::rules::{ClueState, Event, Phase};
use std::io::Write;
use tabula_core::Player;

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
            let subs = match reply {
                Reply::Ask { target, list } => SubAction::question(target, list),
                Reply::Guess(guess) => SubAction::guess(guess),
                other => {
                    return self.remove(seat, Fault::Malformed(format!("turn; got \"{other}\"")).to_string(), out);
                }
            };
            let mut next = self.state.clone();
            match play_all(&mut next, &subs) {
                Ok(()) => {
                    self.state = next;
                    break;
                }
                Err(why) if c.asks_again() => c.refused(&why),
                Err(why) => return self.remove(seat, Fault::Illegal(why).to_string(), out),
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
            let why = match c.ask(&command) {
                Err(fault) => return self.remove(target, fault.to_string(), out),
                Ok(Reply::Show(item)) if list.intersection(hand).contains(item) => {
                    let action = SubAction::Item(item).to_action(self.state.params());
                    self.state.play(action).expect("a held, listed item can be shown");
                    return;
                }
                Ok(Reply::Show(item)) if !list.contains(item) => format!("showed {item}, which was not asked about"),
                Ok(Reply::Show(item)) => format!("lied: showed {item}, which it does not hold"),
                Ok(Reply::None) => format!("lied: answered none while holding {}", list.intersection(hand)),
                Ok(other) => {
                    return self.remove(
                        target,
                        Fault::Malformed(format!("{command} got \"{other}\"")).to_string(),
                        out,
                    );
                }
            };
            if c.asks_again() {
                c.refused(&why);
            } else {
                return self.remove(target, Fault::Illegal(why).to_string(), out);
            }
        }
    }
}

/// `ok.` or the fault of answering otherwise.
fn line_ok(reply: Reply, command: &Command) -> Result<(), Fault> {
    tabula_core::line_program::Reply::expect_ok(reply, &command.to_string())
}

/// Plays a turn's sub-actions; the turn must end exactly with the last of them.
fn play_all(state: &mut ClueState, subs: &[SubAction]) -> Result<(), String> {
    for (i, &sub) in subs.iter().enumerate() {
        let action = sub.to_action(state.params());
        state.play(action).map_err(|e| e.reason)?;
        let ended = !matches!(state.phase(), Phase::Listing { .. } | Phase::Guessing { .. });
        if ended != (i + 1 == subs.len()) {
            return Err(format!("a guess names exactly {} items", state.params().hidden));
        }
    }
    Ok(())
}
