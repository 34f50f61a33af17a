//! A checkpoint's manifest (`manifest.json`): the size and SHA-256 of every file in it, written
//! last, so that a damaged checkpoint (a flipped bit, a truncated copy, an edited file) is found
//! when it is read rather than loaded.
//!
//! ```
//! # fn main() -> anyhow::Result<()> {
//! use tabula_models::manifest;
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("weights"), b"1234")?;
//! manifest::write(dir.path())?;
//! assert!(manifest::verify(dir.path()).is_ok());
//! std::fs::write(dir.path().join("weights"), b"1235")?;
//! assert!(manifest::verify(dir.path()).unwrap_err().to_string().contains("weights"));
//! # Ok(()) }
//! ```

use anyhow::Context;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The manifest's file name in a checkpoint folder.
pub const MANIFEST: &str = "manifest.json";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    /// Every file but the manifest, by its path under the folder (`/`-separated).
    files: BTreeMap<String, Entry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    bytes: u64,
    sha256: String,
}

/// What is wrong with a checkpoint folder, naming the file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Damage {
    #[error("{0} has no {MANIFEST}")]
    NoManifest(PathBuf),
    #[error("{0}: unreadable manifest ({1})")]
    BadManifest(PathBuf, String),
    #[error("{0} is missing")]
    Missing(PathBuf),
    #[error("{0} is {1} bytes, the manifest says {2}")]
    WrongSize(PathBuf, u64, u64),
    #[error("{0} is not the file that was written (its SHA-256 differs)")]
    WrongHash(PathBuf),
    #[error("{0}: {1}")]
    Unreadable(PathBuf, String),
}

/// Writes the manifest of every file under `dir` (call it when the folder is complete).
pub fn write(dir: &Path) -> anyhow::Result<()> {
    write_reusing(dir, None)
}

/// The same, where a file that is a hard link to the same-named file of `previous` (a
/// checkpoint linking the last one's replay buffer, tens of MB) takes its checksum from
/// `previous`'s manifest instead of being read again.
pub fn write_reusing(dir: &Path, previous: Option<&Path>) -> anyhow::Result<()> {
    let known: BTreeMap<String, Entry> = previous
        .and_then(|p| fs::read(p.join(MANIFEST)).ok())
        .and_then(|text| serde_json::from_slice::<Manifest>(&text).ok())
        .map(|m| m.files)
        .unwrap_or_default();
    let mut files = BTreeMap::new();
    for (name, path) in files_under(dir)? {
        let linked = previous.zip(known.get(&name)).filter(|(p, _)| same_file(&path, &p.join(&name)));
        let entry = match linked {
            Some((_, entry)) => entry.clone(),
            None => {
                let (bytes, sha256) = digest(&path).with_context(|| format!("reading {}", path.display()))?;
                Entry { bytes, sha256 }
            }
        };
        files.insert(name, entry);
    }
    save(dir, Manifest { files })
}

/// Whether two paths are one file (a hard link), as far as this system can tell.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        matches!((fs::metadata(a), fs::metadata(b)), (Ok(a), Ok(b)) if (a.dev(), a.ino()) == (b.dev(), b.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

/// Writes the manifest of the files `names` in `dir` only (a shipped model's folder, whose
/// README and plots are edited by hand after the model is written).
pub fn write_files(dir: &Path, names: &[&str]) -> anyhow::Result<()> {
    write_of(dir, names.iter().map(|n| (n.to_string(), dir.join(n))).collect())
}

fn write_of(dir: &Path, named: Vec<(String, PathBuf)>) -> anyhow::Result<()> {
    let mut files = BTreeMap::new();
    for (name, path) in named {
        let (bytes, sha256) = digest(&path).with_context(|| format!("reading {}", path.display()))?;
        files.insert(name, Entry { bytes, sha256 });
    }
    save(dir, Manifest { files })
}

fn save(dir: &Path, manifest: Manifest) -> anyhow::Result<()> {
    let text = serde_json::to_vec_pretty(&manifest)?;
    fs::write(dir.join(MANIFEST), text).with_context(|| format!("writing {}", dir.join(MANIFEST).display()))
}

/// Checks `bytes` (a file compiled into a binary) against the entry for `name` in the manifest
/// text `manifest`.
pub fn verify_bytes(manifest: &str, name: &str, bytes: &[u8]) -> Result<(), String> {
    let manifest: Manifest = serde_json::from_str(manifest).map_err(|e| format!("unreadable manifest: {e}"))?;
    let entry = manifest.files.get(name).ok_or_else(|| format!("the manifest does not list {name}"))?;
    if bytes.len() as u64 != entry.bytes {
        return Err(format!("{name} is {} bytes, the manifest says {}", bytes.len(), entry.bytes));
    }
    if hex(&Sha256::digest(bytes)) != entry.sha256 {
        return Err(format!("{name} is not the file that was written (its SHA-256 differs)"));
    }
    Ok(())
}

fn hex(hash: &[u8]) -> String {
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks every file the manifest of `dir` lists (a file it does not list is not checked).
pub fn verify(dir: &Path) -> Result<(), Damage> {
    verify_but(dir, &[])
}

/// The same, where the files named in `may_be_absent` (top-level names) may have been left out,
/// as `scripts/pack-run.sh` leaves out the replay buffer; if present they are checked.
pub fn verify_but(dir: &Path, may_be_absent: &[&str]) -> Result<(), Damage> {
    let path = dir.join(MANIFEST);
    let text = match fs::read(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Damage::NoManifest(dir.to_path_buf())),
        Err(e) => return Err(Damage::Unreadable(path, e.to_string())),
    };
    let manifest: Manifest = serde_json::from_slice(&text).map_err(|e| Damage::BadManifest(path, e.to_string()))?;
    for (name, entry) in &manifest.files {
        let file = dir.join(name);
        if name.split('/').any(|part| part == ".." || part.is_empty()) {
            return Err(Damage::BadManifest(dir.join(MANIFEST), format!("bad file name {name:?}")));
        }
        let size = match fs::metadata(&file) {
            Ok(m) => m.len(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && may_be_absent.contains(&name.as_str()) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Damage::Missing(file)),
            Err(e) => return Err(Damage::Unreadable(file, e.to_string())),
        };
        if size != entry.bytes {
            return Err(Damage::WrongSize(file, size, entry.bytes));
        }
        let (_, sha256) = digest(&file).map_err(|e| Damage::Unreadable(file.clone(), e.to_string()))?;
        if sha256 != entry.sha256 {
            return Err(Damage::WrongHash(file));
        }
    }
    Ok(())
}

/// The files under `dir` but the manifest, by relative `/`-separated name.
fn files_under(dir: &Path) -> anyhow::Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), dir.to_path_buf())];
    while let Some((prefix, folder)) = stack.pop() {
        for entry in fs::read_dir(&folder).with_context(|| format!("listing {}", folder.display()))? {
            let entry = entry?;
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            let path = entry.path();
            if path.is_dir() {
                stack.push((format!("{name}/"), path));
            } else if name != MANIFEST {
                out.push((name, path));
            }
        }
    }
    Ok(out)
}

fn digest(path: &Path) -> std::io::Result<(u64, String)> {
    let mut file = fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
        bytes += n as u64;
    }
    Ok((bytes, hex(&hasher.finalize())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("learner")).unwrap();
        fs::write(dir.path().join("learner/model.bpk"), vec![7u8; 5000]).unwrap();
        fs::write(dir.path().join("progress.json"), b"{\"step\": 3}").unwrap();
        write(dir.path()).unwrap();
        dir
    }

    #[test]
    fn a_file_left_out_on_purpose_is_not_damage_but_a_changed_one_is() {
        let dir = folder();
        let progress = dir.path().join("progress.json");
        fs::remove_file(&progress).unwrap();
        assert!(verify(dir.path()).is_err());
        assert_eq!(verify_but(dir.path(), &["progress.json"]), Ok(()));
        fs::write(&progress, b"{\"step\": 4}").unwrap();
        assert_eq!(verify_but(dir.path(), &["progress.json"]), Err(Damage::WrongHash(progress)));
    }

    #[cfg(unix)]
    #[test]
    fn a_file_linked_from_the_previous_folder_keeps_its_checksum_unread() {
        let previous = folder();
        let next = tempfile::tempdir().unwrap();
        fs::hard_link(previous.path().join("progress.json"), next.path().join("progress.json")).unwrap();
        fs::write(next.path().join("fresh"), b"new bytes").unwrap();
        // The previous manifest's entry for the linked file is taken as it stands (here made
        // different on purpose, to show it is not read again); the fresh file is read.
        let text = fs::read_to_string(previous.path().join(MANIFEST)).unwrap();
        let mut manifest: Manifest = serde_json::from_str(&text).unwrap();
        manifest.files.get_mut("progress.json").unwrap().sha256 = "taken from the previous".into();
        save(previous.path(), manifest).unwrap();
        write_reusing(next.path(), Some(previous.path())).unwrap();
        let written: Manifest = serde_json::from_slice(&fs::read(next.path().join(MANIFEST)).unwrap()).unwrap();
        assert_eq!(written.files["progress.json"].sha256, "taken from the previous");
        assert_eq!(written.files["fresh"].bytes, 9);
        // A copy rather than a link is read.
        fs::remove_file(next.path().join("progress.json")).unwrap();
        fs::copy(previous.path().join("progress.json"), next.path().join("progress.json")).unwrap();
        write_reusing(next.path(), Some(previous.path())).unwrap();
        assert_eq!(verify(next.path()), Ok(()));
    }

    #[test]
    fn a_manifest_of_some_files_checks_those_and_bytes_in_a_binary() {
        let dir = folder();
        write_files(dir.path(), &["progress.json"]).unwrap();
        fs::write(dir.path().join("learner/model.bpk"), b"edited").unwrap();
        assert_eq!(verify(dir.path()), Ok(()), "only progress.json is listed");
        let manifest = fs::read_to_string(dir.path().join(MANIFEST)).unwrap();
        assert_eq!(verify_bytes(&manifest, "progress.json", b"{\"step\": 3}"), Ok(()));
        assert!(verify_bytes(&manifest, "progress.json", b"{\"step\": 4}").unwrap_err().contains("SHA-256"));
        assert!(
            verify_bytes(&manifest, "progress.json", b"{}").unwrap_err().contains("is 2 bytes, the manifest says 11")
        );
        assert!(verify_bytes(&manifest, "model.bpk", b"").unwrap_err().contains("does not list"));
    }

    #[test]
    fn every_kind_of_damage_names_its_file() {
        let dir = folder();
        assert_eq!(verify(dir.path()), Ok(()));
        let weights = dir.path().join("learner/model.bpk");

        let mut flipped = fs::read(&weights).unwrap();
        flipped[1234] ^= 0x10;
        fs::write(&weights, &flipped).unwrap();
        assert_eq!(verify(dir.path()), Err(Damage::WrongHash(weights.clone())));

        fs::write(&weights, &flipped[..4000]).unwrap();
        assert_eq!(verify(dir.path()), Err(Damage::WrongSize(weights.clone(), 4000, 5000)));

        fs::remove_file(&weights).unwrap();
        assert_eq!(verify(dir.path()), Err(Damage::Missing(weights)));
        assert_eq!(
            verify_but(dir.path(), &["progress.json"]),
            Err(Damage::Missing(dir.path().join("learner/model.bpk")))
        );

        fs::write(dir.path().join(MANIFEST), b"{\"files\": ").unwrap();
        assert!(matches!(verify(dir.path()), Err(Damage::BadManifest(..))));
        fs::write(dir.path().join(MANIFEST), br#"{"files": {"../x": {"bytes": 1, "sha256": "00"}}}"#).unwrap();
        assert!(matches!(verify(dir.path()), Err(Damage::BadManifest(..))));

        fs::remove_file(dir.path().join(MANIFEST)).unwrap();
        assert_eq!(verify(dir.path()), Err(Damage::NoManifest(dir.path().to_path_buf())));
    }
}
