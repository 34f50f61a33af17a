//! One connection's conversation, whatever carries its lines (a TCP socket or a WebSocket): the
//! greeting, names, joins, and passing moves to its table.

use super::lobby::Joined;
use super::mailbox::{Player, Seated, TableEvent, ToSession};
use super::shared::Shared;
use super::table;
use crate::protocol::{MAX_LINE_BYTES, Message, Request, VERSION};
use crate::side::Side;
use std::sync::Arc;
use tokio::sync::mpsc::{self, Receiver, Sender, UnboundedReceiver, UnboundedSender, error::TrySendError};
use tokio::time::{Instant, sleep_until};

/// What the transport hands the session.
#[derive(Debug)]
pub(crate) enum Incoming {
    Line(String),
    /// A line over [`MAX_LINE_BYTES`]: the connection is closed.
    TooLong,
    Closed,
}

/// Lines a connection may send in a row without one being understood before it is closed.
pub const MAX_BAD_LINES: u32 = 10;

/// Lines queued for a client that does not read them before the connection is closed.
pub(crate) const OUTBOX: usize = 256;

/// Where a connection stands.
enum Place {
    Idle,
    Waiting(u64),
    Seated(Seated),
}

/// Runs one connection to its end. `out` carries lines to the client; when this returns and the
/// sender is dropped, the transport flushes them and closes.
pub(crate) async fn run(shared: Arc<Shared>, mut incoming: Receiver<Incoming>, out: Sender<String>) {
    let id = shared.next_session();
    let (to_me, mut from_tables) = mpsc::unbounded_channel();
    let mut session = Session { id, name: format!("guest{id}"), place: Place::Idle, out, to_me, bad_lines: 0 };
    session.say(&Message::Greeting { version: VERSION });
    let idle = shared.settings.idle;
    let mut last_heard = Instant::now();
    loop {
        // Only a connection outside a game can idle out; in a game the move clock rules.
        let idle_deadline = last_heard + idle;
        let seated = matches!(session.place, Place::Seated(_));
        let keep_going = tokio::select! {
            news = from_tables.recv() => session.hear(news.expect("the session holds a sender")),
            line = incoming.recv() => {
                last_heard = Instant::now();
                match line.unwrap_or(Incoming::Closed) {
                    Incoming::Line(line) => session.handle(&shared, &line),
                    Incoming::TooLong => {
                        session.say(&Message::Error { text: format!("a line longer than {MAX_LINE_BYTES} bytes; closing") });
                        false
                    }
                    Incoming::Closed => false,
                }
            }
            () = sleep_until(idle_deadline), if !seated => {
                session.say(&Message::Error { text: format!("idle for {idle:?}; closing") });
                false
            }
        };
        if !keep_going {
            break;
        }
    }
    session.leave(&shared, &mut from_tables);
}

struct Session {
    id: u64,
    name: String,
    place: Place,
    out: Sender<String>,
    to_me: UnboundedSender<ToSession>,
    bad_lines: u32,
}

impl Session {
    /// Queues a line for the client; false when the client has stopped reading (or is gone).
    fn send(&self, line: String) -> bool {
        match self.out.try_send(line) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Closed(_)) => false,
        }
    }

    fn say(&self, message: &Message) -> bool {
        self.send(message.to_string())
    }

    /// News from a table or the lobby; false when the connection must close.
    fn hear(&mut self, news: ToSession) -> bool {
        match news {
            ToSession::Line(line) => return self.send(line),
            ToSession::Seated(seated) => self.place = Place::Seated(seated),
            ToSession::TableOver(game) => {
                if matches!(&self.place, Place::Seated(s) if s.game == game) {
                    self.place = Place::Idle;
                }
            }
        }
        true
    }

    /// One line from the client; false when the connection must close.
    fn handle(&mut self, shared: &Arc<Shared>, line: &str) -> bool {
        let request = match Request::parse(line) {
            Ok(request) => request,
            Err(text) => {
                self.bad_lines += 1;
                if self.bad_lines >= MAX_BAD_LINES {
                    self.say(&Message::Error {
                        text: format!("{MAX_BAD_LINES} lines in a row not understood; closing"),
                    });
                    return false;
                }
                return self.say(&Message::Error { text });
            }
        };
        self.bad_lines = 0;
        match request {
            Request::Hello(name) => {
                self.name = name.clone();
                self.say(&Message::Hello { name })
            }
            Request::Join(seat) => match &self.place {
                Place::Idle => self.join(shared, seat),
                Place::Waiting(game) => self.say(&Message::Error { text: format!("already waiting at game {game}") }),
                Place::Seated(s) => self.say(&Message::Error { text: format!("already playing game {}", s.game) }),
            },
            Request::Move(text) => self.to_table(TableEvent::Move(text)),
            Request::History => self.to_table(TableEvent::History),
            Request::Board => self.to_table(TableEvent::Board),
            Request::Quit => false,
        }
    }

    fn to_table(&self, event: TableEvent) -> bool {
        match &self.place {
            // A table that has just ended drops the event; its `over` line is on its way.
            Place::Seated(s) => {
                let _ = s.table.send((s.side, event));
                true
            }
            Place::Waiting(game) => self.say(&Message::Error { text: format!("game {game} has not started") }),
            Place::Idle => self.say(&Message::Error { text: "not in a game: join blue, red or either".into() }),
        }
    }

    fn join(&mut self, shared: &Arc<Shared>, seat: crate::protocol::Seat) -> bool {
        let me = Player { name: self.name.clone(), tx: self.to_me.clone() };
        // The lock is held until the waiting player has been told its seat, so that one leaving
        // at this moment finds the seat in its mailbox (see `leave`).
        let mut lobby = shared.lobby.lock().expect("the lobby lock is never poisoned");
        match lobby.join(self.id, seat, me) {
            Joined::Waiting { game, side } => {
                self.place = Place::Waiting(game);
                self.say(&Message::Waiting { game, side })
            }
            Joined::Start { game, joiner, blue: (_, blue), red: (_, red) } => {
                let (table_tx, table_rx) = mpsc::unbounded_channel();
                let other = if joiner == Side::Blue { &red } else { &blue };
                let _ =
                    other.tx.send(ToSession::Seated(Seated { game, side: joiner.other(), table: table_tx.clone() }));
                self.place = Place::Seated(Seated { game, side: joiner, table: table_tx });
                tokio::spawn(table::run(shared.clone(), game, blue, red, table_rx));
                true
            }
        }
    }

    /// The connection is closing: a game in progress is lost, a waiting seat freed.
    fn leave(&mut self, shared: &Arc<Shared>, mailbox: &mut UnboundedReceiver<ToSession>) {
        match std::mem::replace(&mut self.place, Place::Idle) {
            Place::Seated(s) => {
                let _ = s.table.send((s.side, TableEvent::Leave));
            }
            Place::Waiting(_) => {
                let was_waiting = shared.lobby.lock().expect("the lobby lock is never poisoned").leave(self.id);
                if !was_waiting {
                    // Seated just now: the table must not wait for a player who is gone.
                    while let Ok(news) = mailbox.try_recv() {
                        if let ToSession::Seated(s) = news {
                            let _ = s.table.send((s.side, TableEvent::Leave));
                        }
                    }
                }
            }
            Place::Idle => {}
        }
    }
}
