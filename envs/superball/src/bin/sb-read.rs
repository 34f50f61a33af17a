//! `sb-read rows cols min-score-size colors < board`: the original's board summary.
use std::io::{Read, Write};
use superball::{analysis, cli, text};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let params = cli::params_from_args_lenient("sb-read", &args).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let mut input = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut input);
    match text::read_board(&params, &input) {
        Ok(board) => {
            let _ = std::io::stdout().write_all(analysis::read_report(&params, &board).as_bytes());
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
