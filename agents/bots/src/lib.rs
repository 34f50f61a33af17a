//! Shared plumbing of the protocol bots (binaries in `src/bin/`).
