//! `tabula serve`: the games in a browser.

use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use tabula::players::BuildOptions;
use tabula::serve::{ModelDirs, ServeConfig, WorkQueue};

#[derive(Debug, Args)]
#[command(after_help = "\
The page lets a person pick a game and its parameters, a seat, and an opponent: a baseline
(random, greedy, alphabeta, mcts:200, ...), a run's model (run:DIR[:SIMS]), a checkpoint
(ckpt:PATH) or the shipped model (shipped[:SIMS]). \"Show the agent's view\" draws the search's
visits and the network's prior over the board. A file of `tabula arena --records` can be
replayed move by move. Programs (cmd:) cannot be seated from a page.

A page can seat only models under the --models folders (by default runs/ and checkpoints/ of
the working directory, where they exist) and the shipped ones; any other path gets one answer,
whether or not it exists. Agents think on at most --agent-threads threads at once, and at most
--queue requests wait for one: past that a request is answered 429 (busy) at once. Anyone who
can reach the address can play: keep the default --bind 127.0.0.1 unless you mean to share it.

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
    /// A folder whose models (run:DIR, ckpt:PATH under it) a page may seat; repeat for more
    /// [default: runs and checkpoints]
    #[arg(long = "models", value_name = "DIR")]
    models: Vec<PathBuf>,
    /// Game work (agents' moves, models loading) running at once [default: all cores but one]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    agent_threads: Option<u16>,
    /// Requests that may wait for a thread; more are answered 429 (busy).
    #[arg(long, value_name = "N", default_value_t = 256)]
    queue: usize,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let options = BuildOptions { movetime: Duration::from_millis(args.movetime_ms.max(1)), ..BuildOptions::default() };
    for dir in &args.models {
        anyhow::ensure!(dir.is_dir(), "--models {}: not a folder", dir.display());
    }
    let models = if args.models.is_empty() { ModelDirs::default_dirs() } else { ModelDirs::new(args.models.clone()) };
    let threads = args.agent_threads.map_or_else(|| WorkQueue::for_this_machine().threads(), usize::from);
    let config = ServeConfig { options, models, work: WorkQueue::new(threads, args.queue) };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting the server")?;
    runtime.block_on(async {
        let address = format!("{}:{}", args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(&address)
            .await
            .with_context(|| format!("cannot listen on {address} (is the port taken? try --port 0)"))?;
        let local = listener.local_addr()?;
        println!("tabula serve: http://{local}/ (Ctrl-C stops it)");
        std::io::stdout().flush()?;
        if !local.ip().is_loopback() {
            eprintln!(
                "tabula serve: warning: listening on {} — anyone who can reach it can play here and seat the models under {}",
                local.ip(),
                config.models.roots().iter().map(|r| r.display().to_string()).collect::<Vec<_>>().join(", ")
            );
        }
        tabula::serve::serve(listener, config).await.context("serving")
    })
}
