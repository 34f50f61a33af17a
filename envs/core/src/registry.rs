//! Builds games from spec strings. Each game crate contributes an entry; the `tabula` binary
//! assembles the full registry (core cannot name the games: they depend on it).

use crate::dynamic::DynGame;
use crate::error::SpecError;
use crate::spec::GameSpec;

/// One registered game.
#[derive(Clone)]
pub struct RegistryEntry {
    /// The name used in spec strings, e.g. `score4`.
    pub name: &'static str,
    /// One line on what the game is.
    pub about: &'static str,
    /// A full spec string with every parameter, e.g. `superball(rows=8,cols=10,mss=5,colors=pbyrg)`.
    pub example: &'static str,
    pub build: fn(&GameSpec) -> Result<Box<dyn DynGame>, SpecError>,
}

impl std::fmt::Debug for RegistryEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RegistryEntry").field("name", &self.name).finish()
    }
}

/// The set of games a program knows.
///
/// ```
/// use tabula_core::{Registry, RegistryEntry, dynamic::build_erased, testing::Nim};
/// let mut registry = Registry::new();
/// registry.register(RegistryEntry { name: "nim", about: "take 1 or 2", example: "nim(stones=7)",
///                                   build: build_erased::<Nim> });
/// assert_eq!(registry.build("nim(stones=4)").unwrap().num_actions(), 2);
/// assert!(registry.build("chess").unwrap_err().to_string().contains("known games: nim"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Registry {
    entries: Vec<RegistryEntry>,
}

impl Registry {
    pub fn new() -> Self {
        Registry::default()
    }

    /// Adds a game. A later entry with the same name replaces the earlier one.
    pub fn register(&mut self, entry: RegistryEntry) {
        self.entries.retain(|e| e.name != entry.name);
        self.entries.push(entry);
    }

    pub fn entries(&self) -> &[RegistryEntry] {
        &self.entries
    }

    pub fn get(&self, name: &str) -> Option<&RegistryEntry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// Parses `spec` and builds the game it names.
    pub fn build(&self, spec: &str) -> Result<Box<dyn DynGame>, SpecError> {
        let parsed: GameSpec = spec.parse()?;
        match self.get(&parsed.name) {
            Some(entry) => (entry.build)(&parsed),
            None => Err(SpecError::UnknownGame {
                name: parsed.name,
                known: self.entries.iter().map(|e| e.name).collect::<Vec<_>>().join(", "),
            }),
        }
    }
}
