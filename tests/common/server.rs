//! `tabula serve` started on 127.0.0.1 with a free port, killed when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

pub struct Served {
    child: Child,
    pub url: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server and reads its address from the first line it prints.
pub fn serve() -> Served {
    serve_with(50, &[])
}

/// The same with the baselines' thinking time and more options (`--models DIR`, ...).
#[allow(dead_code)] // not every test file that shares this module uses it
pub fn serve_with(movetime_ms: u64, more: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--port", "0", "--movetime-ms", &movetime_ms.to_string()])
        .args(more)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("tabula starts");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        if let Some(Ok(line)) = lines.next() {
            let _ = tx.send(line);
        }
        for _ in lines {}
    });
    let line = rx.recv_timeout(Duration::from_secs(30)).expect("tabula serve prints its address within 30 s");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Served { child, url }
}
