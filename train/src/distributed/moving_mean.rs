//! A moving average that starts at its first value: how the distributed roles follow sizes that
//! drift as a run's games get longer (samples a game, bytes a stream entry).

/// An exponential moving average; none until the first value.
#[derive(Debug, Clone, Copy)]
pub struct MovingMean {
    /// The weight of the newest value.
    weight: f64,
    mean: Option<f64>,
}

impl MovingMean {
    pub const fn new(weight: f64) -> MovingMean {
        MovingMean { weight, mean: None }
    }

    /// Adds a value and returns the new mean.
    pub fn add(&mut self, value: f64) -> f64 {
        let mean = self.mean.map_or(value, |mean| mean + self.weight * (value - mean));
        self.mean = Some(mean);
        mean
    }

    /// The mean so far; none before the first value.
    pub fn get(&self) -> Option<f64> {
        self.mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_starts_at_the_first_value_and_moves_by_its_weight() {
        let mut mean = MovingMean::new(0.1);
        assert_eq!(mean.get(), None);
        assert_eq!(mean.add(50.0), 50.0);
        assert!((mean.add(150.0) - 60.0).abs() < 1e-9);
        assert!((mean.get().unwrap() - 60.0).abs() < 1e-9);
    }
}
