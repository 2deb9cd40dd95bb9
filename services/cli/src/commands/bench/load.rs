//! The load: bots playing matches in parallel through the public gRPC API (random legal
//! choices), and watchers following them, with the latency of each decision and update.

use super::*;

impl BenchCmd {
    /// N matches in parallel, bots answering at random; returns the figures and the finished
    /// matches (id, last version).
    pub(super) async fn arbiter_phase(
        &self,
        target: &Target,
        n: usize,
        seed: u64,
        ledger: Option<Arc<Mutex<feed::Ledger>>>,
    ) -> anyhow::Result<(ArbiterFigures, Option<WatcherFigures>, Vec<(String, u64)>)> {
        let shared = Arc::new(Shared {
            decisions: AtomicU64::new(0),
            limit: self.decisions.unwrap_or(u64::MAX),
            deadline: Instant::now() + Duration::from_secs_f64(self.duration),
            acks: Mutex::new(HashMap::new()),
            watch_connections: Mutex::new(Vec::new()),
            orchestrator: target.orchestrator.clone(),
            first_error: Mutex::new(None),
            stop: tokio::sync::watch::channel(false).0,
            ledger,
            sign_seats: self.sign_seats,
        });
        let started = Instant::now();
        let ticker = {
            let (counted, behind) = (shared.clone(), shared.clone());
            spawn_progress(
                format!("load {n} · arbiter · decisions"),
                started,
                self.duration,
                target.processes.clone(),
                move || counted.decisions.load(Ordering::Relaxed),
                move || match &behind.ledger {
                    Some(l) => l.lock().map(|l| format!(" · feed {} behind", l.backlog())).unwrap_or_default(),
                    None => String::new(),
                },
            )
        };
        let per_slot = |slot: usize| self.watchers / n + usize::from(slot < self.watchers % n);
        let mut workers = Vec::new();
        for slot in 0..n {
            let shared = shared.clone();
            let ruleset = self.ruleset.clone();
            let players = self.players;
            let watchers = per_slot(slot);
            workers.push(tokio::spawn(async move { worker(shared, ruleset, players, seed.wrapping_add(slot as u64 * 7919), watchers).await }));
        }
        let mut fig = ArbiterFigures::default();
        let mut samples = Vec::new();
        let (mut single, mut multi) = (Vec::new(), Vec::new());
        let mut finished = Vec::new();
        let mut watch_tasks = Vec::new();
        let mut calls = 0u64;
        for w in workers {
            let r = w.await?;
            fig.matches_started += r.started;
            fig.matches_finished += r.finished.len() as u64;
            fig.decisions += r.decisions;
            fig.commits += r.commits;
            fig.retries += r.retries;
            fig.errors += r.errors;
            calls += r.calls;
            for (d, commits) in r.submit {
                samples.push(d);
                if commits > 1 {
                    multi.push(d)
                } else {
                    single.push(d)
                }
            }
            finished.extend(r.finished);
            watch_tasks.extend(r.watchers);
        }
        let seconds = started.elapsed().as_secs_f64();
        ticker.abort();
        fig.seconds = seconds;
        fig.commits_per_s = fig.commits as f64 / seconds;
        fig.decisions_per_s = fig.decisions as f64 / seconds;
        fig.calls_per_decision = ratio(calls as f64, fig.decisions as f64);
        fig.submit = Latency::of(samples);
        fig.submit_decision_only = Latency::of(single);
        fig.submit_with_more_commits = Latency::of(multi);
        fig.first_error = shared.first_error.lock().ok().and_then(|e| e.clone());

        let watchers = if self.watchers > 0 {
            // Streams of matches still running are closed here: their deliveries so far count.
            let mut w = WatcherFigures { watchers: self.watchers as u64, ..Default::default() };
            let mut delivery = Vec::new();
            // A moment for the last updates to arrive, then the streams still open are closed.
            tokio::time::sleep(Duration::from_millis(200)).await;
            shared.stop.send_replace(true);
            let acks = shared.acks.lock().map(|a| a.clone()).unwrap_or_default();
            for t in watch_tasks {
                let Ok(r) = t.await else { continue };
                w.watch_calls += 1;
                w.updates_received += r.received.len() as u64;
                w.versions_missed += r.missed;
                if let Some(e) = r.error {
                    w.errors += 1;
                    if e.starts_with("INTERNAL") {
                        w.internal_errors += 1;
                    }
                    w.first_error.get_or_insert(e);
                }
                for (version, at) in r.received {
                    if let Some(ack) = acks.get(&(r.match_id.clone(), version)) {
                        delivery.push(at.saturating_duration_since(*ack));
                    }
                }
            }
            w.delivery = Latency::of(delivery);
            Some(w)
        } else {
            None
        };
        Ok((fig, watchers, finished))
    }
}

/// A call with the bench's timeout; a timeout is a `DEADLINE_EXCEEDED` status.
pub(super) async fn call<T>(f: impl std::future::Future<Output = Result<tonic::Response<T>, tonic::Status>>) -> Result<T, tonic::Status> {
    match tokio::time::timeout(CALL_TIMEOUT, f).await {
        Ok(r) => r.map(|r| r.into_inner()),
        Err(_) => Err(tonic::Status::deadline_exceeded(format!("no reply within {CALL_TIMEOUT:?}"))),
    }
}

/// What the workers of one load share.
pub(super) struct Shared {
    pub(super) decisions: AtomicU64,
    pub(super) limit: u64,
    pub(super) deadline: Instant,
    /// When each (match, version) was acknowledged to a bot, for the watchers' latency.
    pub(super) acks: Mutex<HashMap<(String, u64), Instant>>,
    /// gRPC connections for the watchers, one per [`WATCHERS_PER_CONNECTION`].
    pub(super) watch_connections: Mutex<Vec<(client::Client, usize)>>,
    pub(super) orchestrator: String,
    pub(super) first_error: Mutex<Option<String>>,
    /// Set at the end of the load: the watchers close their streams.
    pub(super) stop: tokio::sync::watch::Sender<bool>,
    /// The versions the bench saw committed, for the feed's lag (own system only).
    pub(super) ledger: Option<Arc<Mutex<feed::Ledger>>>,
    /// Seats register a key and sign their decisions (`--sign-seats`).
    pub(super) sign_seats: bool,
}

impl Shared {
    /// Versions `from..=to` of a match were committed by a call that returned at `at`.
    fn committed(&self, match_id: &str, from: u64, to: u64, at: Instant) {
        if let Some(Ok(mut l)) = self.ledger.as_ref().map(|l| l.lock()) {
            l.acked(match_id, from, to, at);
        }
    }

    /// A match has reached `version` (a commit the bench did not make, e.g. a draw).
    fn reached(&self, match_id: &str, version: u64) {
        if let Some(Ok(mut l)) = self.ledger.as_ref().map(|l| l.lock()) {
            l.known(match_id, version);
        }
    }

    fn go_on(&self) -> bool {
        Instant::now() < self.deadline && self.decisions.load(Ordering::Relaxed) < self.limit
    }

    fn error(&self, e: String) {
        if let Ok(mut f) = self.first_error.lock() {
            f.get_or_insert(e);
        }
    }

    fn watch_client(&self) -> anyhow::Result<client::Client> {
        let mut pool = self.watch_connections.lock().map_err(|_| anyhow::anyhow!("poisoned lock"))?;
        if let Some((c, used)) = pool.last_mut() {
            if *used < WATCHERS_PER_CONNECTION {
                *used += 1;
                return Ok(c.clone());
            }
        }
        let c = client::connect(&self.orchestrator)?;
        pool.push((c.clone(), 1));
        Ok(c)
    }
}

#[derive(Default)]
pub(super) struct WorkerResult {
    pub(super) started: u64,
    pub(super) finished: Vec<(String, u64)>,
    pub(super) decisions: u64,
    pub(super) commits: u64,
    pub(super) calls: u64,
    pub(super) retries: u64,
    pub(super) errors: u64,
    /// Each SubmitDecision's latency and the commits it made.
    pub(super) submit: Vec<(Duration, u64)>,
    pub(super) watchers: Vec<tokio::task::JoinHandle<WatchResult>>,
}

pub(super) struct WatchResult {
    pub(super) match_id: String,
    pub(super) received: Vec<(u64, Instant)>,
    pub(super) missed: u64,
    pub(super) error: Option<String>,
}

/// One slot: plays matches one after the other until the deadline.
pub(super) async fn worker(shared: Arc<Shared>, ruleset: String, players: u32, seed: u64, watchers: usize) -> WorkerResult {
    let mut r = WorkerResult::default();
    let mut bot = RandomBot::new(seed);
    let mut api = match client::connect(&shared.orchestrator) {
        Ok(a) => a,
        Err(e) => {
            shared.error(format!("{e:#}"));
            r.errors += 1;
            return r;
        }
    };
    let names: Vec<String> = (1..=players).map(|i| format!("Bot {i}")).collect();
    while shared.go_on() {
        match play_one(&shared, &mut api, &ruleset, &names, &mut bot, watchers, &mut r).await {
            Ok(()) => {}
            Err(e) => {
                r.errors += 1;
                shared.error(client::describe_error(&e));
                // A broken system: do not spin.
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    r
}

pub(super) async fn play_one(
    shared: &Arc<Shared>,
    api: &mut client::Client,
    ruleset: &str,
    names: &[String],
    bot: &mut RandomBot,
    watchers: usize,
    r: &mut WorkerResult,
) -> anyhow::Result<()> {
    let (match_id, version, tokens, signers) = create_and_join(shared, api, ruleset, names).await?;
    r.calls += 1 + tokens.len() as u64;
    r.started += 1;
    let first = tokens.first().context("a match without seats")?.clone();
    let mut version = version;
    for _ in 0..watchers {
        let client = shared.watch_client()?;
        r.watchers.push(tokio::spawn(watch(client, match_id.clone(), version, shared.stop.subscribe())));
    }
    let mut idle = 0u32;
    // What the last SubmitDecision reply said comes next: a client needs no second call for it.
    let mut next: Option<m::GetPendingDecisionResponse> = None;
    let result = async {
        while shared.go_on() {
            let pending = match next.take() {
                Some(known) => known,
                None => {
                    r.calls += 1;
                    call(api.get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(&first))?)).await?
                }
            };
            if pending.version > version {
                shared.reached(&match_id, pending.version);
            }
            version = version.max(pending.version);
            if pending.status == m::MatchStatus::Ended as i32 {
                r.finished.push((match_id.clone(), pending.version));
                return Ok(());
            }
            let Some(seat) = pending.waiting_for_seat else {
                // A draw the orchestrator drives itself.
                idle += 1;
                anyhow::ensure!(idle < MAX_IDLE_POLLS, "match {match_id} waited for a draw too long at version {}", pending.version);
                tokio::time::sleep(Duration::from_millis(1)).await;
                continue;
            };
            idle = 0;
            let token = tokens.get(seat as usize).with_context(|| format!("the match waits for seat {seat}, which the bench does not hold"))?;
            let (decision, against) = match pending.decision {
                Some(d) if d.seat == seat && d.spec.is_some() => (d, pending.chain_hash),
                _ => {
                    r.calls += 1;
                    let asked = call(api.get_pending_decision(request(m::GetPendingDecisionRequest { match_id: match_id.clone() }, Some(token))?)).await?;
                    (asked.decision.context("the server says a seat is to decide but shows it no decision")?, asked.chain_hash)
                }
            };
            let decision = convert::decision_from_proto(&decision).map_err(|e| anyhow::anyhow!("malformed decision: {e}"))?;
            let choice = convert::choice_to_proto(&bot.choose(&decision));
            let seat_signature = client::sign_decision(signers.get(seat as usize), &match_id, seat, &against, decision.id, &choice)?;
            r.calls += 1;
            let t = Instant::now();
            let submitted = call(api.submit_decision(request(
                m::SubmitDecisionRequest {
                    match_id: match_id.clone(),
                    decision_id: decision.id,
                    choice: Some(choice),
                    idempotency_key: format!("bench-{}", decision.id),
                    seat_signature,
                },
                Some(token),
            )?))
            .await;
            match submitted {
                Ok(resp) => {
                    let now = Instant::now();
                    r.submit.push((now.saturating_duration_since(t), resp.version.saturating_sub(version)));
                    r.decisions += 1;
                    shared.decisions.fetch_add(1, Ordering::Relaxed);
                    shared.committed(&match_id, version + 1, resp.version, now);
                    if watchers > 0 {
                        if let Ok(mut acks) = shared.acks.lock() {
                            for v in version + 1..=resp.version {
                                acks.entry((match_id.clone(), v)).or_insert(now);
                            }
                        }
                    }
                    version = version.max(resp.version);
                    next = client::next_of(&resp);
                }
                Err(s) if matches!(s.code(), Code::Aborted | Code::FailedPrecondition) => r.retries += 1,
                Err(s) => return Err(anyhow::Error::new(s).context("SubmitDecision")),
            }
        }
        Ok(())
    }
    .await;
    r.commits += version;
    result
}

/// `client::create_and_join_all`, with each call's commit noted at the moment it returned (the
/// feed's lag is timed from there). The bench's matches leave `spectator_delay_s` at 0 (no
/// options): their feed is never held back on purpose. Returns the match id, its version after
/// the joins, the seat tokens and, with `--sign-seats`, the seats' signing keys.
pub(super) async fn create_and_join(
    shared: &Shared,
    api: &mut client::Client,
    ruleset: &str,
    names: &[String],
) -> anyhow::Result<(String, u64, Vec<String>, Vec<fairness::Signer>)> {
    let created = call(api.create_match(client::platform_request(m::CreateMatchRequest {
        ruleset: ruleset.to_string(),
        seats: names.iter().map(|n| m::SeatSpec { name: n.clone(), deck: String::new(), ..Default::default() }).collect(),
        options: Default::default(),
        ..Default::default()
    })?))
    .await
    .context("CreateMatch")?;
    shared.committed(&created.match_id, 1, created.version, Instant::now());
    let mut version = created.version;
    let mut tokens = Vec::new();
    let mut signers = Vec::new();
    for cred in &created.seats {
        let mut entropy = vec![0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut entropy);
        let seat_public_key = if shared.sign_seats {
            let mut seed = [0u8; 32];
            rand::rngs::OsRng.fill_bytes(&mut seed);
            let signer = fairness::Signer::from_seed(&seed);
            let key = signer.public_key().to_vec();
            signers.push(signer);
            key
        } else {
            Vec::new()
        };
        let joined = call(api.join_match(m::JoinMatchRequest {
            match_id: created.match_id.clone(),
            seat: cred.seat,
            join_code: cred.join_code.clone(),
            entropy,
            seat_public_key,
        }))
        .await
        .with_context(|| format!("JoinMatch (seat {})", cred.seat))?;
        shared.committed(&created.match_id, version + 1, joined.version, Instant::now());
        version = version.max(joined.version);
        tokens.push(joined.seat_token);
    }
    Ok((created.match_id, version, tokens, signers))
}

/// One WatchMatch stream from `from` on, until the match ends or the bench closes it.
pub(super) async fn watch(mut api: client::Client, match_id: String, from: u64, mut stop: tokio::sync::watch::Receiver<bool>) -> WatchResult {
    let mut out = WatchResult { match_id: match_id.clone(), received: Vec::new(), missed: 0, error: None };
    let stream = call(api.watch_match(m::WatchMatchRequest { match_id, from_version: from })).await;
    let mut stream = match stream {
        Ok(s) => s,
        Err(s) => {
            out.error = Some(format!("{}: {}", client::code_name(s.code()), s.message()));
            return out;
        }
    };
    let mut expected = from + 1;
    loop {
        let next = tokio::select! {
            m = stream.message() => m,
            _ = stop.wait_for(|s| *s) => return out,
        };
        match next {
            Ok(Some(update)) => {
                out.received.push((update.version, Instant::now()));
                out.missed += update.version.saturating_sub(expected);
                expected = expected.max(update.version + 1);
            }
            Ok(None) => return out,
            Err(s) => {
                out.error = Some(format!("{}: {}", client::code_name(s.code()), s.message()));
                return out;
            }
        }
    }
}
