//! A moving average: how the distributed roles follow sizes that drift as a run's games get
//! longer (samples a game, bytes a stream entry), and how the trainer follows its recent results
//! against a field. Until it has seen `1 / weight` values it is their plain mean, so that the first
//! value does not stand for the first hundred (a first game lost read as a share near zero).

/// An exponential moving average, a plain mean over its first `1 / weight` values; none until
/// the first value.
#[derive(Debug, Clone, Copy)]
pub struct MovingMean {
    /// The weight of the newest value.
    weight: f64,
    mean: Option<f64>,
    count: u64,
}

impl MovingMean {
    pub const fn new(weight: f64) -> MovingMean {
        MovingMean { weight, mean: None, count: 0 }
    }

    /// Adds a value and returns the new mean.
    pub fn add(&mut self, value: f64) -> f64 {
        self.count += 1;
        let weight = self.weight.max(1.0 / self.count as f64);
        let mean = self.mean.map_or(value, |mean| mean + weight * (value - mean));
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
    fn it_is_the_plain_mean_of_its_first_values_then_moves_by_its_weight() {
        let mut mean = MovingMean::new(0.25);
        assert_eq!(mean.get(), None);
        assert_eq!(mean.add(50.0), 50.0);
        assert!((mean.add(150.0) - 100.0).abs() < 1e-9);
        assert!((mean.add(100.0) - 100.0).abs() < 1e-9);
        assert!((mean.add(0.0) - 75.0).abs() < 1e-9);
        // The fifth value moves it by the weight, a quarter, no longer by a fifth.
        assert!((mean.add(175.0) - 100.0).abs() < 1e-9);
        assert!((mean.get().unwrap() - 100.0).abs() < 1e-9);
    }
}
