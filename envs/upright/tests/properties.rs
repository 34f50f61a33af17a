//! Property tests over random games of every size and variant, checked against rules written
//! out again here from coordinates (not with the crate's masks): every completed game fills all
//! n² squares, phase 1 takes exactly 2n - 1 squares, each square respects the reach rule of its
//! variant, colours follow the colour rule, and a move ends only by `end` or when nothing
//! qualifies.

use proptest::prelude::*;
use tabula_core::{Game, State};
use upright::{ColourRule, Phase, Reach, Side, Square, SubAction, Upright, Variant};

fn variant() -> impl Strategy<Value = Variant> {
    (prop_oneof![Just(Reach::Adjacent), Just(Reach::Line)], prop_oneof![Just(ColourRule::Own), Just(ColourRule::Free)])
        .prop_map(|(reach, colour)| Variant { reach, colour })
}

/// `to` is above `from` in its column or right of it in its row; `adjacent` asks for the next square.
fn reaches(from: Square, to: Square, adjacent: bool) -> bool {
    let up = to.column() == from.column() && to.row() > from.row();
    let right = to.row() == from.row() && to.column() > from.column();
    (up || right) && (!adjacent || to.row() + to.column() == from.row() + from.column() + 1)
}

/// Whether `square` may start a phase-2 move on `filled` (independently of the crate's masks).
fn may_start(filled: &[Square], square: Square, adjacent: bool) -> bool {
    filled.iter().any(|&f| reaches(f, square, adjacent))
}

/// Whether any empty square may follow `last`.
fn may_continue(n: usize, filled: &[Square], last: Square, adjacent: bool) -> bool {
    (0..n * n).map(|i| Square::from_index(i, n)).any(|s| !filled.contains(&s) && reaches(last, s, adjacent))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_follow_the_rules(size in 2usize..=8, variant in variant(), picks in proptest::collection::vec(any::<u32>(), 400)) {
        let game = Upright::new(size, variant).unwrap();
        let adjacent = variant.reach == Reach::Adjacent;
        let mut s = game.new_initial_state(0);
        let mut filled: Vec<Square> = Vec::new();
        let mut phase_one_squares = 0;
        let mut move_squares: Vec<Square> = Vec::new();
        let mut picks = picks.into_iter().cycle();
        while !s.is_over() {
            prop_assert!(s.move_number() <= game.max_game_length());
            let legal = s.legal_actions();
            let a = legal[picks.next().unwrap() as usize % legal.len()];
            let mover = s.to_move();
            let phase = s.phase();
            let sub = s.sub_action(a).unwrap();
            s.apply(a).unwrap();
            match sub {
                SubAction::End => {
                    prop_assert_eq!(phase, Phase::Two);
                    prop_assert!(!move_squares.is_empty(), "end before any square");
                    prop_assert_eq!(s.to_move(), mover.other());
                    move_squares.clear();
                }
                SubAction::Fill(square, colour) => {
                    prop_assert!(!filled.contains(&square));
                    if phase == Phase::One || variant.colour == ColourRule::Own {
                        prop_assert_eq!(colour, mover.pen());
                    }
                    match (phase, move_squares.last()) {
                        (Phase::One, _) if filled.is_empty() => prop_assert_eq!(square.to_string(), "a1"),
                        (Phase::One, _) => prop_assert!(reaches(*filled.last().unwrap(), square, true)),
                        (Phase::Two, None) => prop_assert!(may_start(&filled, square, adjacent), "{} cannot start a move", square),
                        (Phase::Two, Some(&last)) => prop_assert!(reaches(last, square, adjacent), "{} after {}", square, last),
                    }
                    filled.push(square);
                    match phase {
                        Phase::One => {
                            phase_one_squares += 1;
                            prop_assert_eq!(s.to_move(), mover.other());
                        }
                        Phase::Two => {
                            move_squares.push(square);
                            let goes_on = may_continue(size, &filled, square, adjacent);
                            // The move goes on exactly while some square qualifies (and the game
                            // ends with the board full, the last mover still "to move").
                            prop_assert_eq!(s.is_over(), filled.len() == size * size);
                            if !s.is_over() {
                                prop_assert_eq!(s.to_move() == mover, goes_on);
                            }
                            if !goes_on {
                                move_squares.clear();
                            }
                        }
                    }
                    if phase == Phase::One && s.phase() == Phase::Two {
                        prop_assert_eq!(phase_one_squares, 2 * size - 1);
                        prop_assert_eq!(square, Square::at(size - 1, size - 1).unwrap());
                        prop_assert_eq!(s.to_move(), Side::Second);
                    }
                }
            }
        }
        prop_assert_eq!(filled.len(), size * size);
        prop_assert_eq!(s.board().filled().count_ones() as usize, size * size);
        prop_assert_eq!(s.board().phase_one().count_ones() as usize, 2 * size - 1);
        let d = s.score_difference();
        prop_assert_eq!(s.returns(), vec![d.signum() as f64, -(d.signum() as f64)]);
    }

    #[test]
    fn whole_moves_replay_their_sub_actions(size in 2usize..=7, variant in variant(), picks in proptest::collection::vec(any::<u32>(), 200)) {
        // Writing each move down and reading it back with `play_move` gives the same game.
        let game = Upright::new(size, variant).unwrap();
        let mut s = game.new_initial_state(0);
        let mut replay = s;
        let mut picks = picks.into_iter().cycle();
        while !s.is_over() {
            let before = s;
            let actions = upright::moves::whole_move(&s, |st| {
                let legal = st.legal_actions();
                legal[picks.next().unwrap() as usize % legal.len()]
            });
            for &a in &actions {
                s.apply(a).unwrap();
            }
            let written = before.written_move(&actions);
            let text = upright::moves::format_move(&written);
            let parsed = upright::moves::parse_move(&text).unwrap();
            let replayed = replay.play_move(&parsed).unwrap();
            prop_assert_eq!(replayed, actions);
            prop_assert_eq!(replay, s);
        }
    }
}
