//! Upward-Rightward passes tabula's env checker in every variant; the post's sample scores as
//! the post says; the row/column symmetry holds.

use tabula_core::checker::{CheckConfig, assert_conforms_with};
use tabula_core::symmetry_check::{Image, assert_symmetry};
use tabula_core::{Env, Game, GameSpec, Registry, State, Turn, rng_from_seed};
use upright::score::{column_runs, product, row_runs, scores};
use upright::{Board, Phase, SAMPLE_GAME, Side, Upright, UprightState};

fn game(spec: &str) -> Upright {
    Upright::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

#[test]
fn every_variant_passes_the_env_checker() {
    for spec in [
        "upright",
        "upright(size=2)",
        "upright(size=3)",
        "upright(size=6,reach=line)",
        "upright(size=6,colour=free)",
        "upright(size=5,reach=line,color=free)",
        "upright(size=11)",
    ] {
        let playouts = if spec.contains("11") { 20 } else { 120 };
        let report = assert_conforms_with(&game(spec), &CheckConfig { playouts, ..CheckConfig::default() });
        assert_eq!(report.playouts, playouts, "{spec}");
    }
}

#[test]
fn the_posts_sample_scores_24_for_rows_and_29_for_columns() {
    let board = Board::from_text(SAMPLE_GAME).unwrap();
    assert_eq!(scores(&board), [24, 29]);
    // The post's products, rows from the top and columns from the left (it reads columns top down).
    let rows: Vec<Vec<usize>> = (0..6).rev().map(|r| row_runs(&board, r)).collect();
    assert_eq!(rows, [vec![3, 1, 1, 1], vec![3, 2, 1], vec![4, 1, 1], vec![1, 1, 1, 1, 2], vec![5, 1], vec![1, 1, 4]]);
    let columns: Vec<Vec<usize>> = (0..6).map(|c| column_runs(&board, c).into_iter().rev().collect()).collect();
    assert_eq!(
        columns,
        [vec![2, 4], vec![2, 1, 1, 1, 1], vec![2, 4], vec![3, 1, 2], vec![1, 1, 1, 3], vec![1, 1, 2, 1, 1]]
    );
    assert_eq!(columns.iter().map(|c| product(c)).collect::<Vec<_>>(), [8, 2, 8, 6, 3, 2]);
}

#[test]
fn the_samples_capitals_are_a_legal_phase_one() {
    // Replaying the capitals, O first, gives exactly the sample's phase-1 squares and colours.
    let sample = Board::from_text(SAMPLE_GAME).unwrap();
    let mut s = UprightState::new(6, Default::default()).unwrap();
    for square in ["a1", "b1", "b2", "b3", "c3", "d3", "d4", "e4", "e5", "e6", "f6"] {
        let square = square.parse().unwrap();
        assert_eq!(sample.at(square), Some(s.to_move().pen()), "{square}");
        s.fill(square).unwrap();
    }
    assert_eq!(s.board().phase_one(), sample.phase_one());
    assert_eq!((s.phase(), s.to_move()), (Phase::Two, Side::Second));
}

#[test]
fn env_plays_a_whole_game_and_reports_the_margin() {
    let mut env = Env::new(Upright::default());
    let obs = env.reset(3);
    assert_eq!(obs.shape(), &[8, 6, 6]);
    assert_eq!(env.action_mask().iter().filter(|&&m| m).count(), 1, "only a1 at the start");
    let mut rng = rng_from_seed(5);
    let mut last = None;
    while !env.is_done() {
        let legal = env.state().legal_actions();
        let a = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
        last = Some(env.step(a).unwrap());
    }
    let last = last.unwrap();
    assert!(last.terminated && !last.truncated);
    let s = env.state();
    assert_eq!(s.board().filled().count_ones(), 36);
    let d = s.score_difference();
    assert_eq!(d, s.scores()[0] as i64 - s.scores()[1] as i64);
    assert_eq!(last.rewards, vec![d.signum() as f64, -d.signum() as f64]);
    assert_eq!(s.turn(), Turn::Terminal);
    assert!(s.to_string().contains("wins.") || s.to_string().contains("Draw."));
}

#[test]
fn registry_entry_builds_and_rejects_bad_parameters() {
    let mut reg = Registry::new();
    reg.register(Upright::registry_entry());
    assert_eq!(reg.build("upright").unwrap().num_actions(), 37);
    assert_eq!(reg.build("upright(size=4,colour=free)").unwrap().num_actions(), 33);
    assert_eq!(reg.build(" UPRIGHT(size=6, reach=adjacent) ").unwrap().spec(), "upright(size=6)");
    assert_eq!(reg.build("upright(reach=line,colour=free)").unwrap().spec(), "upright(size=6,reach=line,colour=free)");
    for (bad, says) in [
        ("upright(size=1)", "size=\"1\""),
        ("upright(size=12)", "2 to 11"),
        ("upright(reach=far)", "reach"),
        ("upright(colour=red)", "colour"),
        ("upright(rows=3)", "unknown parameter \"rows\""),
    ] {
        let err = reg.build(bad).unwrap_err().to_string();
        assert!(err.contains(says), "{bad}: {err}");
    }
}

#[test]
fn max_game_length_is_reached_by_one_square_moves() {
    // 2n - 1 phase-1 squares, then every other square as a move of its own with an `end`
    // wherever one is possible: the longest game the declared bound allows.
    let g = Upright::new(4, Default::default()).unwrap();
    let mut s = g.new_initial_state(0);
    while !s.is_over() {
        let a = s.legal_actions()[0];
        s.apply(a).unwrap();
        if s.move_started() {
            s.apply(g.end_action()).unwrap();
        }
    }
    assert!(s.move_number() <= g.max_game_length());
}

#[test]
fn transposing_with_the_players_swapped_is_a_symmetry() {
    for spec in ["upright", "upright(size=3)", "upright(size=5,reach=line)", "upright(size=4,colour=free)"] {
        let g = game(spec);
        assert_eq!(g.symmetry_count(), 2);
        let start = g.new_initial_state(0);
        assert_symmetry(&g, 1, &start, Image::Every(&UprightState::transposed), &[1, 0], 30, 0);
        assert_eq!(start.transposed().transposed(), start);
    }
}
