//! `alphabeta`: negamax alpha-beta on the bitboards.
//!
//! * iterative deepening under a time budget (and/or a depth limit);
//! * principal-variation search, a transposition table keyed by the position's canonical form
//!   under the 8 symmetries of the square, TT move, two killers per ply, history heuristic;
//! * threat logic at every node, which is exact and prunes hard: a win playable now ends the
//!   node; two enemy wins playable now lose; one must be blocked (a forced move, searched
//!   without using up depth); a bead right under an enemy threat cell is never played while
//!   there is another move;
//! * a static evaluation of open lines weighted by their bead count, and of threats that are
//!   not playable yet, by level parity (odd levels favour White, even ones Black, as in
//!   Connect Four's zugzwang theory) and stacking;
//! * exact endgame solving: once the depth reaches the number of empty cells the result is
//!   exact and the search stops (forced moves do not use depth, so every leaf is a full board).
//!
//! ```
//! use score4::Board;
//! use tabula_baselines::score4::AlphaBeta;
//! let mut ab = AlphaBeta::new(None, Some(4));
//! // White has A1 B1 C1 with D1 open: it wins at once.
//! let report = ab.search(&Board::from_moves("A1 A2 B1 B2 C1 C2").unwrap());
//! assert_eq!(report.best.to_string(), "D1");
//! assert!(report.score > 0);
//! ```

mod symmetry;
mod tt;

use super::scan::{Weights, scan, threat_score};
use rand::RngCore;
use score4::lines::THROUGH;
use score4::{Board, Color, Peg, Score4State};
use std::time::{Duration, Instant};
use tabula_core::{Action, Agent};
use tt::{Bound, Entry, Table};

/// A won game scores `WIN - plies to the win`.
pub const WIN: i32 = 10_000;
const INF: i32 = 30_000;
/// Scores beyond this are proven wins or losses.
const PROVEN: i32 = WIN - 100;
/// Moves searched at full depth before late move reductions start.
const LMR_AFTER: usize = 3;
/// Default transposition table: 2^20 slots (24 MiB).
const TT_BITS: u32 = 20;

/// What one search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchReport {
    pub best: Peg,
    /// From the side to move; beyond ±9900 a proven win or loss.
    pub score: i32,
    /// The last depth searched to the end.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// True when the score is the game's true value (proven win/loss, or the search saw every
    /// line to a full board).
    pub exact: bool,
}

impl SearchReport {
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The alpha-beta player.
pub struct AlphaBeta {
    movetime: Option<Duration>,
    max_depth: Option<u32>,
    symmetry: bool,
    lmr: bool,
    weights: Weights,
    table: Table,
    killers: [[u8; 2]; 72],
    history: [[u32; 64]; 2],
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    last: Option<SearchReport>,
}

/// Static value of a cell: the number of lines through it (4 to 7).
fn cell_lines(cell: usize) -> i32 {
    THROUGH[cell].1 as i32
}

impl AlphaBeta {
    /// A searcher with a time budget per move, a depth limit, or both (neither: depth 6).
    pub fn new(movetime: Option<Duration>, max_depth: Option<u32>) -> AlphaBeta {
        let max_depth = if movetime.is_none() { Some(max_depth.unwrap_or(6)) } else { max_depth };
        AlphaBeta {
            movetime,
            max_depth,
            symmetry: true,
            lmr: true,
            weights: Weights::default(),
            table: Table::new(TT_BITS),
            killers: [[u8::MAX; 2]; 72],
            history: [[0; 64]; 2],
            nodes: 0,
            deadline: None,
            stopped: false,
            last: None,
        }
    }

    /// Turns the symmetry-folded table keys on or off (on by default).
    pub fn with_symmetry(mut self, on: bool) -> AlphaBeta {
        self.symmetry = on;
        self
    }

    /// Turns late move reductions on or off (on by default).
    pub fn with_lmr(mut self, on: bool) -> AlphaBeta {
        self.lmr = on;
        self
    }

    /// Uses other evaluation weights (for tuning experiments).
    pub fn with_weights(mut self, weights: Weights) -> AlphaBeta {
        self.weights = weights;
        self
    }

    /// The report of the last search, if any.
    pub fn last_report(&self) -> Option<SearchReport> {
        self.last
    }

    /// Searches `board` (whose game must not be over) and reports the best peg.
    pub fn search(&mut self, board: &Board) -> SearchReport {
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = self.movetime.map(|t| start + t);
        self.killers = [[u8::MAX; 2]; 72];
        for side in &mut self.history {
            for h in side.iter_mut() {
                *h /= 8;
            }
        }
        let empties = 64 - board.moves() as u32;
        let mut report = SearchReport {
            best: board.legal_pegs().next().expect("search needs a game that is not over"),
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            exact: false,
        };
        let max_depth = self.max_depth.unwrap_or(64).clamp(1, 64);
        for depth in 1..=max_depth {
            let result = self.root(board, depth as i32);
            if self.stopped {
                break;
            }
            let (score, best) = result;
            report.best = best;
            report.score = score;
            report.depth = depth;
            report.exact = score.abs() >= PROVEN || depth >= empties;
            if report.exact {
                break;
            }
            // An iteration costs several times the one before: do not start one we cannot finish.
            if let (Some(t), Some(_)) = (self.movetime, self.deadline)
                && start.elapsed() * 2 > t
            {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
        self.last = Some(report);
        report
    }

    fn root(&mut self, board: &Board, depth: i32) -> (i32, Peg) {
        let moves = self.ordered_moves(board, 0, None);
        let mut alpha = -INF;
        let mut best = (-INF, moves.pegs[0]);
        for (i, &peg) in moves.pegs[..moves.len].iter().enumerate() {
            let mut child = *board;
            child.play(Peg::new(peg as usize).expect("peg index")).expect("ordered moves are legal");
            let score = if child.winner().is_some() {
                WIN - 1
            } else {
                let d = if moves.forced { depth } else { depth - 1 };
                if i == 0 {
                    -self.negamax(&child, d, 1, -INF, -alpha)
                } else {
                    let s = -self.negamax(&child, d, 1, -alpha - 1, -alpha);
                    if s > alpha && !self.stopped { -self.negamax(&child, d, 1, -INF, -alpha) } else { s }
                }
            };
            // Only depth 1 must finish; deeper iterations may be cut by the clock.
            if self.stopped && depth > 1 {
                return best_to_peg(best);
            }
            if score > best.0 {
                best = (score, moves.pegs[i]);
                alpha = alpha.max(score);
            }
        }
        self.store(board, depth, 0, best.0, -INF, INF, best.1);
        best_to_peg(best)
    }

    fn negamax(&mut self, board: &Board, depth: i32, ply: i32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 2047 == 0
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let side = board.to_move();
        let (me, them) = (board.beads(side), board.beads(side.other()));
        let land = board.landing_cells();
        if land == 0 {
            return 0;
        }
        let s = scan(me, them, &self.weights);
        if s.mine & land != 0 {
            return WIN - ply - 1;
        }
        let forced = s.theirs & land;
        if forced & forced.wrapping_sub(1) != 0 {
            return -(WIN - ply - 2);
        }
        let candidates = if forced != 0 { forced } else { land & !(s.theirs >> 16) };
        if candidates == 0 {
            return -(WIN - ply - 2);
        }
        // We cannot win before our next move but one.
        let ceiling = WIN - ply - 3;
        if beta > ceiling {
            beta = ceiling;
            if alpha >= beta {
                return beta;
            }
        }
        if depth <= 0 && forced == 0 {
            let threats = if side == Color::White {
                threat_score(s.mine, s.theirs, &self.weights)
            } else {
                -threat_score(s.theirs, s.mine, &self.weights)
            };
            return s.lines + threats;
        }

        let (occ, white_beads, t) = self.key(board);
        let mut tt_peg = None;
        if let Some(e) = self.table.probe(occ, white_beads) {
            tt_peg = Some(symmetry::invert_peg(t, e.peg as usize) as u8);
            if e.depth as i32 >= depth {
                let score = from_table(e.score as i32, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let moves = self.ordered_moves_from(ply as usize, tt_peg, candidates, forced != 0, side);
        let alpha0 = alpha;
        let mut best = (-INF, moves.pegs[0]);
        let d = if moves.forced { depth } else { depth - 1 };
        for i in 0..moves.len {
            let peg = moves.pegs[i];
            let mut child = *board;
            child.play(Peg::new(peg as usize).expect("peg index")).expect("ordered moves are legal");
            let score = if i == 0 {
                -self.negamax(&child, d, ply + 1, -beta, -alpha)
            } else {
                // Late moves (after the TT move, killers and best-ordered few) are first tried
                // one ply shallower; only those that beat alpha are searched in full.
                let reduce = self.lmr && i >= LMR_AFTER && d >= 3 && !moves.forced;
                let mut s = -self.negamax(&child, d - reduce as i32, ply + 1, -alpha - 1, -alpha);
                if reduce && s > alpha && !self.stopped {
                    s = -self.negamax(&child, d, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(&child, d, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best.0 {
                best = (score, peg);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let k = &mut self.killers[ply as usize];
                        if k[0] != peg {
                            k[1] = k[0];
                            k[0] = peg;
                        }
                        let cell = board.landing_cell(Peg::new(peg as usize).expect("peg")).expect("legal").index();
                        self.history[side.index()][cell] += (depth * depth).max(1) as u32;
                        break;
                    }
                }
            }
        }
        self.store(board, depth, ply, best.0, alpha0, beta, best.1);
        best.0
    }

    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, board: &Board, depth: i32, ply: i32, score: i32, alpha0: i32, beta: i32, peg: u8) {
        let bound = if score <= alpha0 {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let (occupied, white, t) = self.key(board);
        self.table.store(Entry {
            occupied,
            white,
            score: to_table(score, ply) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound,
            peg: symmetry::apply_peg(t, peg as usize) as u8,
        });
    }

    #[inline]
    fn key(&self, board: &Board) -> (u64, u64, usize) {
        let (occ, white) = (board.occupied(), board.beads(Color::White));
        if self.symmetry { symmetry::canonical(occ, white) } else { (occ, white, 0) }
    }

    /// The root's moves: a win if there is one, else the forced block, else all moves not under
    /// an enemy threat (all moves if every one is).
    fn ordered_moves(&self, board: &Board, ply: usize, tt_peg: Option<u8>) -> Moves {
        let side = board.to_move();
        let land = board.landing_cells() & legal_cells(board);
        let s = scan(board.beads(side), board.beads(side.other()), &self.weights);
        let (candidates, forced) = if s.mine & land != 0 {
            (lowest(s.mine & land), true)
        } else if s.theirs & land != 0 {
            (lowest(s.theirs & land), true)
        } else if land & !(s.theirs >> 16) != 0 {
            (land & !(s.theirs >> 16), false)
        } else {
            (land, false)
        };
        let tt_peg = tt_peg.or_else(|| {
            let (occ, white, t) = self.key(board);
            self.table.probe(occ, white).map(|e| symmetry::invert_peg(t, e.peg as usize) as u8)
        });
        self.ordered_moves_from(ply, tt_peg, candidates, forced, side)
    }

    fn ordered_moves_from(&self, ply: usize, tt_peg: Option<u8>, candidates: u64, forced: bool, side: Color) -> Moves {
        let mut moves = Moves { pegs: [0; 16], len: 0, forced };
        let mut keys = [0i64; 16];
        let mut rest = candidates;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let peg = (cell % 16) as u8;
            let key = if Some(peg) == tt_peg {
                i64::MAX
            } else if self.killers[ply][0] == peg {
                1 << 40
            } else if self.killers[ply][1] == peg {
                1 << 39
            } else {
                self.history[side.index()][cell] as i64 * 8 + cell_lines(cell) as i64
            };
            // Insertion sort, best first: at most 16 moves.
            let mut j = moves.len;
            while j > 0 && keys[j - 1] < key {
                keys[j] = keys[j - 1];
                moves.pegs[j] = moves.pegs[j - 1];
                j -= 1;
            }
            keys[j] = key;
            moves.pegs[j] = peg;
            moves.len += 1;
        }
        moves
    }
}

/// Landing cells of pegs that are legal now (none once the game is over).
fn legal_cells(board: &Board) -> u64 {
    let legal = board.legal_mask() as u64;
    // Spread the 16-bit peg mask over the four levels, then keep the landing cells.
    legal * 0x0001_0001_0001_0001
}

fn lowest(mask: u64) -> u64 {
    mask & mask.wrapping_neg()
}

fn best_to_peg(best: (i32, u8)) -> (i32, Peg) {
    (best.0, Peg::new(best.1 as usize).expect("peg index"))
}

/// Mate scores are stored relative to the node, so a position reached at another ply reads right.
fn to_table(score: i32, ply: i32) -> i32 {
    if score >= PROVEN {
        score + ply
    } else if score <= -PROVEN {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= PROVEN {
        score - ply
    } else if score <= -PROVEN {
        score + ply
    } else {
        score
    }
}

struct Moves {
    pegs: [u8; 16],
    len: usize,
    forced: bool,
}

impl Agent<Score4State> for AlphaBeta {
    fn name(&self) -> String {
        match (self.movetime, self.max_depth) {
            (Some(t), _) => format!("alphabeta({}ms)", t.as_millis()),
            (None, Some(d)) => format!("alphabeta(depth {d})"),
            (None, None) => "alphabeta".into(),
        }
    }

    fn act(&mut self, state: &Score4State, _rng: &mut dyn RngCore) -> Action {
        self.search(state.board()).best.index() as Action
    }

    fn reset(&mut self) {
        self.table.clear();
        self.history = [[0; 64]; 2];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(moves: &str, depth: u32) -> SearchReport {
        AlphaBeta::new(None, Some(depth)).search(&Board::from_moves(moves).unwrap())
    }

    #[test]
    fn takes_a_win_and_blocks_a_loss() {
        let r = best("A1 A2 B1 B2 C1 C2", 3);
        assert_eq!(r.best.to_string(), "D1");
        assert!(r.score >= PROVEN && r.exact);
        assert_eq!(best("A1 A2 B1 B2 C1 C2 A3", 3).best.to_string(), "D2");
    }

    #[test]
    fn finds_a_fork() {
        // White A1 B1 C2 C3 on the floor: C1 threatens both D1 (row 1) and C4 (column C).
        let r = best("A1 A4 B1 B4 C2 D3 C3 D2", 5);
        assert_eq!(r.best.to_string(), "C1", "{r:?}");
        assert_eq!(r.score, WIN - 3);
    }

    #[test]
    fn symmetry_folding_keeps_exact_results() {
        use rand::Rng;
        let mut rng = tabula_core::rng_from_seed(11);
        let mut solved = 0;
        while solved < 6 {
            // A random late position (14 empty cells), solved with and without folding.
            let mut b = Board::new();
            while b.moves() < 50 && !b.is_over() {
                let pegs: Vec<Peg> = b.legal_pegs().collect();
                b.play(pegs[rng.random_range(0..pegs.len())]).unwrap();
            }
            if b.is_over() {
                continue;
            }
            let with = AlphaBeta::new(None, Some(64)).search(&b);
            let without = AlphaBeta::new(None, Some(64)).with_symmetry(false).search(&b);
            assert!(with.exact && without.exact);
            assert_eq!(with.score.signum(), without.score.signum(), "{b}");
            solved += 1;
        }
    }

    #[test]
    fn solves_the_endgame_exactly() {
        const DRAWN_GAME: &str = "B1 A1 A1 C1 A1 C1 A1 C1 B1 B1 C1 B1 D1 C2 D1 D1 A2 D1 A2 D2 A2 A2 B2 B2 C2 B2 B2 \
            C2 A3 C2 C3 D2 D2 A3 D2 A3 A3 B3 C3 B3 C3 B3 B3 C3 D3 C4 D3 D3 A4 D3 B4 A4 A4 A4 C4 B4 C4 C4 D4 D4 B4 D4 B4 D4";
        let words: Vec<&str> = DRAWN_GAME.split_whitespace().collect();
        let b = Board::from_moves(&words[..54].join(" ")).unwrap();
        let r = AlphaBeta::new(None, Some(64)).search(&b);
        assert!(r.exact);
        assert!(r.depth <= 10);
    }

    #[test]
    fn time_budget_is_kept() {
        let mut ab = AlphaBeta::new(Some(Duration::from_millis(50)), None);
        let r = ab.search(&Board::new());
        assert!(r.elapsed < Duration::from_millis(400), "{r:?}");
        assert!(r.depth >= 2);
    }
}
