//! Running bounds of the values seen in a tree, to map them into [0, 1] (as MuZero does), so the
//! exploration constant means the same for win/loss games and for scores in the thousands.

///
/// A floor on the range keeps noise from being blown up: in a long one-player game every leaf
/// of one search may lie within a few hundred points of the others, and min-max alone would then
/// stretch evaluator noise over the whole of [0, 1].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MinMax {
    min: f32,
    max: f32,
    min_range: f32,
}

impl Default for MinMax {
    fn default() -> Self {
        MinMax { min: f32::INFINITY, max: f32::NEG_INFINITY, min_range: 0.0 }
    }
}

impl MinMax {
    /// Bounds that never map a span narrower than `min_range` onto the whole unit interval.
    pub fn with_min_range(min_range: f32) -> Self {
        MinMax { min_range: min_range.max(0.0), ..MinMax::default() }
    }

    pub fn update(&mut self, v: f32) {
        if v.is_finite() {
            self.min = self.min.min(v);
            self.max = self.max.max(v);
        }
    }

    /// `v` scaled into [0, 1] (divided by the range or `min_range`, whichever is larger); 0.5
    /// while the bounds are still degenerate.
    pub fn normalize(&self, v: f32) -> f32 {
        if self.max > self.min {
            ((v - self.min) / (self.max - self.min).max(self.min_range)).clamp(0.0, 1.0)
        } else {
            0.5
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_into_the_unit_interval() {
        let mut m = MinMax::default();
        assert_eq!(m.normalize(3.0), 0.5);
        m.update(-1.0);
        m.update(3.0);
        m.update(f32::NAN);
        assert_eq!(m.normalize(-1.0), 0.0);
        assert_eq!(m.normalize(1.0), 0.5);
        assert_eq!(m.normalize(9.0), 1.0);
        let mut floored = MinMax::with_min_range(40.0);
        floored.update(-1.0);
        floored.update(3.0);
        assert_eq!(floored.normalize(3.0), 0.1, "a span of 4 under a floor of 40");
        assert_eq!(floored.normalize(-1.0), 0.0);
    }
}
