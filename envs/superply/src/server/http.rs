//! The page: `GET /` is the game in a browser (one HTML file compiled in), `GET /ws` a
//! WebSocket that carries the same protocol lines as TCP, one per text frame.

use super::session::{self, Incoming, OUTBOX};
use super::shared::Shared;
use crate::protocol::{LineReader, MAX_LINE_BYTES};
use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use std::io;
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::mpsc;

const PAGE: &str = include_str!("../../web/index.html");

pub(crate) async fn serve(shared: Arc<Shared>, listener: TcpListener) -> io::Result<()> {
    let app = Router::new().route("/", get(page)).route("/ws", get(upgrade)).with_state(shared);
    axum::serve(listener, app).await
}

async fn page() -> Html<&'static str> {
    Html(PAGE)
}

async fn upgrade(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    ws.max_message_size(4 * MAX_LINE_BYTES).on_upgrade(move |socket| connection(shared, socket))
}

async fn connection(shared: Arc<Shared>, mut socket: WebSocket) {
    let (in_tx, in_rx) = mpsc::channel(64);
    let (out_tx, mut out_rx) = mpsc::channel::<String>(OUTBOX);
    let mut session = tokio::spawn(session::run(shared, in_rx, out_tx));
    let mut lines = LineReader::new();
    loop {
        tokio::select! {
            frame = socket.recv() => {
                let bytes = match frame {
                    Some(Ok(Message::Text(text))) => text.as_str().as_bytes().to_vec(),
                    Some(Ok(Message::Binary(bytes))) => bytes.to_vec(),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                // A frame is one line or several; a line may also end at the frame's end.
                lines.feed(&bytes);
                lines.feed(b"\n");
                while let Some(line) = lines.next_line() {
                    let incoming = line.map_or(Incoming::TooLong, Incoming::Line);
                    if in_tx.send(incoming).await.is_err() {
                        break;
                    }
                }
            }
            line = out_rx.recv() => match line {
                Some(line) => {
                    if socket.send(Message::Text(line.into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
        }
    }
    let _ = in_tx.send(Incoming::Closed).await;
    // Whatever the session still says (its `over`), then close.
    while let Ok(Some(line)) = tokio::time::timeout(std::time::Duration::from_secs(1), out_rx.recv()).await {
        if socket.send(Message::Text(line.into())).await.is_err() {
            break;
        }
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), &mut session).await;
    let _ = socket.send(Message::Close(None)).await;
}
