//! Driving a match through the random draws it awaits (one randomness node, or several whose
//! signed shares are combined) and the reveal of its secret at the end. Asking the randomness
//! ([`Matches::fetch`]) needs only what [`DrawCtx`] copies out of the record, so the background
//! driver of a waiting match (`waits`) asks without holding the match's lock.

use super::waits::{Need, Progress};
use super::*;
use crate::error::{Cause, Service};

/// What asking the randomness for a match's draw or reveal takes, copied out of its record.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawCtx {
    pub match_id: String,
    pub entropies: Vec<Vec<u8>>,
    /// The nodes its creation names (scheme v2); empty for a one-node match.
    pub nodes: Vec<api::log_v1::RandomnessNode>,
}

impl DrawCtx {
    pub fn of(rec: &MatchRecord) -> DrawCtx {
        DrawCtx { match_id: rec.match_id.clone(), entropies: rec.seat_entropies(), nodes: rec.randomness_nodes.clone() }
    }
}

impl Matches {
    /// Feed the match every random draw it waits for, and reveal the secret once it has ended.
    /// Draws are addressed, so asking again after a crash gives the same outcome.
    pub async fn drive(&self, rec: &mut MatchRecord) -> Result<()> {
        self.drive_tracked(rec, &Progress::default()).await
    }

    /// [`Self::drive`], telling `progress` which nodes it asked and which answered (so that a
    /// caller that stops waiting can name the one that did not).
    pub(super) async fn drive_tracked(&self, rec: &mut MatchRecord, progress: &Progress) -> Result<()> {
        let mut conflicts = 0;
        loop {
            let Some(need) = waits::need_of(rec)? else { return Ok(()) };
            match self.fetch(&need, progress).await {
                Ok(input) => {
                    progress.committing();
                    self.commit_or_catch_up(rec, input, &mut conflicts).await?;
                }
                Err(NodeRefusal::Status(status)) => self.stale_or(rec, status, &mut conflicts).await?,
                Err(NodeRefusal::Error(e)) => return Err(e),
            }
        }
    }

    /// The input that gives the match what it needs: the draw, from every node (v2) or the one
    /// service (v1), or the revealed secret(s). A node's FAILED_PRECONDITION comes back as
    /// [`NodeRefusal::Status`] (the match may have moved on); a node that does not answer is
    /// [`OrchestratorError::SystemUnavailable`] naming it.
    pub(super) async fn fetch(&self, need: &Need, progress: &Progress) -> std::result::Result<commit_input::Input, NodeRefusal> {
        match need {
            Need::Draw { ctx, draw } if !ctx.nodes.is_empty() => self.draw_v2(ctx, draw, progress).await,
            Need::Reveal { ctx } if !ctx.nodes.is_empty() => self.reveal_v2(ctx, progress).await,
            Need::Draw { ctx, draw } => {
                let (request, req) = draw_requests(ctx, draw).map_err(NodeRefusal::Error)?;
                progress.asking(&[String::new()]);
                let mut randomness = self.backends.randomness.clone();
                let outcome = randomness.draw(req).await.map_err(NodeRefusal::Status)?.into_inner();
                progress.answered("");
                Ok(commit_input::Input::Draw(RandomDraw { request: Some(request), values: outcome.values, signature: outcome.signature, shares: Vec::new() }))
            }
            Need::Reveal { ctx } => {
                progress.asking(&[String::new()]);
                let mut randomness = self.backends.randomness.clone();
                let req = rnd::RevealRequest { match_id: ctx.match_id.clone() };
                let secret = randomness.reveal(req).await.map_err(NodeRefusal::Status)?.into_inner().secret;
                progress.answered("");
                Ok(commit_input::Input::Revealed(SecretRevealed { secret, node_secrets: Vec::new() }))
            }
        }
    }

    /// The configured nodes a v2 match names, in its order; a node it names that is not
    /// configured here is UNAVAILABLE (the match waits for it, never goes on without it).
    pub(super) fn match_nodes(&self, ctx: &DrawCtx) -> Result<Vec<&RandomnessNode>> {
        ctx.nodes
            .iter()
            .map(|named| {
                self.backends.nodes.iter().find(|n| n.name == named.name).ok_or_else(|| {
                    OrchestratorError::SystemUnavailable(Box::new(Cause {
                        service: Service::Randomness,
                        node: named.name.clone(),
                        reason: format!("match {} names it, and it is not configured on this orchestrator (--randomness {}=URL)", ctx.match_id, named.name),
                    }))
                })
            })
            .collect()
    }

    /// Scheme v2: every node's signed share of `draw` (asked at once), each checked against the
    /// node's key in `MatchCreated`, and the values of their combination: the commit to log.
    /// A node that does not answer fails the whole draw, naming it: nothing is logged.
    pub(super) async fn draw_v2(
        &self,
        ctx: &DrawCtx,
        draw: &engine::DrawRequest,
        progress: &Progress,
    ) -> std::result::Result<commit_input::Input, NodeRefusal> {
        let (request, req) = draw_requests(ctx, draw).map_err(NodeRefusal::Error)?;
        let Some(fair_kind) = req.kind.map(fairness::DrawKind::from) else {
            return Err(NodeRefusal::Error(OrchestratorError::Internal("a draw request without a kind".into())));
        };
        let nodes = self.match_nodes(ctx).map_err(NodeRefusal::Error)?;
        progress.asking(&nodes.iter().map(|n| n.name.clone()).collect::<Vec<_>>());
        let asked = nodes.iter().map(|node| {
            let mut client = node.client.clone();
            let req = req.clone();
            async move {
                let answer = client.draw(req).await.map(|r| r.into_inner()).map_err(|s| (*node, s));
                progress.answered(&node.name);
                answer
            }
        });
        let answers = futures::future::join_all(asked).await;
        let mut shares = Vec::with_capacity(nodes.len());
        let mut raw = Vec::with_capacity(nodes.len());
        for (j, answer) in answers.into_iter().enumerate() {
            let outcome = answer.map_err(|(node, status)| refusal(node, status))?;
            let node = j as u32;
            let logged = &ctx.nodes[j];
            let share: Option<fairness::v2::Share> = outcome.share.as_slice().try_into().ok();
            let signed = share.is_some_and(|share| {
                let message = fairness::v2::share_message(&ctx.match_id, node, &draw.purpose, draw.index, fair_kind, &share);
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
        let values = fairness::v2::draw_values(&ctx.match_id, &draw.purpose, draw.index, fair_kind, &raw)
            .map_err(|e| NodeRefusal::Error(OrchestratorError::Internal(format!("cannot combine the shares: {e}"))))?;
        Ok(commit_input::Input::Draw(RandomDraw { request: Some(request), values, signature: Vec::new(), shares }))
    }

    /// Scheme v2: every node reveals its own secret (asked at once), in node order.
    async fn reveal_v2(&self, ctx: &DrawCtx, progress: &Progress) -> std::result::Result<commit_input::Input, NodeRefusal> {
        let nodes = self.match_nodes(ctx).map_err(NodeRefusal::Error)?;
        progress.asking(&nodes.iter().map(|n| n.name.clone()).collect::<Vec<_>>());
        let asked = nodes.iter().map(|node| {
            let mut client = node.client.clone();
            let req = rnd::RevealRequest { match_id: ctx.match_id.clone() };
            async move {
                let answer = client.reveal(req).await.map(|r| r.into_inner().secret).map_err(|s| (*node, s));
                progress.answered(&node.name);
                answer
            }
        });
        let mut node_secrets = Vec::with_capacity(nodes.len());
        for answer in futures::future::join_all(asked).await {
            node_secrets.push(answer.map_err(|(node, status)| refusal(node, status))?);
        }
        Ok(commit_input::Input::Revealed(SecretRevealed { secret: Vec::new(), node_secrets }))
    }
}

/// Why a draw or reveal was not made: a refusal `drive` may explain by catching up (a node's
/// FAILED_PRECONDITION: the match moved on), or the error to return.
pub(super) enum NodeRefusal {
    Status(tonic::Status),
    Error(OrchestratorError),
}

/// A node's refusal: FAILED_PRECONDITION to look at the log again; a node that does not answer
/// is unavailable by name (the match waits for it); anything else is that node's error.
fn refusal(node: &RandomnessNode, status: tonic::Status) -> NodeRefusal {
    if status.code() != tonic::Code::FailedPrecondition {
        tracing::warn!(node = %node.name, url = %node.url, code = ?status.code(), message = %status.message(), "a randomness node refused or did not answer");
    }
    match status.code() {
        tonic::Code::FailedPrecondition => NodeRefusal::Status(named(node, status)),
        tonic::Code::Unavailable | tonic::Code::DeadlineExceeded | tonic::Code::Unknown | tonic::Code::Cancelled => {
            NodeRefusal::Error(OrchestratorError::SystemUnavailable(Box::new(Cause {
                service: Service::Randomness,
                node: node.name.clone(),
                // Not the node's URL: every viewer reads the reason (the orchestrator's log has it).
                reason: crate::error::truncate_message(status.message()),
            })))
        }
        _ => NodeRefusal::Error(node_err(node, status)),
    }
}

/// A node's refusal, naming the node.
pub(super) fn node_err(node: &RandomnessNode, status: tonic::Status) -> OrchestratorError {
    randomness_err(named(node, status))
}

/// `status` with the node's name and URL in front of its message.
pub(super) fn named(node: &RandomnessNode, status: tonic::Status) -> tonic::Status {
    tonic::Status::new(status.code(), format!("randomness node {:?} ({}): {}", node.name, node.url, status.message()))
}

/// The draw the match awaits, as the log records it and as every randomness node is asked for
/// it (the same request for one node or several).
pub(super) fn draw_requests(ctx: &DrawCtx, draw: &engine::DrawRequest) -> Result<(r::DrawRequest, rnd::DrawRequest)> {
    let logged = convert::draw_request_to_proto(draw);
    let Some(kind) = logged.kind.map(|k| rnd::draw_request::Kind::from(fairness::DrawKind::from(k))) else {
        return Err(OrchestratorError::Internal("a draw request without a kind".into()));
    };
    let asked = rnd::DrawRequest {
        match_id: ctx.match_id.clone(),
        seat_entropies: ctx.entropies.clone(),
        index: draw.index,
        purpose: draw.purpose.clone(),
        kind: Some(kind),
    };
    Ok((logged, asked))
}
