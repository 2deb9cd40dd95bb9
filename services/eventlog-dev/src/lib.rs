//! What developing Arbiter needs of its match log, kept out of the production crate `eventlog`
//! (issue 36, item 3): no service links this crate, so no service binary carries an in-memory
//! log or the code that installs and starts `nats-server`.
//!
//! - [`MemoryLog`]: an in-memory [`eventlog::EventLog`] with the same semantics as the
//!   JetStream one, for unit tests (a dev-dependency of the crates that use it).
//! - [`server`]: starting and stopping a real `nats-server` (for tests and for `arbiter up`),
//!   including finding or installing the binary. Every such server requires authentication.
//! - [`cluster`]: the configuration of a JetStream cluster node (`deploy/nats-cluster.conf`)
//!   and a cluster of local nodes ([`cluster::NatsCluster`], for `arbiter up --cluster 3` and
//!   tests), with its durability settings.
//!
//! The `arbiter` command links it only with its `local` feature (on by default: `arbiter up`
//! and `arbiter bench` start local servers); the deployed image is built without it
//! (`deploy/Dockerfile`).

pub mod cluster;
mod memory;
pub mod server;

pub use crate::memory::MemoryLog;
