//! Run logs: TensorBoard scalars and a JSONL file with the same numbers, in the run directory.

use anyhow::Context;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::Path;
use tensorboard_rs::summary_writer::SummaryWriter;

/// Writes `<dir>/log.jsonl` (one JSON object per line, each with `"step"`) and TensorBoard events
/// under `<dir>/tensorboard/`. Appends on resume, after cutting off a last line that a killed run
/// left half-written (else the resumed run's first line would be glued onto it, and the log would
/// no longer parse).
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
            .read(true)
            .append(true)
            .open(&path)
            .with_context(|| format!("opening {}", path.display()))?;
        cut_torn_line(&file).with_context(|| format!("repairing the end of {}", path.display()))?;
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

/// Truncates `file` after its last newline: a line without one was being written when the run
/// was killed. A file of whole lines is left as it is.
pub(crate) fn cut_torn_line(file: &File) -> std::io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    let mut reader = file;
    let len = reader.seek(SeekFrom::End(0))?;
    // Log lines are a few hundred bytes: look back far enough for a longer one, block by block.
    let mut end = len;
    let mut block = [0u8; 4096];
    while end > 0 {
        let start = end.saturating_sub(block.len() as u64);
        let chunk = &mut block[..(end - start) as usize];
        reader.seek(SeekFrom::Start(start))?;
        reader.read_exact(chunk)?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            let whole = start + i as u64 + 1;
            if whole < len {
                file.set_len(whole)?;
            }
            return Ok(());
        }
        end = start;
    }
    // No newline at all: the one line there is torn.
    file.set_len(0)
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

    #[test]
    fn a_resumed_log_drops_the_line_a_killed_run_left_half_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("log.jsonl");
        let whole = "{\"step\":1,\"games\":2.0}\n".repeat(300);
        std::fs::write(&path, format!("{whole}{{\"step\":2,\"gam")).unwrap();
        let mut log = RunLog::open(dir.path()).unwrap();
        log.record(3, &[("games", 4.0)]).unwrap();
        log.flush().unwrap();
        drop(log);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text == format!("{whole}{{\"games\":4.0,\"step\":3}}\n"), "{}", &text[whole.len()..]);
        // Whole lines are kept as they are, and a lone torn line goes.
        RunLog::open(dir.path()).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        std::fs::write(&path, "{\"st").unwrap();
        RunLog::open(dir.path()).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "");
    }
}
