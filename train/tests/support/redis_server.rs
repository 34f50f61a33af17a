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
    /// Whether it speaks TLS only (its certificate authority in `ca_cert`).
    tls: bool,
    dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// `redis://[:password@]127.0.0.1:port` (`rediss://` for a TLS server).
    pub fn url(&self) -> String {
        let scheme = if self.tls { "rediss" } else { "redis" };
        match &self.password {
            Some(p) => format!("{scheme}://:{p}@127.0.0.1:{}", self.port),
            None => format!("{scheme}://127.0.0.1:{}", self.port),
        }
    }

    /// The PEM file of the certificate authority that signed a TLS server's certificate.
    pub fn ca_cert(&self) -> std::path::PathBuf {
        self.dir.path().join("ca.crt")
    }

    /// Stops the server as an operator would (SIGTERM: the append-only file is flushed), waits
    /// until it is gone, and starts it again on the same port and folder.
    pub fn restart(&mut self) {
        let _ = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status();
        let _ = self.child.wait();
        self.child = spawn(self.port, self.dir.path(), self.password.as_deref(), self.append_only, self.tls);
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

fn spawn(port: u16, dir: &Path, password: Option<&str>, append_only: bool, tls: bool) -> Child {
    let mut command = Command::new(redis_server());
    command.args(["--bind", "127.0.0.1", "--save", ""]);
    if tls {
        command.args(["--port", "0", "--tls-port", &port.to_string(), "--tls-auth-clients", "no"]);
        command.arg("--tls-cert-file").arg(dir.join("server.crt"));
        command.arg("--tls-key-file").arg(dir.join("server.key"));
    } else {
        command.args(["--port", &port.to_string()]);
    }
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
    let child = spawn(port, dir.path(), password, append_only, false);
    wait_listening(port);
    Server { child, port, password: password.map(str::to_string), append_only, tls: false, dir }
}

/// A server that speaks TLS only, its certificate (for the IP 127.0.0.1) signed by a certificate
/// authority made for it with `openssl` ([`Server::ca_cert`]).
pub fn start_tls() -> Server {
    redis_server(); // installs openssl too, when missing
    let dir = tempfile::tempdir().unwrap();
    // Each call's words (no spaces inside any), run in the server's folder.
    let openssl = |words: &str| {
        let status = Command::new("openssl")
            .args(words.split_whitespace())
            .current_dir(dir.path())
            .stderr(Stdio::null())
            .status();
        assert!(status.is_ok_and(|s| s.success()), "openssl {words} failed (scripts/install-redis.sh installs it)");
    };
    openssl("req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 2 -subj /CN=tabula-test-CA");
    openssl("req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1");
    std::fs::write(dir.path().join("san.ext"), "subjectAltName=IP:127.0.0.1\n").unwrap();
    openssl(
        "x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days 2 -extfile san.ext",
    );
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = spawn(port, dir.path(), None, false, true);
    wait_listening(port);
    Server { child, port, password: None, append_only: false, tls: true, dir }
}
