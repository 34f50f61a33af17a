//! Which model files a page may seat: only those under the folders the server was started with
//! (`--models DIR`; by default `runs/` and `checkpoints/` of the working directory). Any other
//! path gets one answer whether or not it exists, so a page cannot probe the server's files.
//!
//! ```
//! use tabula::serve::ModelDirs;
//! let dirs = ModelDirs::new(vec!["runs".into()]);
//! assert!(dirs.check(std::path::Path::new("/etc/passwd")).is_err());
//! ```

use std::path::{Path, PathBuf};

/// The one answer for a path outside the model folders: it says nothing about the path.
pub const REFUSED: &str = "models are served only from the folders tabula serve was started with (--models DIR)";

/// The folders whose models may be seated. Kept as given (made absolute) and resolved at each
/// check, so that a run started after the server is served too.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelDirs {
    roots: Vec<PathBuf>,
}

impl ModelDirs {
    /// Relative folders are taken from the working directory now.
    pub fn new(roots: Vec<PathBuf>) -> ModelDirs {
        let here = std::env::current_dir().unwrap_or_default();
        ModelDirs { roots: roots.into_iter().map(|r| if r.is_absolute() { r } else { here.join(r) }).collect() }
    }

    /// `runs/` and `checkpoints/` of the working directory.
    pub fn default_dirs() -> ModelDirs {
        ModelDirs::new(vec!["runs".into(), "checkpoints".into()])
    }

    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// `path` itself (links and `..` resolved) if it lies under one of the folders; otherwise
    /// [`REFUSED`], the same for a path that does not exist.
    pub fn check(&self, path: &Path) -> Result<PathBuf, &'static str> {
        let here = std::env::current_dir().map_err(|_| REFUSED)?;
        let real = here.join(path).canonicalize().map_err(|_| REFUSED)?;
        let inside = self.roots.iter().filter_map(|root| root.canonicalize().ok()).any(|root| real.starts_with(root));
        if inside { Ok(real) } else { Err(REFUSED) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_outside_the_folders_get_one_answer() {
        let dir = tempfile::tempdir().unwrap();
        let models = dir.path().join("models");
        std::fs::create_dir_all(models.join("run")).unwrap();
        std::fs::write(dir.path().join("secret"), "x").unwrap();
        let dirs = ModelDirs::new(vec![models.clone()]);
        assert_eq!(dirs.check(&models.join("run")).unwrap(), models.join("run").canonicalize().unwrap());
        for outside in [
            dir.path().join("secret"),
            dir.path().join("no such file"),
            models.join("../secret"),
            models.join("run/../../secret"),
            PathBuf::from("/etc/passwd"),
            PathBuf::from("/"),
        ] {
            assert_eq!(dirs.check(&outside), Err(REFUSED), "{}", outside.display());
        }
        // A link inside the folder to a file outside it is outside.
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret"), models.join("link")).unwrap();
            assert_eq!(dirs.check(&models.join("link")), Err(REFUSED));
        }
        // A folder that does not exist (yet) lets nothing in.
        assert_eq!(ModelDirs::new(vec![dir.path().join("later")]).check(&models.join("run")), Err(REFUSED));
    }
}
