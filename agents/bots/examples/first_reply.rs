//! How long a referee waits for each protocol bot's first answer, with the shipped model loaded:
//! a fresh process every time, as a referee starts it.
//!
//! ```text
//! cargo build --release
//! cargo run --release -p tabula-bots --example first_reply -- --runs 20
//! ```
//!
//! - `score4-bot` (shipped `az`, and `--agent net`): from spawning it to its `ok.` after `play white;`.
//! - `sb-play` (shipped agent, 8x10 board): from spawning it to its move on stdout (one process
//!   a move is how `sb-player` runs it, so this is also its time per move).
//! - `superply-bot` (shipped `az`): from spawning it to its first line on a listening socket (it
//!   loads the model before it connects).
//! - `upright-bot` (shipped `az`): from spawning it to its `ok.` after `new 6 first;`.
//!
//! It prints the median, 90th percentile and maximum over `--runs` starts of each.

use clap::Parser;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(about = "Time from starting each protocol bot to its first answer (median, p90, max).")]
struct Args {
    /// Starts of each bot.
    #[arg(long, default_value_t = 20)]
    runs: usize,
    /// Folder with the bot binaries (default: the folder above this example's, i.e. target/release).
    #[arg(long)]
    bin_dir: Option<PathBuf>,
}

/// One start of a bot, timed to its first answer.
type Timing<'a> = dyn Fn() -> anyhow::Result<Duration> + 'a;

const SB_BOARD: &[u8] =
    b"...yyryy.p\ny.rg.yppyp\n**gg.yrpPP\nGGgbgybp**\nR*bg.yrp*P\nG*gygyypY*\nyyybpby.pb\n.pgg.yp.bb\n";

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dir = match &args.bin_dir {
        Some(d) => d.clone(),
        None => std::env::current_exe()?.parent().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_default(),
    };
    let bin = |name: &str| -> anyhow::Result<PathBuf> {
        let path = dir.join(name);
        anyhow::ensure!(path.exists(), "{} is missing: run `cargo build --release` first", path.display());
        Ok(path)
    };
    let (score4, sb_play, superply) = (bin("score4-bot")?, bin("sb-play")?, bin("superply-bot")?);
    let upright = bin("upright-bot")?;
    println!("| bot | first answer | median | p90 | max | runs |");
    println!("|---|---|---|---|---|---|");
    let cases: [(&str, &str, Box<Timing<'_>>); 5] = [
        ("score4-bot", "`ok.` to `play white;`", Box::new(|| score4_reply(&score4, &[]))),
        ("score4-bot --agent net", "`ok.` to `play white;`", Box::new(|| score4_reply(&score4, &["--agent", "net"]))),
        ("sb-play 8 10 5 pbyrg", "its move", Box::new(|| sb_play_move(&sb_play))),
        ("superply-bot", "its first line to the server", Box::new(|| superply_line(&superply))),
        ("upright-bot", "`ok.` to `new 6 first;`", Box::new(|| line_reply(&upright, b"new 6 first;\n"))),
    ];
    for (name, what, case) in cases {
        let mut times = (0..args.runs.max(1)).map(|_| case()).collect::<anyhow::Result<Vec<_>>>()?;
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1000.0);
        println!("| {name} | {what} | {} | {} | {} | {} |", ms(at(0.5)), ms(at(0.9)), ms(at(1.0)), times.len());
    }
    Ok(())
}

fn score4_reply(bot: &Path, extra: &[&str]) -> anyhow::Result<Duration> {
    line_reply_with(bot, extra, b"play white;\n")
}

fn line_reply(bot: &Path, command: &[u8]) -> anyhow::Result<Duration> {
    line_reply_with(bot, &[], command)
}

/// From spawning `bot` to its `ok.` to `command`.
fn line_reply_with(bot: &Path, extra: &[&str], command: &[u8]) -> anyhow::Result<Duration> {
    let start = Instant::now();
    let mut child =
        Command::new(bot).args(extra).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(command)?;
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line)?;
    let elapsed = start.elapsed();
    drop(stdin);
    child.wait()?;
    anyhow::ensure!(line.trim() == "ok.", "{} answered {line:?}", bot.display());
    Ok(elapsed)
}

fn sb_play_move(bot: &Path) -> anyhow::Result<Duration> {
    let start = Instant::now();
    let mut child = Command::new(bot)
        .args(["8", "10", "5", "pbyrg"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    child.stdin.take().expect("piped").write_all(SB_BOARD)?;
    let out = child.wait_with_output()?;
    let elapsed = start.elapsed();
    anyhow::ensure!(out.status.success() && !out.stdout.is_empty(), "sb-play failed: {out:?}");
    Ok(elapsed)
}

fn superply_line(bot: &Path) -> anyhow::Result<Duration> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port().to_string();
    let start = Instant::now();
    let mut child = Command::new(bot).args(["--port", &port]).stdout(Stdio::null()).stderr(Stdio::null()).spawn()?;
    let (socket, _) = listener.accept()?;
    let mut line = String::new();
    BufReader::new(socket).read_line(&mut line)?;
    let elapsed = start.elapsed();
    child.kill()?;
    child.wait()?;
    anyhow::ensure!(!line.trim().is_empty(), "superply-bot said nothing");
    Ok(elapsed)
}
