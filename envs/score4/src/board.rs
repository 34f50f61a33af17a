//! The bitboard: two 64-bit masks and the next free cell of every peg.

use crate::color::Color;
use crate::lines;
use crate::peg::{Cell, Peg};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a bead cannot be dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    PegFull(Peg),
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::PegFull(p) => write!(f, "peg {p} is full"),
            MoveError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

const BOTTOM_LAYER: u64 = 0xFFFF;
const TOP_SHIFT: u32 = 48;
const PEG_COLUMN: u64 = 0x0001_0001_0001_0001;

/// A Score 4 position. Bit `height * 16 + peg` of `beads[c]` is set when colour `c` has a bead there.
///
/// Every operation is a handful of bit instructions: `play` is a mask and an OR, the win test
/// looks only at the (at most seven) lines through the new bead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    beads: [u64; 2],
    /// For every peg, the bit of its lowest empty cell (none once the peg is full).
    next: u64,
    to_move: Color,
    moves: u8,
    winner: Option<Color>,
    winning_line: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    pub fn new() -> Board {
        Board { beads: [0, 0], next: BOTTOM_LAYER, to_move: Color::White, moves: 0, winner: None, winning_line: 0 }
    }

    /// A board after the given moves, e.g. `"A1 B1 A1"`.
    pub fn from_moves(text: &str) -> Result<Board, String> {
        let mut board = Board::new();
        for word in text.split_whitespace() {
            let peg: Peg = word.parse()?;
            board.play(peg).map_err(|e| format!("{word}: {e}"))?;
        }
        Ok(board)
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Beads on the board.
    pub fn moves(&self) -> usize {
        self.moves as usize
    }

    /// The beads of one colour as a mask.
    pub fn beads(&self, color: Color) -> u64 {
        self.beads[color.index()]
    }

    pub fn occupied(&self) -> u64 {
        self.beads[0] | self.beads[1]
    }

    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// The four cells of the line that won, as a mask (0 if nobody has won).
    pub fn winning_line(&self) -> u64 {
        self.winning_line
    }

    pub fn is_full(&self) -> bool {
        self.moves == 64
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.is_full()
    }

    /// Pegs with room, as a 16-bit mask (bit = peg index); empty once the game is over.
    #[inline]
    pub fn legal_mask(&self) -> u16 {
        if self.winner.is_some() { 0 } else { (!self.occupied() >> TOP_SHIFT) as u16 }
    }

    pub fn legal_pegs(&self) -> impl Iterator<Item = Peg> + use<> {
        let mask = self.legal_mask();
        (0..16).filter(move |i| mask >> i & 1 == 1).filter_map(Peg::new)
    }

    /// Beads on `peg`, 0..=4.
    pub fn height(&self, peg: Peg) -> usize {
        (self.occupied() & (PEG_COLUMN << peg.index())).count_ones() as usize
    }

    /// Who owns `cell`, if anyone.
    pub fn at(&self, cell: Cell) -> Option<Color> {
        Color::BOTH.into_iter().find(|c| self.beads[c.index()] & cell.bit() != 0)
    }

    /// The cell a bead dropped on `peg` would land in.
    pub fn landing_cell(&self, peg: Peg) -> Option<Cell> {
        let bit = self.next & (PEG_COLUMN << peg.index());
        (bit != 0).then(|| Cell::from_index(bit.trailing_zeros() as usize))
    }

    /// The cell where a bead would land on every peg with room, as a 64-bit mask (whether or not
    /// the game is over). Search code uses it to tell threats playable now from later ones.
    #[inline]
    pub fn landing_cells(&self) -> u64 {
        self.next
    }

    /// Drops a bead of the side to move on `peg`; returns the cell it landed in.
    #[inline]
    pub fn play(&mut self, peg: Peg) -> Result<Cell, MoveError> {
        if self.winner.is_some() {
            return Err(MoveError::GameOver);
        }
        let bit = self.next & (PEG_COLUMN << peg.index());
        if bit == 0 {
            return Err(if self.is_full() { MoveError::GameOver } else { MoveError::PegFull(peg) });
        }
        let me = self.to_move.index();
        self.beads[me] |= bit;
        // The next free cell of this peg is one layer up; shifting the top layer out leaves none.
        self.next = (self.next ^ bit) | (bit << 16);
        self.moves += 1;
        let cell = bit.trailing_zeros() as usize;
        if let Some(line) = lines::wins_through(self.beads[me], cell) {
            self.winner = Some(self.to_move);
            self.winning_line = line;
        }
        self.to_move = self.to_move.other();
        Ok(Cell::from_index(cell))
    }

    /// True once no line can be completed by either side: every line holds beads of both colours.
    /// The referee may then declare a draw early.
    pub fn is_dead_draw(&self) -> bool {
        self.winner.is_none() && lines::LINES.iter().all(|&l| l & self.beads[0] != 0 && l & self.beads[1] != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Peg {
        s.parse().unwrap()
    }

    #[test]
    fn beads_fall_to_the_bottom_and_pegs_fill_up() {
        let mut b = Board::new();
        for h in 0..4 {
            let cell = b.play(p("C2")).unwrap();
            assert_eq!(cell.height(), h);
            assert_eq!(cell.peg(), p("C2"));
        }
        assert_eq!(b.height(p("C2")), 4);
        assert_eq!(b.landing_cells().count_ones(), 15);
        assert_eq!(b.landing_cells() & (0x0001_0001_0001_0001 << p("C2").index()), 0);
        assert_eq!(b.play(p("C2")), Err(MoveError::PegFull(p("C2"))));
        assert_eq!(b.legal_mask().count_ones(), 15);
        assert_eq!(b.moves(), 4);
        assert_eq!(b.to_move(), Color::White);
    }

    /// White plays `pegs` in order while Black answers on `answers`; White must win on the last bead.
    fn wins_with(pegs: &str, answers: &str) {
        let staircase: Vec<Peg> = pegs.split_whitespace().map(p).collect();
        win_by_staircase(&staircase, &[], answers)
    }

    /// Peg `i` of `line_pegs` first receives `heights[i]` support beads (both colours alternating,
    /// an even number in all), then White drops the line's beads while Black answers on `answers`.
    fn win_by_staircase(line_pegs: &[Peg], supports: &[Peg], answers: &str) {
        let answers: Vec<Peg> = answers.split_whitespace().map(p).collect();
        assert_eq!(supports.len() % 2, 0);
        let mut b = Board::new();
        for &s in supports {
            b.play(s).unwrap();
        }
        let mut expected = 0u64;
        for (i, &peg) in line_pegs.iter().enumerate() {
            assert_eq!(b.winner(), None, "won too early");
            expected |= b.play(peg).unwrap().bit();
            if i < 3 {
                assert_eq!(b.winner(), None, "won too early");
                b.play(answers[i]).unwrap();
            }
        }
        assert_eq!(b.winner(), Some(Color::White));
        assert_eq!(b.winning_line(), expected, "won along another line");
        assert!(crate::lines::LINES.contains(&expected));
        assert_eq!(b.legal_mask(), 0);
        assert_eq!(b.play(p("D4")), Err(MoveError::GameOver));
    }

    /// Supports that raise peg `i` of `line` to height `i` (a rising diagonal).
    fn rising(line: &str) -> (Vec<Peg>, Vec<Peg>) {
        let pegs: Vec<Peg> = line.split_whitespace().map(p).collect();
        let supports = pegs.iter().enumerate().flat_map(|(i, &peg)| std::iter::repeat_n(peg, i)).collect();
        (pegs, supports)
    }

    #[test]
    fn wins_along_a_row_a_column_and_a_pillar() {
        wins_with("A1 B1 C1 D1", "A2 B2 C2");
        wins_with("B1 B2 B3 B4", "A1 A2 A3");
        wins_with("D3 D3 D3 D3", "A1 A2 A3");
    }

    #[test]
    fn wins_along_floor_and_upright_face_diagonals() {
        wins_with("A1 B2 C3 D4", "A2 A3 A4");
        wins_with("A4 B3 C2 D1", "A1 A2 A3");
        for line in ["A1 B1 C1 D1", "D2 C2 B2 A2", "C1 C2 C3 C4", "B4 B3 B2 B1"] {
            let (pegs, supports) = rising(line);
            let answers = if line.starts_with('C') || line.starts_with('B') { "A3 D2 A4" } else { "A3 D3 A4" };
            win_by_staircase(&pegs, &supports, answers);
        }
    }

    #[test]
    fn wins_along_the_four_space_diagonals() {
        for line in ["A1 B2 C3 D4", "D1 C2 B3 A4", "A4 B3 C2 D1", "D4 C3 B2 A1"] {
            let (pegs, supports) = rising(line);
            win_by_staircase(&pegs, &supports, "A2 A3 D2");
        }
    }

    #[test]
    fn every_line_wins_through_each_of_its_cells_and_no_three_do() {
        for &line in &crate::lines::LINES {
            for c in (0..64).filter(|c| line >> c & 1 == 1) {
                assert_eq!(crate::lines::wins_through(line, c), Some(line));
                for missing in (0..64).filter(|&m| m != c && line >> m & 1 == 1) {
                    assert_eq!(crate::lines::wins_through(line & !(1u64 << missing), c), None);
                }
            }
        }
    }

    /// A filling with no line of four (found by a min-conflicts search over colourings, then ordered
    /// to respect gravity and alternation).
    const DRAWN_GAME: &str = "B1 A1 A1 C1 A1 C1 A1 C1 B1 B1 C1 B1 D1 C2 D1 D1 A2 D1 A2 D2 A2 A2 B2 B2 C2 B2 B2 C2 \
        A3 C2 C3 D2 D2 A3 D2 A3 A3 B3 C3 B3 C3 B3 B3 C3 D3 C4 D3 D3 A4 D3 B4 A4 A4 A4 C4 B4 C4 C4 D4 D4 B4 D4 B4 D4";

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        let mut b = Board::from_moves(DRAWN_GAME).unwrap();
        assert!(b.is_full());
        assert_eq!(b.winner(), None);
        assert!(b.is_dead_draw());
        assert_eq!(b.legal_mask(), 0);
        assert_eq!(b.play(p("A1")), Err(MoveError::GameOver));
        // One move earlier the game is still on, with one peg left.
        let words: Vec<&str> = DRAWN_GAME.split_whitespace().collect();
        let before = Board::from_moves(&words[..63].join(" ")).unwrap();
        assert!(!before.is_over());
        assert_eq!(before.legal_mask().count_ones(), 1);
    }

    #[test]
    fn dead_draw_is_detected_only_when_no_line_is_open() {
        assert!(!Board::new().is_dead_draw());
        assert!(!Board::from_moves("A1 B1 C1").unwrap().is_dead_draw());
    }

    #[test]
    fn from_moves_reports_bad_input() {
        assert!(Board::from_moves("A1 E1").is_err());
        assert!(Board::from_moves("A1 A1 A1 A1 A1").unwrap_err().contains("full"));
    }
}
