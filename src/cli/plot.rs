//! `tabula plot RUN`: a run's learning curves as a PNG (an afterstate run's too).

use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use tabula_train::afterstate::{self, plot::AfterstateCurves};
use tabula_train::plot::Curves;

#[derive(Debug, Args)]
pub struct PlotArgs {
    /// A run directory made by `tabula train` (it holds log.jsonl, or an afterstate run's
    /// curve.jsonl).
    run: PathBuf,
    /// The PNG to write (default: RUN/curves.png).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Image size in pixels, WIDTHxHEIGHT.
    #[arg(long, default_value = "1200x800", value_parser = parse_size)]
    size: (u32, u32),
}

pub fn run(args: PlotArgs) -> anyhow::Result<()> {
    let out = args.out.unwrap_or_else(|| args.run.join("curves.png"));
    // An afterstate run keeps a curve.jsonl and no log.jsonl.
    if !args.run.join("log.jsonl").exists() && args.run.join(afterstate::CURVE_FILE).exists() {
        let points = afterstate::read_curve(&args.run)
            .with_context(|| format!("reading {}", args.run.join(afterstate::CURVE_FILE).display()))?;
        let moves = points.last().map_or(0, |p| p.moves);
        let title = format!("{} — {moves} moves learnt", args.run.display());
        AfterstateCurves::from_points(&points).draw_png(&title, &out, args.size)?;
        println!("{}", out.display());
        return Ok(());
    }
    let curves = Curves::from_run(&args.run)?;
    let title = format!("{} — step {}", args.run.display(), curves.last_step);
    curves.draw_png(&title, &out, args.size)?;
    println!("{}", out.display());
    Ok(())
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("{text:?} is not WIDTHxHEIGHT, e.g. 1200x800");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.trim().parse().map_err(|_| bad())?, h.trim().parse().map_err(|_| bad())?);
    if !(200..=8000).contains(&w) || !(150..=8000).contains(&h) {
        return Err(format!("{text}: each side must be 200 to 8000 pixels (height at least 150)"));
    }
    Ok((w, h))
}
