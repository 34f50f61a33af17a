//! Score 4 passes tabula's env checker.

use score4::{Score4, Score4State};
use tabula_core::checker::{CheckConfig, assert_conforms_with};
use tabula_core::{Env, Game, State, Turn};

#[test]
fn score4_passes_the_env_checker() {
    let report = assert_conforms_with(&Score4, &CheckConfig { playouts: 300, ..CheckConfig::default() });
    assert_eq!(report.playouts, 300);
    assert!(report.longest_game > 20);
}

#[test]
fn env_plays_a_game_to_a_white_win() {
    let mut env = Env::new(Score4);
    let obs = env.reset(3);
    assert_eq!(obs.shape(), &[18, 4, 4]);
    assert_eq!(env.agent_selection(), Some(0));
    let moves = ["A1", "A2", "B1", "B2", "C1", "C2", "D1"];
    let mut last = None;
    for m in moves {
        let a = env.state().string_to_action(m).unwrap();
        last = Some(env.step(a).unwrap());
    }
    let last = last.unwrap();
    assert!(last.terminated && !last.truncated);
    assert_eq!(last.rewards, vec![1.0, -1.0]);
    assert_eq!(env.agent_selection(), None);
    assert!(env.step(0).is_err());
    assert_eq!(env.state().turn(), Turn::Terminal);
}

#[test]
fn observation_is_from_the_observers_side() {
    let mut s: Score4State = Score4.new_initial_state(0);
    s.apply(s.string_to_action("B3").unwrap()).unwrap(); // White on B3, level 1
    let mut white = vec![0.0; 18 * 16];
    let mut black = vec![0.0; 18 * 16];
    s.observation(0, &mut white);
    s.observation(1, &mut black);
    let b3 = 2 * 4 + 1;
    assert_eq!(white[b3], 1.0); // own plane, level 1
    assert_eq!(black[4 * 16 + b3], 1.0); // opponent plane, level 1
    assert_eq!(white[9 * 16], 1.0);
    assert_eq!(black[9 * 16], 0.0);
    assert!(white[8 * 16..9 * 16].iter().all(|&v| v == 1.0));
    assert!(white[10 * 16..].iter().all(|&v| v == 0.0), "one bead makes no threat");
}

#[test]
fn threat_planes_mark_the_cells_that_complete_a_line() {
    // White A1 B1 C1 on level 1 (D1 completes the row); Black stacks three on D4 (its fourth
    // level completes the column).
    let mut s: Score4State = Score4.new_initial_state(0);
    for m in ["A1", "D4", "B1", "D4", "C1", "D4"] {
        s.apply(s.string_to_action(m).unwrap()).unwrap();
    }
    let peg = |m: &str| s.string_to_action(m).unwrap() as usize;
    let (d1, d4) = (peg("D1"), peg("D4"));
    let ones = |obs: &[f32], plane: usize| (0..16).filter(|&c| obs[plane * 16 + c] == 1.0).collect::<Vec<_>>();
    let mut white = vec![0.0; 18 * 16];
    let mut black = vec![0.0; 18 * 16];
    s.observation(0, &mut white);
    s.observation(1, &mut black);
    // White's own threats: level 1 at D1 only; Black's (White's "opponent" planes): level 4 at D4.
    assert_eq!((10..14).map(|p| ones(&white, p)).collect::<Vec<_>>(), vec![vec![d1], vec![], vec![], vec![]]);
    assert_eq!((14..18).map(|p| ones(&white, p)).collect::<Vec<_>>(), vec![vec![], vec![], vec![], vec![d4]]);
    // Black sees the same threats from its side.
    assert_eq!(&white[10 * 16..14 * 16], &black[14 * 16..18 * 16]);
    assert_eq!(&white[14 * 16..18 * 16], &black[10 * 16..14 * 16]);
}

#[test]
fn registry_entry_builds_and_rejects_parameters() {
    let entry = Score4::registry_entry();
    let mut reg = tabula_core::Registry::new();
    reg.register(entry);
    assert_eq!(reg.build("score4").unwrap().num_actions(), 16);
    assert_eq!(reg.build(" SCORE4() ").unwrap().spec(), "score4");
    let err = reg.build("score4(size=5)").unwrap_err().to_string();
    assert!(err.contains("unknown parameter \"size\""), "{err}");
}
