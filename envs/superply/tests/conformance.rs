//! Superply passes tabula's env checker, and its rules hold on literal boards.

use proptest::prelude::*;
use superply::{Board, Hint, Mode, Side, Superply, SuperplyState};
use tabula_core::checker::{CheckConfig, assert_conforms_with};
use tabula_core::symmetry_check::{Image, assert_symmetry};
use tabula_core::{Env, Game, GameSpec, State, Turn};

fn game(spec: &str) -> Superply {
    Superply::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

/// Plays `moves` (cell names; in random mode each preceded by its hint's text).
fn play(game: &Superply, moves: &[&str]) -> SuperplyState {
    let mut s = game.new_initial_state(0);
    for m in moves {
        let a = s.string_to_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        s.apply(a).unwrap_or_else(|e| panic!("{m}: {e}\n{s}"));
    }
    s
}

#[test]
fn both_modes_pass_the_env_checker() {
    for spec in ["superply(size=9,mode=random)", "superply(size=9,mode=deterministic)", "superply(size=4)"] {
        let report = assert_conforms_with(&game(spec), &CheckConfig { playouts: 200, ..CheckConfig::default() });
        assert_eq!(report.playouts, 200, "{spec}");
    }
}

#[test]
fn deterministic_hints_follow_the_list_and_skip_the_ones_that_fit_nothing() {
    // On 2x2 the products are 1 2 / 2 4: "between 18 81" fits nothing and is skipped.
    let g = game("superply(size=2,mode=deterministic)");
    let s = g.new_initial_state(0);
    assert_eq!(s.hint(), Some(Hint::Odd));
    assert_eq!(s.legal_actions(), vec![0]); // only 1x1 is odd
    let s = play(&g, &["1x1"]);
    assert_eq!((s.to_move(), s.hint()), (Side::Red, Some(Hint::Even)));
    let s = play(&g, &["1x1", "2x2"]);
    // Next in the list: between 0 18 (fits 1x2 and 2x1), then between 18 81 (fits nothing).
    assert_eq!(s.hint(), Some(Hint::Between(0, 18)));
    // After it: between 18 81, contains 4 (4 is taken) and odd (1 is taken) fit nothing; even does.
    assert_eq!(s.upcoming_hint(), Some(Hint::Even));
}

#[test]
fn the_first_side_to_join_its_edges_wins_at_once() {
    let g = Superply::new(3, Mode::Deterministic, vec![Hint::Any]).unwrap();
    // Blue takes the middle row; Red the top of columns 1 and 3.
    let s = play(&g, &["2x1", "1x1", "2x2", "1x3", "2x3"]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.winner(), Some(Side::Blue));
    assert_eq!(s.returns(), vec![1.0, -1.0]);
    assert!(s.to_string().contains("Blue wins: 2x1 2x2 2x3."), "{s}");
    assert!(s.legal_actions().is_empty());
    // Red by a diagonal, corner to corner.
    let s = play(&g, &["1x1", "1x3", "2x1", "2x2", "1x2", "3x1"]);
    assert_eq!(s.winner(), Some(Side::Red), "{s}");
}

#[test]
fn illegal_claims_say_why_and_change_nothing() {
    let g = game("superply(size=9,mode=deterministic)");
    let s = play(&g, &["3x3"]);
    let mut t = s.clone();
    let err = t.apply(t.string_to_action("3x3").unwrap()).unwrap_err().to_string();
    assert!(err.contains("3x3 is already blue's"), "{err}");
    let err = t.apply(t.string_to_action("3x5").unwrap()).unwrap_err().to_string();
    assert!(err.contains("3x5 shows 15, which is not even"), "{err}");
    assert!(t.apply(81).is_err());
    assert_eq!(t, s);
    assert!(s.string_to_action("10x1").is_err() && s.string_to_action("3").is_err());
    assert_eq!(s.string_to_action(" (4, 5) ").unwrap(), s.string_to_action("4X5").unwrap());
}

#[test]
fn random_mode_draws_each_distinct_fitting_hint_with_equal_chance() {
    let g = game("superply(size=9,mode=random)");
    assert_eq!(g.hints().len(), 14, "the default list has 14 distinct hints");
    let s = g.new_initial_state(0);
    let outcomes = s.chance_outcomes();
    assert_eq!(outcomes.len(), 14);
    assert!(outcomes.iter().all(|&(_, p)| (p - 1.0 / 14.0).abs() < 1e-12));
    let s = play(&g, &["contains 5", "5x1"]);
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.to_move(), Side::Red);
    // A hint nature cannot draw is refused: on 2x2, nothing is between 18 and 81.
    let small = game("superply(size=2,mode=random)");
    let mut t = small.new_initial_state(0);
    let a = small.hints().iter().position(|&h| h == Hint::Between(18, 81)).unwrap();
    assert!(t.apply(a as u32).is_err());
}

#[test]
fn the_env_plays_a_random_game_to_its_end() {
    let mut env = Env::new(game("superply(size=5,mode=random)"));
    let obs = env.reset(7);
    assert_eq!(obs.shape(), &[10, 5, 5]);
    let mut steps = 0;
    while let Some(_player) = env.agent_selection() {
        let legal = env.state().legal_actions();
        let step = env.step(legal[steps % legal.len()]).unwrap();
        steps += 1;
        if step.terminated {
            assert_eq!(step.rewards.iter().sum::<f64>(), 0.0);
            assert_eq!(step.rewards.iter().filter(|&&r| r == 1.0).count(), 1);
        }
    }
    assert!(steps >= 5, "a 5x5 board needs at least five claims by one side");
}

#[test]
fn observations_are_from_the_observers_side() {
    let g = game("superply(size=3,mode=deterministic)");
    let s = play(&g, &["1x1"]); // Blue on 1x1; Red to move under "even"
    let (mut blue, mut red) = (vec![0.0; 90], vec![0.0; 90]);
    s.observation(0, &mut blue);
    s.observation(1, &mut red);
    assert_eq!((blue[0], blue[9], red[0], red[9]), (1.0, 0.0, 0.0, 1.0));
    let even: Vec<usize> = (0..9).filter(|&c| red[18 + c] == 1.0).collect();
    assert_eq!(even, vec![1, 3, 4, 5, 7], "1x2 2x1 2x2 2x3 and 3x2 are even");
    assert!(blue[36..45].iter().all(|&v| v == 1.0) && red[36..45].iter().all(|&v| v == 0.0));
    assert!(blue[45..54].iter().all(|&v| v == 0.0) && red[45..54].iter().all(|&v| v == 1.0));
    // Blue (1x1) needs two more cells: from 1x1 along row 1, or by 2x2 to 2x3 or 3x3. A
    // connection through 2x1, 3x1 or 3x2 needs three.
    let blue_paths = &blue[54..63];
    assert_eq!(blue_paths, &[1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 0.5, 0.5, 1.0], "{blue_paths:?}");
    assert_eq!(red[63..72], blue[54..63], "plane 7 is the opponent's plane 6");
    assert!(blue[72..81].iter().all(|&v| v == 2.0 / 3.0), "Blue needs 2 of 3: {:?}", &blue[72..81]);
    assert!(blue[81..90].iter().all(|&v| v == 1.0), "Red needs 3 of 3 (1x1 is Blue's)");
}

#[test]
fn connection_planes_find_the_shortest_ways_round_a_wall() {
    // Red walls off column 2 but for 3x2: Blue's only connections pass there.
    let g = game("superply(size=3,mode=random)");
    let s = play(&g, &["odd", "1x1", "even", "1x2", "even", "2x1", "even", "2x2"]);
    assert_eq!(s.board().distance_to_connect(Side::Blue), Some(2));
    let mut blue = vec![0.0; 90];
    s.observation(0, &mut blue);
    let paths = &blue[54..63];
    assert_eq!(paths[1], 0.0, "1x2 is Red's");
    assert_eq!(paths[7], 1.0, "3x2 is on every shortest connection");
    assert_eq!(paths[3], 1.0, "2x1 (Blue's) starts one");
    assert!(paths[2] < 1.0 && paths[2] > 0.0, "1x3 lies on a longer one: {paths:?}");
}

proptest! {
    /// A full board always joins one side or the other (so play never runs out of cells).
    #[test]
    fn a_full_board_joins_one_side(size in 2usize..=11, seed: u64) {
        let mut board = Board::new(size).unwrap();
        let mut x = seed | 1;
        for cell in 0..size * size {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            board.claim(if x & 1 == 0 { Side::Blue } else { Side::Red }, cell).unwrap();
        }
        prop_assert!(board.connected(Side::Blue) || board.connected(Side::Red));
    }

    /// Notation and claims never panic on any text.
    #[test]
    fn any_text_is_read_without_panicking(text in ".{0,20}") {
        let s = game("superply").new_initial_state(0);
        let _ = s.string_to_action(&text);
        let _ = text.parse::<Hint>();
    }
}

#[test]
fn transposing_with_the_sides_swapped_is_a_symmetry() {
    for spec in ["superply(size=9,mode=random)", "superply(size=9,mode=deterministic)", "superply(size=4)"] {
        let g = game(spec);
        assert_eq!(g.symmetry_count(), 2);
        let start = g.new_initial_state(0);
        assert_symmetry(&g, 1, &start, Image::Every(&SuperplyState::transposed), &[1, 0], 20, 0);
        assert_symmetry(&g, 0, &start, Image::Every(&SuperplyState::clone), &[0, 1], 2, 0);
    }
    // Not a symmetry of the observation alone: a position and its transpose look different.
    let g = game("superply(size=9,mode=random)");
    let s = play(&g, &["odd", "1x3"]);
    let (mut a, mut mapped) = (vec![0.0; g.observation_len()], vec![0.0; g.observation_len()]);
    s.observation(0, &mut a);
    g.transform_observation(1, &a, &mut mapped);
    assert_ne!(a, mapped);
    assert_eq!(s.transposed().transposed(), s);
}

#[test]
#[should_panic(expected = "observation")]
fn the_symmetry_check_fails_when_the_image_is_not_the_transpose() {
    let g = game("superply(size=9,mode=random)");
    let start = g.new_initial_state(0);
    // The start is not its own transpose: the other side moves there.
    assert_symmetry(&g, 1, &start, Image::Start(&start), &[1, 0], 1, 0);
}
