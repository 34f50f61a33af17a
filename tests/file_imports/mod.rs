//! The analysis behind `tests/file_imports.rs`: find the workspace's crates and their root files,
//! read each crate's module tree, and build the graph of which file imports which.

mod graph;
mod lexer;
mod modules;
mod resolve;

use std::path::{Path, PathBuf};
use std::{fs, io};

pub use graph::ImportGraph;
use modules::ModuleTree;

/// The package directories of the workspace rooted at `root`: `root` itself and every entry of
/// `members = [...]` in its `Cargo.toml`.
pub fn workspace_packages(root: &Path) -> io::Result<Vec<PathBuf>> {
    let manifest = fs::read_to_string(root.join("Cargo.toml"))?;
    let members = manifest
        .split_once("\nmembers")
        .and_then(|(_, rest)| rest.split_once('['))
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or("", |(list, _)| list);
    let mut packages = vec![root.to_path_buf()];
    packages.extend(
        members
            .split(',')
            .map(|entry| entry.trim().trim_matches('"'))
            .filter(|entry| !entry.is_empty())
            .map(|entry| root.join(entry)),
    );
    Ok(packages)
}

/// The crate root files of a package: `src/lib.rs`, `src/main.rs`, `src/bin/*.rs` and
/// `src/bin/*/main.rs`, those that exist.
pub fn crate_roots(package: &Path) -> io::Result<Vec<PathBuf>> {
    let src = package.join("src");
    let mut roots: Vec<PathBuf> = ["lib.rs", "main.rs"].iter().map(|f| src.join(f)).collect();
    if let Ok(bins) = fs::read_dir(src.join("bin")) {
        for entry in bins {
            let path = entry?.path();
            roots.push(if path.is_dir() { path.join("main.rs") } else { path });
        }
    }
    roots.retain(|root| root.is_file() && root.extension().is_some_and(|e| e == "rs"));
    roots.sort();
    Ok(roots)
}

/// The file-import graph of the crates rooted at `roots`.
pub fn import_graph(roots: &[PathBuf]) -> io::Result<ImportGraph> {
    let mut graph = ImportGraph::default();
    for root in roots {
        graph.add_crate(&ModuleTree::read(root)?);
    }
    Ok(graph)
}
