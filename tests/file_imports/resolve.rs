//! Resolves the paths a module names to the module where the named item is really defined,
//! following `use` declarations (re-exports included) and globs, the way rustc resolves names.

use super::modules::ModuleTree;

/// What a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A module (`crate::server`); its file is where its content is defined.
    Module(usize),
    /// An item defined in the given module (`crate::server::Table`, `Side::Left`).
    Item(usize),
}

/// Re-exports chained deeper than this are treated as unresolved (it also stops `use` loops).
const MAX_DEPTH: u32 = 24;

impl ModuleTree {
    /// The module whose file holds what `target` names.
    pub fn defining_module(&self, target: Target) -> usize {
        match target {
            Target::Module(m) | Target::Item(m) => m,
        }
    }

    /// What `path`, written in module `m`, names; `None` for other crates, the prelude, generic
    /// parameters, `Self` and anything else this crate does not define.
    pub fn resolve(&self, m: usize, path: &[String]) -> Option<Target> {
        self.resolve_at(m, path, 0)
    }

    fn resolve_at(&self, m: usize, path: &[String], depth: u32) -> Option<Target> {
        if depth > MAX_DEPTH {
            return None;
        }
        let (mut current, rest) = match path.first()?.as_str() {
            "crate" => (0, &path[1..]),
            "self" => (m, &path[1..]),
            "super" => {
                let supers = path.iter().take_while(|s| *s == "super").count();
                let mut current = m;
                for _ in 0..supers {
                    current = self.modules[current].parent?;
                }
                (current, &path[supers..])
            }
            _ => (m, path),
        };
        for (k, segment) in rest.iter().enumerate() {
            let last = k + 1 == rest.len();
            match self.lookup(current, segment, !last, depth + 1)? {
                Target::Module(child) => current = child,
                item => return Some(item),
            }
        }
        Some(Target::Module(current))
    }

    /// What `name` means inside module `m`: an item or child module defined there, or what a
    /// `use` there binds to that name (explicitly, or through a glob). In the middle of a path
    /// (`want_module`) a module wins over an item of the same name, elsewhere the item wins.
    fn lookup(&self, m: usize, name: &str, want_module: bool, depth: u32) -> Option<Target> {
        let module = &self.modules[m];
        let mut found: Vec<Target> = Vec::new();
        found.extend(module.items.contains(name).then_some(Target::Item(m)));
        found.extend(module.children.get(name).map(|&child| Target::Module(child)));
        for import in module.imports.iter().filter(|i| i.binding.as_deref() == Some(name)) {
            found.extend(self.resolve_at(m, &import.path, depth + 1));
        }
        let is_module = |t: &&Target| matches!(t, Target::Module(_));
        let preferred = if want_module { found.iter().find(is_module) } else { found.iter().find(|t| !is_module(t)) };
        if let Some(&target) = preferred.or(found.first()) {
            return Some(target);
        }
        module.imports.iter().filter(|i| i.binding.is_none()).find_map(|glob| {
            match self.resolve_at(m, &glob.path, depth + 1)? {
                Target::Module(source) if source != m => self.lookup(source, name, want_module, depth + 1),
                _ => None,
            }
        })
    }
}
