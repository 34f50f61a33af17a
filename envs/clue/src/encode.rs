//! Observations: what one player knows, as planes over owners x items.
//!
//! Shape `[PLANES, p + 1, n]`. Rows are owners seen from the observer: row 0 is the observer, row
//! r the player r seats after it, row p the hidden set. Planes:
//!
//! | plane | meaning |
//! |---|---|
//! | 0 | the owner surely holds the item (the observer's deductions, [`crate::Knowledge`]) |
//! | 1 | the owner surely lacks it |
//! | 2 | open "holds one of" clauses of the owner naming the item (1/4 each, at most 1) |
//! | 3 | questions the owner asked naming the item (1/4 each, at most 1): its interest |
//! | 4 | the owner is still playing (whole row) |
//! | 5 | the list the observer is building (row 0), or the list it must answer (the asker's row) |
//! | 6 | the observer is building a question to this owner (whole row) |
//! | 7 | the observer is naming a guess (everywhere) |
//! | 8 | the observer must show an item (everywhere) |
//! | 9 | rounds played over the turn limit (everywhere) |

use crate::rules::{ClueState, Event, Phase};
use tabula_core::Player;

pub const PLANES: usize = 10;

/// Writes `observer`'s observation of `state` into `out` (`PLANES * (p + 1) * n` values).
pub fn write_observation(state: &ClueState, observer: Player, out: &mut [f32]) {
    let params = state.params();
    let (p, n) = (params.players, params.items);
    let rows = p + 1;
    out.fill(0.0);
    // Owner `o`'s row as the observer sees it.
    let row = |o: usize| if o == p { p } else { (o + p - observer) % p };
    let mut set = |plane: usize, r: usize, item: usize, value: f32| out[(plane * rows + r) * n + item] = value;
    let k = state.knowledge(observer);
    let mut clauses = vec![0u8; rows * n];
    for &(o, items) in k.clauses() {
        for i in items.iter() {
            clauses[row(o) * n + i.index()] += 1;
        }
    }
    let mut asked = vec![0u8; rows * n];
    for e in state.history() {
        if let Event::Asked { asker, list, .. } = e {
            for i in list.iter() {
                asked[row(*asker) * n + i.index()] += 1;
            }
        }
    }
    let progress = (state.round() as f32 / params.rounds as f32).min(1.0);
    for o in 0..rows {
        let r = row(o);
        let active = o < p && state.is_active(o);
        for i in 0..n {
            let item = crate::Item::from_index(i);
            set(0, r, i, k.holds(o).contains(item) as u8 as f32);
            set(1, r, i, k.lacks(o).contains(item) as u8 as f32);
            set(2, r, i, (clauses[r * n + i] as f32 / 4.0).min(1.0));
            set(3, r, i, (asked[r * n + i] as f32 / 4.0).min(1.0));
            set(4, r, i, active as u8 as f32);
            set(9, r, i, progress);
        }
    }
    let mover = state.whose_turn().player() == Some(observer);
    match state.phase() {
        Phase::Listing { target, list } if mover => {
            for i in list.iter() {
                set(5, 0, i.index(), 1.0);
            }
            for i in 0..n {
                set(6, row(target), i, 1.0);
            }
        }
        Phase::Guessing { guess } if mover => {
            for i in guess.iter() {
                set(5, 0, i.index(), 1.0);
            }
            for r in 0..rows {
                for i in 0..n {
                    set(7, r, i, 1.0);
                }
            }
        }
        Phase::Showing { list, .. } if mover => {
            for i in list.iter() {
                set(5, row(state.seat()), i.index(), 1.0);
            }
            for r in 0..rows {
                for i in 0..n {
                    set(8, r, i, 1.0);
                }
            }
        }
        _ => {}
    }
}
