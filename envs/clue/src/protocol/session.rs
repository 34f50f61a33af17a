//! The player's side of the protocol: its [`View`] of the game and one answer per command.
//!
//! To answer `turn;` or `show`, the session draws a full state consistent with its view
//! ([`View::sample`]) and lets the chooser pick sub-actions in it, one at a time, as agents do in
//! the env; [`whole_turn`] gathers them into the question or guess the protocol answers with.
//!
//! | command | when | answer |
//! |---|---|---|
//! | `turn;`, `show`, `note` | before any `new` | `error: no game: the arbitrator sends new first.` |
//! | `turn;` | not our turn by our view | `error: it is player 3's turn.` |
//! | `show A: L;` | we hold none of L | `none.` |
//! | `note` | contradicts what we know or the rules (out of turn, a player not playing) | `error: ...`, nothing changes |
//! | `end: ...;` | whatever our view says | `ok.` |

use super::command::{Command, ParseError};
use super::reply::Reply;
use crate::action::SubAction;
use crate::items::ItemSet;
use crate::rules::{ClueState, Phase};
use crate::seen::{Answer, Seen};
use crate::view::View;
use tabula_core::GameRng;
use tabula_core::{Action, Turn};

/// Plays the own part of a turn for the player to move in `state` (a state in phase `Choose`):
/// `choose` picks each sub-action, and an illegal pick gives way to the first legal one. Returns
/// the sub-actions played (`ask P`, items, `done`; or `guess`, k items) and how many picks were
/// replaced.
pub fn whole_turn(state: &mut ClueState, mut choose: impl FnMut(&ClueState) -> Action) -> (Vec<SubAction>, usize) {
    let (mut played, mut replaced) = (Vec::new(), 0);
    loop {
        let legal = state.legal();
        let Some(&first) = legal.first() else { break };
        let mut action = choose(state);
        if !legal.contains(&action) {
            replaced += 1;
            action = first;
        }
        state.play(action).expect("a legal action plays");
        played.extend(SubAction::from_action(action, state.params()));
        if !matches!(state.phase(), Phase::Listing { .. } | Phase::Guessing { .. }) {
            break;
        }
    }
    (played, replaced)
}

/// The player's state machine; `choose` picks one sub-action in a state drawn from its view.
pub struct BotSession<F> {
    view: Option<View>,
    choose: F,
    rng: GameRng,
    quit: bool,
    diagnostics: Vec<String>,
}

impl<F: FnMut(&ClueState) -> Action> BotSession<F> {
    pub fn new(choose: F, seed: u64) -> BotSession<F> {
        BotSession { view: None, choose, rng: tabula_core::rng_from_seed(seed), quit: false, diagnostics: vec![] }
    }

    /// What we have seen of the game in progress.
    pub fn view(&self) -> Option<&View> {
        self.view.as_ref()
    }

    /// True once `quit;` was answered.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Answers one command and updates the view.
    pub fn handle(&mut self, cmd: Command) -> Reply {
        match cmd {
            Command::New { params, seat, hand } => {
                self.view = Some(View::new(params, seat, hand));
                Reply::Ok
            }
            Command::Quit => {
                self.quit = true;
                Reply::Ok
            }
            Command::End { ranking } => {
                if let Some(v) = &self.view
                    && ranking.len() != v.params.players
                {
                    self.diagnostics.push(format!(
                        "the ranking names {} players of {}",
                        ranking.len(),
                        v.params.players
                    ));
                }
                Reply::Ok
            }
            Command::Turn => self.turn().unwrap_or_else(Reply::error),
            Command::Show { asker, list } => self.show(asker, list).unwrap_or_else(Reply::error),
            Command::Note(seen) => self.note(seen).map_or_else(Reply::error, |()| Reply::Ok),
        }
    }

    fn turn(&mut self) -> Result<Reply, String> {
        let rng = &mut self.rng;
        let view = self.view.as_mut().ok_or("no game: the arbitrator sends new first")?;
        let me = view.player;
        let mut state = view.sample(rng)?;
        if state.whose_turn() != Turn::Player(me) || state.phase() != Phase::Choose {
            return Err(match state.whose_turn() {
                Turn::Player(p) => format!("it is player {}'s turn", p + 1),
                _ => "the game is over".into(),
            });
        }
        let (played, replaced) = whole_turn(&mut state, &mut self.choose);
        if replaced > 0 {
            self.diagnostics.push(format!("{replaced} illegal choice(s) replaced by the first legal sub-action"));
        }
        let items: ItemSet =
            played.iter().filter_map(|s| if let SubAction::Item(i) = s { Some(*i) } else { None }).collect();
        Ok(match played.first() {
            Some(SubAction::Ask(target)) => Reply::Ask { target: *target, list: items },
            _ => {
                view.seen.push(Seen::Departed { player: me, hand: view.hand, guess: Some(items) });
                Reply::Guess(items)
            }
        })
    }

    fn show(&mut self, asker: usize, list: ItemSet) -> Result<Reply, String> {
        let rng = &mut self.rng;
        let view = self.view.as_mut().ok_or("no game: the arbitrator sends new first")?;
        within_game(list, view.params.items)?;
        if list.intersection(view.hand).is_empty() {
            return Ok(Reply::None);
        }
        view.pending = SubAction::question(view.player, list);
        let sampled = view.sample(rng);
        view.pending.clear();
        let state = sampled?;
        if state.seat() != asker || state.whose_turn() != Turn::Player(view.player) {
            return Err(format!("player {} cannot ask now", asker + 1));
        }
        let legal = state.legal();
        let mut action = (self.choose)(&state);
        if !legal.contains(&action) {
            self.diagnostics.push("the agent chose an item it cannot show; showing the first it can".into());
            action = legal[0];
        }
        match SubAction::from_action(action, state.params()) {
            Some(SubAction::Item(item)) => Ok(Reply::Show(item)),
            _ => Err("nothing to show".into()),
        }
    }

    fn note(&mut self, seen: Seen) -> Result<(), String> {
        let rng = &mut self.rng;
        let view = self.view.as_mut().ok_or("no game: the arbitrator sends new first")?;
        let (p, me) = (view.params.players, view.player);
        let in_game = |q: usize| q < p;
        let named: ItemSet = match &seen {
            Seen::Asked { list, answer: Answer::Shown(item), .. } => list.union([*item].into_iter().collect()),
            Seen::Asked { list, .. } => *list,
            Seen::Departed { hand, guess, .. } => hand.union(guess.unwrap_or_default()),
            Seen::Removed { hand, .. } => *hand,
        };
        within_game(named, view.params.items)?;
        match seen {
            Seen::Asked { asker, target, answer, .. } => {
                if !in_game(asker) || !in_game(target) {
                    return Err(format!("players are 1 to {p}"));
                }
                let involved = me == asker || me == target;
                match answer {
                    Answer::Shown(_) if !involved => return Err("only the asker and the asked see the item".into()),
                    Answer::Unseen if involved => return Err("which item was shown?".into()),
                    _ => {}
                }
            }
            Seen::Departed { player, .. } | Seen::Removed { player, .. } if !in_game(player) || player == me => {
                return Err(format!("player {} cannot leave now", player + 1));
            }
            _ => {}
        }
        // The rules decide whether the event could happen: replayed on a deal drawn from what
        // we know (a contradiction or a turn out of order is refused).
        view.seen.push(seen);
        if let Err(why) = view.sample(rng) {
            view.seen.pop();
            return Err(why);
        }
        Ok(())
    }
}

/// An error naming the first item of `named` beyond the game's `items`.
fn within_game(named: ItemSet, items: usize) -> Result<(), String> {
    match named.last() {
        Some(item) if item.number() > items => Err(format!("item {item} is not in this game (items are 1 to {items})")),
        _ => Ok(()),
    }
}

impl<F: FnMut(&ClueState) -> Action> tabula_core::serve::Session for BotSession<F> {
    type Command = Command;

    fn answer(&mut self, parsed: Result<Command, ParseError>) -> String {
        match parsed {
            Ok(cmd) => self.handle(cmd),
            Err(e) => Reply::error(e),
        }
        .to_string()
    }

    fn is_decision(&self, command: &Command) -> bool {
        matches!(command, Command::Turn | Command::Show { .. })
    }

    fn take_diagnostics(&mut self) -> Vec<String> {
        std::mem::take(&mut self.diagnostics)
    }

    fn wants_quit(&self) -> bool {
        self.quit
    }
}
