//! Training across machines around Redis (issue 58): actors push finished self-play games into a
//! stream, the learner reads them through a consumer group and publishes model versions. This
//! module holds the data layer ([`entry`]: the games' versioned encoding, [`store`]: the run's
//! keys in Redis) and the two roles: [`learner`] (games into the trainer's replay buffer, models
//! out) and [`actor`] (self-play with the newest model, games out).

pub mod actor;
pub mod announcements;
pub mod backpressure;
pub mod entry;
pub mod learner;
pub mod link;
pub mod moving_mean;
pub mod store;
pub mod stream_bound;

pub use learner::{DistributedSection, RemoteCounts, RemoteGames};

pub use entry::{FORMAT, FinishedGame};
pub use store::{Delivery, Heartbeat, ModelFiles, RedisStore, RunInfo, current_run, redacted};
