//! The protocol bots (binaries in `src/bin/`) and what they share: the trained agents shipped in
//! `checkpoints/`, compiled in ([`shipped`]).

pub mod shipped;
