//! Clue: the notebook of what one seat knows (who surely holds or lacks each item), its
//! question or guess in the making, and the last public events as that seat saw them.

use super::{Drawn, numbers};
use clue::{Clue, ClueState, Item, Phase};
use serde_json::{Value, json};
use tabula_core::{Action, Game, Player};

/// How many of the latest events the notebook lists.
const EVENTS_SHOWN: usize = 6;

impl Drawn for Clue {
    fn board(&self, state: &ClueState, viewer: Player, _last: Option<Action>) -> Value {
        let params = state.params();
        let knowledge = state.knowledge(viewer);
        let name = |p: Player| {
            let you = if p == viewer { " (this seat)" } else { "" };
            let gone = if state.is_active(p) { "" } else { ", left" };
            format!("{}{you}{gone}", self.player_name(p))
        };
        let rows: Vec<Value> = (0..=params.players)
            .map(|owner| {
                let (holds, lacks) = (knowledge.holds(owner), knowledge.lacks(owner));
                let cells: Vec<&str> = (0..params.items)
                    .map(Item::from_index)
                    .map(|item| match (holds.contains(item), lacks.contains(item)) {
                        (true, _) => "✓",
                        (_, true) => "✗",
                        _ => "",
                    })
                    .collect();
                let title = if owner == params.players { "hidden".to_string() } else { name(owner) };
                json!({"name": title, "cells": cells})
            })
            .collect();
        let mut info = vec![format!(
            "{} items, {} hidden; round {} of {}. ✓ holds, ✗ lacks, as {} knows.",
            params.items,
            params.hidden,
            state.round() + 1,
            params.rounds,
            self.player_name(viewer)
        )];
        let seat = self.player_name(state.seat());
        match state.phase() {
            Phase::Choose => info.push(format!("{seat} to ask someone or to guess.")),
            Phase::Listing { target, list } => {
                info.push(format!("{seat} asks {} about: {list}", self.player_name(target)))
            }
            Phase::Guessing { guess } => info.push(format!("{seat} guesses: {guess}")),
            Phase::Showing { target, list } => info.push(format!(
                "{seat} asked {} about {list}; {} shows one or answers 0.",
                self.player_name(target),
                self.player_name(target)
            )),
            Phase::Over => {}
        }
        // Each event as this seat was told it: the clue crate decides what a seat may see.
        let history = state.history();
        info.extend(
            history[history.len().saturating_sub(EVENTS_SHOWN)..].iter().map(|e| e.seen_by(viewer).to_string()),
        );
        json!({"kind": "notebook", "columns": numbers(params.items), "rows": rows, "info": info})
    }

    fn action_cells(&self, _state: &ClueState, _action: Action) -> Vec<usize> {
        Vec::new()
    }
}
