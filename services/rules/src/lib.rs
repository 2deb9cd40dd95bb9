//! The rules service: a pure function over gRPC. Given a ruleset, a state and one input it returns
//! the new state, the events, and what the match waits for next; or, for replay, a state and many
//! inputs in one call, streaming back every step.
//!
//! Owns: the gRPC face of the `engine` crate, the mapping of its errors to gRPC status (in one
//! place, [`error`]), and a bounded cache of the states it produced ([`cache`]), so that a caller
//! can name a state by its hash instead of shipping it.
//! Must never: let anything it keeps change an answer (the same request gets the same answer with
//! or without the cache), cache a state a caller sent, do I/O besides answering, or read a clock
//! or RNG.

pub mod cache;
pub mod error;

use std::net::SocketAddr;
use std::ops::Deref;
use std::pin::Pin;
use std::sync::Arc;

use api::convert;
use api::rules_v1::rules_service_server::{RulesService, RulesServiceServer};
use api::rules_v1::{
    self as r, replay_request, view_request, ApplyRequest, ApplyResponse, ListRulesetsRequest, ListRulesetsResponse, NewMatchRequest, NewMatchResponse,
    ReplayRequest, ReplayResponse, RulesetInfo, ViewRequest, ViewResponse,
};
use engine::{Ruleset, Viewer};

use crate::error::{status_of, RulesServiceError};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;
use tonic::server::NamedService;
use tonic::service::Routes;
use tonic::{Request, Response, Status};

const RULES_SERVICE: &str = <RulesServiceServer<Rules> as NamedService>::NAME;

fn ruleset(name: &str) -> Result<&'static dyn Ruleset, RulesServiceError> {
    engine::ruleset(name).ok_or_else(|| {
        let known: Vec<_> = engine::rulesets().iter().map(|r| r.name()).collect();
        RulesServiceError::UnknownRuleset { name: name.to_string(), known: known.join(", ") }
    })
}

/// Most inputs one `Replay` call takes (a longer log is replayed in several calls).
pub const MAX_REPLAY_INPUTS: usize = 1024;

/// Default byte budget of the state cache: at a few kB per state, thousands of live matches.
pub const DEFAULT_STATE_CACHE_BYTES: usize = 64 * 1024 * 1024;

pub struct Rules {
    cache: Arc<cache::StateCache>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::new(DEFAULT_STATE_CACHE_BYTES)
    }
}

/// A state to apply to: the caller's bytes or the cache's.
enum StateRef {
    Sent(Vec<u8>),
    Cached(Arc<[u8]>),
}

impl Deref for StateRef {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            StateRef::Sent(v) => v,
            StateRef::Cached(a) => a,
        }
    }
}

impl Rules {
    /// A service whose state cache holds at most `cache_bytes` (0: no cache, every state sent).
    pub fn new(cache_bytes: usize) -> Self {
        Rules { cache: Arc::new(cache::StateCache::new(cache_bytes)) }
    }

    /// The state a request means: the one it sent, or the one its hash names (`None`: not held).
    fn state_of(&self, state: Vec<u8>, hash: &[u8]) -> Result<Option<StateRef>, RulesServiceError> {
        if hash.is_empty() {
            return Ok(Some(StateRef::Sent(state)));
        }
        if !state.is_empty() {
            return Err(RulesServiceError::BadRequest("send either the state or its hash, not both".into()));
        }
        let hash: cache::StateHash =
            hash.try_into().map_err(|_| RulesServiceError::BadRequest(format!("a state hash is 32 bytes (SHA-256), not {}", hash.len())))?;
        Ok(self.cache.get(&hash).map(StateRef::Cached))
    }
}

type ReplayStream = Pin<Box<dyn Stream<Item = Result<ReplayResponse, Status>> + Send>>;

#[tonic::async_trait]
impl RulesService for Rules {
    async fn new_match(&self, req: Request<NewMatchRequest>) -> Result<Response<NewMatchResponse>, Status> {
        let config = req.into_inner().config.ok_or_else(|| RulesServiceError::BadRequest("config is missing".into()))?;
        let config = convert::config_from_proto(&config);
        let rules = ruleset(&config.ruleset)?;
        let step = rules.new_match(&config).map_err(status_of)?;
        self.cache.put(&step.state);
        Ok(Response::new(NewMatchResponse { step: Some(convert::step_to_proto(&step, rules.rules_version())) }))
    }

    async fn apply(&self, req: Request<ApplyRequest>) -> Result<Response<ApplyResponse>, Status> {
        let req = req.into_inner();
        let input = convert::input_from_proto(req.input.as_ref()).map_err(|e| RulesServiceError::BadRequest(e.0))?;
        let rules = ruleset(&req.ruleset)?;
        let Some(state) = self.state_of(req.state, &req.state_hash)? else {
            return Ok(Response::new(ApplyResponse { step: None, state_unknown: true }));
        };
        // The ruleset and the outcome's size only: the state and the input stay out of spans.
        let _span = telemetry::tracing_enabled().then(|| tracing::info_span!("rules.apply", ruleset = %req.ruleset, events = tracing::field::Empty).entered());
        let step = rules.apply(&state, &input).map_err(status_of)?;
        if let Some(span) = &_span {
            span.record("events", step.events.len());
        }
        self.cache.put(&step.state);
        Ok(Response::new(ApplyResponse { step: Some(convert::step_to_proto(&step, rules.rules_version())), state_unknown: false }))
    }

    type ReplayStream = ReplayStream;

    async fn replay(&self, req: Request<ReplayRequest>) -> Result<Response<ReplayStream>, Status> {
        let req = req.into_inner();
        if req.inputs.len() > MAX_REPLAY_INPUTS {
            return Err(RulesServiceError::BadRequest(format!(
                "{} inputs in one replay; at most {MAX_REPLAY_INPUTS} (replay a longer log in several calls)",
                req.inputs.len()
            ))
            .into());
        }
        let (rules, start) = match req.start {
            Some(replay_request::Start::Config(config)) => {
                let config = convert::config_from_proto(&config);
                (ruleset(&config.ruleset)?, Start::New(config))
            }
            Some(replay_request::Start::State(state)) => (ruleset(&req.ruleset)?, Start::From(StateRef::Sent(state))),
            Some(replay_request::Start::StateHash(hash)) => {
                let rules = ruleset(&req.ruleset)?;
                match self.state_of(Vec::new(), &hash)? {
                    Some(state) => (rules, Start::From(state)),
                    None => {
                        let only = ReplayResponse { step: None, state_unknown: true };
                        return Ok(Response::new(Box::pin(tokio_stream::iter([Ok(only)]))));
                    }
                }
            }
            None => return Err(RulesServiceError::BadRequest("a replay needs a start: a config, a state or a state hash".into()).into()),
        };
        // The rules are CPU work: run them off the async workers, a bounded channel ahead of the
        // caller (who stops reading, and so stops the work, at the first step it rejects).
        let (tx, rx) = mpsc::channel(64);
        let cache = self.cache.clone();
        tokio::task::spawn_blocking(move || replay_steps(rules, start, &req.inputs, &cache, &tx));
        Ok(Response::new(Box::pin(ReceiverStream::new(rx))))
    }

    async fn view(&self, req: Request<ViewRequest>) -> Result<Response<ViewResponse>, Status> {
        let req = req.into_inner();
        let viewer = match req.viewer {
            Some(view_request::Viewer::Seat(s)) => Viewer::Seat(s),
            Some(view_request::Viewer::Auditor(true)) => Viewer::Auditor,
            _ => Viewer::Spectator,
        };
        let rules = ruleset(&req.ruleset)?;
        let Some(state) = self.state_of(req.state, &req.state_hash)? else {
            return Ok(Response::new(ViewResponse { view_json: String::new(), state_unknown: true }));
        };
        let view = rules.view(&state, viewer).map_err(status_of)?;
        Ok(Response::new(ViewResponse { view_json: view.to_string(), state_unknown: false }))
    }

    async fn list_rulesets(&self, _: Request<ListRulesetsRequest>) -> Result<Response<ListRulesetsResponse>, Status> {
        let rulesets = engine::rulesets()
            .into_iter()
            .map(|r| {
                let (min, max) = r.seat_range();
                RulesetInfo {
                    name: r.name().into(),
                    rules_version: r.rules_version().into(),
                    decks: r.decks().into_iter().map(String::from).collect(),
                    min_seats: min,
                    max_seats: max,
                }
            })
            .collect();
        let descriptions = engine::rulesets()
            .into_iter()
            .map(api::convert::ruleset_description)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| RulesServiceError::Internal(e.to_string()))?;
        Ok(Response::new(ListRulesetsResponse { rulesets, descriptions }))
    }
}

enum Start {
    New(engine::MatchConfig),
    From(StateRef),
}

/// Produce the steps of a replay into `tx`. Each step is sent once the next one is known, so that
/// only the last step sent (at the end, or before an error) carries the state.
fn replay_steps(rules: &'static dyn Ruleset, start: Start, inputs: &[r::Input], cache: &cache::StateCache, tx: &mpsc::Sender<Result<ReplayResponse, Status>>) {
    let version = rules.rules_version();
    // The step computed but not yet sent, and the state it led to.
    let mut held: Option<r::Step> = None;
    let mut state: Vec<u8>;
    let proto = |mut step: engine::Step| {
        let state = std::mem::take(&mut step.state);
        (convert::step_to_proto(&step, version), state)
    };
    let send_last = |held: Option<r::Step>, state: Vec<u8>| {
        if let Some(mut step) = held {
            cache.put(&state);
            step.state = state;
            // An error here means the caller went away: nothing left to do.
            let _ = tx.blocking_send(Ok(ReplayResponse { step: Some(step), state_unknown: false }));
        }
    };
    let fail = |status: Status| {
        let _ = tx.blocking_send(Err(status));
    };
    match start {
        Start::New(config) => match rules.new_match(&config) {
            Ok(step) => {
                let (step, s) = proto(step);
                held = Some(step);
                state = s;
            }
            Err(e) => return fail(status_of(e)),
        },
        Start::From(s) => state = s.to_vec(),
    }
    for input in inputs {
        let result = convert::input_from_proto(Some(input))
            .map_err(|e| Status::from(RulesServiceError::BadRequest(e.0)))
            .and_then(|input| rules.apply(&state, &input).map_err(status_of));
        match result {
            Ok(step) => {
                if let Some(before) = held.take() {
                    if tx.blocking_send(Ok(ReplayResponse { step: Some(before), state_unknown: false })).is_err() {
                        return;
                    }
                }
                let (step, s) = proto(step);
                held = Some(step);
                state = s;
            }
            Err(status) => {
                send_last(held, state);
                return fail(status);
            }
        }
    }
    send_last(held, state);
}

/// Serve the rules service (plus health and reflection) until the process ends, to clients
/// with a certificate of Arbiter's CA only (mutual TLS).
pub async fn serve(args: RulesArgs) -> anyhow::Result<()> {
    let tls = args.tls.server_config("rules")?;
    // State blobs travel in requests: a generous limit, still explicit.
    let service = RulesServiceServer::new(Rules::new(args.state_cache_bytes)).max_decoding_message_size(64 * 1024 * 1024);
    api::server::serve("arbiter-rules", args.listen, RULES_SERVICE, Routes::new(service), Some(tls)).await?;
    Ok(())
}

/// Command-line options of `arbiter-rules` (also `arbiter serve rules`).
#[derive(Clone, Debug, clap::Args)]
pub struct RulesArgs {
    /// Address to listen on (port 0 picks a free port and prints it).
    #[arg(long, env = "ARBITER_RULES_LISTEN", default_value = "127.0.0.1:50052")]
    pub listen: SocketAddr,
    /// Bytes of recently produced states kept so that callers can name them by hash instead of
    /// sending them (0 turns the cache off; answers are the same either way).
    #[arg(long, env = "ARBITER_RULES_STATE_CACHE_BYTES", default_value_t = DEFAULT_STATE_CACHE_BYTES)]
    pub state_cache_bytes: usize,
    /// Mutual TLS: only clients with a certificate signed by --internal-ca are served.
    #[command(flatten)]
    pub tls: api::tls::InternalTlsArgs,
}
