//! `tabula`: train, rate and play game agents. The work lives in the workspace crates; this is
//! the thin command line on top.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
