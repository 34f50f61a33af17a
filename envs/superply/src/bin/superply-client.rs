//! `superply-client`: play Superply on a `superply-server` from the terminal.
//!
//! ```text
//! $ superply-client --port 7777 --name Ann
//! ```
//! Type a cell (`3x7`, or `3 7`) to claim it; any other line (`history`, `board`, `join red`,
//! `quit`) goes to the server as it is.

use clap::Parser;
use std::io::{BufRead, Write};
use superply::protocol::{Client, Message, Mirror};
use superply::{Hint, Side};

/// Play Superply on a superply-server from the terminal: the board is drawn after every move; type a cell such as 3x7 to claim it.
#[derive(Parser, Debug)]
#[command(name = "superply-client", version)]
struct Args {
    /// The server's host.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The server's line-protocol port (it prints it on start).
    #[arg(long)]
    port: u16,
    /// The name your opponent sees (one word).
    #[arg(long)]
    name: Option<String>,
    /// The seat to ask for on connecting: blue, red, either, or none (send `join ...` yourself).
    #[arg(long, default_value = "either")]
    join: String,
}

/// A hint in words.
fn in_words(hint: Hint) -> String {
    match hint {
        Hint::Odd => "an odd product".into(),
        Hint::Even => "an even product".into(),
        Hint::Between(lo, hi) => format!("a product from {lo} to {hi}"),
        Hint::Contains(d) => format!("a product with the digit {d}"),
        Hint::Less(x) => format!("a product less than {x}"),
        Hint::Greater(x) => format!("a product greater than {x}"),
        Hint::Any => "any free cell".into(),
    }
}

/// What a person types, as a protocol line: a bare cell is a claim.
fn as_request(typed: &str) -> String {
    let t = typed.trim();
    let looks_like_cell = !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || " x,()".contains(c));
    if looks_like_cell { format!("move {t}") } else { t.to_string() }
}

fn main() {
    let args = Args::parse();
    let addr = format!("{}:{}", args.host, args.port);
    let mut client = Client::connect(&addr).unwrap_or_else(|e| {
        eprintln!("superply-client: cannot connect to {addr}: {e}");
        std::process::exit(2);
    });
    let mut opening = Vec::new();
    if let Some(name) = &args.name {
        opening.push(format!("hello {name}"));
    }
    if args.join != "none" {
        opening.push(format!("join {}", args.join));
    }
    for line in opening {
        if client.send_raw(&line).is_err() {
            eprintln!("superply-client: the server closed the connection");
            std::process::exit(1);
        }
    }
    // What the person types goes straight to the server from a thread of its own.
    let mut typing = client.try_clone_stream().expect("a connected socket clones");
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() {
                continue;
            }
            if typing.write_all(format!("{}\n", as_request(&line)).as_bytes()).is_err() {
                break;
            }
        }
        let _ = typing.shutdown(std::net::Shutdown::Write);
    });
    let mut game: Option<Mirror> = None;
    loop {
        let line = match client.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                eprintln!("superply-client: {e}");
                break;
            }
        };
        let Ok(message) = Message::parse(&line) else {
            println!("{line}");
            continue;
        };
        show(&message, &mut game);
    }
    println!("(the server closed the connection)");
}

fn show(message: &Message, game: &mut Option<Mirror>) {
    match message {
        Message::Greeting { version } => println!("Connected: Superply protocol {version}."),
        Message::Waiting { game, side } => println!("Game {game}: waiting for an opponent (you would be {side})."),
        Message::Start { game: id, size, mode, side, opponent } => {
            let goal = match side {
                Side::Blue => "join the left and right columns",
                Side::Red => "join the top and bottom rows",
            };
            println!("Game {id} ({size}x{size}, {mode} hints): you are {side} against {opponent}; {goal}.");
            *game = Mirror::new(*id, *size, *mode, *side).ok();
        }
        Message::Hint { side, hint, .. } => {
            if let Some(g) = game.as_mut() {
                if let Err(e) = g.follow(message) {
                    println!("({e})");
                }
                println!("\n{}", g.state());
                if g.side() == *side {
                    println!(
                        "Your move ({side}): claim {} — type a starred cell such as {}.",
                        in_words(*hint),
                        g.allowed()[0]
                    );
                } else {
                    println!("{side} to move, under {}.", in_words(*hint));
                }
            }
        }
        Message::Moved { side, cell } => {
            if let Some(g) = game.as_mut()
                && let Err(e) = g.follow(message)
            {
                println!("({e})");
            }
            println!("{side} claims {cell}.");
        }
        Message::Over { winner, reason, path, .. } => {
            if let Some(g) = game.as_ref() {
                println!("\n{}", g.state());
            }
            let mine = game.as_ref().map(|g| g.side());
            let verdict = if mine == Some(*winner) { "You win" } else { "You lose" };
            match reason {
                Some(r) => println!("{verdict}: {winner} wins by {}.", r.word()),
                None => println!("{verdict}: {winner} joins its sides ({}).", path.join(" ")),
            }
            println!("Type `join` to play again, or `quit`.");
            *game = None;
        }
        Message::Error { text } => println!("! {text}"),
        other => println!("{other}"),
    }
}
