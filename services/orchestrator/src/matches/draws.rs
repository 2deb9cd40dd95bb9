//! Driving a match through the random draws it awaits (one randomness node, or several whose
//! signed shares are combined) and the reveal of its secret at the end.

use super::*;

impl Matches {
    /// Feed the match every random draw it waits for, and reveal the secret once it has ended.
    /// Draws are addressed, so asking again after a crash gives the same outcome.
    pub async fn drive(&self, rec: &mut MatchRecord) -> Result<()> {
        // A match ended (by match control) before every seat joined still reveals its secret.
        if !rec.all_joined() && !rec.ended() {
            return Ok(());
        }
        let mut conflicts = 0;
        loop {
            match rec.awaiting.clone() {
                Some(Awaiting::Draw(draw)) if !rec.randomness_nodes.is_empty() => {
                    let input = match self.draw_v2(rec, &draw).await {
                        Ok(input) => input,
                        Err(NodeRefusal::Status(status)) => {
                            self.stale_or(rec, status, &mut conflicts).await?;
                            continue;
                        }
                        Err(NodeRefusal::Error(e)) => return Err(e),
                    };
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                Some(Awaiting::Ended(_)) if !rec.secret_revealed && !rec.randomness_nodes.is_empty() => {
                    let nodes = self.match_nodes(rec)?;
                    let asked = nodes.iter().map(|node| {
                        let mut client = node.client.clone();
                        let req = rnd::RevealRequest { match_id: rec.match_id.clone() };
                        async move { client.reveal(req).await.map(|r| r.into_inner().secret).map_err(|s| (node, s)) }
                    });
                    let mut node_secrets = Vec::with_capacity(nodes.len());
                    let mut refused = None;
                    for answer in futures::future::join_all(asked).await {
                        match answer {
                            Ok(secret) => node_secrets.push(secret),
                            Err((node, status)) => {
                                refused.get_or_insert((node, status));
                            }
                        }
                    }
                    if let Some((node, status)) = refused {
                        if status.code() == tonic::Code::FailedPrecondition {
                            self.stale_or(rec, named(node, status), &mut conflicts).await?;
                            continue;
                        }
                        return Err(node_err(node, status));
                    }
                    let input = commit_input::Input::Revealed(SecretRevealed { secret: Vec::new(), node_secrets });
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                Some(Awaiting::Draw(draw)) => {
                    let (request, req) = draw_requests(rec, &draw)?;
                    let mut randomness = self.backends.randomness.clone();
                    let outcome = match randomness.draw(req).await {
                        Ok(outcome) => outcome.into_inner(),
                        Err(status) => {
                            self.stale_or(rec, status, &mut conflicts).await?;
                            continue;
                        }
                    };
                    let input = commit_input::Input::Draw(RandomDraw {
                        request: Some(request),
                        values: outcome.values,
                        signature: outcome.signature,
                        shares: Vec::new(),
                    });
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                Some(Awaiting::Ended(_)) if !rec.secret_revealed => {
                    let mut randomness = self.backends.randomness.clone();
                    let req = rnd::RevealRequest { match_id: rec.match_id.clone() };
                    let secret = match randomness.reveal(req).await {
                        Ok(revealed) => revealed.into_inner().secret,
                        Err(status) => {
                            self.stale_or(rec, status, &mut conflicts).await?;
                            continue;
                        }
                    };
                    let input = commit_input::Input::Revealed(SecretRevealed { secret, node_secrets: Vec::new() });
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                _ => return Ok(()),
            }
        }
    }

    /// The configured nodes a v2 match names, in its order; a node it names that is not
    /// configured here is UNAVAILABLE (the match waits for it, never goes on without it).
    pub(super) fn match_nodes(&self, rec: &MatchRecord) -> Result<Vec<&RandomnessNode>> {
        rec.randomness_nodes
            .iter()
            .map(|named| {
                self.backends.nodes.iter().find(|n| n.name == named.name).ok_or_else(|| {
                    randomness_err(tonic::Status::unavailable(format!(
                        "randomness node {:?} of match {} is not configured on this orchestrator (--randomness {}=URL)",
                        named.name, rec.match_id, named.name
                    )))
                })
            })
            .collect()
    }

    /// Scheme v2: every node's signed share of `draw` (asked at once), each checked against the
    /// node's key in `MatchCreated`, and the values of their combination: the commit to log.
    /// A node that does not answer fails the whole draw, naming it: nothing is logged.
    pub(super) async fn draw_v2(&self, rec: &MatchRecord, draw: &engine::DrawRequest) -> std::result::Result<commit_input::Input, NodeRefusal> {
        let (request, req) = draw_requests(rec, draw).map_err(NodeRefusal::Error)?;
        let Some(fair_kind) = req.kind.map(fairness::DrawKind::from) else {
            return Err(NodeRefusal::Error(OrchestratorError::Internal("a draw request without a kind".into())));
        };
        let nodes = self.match_nodes(rec).map_err(NodeRefusal::Error)?;
        let asked = nodes.iter().map(|node| {
            let mut client = node.client.clone();
            let req = req.clone();
            async move { client.draw(req).await.map(|r| r.into_inner()).map_err(|s| (*node, s)) }
        });
        let answers = futures::future::join_all(asked).await;
        let mut shares = Vec::with_capacity(nodes.len());
        let mut raw = Vec::with_capacity(nodes.len());
        for (j, answer) in answers.into_iter().enumerate() {
            let outcome = match answer {
                Ok(outcome) => outcome,
                Err((node, status)) if status.code() == tonic::Code::FailedPrecondition => return Err(NodeRefusal::Status(named(node, status))),
                Err((node, status)) => return Err(NodeRefusal::Error(node_err(node, status))),
            };
            let node = j as u32;
            let logged = &rec.randomness_nodes[j];
            let share: Option<fairness::v2::Share> = outcome.share.as_slice().try_into().ok();
            let signed = share.is_some_and(|share| {
                let message = fairness::v2::share_message(&rec.match_id, node, &draw.purpose, draw.index, fair_kind, &share);
                fairness::verify_signature(&logged.public_key, &message, &outcome.signature).is_ok()
            });
            let Some(share) = share.filter(|_| signed) else {
                return Err(NodeRefusal::Error(node_err(
                    nodes[j],
                    tonic::Status::data_loss("its share is not signed by its key in the match's creation; nothing is logged"),
                )));
            };
            raw.push(share);
            shares.push(DrawShare { node, share: share.to_vec(), signature: outcome.signature });
        }
        let values = fairness::v2::draw_values(&rec.match_id, &draw.purpose, draw.index, fair_kind, &raw)
            .map_err(|e| NodeRefusal::Error(OrchestratorError::Internal(format!("cannot combine the shares: {e}"))))?;
        Ok(commit_input::Input::Draw(RandomDraw { request: Some(request), values, signature: Vec::new(), shares }))
    }
}

/// Why a v2 draw was not made: a refusal `drive` may explain by catching up (a node's
/// FAILED_PRECONDITION: the match moved on), or the error to return.
pub(super) enum NodeRefusal {
    Status(tonic::Status),
    Error(OrchestratorError),
}

/// A node's refusal, naming the node (`UNAVAILABLE` when it is down).
pub(super) fn node_err(node: &RandomnessNode, status: tonic::Status) -> OrchestratorError {
    randomness_err(named(node, status))
}

/// `status` with the node's name and URL in front of its message.
pub(super) fn named(node: &RandomnessNode, status: tonic::Status) -> tonic::Status {
    tonic::Status::new(status.code(), format!("randomness node {:?} ({}): {}", node.name, node.url, status.message()))
}

/// The draw the match awaits, as the log records it and as every randomness node is asked for
/// it (the same request for one node or several).
pub(super) fn draw_requests(rec: &MatchRecord, draw: &engine::DrawRequest) -> Result<(r::DrawRequest, rnd::DrawRequest)> {
    let logged = convert::draw_request_to_proto(draw);
    let Some(kind) = logged.kind.map(|k| rnd::draw_request::Kind::from(fairness::DrawKind::from(k))) else {
        return Err(OrchestratorError::Internal("a draw request without a kind".into()));
    };
    let asked = rnd::DrawRequest {
        match_id: rec.match_id.clone(),
        seat_entropies: rec.seat_entropies(),
        index: draw.index,
        purpose: draw.purpose.clone(),
        kind: Some(kind),
    };
    Ok((logged, asked))
}
