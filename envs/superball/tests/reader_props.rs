//! The board and move readers take arbitrary bytes without panicking, and boards written by
//! the game read back as themselves.

use proptest::prelude::*;
use superball::action::{Move, RawMove};
use superball::{Params, SuperballState, text};

proptest! {
    #[test]
    fn board_reader_never_panics(input in proptest::collection::vec(any::<u8>(), 0..400),
                                 rows in 1usize..12, cols in 1usize..12) {
        let p = Params::new_lenient(rows, cols, 3, "pbyrg").unwrap();
        if let Ok(board) = text::read_board(&p, &input) {
            prop_assert_eq!(board.cells.len(), rows * cols);
        }
        if let Ok(p) = Params::new(rows, cols, 3, "pbyrg") {
            let _ = SuperballState::from_text(p, &input);
        }
    }

    #[test]
    fn boards_made_of_board_characters_never_panic(input in "[pbyrgPBYRG.*\\n x]{0,120}") {
        let p = Params::new(6, 6, 4, "pby").unwrap();
        if let Ok(board) = text::read_board(&p, input.as_bytes()) {
            let _ = superball::analysis::analyze_report(&p, &board);
            let _ = superball::analysis::read_report(&p, &board);
        }
    }

    #[test]
    fn move_reader_never_panics(line in ".{0,60}", rows in 1usize..20, cols in 1usize..20) {
        let _ = RawMove::parse(&line);
        if let Some(m) = Move::parse_on(&line, rows, cols) {
            match m {
                Move::Swap(a, b) => prop_assert!(a < rows * cols && b < rows * cols && a != b),
                Move::Score(c) => prop_assert!(c < rows * cols),
            }
        }
    }

    #[test]
    fn written_boards_read_back(cells in proptest::collection::vec(0u8..=3, 48)) {
        let p = Params::new(6, 8, 4, "pby").unwrap();
        let s = SuperballState::from_cells(p.clone(), cells.clone());
        let again = SuperballState::from_text(p, s.to_string().as_bytes()).unwrap();
        prop_assert_eq!(again.cells(), &cells[..]);
    }
}
