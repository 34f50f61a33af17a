//! What sb-read and sb-analyze print about a board.
//!
//! ```
//! use superball::{Params, analysis, text};
//! let p = Params::default();
//! let input = b"...yyryy.p\ny.rg.yppyp\n**gg.yrpPP\nGGgbgybp**\nR*bg.yrp*P\nG*gygyypY*\nyyybpby.pb\n.pgg.yp.bb\n";
//! let board = text::read_board(&p, input).unwrap();
//! assert!(analysis::read_report(&p, &board).starts_with("Empty cells:                    20\n"));
//! assert_eq!(analysis::scoring_sets(&p, &board).len(), 2);
//! ```

use crate::groups::Groups;
use crate::params::{EMPTY, Params};
use crate::text::TextBoard;
use std::fmt::Write;

/// sb-read's report: empty and filled cells, pieces on goal cells and their value.
pub fn read_report(p: &Params, board: &TextBoard) -> String {
    let empty = board.empty_count();
    let (mut ngoal, mut tgoal) = (0, 0);
    for (i, &c) in board.cells.iter().enumerate() {
        if board.goals[i] && c != EMPTY {
            ngoal += 1;
            tgoal += p.value(c);
        }
    }
    let mut s = String::new();
    let _ = writeln!(s, "Empty cells:                    {empty:2}");
    let _ = writeln!(s, "Non-Empty cells:                {:2}", board.cells.len() - empty);
    let _ = writeln!(s, "Number of pieces in goal cells: {ngoal:2}");
    let _ = writeln!(s, "Sum of their values:            {tgoal:2}");
    s
}

/// One scoring set: its size, colour code and a goal cell in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoringSet {
    pub size: usize,
    pub colour: u8,
    pub goal_cell: usize,
}

/// Every set that can be scored (at least mss cells, touching a goal cell the text marks),
/// in the row-major order of each set's first cell; the goal cell named is its first one.
pub fn scoring_sets(p: &Params, board: &TextBoard) -> Vec<ScoringSet> {
    let mut groups = Groups::new(p.rows, p.cols);
    groups.label(&board.cells, &board.goals);
    groups
        .scoring_sets(p.mss)
        .map(|(_, size, colour, goal_cell)| ScoringSet { size: size as usize, colour, goal_cell })
        .collect()
}

/// sb-analyze's report: `Scoring sets:` and a line per set.
pub fn analyze_report(p: &Params, board: &TextBoard) -> String {
    let mut s = String::from("Scoring sets:\n");
    for set in scoring_sets(p, board) {
        let _ = writeln!(
            s,
            "Size: {:2}  Char: {}  Scoring Cell: {},{}",
            set.size,
            p.letter(set.colour) as char,
            set.goal_cell / p.cols,
            set.goal_cell % p.cols
        );
    }
    s
}
