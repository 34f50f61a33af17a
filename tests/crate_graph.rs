//! The workspace's crates stand on floors, drawn in `docs/ARCHITECTURE.md`, and every dependency
//! (normal, build or dev) points to a lower floor: a game never reaches up to search, the bots never
//! reach up to the trainer. The test reads the drawing from the document and the dependencies from
//! `cargo metadata`, so the picture and the code cannot drift apart: a crate that gains an upward
//! (or sideways) dependency, or a crate missing from the drawing, fails here.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Crate name → floor, read from the fenced block after the `<!-- crate floors -->` marker: one
/// line a floor, `floor N` followed by its crates' names (a name may be followed by a note in
/// parentheses, which is skipped).
fn floors(document: &str) -> BTreeMap<String, usize> {
    let block = document.split("<!-- crate floors -->").nth(1).expect("the document marks its crate floors");
    let block = block.split("```").nth(1).expect("the floors are drawn in a fenced block");
    let mut floors = BTreeMap::new();
    for line in block.lines() {
        let Some(rest) = line.trim().strip_prefix("floor ") else { continue };
        let (number, crates) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let floor: usize = number.parse().unwrap_or_else(|_| panic!("a floor number: {line}"));
        let mut depth = 0;
        let mut name = String::new();
        for c in crates.chars().chain([' ']) {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                c if depth == 0 && c.is_whitespace() && !name.is_empty() => {
                    assert!(floors.insert(std::mem::take(&mut name), floor).is_none(), "a crate drawn twice");
                }
                c if c.is_whitespace() => {}
                c if depth == 0 => name.push(c),
                _ => {}
            }
        }
    }
    floors
}

/// A dependency edge between two workspace crates, or on an outside crate.
struct Edge {
    from: String,
    to: String,
    kind: String,
}

/// The workspace's crates and their dependency edges, from `cargo metadata`.
fn workspace() -> (Vec<String>, Vec<Edge>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root)
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let names: Vec<String> = packages.iter().map(|p| p["name"].as_str().unwrap().to_string()).collect();
    let mut edges = Vec::new();
    for package in packages {
        for dependency in package["dependencies"].as_array().unwrap() {
            edges.push(Edge {
                from: package["name"].as_str().unwrap().to_string(),
                to: dependency["name"].as_str().unwrap().to_string(),
                kind: dependency["kind"].as_str().unwrap_or("normal").to_string(),
            });
        }
    }
    (names, edges)
}

/// What is wrong with `edges` given the drawing: crates not drawn, arrows not pointing down, and
/// burn below the networks' floor.
fn violations(names: &[String], edges: &[Edge], floors: &BTreeMap<String, usize>) -> Vec<String> {
    let mut wrong = Vec::new();
    for name in names.iter().filter(|n| !floors.contains_key(*n)) {
        wrong.push(format!("{name} is not drawn on any floor"));
    }
    let burn_floor = floors.get("tabula-nets").copied().unwrap_or(usize::MAX);
    for edge in edges {
        let Some(&from) = floors.get(&edge.from) else { continue };
        if let Some(&to) = floors.get(&edge.to) {
            if to >= from {
                wrong.push(format!(
                    "{} (floor {from}) depends on {} (floor {to}) as a {} dependency: arrows point down",
                    edge.from, edge.to, edge.kind
                ));
            }
        } else if edge.to == "burn" && from < burn_floor {
            wrong.push(format!("{} (floor {from}) depends on burn, which stays at tabula-nets and above", edge.from));
        }
    }
    wrong
}

#[test]
fn every_dependency_points_to_a_lower_floor() {
    let document = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md");
    let floors = floors(&document);
    let (names, edges) = workspace();
    assert!(names.len() >= 13 && floors.len() >= names.len(), "{names:?} vs {floors:?}");
    let wrong = violations(&names, &edges, &floors);
    assert!(wrong.is_empty(), "the crate graph breaks the floors of docs/ARCHITECTURE.md:\n{}", wrong.join("\n"));
    for drawn in floors.keys() {
        assert!(names.contains(drawn), "{drawn} is drawn but is no crate of the workspace");
    }
}

#[test]
fn an_upward_or_sideways_dependency_and_an_undrawn_crate_are_caught() {
    let floors =
        floors("<!-- crate floors -->\n```\nfloor 2  bots (the bots)  train\nfloor 1  game\nfloor 0  core\n```\n");
    assert_eq!(floors["train"], 2);
    let edge = |from: &str, to: &str| Edge { from: from.into(), to: to.into(), kind: "normal".into() };
    let names: Vec<String> = ["bots", "train", "game", "core", "stray"].map(String::from).to_vec();
    let good = [edge("bots", "game"), edge("game", "core"), edge("train", "core"), edge("bots", "rand")];
    assert_eq!(violations(&names[..4], &good, &floors), Vec::<String>::new());
    let bad = [edge("bots", "train"), edge("core", "game"), edge("game", "burn")];
    let wrong = violations(&names, &bad, &floors);
    assert_eq!(wrong.len(), 4, "{wrong:?}");
    assert!(wrong[0].contains("stray is not drawn"));
    assert!(wrong[1].contains("bots (floor 2) depends on train (floor 2)"));
    assert!(wrong[2].contains("core (floor 0) depends on game (floor 1)"));
    assert!(wrong[3].contains("burn"), "no tabula-nets in this drawing: burn is allowed nowhere");
}
