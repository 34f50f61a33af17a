//! `sb-read rows cols min-score-size colors < board`: the original's board summary.

fn main() {
    superball::cli::run_board_program("sb-read", superball::analysis::read_report)
}
