#![allow(dead_code)] // each test binary uses its own part
//! How tests reach the internal parts directly (not through the match API): the randomness
//! service's gRPC port and the NATS log. One function each, so a deployment that requires
//! credentials (mTLS, NATS users) changes only these.

use anyhow::{anyhow, Result};
use api::randomness_v1::randomness_service_client::RandomnessServiceClient;
use tonic::transport::Channel;

use crate::harness::System;

/// A channel to the system's randomness service, as an outsider who reaches its port.
pub async fn randomness_channel(system: &System) -> Result<Channel> {
    Ok(tonic::transport::Endpoint::from_shared(system.randomness.url())?.connect().await?)
}

/// A client of the system's randomness service (over [`randomness_channel`]).
pub async fn randomness_client(system: &System) -> Result<RandomnessServiceClient<Channel>> {
    Ok(RandomnessServiceClient::new(randomness_channel(system).await?))
}

/// A channel to the system's rules service, as an outsider who reaches its port.
pub async fn rules_channel(system: &System) -> Result<Channel> {
    Ok(tonic::transport::Endpoint::from_shared(system.rules.url())?.connect().await?)
}

/// A connection to the system's NATS log, as anyone who can publish to it.
pub async fn nats_log(system: &System) -> Result<eventlog::JetStreamLog> {
    eventlog::JetStreamLog::connect(&system.nats.url(), 1).await.map_err(|e| anyhow!("connecting to NATS: {e}"))
}
