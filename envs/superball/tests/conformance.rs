//! The env checker on several sizes, plus the registry entry and the spec errors.

use superball::{Params, Superball, SuperballState};
use tabula_core::checker::{CheckConfig, assert_conforms, assert_conforms_with};
use tabula_core::{Env, Game, GameSpec, Registry, State, Turn};

fn game(rows: usize, cols: usize, mss: usize, colors: &str) -> Superball {
    Superball::new(Params::new(rows, cols, mss, colors).unwrap())
}

#[test]
fn small_boards_conform() {
    assert_conforms(&game(5, 5, 3, "pb"));
    assert_conforms(&game(6, 6, 4, "pby"));
    assert_conforms(&game(4, 7, 2, "pbyrg")); // no goal rows at all: only swaps
    assert_conforms(&game(6, 2, 1, "p")); // one colour, overlapping goal columns
}

#[test]
fn full_size_boards_conform() {
    let quick = CheckConfig { playouts: 30, every_state: false, ..CheckConfig::default() };
    assert_conforms_with(&Superball::default(), &quick);
    assert_conforms_with(&game(10, 12, 5, "pbyrg"), &CheckConfig { playouts: 10, ..quick });
}

#[test]
fn spec_strings_and_errors() {
    let mut registry = Registry::new();
    registry.register(superball::registry_entry());
    let g = registry.build("superball(rows=8,cols=10,mss=5,colors=pbyrg)").unwrap();
    assert_eq!(g.num_actions(), 80 * 79 / 2 + 16);
    assert_eq!(g.observation_shape(), vec![7, 8, 10]);
    let defaults = registry.build("superball").unwrap();
    assert_eq!(defaults.spec(), "superball(rows=8,cols=10,mss=5,colors=pbyrg)");
    for (spec, expected) in [
        ("superball(rows=0)", "Bad rows"),
        ("superball(cols=x)", "cols"),
        ("superball(mss=0)", "Bad min-score-size"),
        ("superball(colors=pBy)", "Colors must be lowercase letters"),
        ("superball(colors=p1)", "Colors must be distinct letters"),
        ("superball(colors=pp)", "Duplicate color"),
        ("superball(colors=)", "at least one color"),
        ("superball(rows=2,cols=2)", "at least 5 cells"),
        ("superball(size=3)", "unknown parameter"),
    ] {
        let err = registry.build(spec).unwrap_err().to_string();
        assert!(err.contains(expected), "{spec}: {err}");
    }
    let spec: GameSpec = "superball(rows=7,cols=9,mss=4,colors=pbyr)".parse().unwrap();
    assert_eq!(Superball::from_spec(&spec).unwrap(), game(7, 9, 4, "pbyr"));
}

#[test]
fn observation_planes_mark_colours_goals_and_empties() {
    let p = Params::new(6, 5, 3, "pb").unwrap();
    let text = b"p....\n.b...\n*P.**\n**.*B\n.....\n.....\n";
    let s = SuperballState::from_text(p.clone(), text).unwrap();
    let mut obs = vec![0.0f32; 4 * 30];
    s.observation(0, &mut obs);
    let at = |plane: usize, r: usize, c: usize| obs[plane * 30 + r * 5 + c];
    assert_eq!((at(0, 0, 0), at(1, 1, 1), at(0, 2, 1), at(1, 3, 4)), (1.0, 1.0, 1.0, 1.0));
    assert_eq!((at(2, 2, 0), at(2, 2, 1), at(2, 0, 0)), (1.0, 1.0, 0.0)); // goal plane
    assert_eq!((at(3, 0, 1), at(3, 0, 0), at(3, 2, 0)), (1.0, 0.0, 1.0)); // empty plane
    assert_eq!(obs.iter().filter(|&&v| v == 1.0).count(), 30 + 8);
}

#[test]
fn notation_reads_any_case_and_spacing() {
    let s = SuperballState::from_text(Params::default(), include_bytes!("fixtures/io/input-1.txt")).unwrap();
    let a = s.string_to_action("  swap   0 3  1 0 ").unwrap();
    assert_eq!(s.action_to_string(a), "SWAP 0 3 1 0");
    assert_eq!(s.string_to_action("SWAP 1 0 0 3").unwrap(), a);
    let score = s.string_to_action("Score 2 9").unwrap();
    assert!(s.legal_actions().contains(&score));
    for bad in ["SWAP 0 0 0 0", "SCORE 0 0", "SWAP 8 0 0 0", "SCORE 2", "hello", "", "SWAP -1 0 0 0"] {
        assert!(s.string_to_action(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn a_swap_leaving_fewer_than_five_empty_ends_the_game() {
    let p = Params::new(5, 5, 3, "pb").unwrap();
    let mut cells = vec![1u8; 25];
    for c in &mut cells[..4] {
        *c = 0;
    }
    cells[24] = 2;
    let mut s = SuperballState::from_cells(p, cells);
    let a = s.string_to_action("SWAP 4 4 4 3").unwrap();
    s.apply(a).unwrap();
    assert_eq!(s.turn(), Turn::Terminal);
    assert!(s.legal_actions().is_empty());
}

#[test]
fn scoring_pays_size_times_value_and_adds_three_cells() {
    let p = Params::default();
    let s = SuperballState::from_text(p, include_bytes!("fixtures/io/input-1.txt")).unwrap();
    let mut s2 = s.clone();
    s2.apply(s.string_to_action("SCORE 3 0").unwrap()).unwrap();
    assert_eq!(s2.rewards(), vec![36.0]); // 6 greens
    assert_eq!(s2.empty(), 26);
    assert_eq!(s2.turn(), Turn::Chance);
    s2.sample_chance(&mut tabula_core::rng_from_seed(3));
    assert_eq!(s2.empty(), 23);
}

#[test]
fn env_episodes_end_and_sum_rewards() {
    let mut env = Env::new(game(6, 6, 4, "pby"));
    env.reset(5);
    let mut total = 0.0;
    while !env.is_done() {
        let mask = env.action_mask();
        let a = mask.iter().rposition(|&m| m).unwrap() as u32; // scores come last: take them
        total += env.step(a).unwrap().rewards[0];
    }
    assert_eq!(total, env.state().returns()[0]);
}
