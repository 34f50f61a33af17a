//! Run logs: TensorBoard scalars and a JSONL file with the same numbers, in the run directory.

use anyhow::Context;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::Path;
use tensorboard_rs::summary_writer::SummaryWriter;

/// Writes `<dir>/log.jsonl` (one JSON object per line, each with `"step"`) and TensorBoard events
/// under `<dir>/tensorboard/`. Appends on resume.
pub struct RunLog {
    jsonl: BufWriter<File>,
    tensorboard: SummaryWriter,
}

impl RunLog {
    pub fn open(dir: &Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir.join("tensorboard")).with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join("log.jsonl");
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        // tensorboard-rs panics on text and hparams: only scalars are written.
        Ok(RunLog { jsonl: BufWriter::new(file), tensorboard: SummaryWriter::new(dir.join("tensorboard")) })
    }

    /// Records `values` at `step` in both logs.
    pub fn record(&mut self, step: u64, values: &[(&str, f64)]) -> anyhow::Result<()> {
        let mut object = serde_json::Map::new();
        object.insert("step".into(), step.into());
        for &(k, v) in values {
            if v.is_finite() {
                object.insert(k.into(), serde_json::Number::from_f64(v).map_or(serde_json::Value::Null, Into::into));
                self.tensorboard.add_scalar(k, v as f32, step as usize);
            }
        }
        writeln!(self.jsonl, "{}", serde_json::Value::Object(object))?;
        Ok(())
    }

    pub fn flush(&mut self) -> anyhow::Result<()> {
        self.jsonl.flush()?;
        self.jsonl.get_ref().sync_data()?;
        self.tensorboard.flush();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_jsonl_and_event_files() {
        let dir = tempfile::tempdir().unwrap();
        let mut log = RunLog::open(dir.path()).unwrap();
        log.record(1, &[("loss/total", 2.5), ("games", 3.0)]).unwrap();
        log.record(2, &[("loss/total", 2.0), ("nan", f64::NAN)]).unwrap();
        log.flush().unwrap();
        // tensorboard-rs creates and writes its file on a thread of its own; dropping the
        // writer joins that thread (its flush only asks).
        drop(log);
        let text = std::fs::read_to_string(dir.path().join("log.jsonl")).unwrap();
        let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["step"], 1);
        assert_eq!(lines[1]["loss/total"], 2.0);
        assert!(lines[1].get("nan").is_none());
        let events = std::fs::read_dir(dir.path().join("tensorboard")).unwrap().count();
        assert!(events >= 1);
    }
}
