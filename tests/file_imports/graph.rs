//! The file-import graph: an edge from file A to file B when A names something defined in B, and
//! its cycles (strongly connected components of more than one file).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::modules::ModuleTree;

/// Which files import which, and by which paths.
#[derive(Debug, Default)]
pub struct ImportGraph {
    /// importing file → imported file → the paths (as written) that name something there.
    pub edges: BTreeMap<PathBuf, BTreeMap<PathBuf, BTreeSet<String>>>,
}

impl ImportGraph {
    /// Adds the edges of one crate (one module tree).
    pub fn add_crate(&mut self, tree: &ModuleTree) {
        for (m, module) in tree.modules.iter().enumerate() {
            for path in &module.paths {
                let Some(target) = tree.resolve(m, path) else { continue };
                let defined_in = &tree.modules[tree.defining_module(target)].file;
                if *defined_in != module.file {
                    self.edges
                        .entry(module.file.clone())
                        .or_default()
                        .entry(defined_in.clone())
                        .or_default()
                        .insert(path.join("::"));
                }
            }
        }
    }

    fn imports(&self, file: &Path) -> impl Iterator<Item = &PathBuf> {
        self.edges.get(file).into_iter().flat_map(|targets| targets.keys())
    }

    /// Every set of files that import each other, directly or around a longer loop.
    pub fn cycles(&self) -> Vec<Vec<PathBuf>> {
        let mut tarjan = Tarjan {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            components: Vec::new(),
        };
        for file in self.edges.keys() {
            if !tarjan.index.contains_key(file.as_path()) {
                tarjan.visit(file);
            }
        }
        tarjan.components
    }

    /// One cycle, as the edges between its files, paths relative to `base`.
    pub fn describe(&self, cycle: &[PathBuf], base: &Path) -> String {
        let show = |p: &Path| p.strip_prefix(base).unwrap_or(p).display().to_string();
        let mut text = format!("cycle of {} files:\n", cycle.len());
        for from in cycle {
            for (to, names) in self.edges.get(from).into_iter().flatten() {
                if cycle.contains(to) {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    text += &format!("    {} -> {}  ({})\n", show(from), show(to), names.join(", "));
                }
            }
        }
        text
    }
}

/// Tarjan's strongly-connected-components algorithm over the import graph.
struct Tarjan<'g> {
    graph: &'g ImportGraph,
    index: BTreeMap<&'g Path, usize>,
    low: BTreeMap<&'g Path, usize>,
    stack: Vec<&'g Path>,
    on_stack: BTreeSet<&'g Path>,
    components: Vec<Vec<PathBuf>>,
}

impl<'g> Tarjan<'g> {
    fn visit(&mut self, file: &'g Path) {
        let index = self.index.len();
        self.index.insert(file, index);
        self.low.insert(file, index);
        self.stack.push(file);
        self.on_stack.insert(file);
        for next in self.graph.imports(file) {
            if !self.index.contains_key(next.as_path()) {
                self.visit(next);
                self.lower(file, self.low[next.as_path()]);
            } else if self.on_stack.contains(next.as_path()) {
                self.lower(file, self.index[next.as_path()]);
            }
        }
        if self.low[file] == index {
            let mut component = Vec::new();
            while let Some(member) = self.stack.pop() {
                self.on_stack.remove(member);
                component.push(member.to_path_buf());
                if member == file {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                self.components.push(component);
            }
        }
    }

    fn lower(&mut self, file: &'g Path, value: usize) {
        let low = self.low.get_mut(file).expect("visited");
        *low = (*low).min(value);
    }
}
