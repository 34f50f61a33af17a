//! Greedy's board evaluation as a base value under an n-tuple network
//! ([`tabula_ntuple::BaseValue`]): the moves greedy would try (its useful swaps and every scoring
//! set), each valued by greedy's evaluation of its afterstate times `scale`. A network learnt over
//! it plays from greedy's strength on, and learns what greedy's evaluation misses.
//!
//! ```
//! use superball::{Lrand48, Params, SuperballState};
//! use tabula_baselines::superball::GreedyValue;
//! use tabula_core::State;
//! use tabula_ntuple::BaseValue;
//! let base = GreedyValue::from_name("greedy(scale=0.01, reserve=1.5)").unwrap();
//! assert_eq!(base.name(), "greedy(scale=0.01,reserve=1.5)");
//! let mut s = SuperballState::new(Params::default());
//! s.sample_chance(&mut Lrand48::new(1));
//! assert!(!base.afterstates(&s).is_empty());
//! ```

use super::eval::Weights;
use super::greedy::GreedyPlayer;
use super::position::{Position, Set};
use std::sync::Arc;
use superball::action::Move;
use superball::rules::MIN_EMPTY_AFTER_SWAP;
use superball::{Superball, SuperballState};
use tabula_core::cells::CellBoard;
use tabula_core::{Action, Game, GameSpec, State, Turn};
use tabula_ntuple::{BaseValue, NTupleAgent, NTupleModel};

/// The player of a trained n-tuple model on `game`'s boards, over the base value the model
/// names: refused for a board size or colour count it was not trained for. The one way every
/// front end (sb-play, the arena, the page) seats such a model.
pub fn ntuple_agent(
    game: &Superball,
    model: Arc<NTupleModel>,
    name: &str,
) -> Result<NTupleAgent<SuperballState>, String> {
    let (trained, board) = (model.net.shape(), game.new_initial_state(0).cell_shape());
    if (trained.rows, trained.cols, trained.codes) != (board.rows, board.cols, board.codes) {
        return Err(format!(
            "trained for {}x{} boards of {} colours, not this {}x{} of {}",
            trained.rows,
            trained.cols,
            trained.codes - 1,
            board.rows,
            board.cols,
            board.codes - 1
        ));
    }
    let base = match model.base.as_deref() {
        Some(name) => Some(Arc::new(GreedyValue::from_name(name)?) as Arc<dyn BaseValue<SuperballState>>),
        None => None,
    };
    NTupleAgent::new(model, base, name)
}

/// Greedy's evaluation times `scale`, with its greedy's `reserve` ([`Weights::reserve`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GreedyValue {
    pub weights: Weights,
    pub scale: f32,
    /// Only greedy's own decisions are offered: on a board where greedy would swap, its `top`
    /// best swaps; where it would score (fewer than 5 empty cells), every scoring set. The
    /// network then chooses among moves greedy rates well, so a network that knows nothing
    /// plays greedy, and what it learns can only reorder greedy's short list (`None`: every
    /// useful swap and every set, everywhere).
    pub top: Option<usize>,
}

impl GreedyValue {
    pub fn new(scale: f32, reserve: f64) -> Self {
        GreedyValue { weights: Weights { reserve, ..Weights::default() }, scale, top: None }
    }

    /// `greedy(scale=S, reserve=R, top=K)` (defaults: scale 0.01, reserve 0, no `top`).
    pub fn from_name(name: &str) -> Result<Self, String> {
        let spec: GameSpec = name.parse().map_err(|e| format!("{e}"))?;
        if spec.name != "greedy" {
            return Err(format!(
                "no base value called {:?}; Superball has greedy(scale=S, reserve=R, top=K)",
                spec.name
            ));
        }
        spec.only("greedy", &["scale", "reserve", "top"]).map_err(|e| e.to_string())?;
        let scale: f32 = spec.get_or("greedy", "scale", 0.01).map_err(|e| e.to_string())?;
        let reserve: f64 = spec.get_or("greedy", "reserve", 0.0).map_err(|e| e.to_string())?;
        let top: Option<usize> = match spec.raw("top") {
            None => None,
            Some(_) => Some(spec.get_or("greedy", "top", 0).map_err(|e| e.to_string())?),
        };
        if !(scale.is_finite() && scale > 0.0 && reserve.is_finite() && reserve >= 0.0) {
            return Err(format!("{name}: scale must be positive and reserve at least 0"));
        }
        if top == Some(0) {
            return Err(format!("{name}: top must be at least 1"));
        }
        Ok(GreedyValue { top, ..GreedyValue::new(scale, reserve) })
    }
}

impl GreedyValue {
    /// Greedy's evaluation of an afterstate, scaled.
    fn value(&self, pos: &mut Position) -> f32 {
        self.scale * self.weights.evaluate(pos) as f32
    }
}

impl BaseValue<SuperballState> for GreedyValue {
    fn name(&self) -> String {
        match self.top {
            Some(top) => format!("greedy(scale={},reserve={},top={top})", self.scale, self.weights.reserve),
            None => format!("greedy(scale={},reserve={})", self.scale, self.weights.reserve),
        }
    }

    fn afterstates(&self, state: &SuperballState) -> Vec<(Action, f32)> {
        if state.turn() != Turn::Player(0) {
            return Vec::new();
        }
        let space = state.action_space();
        let mut pos = Position::new(state.params(), state.cells());
        let mut out = Vec::new();
        let mut sets: Vec<Set> = Vec::new();
        pos.scoring_sets(&mut sets);
        let cells = pos.cells.clone();
        let forced = pos.empty < MIN_EMPTY_AFTER_SWAP;
        if self.top.is_none() || forced {
            for set in &sets {
                pos.score(set.cell);
                let value = self.value(&mut pos);
                out.push((space.encode(Move::Score(set.cell)).expect("goal cells have SCORE actions"), value));
                pos.set_cells(&cells);
            }
        }
        if let Some(top) = self.top {
            if !forced || out.is_empty() {
                let mut greedy = GreedyPlayer::default();
                greedy.weights = self.weights;
                for (value, i, j) in greedy.ranked_swaps(&mut pos, top) {
                    out.push((space.swap_action(i, j), self.scale * value as f32));
                }
            }
            return out;
        }
        let mut swaps = Vec::new();
        pos.useful_swaps(&mut swaps);
        for (i, j) in swaps {
            pos.cells.swap(i, j);
            let value = self.value(&mut pos);
            pos.cells.swap(i, j);
            out.push((space.swap_action(i, j), value));
        }
        out
    }

    /// Greedy's evaluation of one move's afterstate, without valuing every other move.
    fn value_of(&self, state: &SuperballState, action: Action) -> Option<f32> {
        if state.turn() != Turn::Player(0) {
            return None;
        }
        let mut pos = Position::new(state.params(), state.cells());
        match state.action_space().decode(action)? {
            Move::Score(cell) => {
                pos.score(cell);
            }
            Move::Swap(i, j) => pos.cells.swap(i, j),
        }
        Some(self.value(&mut pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use superball::{Lrand48, Params};
    use tabula_core::Agent;

    #[test]
    fn every_move_is_legal_and_greedys_swap_is_valued_highest_among_swaps() {
        let base = GreedyValue::new(0.01, 0.0);
        let mut s = SuperballState::new(Params::default());
        let mut rng = Lrand48::new(3);
        let mut greedy = super::super::GreedyPlayer::default();
        for _ in 0..60 {
            match s.turn() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Terminal => break,
                Turn::Player(_) => {
                    let legal = s.legal_actions();
                    let moves = base.afterstates(&s);
                    assert!(moves.iter().all(|(a, _)| legal.binary_search(a).is_ok()));
                    let best_swap = moves
                        .iter()
                        .filter(|(a, _)| matches!(s.action_space().decode(*a), Some(Move::Swap(..))))
                        .max_by(|a, b| a.1.total_cmp(&b.1))
                        .map(|m| m.1);
                    let mut pos = Position::new(s.params(), s.cells());
                    let (top, _, _) = greedy.ranked_swaps(&mut pos, 1)[0];
                    assert!((best_swap.unwrap() - 0.01 * top as f32).abs() < 1e-3);
                    s.apply(greedy.act(&s, &mut rng)).unwrap();
                }
            }
        }
    }

    #[test]
    fn one_move_is_valued_as_among_all_of_them() {
        let base = GreedyValue::new(0.01, 1.5);
        let mut s = SuperballState::new(Params::default());
        let mut rng = Lrand48::new(5);
        let mut greedy = super::super::GreedyPlayer::default();
        for _ in 0..40 {
            match s.turn() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Terminal => break,
                Turn::Player(_) => {
                    for (action, value) in base.afterstates(&s) {
                        assert_eq!(base.value_of(&s, action), Some(value));
                    }
                    s.apply(greedy.act(&s, &mut rng)).unwrap();
                }
            }
        }
    }

    #[test]
    fn top_offers_greedys_best_swaps_where_it_would_swap_and_every_set_where_it_must_score() {
        let base = GreedyValue::from_name("greedy(scale=1,reserve=1.5,top=3)").unwrap();
        let mut greedy = super::super::GreedyPlayer::with_reserve(1.5);
        let mut s = SuperballState::new(Params::default());
        let mut rng = Lrand48::new(7);
        let (mut forced, mut free) = (0, 0);
        for _ in 0..600 {
            match s.turn() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Terminal => break,
                Turn::Player(_) => {
                    let moves = base.afterstates(&s);
                    let mut pos = Position::new(s.params(), s.cells());
                    let mut sets = Vec::new();
                    pos.scoring_sets(&mut sets);
                    if pos.empty < MIN_EMPTY_AFTER_SWAP && !sets.is_empty() {
                        forced += 1;
                        let mut offered: Vec<Action> = moves.iter().map(|m| m.0).collect();
                        let mut every: Vec<Action> =
                            sets.iter().map(|set| s.action_space().encode(Move::Score(set.cell)).unwrap()).collect();
                        offered.sort_unstable();
                        every.sort_unstable();
                        assert_eq!(offered, every);
                    } else {
                        free += 1;
                        let top: Vec<(Action, f32)> = greedy
                            .ranked_swaps(&mut pos, 3)
                            .into_iter()
                            .map(|(v, i, j)| (s.action_space().swap_action(i, j), v as f32))
                            .collect();
                        assert_eq!(moves, top);
                    }
                    // Greedy's own move is on the list, or ties with its first (ranked_swaps
                    // breaks ties by the order of its partial sort).
                    let m = greedy.act(&s, &mut rng);
                    assert!(moves.iter().any(|(a, _)| *a == m) || base.value_of(&s, m) == Some(moves[0].1));
                    s.apply(m).unwrap();
                }
            }
        }
        assert!(forced > 0 && free > 0, "{forced} forced and {free} free boards");
    }

    #[test]
    fn names_read_back_and_bad_ones_are_refused() {
        let b = GreedyValue::from_name("greedy(scale=0.02,reserve=1.5)").unwrap();
        assert_eq!(GreedyValue::from_name(&b.name()).unwrap(), b);
        let t = GreedyValue::from_name("greedy(scale=0.02,reserve=1.5,top=4)").unwrap();
        assert_eq!((t.top, t.name()), (Some(4), "greedy(scale=0.02,reserve=1.5,top=4)".to_string()));
        assert_eq!(GreedyValue::from_name(&t.name()).unwrap(), t);
        assert_eq!(GreedyValue::from_name("greedy").unwrap(), GreedyValue::new(0.01, 0.0));
        for bad in [
            "lookahead",
            "greedy(scale=0)",
            "greedy(scale=-1)",
            "greedy(typo=1)",
            "greedy(reserve=x)",
            "greedy(top=0)",
            "greedy(top=-2)",
            "greedy(top=1.5)",
        ] {
            assert!(GreedyValue::from_name(bad).is_err(), "{bad}");
        }
    }
}
