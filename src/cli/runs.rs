//! `tabula runs status URL`: what a distributed run is doing, read from its Redis.

use clap::{Args, Subcommand};
use std::time::{SystemTime, UNIX_EPOCH};
use tabula_train::distributed::{RedisStore, current_run, redacted};

#[derive(Debug, Args)]
pub struct RunsArgs {
    #[command(subcommand)]
    command: RunsCommand,
}

#[derive(Debug, Subcommand)]
enum RunsCommand {
    /// The run announced in Redis at URL: its model version, its games stream, and its actors.
    Status {
        /// `redis://[:PASSWORD@]HOST:PORT[/DB]` (the password is never shown).
        #[arg(value_name = "URL", env = "REDIS_URL", hide_env_values = true)]
        url: String,
    },
}

pub fn run(args: RunsArgs) -> anyhow::Result<()> {
    let RunsCommand::Status { url } = args.command;
    let shown = redacted(&url);
    let Some(info) = current_run(&url)? else {
        println!("no run at {shown} (a learner announces one with `tabula train GAME --redis URL`)");
        return Ok(());
    };
    let mut store = RedisStore::connect(&url, &info.run, &info.game)?;
    let version = store.latest_model_version()?;
    let (length, added) = (store.games_len()?, store.games_added()?);
    let (unread, pending) = (store.unread().unwrap_or(0), store.pending().unwrap_or(0));
    println!("run {} of {} at {shown}", info.run, info.game);
    println!("model version {}", version.map_or("none yet".to_string(), |v| v.to_string()));
    println!(
        "games stream: {length} entries now, {added} ever pushed; {unread} never read by the learner (in the stream or trimmed from it), {pending} read but not yet checkpointed"
    );
    let actors = store.actors()?;
    if actors.is_empty() {
        println!("no actors heard from in the last 30 s");
        return Ok(());
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    println!("{:<28} {:>8} {:>8} {:>12} {:>8} {:>10}", "ACTOR", "GAMES", "GAMES/S", "POSITIONS/S", "MODEL", "HEARD");
    for (id, beat) in &actors {
        let heard = format!("{} s ago", now.saturating_sub(beat.at));
        println!(
            "{id:<28} {:>8} {:>8.2} {:>12.1} {:>8} {heard:>10}",
            beat.games, beat.games_per_s, beat.positions_per_s, beat.model_version
        );
    }
    let positions: f64 = actors.iter().map(|(_, b)| b.positions_per_s).sum();
    let games: f64 = actors.iter().map(|(_, b)| b.games_per_s).sum();
    println!("{} actors, {games:.2} games/s, {positions:.1} positions/s in all", actors.len());
    Ok(())
}
