//! What a connection's session and its game's table send each other over their channels: the
//! session's requests to the table ([`TableEvent`]), the table's lines and news to the session
//! ([`ToSession`]), and the handles each keeps of the other ([`Player`], [`Seated`]).

use crate::protocol::Message;
use crate::side::Side;
use tokio::sync::mpsc::UnboundedSender;

/// What a seated connection asks of its table.
#[derive(Debug)]
pub(crate) enum TableEvent {
    /// A claim, the cell as the client wrote it.
    Move(String),
    History,
    Board,
    /// The connection quit, closed or was closed.
    Leave,
}

/// How a table reaches one player.
#[derive(Debug, Clone)]
pub(crate) struct Player {
    pub name: String,
    pub tx: UnboundedSender<ToSession>,
}

impl Player {
    pub(super) fn tell(&self, message: &Message) {
        // A player whose session has ended hears nothing; its leaving reaches the table as an event.
        let _ = self.tx.send(ToSession::Line(message.to_string()));
    }
}

/// What tables (and the lobby, for a waiting connection) send a session.
#[derive(Debug)]
pub(crate) enum ToSession {
    Line(String),
    Seated(Seated),
    TableOver(u64),
}

/// A seat at a running table.
#[derive(Debug)]
pub(crate) struct Seated {
    pub(super) game: u64,
    pub(super) side: Side,
    pub(super) table: UnboundedSender<(Side, TableEvent)>,
}
