//! `sb-analyze rows cols min-score-size colors < board`: every scoring set, once each.

fn main() {
    superball::cli::run_board_program("sb-analyze", superball::analysis::analyze_report)
}
