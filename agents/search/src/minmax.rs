//! Running bounds of the values seen in a tree, to map them into [0, 1] (as MuZero does), so the
//! exploration constant means the same for win/loss games and for scores in the thousands.

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MinMax {
    min: f32,
    max: f32,
}

impl Default for MinMax {
    fn default() -> Self {
        MinMax { min: f32::INFINITY, max: f32::NEG_INFINITY }
    }
}

impl MinMax {
    pub fn update(&mut self, v: f32) {
        if v.is_finite() {
            self.min = self.min.min(v);
            self.max = self.max.max(v);
        }
    }

    /// `v` scaled into [0, 1]; 0.5 while the bounds are still degenerate.
    pub fn normalize(&self, v: f32) -> f32 {
        if self.max > self.min { ((v - self.min) / (self.max - self.min)).clamp(0.0, 1.0) } else { 0.5 }
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
    }
}
