//! The board evaluation the greedy and lookahead players maximise.
//!
//! A group is worth more the bigger it is (superlinear in its size, because one big group
//! scores many cells for one move and frees room), the more its colour is worth, and more again
//! when it touches a goal cell (it can be scored). Few empty cells are a danger: every swap adds
//! 5 and the game ends when a swap leaves fewer than 5. Optionally (`reserve`) the room that
//! cashing the ready sets would free counts towards the empty cells.

use super::position::Position;
use superball::groups::NONE;

/// Tunable weights of [`Weights::evaluate`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// Exponent of a group's size.
    pub size_power: f64,
    /// Exponent of a colour's point value (0: all colours alike).
    pub colour_power: f64,
    /// Multiplier of a group that touches a goal cell.
    pub goal_factor: f64,
    /// Multiplier of a group next to a goal cell (one swap from touching it).
    pub near_factor: f64,
    /// Bonus of each set that can be scored now (a goal cell and at least mss cells): room on
    /// demand when the board fills.
    pub ready_bonus: f64,
    /// Below this many empty cells each missing one costs `danger` (squared).
    pub safe_empty: f64,
    pub danger: f64,
    /// How much of the room the ready sets would free (size − 3 each) counts as empty cells in
    /// the danger cost (0: only the empty cells count). Greedy dies where a forced cash finds no
    /// set, so a full board with sets in hand is not the danger an empty count alone says.
    /// Measured (stop 48): `reserve=1.5` lifts greedy but not the shipped agent, whose network
    /// learnt under 0, so 0 stays greedy's default (see `checkpoints/superball/README.md`); the
    /// lookahead player uses `lookahead::RESERVE` (stop 51: 32,011 on seeds 1-100, 21,629 at 0).
    pub reserve: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            size_power: 2.0,
            colour_power: 0.0,
            goal_factor: 3.0,
            near_factor: 1.5,
            ready_bonus: 50.0,
            safe_empty: 16.0,
            danger: 6.0,
            reserve: 0.0,
        }
    }
}

/// `x` to the power `p`, without `powf` for the exponents the default weights use (0 and 2): the
/// evaluation runs once for every swap a greedy move tries, and `powf` was a third of its time.
/// The same numbers: `powf` gives exactly 1 and x·x there, for the whole numbers (sizes, points)
/// evaluated here.
fn power(x: f64, p: f64) -> f64 {
    if p == 0.0 {
        1.0
    } else if p == 2.0 {
        x * x
    } else {
        x.powf(p)
    }
}

impl Weights {
    /// Evaluates `pos.cells` (labels `pos.groups` as a side effect).
    pub fn evaluate(&self, pos: &mut Position) -> f64 {
        pos.groups.label(&pos.cells, &pos.goals);
        let g = &pos.groups;
        let mut near = [false; 256];
        let near = if self.near_factor != 1.0 && g.count() <= 256 {
            for (i, &l) in g.label.iter().enumerate() {
                if pos.near_goal[i] && l != superball::groups::NONE {
                    near[l as usize] = true;
                }
            }
            &near[..g.count()]
        } else {
            &[][..]
        };
        let mut v = 0.0;
        let mut room = 0.0;
        for k in 0..g.count() {
            let s = g.size[k] as f64;
            let value = power(pos.params.value(g.colour[k]) as f64, self.colour_power);
            let mut x = value * power(s, self.size_power);
            if g.goal[k] != NONE {
                x *= self.goal_factor;
                if g.size[k] as usize >= pos.params.mss {
                    x += self.ready_bonus;
                    room += s - superball::rules::CELLS_AFTER_SCORE as f64;
                }
            } else if near.get(k) == Some(&true) {
                x *= self.near_factor;
            }
            v += x;
        }
        v - self.danger_cost(pos.empty as f64 + self.reserve * room)
    }

    /// The cost of having only `empty` empty cells.
    pub fn danger_cost(&self, empty: f64) -> f64 {
        let missing = (self.safe_empty - empty).max(0.0);
        self.danger * missing * missing
    }
}

#[cfg(test)]
mod tests {
    use super::power;

    #[test]
    fn power_gives_what_powf_gives_for_sizes_and_points() {
        for x in 0..=200u32 {
            let x = x as f64;
            for p in [0.0, 1.0, 1.5, 2.0, 2.5, 3.0] {
                assert_eq!(power(x, p).to_bits(), x.powf(p).to_bits(), "{x}^{p}");
            }
        }
    }
}
