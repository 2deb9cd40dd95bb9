//! Service infrastructure shared by Arbiter's services and CLI: one home for each small piece
//! that every process needs and that used to be copied into each.
//!
//! Owns: files that hold secrets, created private (mode 0600) and written whole
//! ([`private_file`]); the figures of a process and of the machine read from `/proc`
//! ([`process`]); the retry policies every retry loop uses ([`retry`]); background tasks that
//! are started again, or take their process down, when they die ([`task`]).
//! Must never: depend on a service crate, the engine or the wire types (it sits below them all),
//! or hold any policy of its own beyond what its callers ask for (which file, which process).

pub mod private_file;
pub mod process;
pub mod retry;
pub mod task;
