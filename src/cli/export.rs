//! `tabula export RUN --out checkpoints/<game>`: ships a run's model. The folder gets the weights,
//! the run's config (the search settings the bots play with), a model card with the model's
//! provenance, the learning curves and a README; `cargo build --workspace` then compiles it into the bots.
//! An afterstate run (`model.ntuple`) ships its n-tuple model beside whatever network the folder
//! holds, with its config and learning curve ([`export_ntuple`]). `--kept NAME` ships a model the
//! run kept on the way (`RUN/models/NAME`) instead of its last: the one a later measurement chose.

use anyhow::Context;
use clap::Args;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use tabula_models::run_files::{CONFIG_FILE, MODEL_FILE, MODELS_DIR};
use tabula_nets::{Expected, PolicyValueNet};
use tabula_ntuple::{Expectimax, NTupleModel};
use tabula_train::afterstate::{self, AfterstateConfig};
use tabula_train::config::TrainConfig;
use tabula_train::plot::Curves;

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A run directory made by `tabula train` (model.bpk, model.json, config.toml, log.jsonl).
    run: PathBuf,
    /// The folder to write, e.g. `checkpoints/score4` (created; its model files are replaced).
    #[arg(long)]
    out: PathBuf,
    /// A Markdown file of measured results (arena tables and the commands that made them), copied
    /// into the README and the card.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Search simulations a move the bots play the shipped model with (the shipped config's
    /// `search.eval_simulations`; default: the run's). A deployment can afford a bigger search
    /// than the run's periodic evaluations did.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    simulations: Option<u64>,
    /// For an afterstate run: the shipped player looks one ply of chance past its N best moves
    /// (default: as the run's `[play]` says; 0: the model alone). Needs --samples.
    #[arg(long, value_name = "N", requires = "samples")]
    width: Option<usize>,
    /// For an afterstate run: draws of chance for each of those moves. Needs --width.
    #[arg(long, value_name = "N", requires = "width")]
    samples: Option<usize>,
    /// Ship a model the run kept on the way (`RUN/models/NAME`, e.g. `minute-0240.00` or
    /// `step-0000014000`: see `keep_model_every_minutes` / `keep_model_every_steps`) instead of
    /// its last one; the config and curves are still the run's.
    #[arg(long, value_name = "NAME")]
    kept: Option<String>,
}

impl ExportArgs {
    /// The folder holding the model to ship: the run, or the kept model it names. Either is
    /// checked against the manifest it was written with (a kept copy always has one; a run since
    /// manifests): a damaged model is not shipped.
    fn model_dir(&self) -> anyhow::Result<PathBuf> {
        let Some(name) = &self.kept else {
            let run = &self.run;
            if run.join(tabula_models::manifest::MANIFEST).is_file() {
                tabula_models::manifest::verify(run).map_err(|damage| {
                    anyhow::anyhow!(
                        "{damage}: not exporting a damaged model (`tabula train --resume {}` writes it again from the newest intact checkpoint)",
                        run.display()
                    )
                })?;
            }
            return Ok(run.clone());
        };
        let models = self.run.join(MODELS_DIR);
        let dir = models.join(name);
        if !dir.is_dir() || name.contains(['/', '\\']) || name.starts_with('.') {
            let names = tabula_models::run_files::folder_names(&models).unwrap_or_default();
            anyhow::bail!(
                "--kept {name}: {} holds no such model (kept: {})",
                self.run.display(),
                if names.is_empty() { "none".to_string() } else { names.join(", ") }
            );
        }
        tabula_models::manifest::verify(&dir)
            .map_err(|damage| anyhow::anyhow!("{damage}: not exporting a damaged kept model"))?;
        Ok(dir)
    }
}

pub fn run(args: ExportArgs) -> anyhow::Result<()> {
    let run = &args.run;
    if run.join(afterstate::MODEL_FILE).is_file() && !run.join(MODEL_FILE).is_file() {
        return export_ntuple(&args);
    }
    anyhow::ensure!(args.width.is_none(), "--width and --samples are for afterstate runs (a model.ntuple)");
    let weights = args.model_dir()?.join(MODEL_FILE);
    // Loading proves the weights fit their card before anything is written.
    let (net, mut card) = PolicyValueNet::load(&weights, &Expected::any())?;
    let config_path = run.join(CONFIG_FILE);
    let mut config = TrainConfig::load(&config_path).with_context(|| format!("reading {}", config_path.display()))?;
    if let Some(simulations) = args.simulations {
        config.search.eval_simulations = simulations as usize;
    }
    let results = match &args.results {
        Some(path) => Some(std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?),
        None => None,
    };
    let progress = training_line(run, args.kept.as_ref().map(|_| card.training_step))?;
    let hours = progress.get("hours").and_then(Value::as_f64).unwrap_or(0.0);
    card.extra.insert(
        "provenance".into(),
        json!({
            "run": run.display().to_string(),
            "kept": args.kept,
            "commit": commit(),
            "hours": hours,
            "games": progress.get("games"),
            "samples": progress.get("samples"),
            "machine": machine(),
            "parameters": net.num_params(),
        }),
    );
    card.extra.insert("config".into(), serde_json::to_value(&config)?);
    if let Some(text) = &results {
        card.extra.insert("results".into(), Value::String(text.clone()));
    }

    std::fs::create_dir_all(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    net.save(&args.out.join(MODEL_FILE), &card)?;
    std::fs::write(args.out.join(CONFIG_FILE), config.to_toml())?;
    let curves = Curves::from_run(run)?;
    let title = format!("{} — {} steps, {hours:.2} h", card.game_spec, card.training_step);
    curves.draw_png(&title, &args.out.join("curves.png"), (1200, 800))?;
    std::fs::write(args.out.join("README.md"), readme(&card, &config, hours, results.as_deref()))?;
    // The model's files, checked by the bots' tests against what they compile in.
    tabula_models::manifest::write_files(&args.out, &[MODEL_FILE, "model.json", CONFIG_FILE])?;
    println!("{}: model.bpk, model.json, config.toml, manifest.json, curves.png, README.md", args.out.display());
    Ok(())
}

/// An afterstate run's model as `OUT/model.ntuple`, played as `--width`/`--samples` or the
/// run's `[play]` say, with the run's config (`ntuple-config.toml`) and learning curve
/// (`ntuple-curve.jsonl`); the folder's manifest then covers every model file in it. The
/// folder's README is left to the person shipping: it holds the measured tables.
fn export_ntuple(args: &ExportArgs) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.simulations.is_none() && args.results.is_none(),
        "--simulations and --results are for a network's run, not an afterstate run (model.ntuple)"
    );
    let (run, out) = (&args.run, &args.out);
    let config = AfterstateConfig::load(&run.join(afterstate::CONFIG_FILE))?;
    let mut model = NTupleModel::load(&args.model_dir()?.join(afterstate::MODEL_FILE))?;
    model.search = match (args.width, args.samples) {
        (Some(width), Some(samples)) => {
            Expectimax::new(width, samples).map_err(|e| anyhow::anyhow!("--width, --samples: {e}"))?
        }
        _ => config.play,
    };
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    model.save(&out.join(afterstate::MODEL_FILE))?;
    std::fs::write(out.join(NTUPLE_CONFIG), config.to_toml())?;
    let curve = run.join(afterstate::CURVE_FILE);
    if curve.is_file() {
        std::fs::copy(&curve, out.join(NTUPLE_CURVE)).with_context(|| format!("copying {}", curve.display()))?;
    }
    let shipped: Vec<&str> = [MODEL_FILE, "model.json", CONFIG_FILE, afterstate::MODEL_FILE]
        .into_iter()
        .filter(|name| out.join(name).is_file())
        .collect();
    tabula_models::manifest::write_files(out, &shipped)?;
    println!(
        "{}: {}, {NTUPLE_CONFIG}, {NTUPLE_CURVE}, manifest.json (played with width {} and {} samples)",
        out.display(),
        afterstate::MODEL_FILE,
        model.search.width,
        model.search.samples
    );
    Ok(())
}

/// The afterstate run's config and curve, as an export names them beside a network's files.
const NTUPLE_CONFIG: &str = "ntuple-config.toml";
const NTUPLE_CURVE: &str = "ntuple-curve.jsonl";

/// The last line of the run's log that has training counters, or the last not past `step` (a
/// kept model's counters are the run's when it was kept).
fn training_line(run: &Path, step: Option<u64>) -> anyhow::Result<serde_json::Map<String, Value>> {
    let path = run.join("log.jsonl");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .rev()
        .filter_map(|l| serde_json::from_str::<serde_json::Map<String, Value>>(l).ok())
        .filter(|o| step.is_none_or(|step| o.get("step").and_then(Value::as_u64).is_none_or(|s| s <= step)))
        .find(|o| o.contains_key("hours"))
        .unwrap_or_default())
}

fn commit() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map_or_else(|| "unknown".into(), |o| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

/// Cores, memory and CPU model of this machine, for the card.
fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let memory_gib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| t.lines().next().and_then(|l| l.split_whitespace().nth(1)).and_then(|kb| kb.parse::<f64>().ok()))
        .map_or(String::new(), |kb| format!(", {:.0} GiB", kb / 1_048_576.0));
    format!("{cores} cores{memory_gib}, {cpu}")
}

fn readme(card: &tabula_nets::ModelCard, config: &TrainConfig, hours: f64, results: Option<&str>) -> String {
    let name = card.game_spec.split('(').next().unwrap_or(&card.game_spec);
    let bot = match name {
        "score4" => "`score4-bot` (the Casperson protocol; `score4-referee --white human --black score4-bot`)",
        "superball" => "`sb-play` (under the course harness: `sb-player 8 10 5 pbyrg sb-play n y 1`)",
        "superply" => "`superply-bot` (through `superply-server`: `superply-bot --port PORT`)",
        "upright" => "`upright-bot` (through `upright-referee --first human --second upright-bot`)",
        "clue" => "`clue-bot` (under `clue-arbiter`: `clue-arbiter clue-bot \"clue-bot --agent deduce\" ...`)",
        _ => "its protocol bot",
    };
    let mut text = format!(
        "# The shipped {name} agent\n\n\
         A policy/value network ({}) trained by self-play from scratch with `tabula train` for \
         {hours:.2} hours ({} learner steps) on {}. {bot} plays it when started with no arguments: \
         the three model files are compiled into the binary.\n\n\
         - `model.bpk`: the weights (burnpack); `model.json`: its card (game, network, provenance, \
         the training config); `config.toml`: the run's config, whose `[search]` section is how the \
         bots search with the network ({} simulations a move unless told otherwise).\n\
         - `curves.png`: the run's learning curves (`tabula plot RUN`).\n\
         - Ship a newer model: `tabula export RUN --out checkpoints/{name} --results RESULTS.md`, then `cargo build --release` (it builds `tabula` and every bot).\n",
        card.net.summary(),
        card.training_step,
        machine(),
        config.search.eval_simulations,
    );
    if let Some(last) = card.evaluations.last() {
        text.push_str(&format!("\nThe run's last in-training evaluation: `{last}`.\n"));
    }
    if let Some(results) = results {
        // A results file may bring its own heading; the page keeps one.
        let results = results.trim();
        let results = results.strip_prefix("## Measured").unwrap_or(results).trim_start();
        text.push_str("\n## Measured\n\n");
        text.push_str(results);
        text.push('\n');
    }
    text
}
