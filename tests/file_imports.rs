//! No two source files of the workspace import each other, directly or around a longer loop.
//!
//! File A *imports* file B when A names an item defined in B: through a `use` declaration, an
//! inline path (`crate::x::Y`, `super::Y`, `self::m::Y`, `m::Y` for a module `m` in scope), or a
//! module in scope. Names are followed through `use` and `pub use` re-exports (groups and globs
//! included) to the file where the item is really defined, so a parent `lib.rs` or `mod.rs` that
//! declares `mod child;` and re-exports `pub use child::X` imports the child, and a child naming
//! `crate::X` imports the child that defines `X`, not the parent. Naming a module itself
//! (`use crate::encode;`) imports the module's file. A `mod child;` declaration alone imports
//! nothing. Items under `#[cfg(test)]` (test modules, test-only helpers) are left out.
//!
//! Two files that import each other are one concept split across two files, or two concepts
//! sharing one; the fix is to move the shared piece to where it belongs.
//!
//! Every crate of the workspace is read from its root files (`lib.rs`, `main.rs`, `bin/*`); files
//! of different crates cannot import each other, since crates cannot depend on each other in a
//! loop. The reader is lexical (no macro expansion, no type inference): a method call or a name
//! produced by a macro is invisible to it, so it can miss an import but does not invent one.

#[path = "file_imports/mod.rs"]
mod analysis;

use std::fs;
use std::path::{Path, PathBuf};

use analysis::{ImportGraph, crate_roots, import_graph, workspace_packages};

fn workspace_roots(workspace: &Path) -> Vec<PathBuf> {
    let packages = workspace_packages(workspace).expect("read the workspace Cargo.toml");
    assert!(packages.len() > 1, "found no workspace members in {}", workspace.display());
    packages.iter().flat_map(|p| crate_roots(p).expect("list crate roots")).collect()
}

/// The graph's cycles, each described as its edges, paths relative to `base`.
fn cycle_report(graph: &ImportGraph, base: &Path) -> Vec<String> {
    graph.cycles().iter().map(|cycle| graph.describe(cycle, base)).collect()
}

#[test]
fn no_two_files_import_each_other() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let graph = import_graph(&workspace_roots(workspace)).expect("read the crates' sources");
    // A reader lost on the way (no crates, no modules) would find no cycle either.
    assert!(graph.edges.len() > 100, "only {} files import another file", graph.edges.len());
    let cycles = cycle_report(&graph, workspace);
    assert!(
        cycles.is_empty(),
        "{} import cycle(s) between source files; move the shared piece to where it belongs:\n{}",
        cycles.len(),
        cycles.concat()
    );
}

/// Writes a small crate into a temporary directory: `(relative path, source)` pairs.
fn mini_crate(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (path, source) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, source).unwrap();
    }
    dir
}

fn cycles_of(dir: &tempfile::TempDir) -> Vec<String> {
    let graph = import_graph(&[dir.path().join("src/lib.rs")]).expect("read the mini crate");
    cycle_report(&graph, dir.path())
}

#[test]
fn analyser_finds_two_files_that_import_each_other_through_a_re_export() {
    let dir = mini_crate(&[
        ("src/lib.rs", "mod error;\nmod state;\npub use error::Error;\npub use state::State;\n"),
        ("src/error.rs", "use crate::State;\npub struct Error(State);\n"),
        ("src/state.rs", "pub struct State;\nimpl State { fn f() -> crate::error::Error { todo!() } }\n"),
    ]);
    let cycles = cycles_of(&dir);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains("src/error.rs -> src/state.rs  (crate::State)"), "{}", cycles[0]);
    assert!(cycles[0].contains("src/state.rs -> src/error.rs  (crate::error::Error)"), "{}", cycles[0]);
    assert!(!cycles[0].contains("lib.rs"), "lib.rs only re-exports: {}", cycles[0]);
}

#[test]
fn analyser_finds_a_longer_loop_and_a_child_naming_its_parent() {
    let dir = mini_crate(&[
        ("src/lib.rs", "pub mod a;\nmod b;\nmod c;\nmod server;\n"),
        ("src/a.rs", "pub struct A(crate::b::B);\n"),
        ("src/b.rs", "use super::c::{self, C};\npub struct B(C, c::D);\n"),
        ("src/c.rs", "pub struct C;\npub struct D;\nfn f(_: crate::a::A) {}\n"),
        ("src/server/mod.rs", "mod table;\npub struct Config;\npub use table::Table;\n"),
        ("src/server/table.rs", "pub struct Table(super::Config);\n"),
    ]);
    let cycles = cycles_of(&dir);
    assert_eq!(cycles.len(), 2, "{cycles:?}");
    // a -> b -> c -> a, through a module imported with `self` and a path through it.
    assert!(cycles.iter().any(|c| c.starts_with("cycle of 3 files")), "{cycles:?}");
    assert!(cycles.iter().any(|c| c.contains("src/server/table.rs -> src/server/mod.rs  (super::Config)")));
}

#[test]
fn analyser_ignores_test_modules_and_one_way_imports() {
    let dir = mini_crate(&[
        ("src/lib.rs", "mod a;\nmod b;\npub use a::A;\n"),
        ("src/a.rs", "pub struct A;\n#[cfg(test)]\nmod tests {\n    use crate::b::B;\n}\n"),
        (
            "src/b.rs",
            "// crate::a::A in a comment\nuse crate::A;\npub struct B(A, &'static str);\nconst S: &str = \"crate::a::A\";\n",
        ),
    ]);
    assert_eq!(cycles_of(&dir), Vec::<String>::new());
}
