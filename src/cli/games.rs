//! `tabula games`: what can be played and trained.

use tabula::registry::registry;

pub fn run() -> anyhow::Result<()> {
    let registry = registry();
    println!("{:<10} {:<48} ABOUT", "GAME", "SPEC (every parameter, with defaults)");
    for entry in registry.entries() {
        println!("{:<10} {:<48} {}", entry.name, entry.example, entry.about);
    }
    Ok(())
}
