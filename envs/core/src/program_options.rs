//! [`ProgramOptions`]: what every game's `cmd:` player (a protocol program seated as an
//! [`Agent`](crate::Agent)) is given — the command line, how long an answer may take, whether the
//! program's stderr shows — and the fault counter its copies share.
//!
//! ```
//! use std::time::Duration;
//! use tabula_core::ProgramOptions;
//! let options = ProgramOptions::from("my-bot --fast").with_timeout(Duration::from_millis(500));
//! assert_eq!((options.name(), options.timeout), ("cmd:my-bot --fast".to_string(), Duration::from_millis(500)));
//! let copy = options.clone(); // one per arena thread, counting together
//! copy.count_fault("exited");
//! assert_eq!(options.faults(), 1);
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How long a program may take to answer one command, unless told otherwise.
pub const DEFAULT_ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// A `cmd:` player's settings (see the module).
#[derive(Debug, Clone)]
pub struct ProgramOptions {
    /// The command line (split into words like a shell would, unless a game says otherwise).
    pub command: String,
    /// The time allowed for each answer.
    pub timeout: Duration,
    /// Let the program's stderr through (otherwise it is discarded).
    pub verbose: bool,
    faults: Arc<AtomicUsize>,
}

impl From<&str> for ProgramOptions {
    fn from(command: &str) -> Self {
        ProgramOptions {
            command: command.to_string(),
            timeout: DEFAULT_ANSWER_TIMEOUT,
            verbose: false,
            faults: Arc::default(),
        }
    }
}

impl From<&String> for ProgramOptions {
    fn from(command: &String) -> Self {
        ProgramOptions::from(command.as_str())
    }
}

impl ProgramOptions {
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    pub fn verbose(mut self, verbose: bool) -> Self {
        self.verbose = verbose;
        self
    }

    /// Counts faults in `counter` (shared with other players, one per thread).
    pub fn with_fault_counter(mut self, counter: Arc<AtomicUsize>) -> Self {
        self.faults = counter;
        self
    }

    /// `cmd:COMMAND`, the player's name in tables.
    pub fn name(&self) -> String {
        format!("cmd:{}", self.command)
    }

    /// Faults so far (in the shared counter).
    pub fn faults(&self) -> usize {
        self.faults.load(Ordering::Relaxed)
    }

    /// Counts a fault and says on stderr that random moves stand in for the program.
    pub fn count_fault(&self, fault: impl fmt::Display) {
        self.faults.fetch_add(1, Ordering::Relaxed);
        eprintln!("tabula: {:?} {fault}; random moves stand in for it until this game ends", self.command);
    }
}
