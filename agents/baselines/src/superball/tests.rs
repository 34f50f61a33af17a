//! Tests of the baseline players. Their strength is measured with sb-run, not here.

use super::*;
use superball::Params;

#[test]
fn every_player_finishes_small_games_with_legal_moves() {
    let p = Params::new(6, 6, 4, "pby").unwrap();
    for name in PLAYERS {
        let mut agent = by_name(name, 20).unwrap();
        for seed in 1..=2 {
            let r = arena::play_seed(agent.as_mut(), &p, seed, 300);
            assert!(r.moves > 0, "{name} played no move");
        }
    }
}

#[test]
fn players_score_when_forced_and_swap_to_end_a_stuck_game() {
    use position::Position;
    use superball::action::Move;
    let p = Params::new(6, 6, 4, "pby").unwrap();
    let text = |t: &[u8]| superball::text::read_board(&p, t).unwrap().cells;
    // Four empty cells: a swap would end the game, so the set of five p must be scored.
    let forced = text(b"pbypby\nbypbyp\nPB.yPB\nPP.bPY\nppbyp.\nbypby.\n");
    // Nothing to score: any swap (which ends the game) is the only move.
    let stuck = text(b"pbypby\nbypbyp\nPB.yPB\nYP.bPY\nypbyp.\nbypby.\n");
    let mut rng = tabula_core::rng_from_seed(1);
    for cells in [&forced, &stuck] {
        let mut pos = Position::new(&p, cells);
        let moves = [
            RandomPlayer.choose(&mut pos, &mut rng),
            GreedyPlayer::default().choose(&mut pos),
            LookaheadPlayer::default().with_budget_ms(50).choose(&mut pos, &mut rng),
        ];
        for m in moves {
            match (cells == &forced, m) {
                (true, Move::Score(c)) => assert!(p.is_goal(c) && cells[c] == 1),
                (false, Move::Swap(a, b)) => assert!(a != b && cells[a] != 0 && cells[b] != 0),
                (_, m) => panic!("unexpected move {m:?}"),
            }
        }
    }
}

#[test]
fn greedy_prefers_the_swap_that_joins_a_group() {
    use position::Position;
    use superball::action::Move;
    let p = Params::new(6, 6, 4, "pby").unwrap();
    // Swapping the b under the row of three p with the lone p below makes a group of four.
    let cells = superball::text::read_board(&p, b"ppp.y.\n..b...\n**..**\n**..**\n..p...\n.....y\n").unwrap().cells;
    let mut pos = Position::new(&p, &cells);
    let Move::Swap(a, b) = GreedyPlayer::default().choose(&mut pos) else { panic!("nothing to score") };
    let mut after = cells.clone();
    after.swap(a, b);
    let groups = superball::rules::group_size(&p, &after, 0);
    assert!(groups >= 4, "the greedy swap {a}<->{b} left the p group at {groups}");
}

#[test]
fn ready_sets_count_as_room_in_the_danger_cost() {
    use eval::Weights;
    use position::{Position, Set};
    let p = Params::new(6, 6, 4, "pby").unwrap();
    // Four empty cells and a ready set of five p: cashing it would free two more.
    let cells = superball::text::read_board(&p, b"pbypby\nbypbyp\nPB.yPB\nPP.bPY\nppbyp.\nbypby.\n").unwrap().cells;
    let mut pos = Position::new(&p, &cells);
    let mut sets: Vec<Set> = Vec::new();
    pos.scoring_sets(&mut sets);
    let room: usize = sets.iter().map(|s| s.size - superball::rules::CELLS_AFTER_SCORE).sum();
    assert_eq!((pos.empty, room), (4, 2), "{sets:?}");
    let empty_only = Weights { reserve: 0.0, ..Weights::default() };
    let with_reserve = Weights { reserve: 1.5, ..Weights::default() };
    let gain = with_reserve.evaluate(&mut pos) - empty_only.evaluate(&mut pos);
    let expected = empty_only.danger_cost(4.0) - empty_only.danger_cost(4.0 + 1.5 * room as f64);
    assert!(expected > 0.0 && (gain - expected).abs() < 1e-9, "gain {gain}, expected {expected}");
}

#[test]
fn a_leaf_value_is_asked_about_the_rollouts_final_boards_and_can_overrule_the_choice() {
    use position::{Position, Set};
    use rand::RngCore;
    use std::sync::{Arc, Mutex};
    use superball::action::Move;
    use superball::rules::MIN_EMPTY_AFTER_SWAP;
    use superball::{Lrand48, SuperballState};
    use tabula_core::State;
    use tabula_search::{Evaluation, Evaluator};

    /// Values nothing, or, given `(k, t)`, hugely the boards at indices `i` with `i % k == t`
    /// (candidate `t`'s rollouts when none died: they come sample by sample, candidate by
    /// candidate); keeps each batch's size.
    #[derive(Default)]
    struct ByIndex {
        favour: Mutex<Option<(usize, usize)>>,
        batches: Mutex<Vec<usize>>,
    }
    impl Evaluator<SuperballState> for ByIndex {
        fn evaluate(&self, states: &[&SuperballState], _: &mut dyn RngCore) -> Vec<Evaluation> {
            assert!(states.iter().all(|s| !s.is_terminal()), "a finished board was valued");
            self.batches.lock().unwrap().push(states.len());
            let favour = *self.favour.lock().unwrap();
            (0..states.len())
                .map(|i| {
                    let v = matches!(favour, Some((k, t)) if i % k == t) as u8 as f32 * 1e12;
                    Evaluation { priors: Vec::new(), values: vec![v] }
                })
                .collect()
        }
    }

    let value = Arc::new(ByIndex::default());
    let plain = LookaheadPlayer::default().with_budget_ms(60_000);
    let valued = plain.clone().with_leaf_value(value.clone(), 1.0);
    let mut state = SuperballState::new(Params::default());
    let mut chance = Lrand48::new(3);
    let mut rng = tabula_core::rng_from_seed(3);
    let (mut searched, mut overruled) = (0, 0);
    state.sample_chance(&mut chance);
    while !state.is_terminal() && overruled < 2 && state.score() < 100_000 {
        let mut pos = Position::new(state.params(), state.cells());
        let mut sets: Vec<Set> = Vec::new();
        pos.scoring_sets(&mut sets);
        if sets.len() >= 2 && pos.empty < MIN_EMPTY_AFTER_SWAP {
            searched += 1;
            let (k, samples) = (sets.len(), plain.samples);
            let choose = |player: &LookaheadPlayer, pos: &mut Position| {
                player.clone().choose(pos, &mut tabula_core::rng_from_seed(7))
            };
            let chosen = choose(&plain, &mut pos);
            *value.favour.lock().unwrap() = None;
            assert_eq!(choose(&valued, &mut pos), chosen, "a leaf value of 0 changed the choice");
            assert!(value.batches.lock().unwrap().pop().is_some_and(|n| n <= k * samples));
            let target = (0..k).find(|&t| Move::Score(sets[t].cell) != chosen).expect("two sets");
            *value.favour.lock().unwrap() = Some((k, target));
            let overruling = choose(&valued, &mut pos);
            if value.batches.lock().unwrap().pop() == Some(k * samples) {
                assert_eq!(overruling, Move::Score(sets[target].cell), "the leaf value did not overrule");
                overruled += 1;
            }
        }
        let m = plain.clone().choose(&mut pos, &mut rng);
        state.play(m).expect("lookahead plays legal moves");
        state.sample_chance(&mut chance);
    }
    assert!(searched > 0 && overruled > 0, "{searched} searched boards, {overruled} overruled");
}

#[test]
fn teachers_are_built_by_name_with_their_knobs_and_bad_names_are_refused() {
    let greedy = player_by_spec("greedy(reserve=1.5)").unwrap()();
    assert_eq!(greedy.name(), "greedy");
    let lookahead = player_by_spec("lookahead(reserve=1.5, samples=2, budget_ms=5)").unwrap()();
    assert_eq!(lookahead.name(), "lookahead(5ms)");
    for bad in ["oracle", "greedy(reserve=-1)", "greedy(typo=1)", "lookahead(samples=x)", "greedy(reserve"] {
        assert!(player_by_spec(bad).is_err(), "{bad}");
    }
}

/// A trained afterstate player in lookahead's place for greedy: its moves are the policy's
/// wherever lookahead does not search, and they are not greedy's.
#[test]
fn lookahead_with_a_policy_makes_the_policys_moves_where_it_does_not_search() {
    use position::Position;
    use rand::{Rng, SeedableRng};
    use std::sync::Arc;
    use superball::rules::MIN_EMPTY_AFTER_SWAP;
    use superball::{Lrand48, Superball, SuperballState};
    use tabula_core::cells::CellBoard;
    use tabula_core::{Agent, Game, State, Turn};
    use tabula_ntuple::{Expectimax, NTupleModel, NTupleNet, NetSpec};
    let p = Params::new(6, 6, 4, "pby").unwrap();
    let game = Superball::new(p.clone());
    let shape = game.new_initial_state(0).cell_shape();
    let spec = NetSpec::new(&["2x2"], false).unwrap();
    // Random weights: the policy reorders greedy's best three swaps its own way.
    let mut weights_rng = rand::rngs::StdRng::seed_from_u64(4);
    let weights: Vec<f32> =
        (0..NTupleNet::new_len(shape, &spec)).map(|_| weights_rng.random_range(-1.0f32..1.0)).collect();
    let net = NTupleNet::with_weights(shape, spec, &weights).unwrap();
    let base = Some("greedy(scale=0.001,reserve=1.5,top=3)".to_string());
    let model = NTupleModel { net, reward_scale: 100.0, base, min_value: None, search: Expectimax::OFF };
    let mut policy = ntuple_agent(&game, Arc::new(model), "td").unwrap();
    let mut player = LookaheadPlayer::default().with_budget_ms(10_000).with_policy(Arc::new(policy.clone()));
    let mut greedy = GreedyPlayer::with_reserve(lookahead::RESERVE);
    let (mut rng, mut fills) = (tabula_core::rng_from_seed(2), Lrand48::new(9));
    let mut state = SuperballState::new(p.clone());
    let (mut unlike_greedy, mut searched) = (0, 0);
    for _ in 0..300 {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => state.sample_chance(&mut fills),
            Turn::Player(_) => {
                let mut pos = Position::new(&p, state.cells());
                let mine = player.choose(&mut pos, &mut rng);
                let mine = state.action_space().encode(mine).unwrap();
                let mut sets = Vec::new();
                pos.scoring_sets(&mut sets);
                if pos.empty < MIN_EMPTY_AFTER_SWAP && sets.len() >= 2 {
                    searched += 1;
                } else {
                    assert_eq!(mine, policy.act(&state, &mut rng), "{:?}", state.cell_codes());
                    unlike_greedy += usize::from(mine != greedy.act(&state, &mut rng));
                }
                state.apply(mine).unwrap();
            }
        }
    }
    assert!(unlike_greedy > 0, "the policy played greedy's every move");
    assert!(searched > 0, "no full board with sets to choose from: the search with policy rollouts went untried");
}
