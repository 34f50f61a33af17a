//! Training across machines around Redis (issue 58): actors push finished self-play games into a
//! stream, the learner reads them through a consumer group and publishes model versions. This
//! module is the data layer ([`entry`]: the games' versioned encoding, [`store`]: the run's keys
//! in Redis); the learner's and actors' roles are not built yet.

pub mod entry;
pub mod store;

pub use entry::{FORMAT, FinishedGame};
pub use store::{Delivery, Heartbeat, ModelFiles, RedisStore, redacted};
