//! Arbiter's generated protobuf and gRPC code, and the one place where protobuf and domain types
//! meet ([`convert`]), the proto3 JSON mapping of the messages ([`json`]), and the one check
//! that a match log is what the rules produce ([`replay`]), and the check of seat-signed acts
//! ([`seat`]).
//!
//! Also owns what every service's gRPC edge shares: serving ([`server`]) and TLS material
//! ([`tls`]: the local CA, service certificates, and the TLS flags).
//!
//! Must never: hold game logic, or do I/O beyond serving and reading or creating TLS files.
//! Services convert at their edge by calling into here.

/// Generated code, laid out like the proto packages so cross-package references resolve.
pub mod arbiter {
    pub mod r#match {
        pub mod v1 {
            include!(concat!(env!("OUT_DIR"), "/arbiter.r#match.v1.rs"));
        }
    }
    pub mod rules {
        pub mod v1 {
            include!(concat!(env!("OUT_DIR"), "/arbiter.rules.v1.rs"));
        }
    }
    pub mod randomness {
        pub mod v1 {
            include!(concat!(env!("OUT_DIR"), "/arbiter.randomness.v1.rs"));
        }
    }
    pub mod log {
        pub mod v1 {
            include!(concat!(env!("OUT_DIR"), "/arbiter.log.v1.rs"));
        }
    }
}

pub use arbiter::log::v1 as log_v1;
pub use arbiter::r#match::v1 as match_v1;
pub use arbiter::randomness::v1 as randomness_v1;
pub use arbiter::rules::v1 as rules_v1;

/// The encoded descriptor set of every Arbiter proto, for gRPC reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/arbiter_descriptor.bin"));

pub mod codec;
pub mod convert;
pub mod json;
pub mod replay;
pub mod seat;
pub mod server;
pub mod tls;
