//! Helpers shared by the bots' integration tests.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Copies `binary` alone into a fresh temporary directory, so a test can run it where no model
/// file lies beside it.
///
/// The copy is made by a `cp` process, not `std::fs::copy`: while this process holds the copy open
/// for writing, a child that another test thread forks inherits that descriptor until it execs, and
/// executing the copy then fails with "text file busy" (the shell's exit status 126, seen in CI).
pub fn alone(binary: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join(Path::new(binary).file_name().unwrap());
    let status = Command::new("cp").arg(binary).arg(&copy).status().unwrap();
    assert!(status.success(), "cp {binary} {}: {status}", copy.display());
    (dir, copy)
}
