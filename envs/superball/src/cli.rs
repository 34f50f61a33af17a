//! The four arguments every lab program takes (`rows cols min-score-size colors`), read the way
//! the original C++ reads them (`sscanf("%d")`: leading digits count, `8x` is 8), with the
//! original usage messages.
//!
//! ```
//! use superball::cli::{c_int, params_from_args};
//! assert_eq!(c_int(" 12abc"), Some(12));
//! assert_eq!(c_int("x"), None);
//! let args: Vec<String> = ["8", "10", "5", "pbyrg"].iter().map(|s| s.to_string()).collect();
//! assert_eq!(params_from_args("sb-read", &args).unwrap().cols, 10);
//! let err = params_from_args("sb-read", &args[..3]).unwrap_err();
//! assert_eq!(err, "usage: sb-read rows cols min-score-size colors");
//! ```

use crate::params::{ParamError, Params};

/// C's `sscanf(s, "%d")`/`atol`: optional space, sign and leading digits; `None` without digits.
pub fn c_int(s: &str) -> Option<i64> {
    let t = s.trim_start();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let end = digits.bytes().position(|b| !b.is_ascii_digit()).unwrap_or(digits.len());
    if end == 0 {
        return None;
    }
    // Saturate like a long would overflow into garbage; any huge value is refused later anyway.
    let v = digits[..end].parse::<i64>().unwrap_or(i64::MAX);
    Some(if neg { -v } else { v })
}

/// The usage line of a lab program.
pub fn usage(program: &str) -> String {
    format!("usage: {program} rows cols min-score-size colors")
}

fn positive(s: &str, err: ParamError) -> Result<usize, ParamError> {
    match c_int(s) {
        Some(v) if v > 0 => usize::try_from(v).map_err(|_| err),
        _ => Err(err),
    }
}

/// Reads `rows cols min-score-size colors` (exactly four arguments). The error is the full
/// text to print on stderr before exiting with status 1.
pub fn params_from_args(program: &str, args: &[String]) -> Result<Params, String> {
    params_with(program, args, Params::new)
}

/// As [`params_from_args`] but with only the original sb-read's checks.
pub fn params_from_args_lenient(program: &str, args: &[String]) -> Result<Params, String> {
    params_with(program, args, Params::new_lenient)
}

fn params_with(
    program: &str,
    args: &[String],
    build: fn(usize, usize, usize, &str) -> Result<Params, ParamError>,
) -> Result<Params, String> {
    if args.len() != 4 {
        return Err(usage(program));
    }
    let parsed = positive(&args[0], ParamError::BadRows).and_then(|rows| {
        let cols = positive(&args[1], ParamError::BadCols)?;
        let mss = positive(&args[2], ParamError::BadMss)?;
        build(rows, cols, mss, &args[3])
    });
    parsed.map_err(|e| format!("{}\n{e}", usage(program)))
}

/// The whole of `sb-read` and `sb-analyze`: parse the four arguments, read a board on stdin and
/// print `report(params, board)`; a bad argument or board prints the original's message and exits 1.
pub fn run_board_program(program: &str, report: fn(&Params, &crate::text::TextBoard) -> String) -> ! {
    use std::io::{Read, Write};
    let args: Vec<String> = std::env::args().skip(1).collect();
    let params = params_from_args_lenient(program, &args).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let mut input = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut input);
    match crate::text::read_board(&params, &input) {
        Ok(board) => {
            let _ = std::io::stdout().write_all(report(&params, &board).as_bytes());
            std::process::exit(0)
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    }
}
