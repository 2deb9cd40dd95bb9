//! Observability end to end (`docs/observability.md`): one decision is one trace
//! across the orchestrator, the rules service, the randomness service and the log, received by
//! an in-process OTLP receiver; the Prometheus endpoints count what a demo did; no token or
//! secret reaches a span or a log line.

mod harness;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use api::log_v1::{commit_input, Commit};
use api::match_v1 as m;
use eventlog::{EventLog, Role};
use harness::*;
use opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::{MetricsService, MetricsServiceServer};
use opentelemetry_proto::tonic::collector::metrics::v1::{ExportMetricsServiceRequest, ExportMetricsServiceResponse};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{TraceService, TraceServiceServer};
use opentelemetry_proto::tonic::collector::trace::v1::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use opentelemetry_proto::tonic::common::v1::any_value::Value;
use prost::Message;

/// One received span, flattened.
#[derive(Clone, Debug)]
struct Span {
    service: String,
    name: String,
    trace: String,
    id: String,
    parent: String,
    kind: i32,
    attrs: HashMap<String, String>,
    /// Every string in the span's events (log lines inside it).
    texts: Vec<String>,
}

const SERVER: i32 = 2;
const CLIENT: i32 = 3;
const PRODUCER: i32 = 4;

fn text(v: &Option<opentelemetry_proto::tonic::common::v1::AnyValue>) -> String {
    match v.as_ref().and_then(|v| v.value.as_ref()) {
        Some(Value::StringValue(s)) => s.clone(),
        Some(Value::IntValue(i)) => i.to_string(),
        Some(Value::BoolValue(b)) => b.to_string(),
        Some(Value::DoubleValue(d)) => d.to_string(),
        Some(other) => format!("{other:?}"),
        None => String::new(),
    }
}

/// The in-process OTLP receiver: every span and the names of every metric exported to it.
#[derive(Clone, Default)]
struct Receiver {
    spans: Arc<Mutex<Vec<Span>>>,
    metrics: Arc<Mutex<Vec<String>>>,
}

#[tonic::async_trait]
impl TraceService for Receiver {
    async fn export(&self, req: tonic::Request<ExportTraceServiceRequest>) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let mut out = Vec::new();
        for rs in req.into_inner().resource_spans {
            let service = rs.resource.iter().flat_map(|r| &r.attributes).find(|a| a.key == "service.name").map(|a| text(&a.value)).unwrap_or_default();
            for span in rs.scope_spans.into_iter().flat_map(|s| s.spans) {
                out.push(Span {
                    service: service.clone(),
                    name: span.name,
                    trace: hex::encode(&span.trace_id),
                    id: hex::encode(&span.span_id),
                    parent: hex::encode(&span.parent_span_id),
                    kind: span.kind,
                    attrs: span.attributes.iter().map(|a| (a.key.clone(), text(&a.value))).collect(),
                    texts: span.events.iter().flat_map(|e| std::iter::once(e.name.clone()).chain(e.attributes.iter().map(|a| text(&a.value)))).collect(),
                });
            }
        }
        self.spans.lock().map_err(|_| tonic::Status::internal("poisoned"))?.extend(out);
        Ok(tonic::Response::new(ExportTraceServiceResponse::default()))
    }
}

#[tonic::async_trait]
impl MetricsService for Receiver {
    async fn export(&self, req: tonic::Request<ExportMetricsServiceRequest>) -> Result<tonic::Response<ExportMetricsServiceResponse>, tonic::Status> {
        let names = req.into_inner().resource_metrics.into_iter().flat_map(|r| r.scope_metrics).flat_map(|s| s.metrics).map(|m| m.name);
        self.metrics.lock().map_err(|_| tonic::Status::internal("poisoned"))?.extend(names);
        Ok(tonic::Response::new(ExportMetricsServiceResponse::default()))
    }
}

async fn start_receiver() -> Result<(Receiver, String)> {
    let receiver = Receiver::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let server = tonic::transport::Server::builder()
        .add_service(TraceServiceServer::new(receiver.clone()))
        .add_service(MetricsServiceServer::new(receiver.clone()))
        .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener));
    tokio::spawn(server);
    Ok((receiver, format!("http://{addr}")))
}

/// Is `span` below `ancestor` (following parent links within `spans`)?
fn descends(spans: &HashMap<String, Span>, span: &Span, ancestor: &str) -> bool {
    let mut parent = span.parent.clone();
    for _ in 0..64 {
        if parent == ancestor {
            return true;
        }
        match spans.get(&parent) {
            Some(p) => parent = p.parent.clone(),
            None => return false,
        }
    }
    false
}

fn decoded(payload: &[u8]) -> Result<Commit> {
    Commit::decode(payload).context("a stored commit")
}

/// Every string value of a JSON document (the keys files: secrets among them).
fn json_strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| json_strings(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| json_strings(v, out)),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_decision_is_one_trace_across_the_services_and_the_log() -> Result<()> {
    let (receiver, endpoint) = start_receiver().await?;
    let observed = Observed::start(
        &["--otlp-endpoint".into(), endpoint, "--log-format".into(), "json".into()],
        // Export at once rather than every 5 s (spans) and 60 s (metrics).
        &[("OTEL_BSP_SCHEDULE_DELAY".into(), "50".into()), ("OTEL_METRIC_EXPORT_INTERVAL".into(), "300".into())],
    )
    .await?;
    let system = &observed.system;
    let mut client = system.client().await?;
    let log = system.admin_log().await?;

    // Play until a decision is followed by a draw: that one's trace must hold all three
    // services. The draws differ from run to run (fresh randomness keys), so a match may end
    // without one: then another match.
    let mut rng = Rng(11);
    let mut found = None;
    'search: for attempt in 0..20u128 {
        let table = create_and_join(&mut client, 2).await?;
        for n in 0..400u128 {
            let Some((seat, decision)) = pending(&mut client, &table).await? else { break };
            let choice = random_choice(&decision, &mut rng)?;
            // The caller's own trace: the orchestrator must continue it.
            let trace = format!("{:032x}", 0x0a11_0000_0000_0000_0000_0000_0000_0000u128 + (attempt << 16) + n);
            let caller = format!("{:016x}", 0xca11_0000_0000_0000u128 + (attempt << 16) + n);
            let mut req = with_token(
                m::SubmitDecisionRequest {
                    match_id: table.match_id.clone(),
                    decision_id: decision.decision_id,
                    choice: Some(choice),
                    idempotency_key: format!("d{}", decision.decision_id),
                    ..Default::default()
                },
                &table.tokens[seat],
            );
            req.metadata_mut().insert("traceparent", format!("00-{trace}-{caller}-01").parse()?);
            let before = log.read(&table.match_id, 1).await.map_err(|e| anyhow!("{e}"))?.len();
            client.submit_decision(req).await?;
            let commits = log.read(&table.match_id, 1).await.map_err(|e| anyhow!("{e}"))?;
            let new: Vec<_> = commits.iter().skip(before).collect();
            let draw = new
                .iter()
                .find(|c| decoded(&c.payload).ok().and_then(|c| c.input.and_then(|i| i.input)).is_some_and(|i| matches!(i, commit_input::Input::Draw(_))));
            if let (Some(first), Some(draw)) = (new.first(), draw) {
                found = Some((table, trace, caller, decision.decision_id, (*first).clone(), (*draw).clone()));
                break 'search;
            }
        }
    }
    let (table, trace, caller, decision_id, decision_commit, draw_commit) = found.ok_or_else(|| anyhow!("no decision of 20 matches was followed by a draw"))?;

    // The decision's commit names the trace; the draw's commit (the same bytes whoever writes
    // it) names none, and its NATS message carries the trace in its headers instead.
    let commit = decoded(&decision_commit.payload)?;
    assert!(matches!(commit.input.as_ref().and_then(|i| i.input.as_ref()), Some(commit_input::Input::Decision(_))));
    let traceparent = commit.trace_context.get("traceparent").ok_or_else(|| anyhow!("no traceparent in {:?}", commit.trace_context))?;
    assert_eq!(traceparent.split('-').nth(1), Some(trace.as_str()), "{traceparent}");
    let commit_span_id = traceparent.split('-').nth(2).unwrap_or_default().to_string();
    assert!(decoded(&draw_commit.payload)?.trace_context.is_empty(), "a draw commit must have no trace context");
    let nats = system.nats_client(Role::Admin).await?;
    let stream = async_nats::jetstream::new(nats).get_stream(eventlog::STREAM).await?;
    let raw = stream.get_raw_message(draw_commit.sequence).await?;
    let header = raw.headers.get("traceparent").map(|v| v.as_str().to_string()).unwrap_or_default();
    assert_eq!(header.split('-').nth(1), Some(trace.as_str()), "the draw's NATS headers: {:?}", raw.headers);
    assert_eq!(raw.payload, draw_commit.payload, "headers are not part of the stored, signed bytes");

    // The spans, once exported (the batch processors export every 50 ms; a span ends, and is
    // exported, only when its work is done: the server span after the response was sent).
    let wanted = |spans: &[Span]| {
        let in_trace: Vec<_> = spans.iter().filter(|s| s.trace == trace).collect();
        ["arbiter-orchestrator", "arbiter-rules", "arbiter-randomness"].iter().all(|svc| in_trace.iter().any(|s| s.service == *svc))
            && in_trace.iter().any(|s| s.name == "arbiter.match.v1.MatchService/SubmitDecision" && s.kind == SERVER)
            && in_trace.iter().any(|s| s.name == "decision")
            && in_trace.iter().any(|s| s.name.ends_with("RulesService/Apply") && s.kind == SERVER)
            && in_trace.iter().any(|s| s.name.ends_with("RandomnessService/Draw") && s.kind == SERVER)
            && in_trace.iter().any(|s| s.name == "commit" && s.id == commit_span_id)
            && in_trace.iter().filter(|s| s.kind == PRODUCER).count() >= 2
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let spans = loop {
        let spans = receiver.spans.lock().map_err(|_| anyhow!("poisoned"))?.clone();
        if wanted(&spans) {
            break spans;
        }
        if tokio::time::Instant::now() > deadline {
            let names: Vec<_> = spans.iter().filter(|s| s.trace == trace).map(|s| format!("{}:{}", s.service, s.name)).collect();
            bail!("the trace {trace} is incomplete after 30 s: {names:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let by_id: HashMap<String, Span> = spans.iter().filter(|s| s.trace == trace).map(|s| (s.id.clone(), s.clone())).collect();
    let one = |pred: &dyn Fn(&Span) -> bool, what: &str| -> Result<Span> {
        by_id.values().find(|s| pred(s)).cloned().ok_or_else(|| anyhow!("no {what} span in the trace"))
    };

    // The orchestrator's server span continues the caller's span.
    let server = one(&|s| s.name == "arbiter.match.v1.MatchService/SubmitDecision" && s.kind == SERVER, "SubmitDecision server")?;
    assert_eq!(server.service, "arbiter-orchestrator");
    assert_eq!(server.parent, caller, "the server span's parent is the caller's span");
    assert_eq!(server.attrs.get("rpc.system").map(String::as_str), Some("grpc"));
    assert_eq!(server.attrs.get("rpc.service").map(String::as_str), Some("arbiter.match.v1.MatchService"));
    assert_eq!(server.attrs.get("rpc.method").map(String::as_str), Some("SubmitDecision"));
    assert_eq!(server.attrs.get("rpc.grpc.status_code").map(String::as_str), Some("0"));
    // The decision, with the match's ids.
    let decision = one(&|s| s.name == "decision", "decision")?;
    assert_eq!(decision.parent, server.id);
    assert_eq!(decision.attrs.get("match.id"), Some(&table.match_id));
    assert_eq!(decision.attrs.get("decision.id"), Some(&decision_id.to_string()));
    assert_eq!(decision.attrs.get("ruleset").map(String::as_str), Some("mainframe"));
    assert!(decision.attrs.contains_key("match.version"), "{:?}", decision.attrs);
    // The commit the log names is under the decision, and its append is a publish below it.
    let commit_span = by_id.get(&commit_span_id).ok_or_else(|| anyhow!("no span {commit_span_id}"))?;
    assert_eq!(commit_span.attrs.get("commit.kind").map(String::as_str), Some("decision"));
    assert_eq!(commit_span.attrs.get("match.version"), Some(&decision_commit.version.to_string()));
    assert!(descends(&by_id, commit_span, &decision.id));
    let publish = one(&|s| s.kind == PRODUCER && s.parent == commit_span_id, "publish of the decision")?;
    assert_eq!(publish.attrs.get("messaging.system").map(String::as_str), Some("nats"));
    assert_eq!(publish.attrs.get("messaging.destination.name"), Some(&format!("match.{}.events", table.match_id)));
    // The rules evaluations (the decision's and the draws'): each rules server span is under an
    // orchestrator client span of the same method, below the decision.
    let is_server = |s: &Span, service: &str, method: &str| s.service == service && s.kind == SERVER && s.name.ends_with(method);
    let applies: Vec<&Span> = by_id.values().filter(|s| is_server(s, "arbiter-rules", "RulesService/Apply")).collect();
    assert!(!applies.is_empty(), "no rules Apply span in the trace");
    for rules in applies {
        let client = by_id.get(&rules.parent).ok_or_else(|| anyhow!("the rules span's parent was not exported"))?;
        assert_eq!((client.service.as_str(), client.kind), ("arbiter-orchestrator", CLIENT));
        assert_eq!(client.name, rules.name);
        assert!(descends(&by_id, client, &decision.id));
    }
    // The draws: each randomness server span under an orchestrator client span, with its own
    // `draw` span (ids only) inside.
    let draws: Vec<&Span> = by_id.values().filter(|s| is_server(s, "arbiter-randomness", "RandomnessService/Draw")).collect();
    assert!(!draws.is_empty(), "no Draw span in the trace");
    for draw in draws {
        let client = by_id.get(&draw.parent).ok_or_else(|| anyhow!("the draw span's parent was not exported"))?;
        assert_eq!((client.service.as_str(), client.kind), ("arbiter-orchestrator", CLIENT));
        assert!(descends(&by_id, client, &server.id));
        let inner = by_id
            .values()
            .find(|s| s.name == "draw" && s.parent == draw.id)
            .ok_or_else(|| anyhow!("no draw span inside the randomness service's Draw {}", draw.id))?;
        assert_eq!(inner.attrs.get("match.id"), Some(&table.match_id));
    }
    let draw_commit_span = one(&|s| s.name == "commit" && s.attrs.get("commit.kind").map(String::as_str) == Some("draw"), "draw commit")?;
    assert!(descends(&by_id, &draw_commit_span, &server.id));

    // No token, platform key or key-file secret in any span (of any trace) or log line.
    let mut secrets: Vec<String> = table.tokens.clone();
    secrets.push(platform_key().to_string());
    for file in ["keys.json", "orchestrator.json"] {
        let path = system.dir.path().join(file);
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).with_context(|| path.display().to_string())?)?;
        json_strings(&json, &mut secrets);
    }
    secrets.retain(|s| s.len() >= 16);
    assert!(secrets.len() >= 3, "the test must look for real secrets: {secrets:?}");
    for span in &spans {
        let values = span.attrs.iter().flat_map(|(k, v)| [k, v]).chain(&span.texts).chain([&span.name]);
        for v in values {
            for secret in &secrets {
                assert!(!v.contains(secret.as_str()), "a secret in span {} of {}: {v}", span.name, span.service);
            }
        }
    }
    let mut traced_lines = 0;
    for (service, path) in &observed.logs {
        let text = std::fs::read_to_string(path)?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let json: serde_json::Value = serde_json::from_str(line).with_context(|| format!("a {service} log line is not JSON: {line}"))?;
            if json.get("trace_id").and_then(|t| t.as_str()) == Some(trace.as_str()) {
                traced_lines += 1;
            }
            for secret in &secrets {
                assert!(!line.contains(secret.as_str()), "a secret in a {service} log line: {line}");
            }
        }
    }
    assert!(traced_lines >= 1, "no log line carries the decision's trace id");

    // The metrics went out over OTLP as well.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !receiver.metrics.lock().map_err(|_| anyhow!("poisoned"))?.iter().any(|n| n == "arbiter.decisions") {
        if tokio::time::Instant::now() > deadline {
            bail!("no arbiter.decisions metric exported over OTLP");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_endpoints_count_what_a_demo_did() -> Result<()> {
    let observed = Observed::start(&["--metrics-listen".into(), "127.0.0.1:0".into()], &[]).await?;
    let system = &observed.system;
    let url = |svc: &str| observed.metrics.get(svc).cloned().ok_or_else(|| anyhow!("{svc} printed no metrics endpoint"));
    let orchestrator = system.orchestrator_url()?;
    let key = system.dir.path().join("platform.key").display().to_string();

    // Scraped while the demo plays, then after it.
    let demo = tokio::spawn({
        let orchestrator = orchestrator.clone();
        async move { run_arbiter(&["demo", "--orchestrator", &orchestrator, "--platform-key-file", &key, "--quiet", "--seed", "4"]).await }
    });
    let during = http_get(&url("orchestrator")?).await?;
    assert!(during.contains("# TYPE arbiter_decisions_total counter"), "{during}");
    let (ok, out, err) = demo.await??;
    assert!(ok, "demo failed:\n{out}\n{err}");
    let line = out.lines().find(|l| l.contains(" versions (commits)")).ok_or_else(|| anyhow!("no summary in:\n{out}"))?;
    let mut words = line.split_whitespace();
    let decisions: f64 = words.next().ok_or_else(|| anyhow!("{line}"))?.parse()?;
    let versions: f64 = words.nth(1).ok_or_else(|| anyhow!("{line}"))?.parse()?;
    let match_id = out
        .lines()
        .find_map(|l| l.strip_prefix("match ").and_then(|r| r.split_once(" ended:")).map(|(id, _)| id.to_string()))
        .ok_or_else(|| anyhow!("demo printed no result:\n{out}"))?;

    let text = http_get(&url("orchestrator")?).await?;
    let ruleset = "mainframe";
    assert_eq!(prometheus_value(&text, "arbiter_decisions_total", &format!("ruleset=\"{ruleset}\",outcome=\"logged\"")), decisions, "{text}");
    assert_eq!(prometheus_value(&text, "arbiter_decision_duration_seconds_count", &format!("ruleset=\"{ruleset}\"")), decisions);
    assert_eq!(prometheus_value(&text, "arbiter_decision_duration_seconds_bucket", &format!("ruleset=\"{ruleset}\",le=\"+Inf\"")), decisions);
    assert_eq!(
        prometheus_value(&text, "arbiter_rpc_requests_total", "rpc_service=\"arbiter.match.v1.MatchService\",rpc_method=\"SubmitDecision\",code=\"Ok\""),
        decisions
    );
    assert_eq!(
        prometheus_value(&text, "arbiter_rpc_duration_seconds_count", "rpc_service=\"arbiter.match.v1.MatchService\",rpc_method=\"SubmitDecision\""),
        decisions
    );
    assert_eq!(prometheus_value(&text, "arbiter_commits_total", &format!("ruleset=\"{ruleset}\",kind=\"decision\"")), decisions);
    // Every version of the match is one commit this orchestrator appended.
    let commits: f64 =
        text.lines().filter(|l| l.starts_with("arbiter_commits_total{")).filter_map(|l| l.rsplit_once(' ').and_then(|(_, v)| v.parse::<f64>().ok())).sum();
    assert_eq!(commits, versions, "{text}");
    assert_eq!(prometheus_value(&text, "arbiter_append_duration_seconds_count", ""), versions);
    assert!(prometheus_value(&text, "arbiter_cache_matches", "") >= 1.0);
    assert!(prometheus_value(&text, "process_resident_memory_bytes", "") > 0.0);
    assert!(prometheus_value(&text, "process_cpu_seconds_total", "") > 0.0);
    assert!(text.contains("# TYPE process_start_time_seconds gauge"));

    // The randomness service served one draw per draw commit and one reveal.
    let log = system.admin_log().await?;
    let mut draws = 0.0;
    for stored in log.read(&match_id, 1).await.map_err(|e| anyhow!("{e}"))? {
        if matches!(decoded(&stored.payload)?.input.and_then(|i| i.input), Some(commit_input::Input::Draw(_))) {
            draws += 1.0;
        }
    }
    let randomness = http_get(&url("randomness")?).await?;
    let served = prometheus_value(&randomness, "arbiter_randomness_draws_total", "kind=\"range\"")
        + prometheus_value(&randomness, "arbiter_randomness_draws_total", "kind=\"shuffle\"");
    assert_eq!(served, draws, "{randomness}");
    assert_eq!(prometheus_value(&randomness, "arbiter_randomness_draws_total", "kind=\"reveal\""), 1.0);
    let rules = http_get(&url("rules")?).await?;
    assert!(
        prometheus_value(&rules, "arbiter_rpc_requests_total", "rpc_service=\"arbiter.rules.v1.RulesService\",rpc_method=\"Apply\",code=\"Ok\"") >= decisions
    );
    Ok(())
}
