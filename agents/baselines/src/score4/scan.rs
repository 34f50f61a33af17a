//! One pass over the 76 lines: threats of both sides and a static score.
//!
//! A *threat* is an empty cell that would complete a line of one side. With gravity, a threat
//! that cannot be played yet shapes the endgame: nobody wants to fill the cell under an enemy
//! threat, so pegs freeze, and whoever runs out of safe moves first loses (zugzwang). As in
//! Connect Four, White (who moves first) profits from threats on odd levels (1 and 3) and
//! Black from threats on even levels (2 and 4): when the safe moves run out, parity decides
//! who must play under whose threat. Only the lowest threat of each peg matters for that race;
//! those above it are counted for less.

use score4::Board;
use score4::lines::{FAMILIES, threat_cells};

/// The evaluation's weights (public so tuning experiments can vary them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// A line open for one side (no enemy bead) holding 0, 1 or 2 beads.
    pub open: [i32; 3],
    /// The lowest threat of a peg, on a level of its owner's parity.
    pub good: i32,
    /// The lowest threat of a peg, on a level of the other parity.
    pub other: i32,
    /// A threat above another threat of the same peg.
    pub buried: i32,
    /// A lowest threat with another threat of the same side right above it: blocking the one
    /// hands over the other.
    pub stacked: i32,
    /// One side has a lowest threat of its parity and the other has none: it wins the
    /// zugzwang race unless something changes.
    pub zugzwang: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights { open: [0, 2, 10], good: 120, other: 40, buried: 15, stacked: 300, zugzwang: 300 }
    }
}

/// Threat cells of both sides and the score of open lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineScan {
    /// Empty cells that would complete a line for the side to move.
    pub mine: u64,
    /// Empty cells that would complete a line for the other side.
    pub theirs: u64,
    /// Open lines of the side to move minus those of the other side, weighted.
    pub lines: i32,
}

/// Scans `me` (the beads of the side to move) against `them`, a direction at a time with every
/// line of the direction in parallel (no branches).
#[inline]
pub fn scan(me: u64, them: u64, w: &Weights) -> LineScan {
    let mut lines = 0i32;
    for &(s, starts) in &FAMILIES {
        // Bit `start` of `x[k]` is the `k`-th cell of the line beginning at `start`.
        let at = |x: u64| [x & starts, (x >> s) & starts, (x >> (2 * s)) & starts, (x >> (3 * s)) & starts];
        let (a, b) = (at(me), at(them));
        lines += open_value(a, starts & !(b[0] | b[1] | b[2] | b[3]), w);
        lines -= open_value(b, starts & !(a[0] | a[1] | a[2] | a[3]), w);
    }
    LineScan { mine: threat_cells(me, them), theirs: threat_cells(them, me), lines }
}

/// The pegs whose next bead completes a line now: for the side to move (its wins in one) and
/// for the other side were it to move (the blocks the side to move owes), as peg bit sets
/// (bit `i` is peg `i`, the game's action `i`).
pub fn immediate_wins(board: &Board) -> (u16, u16) {
    let threats = scan(board.beads(board.to_move()), board.beads(board.to_move().other()), &Weights::default());
    let on_pegs = |cells: u64| {
        let c = cells & board.landing_cells();
        // Landing cells on four levels fold onto the 16 pegs.
        (c | c >> 16 | c >> 32 | c >> 48) as u16
    };
    (on_pegs(threats.mine), on_pegs(threats.theirs))
}

/// The weighted count of `free` lines (no enemy bead) by how many of `x`'s beads they hold.
#[inline]
fn open_value(x: [u64; 4], free: u64, w: &Weights) -> i32 {
    let at_least_1 = x[0] | x[1] | x[2] | x[3];
    let at_least_2 = ((x[0] | x[1]) & (x[2] | x[3])) | (x[0] & x[1]) | (x[2] & x[3]);
    let at_least_3 = (x[0] & x[1] & (x[2] | x[3])) | (x[2] & x[3] & (x[0] | x[1]));
    let n0 = (free & !at_least_1).count_ones() as i32;
    let n1 = (free & at_least_1 & !at_least_2).count_ones() as i32;
    let n2 = (free & at_least_2 & !at_least_3).count_ones() as i32;
    w.open[0] * n0 + w.open[1] * n1 + w.open[2] * n2
}

/// Odd levels (1 and 3, bit rows 0 and 2): White's good threat levels.
pub const ODD_LEVELS: u64 = 0x0000_FFFF_0000_FFFF;

/// The value of both sides' threats for White (negate for Black). Threats playable now are
/// the search's business; this looks at the structure they form.
#[inline]
pub fn threat_score(white: u64, black: u64, w: &Weights) -> i32 {
    let all = white | black;
    // A threat is the lowest of its peg when no threat (of either side) lies below it.
    let lowest = all & !((all << 16) | (all << 32) | (all << 48));
    let (wl, bl) = (white & lowest, black & lowest);
    let w_good = (wl & ODD_LEVELS).count_ones() as i32;
    let w_other = (wl & !ODD_LEVELS).count_ones() as i32;
    let b_good = (bl & !ODD_LEVELS).count_ones() as i32;
    let b_other = (bl & ODD_LEVELS).count_ones() as i32;
    let w_buried = (white & !lowest).count_ones() as i32;
    let b_buried = (black & !lowest).count_ones() as i32;
    let w_stacked = (wl & (white >> 16)).count_ones() as i32;
    let b_stacked = (bl & (black >> 16)).count_ones() as i32;
    let mut score = (w_good - b_good) * w.good
        + (w_other - b_other) * w.other
        + (w_buried - b_buried) * w.buried
        + (w_stacked - b_stacked) * w.stacked;
    if w_good > 0 && b_good == 0 {
        score += w.zugzwang;
    } else if b_good > 0 && w_good == 0 {
        score -= w.zugzwang;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use score4::lines::LINES;
    use score4::{Board, Color, Peg};

    fn bit(peg: &str, level: usize) -> u64 {
        1u64 << ((level - 1) * 16 + peg.parse::<Peg>().unwrap().index())
    }

    #[test]
    fn immediate_wins_are_playable_threats_by_peg() {
        // White A1 B1 C1, Black A2 B2 C2, White to move: D1 wins, D2 must be blocked.
        let b = Board::from_moves("A1 A2 B1 B2 C1 C2").unwrap();
        let peg = |p: &str| 1u16 << p.parse::<Peg>().unwrap().index();
        assert_eq!(immediate_wins(&b), (peg("D1"), peg("D2")));
        // Black's level-2 threat over an empty D1 cannot be played yet.
        let b = Board::from_moves("A1 B1 C1 A1 A4 B1 D4 C1").unwrap();
        assert_eq!(immediate_wins(&b).1, 0);
    }

    #[test]
    fn finds_threat_cells_of_both_sides() {
        // White A1 B1 C1 (D1 completes the row); Black A2 B2 C2 (D2).
        let b = Board::from_moves("A1 A2 B1 B2 C1 C2").unwrap();
        let s = scan(b.beads(Color::White), b.beads(Color::Black), &Weights::default());
        assert_eq!(s.mine & (bit("D1", 1) | bit("D2", 1)), bit("D1", 1));
        assert_eq!(s.theirs & (bit("D1", 1) | bit("D2", 1)), bit("D2", 1));
    }

    #[test]
    fn parity_decides_which_threats_count() {
        let w = Weights::default();
        // A White threat on level 3 is good for White; on level 2 it is worth less.
        assert!(threat_score(bit("A1", 3), 0, &w) > threat_score(bit("A1", 2), 0, &w));
        // A Black threat on level 2 is good for Black.
        assert!(threat_score(0, bit("A1", 2), &w) < threat_score(0, bit("A1", 3), &w));
        // A White threat above a Black one on the same peg is buried.
        assert!(threat_score(bit("B2", 3), bit("B2", 2), &w) < 0);
        // Symmetric positions score zero.
        assert_eq!(threat_score(bit("A1", 3), bit("D4", 2), &w), 0);
    }

    /// The plain line-by-line scan the parallel one must match.
    fn reference(me: u64, them: u64, w: &Weights) -> LineScan {
        let (mut mine, mut theirs, mut lines) = (0u64, 0u64, 0i32);
        for &line in &LINES {
            let (a, b) = (line & me, line & them);
            let (ka, kb) = (a.count_ones() as usize, b.count_ones() as usize);
            match (ka, kb) {
                // An empty line is open for both sides: it cancels out.
                (0, 0) => {}
                (3, 0) => mine |= line ^ a,
                (0, 3) => theirs |= line ^ b,
                (k, 0) if k < 3 => lines += w.open[k],
                (0, k) if k < 3 => lines -= w.open[k],
                _ => {}
            }
        }
        LineScan { mine, theirs, lines }
    }

    #[test]
    fn the_parallel_scan_matches_the_line_by_line_one() {
        use rand::Rng;
        let mut rng = tabula_core::rng_from_seed(9);
        let w = Weights { open: [1, 3, 17], ..Weights::default() };
        for _ in 0..3000 {
            // Random boards of any density, gravity or not: the scan does not care.
            let occupied: u64 = rng.random::<u64>() & rng.random::<u64>();
            let me = occupied & rng.random::<u64>();
            let them = occupied & !me;
            assert_eq!(scan(me, them, &w), reference(me, them, &w));
        }
    }

    #[test]
    fn the_empty_board_is_balanced() {
        assert_eq!(scan(0, 0, &Weights::default()), LineScan { mine: 0, theirs: 0, lines: 0 });
    }
}
