//! Hand-written baseline players, a module per game. They are the yardsticks trained agents must beat.
pub mod clue;
pub mod rollout_mcts;
pub mod score4;
pub mod superball;
pub mod superply;
pub mod upright;
