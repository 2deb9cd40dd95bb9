//! Why a request is refused, and the one place where that becomes a gRPC status.

use tonic::Status;

/// Why a request is refused.
#[derive(Debug, thiserror::Error)]
pub enum RandomnessError {
    #[error("{0}")]
    InvalidArgument(String),
    #[error("{0}")]
    NotFound(String),
    /// The match's log does not await this (a draw it does not ask for, a reveal before the end).
    #[error("{0}")]
    FailedPrecondition(String),
    #[error("the match log is unavailable: {0}")]
    LogUnavailable(String),
    /// The match was created under another randomness key than this service's: an operator's
    /// key problem (FAILED_PRECONDITION), not tampering.
    #[error(
        "match {match_id} was created under randomness key {created_under}, not this service's key {own}: nothing \
             is drawn, committed or revealed for it with another key; restore the key file that created this match, {key_file}"
    )]
    WrongKey { match_id: String, created_under: String, own: String, key_file: String },
    /// A commit the orchestrator did not sign: nothing is drawn or revealed on such a log.
    #[error("the log of match {match_id} fails its integrity check at version {version}: {detail}")]
    Tampered { match_id: String, version: u64, detail: String },
}

impl From<eventlog::LogError> for RandomnessError {
    fn from(e: eventlog::LogError) -> Self {
        match e {
            eventlog::LogError::InvalidMatchId(m) => RandomnessError::InvalidArgument(m),
            other => RandomnessError::LogUnavailable(other.to_string()),
        }
    }
}

impl From<RandomnessError> for Status {
    fn from(e: RandomnessError) -> Status {
        let msg = e.to_string();
        match e {
            RandomnessError::InvalidArgument(_) => Status::invalid_argument(msg),
            RandomnessError::NotFound(_) => Status::not_found(msg),
            RandomnessError::FailedPrecondition(_) | RandomnessError::WrongKey { .. } => Status::failed_precondition(msg),
            RandomnessError::LogUnavailable(_) => Status::unavailable(msg),
            RandomnessError::Tampered { .. } => Status::data_loss(msg),
        }
    }
}
