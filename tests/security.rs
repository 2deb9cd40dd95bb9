//! End-to-end: the trust boundaries of a system started as `arbiter up` starts it. NATS admits
//! no anonymous client and gives each role only its rights; rules and randomness serve only
//! mutual-TLS clients with a certificate of Arbiter's CA; `arbiter up` makes the credentials
//! private and keeps them across restarts; the match API can be served over TLS.

mod harness;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use bytes::Bytes;
use eventlog::Role;
use harness::*;
use tokio::io::{AsyncBufReadExt, BufReader};
use tonic::transport::{Certificate, ClientTlsConfig, Endpoint, Identity};
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::HealthCheckRequest;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nats_refuses_anonymous_clients() -> Result<()> {
    let system = System::start().await?;
    let err = async_nats::connect(system.nats.url()).await.err().ok_or_else(|| anyhow!("an anonymous client got in"))?;
    assert_eq!(err.kind(), async_nats::ConnectErrorKind::AuthorizationViolation, "{err}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_orchestrator_writes_and_feed_cannot_read_matches() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let subject = format!("match.{}.events", table.match_id);
    let before = system.log_len(&table.match_id).await?;
    assert!(before > 0);

    for role in [Role::Randomness, Role::Feed] {
        let (nats, mut errors) = watched_client(&system, role).await?;
        // A plain publish and a JetStream publish of a forged commit: both refused.
        nats.publish(subject.clone(), Bytes::from_static(b"forged")).await?;
        nats.flush().await?;
        violation(&mut errors, &subject).await?;
        let mut js = async_nats::jetstream::new(nats.clone());
        js.set_timeout(Duration::from_secs(2));
        let acked = match js.publish(subject.clone(), Bytes::from_static(b"forged")).await {
            Ok(ack) => ack.await.is_ok(),
            Err(_) => false,
        };
        assert!(!acked, "{role}: a forged commit was acknowledged");
        violation(&mut errors, &subject).await?;
        assert_eq!(system.log_len(&table.match_id).await?, before, "{role}: nothing was stored");

        // Nobody but the orchestrator reads the orchestrator's replies.
        let _sub = nats.subscribe("_INBOX_orchestrator.>").await?;
        violation(&mut errors, "_INBOX_orchestrator.>").await?;
    }

    // feed cannot read MATCHES in any way.
    let (feed, mut errors) = watched_client(&system, Role::Feed).await?;
    let mut js = async_nats::jetstream::new(feed.clone());
    js.set_timeout(Duration::from_secs(2));
    assert!(js.get_stream("MATCHES").await.is_err());
    violation(&mut errors, "$JS.API.STREAM.INFO.MATCHES").await?;
    let _sub = feed.subscribe(subject.clone()).await?;
    violation(&mut errors, &subject).await?;
    let reader = eventlog::JetStreamLog::connect_reader(&system.nats.url(), &system.nats_auth(Role::Feed)).await.map_err(|e| anyhow!("{e}"))?;
    use eventlog::EventLog;
    assert!(reader.read(&table.match_id, 1).await.is_err(), "feed read a match log");

    // The randomness user reads it (that is its job) but only through its own inbox.
    let reader = eventlog::JetStreamLog::connect_reader(&system.nats.url(), &system.nats_auth(Role::Randomness)).await.map_err(|e| anyhow!("{e}"))?;
    assert_eq!(reader.read(&table.match_id, 1).await.map_err(|e| anyhow!("{e}"))?.len(), before);

    // And the match goes on: the orchestrator is unaffected.
    assert!(play_one(&mut client, &table, &mut Rng(7)).await?.is_some());
    Ok(())
}

/// A health check over `endpoint`, connecting first.
async fn health(endpoint: Endpoint, service: &str) -> Result<i32> {
    let channel = endpoint.connect_timeout(Duration::from_secs(10)).connect().await?;
    let reply = HealthClient::new(channel).check(HealthCheckRequest { service: service.into() }).await?;
    Ok(reply.into_inner().status)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_and_randomness_serve_only_arbiters_certificates() -> Result<()> {
    let system = System::start().await?;
    let ca = Certificate::from_pem(std::fs::read(system.pki.ca())?);
    // Another CA with certificates for the same names, as an attacker could make.
    let other_dir = tempfile::tempdir()?;
    let other = api::tls::LocalPki::load_or_create(other_dir.path(), &[])?;
    let other_identity = Identity::from_pem(std::fs::read(other.cert("orchestrator"))?, std::fs::read(other.key("orchestrator"))?);

    for (service, name) in [(&system.rules, "arbiter.rules.v1.RulesService"), (&system.randomness, "arbiter.randomness.v1.RandomnessService")] {
        // Plaintext.
        let plain = Endpoint::from_shared(format!("http://{}", service.addr))?;
        assert!(health(plain, name).await.is_err(), "{name}: plaintext was served");
        // TLS without a client certificate.
        let anonymous = Endpoint::from_shared(service.url())?.tls_config(ClientTlsConfig::new().ca_certificate(ca.clone()))?;
        assert!(health(anonymous, name).await.is_err(), "{name}: TLS without a client certificate was served");
        // TLS with a certificate from another CA.
        let foreign = Endpoint::from_shared(service.url())?.tls_config(ClientTlsConfig::new().ca_certificate(ca.clone()).identity(other_identity.clone()))?;
        assert!(health(foreign, name).await.is_err(), "{name}: a certificate of another CA was served");
        // A client that trusts only the other CA does not accept the real server either.
        let wrong_trust = Endpoint::from_shared(service.url())?
            .tls_config(ClientTlsConfig::new().ca_certificate(Certificate::from_pem(std::fs::read(other.ca())?)).identity(other_identity.clone()))?;
        assert!(health(wrong_trust, name).await.is_err(), "{name}: a server outside our CA was trusted");
    }

    // With Arbiter's certificate: health, reflection (see mainframe_match) and the services.
    use api::randomness_v1::randomness_service_client::RandomnessServiceClient;
    use api::rules_v1::rules_service_client::RulesServiceClient;
    let rules = system.rules_channel().await?;
    let status = HealthClient::new(rules.clone()).check(HealthCheckRequest { service: "arbiter.rules.v1.RulesService".into() }).await?.into_inner().status;
    assert_eq!(status, tonic_health::pb::health_check_response::ServingStatus::Serving as i32);
    let rulesets = RulesServiceClient::new(rules).list_rulesets(api::rules_v1::ListRulesetsRequest {}).await?.into_inner();
    assert!(rulesets.rulesets.iter().any(|r| r.name == "mainframe"));
    let key = RandomnessServiceClient::new(system.randomness_channel().await?).public_key(api::randomness_v1::PublicKeyRequest {}).await?.into_inner();
    assert_eq!(key.public_key.len(), 32);
    Ok(())
}

// ---- the real `arbiter` binary ----

fn arbiter() -> tokio::process::Command {
    let mut c = tokio::process::Command::new(PathBuf::from(env!("CARGO_BIN_EXE_arbiter-e2e-node")));
    c.env("RUST_LOG", "warn").kill_on_drop(true);
    c
}

async fn run(args: &[&str]) -> Result<(bool, String)> {
    let out = arbiter().args(args).output().await?;
    Ok((out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))))
}

/// A running `arbiter up` and the URLs it printed.
struct Up {
    child: tokio::process::Child,
    orchestrator: String,
    nats: String,
}

async fn up(data: &Path, extra: &[&str]) -> Result<Up> {
    let mut child = arbiter()
        .args(["up", "--data-dir"])
        .arg(data)
        .args(["--nats-port", "0", "--orchestrator-listen", "127.0.0.1:0"])
        .args(["--rules-listen", "127.0.0.1:0", "--randomness-listen", "127.0.0.1:0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()?;
    let mut lines = BufReader::new(child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?).lines();
    let (orchestrator, nats) = tokio::time::timeout(Duration::from_secs(120), async {
        let mut orchestrator = None;
        while let Some(line) = lines.next_line().await? {
            let line = line.trim();
            if let Some(url) = line.strip_prefix("match API (orchestrator)") {
                orchestrator = Some(url.trim().to_string());
            }
            if let Some(rest) = line.strip_prefix("NATS (match log)") {
                let url = rest.split_whitespace().next().unwrap_or_default().to_string();
                return Ok((orchestrator.ok_or_else(|| anyhow!("no match API line"))?, url));
            }
        }
        bail!("`arbiter up` exited before it was up")
    })
    .await
    .context("`arbiter up` did not come up in time")??;
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok(Up { child, orchestrator, nats })
}

async fn stop(mut up: Up) -> Result<()> {
    let pid = up.child.id().ok_or_else(|| anyhow!("`arbiter up` already exited"))?;
    assert!(tokio::process::Command::new("kill").args(["-TERM", &pid.to_string()]).status().await?.success());
    let status = tokio::time::timeout(Duration::from_secs(30), up.child.wait()).await.context("`arbiter up` did not stop")??;
    assert!(status.success(), "`arbiter up` stops cleanly: {status}");
    Ok(())
}

/// Every secret file `up` makes, with its content.
fn secrets(data: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut files: Vec<PathBuf> =
        ["orchestrator", "randomness", "feed", "admin"].iter().map(|r| data.join("secrets").join("nats").join(format!("{r}.password"))).collect();
    files.push(data.join("tls").join("ca.key"));
    for s in api::tls::SERVICES {
        files.push(data.join("tls").join(format!("{s}.key")));
        files.push(data.join("tls").join(format!("{s}.pem")));
    }
    files.push(data.join("tls").join("ca.pem"));
    files.push(data.join("keys").join("randomness.json"));
    files.into_iter().map(|f| Ok((f.clone(), std::fs::read(&f).with_context(|| format!("{} is missing", f.display()))?))).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_up_makes_private_credentials_and_keeps_them() -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let data = tempfile::tempdir()?;
    let first = up(data.path(), &[]).await?;
    let made = secrets(data.path())?;
    for (file, _) in &made {
        if file.extension().is_some_and(|e| e == "pem") {
            continue; // certificates are public
        }
        let mode = std::fs::metadata(file)?.permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{} has mode {mode:o}", file.display());
    }
    let config = data.path().join("nats").join("nats-server.conf");
    assert_eq!(std::fs::metadata(&config)?.permissions().mode() & 0o777, 0o600, "the server config is private");
    let text = std::fs::read_to_string(&config)?;
    for (file, content) in &made {
        if file.extension().is_some_and(|e| e == "password") {
            let password = String::from_utf8_lossy(content).trim().to_string();
            assert!(!text.contains(&password), "a password is in the server config in clear");
        }
    }
    // Anonymous NATS clients are refused by the server `up` runs.
    assert!(async_nats::connect(first.nats.clone()).await.is_err(), "anonymous NATS client accepted");
    // The platform key `up` made, for the demo's CreateMatch.
    let key = data.path().join("secrets").join("platform.key").display().to_string();
    let (ok, out) = run(&["demo", "--orchestrator", &first.orchestrator, "--platform-key-file", &key, "--quiet", "--seed", "2"]).await?;
    assert!(ok, "demo failed:\n{out}");
    stop(first).await?;

    // A restart keeps every credential, and everything still works with them.
    let second = up(data.path(), &[]).await?;
    assert_eq!(secrets(data.path())?, made, "the credentials changed across a restart");
    let (ok, out) = run(&["demo", "--orchestrator", &second.orchestrator, "--platform-key-file", &key, "--quiet", "--seed", "3"]).await?;
    assert!(ok, "demo after a restart failed:\n{out}");
    stop(second).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_api_can_be_served_over_tls() -> Result<()> {
    // A certificate for the public API, from a CA the client is told to trust.
    let data = tempfile::tempdir()?;
    let public = api::tls::LocalPki::load_or_create(&data.path().join("public"), &[])?;
    let cert = public.cert("orchestrator").display().to_string();
    let key = public.key("orchestrator").display().to_string();
    let up = up(&data.path().join("data"), &["--tls-cert", &cert, "--tls-key", &key]).await?;
    assert!(up.orchestrator.starts_with("https://"), "{}", up.orchestrator);

    let ca = public.ca().display().to_string();
    let key = data.path().join("data").join("secrets").join("platform.key").display().to_string();
    let (ok, out) = run(&["demo", "--orchestrator", &up.orchestrator, "--tls-ca", &ca, "--platform-key-file", &key, "--quiet", "--seed", "4"]).await?;
    assert!(ok, "demo over TLS failed:\n{out}");
    // Without trusting that CA, the client says what to do.
    let (ok, out) = run(&["demo", "--orchestrator", &up.orchestrator, "--quiet"]).await?;
    assert!(!ok && out.contains("--tls-ca"), "{out}");
    // Plaintext to a TLS port fails.
    let plain = up.orchestrator.replace("https://", "http://");
    let (ok, _) = run(&["demo", "--orchestrator", &plain, "--quiet"]).await?;
    assert!(!ok, "plaintext reached the TLS match API");
    stop(up).await?;
    Ok(())
}
