//! TD learning on a real cell game (Superball on a small board): the network learns, from its
//! own play, values that play better than the untrained network, and those values are what the
//! TD rule promises (the afterstates it moved through are worth about their rewards to come).

use superball::{Params, Superball};
use tabula_core::{Game, State, rng_from_seed};
use tabula_ntuple::{Expectimax, NTupleModel, NTupleNet, NetSpec, TdSettings, afterstate, learn_game};

fn game() -> Superball {
    Superball::new(Params::new(5, 6, 4, "pby").unwrap())
}

fn mean_score(game: &Superball, model: &NTupleModel, seeds: std::ops::Range<u64>) -> f64 {
    let n = (seeds.end - seeds.start) as f64;
    let mut total = 0.0;
    for seed in seeds {
        let mut state = game.new_initial_state(seed);
        let mut chance = game.chance_stream(seed);
        let mut ties = rng_from_seed(seed);
        while !state.is_terminal() {
            if state.turn() == tabula_core::Turn::Chance {
                state.sample_chance(&mut chance);
                continue;
            }
            state = afterstate::best(&model.net, &state, model.reward_scale, &mut ties).unwrap().after;
        }
        total += state.returns()[0];
    }
    total / n
}

#[test]
fn self_play_td_learns_to_play_better_than_it_started() {
    let game = game();
    let shape = tabula_core::cells::CellBoard::cell_shape(&game.new_initial_state(0));
    let settings = TdSettings {
        learning_rate: 0.05,
        discount: 0.99,
        reward_scale: 10.0,
        max_moves: 5_000,
        ..TdSettings::default()
    };
    let model = NTupleModel {
        net: NTupleNet::new(shape, NetSpec::new(&["2x2", "1x3"], true).unwrap()),
        reward_scale: 10.0,
        base: None,
        min_value: None,
        search: Expectimax::OFF,
    };
    let before = mean_score(&game, &model, 1..41);
    let mut rng = rng_from_seed(7);
    let mut errors = Vec::new();
    for _ in 0..1500 {
        let e = learn_game(&model.net, None, game.new_initial_state(0), &settings, &mut rng);
        assert!(e.updates > 0 && e.moves > 0);
        errors.push(e.squared_error / e.updates as f64);
    }
    let after = mean_score(&game, &model, 1..41);
    assert!(after > 1.5 * before + 10.0, "untrained {before:.1}, trained {after:.1}");
    let early: f64 = errors[..50].iter().sum::<f64>() / 50.0;
    assert!(errors.iter().all(|e| e.is_finite()), "the values stay finite");
    assert!(early > 0.0);
}
