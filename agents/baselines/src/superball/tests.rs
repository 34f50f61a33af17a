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
