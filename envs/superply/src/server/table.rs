//! One game between two seated connections: the task that owns the position, asks each side for
//! its move under the hint, and tells both everything.

use super::mailbox::{Player, TableEvent, ToSession};
use super::shared::Shared;
use crate::protocol::{Message, Reason};
use crate::side::Side;
use crate::{Hint, SuperplyState};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tabula_core::{Game, State, Turn};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::time::{Instant, sleep_until};

/// The table's record: each claim with the hint it was made under.
struct Table {
    game: u64,
    state: SuperplyState,
    players: [Player; 2],
    history: Vec<(Side, String, Hint)>,
}

impl Table {
    fn tell_both(&self, message: &Message) {
        self.players.iter().for_each(|p| p.tell(message));
    }

    fn answer(&self, side: Side, event: &TableEvent) {
        let reply = match event {
            TableEvent::History => Message::History { game: self.game, moves: self.history.clone() },
            TableEvent::Board => Message::Board { game: self.game, rows: board_rows(&self.state) },
            _ => return,
        };
        self.players[side.index()].tell(&reply);
    }
}

/// `b`, `r` or `.` per cell, rows top to bottom separated by `/`.
pub(crate) fn board_rows(state: &SuperplyState) -> String {
    let board = state.board();
    let n = board.size();
    let row = |r: usize| -> String {
        (1..=n)
            .map(|c| match board.owner(board.cell(r, c)) {
                Some(Side::Blue) => 'b',
                Some(Side::Red) => 'r',
                None => '.',
            })
            .collect()
    };
    (1..=n).map(row).collect::<Vec<_>>().join("/")
}

/// Plays game `game` between `blue` and `red` to its end, then frees both seats.
pub(crate) async fn run(
    shared: Arc<Shared>,
    game: u64,
    blue: Player,
    red: Player,
    mut events: UnboundedReceiver<(Side, TableEvent)>,
) {
    let settings = &shared.settings;
    let mut rng = match settings.seed {
        Some(seed) => StdRng::seed_from_u64(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        None => StdRng::from_os_rng(),
    };
    let mut table = Table { game, state: shared.game.new_initial_state(0), players: [blue, red], history: Vec::new() };
    for side in [Side::Blue, Side::Red] {
        table.players[side.index()].tell(&Message::Start {
            game,
            size: settings.size,
            mode: settings.mode,
            side,
            opponent: table.players[side.other().index()].name.clone(),
        });
    }
    shared.stats.started.fetch_add(1, Ordering::Relaxed);
    let (winner, reason) = play(&mut table, &mut events, &mut rng, settings.move_time).await;
    let path = match reason {
        None => table.state.board().winning_path(winner).unwrap_or_default(),
        Some(_) => Vec::new(),
    };
    let path = path.into_iter().map(|c| table.state.cell_name(c)).collect();
    table.tell_both(&Message::Over { game, winner, path, reason });
    for player in &table.players {
        let _ = player.tx.send(ToSession::TableOver(game));
    }
    shared.stats.finished.fetch_add(1, Ordering::Relaxed);
    if settings.verbose {
        let how = reason.map_or_else(|| "a joined path".to_string(), |r| r.word().to_string());
        eprintln!("superply-server: game {game} over after {} claims: {winner} wins by {how}", table.history.len());
    }
}

/// The game's moves until someone wins: the winner, and why when it is not by a path.
async fn play(
    table: &mut Table,
    events: &mut UnboundedReceiver<(Side, TableEvent)>,
    rng: &mut StdRng,
    move_time: std::time::Duration,
) -> (Side, Option<Reason>) {
    loop {
        match table.state.turn() {
            Turn::Terminal => return (table.state.winner().expect("a finished game has a winner"), None),
            Turn::Chance => {
                // The env's own draw, by the outcomes' probabilities.
                table.state.sample_chance(rng);
                continue;
            }
            Turn::Player(_) => {}
        }
        let mover = table.state.to_move();
        table.tell_both(&Message::hint_for(&table.state).expect("a player's turn has a hint"));
        let deadline = Instant::now() + move_time;
        loop {
            let event = tokio::select! {
                event = events.recv() => event,
                () = sleep_until(deadline) => return (mover.other(), Some(Reason::Timeout)),
            };
            // Both sessions gone: nobody is left to tell.
            let Some((side, event)) = event else { return (mover.other(), Some(Reason::Left)) };
            match event {
                TableEvent::Leave => return (side.other(), Some(Reason::Left)),
                TableEvent::Move(_) if side != mover => {
                    table.players[side.index()].tell(&Message::Error { text: format!("it is {mover}'s turn") });
                }
                TableEvent::Move(text) => match claim(table, mover, &text) {
                    Ok(()) => break,
                    Err(why) => {
                        table.players[mover.index()].tell(&Message::Error { text: why });
                        return (mover.other(), Some(Reason::Illegal));
                    }
                },
                other => table.answer(side, &other),
            }
        }
    }
}

/// Applies `mover`'s claim and tells both; the error says why a claim loses.
fn claim(table: &mut Table, mover: Side, text: &str) -> Result<(), String> {
    let state = &mut table.state;
    let cell = state.parse_cell(text).map_err(|why| format!("{text:?}: {why}"))?;
    let hint = state.hint().expect("a player's turn has a hint");
    state.apply(cell as u32).map_err(|e| e.reason)?;
    let name = state.cell_name(cell);
    table.history.push((mover, name.clone(), hint));
    table.tell_both(&Message::Moved { side: mover, cell: name });
    Ok(())
}
