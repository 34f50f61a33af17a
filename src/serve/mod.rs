//! `tabula serve`: every game in the browser, against any agent, with the agent's thinking
//! shown. One page (compiled in: `web/`), a JSON API (`API.md`), each game's state kept on the
//! server.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! println!("http://{}/", listener.local_addr()?);
//! let config = tabula::serve::ServeConfig::new(tabula::players::BuildOptions::default());
//! tabula::serve::serve(listener, config).await
//! # }
//! ```

mod api;
mod models;
mod replay;
mod table;
mod work;

pub use api::{MAX_TABLES, ServeConfig, Server, router};
pub use models::{ModelDirs, REFUSED};
pub use table::{Refusal, Table, View};
pub use work::{Busy, WorkQueue};

use std::sync::Arc;

/// Serves the page and the API on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, config: ServeConfig) -> std::io::Result<()> {
    axum::serve(listener, router(Arc::new(Server::new(config)))).await
}
