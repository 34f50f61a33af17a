//! Training against a field: in some self-play games the network takes one seat and a
//! hand-written player every other, so that it learns to exploit and to resist that player, not
//! only itself (config: `[selfplay] field`, `field_share`). Only the network's decisions become
//! samples. The trainer never names a game: the caller builds the players (`tabula train` from
//! the config's player specs).
//!
//! ```
//! use tabula_core::testing::Nim;
//! use tabula_core::{Agent, Game, RandomAgent, rng_from_seed};
//! use tabula_train::field::{FieldPlayer, Seating};
//! type NimState = <Nim as Game>::State;
//! let field: Vec<FieldPlayer<NimState>> =
//!     vec![FieldPlayer::new("random", || Box::new(RandomAgent) as Box<dyn Agent<NimState>>)];
//! let mut rng = rng_from_seed(1);
//! let seating = Seating::draw(&field, 2, &mut rng);
//! let network = seating.network_seat().unwrap();
//! assert!(seating.is_field(1 - network) && !seating.is_field(network));
//! assert!(!Seating::<NimState>::self_play().is_field(0));
//! ```

use rand::{Rng, RngCore};
use std::sync::Arc;
use tabula_core::{Action, Agent, Player, State};

/// Makes a fresh hand-written player for one game.
pub type MakeAgent<S> = Arc<dyn Fn() -> Box<dyn Agent<S>> + Send + Sync>;

/// A hand-written player of the field: its name (for the log) and how to make one.
pub struct FieldPlayer<S: State> {
    pub name: String,
    pub make: MakeAgent<S>,
}

impl<S: State> Clone for FieldPlayer<S> {
    fn clone(&self) -> Self {
        FieldPlayer { name: self.name.clone(), make: self.make.clone() }
    }
}

impl<S: State> FieldPlayer<S> {
    pub fn new(name: &str, make: impl Fn() -> Box<dyn Agent<S>> + Send + Sync + 'static) -> Self {
        FieldPlayer { name: name.to_string(), make: Arc::new(make) }
    }
}

/// How a game against the field ended for the network.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldOutcome {
    /// The field player's index in the field.
    pub against: usize,
    /// The network's seat.
    pub seat: Player,
    /// See [`first_share`].
    pub first_share: f64,
}

/// Who plays each seat of one self-play game.
pub struct Seating<S: State> {
    /// Per seat: a hand-written player, or `None` where the network plays.
    agents: Vec<Option<Box<dyn Agent<S>>>>,
    /// Which field player fills the other seats, if any.
    against: Option<usize>,
}

impl<S: State> Seating<S> {
    /// The network in every seat.
    pub fn self_play() -> Self {
        Seating { agents: Vec::new(), against: None }
    }

    /// The network in one seat drawn at random, one field player (drawn too) in all the others.
    pub fn draw(field: &[FieldPlayer<S>], players: usize, rng: &mut dyn RngCore) -> Self {
        if field.is_empty() || players < 2 {
            return Self::self_play();
        }
        let against = rng.random_range(0..field.len());
        let network = rng.random_range(0..players);
        let agents = (0..players).map(|p| (p != network).then(|| (field[against].make)())).collect();
        Seating { agents, against: Some(against) }
    }

    /// Whether a hand-written player sits in `seat`.
    pub fn is_field(&self, seat: Player) -> bool {
        self.agents.get(seat).is_some_and(Option::is_some)
    }

    /// The network's only seat in a game against the field; `None` in self-play.
    pub fn network_seat(&self) -> Option<Player> {
        self.against?;
        self.agents.iter().position(Option::is_none)
    }

    /// The field player's index in the field, in a game against it.
    pub fn against(&self) -> Option<usize> {
        self.against
    }

    /// How the game that ended in `returns` went, if it was against the field.
    pub fn outcome(&self, returns: &[f64]) -> Option<FieldOutcome> {
        let network = self.network_seat()?;
        Some(FieldOutcome { against: self.against?, seat: network, first_share: first_share(returns, network) })
    }

    /// The hand-written player's move in `state` (whose mover sits in a field seat).
    pub fn act(&mut self, seat: Player, state: &S, rng: &mut dyn RngCore) -> Action {
        let agent = self.agents[seat].as_mut().expect("a field seat");
        agent.act(state, rng)
    }

    /// Tells every hand-written player that `action` is played in `state` (before it is applied).
    pub fn observe(&mut self, state: &S, action: Action) {
        for agent in self.agents.iter_mut().flatten() {
            agent.observe(state, action);
        }
    }
}

/// How a game against the field went for the network: 1 where it finished first alone, 1/k where
/// k seats tie for first, 0 otherwise (a 2-player game's win, draw and loss).
pub fn first_share(returns: &[f64], network: Player) -> f64 {
    let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if returns[network] < best {
        return 0.0;
    }
    1.0 / returns.iter().filter(|&&r| r == best).count() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::testing::Nim;
    use tabula_core::{Game, RandomAgent, rng_from_seed};

    type NimState = <Nim as Game>::State;

    #[test]
    fn a_drawn_seating_puts_the_network_in_one_seat_and_one_field_player_in_the_others() {
        let field: Vec<FieldPlayer<NimState>> =
            (0..3).map(|k| FieldPlayer::new(&format!("p{k}"), || Box::new(RandomAgent) as Box<dyn Agent<_>>)).collect();
        let mut rng = rng_from_seed(4);
        let (mut seats, mut against) = ([0; 4], [0; 3]);
        for _ in 0..600 {
            let seating = Seating::draw(&field, 4, &mut rng);
            let network = seating.network_seat().expect("a field game");
            assert_eq!((0..4).filter(|&p| seating.is_field(p)).count(), 3);
            assert!(!seating.is_field(network));
            seats[network] += 1;
            against[seating.against().unwrap()] += 1;
        }
        assert!(seats.iter().all(|&n| n > 100), "every seat taken by the network: {seats:?}");
        assert!(against.iter().all(|&n| n > 150), "every field player drawn: {against:?}");
        let none = Seating::<NimState>::draw(&[], 4, &mut rng);
        assert_eq!((none.network_seat(), none.against(), none.is_field(0)), (None, None, false));
    }

    #[test]
    fn first_share_counts_ties_for_first() {
        assert_eq!(first_share(&[1.0, -1.0], 0), 1.0);
        assert_eq!(first_share(&[1.0, -1.0], 1), 0.0);
        assert_eq!(first_share(&[0.0, 0.0], 1), 0.5);
        assert_eq!(first_share(&[2.0, 0.0, 2.0, 1.0], 2), 0.5);
        assert_eq!(first_share(&[2.0, 0.0, 2.0, 1.0], 3), 0.0);
    }
}
