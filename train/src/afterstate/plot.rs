//! An afterstate run's learning curve as a PNG (`tabula plot RUN` where the run holds
//! `curve.jsonl`): the model's score on the fixed seeds with its standard error and the recent
//! training games' mean, the moves learnt per second, and the process's memory, by hours.

use super::CurvePoint;
use crate::plot::{Series, drawing, panel, register_font};
use anyhow::Context;
use plotters::prelude::*;
use std::path::Path;

/// The three panels' series, each by hours of training.
#[derive(Debug, Clone, PartialEq)]
pub struct AfterstateCurves {
    /// The mean on the seeds, the mean ± one standard error, and the training games' mean.
    pub scores: Vec<Series>,
    pub moves_per_second: Vec<Series>,
    pub memory_mib: Vec<Series>,
    /// How many seeds each evaluation played (the panel's title says it).
    pub seeds: usize,
}

impl AfterstateCurves {
    pub fn from_points(points: &[CurvePoint]) -> AfterstateCurves {
        let series = |name: &str, value: &dyn Fn(&CurvePoint) -> Option<f64>| -> Series {
            (name.to_string(), points.iter().filter_map(|p| Some((p.hours, value(p)?))).collect())
        };
        let scores = vec![
            series("mean on the seeds", &|p| Some(p.mean)),
            series("+1 s.e.", &|p| Some(p.mean + p.std_error)),
            series("-1 s.e.", &|p| Some(p.mean - p.std_error)),
            series("last 100 training games", &|p| p.training_mean),
        ];
        // The speed between two evaluations: moves learnt over the hours between them.
        let speed = points
            .windows(2)
            .filter(|w| w[1].hours > w[0].hours)
            .map(|w| (w[1].hours, w[1].moves.saturating_sub(w[0].moves) as f64 / ((w[1].hours - w[0].hours) * 3600.0)))
            .collect();
        AfterstateCurves {
            scores,
            moves_per_second: vec![("moves learnt / s".to_string(), speed)],
            memory_mib: vec![series("resident memory (MiB)", &|p| p.rss_mib)],
            seeds: points.iter().map(|p| p.scores.len()).max().unwrap_or(0),
        }
    }

    /// Draws the scores across the top and the speed and memory below, `size` pixels.
    pub fn draw_png(&self, title: &str, out: &Path, size: (u32, u32)) -> anyhow::Result<()> {
        anyhow::ensure!(!self.scores[0].1.is_empty(), "the curve has no points to plot");
        register_font();
        let root = BitMapBackend::new(out, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let root = root.titled(title, ("sans-serif", 22)).map_err(drawing)?;
        let (top, bottom) = root.split_vertically(root.dim_in_pixel().1 / 2);
        let (left, right) = bottom.split_horizontally(size.0 / 2);
        let scores = format!("the model alone on seeds 1-{} (mean ± s.e.), and its training games", self.seeds);
        panel(&top, &scores, &self.scores)?;
        panel(&left, "moves learnt / s", &self.moves_per_second)?;
        panel(&right, "resident memory (MiB)", &self.memory_mib)?;
        root.present().with_context(|| format!("writing {}", out.display()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(hours: f64, moves: u64, mean: f64) -> CurvePoint {
        CurvePoint {
            hours,
            games: moves / 100,
            moves,
            mean,
            std_error: 10.0,
            scores: vec![mean; 4],
            rss_mib: Some(9.0),
            training_mean: (hours > 0.0).then_some(mean + 5.0),
        }
    }

    #[test]
    fn the_series_follow_the_points_and_draw() {
        let points = [point(0.0, 0, 100.0), point(0.5, 1_800_000, 150.0), point(1.0, 3_600_000, 160.0)];
        let curves = AfterstateCurves::from_points(&points);
        assert_eq!(curves.scores[0].1, [(0.0, 100.0), (0.5, 150.0), (1.0, 160.0)]);
        assert_eq!(curves.scores[1].1[1], (0.5, 160.0));
        assert_eq!(curves.scores[3].1, [(0.5, 155.0), (1.0, 165.0)], "no training mean before learning");
        assert_eq!(curves.moves_per_second[0].1, [(0.5, 1000.0), (1.0, 1000.0)]);
        assert_eq!(curves.seeds, 4);
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("curve.png");
        curves.draw_png("run", &out, (900, 600)).unwrap();
        let bytes = std::fs::read(&out).unwrap();
        assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 5_000, "{} bytes", bytes.len());
        let empty = AfterstateCurves::from_points(&[]);
        assert!(empty.draw_png("run", &dir.path().join("e.png"), (900, 600)).is_err());
    }
}
