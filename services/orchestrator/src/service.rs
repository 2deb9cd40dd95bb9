//! The public `arbiter.match.v1.MatchService`: validation, authentication and views. Every
//! handler validates its input before touching the log; on an error nothing is appended.

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use api::convert;
use api::log_v1::{commit_input, Adjudication, Concession, MatchCreated, MatchExport, SeatDecision, SeatJoined};
use api::match_v1 as m;
use api::match_v1::match_service_server::MatchService;
use api::randomness_v1 as rnd;
use api::rules_v1 as r;
use engine::{Awaiting, Viewer};
use futures::Stream;
use futures::StreamExt;
use prost::Message;
use tokio::sync::{mpsc, oneshot, OwnedSemaphorePermit, Semaphore};
use tonic::{Request, Response, Status};

use crate::auth;
use crate::deadline;
use crate::error::{randomness_err, OrchestratorError, Result};
use crate::fanout::{Hub, Watcher};
use crate::index::{self, MatchIndex};
use crate::limits;
use crate::matches::{unknown_match, waits, Matches, MAX_CONFLICT_RETRIES};
use crate::platform::PlatformKey;
use crate::record::MatchRecord;
use crate::verify;

pub struct MatchApi {
    matches: Arc<Matches>,
    /// How long a watch may leave a full buffer unread before it is ended.
    watch_stall: Duration,
    /// One permit per open `WatchMatch` stream.
    watches: Arc<Semaphore>,
    /// One log subscription per watched match, fanned out to its watchers.
    hub: Arc<Hub>,
    /// What platform operations are checked against.
    platform: PlatformKey,
    /// ListMatches, from the match index (shared with the WatchMatches streams).
    index: Arc<MatchIndex>,
    /// The index's projector and copy, stopped with the last clone of this API.
    _index_tasks: Arc<crate::index::Tasks>,
    /// One permit per open `WatchMatches` stream.
    match_watches: Arc<Semaphore>,
}

/// How long after a start the time keeper waits before it lists the timed matches in play (from
/// the match index): a clock that ran out while no orchestrator was up is called this much
/// later, and the first requests after a restart do not compete with loading those matches.
const TIME_KEEPER_START_DELAY: std::time::Duration = std::time::Duration::from_secs(2);

impl MatchApi {
    pub fn new(matches: Matches) -> Self {
        let backends = matches.backends();
        let hub = Hub::new(backends.log.clone(), backends.signer.orchestrator_key(), limits::MAX_WATCHED_MATCHES);
        let index = Arc::new(MatchIndex::new(backends.log.clone(), backends.signer.public_key()));
        let index_tasks = Arc::new(index.start());
        matches.set_index(index.clone());
        let matches = Arc::new(matches);
        matches.attach();
        MatchApi {
            matches,
            watch_stall: limits::WATCH_STALL,
            watches: Arc::new(Semaphore::new(limits::MAX_OPEN_WATCHES)),
            hub,
            platform: PlatformKey::open(),
            index,
            _index_tasks: index_tasks,
            match_watches: Arc::new(Semaphore::new(limits::MAX_OPEN_MATCH_WATCHES)),
        }
    }

    /// The match index this API lists from (the archiver takes ended matches from it).
    pub fn index(&self) -> Arc<MatchIndex> {
        self.index.clone()
    }

    /// The log-signing key (the archiver signs manifests with it).
    pub fn signer(&self) -> Arc<fairness::Signer> {
        self.matches.backends().signer.clone()
    }

    /// Start the time keeper of this API's matches ([`Matches::keep_time`]); it stops when the
    /// returned task is dropped or the runtime ends, and is started again if it dies.
    pub fn keep_time(&self) -> infra::task::Background {
        let (matches, index) = (self.matches.clone(), self.index.clone());
        infra::task::supervise("the time keeper", move || {
            let (matches, index) = (matches.clone(), index.clone());
            async move {
                // After a (re)start no alarm is in memory: load every timed match still in play once,
                // which sets its alarm (and calls time at once if it ran out while no orchestrator
                // was up). Not before the first requests had the machine to themselves. The index
                // gives ids only: each match is loaded and checked from the log.
                tokio::time::sleep(TIME_KEEPER_START_DELAY).await;
                match index.timed_in_play().await {
                    Ok(ids) => {
                        if !ids.is_empty() {
                            tracing::info!(matches = ids.len(), "keeping time for the timed matches in play");
                        }
                        for match_id in ids {
                            if let Err(e) = matches.lock(&match_id).await {
                                tracing::warn!(match_id, error = %e, "cannot load a timed match; its time is kept from its next request");
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot list the timed matches in play; each one's time is kept from its next request"),
                }
                matches.keep_time().await
            }
        })
    }

    /// Connect to the rules and randomness services in the background, so that the first
    /// request after a start does not pay for the handshakes (see [`Matches::warm_up`]).
    pub fn warm_up(&self) -> tokio::task::JoinHandle<()> {
        let matches = self.matches.clone();
        tokio::spawn(async move { matches.warm_up().await })
    }

    /// Platform operations need this key (`--platform-key-file`).
    pub fn platform_key(mut self, key: PlatformKey) -> Self {
        self.platform = key;
        self
    }

    /// How long a watcher may leave its full buffer unread before it is ended (`--watch-stall-ms`).
    pub fn watch_stall(mut self, stall: Duration) -> Self {
        self.watch_stall = stall;
        self
    }
}

mod age;
mod commands;
mod reads;
mod seats;
mod watch;

use seats::*;
use watch::*;

type WatchStream = Pin<Box<dyn Stream<Item = Result<m::MatchUpdate, Status>> + Send + 'static>>;
type WatchManyStream = Pin<Box<dyn Stream<Item = Result<m::MatchesUpdate, Status>> + Send + 'static>>;

#[tonic::async_trait]
impl MatchService for MatchApi {
    async fn create_match(&self, req: Request<m::CreateMatchRequest>) -> Result<Response<m::CreateMatchResponse>, Status> {
        self.platform.check(req.metadata(), "CreateMatch")?;
        let budget = deadline::budget(req.metadata());
        Ok(Response::new(deadline::within(budget, self.create(req.into_inner())).await?))
    }

    async fn join_match(&self, req: Request<m::JoinMatchRequest>) -> Result<Response<m::JoinMatchResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        Ok(Response::new(deadline::within(budget, self.join(req.into_inner(), end)).await?))
    }

    async fn get_match(&self, req: Request<m::GetMatchRequest>) -> Result<Response<m::MatchView>, Status> {
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.get_match_inner(req)).await
    }

    async fn get_pending_decision(&self, req: Request<m::GetPendingDecisionRequest>) -> Result<Response<m::GetPendingDecisionResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.get_pending_inner(req)).await
    }

    async fn submit_decision(&self, req: Request<m::SubmitDecisionRequest>) -> Result<Response<m::SubmitDecisionResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        Ok(Response::new(deadline::within(budget, self.submit(req, end)).await?))
    }

    type WatchMatchStream = WatchStream;

    async fn watch_match(&self, req: Request<m::WatchMatchRequest>) -> Result<Response<WatchStream>, Status> {
        // The deadline bounds the opening; the stream itself lasts as long as the client wants.
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.watch_inner(req)).await
    }

    async fn export_match(&self, req: Request<m::ExportMatchRequest>) -> Result<Response<m::ExportMatchResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        deadline::within_status(budget, self.export_inner(req)).await
    }

    async fn list_matches(&self, req: Request<m::ListMatchesRequest>) -> Result<Response<m::ListMatchesResponse>, Status> {
        self.platform.check(req.metadata(), "ListMatches")?;
        let budget = deadline::budget(req.metadata());
        Ok(Response::new(deadline::within(budget, self.list(req.into_inner())).await?))
    }

    type WatchMatchesStream = WatchManyStream;

    async fn watch_matches(&self, req: Request<m::WatchMatchesRequest>) -> Result<Response<WatchManyStream>, Status> {
        self.platform.check(req.metadata(), "WatchMatches")?;
        let body = req.into_inner();
        limits::check_len("tournament_id", &body.tournament_id, limits::MAX_TOURNAMENT_ID_LEN)?;
        limits::check_len("ruleset", &body.ruleset, limits::MAX_RULESET_LEN)?;
        let permit = self.match_watches.clone().try_acquire_owned().map_err(|_| {
            OrchestratorError::Exhausted(format!(
                "this orchestrator already serves {} WatchMatches streams; close one or retry later",
                limits::MAX_OPEN_MATCH_WATCHES
            ))
        })?;
        let filter = m::ListMatchesRequest { tournament_id: body.tournament_id, round: body.round, ruleset: body.ruleset, ..Default::default() };
        Ok(Response::new(watch_many(self.index.clone(), self.hub.clone(), filter, permit, self.watch_stall)))
    }

    async fn concede_match(&self, req: Request<m::ConcedeMatchRequest>) -> Result<Response<m::MatchControlResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        let token = auth::bearer_token(req.metadata())?;
        let body = req.into_inner();
        let work = self.control(&body.match_id, end, |rec| {
            let seat = seat_for(token.as_deref(), rec)?;
            let seat_signature = seat_signature(rec, seat, fairness::seat::Act::Concession, &body.seat_signature)?;
            Ok(commit_input::Input::Conceded(Concession { seat, seat_signature }))
        });
        Ok(Response::new(deadline::within(budget, work).await?))
    }

    async fn adjudicate_match(&self, req: Request<m::AdjudicateMatchRequest>) -> Result<Response<m::MatchControlResponse>, Status> {
        self.platform.check(req.metadata(), "AdjudicateMatch")?;
        let budget = deadline::budget(req.metadata());
        let end = deadline::end(budget);
        let body = req.into_inner();
        limits::check_len("ruling", &body.ruling, engine::core::control::MAX_RULING_BYTES)?;
        if body.winners.len() > limits::MAX_SEATS {
            return Err(
                OrchestratorError::InvalidArgument(format!("{} winners named; a match has at most {} seats", body.winners.len(), limits::MAX_SEATS)).into()
            );
        }
        let adjudication = Adjudication { winners: body.winners.clone(), ruling: body.ruling.clone() };
        let work = self.control(&body.match_id, end, |_| Ok(commit_input::Input::Adjudicated(adjudication.clone())));
        Ok(Response::new(deadline::within(budget, work).await?))
    }

    async fn list_rulesets(&self, req: Request<m::ListRulesetsRequest>) -> Result<Response<m::ListRulesetsResponse>, Status> {
        let budget = deadline::budget(req.metadata());
        Ok(Response::new(deadline::within(budget, self.list_rulesets_inner()).await?))
    }
}

impl MatchApi {
    async fn list(&self, req: m::ListMatchesRequest) -> Result<m::ListMatchesResponse> {
        self.index.list(&req).await
    }

    /// Log the match-control input `input_for` makes of the match (read fresh from the log),
    /// then reveal the secret of the match it ended.
    async fn control(
        &self,
        match_id: &str,
        end: Option<Instant>,
        input_for: impl Fn(&MatchRecord) -> Result<commit_input::Input>,
    ) -> Result<m::MatchControlResponse> {
        let mut rec = self.matches.lock(match_id).await?;
        let mut retries = 0;
        loop {
            let input = input_for(&rec)?;
            match self.matches.commit(&mut rec, input).await {
                Err(OrchestratorError::Stale(_)) if retries < MAX_CONFLICT_RETRIES => retries += 1,
                Err(e) => return Err(e),
                Ok(_) => break,
            }
        }
        // Logged: the answer is OK whatever the reveal does (the background driver makes it
        // when it cannot be made here).
        self.matches.advance(&mut rec, deadline::after_commit_within(end, waits::INLINE_DRIVE_WAIT)).await;
        Ok(m::MatchControlResponse { version: rec.version, status: status_of(&rec) as i32, result: result_text(&rec) })
    }

    /// The rules service describes its games (kinds and schemas included); passed on as is, so
    /// a client learns the rules that really play its matches.
    async fn list_rulesets_inner(&self) -> Result<m::ListRulesetsResponse> {
        let mut rules = self.matches.backends().rules.clone();
        let listed = rules.list_rulesets(r::ListRulesetsRequest {}).await.map_err(crate::error::rules_err)?.into_inner();
        Ok(m::ListRulesetsResponse { rulesets: listed.descriptions })
    }
}
