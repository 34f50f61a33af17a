//! [`Client`]: the program side of a connection to `superply-server` (blocking; one per thread).

use super::{LineReader, Message, Request};
use std::io::{self, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// Sends requests and reads the server's lines, one at a time.
///
/// ```no_run
/// use superply::protocol::{Client, Request, Seat};
/// let mut client = Client::connect("127.0.0.1:7777").unwrap();
/// client.send(&Request::Join(Seat::Either)).unwrap();
/// while let Some(line) = client.next_line().unwrap() {
///     println!("{line}");
/// }
/// ```
#[derive(Debug)]
pub struct Client {
    stream: TcpStream,
    lines: LineReader,
}

impl Client {
    pub fn connect(addr: impl ToSocketAddrs) -> io::Result<Client> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        Ok(Client { stream, lines: LineReader::new() })
    }

    /// Gives up on a read after `timeout` (`None`: waits for ever).
    pub fn set_read_timeout(&self, timeout: Option<Duration>) -> io::Result<()> {
        self.stream.set_read_timeout(timeout)
    }

    pub fn send(&mut self, request: &Request) -> io::Result<()> {
        self.send_raw(&request.to_string())
    }

    /// Sends `text` and a newline as they are (what a person types).
    pub fn send_raw(&mut self, text: &str) -> io::Result<()> {
        self.stream.write_all(format!("{text}\n").as_bytes())
    }

    /// A clone of the socket, e.g. for a thread that sends what a person types.
    pub fn try_clone_stream(&self) -> io::Result<TcpStream> {
        self.stream.try_clone()
    }

    /// The next line from the server; `None` once it has closed the connection.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        let mut buffer = [0u8; 4096];
        loop {
            match self.lines.next_line() {
                Some(Ok(line)) => return Ok(Some(line)),
                Some(Err(limit)) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("a server line over {limit} bytes"),
                    ));
                }
                None => {}
            }
            match self.stream.read(&mut buffer)? {
                0 => return Ok(None),
                n => self.lines.feed(&buffer[..n]),
            }
        }
    }

    /// The next line, read as a [`Message`] (the error names a line that is not one).
    pub fn next_message(&mut self) -> io::Result<Option<Message>> {
        match self.next_line()? {
            None => Ok(None),
            Some(line) => Message::parse(&line).map(Some).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e)),
        }
    }
}
