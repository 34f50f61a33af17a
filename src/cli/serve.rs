//! `tabula serve`: the games in a browser.

use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::time::Duration;
use tabula::players::BuildOptions;

#[derive(Debug, Args)]
#[command(after_help = "\
The page lets a person pick a game and its parameters, a seat, and an opponent: a baseline
(random, greedy, alphabeta, mcts:200, ...), a run's model (run:DIR[:SIMS]), a checkpoint
(ckpt:PATH) or the shipped model (shipped[:SIMS]). \"Show the agent's view\" draws the search's
visits and the network's prior over the board. A file of `tabula arena --records` can be
replayed move by move. Programs (cmd:) cannot be seated from a page.

Anyone who can reach the address can play and can name model files on this machine: keep the
default --bind 127.0.0.1 unless you mean to share it.

TABULA_SERVE_WEB=DIR serves the page's files (index.html, app.js, style.css) from DIR as they
are at each request, instead of the copies compiled in: for working on the page.")]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: String,
    /// Thinking time a move of the searching baselines named without a number (alphabeta, mcts).
    #[arg(long, default_value_t = 1000)]
    movetime_ms: u64,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let options = BuildOptions { movetime: Duration::from_millis(args.movetime_ms.max(1)), ..BuildOptions::default() };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting the server")?;
    runtime.block_on(async {
        let address = format!("{}:{}", args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(&address)
            .await
            .with_context(|| format!("cannot listen on {address} (is the port taken? try --port 0)"))?;
        let local = listener.local_addr()?;
        println!("tabula serve: http://{local}/ (Ctrl-C stops it)");
        std::io::stdout().flush()?;
        tabula::serve::serve(listener, options).await.context("serving")
    })
}
