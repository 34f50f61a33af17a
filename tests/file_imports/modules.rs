//! Reads one crate's module tree from its root file (`lib.rs`, `main.rs`, `bin/x.rs`): for every
//! module, the file it lives in, its child modules, the names it defines, its `use` declarations,
//! and the paths its code names. Items under `#[cfg(test)]` are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::{fs, io};

use super::lexer::{Tok, tokenize};

/// One module of a crate: a file, or an inline `mod m { … }` inside one.
#[derive(Debug)]
pub struct Module {
    pub file: PathBuf,
    pub parent: Option<usize>,
    /// Where `mod x;` in this module finds `x.rs` or `x/mod.rs`.
    child_dir: PathBuf,
    pub children: BTreeMap<String, usize>,
    /// Names of the items defined here (types, traits, functions, constants, macros).
    pub items: BTreeSet<String>,
    pub imports: Vec<Import>,
    /// Every path this module names: the full path of each import and each inline `a::b` path.
    pub paths: Vec<Vec<String>>,
}

/// One leaf of a `use` tree, flattened: `use a::{b::C as D, e::*}` gives `a::b::C` bound to `D`
/// and the glob `a::e::*`.
#[derive(Debug)]
pub struct Import {
    pub path: Vec<String>,
    /// The name it brings into scope, or `None` for a glob.
    pub binding: Option<String>,
}

/// The modules of one crate; module 0 is the crate root.
#[derive(Debug, Default)]
pub struct ModuleTree {
    pub modules: Vec<Module>,
}

impl ModuleTree {
    /// Reads the crate whose root file is `root`, following `mod x;` declarations.
    pub fn read(root: &Path) -> io::Result<ModuleTree> {
        let mut tree = ModuleTree::default();
        let dir = root.parent().unwrap_or(Path::new(".")).to_path_buf();
        tree.read_file(root, None, dir)?;
        Ok(tree)
    }

    fn add_module(&mut self, file: &Path, parent: Option<usize>, child_dir: PathBuf) -> usize {
        self.modules.push(Module {
            file: file.to_path_buf(),
            parent,
            child_dir,
            children: BTreeMap::new(),
            items: BTreeSet::new(),
            imports: Vec::new(),
            paths: Vec::new(),
        });
        self.modules.len() - 1
    }

    fn read_file(&mut self, file: &Path, parent: Option<usize>, child_dir: PathBuf) -> io::Result<usize> {
        let toks = tokenize(&fs::read_to_string(file)?);
        let m = self.add_module(file, parent, child_dir);
        self.read_items(&toks, m)?;
        Ok(m)
    }

    /// Reads the items of module `m`, whose body is `toks`.
    fn read_items(&mut self, toks: &[Tok], m: usize) -> io::Result<()> {
        let mut i = 0;
        while i < toks.len() {
            let (after_attrs, is_test) = skip_attributes(toks, i);
            let start = skip_qualifiers(toks, after_attrs);
            let end = item_end(toks, start);
            if !is_test && start < end {
                self.read_item(&toks[start..end], m)?;
            }
            i = end.max(i + 1);
        }
        Ok(())
    }

    fn read_item(&mut self, item: &[Tok], m: usize) -> io::Result<()> {
        let keyword = item[0].ident().unwrap_or("");
        let name = || item.get(1).and_then(Tok::ident).map(str::to_string);
        match keyword {
            "use" => {
                let imports = read_use_tree(&item[1..]);
                let module = &mut self.modules[m];
                module.paths.extend(imports.iter().map(|import| import.path.clone()));
                module.imports.extend(imports);
                return Ok(());
            }
            "mod" => return self.read_mod(item, m),
            "struct" | "enum" | "union" | "trait" | "type" | "fn" | "const" => {
                self.modules[m].items.extend(name());
            }
            "static" => {
                let skip_mut = usize::from(item.get(1).is_some_and(|t| t.is_ident("mut")));
                self.modules[m].items.extend(item.get(1 + skip_mut).and_then(Tok::ident).map(str::to_string));
            }
            "macro_rules" => {
                self.modules[m].items.extend(item.get(2).and_then(Tok::ident).map(str::to_string));
            }
            _ => {}
        }
        collect_paths(item, &mut self.modules[m].paths);
        Ok(())
    }

    /// `mod x;` (a file) or `mod x { … }` (inline).
    fn read_mod(&mut self, item: &[Tok], m: usize) -> io::Result<()> {
        let Some(name) = item.get(1).and_then(Tok::ident).map(str::to_string) else {
            return Ok(());
        };
        let dir = self.modules[m].child_dir.clone();
        let child = if item.get(2) == Some(&Tok::Punct('{')) {
            let file = self.modules[m].file.clone();
            let child = self.add_module(&file, Some(m), dir.join(&name));
            self.read_items(&item[3..item.len() - 1], child)?;
            child
        } else {
            let flat = dir.join(format!("{name}.rs"));
            let (file, child_dir) = if flat.is_file() {
                (flat, dir.join(&name))
            } else {
                (dir.join(&name).join("mod.rs"), dir.join(&name))
            };
            self.read_file(&file, Some(m), child_dir)?
        };
        self.modules[m].children.insert(name, child);
        Ok(())
    }
}

/// Skips `#[…]` and `#![…]` attributes from `i`; tells whether an outer one is `cfg(test)`.
fn skip_attributes(toks: &[Tok], mut i: usize) -> (usize, bool) {
    let mut is_test = false;
    while toks.get(i) == Some(&Tok::Punct('#')) {
        let inner = toks.get(i + 1) == Some(&Tok::Punct('!'));
        let open = if inner { i + 2 } else { i + 1 };
        let close = matching_close(toks, open);
        let attr = &toks[open..close];
        let has = |word| attr.iter().any(|t| t.is_ident(word));
        is_test |= !inner && has("cfg") && has("test") && !has("not");
        i = close;
    }
    (i, is_test)
}

/// Skips visibility (`pub`, `pub(crate)`) and qualifiers (`unsafe`, `async`, `const fn`,
/// `extern "C" fn`) so that the item's keyword comes first.
fn skip_qualifiers(toks: &[Tok], mut i: usize) -> usize {
    loop {
        let next = toks.get(i + 1);
        match toks.get(i).and_then(Tok::ident) {
            Some("pub") if next == Some(&Tok::Punct('(')) => i = matching_close(toks, i + 1),
            Some("pub" | "unsafe" | "async" | "default") => i += 1,
            Some("const")
                if next.is_some_and(|t| ["fn", "unsafe", "async", "extern"].iter().any(|w| t.is_ident(w))) =>
            {
                i += 1
            }
            Some("extern") if !next.is_some_and(|t| t.is_ident("crate")) => {
                i += if next == Some(&Tok::Literal) { 2 } else { 1 };
            }
            _ => return i,
        }
    }
}

/// The index just past the bracket group opening at `open`.
fn matching_close(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0i32;
    for (j, tok) in toks.iter().enumerate().skip(open) {
        match tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth <= 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

/// The index just past the item starting at `start`: after its `;`, or after its `{ … }` body.
fn item_end(toks: &[Tok], start: usize) -> usize {
    let mut depth = 0i32;
    for (j, tok) in toks.iter().enumerate().skip(start) {
        match tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']') => depth -= 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth <= 0 {
                    return j + 1;
                }
            }
            Tok::Punct(';') if depth <= 0 => return j + 1,
            _ => {}
        }
    }
    toks.len()
}

/// Flattens the use tree in `toks` (the tokens after `use`).
fn read_use_tree(toks: &[Tok]) -> Vec<Import> {
    let mut imports = Vec::new();
    let mut i = 0;
    read_use_subtree(toks, &mut i, Vec::new(), &mut imports);
    imports
}

fn read_use_subtree(toks: &[Tok], i: &mut usize, mut path: Vec<String>, out: &mut Vec<Import>) {
    if toks.get(*i) == Some(&Tok::PathSep) {
        path.push("::".to_string()); // `::name` is always another crate
        *i += 1;
    }
    loop {
        match toks.get(*i) {
            Some(Tok::Ident(segment)) => {
                path.push(segment.clone());
                *i += 1;
                if toks.get(*i) == Some(&Tok::PathSep) {
                    *i += 1;
                    continue;
                }
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                }
                let mut binding = path.last().cloned();
                if toks.get(*i).is_some_and(|t| t.is_ident("as")) {
                    binding = toks.get(*i + 1).and_then(Tok::ident).map(str::to_string);
                    *i += 2;
                }
                out.push(Import { path, binding });
                return;
            }
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push(Import { path, binding: None });
                return;
            }
            Some(Tok::Punct('{')) => {
                *i += 1;
                while !matches!(toks.get(*i), None | Some(Tok::Punct('}'))) {
                    read_use_subtree(toks, i, path.clone(), out);
                    if toks.get(*i) == Some(&Tok::Punct(',')) {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            _ => return,
        }
    }
}

/// Collects the multi-segment paths (`a::b`, `crate::x::Y`) in an item, and the paths of any
/// `use` declarations inside its body.
fn collect_paths(toks: &[Tok], out: &mut Vec<Vec<String>>) {
    let mut j = 0;
    while j < toks.len() {
        let starts_path = j == 0 || toks[j - 1] != Tok::PathSep;
        match &toks[j] {
            Tok::Ident(word) if word == "use" => {
                let end = item_end(toks, j);
                out.extend(read_use_tree(&toks[j + 1..end]).into_iter().map(|import| import.path));
                j = end;
            }
            Tok::Ident(first) if starts_path && toks.get(j + 1) == Some(&Tok::PathSep) => {
                let mut path = vec![first.clone()];
                let mut k = j + 1;
                while toks.get(k) == Some(&Tok::PathSep) {
                    let Some(segment) = toks.get(k + 1).and_then(Tok::ident) else { break };
                    path.push(segment.to_string());
                    k += 2;
                }
                if path.len() > 1 {
                    out.push(path);
                }
                j = k.max(j + 1);
            }
            _ => j += 1,
        }
    }
}
