//! One ply of expectimax over chance (Superball on a small board, a network of random weights):
//! off, it is the one-move player; on, it chooses among the network's `width` best moves, each
//! worth its reward plus the mean over the draws of the best worth after them.

use rand::{Rng, SeedableRng};
use superball::{Params, Superball, SuperballState};
use tabula_core::cells::CellBoard;
use tabula_core::{Game, State, Turn, rng_from_seed};
use tabula_ntuple::{Expectimax, NTupleNet, NetSpec, Valuer};

fn net(game: &Superball) -> NTupleNet {
    let shape = game.new_initial_state(0).cell_shape();
    let net = NTupleNet::new(shape, NetSpec::new(&["2x2", "1x3"], true).unwrap());
    let mut rng = rng_from_seed(5);
    let weights: Vec<f32> = (0..net.len()).map(|_| rng.random_range(-1.0..1.0)).collect();
    NTupleNet::with_weights(shape, net.spec().clone(), &weights).unwrap()
}

/// Positions along the games the one-move player plays, seeds 1 on.
fn positions(game: &Superball, valuer: Valuer<'_, SuperballState>, count: usize) -> Vec<SuperballState> {
    let mut out = Vec::new();
    for seed in 1.. {
        let mut state = game.new_initial_state(seed);
        let (mut chance, mut ties) = (game.chance_stream(seed), rng_from_seed(seed));
        while !state.is_terminal() {
            if out.len() == count {
                return out;
            }
            if state.turn() == Turn::Chance {
                state.sample_chance(&mut chance);
                continue;
            }
            out.push(state.clone());
            state = valuer.best(&state, &mut ties).unwrap().after;
        }
    }
    unreachable!("the seeds do not run out")
}

#[test]
fn off_it_is_the_one_move_player_and_on_it_weighs_the_draws_after_the_best_moves() {
    let game = Superball::new(Params::new(5, 6, 4, "pby").unwrap());
    let net = net(&game);
    let valuer = Valuer { net: &net, base: None, reward_scale: 10.0, floor: None };
    let positions = positions(&game, valuer, 20);
    let search = Expectimax { width: 3, samples: 5 };
    let mut differed = 0;
    for (i, state) in positions.iter().enumerate() {
        let seed = 100 + i as u64;
        let alone = valuer.best(state, &mut rng_from_seed(seed)).unwrap();
        let off = valuer.expectimax_best(state, Expectimax::OFF, &mut rng_from_seed(seed)).unwrap();
        assert_eq!(off.choice.action, alone.action);

        let mut ranked: Vec<f32> = valuer.afterstates(state).iter().map(|c| c.worth(10.0)).collect();
        ranked.sort_by(|a, b| b.total_cmp(a));
        let searched = valuer.expectimax_best(state, search, &mut rng_from_seed(seed)).unwrap();
        // Among the width best by afterstate worth...
        assert!(searched.choice.worth(10.0) >= ranked[search.width - 1], "position {i}");
        // ...and worth its reward plus the mean best worth after the same draws, redone here.
        let mut again = rng_from_seed(seed);
        let seeds: Vec<u64> = (0..search.samples).map(|_| again.random()).collect();
        let mut total = 0.0;
        for &s in &seeds {
            let mut draws = rand::rngs::SmallRng::seed_from_u64(s);
            let mut drawn = searched.choice.after.clone();
            drawn.sample_chance(&mut draws);
            if !drawn.is_terminal() {
                total += valuer.best(&drawn, &mut draws).map_or(0.0, |c| c.worth(10.0));
            }
        }
        let expected = searched.choice.reward as f32 / 10.0 + total / seeds.len() as f32;
        if searched.choice.after.turn() == Turn::Chance {
            assert!((searched.worth - expected).abs() < 1e-4, "{} against {expected}", searched.worth);
        } else {
            assert_eq!(searched.worth, searched.choice.worth(10.0));
        }
        differed += usize::from(searched.choice.action != alone.action);
    }
    // The draws change some choices: a search that always agreed would be the one-move player.
    assert!(differed > 0, "expectimax chose as the one-move player at every position");
}
