//! The `RandomnessService` handlers: commit, draw, reveal, public key. Each request is checked
//! against the match's verified log before anything is derived from the match's secret.

use std::sync::Arc;

use api::convert::draw_kind_text;
use api::randomness_v1 as rnd;
use api::randomness_v1::randomness_service_server::RandomnessService;
use api::rules_v1::awaiting::What;
use eventlog::EventLog;
use fairness::DrawKind;
use tonic::{Request, Response, Status};

use crate::error::RandomnessError;
use crate::keys::Keys;
use crate::verified::{CheckedLogs, VerifiedLog};

/// The service: its keys, the log it reads, and the logs it has checked.
pub struct Randomness {
    pub(crate) keys: Keys,
    /// The log, read through the checked-log cache, so a draw reads only the commits appended
    /// since the last one.
    logs: CheckedLogs,
}

impl Randomness {
    pub fn new(keys: Keys, log: Arc<dyn EventLog>) -> Self {
        Randomness { keys, logs: CheckedLogs::new(log) }
    }

    /// The match's checked log once it was made under this service's key and `check` accepts
    /// it (read again for a while first, in case a lagging replica answered).
    async fn log_satisfying(&self, match_id: &str, check: impl Fn(&VerifiedLog) -> Result<(), RandomnessError>) -> Result<VerifiedLog, RandomnessError> {
        self.logs.satisfying(match_id, |log| self.check_key(match_id, log).and_then(|()| check(log))).await
    }
}

impl Randomness {
    /// Refuse a match whose log names another randomness key than this service's: its
    /// commitment was made with other keys, so nothing drawn or revealed here would verify
    /// (a lost key file replaced with `--new-key`, or the wrong file). Never retried.
    fn check_key(&self, match_id: &str, log: &VerifiedLog) -> Result<(), RandomnessError> {
        let own = self.keys.public_key();
        if log.randomness_key == own || log.nodes.iter().any(|n| n.public_key == own) {
            return Ok(());
        }
        let created_under = if log.nodes.is_empty() {
            fairness::chain::short_hex(&log.randomness_key)
        } else {
            log.nodes.iter().map(|n| fairness::chain::short_hex(&n.public_key)).collect::<Vec<_>>().join(", ")
        };
        Err(RandomnessError::WrongKey {
            match_id: match_id.to_string(),
            created_under,
            own: fairness::chain::short_hex(&own),
            key_file: self.keys.file.as_ref().map_or_else(|| "given by --key-file".to_string(), |p| p.display().to_string()),
        })
    }
}

impl Randomness {
    /// Scheme v2: this node's position among the match's nodes, whose logged commitment must be
    /// this node's own for that position (else its shares would never verify: refused).
    fn node_position(&self, match_id: &str, log: &VerifiedLog, secret: &fairness::Secret) -> Result<u32, RandomnessError> {
        let own = self.keys.public_key();
        let position = log.nodes.iter().position(|n| n.public_key == own).unwrap_or_default() as u32;
        let expected = fairness::v2::node_commitment(match_id, position, &own, secret);
        match log.nodes.get(position as usize) {
            Some(node) if node.commitment == expected => Ok(position),
            _ => Err(RandomnessError::Tampered {
                match_id: match_id.to_string(),
                version: 1,
                detail: format!("the commitment logged for node {position} (this node's key) is not this node's commitment"),
            }),
        }
    }
}

fn check_match_id(id: &str) -> Result<(), RandomnessError> {
    eventlog::validate_match_id(id).map_err(RandomnessError::from)
}

/// Check that the checked log's last commit awaits exactly the draw `req` asks for, with the
/// logged seat entropies.
fn check_awaited(log: &VerifiedLog, req: &rnd::DrawRequest) -> Result<(), RandomnessError> {
    let refuse = |why: String| {
        RandomnessError::FailedPrecondition(format!(
            "match {} does not await this draw: {why}; the randomness service draws only what the match's log awaits",
            req.match_id
        ))
    };
    let awaited = match &log.awaiting {
        Some(What::Draw(d)) => d,
        Some(What::Decision(_)) => return Err(refuse(format!("at version {} it awaits a decision", log.version))),
        Some(What::Ended(_)) => return Err(refuse(format!("it ended at version {}", log.version))),
        None => return Err(refuse(format!("at version {} it awaits nothing", log.version))),
    };
    let asked_kind = req.kind.map(DrawKind::from);
    let awaited_kind = awaited.kind.map(DrawKind::from);
    if awaited.index != req.index || awaited.purpose != req.purpose || awaited_kind != asked_kind {
        let purpose: String = req.purpose.chars().take(24).collect();
        return Err(refuse(format!(
            "it awaits draw {} ({:?}, {}), not draw {} ({purpose:?}, {})",
            awaited.index,
            awaited.purpose,
            draw_kind_text(awaited_kind),
            req.index,
            draw_kind_text(asked_kind)
        )));
    }
    let same =
        log.entropies.len() == req.seat_entropies.len() && log.entropies.iter().zip(&req.seat_entropies).all(|(l, r)| l.as_deref() == Some(r.as_slice()));
    if !same {
        return Err(refuse("the seat entropies are not the ones its log records".into()));
    }
    Ok(())
}

#[tonic::async_trait]
impl RandomnessService for Randomness {
    async fn commit(&self, req: Request<rnd::CommitRequest>) -> Result<Response<rnd::CommitResponse>, Status> {
        let req = req.into_inner();
        let match_id = req.match_id;
        check_match_id(&match_id)?;
        let v2 = match req.scheme.as_str() {
            "" => false,
            fairness::v2::SCHEME if (req.node as usize) < fairness::v2::MAX_NODES => true,
            fairness::v2::SCHEME => {
                return Err(RandomnessError::InvalidArgument(format!(
                    "node {} is out of range: a match has at most {} nodes",
                    req.node,
                    fairness::v2::MAX_NODES
                ))
                .into())
            }
            other => return Err(RandomnessError::InvalidArgument(format!("unknown scheme {other:?}: empty (v1) or {:?}", fairness::v2::SCHEME)).into()),
        };
        // A commitment is asked for a new match; one whose log exists already was made under
        // some key, which must be this one. (A log that cannot be read is judged at its draws.)
        match self.logs.raw().last_commit(&match_id).await {
            Ok(Some(_)) => {
                let log = self.logs.verified_log(&match_id).await?;
                self.check_key(&match_id, &log)?;
            }
            Ok(None) => {}
            Err(e) => tracing::debug!(%match_id, error = %e, "cannot tell whether the match exists; committing"),
        }
        let secret = fairness::derive_match_secret(&self.keys.master, &match_id);
        let public_key = self.keys.public_key();
        let (commitment, scheme) = if v2 {
            (fairness::v2::node_commitment(&match_id, req.node, &public_key, &secret), fairness::v2::SCHEME)
        } else {
            (fairness::commitment(&match_id, &secret), fairness::SCHEME)
        };
        Ok(Response::new(rnd::CommitResponse { commitment: commitment.to_vec(), scheme: scheme.into(), public_key: public_key.to_vec() }))
    }

    async fn draw(&self, req: Request<rnd::DrawRequest>) -> Result<Response<rnd::DrawResponse>, Status> {
        let req = req.into_inner();
        check_match_id(&req.match_id)?;
        let Some(kind) = req.kind.map(DrawKind::from) else {
            return Err(RandomnessError::InvalidArgument("kind is missing: set range or shuffle".into()).into());
        };
        // Ids and the request only: never the values (a shuffle is hidden cards) nor the key.
        let span = if telemetry::tracing_enabled() {
            tracing::info_span!(
                "draw",
                match.id = %req.match_id,
                draw.index = req.index,
                draw.purpose = %req.purpose,
                draw.kind = %match kind { DrawKind::Range(_) => "range", DrawKind::Shuffle(_) => "shuffle" },
            )
        } else {
            tracing::Span::none()
        };
        // Only what the log awaits, so nobody can compute a future draw of a live match.
        let log = tracing::Instrument::instrument(self.log_satisfying(&req.match_id, |log| check_awaited(log, &req)), span.clone()).await?;
        let secret = fairness::derive_match_secret(&self.keys.master, &req.match_id);
        if !log.nodes.is_empty() {
            // Scheme v2: this node's signed share; the orchestrator combines every node's.
            let node = self.node_position(&req.match_id, &log, &secret)?;
            let key = fairness::v2::node_key(&secret, &req.match_id, node, &req.seat_entropies).map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
            let share = fairness::v2::share(&key, &req.purpose, req.index, kind).map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
            let message = fairness::v2::share_message(&req.match_id, node, &req.purpose, req.index, kind, &share);
            let signature = self.keys.signer.sign(&message).to_vec();
            tracing::debug!(match_id = %req.match_id, index = req.index, purpose = %req.purpose, node, "share");
            telemetry::metrics::DRAWS.inc(&[match kind {
                DrawKind::Range(_) => "range",
                DrawKind::Shuffle(_) => "shuffle",
            }]);
            return Ok(Response::new(rnd::DrawResponse { values: Vec::new(), signature, share: share.to_vec() }));
        }
        let key = fairness::match_key(&secret, &req.match_id, &req.seat_entropies).map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
        let values = fairness::draw(&key, &req.purpose, req.index, kind).map_err(|e| RandomnessError::InvalidArgument(e.to_string()))?;
        let message = fairness::outcome_message(&req.match_id, req.index, &req.purpose, kind, &values);
        let signature = self.keys.signer.sign(&message).to_vec();
        tracing::debug!(match_id = %req.match_id, index = req.index, purpose = %req.purpose, "draw");
        telemetry::metrics::DRAWS.inc(&[match kind {
            DrawKind::Range(_) => "range",
            DrawKind::Shuffle(_) => "shuffle",
        }]);
        Ok(Response::new(rnd::DrawResponse { values, signature, share: Vec::new() }))
    }

    async fn reveal(&self, req: Request<rnd::RevealRequest>) -> Result<Response<rnd::RevealResponse>, Status> {
        let match_id = req.into_inner().match_id;
        check_match_id(&match_id)?;
        // The log, checked commit by commit, is the only judge of whether a match has ended.
        self.log_satisfying(&match_id, |log| match log.awaiting {
            Some(What::Ended(_)) => Ok(()),
            _ => Err(RandomnessError::FailedPrecondition(format!("match {match_id} has not ended; its secret is revealed only after the end"))),
        })
        .await?;
        tracing::info!(%match_id, "secret revealed");
        telemetry::metrics::DRAWS.inc(&["reveal"]);
        let secret = fairness::derive_match_secret(&self.keys.master, &match_id);
        Ok(Response::new(rnd::RevealResponse { secret: secret.to_vec() }))
    }

    async fn public_key(&self, _: Request<rnd::PublicKeyRequest>) -> Result<Response<rnd::PublicKeyResponse>, Status> {
        Ok(Response::new(rnd::PublicKeyResponse { public_key: self.keys.public_key().to_vec(), scheme: fairness::SCHEME.into() }))
    }
}
