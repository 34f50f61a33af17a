//! Boards as a page draws them: each game's position as plain JSON data (cells, colours, marks)
//! and, for every action, the board cells it touches, so that a front end can draw any game
//! and let a person play it by clicking. The shapes are documented in `src/serve/API.md`.

mod clue;
mod score4;
mod superball;
mod superply;
mod upright;

use serde_json::{Value, json};
use tabula_core::{Action, Game, Player, State};

/// A game a front end can draw.
pub trait Drawn: Game {
    /// The board seen by `viewer` (hidden information stays hidden); `last` is the move that
    /// led here, if any.
    fn board(&self, state: &Self::State, viewer: Player, last: Option<Action>) -> Value;

    /// The board cells `action` touches in `state`: where a person clicks to play it. Empty for
    /// actions that are buttons rather than places.
    fn action_cells(&self, state: &Self::State, action: Action) -> Vec<usize>;

    /// One line saying how a finished game ended.
    fn result(&self, state: &Self::State) -> String {
        outcome_in_words(&state.returns(), |p| self.player_name(p))
    }
}

/// How a finished game ended, from its returns: `Score 120` (one player), `Draw`, `White wins`,
/// or with more players the winner and everyone's place (`Player 3 wins — 1. Player 3, 2. ...`).
pub fn outcome_in_words(returns: &[f64], name: impl Fn(Player) -> String) -> String {
    match returns {
        [score] => format!("Score {score}"),
        _ if returns.iter().all(|&r| r == returns[0]) => "Draw".into(),
        [a, b] => format!("{} wins", name(if a > b { 0 } else { 1 })),
        _ => {
            let mut order: Vec<Player> = (0..returns.len()).collect();
            order.sort_by(|&a, &b| returns[b].total_cmp(&returns[a]));
            let places: Vec<String> =
                order.iter().enumerate().map(|(k, &p)| format!("{}. {}", k + 1, name(p))).collect();
            format!("{} wins — {}", name(order[0]), places.join(", "))
        }
    }
}

/// A cell of a `grid` board.
pub(crate) fn cell(text: impl Into<String>, fill: Option<&str>, ring: bool, lit: bool) -> Value {
    json!({"text": text.into(), "fill": fill, "ring": ring, "lit": lit})
}

/// A `grid` board: row-major cells, labels, and lines of text beside it.
pub(crate) fn grid(
    rows: usize,
    cols: usize,
    cells: Vec<Value>,
    row_labels: Vec<String>,
    col_labels: Vec<String>,
    info: Vec<String>,
) -> Value {
    debug_assert_eq!(cells.len(), rows * cols);
    json!({"kind": "grid", "rows": rows, "cols": cols, "cells": cells, "row_labels": row_labels,
           "col_labels": col_labels, "info": info})
}

/// `1, 2, ...`
pub(crate) fn numbers(n: usize) -> Vec<String> {
    (1..=n).map(|k| k.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::KnownGame;
    use rand::seq::IndexedRandom;
    use tabula_core::rng_from_seed;

    /// Every legal action's cells lie on the board, and the board is the documented JSON, over
    /// random games of every game.
    fn check<G: KnownGame>(game: G) {
        let mut rng = rng_from_seed(5);
        let mut chance = game.chance_stream(5);
        for seed in 0..3 {
            let mut state = game.new_initial_state(seed);
            let mut last = None;
            for _ in 0..400 {
                while state.turn() == tabula_core::Turn::Chance {
                    state.sample_chance(chance.as_mut());
                }
                let viewer = state.turn().player().unwrap_or(0);
                let board = game.board(&state, viewer, last);
                let kind = board["kind"].as_str().expect("a board has a kind");
                let cells = match kind {
                    "score4" => 16,
                    "grid" => {
                        let n = board["rows"].as_u64().unwrap() * board["cols"].as_u64().unwrap();
                        assert_eq!(board["cells"].as_array().unwrap().len() as u64, n);
                        n as usize
                    }
                    "notebook" => 0,
                    other => panic!("unknown board kind {other}"),
                };
                if state.is_terminal() {
                    assert!(!game.result(&state).is_empty());
                    break;
                }
                let legal = state.legal_actions();
                for &a in &legal {
                    assert!(
                        game.action_cells(&state, a).iter().all(|&c| c < cells),
                        "{} off the board",
                        state.action_to_string(a)
                    );
                }
                let a = *legal.choose(&mut rng).unwrap();
                state.apply(a).unwrap();
                last = Some(a);
            }
        }
    }

    #[test]
    fn every_game_draws_and_places_its_actions() {
        check(::score4::Score4);
        check(::superball::Superball::default());
        check(::superply::Superply::default());
        check(::upright::Upright::default());
        check(::clue::Clue::default());
    }
}
