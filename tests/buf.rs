//! The public API's contract, checked with the real `buf` CLI (docs/api.md): `buf lint` is clean
//! under the STANDARD rules with exactly the exceptions `proto/buf.yaml` lists, `buf breaking`
//! finds nothing against the v1 baseline `proto/baseline/v1.binpb` and does find a field
//! renumbered, removed or renamed and a message renamed in a scratch copy, while an added field
//! passes, and `buf curl`
//! speaks gRPC-Web over HTTP/1.1 to `arbiter up`: the rulesets, and a `WatchMatch` of an ended
//! match with every version. `buf` comes from npm (`tests/web/package.json` and its lock file),
//! installed into `tests/web/node_modules` with `npm ci` when it is missing.

mod harness;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use api::match_v1 as m;
use harness::run_arbiter_text;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn proto_dir() -> PathBuf {
    manifest_dir().join("../proto")
}

fn baseline() -> PathBuf {
    proto_dir().join("baseline/v1.binpb")
}

/// The buf version `tests/web/package.json` pins.
fn pinned_version(web: &Path) -> Result<String> {
    let package: serde_json::Value = serde_json::from_slice(&std::fs::read(web.join("package.json"))?)?;
    package["devDependencies"]["@bufbuild/buf"].as_str().map(str::to_string).context("tests/web/package.json pins no @bufbuild/buf")
}

fn installed_version(buf: &Path) -> Option<String> {
    let out = std::process::Command::new(buf).arg("--version").output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn install() -> Result<PathBuf> {
    let web = manifest_dir().join("web");
    let buf = web.join("node_modules/.bin/buf");
    let pinned = pinned_version(&web)?;
    if installed_version(&buf).as_deref() == Some(pinned.as_str()) {
        return Ok(buf);
    }
    // Missing, or another version than the lock file's: npm ci installs exactly the lock file.
    let out = std::process::Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&web).output().map_err(|e| {
        anyhow!("cannot run npm ({e}): these tests take buf from npm (tests/web/package.json); install Node.js and npm (Debian: apt-get install nodejs npm)")
    })?;
    if !out.status.success() {
        bail!("npm ci in {} failed ({}):\n{}{}", web.display(), out.status, String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    }
    match installed_version(&buf) {
        Some(v) if v == pinned => Ok(buf),
        other => bail!("after npm ci, {} reports version {other:?}, not the pinned {pinned}", buf.display()),
    }
}

/// The `buf` of tests/web, installed once per test process (the tests of this file share it).
fn buf() -> Result<PathBuf> {
    static BUF: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUF.get_or_init(|| install().map_err(|e| format!("{e:#}"))).clone().map_err(|e| anyhow!(e))
}

/// `buf args` in `dir`.
fn run_buf(dir: &Path, args: &[&str]) -> Result<Output> {
    std::process::Command::new(buf()?).args(args).current_dir(dir).output().with_context(|| format!("running buf {}", args.join(" ")))
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// The findings of a `buf lint` or `buf breaking` run with `--error-format json`, as
/// (path, rule, message), sorted.
fn findings(out: &Output) -> Result<Vec<(String, String, String)>> {
    let mut found = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines().filter(|l| !l.trim().is_empty()) {
        let f: serde_json::Value = serde_json::from_str(line).with_context(|| format!("not a buf finding: {line}"))?;
        let field = |name: &str| f[name].as_str().map(str::to_string).with_context(|| format!("finding without {name}: {line}"));
        found.push((field("path")?, field("type")?, field("message")?));
    }
    found.sort();
    Ok(found)
}

#[test]
fn buf_lint_passes_under_the_standard_rules_for_every_proto() -> Result<()> {
    let out = run_buf(&proto_dir(), &["lint"])?;
    assert!(out.status.success(), "buf lint (from proto/) failed:\n{}", text(&out));
    Ok(())
}

#[test]
fn the_lint_exceptions_hide_exactly_the_seven_known_findings_of_the_v1_match_api() -> Result<()> {
    // The STANDARD rules without buf.yaml's exceptions: what they hide. A new finding (a new RPC
    // of match.proto whose response is named unlike it, say) shows up here and must be fixed,
    // not added to the list below.
    let out = run_buf(&proto_dir(), &["lint", "--error-format", "json", "--config", r#"{"version":"v2","lint":{"use":["STANDARD"]}}"#])?;
    assert_eq!(out.status.code(), Some(100), "buf lint reports findings (exit 100):\n{}", text(&out));
    let file = MATCH_PROTO;
    let name = |response: &str, rpc: &str| {
        (
            file.to_string(),
            "RPC_RESPONSE_STANDARD_NAME".to_string(),
            format!("RPC response type \"{response}\" should be named \"{rpc}Response\" or \"MatchService{rpc}Response\"."),
        )
    };
    let shared = || {
        (
            file.to_string(),
            "RPC_REQUEST_RESPONSE_UNIQUE".to_string(),
            "\"arbiter.match.v1.MatchControlResponse\" is used as the request or response type for multiple RPCs.".to_string(),
        )
    };
    let mut expected = vec![
        name("MatchView", "GetMatch"),
        name("MatchUpdate", "WatchMatch"),
        name("MatchesUpdate", "WatchMatches"),
        name("MatchControlResponse", "ConcedeMatch"),
        name("MatchControlResponse", "AdjudicateMatch"),
        shared(),
        shared(),
    ];
    expected.sort();
    assert_eq!(findings(&out)?, expected);
    Ok(())
}

#[test]
fn the_protos_break_nothing_against_the_v1_baseline() -> Result<()> {
    let against = baseline().display().to_string();
    let out = run_buf(&proto_dir(), &["breaking", "--against", &against])?;
    assert!(out.status.success(), "buf breaking against proto/baseline/v1.binpb failed:\n{}", text(&out));
    Ok(())
}

const MATCH_PROTO: &str = "arbiter/match/v1/match.proto";

/// A scratch copy of `proto/` (with its buf.yaml) whose `file` `edit` changed.
fn scratch(file: &str, edit: impl FnOnce(&str) -> Result<String>) -> Result<tempfile::TempDir> {
    fn copy(from: &Path, to: &Path) -> Result<()> {
        std::fs::create_dir_all(to)?;
        for entry in std::fs::read_dir(from)? {
            let entry = entry?;
            if entry.file_type()?.is_dir() {
                copy(&entry.path(), &to.join(entry.file_name()))?;
            } else {
                std::fs::copy(entry.path(), to.join(entry.file_name()))?;
            }
        }
        Ok(())
    }
    let dir = tempfile::tempdir()?;
    copy(&proto_dir(), dir.path())?;
    let file = dir.path().join(file);
    let changed = edit(&std::fs::read_to_string(&file)?)?;
    std::fs::write(&file, changed)?;
    Ok(dir)
}

/// `proto` with `from` replaced by `to` inside `message NAME { ... }`. A field of the baseline
/// cannot leave its message without failing the breaking check, so these edits keep applying as
/// fields are added.
fn in_message(proto: &str, name: &str, from: &str, to: &str) -> Result<String> {
    let start = proto.find(&format!("\nmessage {name} {{\n")).with_context(|| format!("match.proto has no message {name}"))?;
    let end = start + proto[start..].find("\n}\n").with_context(|| format!("message {name} does not end"))?;
    let at = start + proto[start..end].find(from).with_context(|| format!("message {name} has no {from:?}"))?;
    Ok(format!("{}{to}{}", &proto[..at], &proto[at + from.len()..]))
}

/// `buf breaking` of `dir` against the v1 baseline.
fn breaking(dir: &Path) -> Result<Output> {
    let against = baseline().display().to_string();
    run_buf(dir, &["breaking", "--error-format", "json", "--against", &against])
}

#[test]
fn adding_a_field_and_a_message_to_v1_passes_the_breaking_check() -> Result<()> {
    let dir = scratch(MATCH_PROTO, |p| {
        // The highest field number, which no one else will take.
        let p = in_message(p, "MatchView", "{\n", "{\n  string added_by_a_test = 536870911;\n")?;
        Ok(format!("{p}\nmessage AddedByATest {{\n  string note = 1;\n}}\n"))
    })?;
    let out = breaking(dir.path())?;
    assert!(out.status.success(), "an added field and message break nothing:\n{}", text(&out));
    Ok(())
}

#[test]
fn a_renumbered_removed_or_renamed_field_or_a_renamed_message_fails_the_breaking_check_even_with_the_wire_unchanged() -> Result<()> {
    type Edit = Box<dyn FnOnce(&str) -> Result<String>>;
    // Each change, in its file, with the rule of the FILE set that must name it.
    let cases: [(&str, &str, Edit, &str); 5] = [
        (
            "MatchView.version renumbered 3 -> 30",
            MATCH_PROTO,
            Box::new(|p| in_message(p, "MatchView", "uint64 version = 3;", "uint64 version = 30;")),
            "FIELD_NO_DELETE",
        ),
        ("MatchView.result removed", MATCH_PROTO, Box::new(|p| in_message(p, "MatchView", "string result = 8;", "")), "FIELD_NO_DELETE"),
        (
            "MatchView.result renamed outcome",
            MATCH_PROTO,
            Box::new(|p| in_message(p, "MatchView", "string result = 8;", "string outcome = 8;")),
            "FIELD_SAME_NAME",
        ),
        (
            "MatchControlResponse renamed ConcedeMatchResponse",
            MATCH_PROTO,
            Box::new(|p| Ok(p.replace("MatchControlResponse", "ConcedeMatchResponse"))),
            "MESSAGE_NO_DELETE",
        ),
        // Not a wire change at all (an export travels as bytes), so WIRE_JSON would pass it; it
        // breaks every client that decodes an export with generated code.
        (
            "arbiter.log.v1.MatchExport renamed ExportedMatch",
            "arbiter/log/v1/log.proto",
            Box::new(|p| Ok(p.replace("message MatchExport {", "message ExportedMatch {"))),
            "MESSAGE_NO_DELETE",
        ),
    ];
    for (what, file, edit, rule) in cases {
        let dir = scratch(file, edit)?;
        let out = breaking(dir.path())?;
        assert_eq!(out.status.code(), Some(100), "{what}: buf breaking reports a finding (exit 100):\n{}", text(&out));
        let found = findings(&out)?;
        assert!(found.iter().any(|(path, r, _)| path == file && r == rule), "{what}: no {rule} in {file} among {found:#?}");
    }
    Ok(())
}

// ---- buf curl against `arbiter up` ----

/// `buf args`, at most 60 s; returns (success, stdout, stderr).
async fn buf_curl(args: &[&str]) -> Result<(bool, String, String)> {
    let buf = tokio::task::spawn_blocking(buf).await??;
    let run = tokio::process::Command::new(&buf).arg("curl").args(args).current_dir(manifest_dir()).kill_on_drop(true).output();
    let out = tokio::time::timeout(Duration::from_secs(60), run).await.map_err(|_| anyhow!("buf curl {} took over a minute", args.join(" ")))??;
    Ok((out.status.success(), String::from_utf8_lossy(&out.stdout).to_string(), String::from_utf8_lossy(&out.stderr).to_string()))
}

/// The JSON messages `buf curl` printed, one document each (a stream prints one per message).
fn messages(out: &str) -> Result<Vec<serde_json::Value>> {
    Ok(serde_json::Deserializer::from_str(out).into_iter::<serde_json::Value>().collect::<Result<_, _>>()?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buf_curl_speaks_grpc_web_over_http1_to_arbiter_up_rulesets_and_every_version_of_an_ended_match() -> Result<()> {
    let up = harness::arbiter_up().await?;
    let url = up.orchestrator.clone();
    let schema_dir = proto_dir().display().to_string();
    let schema = schema_dir.as_str();
    let method = |name: &str| format!("{url}/arbiter.match.v1.MatchService/{name}");
    // gRPC-Web over HTTP/1.1, as a browser speaks it, with the schema from proto/.
    let grpc_web = ["--protocol", "grpcweb", "--http2-prior-knowledge=false", "--schema", schema];

    let list = method("ListRulesets");
    let (ok, out, err) = buf_curl(&[&grpc_web[..], &["-v", list.as_str()][..]].concat()).await?;
    assert!(ok, "ListRulesets over gRPC-Web:\n{out}\n{err}");
    assert!(err.contains("HTTP/1.1 200 OK"), "answered over HTTP/1.1:\n{err}");
    let listed = messages(&out)?;
    let names: Vec<&str> = listed.first().and_then(|r| r["rulesets"].as_array()).context("no rulesets")?.iter().filter_map(|r| r["name"].as_str()).collect();
    for ruleset in ["mainframe", "netrunner", "neonhope"] {
        assert!(names.contains(&ruleset), "{ruleset} not in {names:?}");
    }

    // A match two bots play to its end, then its whole stream.
    let key = up.platform_key_file();
    let (ok, demo) = run_arbiter_text(&["demo", "--orchestrator", &url, "--platform-key-file", &key, "--quiet", "--seed", "5"]).await?;
    assert!(ok, "demo failed:\n{demo}");
    let match_id = demo
        .lines()
        .find_map(|l| l.strip_prefix("match ").and_then(|r| r.split_once(" ended:")).map(|(id, _)| id.to_string()))
        .ok_or_else(|| anyhow!("demo printed no result:\n{demo}"))?;
    let mut client = m::match_service_client::MatchServiceClient::connect(url.clone()).await?;
    let view = client.get_match(m::GetMatchRequest { match_id: match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32);
    let request = serde_json::json!({ "matchId": match_id, "fromVersion": 0 }).to_string();
    let watch = method("WatchMatch");
    let (ok, out, err) = buf_curl(&[&grpc_web[..], &["-d", request.as_str(), watch.as_str()][..]].concat()).await?;
    assert!(ok, "WatchMatch over gRPC-Web:\n{err}");
    let updates = messages(&out)?;
    // uint64 is a JSON string in the proto3 JSON mapping.
    let versions: Vec<u64> =
        updates.iter().map(|u| u["version"].as_str().and_then(|v| v.parse().ok()).context("an update without a version")).collect::<Result<_>>()?;
    assert_eq!(versions, (1..=view.version).collect::<Vec<_>>(), "every version once, in order");
    assert_eq!(updates.last().and_then(|u| u["status"].as_str()), Some("MATCH_STATUS_ENDED"));

    // Without --schema, buf curl reads the schema from the server's reflection (which needs
    // HTTP/2, so buf curl switches to it).
    let (ok, out, err) = buf_curl(&["--protocol", "grpcweb", "--list-methods", &url]).await?;
    assert!(ok && out.contains("arbiter.match.v1.MatchService/WatchMatch"), "methods by reflection:\n{out}\n{err}");

    // The port does not speak Connect (tonic-web translates gRPC-Web only): docs/api.md says so.
    let (ok, out, err) = buf_curl(&["--protocol", "connect", "--schema", schema, &list]).await?;
    assert!(!ok, "Connect was answered, update docs/api.md:\n{out}");
    assert!(err.contains("400 Bad Request"), "{err}");

    let status = up.stop().await?;
    assert!(status.success(), "`arbiter up` stops cleanly: {status}");
    Ok(())
}
