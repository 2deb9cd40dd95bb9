//! The rules service: a pure function over gRPC. Given a ruleset, a state and one input it returns
//! the new state, the events, and what the match waits for next.
//!
//! Owns: the gRPC face of the `engine` crate and the mapping of rules errors to gRPC status.
//! Must never: keep state between calls, do I/O besides answering, or read a clock or RNG.

use std::net::SocketAddr;

use api::convert;
use api::rules_v1::rules_service_server::{RulesService, RulesServiceServer};
use api::rules_v1::{
    view_request, ApplyRequest, ApplyResponse, ListRulesetsRequest, ListRulesetsResponse, NewMatchRequest,
    NewMatchResponse, RulesetInfo, ViewRequest, ViewResponse,
};
use engine::{RulesError, Ruleset, Viewer};
use tonic::service::Routes;
use tonic::server::NamedService;
use tonic::{Request, Response, Status};

const RULES_SERVICE: &str = <RulesServiceServer<Rules> as NamedService>::NAME;

/// The single place where rules errors become gRPC status codes (ARCHITECTURE.md, gRPC conventions).
pub fn status_of(e: RulesError) -> Status {
    let msg = e.to_string();
    match e {
        RulesError::InvalidConfig(_) | RulesError::Malformed(_) => Status::invalid_argument(msg),
        RulesError::Illegal(_) | RulesError::NotAwaited(_) => Status::failed_precondition(msg),
        RulesError::StaleDecision { .. } => Status::aborted(msg),
        RulesError::WrongSeat { .. } => Status::permission_denied(msg),
        RulesError::CorruptState(_) => Status::internal(msg),
    }
}

fn ruleset(name: &str) -> Result<&'static dyn Ruleset, Status> {
    engine::ruleset(name).ok_or_else(|| {
        let known: Vec<_> = engine::rulesets().iter().map(|r| r.name()).collect();
        Status::invalid_argument(format!("unknown ruleset \"{name}\"; this server has: {}", known.join(", ")))
    })
}

#[derive(Default)]
pub struct Rules;

#[tonic::async_trait]
impl RulesService for Rules {
    async fn new_match(&self, req: Request<NewMatchRequest>) -> Result<Response<NewMatchResponse>, Status> {
        let config = req.into_inner().config.ok_or_else(|| Status::invalid_argument("config is missing"))?;
        let config = convert::config_from_proto(&config);
        let rules = ruleset(&config.ruleset)?;
        let step = rules.new_match(&config).map_err(status_of)?;
        Ok(Response::new(NewMatchResponse { step: Some(convert::step_to_proto(&step, rules.rules_version())) }))
    }

    async fn apply(&self, req: Request<ApplyRequest>) -> Result<Response<ApplyResponse>, Status> {
        let req = req.into_inner();
        let input = convert::input_from_proto(req.input.as_ref()).map_err(|e| Status::invalid_argument(e.0))?;
        let rules = ruleset(&req.ruleset)?;
        let step = rules.apply(&req.state, &input).map_err(status_of)?;
        Ok(Response::new(ApplyResponse { step: Some(convert::step_to_proto(&step, rules.rules_version())) }))
    }

    async fn view(&self, req: Request<ViewRequest>) -> Result<Response<ViewResponse>, Status> {
        let req = req.into_inner();
        let viewer = match req.viewer {
            Some(view_request::Viewer::Seat(s)) => Viewer::Seat(s),
            Some(view_request::Viewer::Auditor(true)) => Viewer::Auditor,
            _ => Viewer::Spectator,
        };
        let view = ruleset(&req.ruleset)?.view(&req.state, viewer).map_err(status_of)?;
        Ok(Response::new(ViewResponse { view_json: view.to_string() }))
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
        Ok(Response::new(ListRulesetsResponse { rulesets }))
    }
}

/// Serve the rules service (plus health and reflection) until the process ends, to clients
/// with a certificate of Arbiter's CA only (mutual TLS).
pub async fn serve(args: RulesArgs) -> anyhow::Result<()> {
    let tls = args.tls.server_config("rules")?;
    // State blobs travel in requests: a generous limit, still explicit.
    let service = RulesServiceServer::new(Rules).max_decoding_message_size(64 * 1024 * 1024);
    api::server::serve("arbiter-rules", args.listen, RULES_SERVICE, Routes::new(service), Some(tls)).await?;
    Ok(())
}

/// Command-line options of `arbiter-rules` (also `arbiter serve rules`).
#[derive(Clone, Debug, clap::Args)]
pub struct RulesArgs {
    /// Address to listen on (port 0 picks a free port and prints it).
    #[arg(long, env = "ARBITER_RULES_LISTEN", default_value = "127.0.0.1:50052")]
    pub listen: SocketAddr,
    /// Mutual TLS: only clients with a certificate signed by --internal-ca are served.
    #[command(flatten)]
    pub tls: api::tls::InternalTlsArgs,
}
