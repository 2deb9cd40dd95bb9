#![allow(dead_code)] // each test binary uses its own part
//! How tests reach the internal parts directly (not through the match API): the randomness
//! service's gRPC port and the NATS log, each with the strongest credential short of the
//! orchestrator's signing key, so the tests show what an insider holding it could do.

use anyhow::{anyhow, Result};
use api::randomness_v1::randomness_service_client::RandomnessServiceClient;
use tonic::transport::Channel;

use crate::harness::System;

/// A channel to the system's randomness service with the orchestrator's client certificate
/// (mutual TLS): what a caller holding that certificate can ask.
pub async fn randomness_channel(system: &System) -> Result<Channel> {
    system.randomness_channel().await
}

/// A client of the system's randomness service (over [`randomness_channel`]).
pub async fn randomness_client(system: &System) -> Result<RandomnessServiceClient<Channel>> {
    Ok(RandomnessServiceClient::new(randomness_channel(system).await?))
}

/// A channel to the system's rules service with the orchestrator's client certificate.
pub async fn rules_channel(system: &System) -> Result<Channel> {
    system.rules_channel().await
}

/// A connection to the system's NATS log with the orchestrator's own NATS credential (the only
/// role that may publish to match subjects) but without its signing key.
pub async fn nats_log(system: &System) -> Result<eventlog::JetStreamLog> {
    let auth = system.nats_auth(eventlog::Role::Orchestrator);
    eventlog::JetStreamLog::connect(&system.nats.url(), 1, &auth).await.map_err(|e| anyhow!("connecting to NATS: {e}"))
}
