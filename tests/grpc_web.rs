//! End-to-end: gRPC-Web on the match API's own port, as a browser speaks it, over plain
//! HTTP/1.1 written by hand (so the test depends on no client library's idea of the protocol):
//! binary and text modes, a status in the trailers, a server stream, health, and CORS for the
//! allowed origin only.

use anyhow::{anyhow, bail, Context, Result};
use api::match_v1 as m;
use base64::Engine;
use prost::Message;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

mod harness;

use harness::{create_and_join, play_one, Rng, System};

const ALLOWED: &str = "http://play.example";

/// One HTTP/1.1 response: status code, headers (lowercase names) and the de-chunked body.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

async fn http1(addr: &str, request: Vec<u8>) -> Result<Reply> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    stream.write_all(&request).await?;
    let mut raw = Vec::new();
    tokio::time::timeout(std::time::Duration::from_secs(30), stream.read_to_end(&mut raw)).await??;
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").context("no end of headers")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|c| c.parse().ok()).context("no status line")?;
    let headers: Vec<(String, String)> = lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string())).collect();
    let mut body = raw[split + 4..].to_vec();
    if headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")) {
        body = dechunk(&body)?;
    }
    Ok(Reply { status, headers, body })
}

fn dechunk(mut raw: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = raw.windows(2).position(|w| w == b"\r\n").context("chunk size line")?;
        let size = usize::from_str_radix(std::str::from_utf8(&raw[..line_end])?.split(';').next().unwrap_or("0").trim(), 16)?;
        raw = &raw[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(raw.get(..size).context("short chunk")?);
        raw = raw.get(size + 2..).context("chunk end")?;
    }
}

/// A gRPC-Web POST of `message` to `path`, in binary or text mode (the answer is asked in the
/// same mode, as browser clients do with `accept`), with extra headers.
fn post(addr: &str, path: &str, message: &impl Message, text: bool, extra: &[(&str, &str)]) -> Vec<u8> {
    let bytes = message.encode_to_vec();
    let mut frame = vec![0u8];
    frame.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
    frame.extend_from_slice(&bytes);
    let (content_type, body) = if text {
        ("application/grpc-web-text", base64::engine::general_purpose::STANDARD.encode(&frame).into_bytes())
    } else {
        ("application/grpc-web+proto", frame)
    };
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: {content_type}\r\naccept: {content_type}\r\nx-grpc-web: 1\r\ncontent-length: {}\r\nconnection: close\r\n",
        body.len()
    );
    for (n, v) in extra {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("\r\n");
    [head.into_bytes(), body].concat()
}

/// The data frames and the trailers (grpc-status and grpc-message, from the trailer frame or,
/// for a trailers-only answer, the headers) of a gRPC-Web reply.
fn frames(reply: &Reply, text: bool) -> Result<(Vec<Vec<u8>>, String, String)> {
    let body = if text {
        // Each frame may be encoded on its own (with its own padding): decode 4 characters at a time.
        let clean: Vec<u8> = reply.body.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect();
        let mut out = Vec::new();
        for group in clean.chunks(4) {
            out.extend(base64::engine::general_purpose::STANDARD.decode(group)?);
        }
        out
    } else {
        reply.body.clone()
    };
    let mut data = Vec::new();
    let mut trailers = String::new();
    let mut rest = &body[..];
    while rest.len() >= 5 {
        let flag = rest[0];
        let len = u32::from_be_bytes([rest[1], rest[2], rest[3], rest[4]]) as usize;
        let payload = rest.get(5..5 + len).ok_or_else(|| anyhow!("a frame runs past the body"))?;
        if flag & 0x80 != 0 {
            trailers.push_str(&String::from_utf8_lossy(payload));
        } else {
            data.push(payload.to_vec());
        }
        rest = &rest[5 + len..];
    }
    let field = |name: &str| {
        trailers
            .split("\r\n")
            .find_map(|l| l.split_once(':').filter(|(n, _)| n.trim().eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string()))
            .or_else(|| reply.header(name).map(str::to_string))
            .unwrap_or_default()
    };
    Ok((data, field("grpc-status"), field("grpc-message")))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_match_api_answers_grpc_web_in_both_modes_with_cors_for_the_allowed_origin_only() -> Result<()> {
    let mut system = System::start().await?;
    system.kill_orchestrator().await?;
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--cors-origin", ALLOWED]).await?);
    let url = system.orchestrator_url()?;
    let addr = url.trim_start_matches("http://").to_string();

    // Binary and text mode: ListRulesets.
    for text in [false, true] {
        let reply = http1(&addr, post(&addr, "/arbiter.match.v1.MatchService/ListRulesets", &m::ListRulesetsRequest {}, text, &[])).await?;
        assert_eq!(reply.status, 200);
        let expected = if text { "application/grpc-web-text" } else { "application/grpc-web" };
        assert!(reply.header("content-type").is_some_and(|c| c.starts_with(expected)), "{:?}", reply.headers);
        let (data, status, message) = frames(&reply, text)?;
        assert_eq!(status, "0", "{message}");
        let listed = m::ListRulesetsResponse::decode(data.first().context("no message")?.as_slice())?;
        let names: Vec<_> = listed.rulesets.iter().map(|r| r.name.as_str()).collect();
        assert!(names.contains(&"mainframe") && names.contains(&"netrunner"), "{names:?}");
    }

    // A refusal is a status in the trailers, as over gRPC; health answers too.
    let unknown = m::GetMatchRequest { match_id: "no-such-match".into(), version: 0 };
    let (_, status, message) = frames(&http1(&addr, post(&addr, "/arbiter.match.v1.MatchService/GetMatch", &unknown, false, &[])).await?, false)?;
    assert_eq!(status, (tonic::Code::NotFound as i32).to_string(), "{message}");
    let check = tonic_health::pb::HealthCheckRequest { service: "arbiter.match.v1.MatchService".into() };
    let (data, status, _) = frames(&http1(&addr, post(&addr, "/grpc.health.v1.Health/Check", &check, false, &[])).await?, false)?;
    assert_eq!(status, "0");
    let health = tonic_health::pb::HealthCheckResponse::decode(data.first().context("no health answer")?.as_slice())?;
    assert_eq!(health.status, tonic_health::pb::health_check_response::ServingStatus::Serving as i32);

    // A server stream: every version of an ended match, then the status.
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, 2).await?;
    let mut rng = Rng(17);
    while play_one(&mut client, &table, &mut rng).await?.is_some() {}
    let last = system.log_len(&table.match_id).await?;
    let watch = m::WatchMatchRequest { match_id: table.match_id.clone(), from_version: 0 };
    let reply = http1(&addr, post(&addr, "/arbiter.match.v1.MatchService/WatchMatch", &watch, true, &[])).await?;
    let (data, status, message) = frames(&reply, true)?;
    assert_eq!(status, "0", "{message}");
    let versions: Vec<u64> = data.iter().map(|d| m::MatchUpdate::decode(d.as_slice()).map(|u| u.version)).collect::<Result<_, _>>()?;
    assert_eq!(versions, (1..=last as u64).collect::<Vec<_>>(), "every version once, in order, over gRPC-Web");

    // CORS: the allowed origin's preflight and call are answered for it; another origin's are not.
    let preflight = |origin: &str| {
        format!(
            "OPTIONS /arbiter.match.v1.MatchService/ListRulesets HTTP/1.1\r\nhost: {addr}\r\norigin: {origin}\r\n\
             access-control-request-method: POST\r\naccess-control-request-headers: content-type,x-grpc-web,authorization\r\n\
             connection: close\r\n\r\n"
        )
        .into_bytes()
    };
    let ok = http1(&addr, preflight(ALLOWED)).await?;
    assert_eq!(ok.header("access-control-allow-origin"), Some(ALLOWED), "{:?}", ok.headers);
    assert!(ok.header("access-control-allow-headers").is_some_and(|h| h.contains("authorization")), "{:?}", ok.headers);
    let evil = http1(&addr, preflight("http://evil.example")).await?;
    assert_eq!(evil.header("access-control-allow-origin"), None, "{:?}", evil.headers);
    let call = http1(&addr, post(&addr, "/arbiter.match.v1.MatchService/ListRulesets", &m::ListRulesetsRequest {}, false, &[("origin", ALLOWED)])).await?;
    assert_eq!(call.header("access-control-allow-origin"), Some(ALLOWED));
    assert!(call.header("access-control-expose-headers").is_some_and(|h| h.contains("grpc-status")), "{:?}", call.headers);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_grpc_web_leaves_http1_unanswered() -> Result<()> {
    let mut system = System::start().await?;
    system.kill_orchestrator().await?;
    system.orchestrator = Some(system.spawn_orchestrator_with(&["--no-grpc-web"]).await?);
    let addr = system.orchestrator_url()?.trim_start_matches("http://").to_string();
    match http1(&addr, post(&addr, "/arbiter.match.v1.MatchService/ListRulesets", &m::ListRulesetsRequest {}, false, &[])).await {
        Ok(reply) if reply.status == 200 => bail!("gRPC-Web answered although it is off: {:?}", reply.headers),
        _ => Ok(()),
    }
}
