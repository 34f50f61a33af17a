//! A `redis-server` of a test's own (Debian's, installed by `scripts/install-redis.sh` when
//! missing) on 127.0.0.1 with a free port and a temporary folder; stopped when dropped. Shared by
//! the data layer's tests and the distributed trainer's process test (included by path).

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running server, killed when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    password: Option<String>,
    append_only: bool,
    dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// `redis://[:password@]127.0.0.1:port`.
    pub fn url(&self) -> String {
        match &self.password {
            Some(p) => format!("redis://:{p}@127.0.0.1:{}", self.port),
            None => format!("redis://127.0.0.1:{}", self.port),
        }
    }

    /// Stops the server as an operator would (SIGTERM: the append-only file is flushed), waits
    /// until it is gone, and starts it again on the same port and folder.
    pub fn restart(&mut self) {
        let _ = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status();
        let _ = self.child.wait();
        self.child = spawn(self.port, self.dir.path(), self.password.as_deref(), self.append_only);
        wait_listening(self.port);
    }
}

/// The server's program, installed first if missing (once, whichever test asks first).
fn redis_server() -> &'static str {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let installed = *INSTALLED.get_or_init(|| {
        Command::new("redis-server").arg("--version").output().is_ok() || {
            let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/install-redis.sh");
            let script = if script.exists() {
                script
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/install-redis.sh")
            };
            Command::new("bash").arg(&script).status().is_ok_and(|s| s.success())
        }
    });
    assert!(installed, "redis-server is missing and scripts/install-redis.sh could not install it");
    "redis-server"
}

fn spawn(port: u16, dir: &Path, password: Option<&str>, append_only: bool) -> Child {
    let mut command = Command::new(redis_server());
    command.args(["--bind", "127.0.0.1", "--port", &port.to_string(), "--save", ""]);
    if append_only {
        // Every write on disk before it is answered: a restart loses nothing acknowledged.
        command.args(["--appendonly", "yes", "--appendfsync", "always"]);
    } else {
        command.args(["--appendonly", "no"]);
    }
    command.arg("--dir").arg(dir).stdout(Stdio::null()).stderr(Stdio::null());
    if let Some(password) = password {
        command.args(["--requirepass", password]);
    }
    command.spawn().expect("redis-server starts")
}

fn wait_listening(port: u16) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "redis-server did not listen on {port}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A server without persistence (and with `password` if given).
pub fn start(password: Option<&str>) -> Server {
    start_with(password, false)
}

/// A server, with an append-only file that survives [`Server::restart`] if `append_only`.
pub fn start_with(password: Option<&str>, append_only: bool) -> Server {
    let dir = tempfile::tempdir().unwrap();
    // A free port: bound by the OS, released, then given to the server.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = spawn(port, dir.path(), password, append_only);
    wait_listening(port);
    Server { child, port, password: password.map(str::to_string), append_only, dir }
}
