//! What a match needs to know of a game's record, whatever the game's endings are.

use crate::keyboard::Interrupt;

/// A finished (or stopped) game as the match's score sees it. Sides are numbered from 0, the
/// side that moves first.
pub trait Outcome {
    /// The side that won, if one did.
    fn winner(&self) -> Option<usize>;
    /// Why the loser lost by forfeit, if it did.
    fn forfeit(&self) -> Option<&str>;
    /// The person stopped the game (`quit` or `restart`) before its end.
    fn interrupted(&self) -> Option<Interrupt>;
}
