//! Learning curves of a run, drawn from its `log.jsonl` into a PNG (`tabula plot RUN`, and the
//! `curves.png` shipped beside a checkpoint): losses, policy entropy, self-play speed, and the
//! periodic evaluations against each baseline, all by hours of training.

use anyhow::Context;
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// One named series of (hours, value) points.
pub type Series = (String, Vec<(f64, f64)>);

/// The curves read from a run's log, each by hours of training.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Curves {
    pub losses: Vec<Series>,
    pub entropy: Vec<Series>,
    pub speed: Vec<Series>,
    /// `eval/...` results: a score fraction against each opponent (two players), the share of
    /// games won in a field of one opponent (three or more), or mean points (one player, with
    /// the baselines' means as flat lines).
    pub evaluations: Vec<Series>,
    /// The learner step at the last point, for the title.
    pub last_step: u64,
}

impl Curves {
    /// Reads `log.jsonl` text. Evaluation lines carry no hours: each takes the hours of the
    /// nearest earlier training line.
    pub fn from_log(text: &str) -> anyhow::Result<Curves> {
        let mut by_key: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
        let mut hours = 0.0;
        let mut last_step = 0;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let object: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(line).with_context(|| format!("log line {}: not a JSON object", n + 1))?;
            if let Some(h) = object.get("hours").and_then(|v| v.as_f64()) {
                hours = h;
            }
            if let Some(step) = object.get("step").and_then(|v| v.as_u64()) {
                last_step = last_step.max(step);
            }
            for (key, value) in &object {
                if let Some(v) = value.as_f64()
                    && key != "step"
                    && key != "hours"
                {
                    by_key.entry(key.clone()).or_default().push((hours, v));
                }
            }
        }
        let mut take = |keys: &[&str]| -> Vec<Series> {
            keys.iter().filter_map(|k| by_key.remove(*k).map(|points| (k.to_string(), points))).collect()
        };
        let losses = take(&["loss/total", "loss/policy", "loss/value"]);
        let entropy = take(&["policy_entropy"]);
        // One log interval's speed is noisy (a round may straddle it): a moving median reads better.
        let speed = take(&["selfplay_positions_per_s"])
            .into_iter()
            .map(|(name, points)| (format!("{name} (median of {SPEED_WINDOW} log lines)"), moving_median(&points)))
            .collect();
        let evaluations = by_key
            .into_iter()
            .filter(|(k, _)| {
                k.starts_with("eval/") && (k.ends_with("/score") || k.ends_with("mean_score") || k.ends_with("/firsts"))
            })
            .map(|(k, points)| (evaluation_label(&k), points))
            .collect();
        Ok(Curves { losses, entropy, speed, evaluations, last_step })
    }

    /// Reads `<run>/log.jsonl`.
    pub fn from_run(run: &Path) -> anyhow::Result<Curves> {
        let path = run.join("log.jsonl");
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        Curves::from_log(&text).with_context(|| path.display().to_string())
    }

    /// Draws the four panels into a `width`×`height` PNG at `out`.
    pub fn draw_png(&self, title: &str, out: &Path, size: (u32, u32)) -> anyhow::Result<()> {
        anyhow::ensure!(
            !self.losses.is_empty() || !self.evaluations.is_empty(),
            "the log has no training or evaluation lines to plot"
        );
        register_font();
        let root = BitMapBackend::new(out, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let root = root.titled(title, ("sans-serif", 22)).map_err(drawing)?;
        let panels = root.split_evenly((2, 2));
        panel(&panels[0], "losses", &self.losses)?;
        panel(&panels[1], "evaluations (score or firsts vs each opponent, or mean points)", &self.evaluations)?;
        panel(&panels[2], "policy entropy (nats)", &self.entropy)?;
        panel(&panels[3], "self-play positions / s", &self.speed)?;
        root.present().with_context(|| format!("writing {}", out.display()))?;
        Ok(())
    }
}

const SPEED_WINDOW: usize = 25;

/// Each point's value replaced by the median of the `SPEED_WINDOW` points ending at it.
fn moving_median(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    (0..points.len())
        .map(|i| {
            let mut window: Vec<f64> = points[i.saturating_sub(SPEED_WINDOW - 1)..=i].iter().map(|p| p.1).collect();
            window.sort_by(f64::total_cmp);
            (points[i].0, window[window.len() / 2])
        })
        .collect()
}

/// `eval/vs_greedy/score` → `vs greedy`; `eval/baseline_greedy/mean_score` → `greedy`;
/// `eval/mean_score` → `agent`.
fn evaluation_label(key: &str) -> String {
    let inner = key.trim_start_matches("eval/");
    match inner.split_once('/') {
        Some((who, _)) => who.trim_start_matches("baseline_").replace('_', " "),
        None => "agent".into(),
    }
}

pub(crate) fn drawing<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow::anyhow!("drawing the plot: {e:?}")
}

/// plotters draws text with a font it is given: DejaVu Sans, compiled in (no system fonts needed).
pub(crate) fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // Registering the same valid font cannot fail after the first time; a failure leaves
        // plotters without text, which its draw calls then report.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular());
    });
}

pub(crate) fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    series: &[Series],
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (mut x_max, mut y_min, mut y_max) = (0.0f64, f64::INFINITY, f64::NEG_INFINITY);
    for &(x, y) in points {
        x_max = x_max.max(x);
        y_min = y_min.min(y);
        y_max = y_max.max(y);
    }
    if !y_min.is_finite() {
        area.titled(&format!("{title}: no data"), ("sans-serif", 16)).map_err(drawing)?;
        return Ok(());
    }
    let pad = ((y_max - y_min) * 0.05).max(1e-6);
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 16))
        .margin(10)
        .x_label_area_size(32)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_max.max(1e-6), (y_min - pad)..(y_max + pad))
        .map_err(drawing)?;
    chart.configure_mesh().x_desc("hours").label_style(("sans-serif", 12)).draw().map_err(drawing)?;
    for (i, (name, points)) in series.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(points.iter().copied(), color.stroke_width(2)))
            .map_err(drawing)?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2)));
        // Sparse series (a few evaluations, or one) show as dots: a single point draws no line.
        if points.len() <= 50 {
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled()))).map_err(drawing)?;
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font(("sans-serif", 12))
        .draw()
        .map_err(drawing)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = r#"{"step":10,"loss/total":2.5,"loss/policy":2.0,"loss/value":0.5,"policy_entropy":2.7,"selfplay_positions_per_s":400,"hours":0.01}
{"step":20,"loss/total":2.0,"loss/policy":1.7,"loss/value":0.3,"policy_entropy":2.5,"selfplay_positions_per_s":420,"hours":0.02}
{"step":20,"eval/vs_greedy/score":0.4,"eval/vs_greedy/elo_diff":-70,"eval/vs_random/score":0.9}
{"step":30,"loss/total":1.8,"loss/policy":1.5,"loss/value":0.3,"policy_entropy":2.4,"selfplay_positions_per_s":410,"hours":0.03}
{"step":30,"eval/vs_greedy/score":0.6,"eval/vs_random/score":1.0}
"#;

    #[test]
    fn evaluations_take_the_hours_of_the_training_line_before_them() {
        let curves = Curves::from_log(LOG).unwrap();
        assert_eq!(curves.last_step, 30);
        assert_eq!(curves.losses.len(), 3);
        assert_eq!(curves.losses[0], ("loss/total".to_string(), vec![(0.01, 2.5), (0.02, 2.0), (0.03, 1.8)]));
        let greedy = curves.evaluations.iter().find(|(n, _)| n == "vs greedy").unwrap();
        assert_eq!(greedy.1, vec![(0.02, 0.4), (0.03, 0.6)]);
        assert_eq!(curves.evaluations.len(), 2, "Elo differences are not plotted beside scores");
    }

    #[test]
    fn speed_is_a_moving_median() {
        let points: Vec<(f64, f64)> = (0..30).map(|i| (i as f64, if i % 2 == 0 { 0.0 } else { 400.0 })).collect();
        let smooth = moving_median(&points);
        assert_eq!(smooth[0], (0.0, 0.0));
        assert_eq!(smooth[29], (29.0, 400.0), "a median of 25 alternating points");
        assert_eq!(smooth.len(), 30);
    }

    #[test]
    fn one_player_labels_name_the_agent_and_the_baselines() {
        assert_eq!(evaluation_label("eval/mean_score"), "agent");
        assert_eq!(evaluation_label("eval/baseline_greedy/mean_score"), "greedy");
        assert_eq!(evaluation_label("eval/vs_greedy/score"), "vs greedy");
        assert_eq!(evaluation_label("eval/vs_deduce/firsts"), "vs deduce");
    }

    #[test]
    fn draws_a_png_and_refuses_an_empty_or_broken_log() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("curves.png");
        Curves::from_log(LOG).unwrap().draw_png("score4", &out, (800, 600)).unwrap();
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        assert!(bytes.len() > 5_000, "a plot with lines and text, not a blank page: {} bytes", bytes.len());
        let empty = Curves::from_log("").unwrap();
        assert!(empty.draw_png("x", &dir.path().join("e.png"), (400, 300)).is_err());
        let err = Curves::from_log("{\"step\":1}\nnot json\n").unwrap_err();
        assert!(format!("{err:#}").contains("log line 2"), "{err:#}");
    }
}
