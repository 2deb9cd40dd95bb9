//! What can go wrong in the rules service, and the one place each becomes a gRPC status
//! (ARCHITECTURE.md, gRPC conventions).

use engine::RulesError;
use tonic::Status;

#[derive(Debug, thiserror::Error)]
pub enum RulesServiceError {
    /// The engine refused the input or the configuration.
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("unknown ruleset \"{name}\"; this server has: {known}")]
    UnknownRuleset { name: String, known: String },
    /// The request itself is malformed (a missing field, a hash of the wrong length, too many
    /// inputs), whatever the state.
    #[error("{0}")]
    BadRequest(String),
    /// Our own data cannot be described (a ruleset's description does not encode).
    #[error("{0}")]
    Internal(String),
}

impl From<RulesServiceError> for Status {
    fn from(e: RulesServiceError) -> Status {
        let msg = e.to_string();
        match e {
            RulesServiceError::Rules(r) => match r {
                RulesError::InvalidConfig(_) | RulesError::Malformed(_) => Status::invalid_argument(msg),
                RulesError::Illegal(_) | RulesError::NotAwaited(_) => Status::failed_precondition(msg),
                RulesError::StaleDecision { .. } => Status::aborted(msg),
                RulesError::WrongSeat { .. } => Status::permission_denied(msg),
                RulesError::CorruptState(_) => Status::internal(msg),
            },
            RulesServiceError::UnknownRuleset { .. } | RulesServiceError::BadRequest(_) => Status::invalid_argument(msg),
            RulesServiceError::Internal(_) => Status::internal(msg),
        }
    }
}

/// A rules error as the status the service answers with.
pub fn status_of(e: RulesError) -> Status {
    RulesServiceError::from(e).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    #[test]
    fn each_error_has_its_code() {
        let code = |e: RulesServiceError| Status::from(e).code();
        assert_eq!(code(RulesError::Illegal("x".into()).into()), Code::FailedPrecondition);
        assert_eq!(code(RulesError::Malformed("x".into()).into()), Code::InvalidArgument);
        assert_eq!(code(RulesError::CorruptState("x".into()).into()), Code::Internal);
        assert_eq!(code(RulesServiceError::UnknownRuleset { name: "go".into(), known: "netrunner".into() }), Code::InvalidArgument);
        assert_eq!(code(RulesServiceError::BadRequest("x".into())), Code::InvalidArgument);
        assert_eq!(code(RulesServiceError::Internal("x".into())), Code::Internal);
        let s = Status::from(RulesServiceError::UnknownRuleset { name: "go".into(), known: "mainframe, netrunner".into() });
        assert_eq!(s.message(), "unknown ruleset \"go\"; this server has: mainframe, netrunner");
    }
}
