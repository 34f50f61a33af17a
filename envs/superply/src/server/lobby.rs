//! [`Lobby`]: who waits for an opponent, and which seat each gets. No I/O, so it is tested alone.

use crate::protocol::Seat;
use crate::side::Side;

/// A connection waiting at a table, `T` being how the server reaches it.
#[derive(Debug)]
struct Waiting<T> {
    session: u64,
    game: u64,
    wants: Seat,
    contact: T,
}

/// What a join led to.
#[derive(Debug, PartialEq)]
pub enum Joined<T> {
    /// No opponent yet: the game's number and the side the joiner will have if nobody who wants
    /// that side comes (a waiting `either` may still be seated as Red).
    Waiting { game: u64, side: Side },
    /// An opponent was waiting: the game starts, `blue` and `red` being their contacts.
    Start { game: u64, joiner: Side, blue: (u64, T), red: (u64, T) },
}

/// Pairs joins first come, first served.
///
/// ```
/// use superply::server::{Joined, Lobby};
/// use superply::protocol::Seat;
/// use superply::Side;
/// let mut lobby = Lobby::new();
/// assert_eq!(lobby.join(1, Seat::Either, "ann"), Joined::Waiting { game: 1, side: Side::Blue });
/// // Bob wants Blue, so Ann, who would take either, is Red.
/// assert_eq!(
///     lobby.join(2, Seat::Side(Side::Blue), "bob"),
///     Joined::Start { game: 1, joiner: Side::Blue, blue: (2, "bob"), red: (1, "ann") },
/// );
/// ```
#[derive(Debug)]
pub struct Lobby<T> {
    next_game: u64,
    waiting: Vec<Waiting<T>>,
}

impl<T> Default for Lobby<T> {
    fn default() -> Self {
        Lobby { next_game: 1, waiting: Vec::new() }
    }
}

impl<T> Lobby<T> {
    pub fn new() -> Lobby<T> {
        Lobby::default()
    }

    /// Seats `session`, which wants `wants`, at the oldest waiting table it fits, or at a new one.
    pub fn join(&mut self, session: u64, wants: Seat, contact: T) -> Joined<T> {
        let fits = |w: &Waiting<T>| {
            w.session != session
                && match (w.wants, wants) {
                    (Seat::Side(a), Seat::Side(b)) => a != b,
                    _ => true,
                }
        };
        match self.waiting.iter().position(fits) {
            Some(i) => {
                let waiting = self.waiting.remove(i);
                let joiner = match (wants, waiting.wants) {
                    (Seat::Side(side), _) => side,
                    (Seat::Either, Seat::Side(theirs)) => theirs.other(),
                    (Seat::Either, Seat::Either) => Side::Red,
                };
                let (me, them) = ((session, contact), (waiting.session, waiting.contact));
                let (blue, red) = if joiner == Side::Blue { (me, them) } else { (them, me) };
                Joined::Start { game: waiting.game, joiner, blue, red }
            }
            None => {
                let game = self.next_game;
                self.next_game += 1;
                let side = match wants {
                    Seat::Side(side) => side,
                    Seat::Either => Side::Blue,
                };
                self.waiting.push(Waiting { session, game, wants, contact });
                Joined::Waiting { game, side }
            }
        }
    }

    /// Takes `session` off the waiting list (it left before an opponent came); true if it was on.
    pub fn leave(&mut self, session: u64) -> bool {
        let before = self.waiting.len();
        self.waiting.retain(|w| w.session != session);
        self.waiting.len() != before
    }

    /// How many connections wait for an opponent.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_who_want_the_same_side_wait_for_others() {
        let mut lobby = Lobby::new();
        assert_eq!(lobby.join(1, Seat::Side(Side::Red), ()), Joined::Waiting { game: 1, side: Side::Red });
        assert_eq!(lobby.join(2, Seat::Side(Side::Red), ()), Joined::Waiting { game: 2, side: Side::Red });
        assert_eq!(
            lobby.join(3, Seat::Either, ()),
            Joined::Start { game: 1, joiner: Side::Blue, blue: (3, ()), red: (1, ()) }
        );
        assert_eq!(
            lobby.join(4, Seat::Side(Side::Blue), ()),
            Joined::Start { game: 2, joiner: Side::Blue, blue: (4, ()), red: (2, ()) }
        );
        assert_eq!(lobby.waiting(), 0);
    }

    #[test]
    fn a_connection_never_plays_itself_and_can_leave() {
        let mut lobby = Lobby::new();
        assert!(matches!(lobby.join(1, Seat::Either, ()), Joined::Waiting { game: 1, .. }));
        assert!(matches!(lobby.join(1, Seat::Either, ()), Joined::Waiting { game: 2, .. }));
        assert!(lobby.leave(1));
        assert!(!lobby.leave(1));
        assert!(matches!(lobby.join(2, Seat::Either, ()), Joined::Waiting { game: 3, .. }));
        assert_eq!(
            lobby.join(5, Seat::Either, ()),
            Joined::Start { game: 3, joiner: Side::Red, blue: (2, ()), red: (5, ()) }
        );
    }
}
