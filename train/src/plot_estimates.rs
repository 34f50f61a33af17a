//! Estimates with their intervals as a PNG, one row each (`tabula arena … --plot FILE`): every
//! player's rating and its 95% interval, or its mean score and an interval around it.
//!
//! ```no_run
//! use tabula_train::plot_estimates::{Estimate, draw_estimates_png};
//! let rows = [
//!     Estimate::new("greedy", 410.0, 330.0, 500.0),
//!     Estimate::new("random", 0.0, 0.0, 0.0),
//! ];
//! draw_estimates_png("score4: ratings", "Elo", &rows, std::path::Path::new("ratings.png")).unwrap();
//! ```

use crate::plot::{drawing, register_font};
use anyhow::Context;
use plotters::prelude::*;
use std::path::Path;

/// One row: a label, a point estimate and its interval (`low ≤ value ≤ high`).
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub label: String,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    pub fn new(label: impl Into<String>, value: f64, low: f64, high: f64) -> Estimate {
        Estimate { label: label.into(), value, low, high }
    }
}

/// Width of the picture; its height grows with the rows.
pub const WIDTH: u32 = 1000;

/// The picture's height for `rows` rows.
pub fn height(rows: usize) -> u32 {
    110 + 44 * rows as u32
}

/// Draws `rows` top to bottom as a dot on a horizontal interval, labelled with the numbers.
pub fn draw_estimates_png(title: &str, axis: &str, rows: &[Estimate], out: &Path) -> anyhow::Result<()> {
    anyhow::ensure!(!rows.is_empty(), "nothing to plot");
    if let Some(bad) = rows.iter().find(|r| ![r.value, r.low, r.high].iter().all(|v| v.is_finite())) {
        anyhow::bail!("{}: the estimate or its interval is not a finite number", bad.label);
    }
    let low = rows.iter().map(|r| r.low.min(r.value)).fold(f64::INFINITY, f64::min);
    let high = rows.iter().map(|r| r.high.max(r.value)).fold(f64::NEG_INFINITY, f64::max);
    // Room on the right for the numbers written beside each interval.
    let pad = ((high - low) * 0.06).max(1.0);
    let x_range = (low - pad)..(high + pad + (high - low + 2.0 * pad) * 0.3);
    let n = rows.len();
    // Row i sits at y = n - 1 - i, so the first row is on top.
    let row_at = |y: f64| -> Option<&Estimate> {
        let i = n as f64 - 1.0 - y;
        ((y - y.round()).abs() < 1e-6 && i >= -1e-6 && i < n as f64).then(|| &rows[i.round() as usize])
    };
    let label_width = rows.iter().map(|r| r.label.chars().count()).max().unwrap_or(0).clamp(6, 48) as u32 * 8 + 20;

    register_font();
    let root = BitMapBackend::new(out, (WIDTH, height(n))).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(label_width)
        .build_cartesian_2d(x_range, -0.6..(n as f64 - 0.4))
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .x_desc(axis)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_labels(2 * n + 1)
        .y_label_formatter(&|y| row_at(*y).map(|r| r.label.clone()).unwrap_or_default())
        .disable_y_mesh()
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(drawing)?;
    for (i, row) in rows.iter().enumerate() {
        let y = (n - 1 - i) as f64;
        let color = Palette99::pick(i).to_rgba();
        let tick = 0.18;
        let lines = [
            vec![(row.low, y), (row.high, y)],
            vec![(row.low, y - tick), (row.low, y + tick)],
            vec![(row.high, y - tick), (row.high, y + tick)],
        ];
        chart
            .draw_series(lines.into_iter().map(|points| PathElement::new(points, color.stroke_width(3))))
            .map_err(drawing)?;
        chart.draw_series([Circle::new((row.value, y), 6, color.filled())]).map_err(drawing)?;
        let text = format!("{:.0}  [{:.0}, {:.0}]", row.value, row.low, row.high);
        chart.draw_series([Text::new(text, (row.high + pad * 0.5, y + 0.12), ("sans-serif", 14))]).map_err(drawing)?;
    }
    root.present().with_context(|| format!("writing {}", out.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The picture's size from the PNG header (IHDR: width and height, big-endian, at 16..24).
    fn png_size(bytes: &[u8]) -> (u32, u32) {
        assert_eq!(&bytes[1..4], b"PNG");
        let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        (word(16), word(20))
    }

    #[test]
    fn draws_one_row_a_player_and_refuses_what_it_cannot_draw() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("ratings.png");
        let rows = [
            Estimate::new("alphabeta", 620.0, 510.0, 760.0),
            Estimate::new("greedy", 300.0, 220.0, 390.0),
            Estimate::new("random", 0.0, 0.0, 0.0),
        ];
        draw_estimates_png("score4: ratings", "Elo", &rows, &out).unwrap();
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(png_size(&bytes), (WIDTH, height(3)));
        assert!(bytes.len() > 5_000, "dots, intervals and text, not a blank page: {} bytes", bytes.len());

        assert!(draw_estimates_png("t", "Elo", &[], &dir.path().join("e.png")).is_err());
        let infinite = [Estimate::new("x", 1.0, f64::NEG_INFINITY, 2.0)];
        let err = draw_estimates_png("t", "Elo", &infinite, &dir.path().join("i.png")).unwrap_err();
        assert!(err.to_string().contains("x: "), "{err}");
    }
}
