//! Shared setup of the orchestrator's integration tests against a real nats-server: the
//! test orchestrator's signer, a log connected with its permissions, and a writer of signed,
//! chained commits.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;

use api::log_v1::{commit_input, Commit, CommitInput, MatchCreated, SeatJoined};
use bytes::Bytes;
use eventlog::{EventLog, JetStreamLog, Role};
use eventlog_dev::server::NatsServer;
use prost::Message;

pub fn signer() -> fairness::Signer {
    fairness::Signer::from_seed(&[7; 32])
}

pub async fn connect(server: &NatsServer) -> Arc<JetStreamLog> {
    Arc::new(JetStreamLog::connect(&server.url(), 1, &server.auth(Role::Orchestrator)).await.expect("connect"))
}

/// Writes signed, chained commits of many matches, as an orchestrator does.
pub struct Writer {
    log: Arc<JetStreamLog>,
    signer: fairness::Signer,
    /// Per match: last sequence, last hash, version.
    chains: BTreeMap<String, (u64, [u8; 32], u64)>,
}

impl Writer {
    pub fn new(log: Arc<JetStreamLog>) -> Self {
        Writer { log, signer: signer(), chains: BTreeMap::new() }
    }

    pub async fn append(&mut self, match_id: &str, input: commit_input::Input, awaiting: Option<api::rules_v1::Awaiting>) {
        let (last, hash, version) = self.chains.get(match_id).copied().map_or((None, None, 1), |(s, h, v)| (Some(s), Some(h), v + 1));
        let commit = Commit {
            match_id: match_id.into(),
            version,
            input: Some(CommitInput { input: Some(input) }),
            log_format: fairness::chain::LOG_FORMAT_SIGNED,
            prev_hash: hash.map(|h| h.to_vec()).unwrap_or_default(),
            written_at_ms: 1_000 + version as i64,
            awaiting,
            ..Default::default()
        };
        let payload = fairness::chain::seal(&self.signer, &commit.encode_to_vec());
        let new_hash = fairness::chain::commit_hash(&payload);
        let sequence = self.log.append(match_id, last, &format!("{match_id}/{version}"), Bytes::from(payload)).await.expect("append");
        self.chains.insert(match_id.to_string(), (sequence, new_hash, version));
    }

    /// A two-seat match with both seats joined, ended by its last commit if `ended`.
    pub async fn game(&mut self, match_id: &str, ended: bool) {
        let seat = api::match_v1::SeatSpec::default();
        let config = api::rules_v1::MatchConfig { ruleset: "mainframe".into(), seats: vec![seat; 2], ..Default::default() };
        let created = MatchCreated { config: Some(config), orchestrator_public_key: self.signer.public_key().to_vec(), ..Default::default() };
        self.append(match_id, commit_input::Input::Created(created), None).await;
        self.append(match_id, commit_input::Input::Joined(SeatJoined { seat: 0, ..Default::default() }), None).await;
        let end = ended.then(|| api::rules_v1::Awaiting {
            what: Some(api::rules_v1::awaiting::What::Ended(api::rules_v1::Outcome { winners: vec![1], reason: "test".into() })),
        });
        self.append(match_id, commit_input::Input::Joined(SeatJoined { seat: 1, ..Default::default() }), end).await;
    }

    /// A two-seat match of `tournament`, round `round`, table `table`.
    pub async fn create(&mut self, match_id: &str, ruleset: &str, tournament: &str, round: u32, table: u32) {
        let seat = api::match_v1::SeatSpec::default();
        let config = api::rules_v1::MatchConfig { ruleset: ruleset.into(), seats: vec![seat; 2], ..Default::default() };
        let created = MatchCreated { config: Some(config), tournament_id: tournament.into(), round, table, ..Default::default() };
        self.append(match_id, commit_input::Input::Created(created), None).await;
    }

    pub async fn join(&mut self, match_id: &str, seat: u32) {
        self.append(match_id, commit_input::Input::Joined(SeatJoined { seat, ..Default::default() }), None).await;
    }
}
