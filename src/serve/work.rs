//! Bounds on game work (agents thinking, models loading): at most `threads` pieces run at once,
//! so that pages cannot take every core, and at most `queue` more wait; past that a request is
//! refused at once (429) rather than left to pile up.

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

#[derive(Debug)]
pub struct WorkQueue {
    running: Arc<Semaphore>,
    admitted: Arc<Semaphore>,
    threads: usize,
    queue: usize,
}

/// A request's place in the queue; its work runs once [`Ticket::run`] returns.
pub struct Ticket {
    _admitted: OwnedSemaphorePermit,
    running: Arc<Semaphore>,
}

/// The queue is full: the sentence the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Busy(pub String);

impl WorkQueue {
    pub fn new(threads: usize, queue: usize) -> WorkQueue {
        let threads = threads.max(1);
        WorkQueue {
            running: Arc::new(Semaphore::new(threads)),
            admitted: Arc::new(Semaphore::new(threads + queue)),
            threads,
            queue,
        }
    }

    /// All cores but one for game work (at least one), and 256 requests waiting.
    pub fn for_this_machine() -> WorkQueue {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        WorkQueue::new(cores.saturating_sub(1).max(1), 256)
    }

    /// Pieces of work that run at once.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// A place in the queue, or [`Busy`] when every place is taken.
    pub fn admit(&self) -> Result<Ticket, Busy> {
        match self.admitted.clone().try_acquire_owned() {
            Ok(permit) => Ok(Ticket { _admitted: permit, running: self.running.clone() }),
            Err(_) => Err(Busy(format!(
                "the server is busy: {} moves are being thought about and {} are waiting; try again in a few seconds",
                self.threads, self.queue
            ))),
        }
    }
}

impl Ticket {
    /// Waits for a free thread; the work runs while the returned permit is held.
    pub async fn run(&self) -> OwnedSemaphorePermit {
        self.running.clone().acquire_owned().await.expect("the semaphore is never closed")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn past_threads_and_queue_requests_are_refused_until_one_ends() {
        let work = WorkQueue::new(1, 1);
        let first = work.admit().unwrap();
        let second = work.admit().unwrap();
        let busy = work.admit().err().unwrap();
        assert!(busy.0.contains("the server is busy"), "{}", busy.0);
        let running = first.run().await;
        // The second waits for the one thread.
        let waiting = tokio::time::timeout(std::time::Duration::from_millis(50), second.run()).await;
        assert!(waiting.is_err());
        drop(running);
        drop(first);
        let _running = second.run().await;
        assert!(work.admit().is_ok(), "a place is free again");
    }
}
