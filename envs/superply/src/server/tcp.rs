//! The line protocol over TCP: a reader task cuts bytes into lines, a writer task sends the
//! session's lines, and the session itself runs in between.

use super::session::{self, Incoming, OUTBOX};
use super::shared::Shared;
use crate::protocol::LineReader;
use std::io;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

pub(crate) async fn serve(shared: Arc<Shared>, listener: TcpListener) -> io::Result<()> {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                tokio::spawn(connection(shared.clone(), stream));
            }
            // Out of file descriptors and the like: wait a moment rather than spin or stop.
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
        }
    }
}

async fn connection(shared: Arc<Shared>, stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let (mut reader, mut writer) = stream.into_split();
    let (in_tx, in_rx) = mpsc::channel(64);
    let (out_tx, mut out_rx) = mpsc::channel::<String>(OUTBOX);
    let reading = tokio::spawn(async move {
        let mut lines = LineReader::new();
        let mut buffer = [0u8; 4096];
        loop {
            let n = match reader.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            lines.feed(&buffer[..n]);
            while let Some(line) = lines.next_line() {
                let incoming = match line {
                    Ok(line) => Incoming::Line(line),
                    Err(_) => Incoming::TooLong,
                };
                let stop = matches!(incoming, Incoming::TooLong);
                if in_tx.send(incoming).await.is_err() || stop {
                    return;
                }
            }
        }
        let _ = in_tx.send(Incoming::Closed).await;
    });
    let writing = tokio::spawn(async move {
        while let Some(mut line) = out_rx.recv().await {
            line.push('\n');
            if writer.write_all(line.as_bytes()).await.is_err() {
                return;
            }
        }
        let _ = writer.shutdown().await;
    });
    session::run(shared, in_rx, out_tx).await;
    reading.abort();
    // The writer sends what is queued (the `over` line, a last error) and closes.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), writing).await;
}
