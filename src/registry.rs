//! Every game tabula knows, assembled from the game crates.

use tabula_core::Registry;

pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry.register(score4::Score4::registry_entry());
    registry.register(superball::registry_entry());
    registry.register(superply::Superply::registry_entry());
    registry.register(upright::Upright::registry_entry());
    registry.register(clue::Clue::registry_entry());
    registry
}
