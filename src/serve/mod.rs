//! `tabula serve`: every game in the browser, against any agent, with the agent's thinking
//! shown. One page (compiled in: `web/`), a JSON API (`API.md`), each game's state kept on the
//! server.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! println!("http://{}/", listener.local_addr()?);
//! tabula::serve::serve(listener, tabula::players::BuildOptions::default()).await
//! # }
//! ```

mod api;
mod replay;
mod table;

pub use api::{MAX_TABLES, Server, router};
pub use table::{Refusal, Table, View};

use crate::players::BuildOptions;
use std::sync::Arc;

/// Serves the page and the API on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, options: BuildOptions) -> std::io::Result<()> {
    axum::serve(listener, router(Arc::new(Server::new(options)))).await
}
