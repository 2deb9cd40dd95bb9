//! End-to-end: decklists per seat. A constructed netrunner deck from the
//! System Gateway pool (NR-10) is played to the end over gRPC and the export passes the audit;
//! illegal decklists are refused with INVALID_ARGUMENT naming every violation, for netrunner and
//! for mainframe's house rules; a decklist stays private to its seat during the match. And
//! `ListRulesets` (item 5) serves each game's options, kinds and published JSON Schemas.

mod harness;

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use harness::{play_one, Rng, System, Table};
use prost::Message;
use tonic::transport::Channel;

type Client = api::match_v1::match_service_client::MatchServiceClient<Channel>;

fn list(cards: &[(&str, u32)]) -> Option<m::Decklist> {
    Some(m::Decklist { cards: cards.iter().map(|(c, n)| m::DecklistEntry { card: (*c).into(), count: *n }).collect() })
}

/// Haas-Bioroid: Precision Design, 40 cards, 18 agenda points (HB and neutral cards only).
const HB: &[(&str, u32)] = &[
    ("30035", 1),
    ("30036", 1),
    ("30067", 3),
    ("30068", 3),
    ("30069", 1),
    ("30070", 1),
    ("30037", 3),
    ("30038", 3),
    ("30039", 3),
    ("30040", 3),
    ("30041", 3),
    ("30042", 3),
    ("30072", 3),
    ("30073", 3),
    ("30074", 3),
    ("30075", 3),
    ("30071", 1),
];

/// Zahya Sadeghi: Versatile Smuggler, 40 criminal and neutral cards.
const ZAHYA: &[(&str, u32)] = &[
    ("30010", 1),
    ("30011", 3),
    ("30012", 3),
    ("30013", 3),
    ("30014", 3),
    ("30015", 3),
    ("30016", 3),
    ("30017", 3),
    ("30018", 3),
    ("30028", 3),
    ("30029", 3),
    ("30030", 3),
    ("30031", 3),
    ("30032", 3),
    ("30033", 1),
];

fn seat(name: &str, decklist: Option<m::Decklist>) -> m::SeatSpec {
    m::SeatSpec { name: name.into(), deck: String::new(), decklist }
}

async fn create_and_join(client: &mut Client, ruleset: &str, seats: Vec<m::SeatSpec>) -> Result<Table> {
    let created = client.create_match(harness::platform(m::CreateMatchRequest { ruleset: ruleset.into(), seats, ..Default::default() })).await?.into_inner();
    let codes: Vec<(u32, String)> = created.seats.iter().map(|s| (s.seat, s.join_code.clone())).collect();
    join(client, &created.match_id, &codes, created.randomness_public_key).await
}

/// Join every seat of a created match with its join code.
async fn join(client: &mut Client, match_id: &str, codes: &[(u32, String)], public_key: Vec<u8>) -> Result<Table> {
    let mut tokens = Vec::new();
    for (seat, code) in codes {
        let req =
            m::JoinMatchRequest { match_id: match_id.into(), seat: *seat, join_code: code.clone(), entropy: vec![*seat as u8 + 7; 32], ..Default::default() };
        tokens.push(client.join_match(req).await?.into_inner().seat_token);
    }
    Ok(Table { match_id: match_id.into(), tokens, public_key })
}

async fn play_to_end_and_audit(client: &mut Client, table: &Table, seed: u64, ruleset: &str) -> Result<()> {
    let mut rng = Rng(seed);
    let mut decisions = 0;
    while play_one(client, table, &mut rng).await?.is_some() {
        decisions += 1;
        if decisions > 6_000 {
            return Err(anyhow!("no end after 6000 decisions"));
        }
    }
    let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32);
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    let report = cli::audit::audit_export(&export, Some(&table.public_key))?;
    assert_eq!(report.ruleset, ruleset);
    // The decklists are in the log (the whole truth), so the audit replays the same decks.
    let created = export.commits.first().and_then(|c| c.input.as_ref()).and_then(|i| i.input.as_ref());
    let Some(api::log_v1::commit_input::Input::Created(created)) = created else {
        return Err(anyhow!("the first commit is not the creation"));
    };
    let seats = created.config.as_ref().map(|c| c.seats.clone()).unwrap_or_default();
    assert!(seats.iter().all(|s| s.decklist.as_ref().is_some_and(|l| !l.cards.is_empty())), "{seats:?}");
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `SeatSpec.decklist`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_constructed_system_gateway_game_is_played_to_the_end_audited_and_keeps_the_lists_private() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join(&mut client, "netrunner", vec![seat("HB", list(HB)), seat("Zahya", list(ZAHYA))]).await?;

    // After setup: each side's deck is 40 cards minus its 5-card hand; nobody else sees the
    // cards still in a deck, and no viewer but the owner sees a hand.
    let view_of = |viewer: Option<usize>| {
        let mut c = client.clone();
        let req = m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 };
        let req = match viewer {
            Some(s) => harness::with_token(req, &table.tokens[s]),
            None => tonic::Request::new(req),
        };
        async move { Ok::<_, anyhow::Error>(c.get_match(req).await?.into_inner().state_json) }
    };
    let spectator: serde_json::Value = serde_json::from_str(&view_of(None).await?)?;
    let runner: serde_json::Value = serde_json::from_str(&view_of(Some(1)).await?)?;
    for v in [&spectator, &runner] {
        assert_eq!(v["corp"]["deck"], "custom", "a decklist goes by \"custom\": {v}");
        assert!(v["corp"].get("rd").is_none() && v["corp"].get("hq").is_none(), "{v}");
        let text = v["corp"].to_string();
        // Sprint (30041) and Seamless Launch (30040) are only in HQ or R&D at this point.
        assert!(!text.contains("Sprint") && !text.contains("Seamless Launch"), "the Corp's list leaks: {text}");
    }
    // A seat sees its own list, nobody else does.
    let corp: serde_json::Value = serde_json::from_str(&view_of(Some(0)).await?)?;
    assert_eq!(corp["decklists"][0]["identity"], "30035", "{}", corp["decklists"]);
    assert_eq!(corp["decklists"][0]["cards"].as_array().map(|a| a.len()), Some(HB.len() - 1));
    assert!(corp["decklists"][1].is_null() && runner["decklists"][0].is_null() && spectator["decklists"][0].is_null());
    assert_eq!(runner["decklists"][1]["identity"], "30010");
    play_to_end_and_audit(&mut client, &table, 23, "netrunner").await?;

    // With `open_decklists` = 1 a spectator sees both lists from the start.
    let created = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "netrunner".into(),
            seats: vec![seat("HB", list(HB)), seat("Zahya", list(ZAHYA))],
            options: [("open_decklists".to_string(), 1)].into_iter().collect(),
            ..Default::default()
        }))
        .await?
        .into_inner();
    let open = client.get_match(m::GetMatchRequest { match_id: created.match_id, version: 0 }).await?.into_inner();
    let open: serde_json::Value = serde_json::from_str(&open.state_json)?;
    assert_eq!(open["decklists"][0]["identity"], "30035", "{open}");
    let hedge = open["decklists"][0]["cards"].as_array().and_then(|a| a.iter().find(|e| e["card"] == "30075")).cloned();
    assert_eq!(hedge.map(|e| e["count"].clone()), Some(serde_json::json!(3)));
    assert_eq!(open["decklists"][1]["identity"], "30010");
    Ok(())
}

/// `arbiter create --decklist` with NetrunnerDB's two export forms (the CLI's fixtures: a text
/// export for the Corp, a JSON export for the Runner): the match is created with those lists
/// and plays to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_create_with_a_decklist_file_per_seat_creates_a_match_that_plays() -> Result<()> {
    let system = System::start().await?;
    let decks = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../services/cli/tests/decks");
    let (corp, runner) = (decks.join("precision.txt").display().to_string(), decks.join("zahya.json").display().to_string());
    let key = system.dir.path().join("platform.key").display().to_string();
    let url = system.orchestrator_url()?;
    let args = ["create", "--orchestrator", &url, "--platform-key-file", &key, "--ruleset", "netrunner", "--name", "HB", "--name", "Zahya"];
    let (ok, out, err) = harness::run_arbiter(&[&args[..], &["--decklist", &corp, "--decklist", &runner]].concat()).await?;
    assert!(ok, "create failed:\n{out}{err}");
    // "match ID", "  public key: HEX", then "  arbiter play ID --seat S --join-code CODE" per seat.
    let match_id = out.lines().find_map(|l| l.strip_prefix("match ")).ok_or_else(|| anyhow!("no match id:\n{out}"))?.to_string();
    let public_key = out.lines().find_map(|l| l.trim().strip_prefix("public key: ")).map(hex::decode).ok_or_else(|| anyhow!("no key:\n{out}"))??;
    let codes: Vec<(u32, String)> = out
        .lines()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = |flag: &str| words.iter().position(|w| *w == flag).and_then(|i| words.get(i + 1));
            Some((at("--seat")?.parse().ok()?, at("--join-code")?.to_string()))
        })
        .collect();
    assert_eq!(codes.len(), 2, "{out}");
    let mut client = system.client().await?;
    let table = join(&mut client, &match_id, &codes, public_key).await?;
    // The seats' lists are the files' cards, by code: the HB list and the Zahya list.
    let corp_view: serde_json::Value = serde_json::from_str(
        &client.get_match(harness::with_token(m::GetMatchRequest { match_id: match_id.clone(), version: 0 }, &table.tokens[0])).await?.into_inner().state_json,
    )?;
    assert_eq!(corp_view["decklists"][0]["identity"], "30035", "{}", corp_view["decklists"]);
    let mut listed: Vec<(String, u64)> = corp_view["decklists"][0]["cards"]
        .as_array()
        .map(|a| a.iter().map(|e| (e["card"].as_str().unwrap_or("").to_string(), e["count"].as_u64().unwrap_or(0))).collect())
        .unwrap_or_default();
    listed.sort();
    let mut want: Vec<(String, u64)> = HB.iter().skip(1).map(|(c, n)| (c.to_string(), u64::from(*n))).collect();
    want.sort();
    assert_eq!(listed, want);
    play_to_end_and_audit(&mut client, &table, 29, "netrunner").await?;

    // A file that is not a legal deck is refused before anything is created.
    let (ok, out, err) = harness::run_arbiter(&[&args[..], &["--decklist", &runner, "--decklist", &corp]].concat()).await?;
    assert!(!ok && out.is_empty(), "{out}{err}");
    assert!(err.contains("Zahya Sadeghi: Versatile Smuggler is a runner identity, but this seat plays the corp"), "{err}");
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"): `SeatSpec.decklist`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_decklists_are_refused_naming_every_violation() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;

    // HB with a runner card, another faction's agenda, 4 Hedge Funds, an unknown code: 34 cards.
    let mut bad: Vec<(&str, u32)> = HB.iter().copied().filter(|(c, _)| !["30041", "30042", "30074"].contains(c)).collect();
    bad.extend([("30030", 1), ("30044", 1), ("30075", 1), ("99999", 2)]);
    let err = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "netrunner".into(),
            seats: vec![seat("HB", list(&bad)), seat("Zahya", list(ZAHYA))],
            options: Default::default(),
            ..Default::default()
        }))
        .await
        .expect_err("an illegal deck is refused");
    assert_eq!(err.code(), tonic::Code::InvalidArgument, "{err:?}");
    let msg = err.message();
    for part in [
        "seat 0 (HB)'s decklist is not a legal Corp deck (NR-10)",
        "unknown card 99999",
        "Sure Gamble (30030) cannot be in a corp deck",
        "Longevity Serum (30044) is a jinteki agenda",
        "4 copies of Hedge Fund exceed its deck limit of 3",
        "below Haas-Bioroid: Precision Design's minimum deck size 40",
        "agenda points",
    ] {
        assert!(msg.contains(part), "the error names \"{part}\": {msg}");
    }

    // A runner list without an identity and with a zero count.
    let err = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "netrunner".into(),
            seats: vec![seat("HB", list(HB)), seat("R", list(&[("30011", 3), ("30012", 0)]))],
            options: Default::default(),
            ..Default::default()
        }))
        .await
        .expect_err("no identity");
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
    assert!(err.message().contains("no identity") && err.message().contains("0 copies"), "{}", err.message());

    // Mainframe's house rules: too few cards, too many copies, a RAM Module listed, an unknown key.
    let err = client
        .create_match(harness::platform(m::CreateMatchRequest {
            ruleset: "mainframe".into(),
            seats: vec![seat("A", list(&[("chrome_jackal", 5), ("ram_module", 2), ("nope", 1), ("flatline", 2)])), seat("B", None)],
            options: Default::default(),
            ..Default::default()
        }))
        .await
        .expect_err("an illegal mainframe deck is refused");
    assert_eq!(err.code(), tonic::Code::InvalidArgument);
    let msg = err.message();
    for part in ["unknown card nope", "RAM Module is not listed", "5 copies of Chrome Jackal exceed", "the Cyberdeck has 7 cards"] {
        assert!(msg.contains(part), "the error names \"{part}\": {msg}");
    }
    // Nothing was logged for a refused creation: a legal one still works right after.
    let legal: Vec<(&str, u32)> =
        ["chrome_jackal", "juggernaut_rig", "street_medic", "ghost_runner", "scrap_hound", "monoblade", "short_circuit", "adrenal_surge"]
            .iter()
            .map(|k| (*k, 3))
            .collect();
    let table = create_and_join(&mut client, "mainframe", vec![seat("A", list(&legal)), seat("B", None)]).await?;
    play_to_end_and_audit_mainframe(&mut client, &table).await
}

async fn play_to_end_and_audit_mainframe(client: &mut Client, table: &Table) -> Result<()> {
    let mut rng = Rng(5);
    let mut decisions = 0;
    while play_one(client, table, &mut rng).await?.is_some() {
        decisions += 1;
        if decisions > 6_000 {
            return Err(anyhow!("no end after 6000 decisions"));
        }
    }
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    let report = cli::audit::audit_export(&export, Some(&table.public_key))?;
    assert_eq!(report.ruleset, "mainframe");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_rulesets_describes_every_game_with_its_options_kinds_and_published_schemas() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    // No credential needed: a client learns the games before it has a match.
    let listed = client.list_rulesets(m::ListRulesetsRequest {}).await?.into_inner().rulesets;
    let names: Vec<&str> = listed.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["mainframe", "netrunner", "neonhope"]);
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/schemas");
    for r in &listed {
        let open = r.options.iter().find(|o| o.name == "open_decklists").ok_or_else(|| anyhow!("{}: no open_decklists", r.name))?;
        assert_eq!((open.default_value, open.min, open.max), (0, 0, 1));
        assert!(!r.decks.is_empty() && !r.decision_kinds.is_empty() && !r.event_kinds.is_empty(), "{r:?}");
        let published = std::fs::read_to_string(docs.join(format!("{}.state.schema.json", r.name)))?;
        assert_eq!(r.state_schema_json, published, "the served schema is the published file");
        for kind in &r.event_kinds {
            let schema: serde_json::Value =
                serde_json::from_str(r.event_detail_schemas_json.get(kind).ok_or_else(|| anyhow!("{}: no schema for {kind}", r.name))?)?;
            assert!(schema.is_object());
        }
    }
    let nr = listed.iter().find(|r| r.name == "netrunner").ok_or_else(|| anyhow!("netrunner"))?;
    assert_eq!((nr.min_seats, nr.max_seats), (2, 2));
    assert!(nr.event_kinds.iter().any(|k| k == "netrunner.match_created"));
    assert!(nr.options.iter().any(|o| o.name == "agenda_points_to_win" && o.default_value == 6));
    Ok(())
}

// ---- formats ----

/// A fixture of `services/cli/tests/decks/startup/` read into codes and counts as written (not
/// checked here: the server checks it).
fn startup_fixture(file: &str) -> Result<Vec<(String, u32)>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../services/cli/tests/decks/startup").join(file);
    let read = engine::netrunner::decklist_text::read(&std::fs::read_to_string(&path)?, engine::netrunner::data::Format::Startup);
    if !read.problems.is_empty() {
        return Err(anyhow!("{file}: {:?}", read.problems));
    }
    Ok(read.cards)
}

fn owned_list(cards: &[(String, u32)]) -> Option<m::Decklist> {
    Some(m::Decklist { cards: cards.iter().map(|(c, n)| m::DecklistEntry { card: c.clone(), count: *n }).collect() })
}

fn startup_request(corp: &[(String, u32)], runner: &[(String, u32)]) -> m::CreateMatchRequest {
    m::CreateMatchRequest {
        ruleset: "netrunner".into(),
        seats: vec![seat("Corp", owned_list(corp)), seat("Runner", owned_list(runner))],
        options: [("format".to_string(), 1)].into_iter().collect(),
        ..Default::default()
    }
}

/// The Startup fixtures through `CreateMatch` with the option `format` = 1: a legal deck of each
/// faction is accepted; each illegal one is INVALID_ARGUMENT naming its
/// violation; and a whole match of two Startup decklists is played, exported and audited.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn startup_decklists_through_create_match() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let (hb, shaper) = (startup_fixture("hb.txt")?, startup_fixture("shaper.txt")?);
    for (corp, runner) in [("hb.txt", "anarch.txt"), ("jinteki.txt", "criminal.txt"), ("weyland.txt", "shaper.txt"), ("nbn.txt", "anarch.txt")] {
        let created = client.create_match(harness::platform(startup_request(&startup_fixture(corp)?, &startup_fixture(runner)?))).await;
        assert!(created.is_ok(), "{corp} against {runner}: {created:?}");
    }
    let illegal = [
        ("illegal-banned.txt", false, "Cleaver (30006) is banned in startup"),
        ("illegal-four-copies.txt", true, "4 copies of Hedge Fund exceed its deck limit of 3"),
        ("illegal-influence.txt", false, "influence 18 exceeds Zahya Sadeghi: Versatile Smuggler's limit 15"),
        ("illegal-agenda.txt", true, "Longevity Serum (30044) is a jinteki agenda"),
        ("illegal-agenda-points.txt", true, "a 40-card Corp deck needs 18 or 19 agenda points, not 15"),
        ("illegal-nbn.txt", true, "the identity NBN: Reality Plus (30051) is banned in startup"),
    ];
    for (file, corp, violation) in illegal {
        let list = startup_fixture(file)?;
        let req = if corp { startup_request(&list, &shaper) } else { startup_request(&hb, &list) };
        let err = client.create_match(harness::platform(req)).await.expect_err(file);
        assert_eq!(err.code(), tonic::Code::InvalidArgument, "{file}: {err:?}");
        assert!(err.message().contains(violation), "{file}: {}", err.message());
    }
    // The banned card is legal in the default format; the ready Runner deck is not legal in
    // Startup (it holds Cleaver).
    let mut req = startup_request(&hb, &startup_fixture("illegal-banned.txt")?);
    req.options.clear();
    assert!(client.create_match(harness::platform(req)).await.is_ok());
    let mut req = startup_request(&hb, &shaper);
    req.seats[1].decklist = None;
    let err = client.create_match(harness::platform(req)).await.expect_err("catalyst-starter in startup");
    assert!(err.message().contains("deck \"catalyst-starter\" is not legal in startup: Cleaver (30006) is banned in startup"), "{}", err.message());

    let created = client.create_match(harness::platform(startup_request(&hb, &shaper))).await?.into_inner();
    let codes: Vec<(u32, String)> = created.seats.iter().map(|s| (s.seat, s.join_code.clone())).collect();
    let table = join(&mut client, &created.match_id, &codes, created.randomness_public_key).await?;
    play_to_end_and_audit(&mut client, &table, 31, "netrunner").await
}

/// A fixture of `services/cli/tests/decks/standard/`, read as written (the server checks it).
fn standard_fixture(file: &str) -> Result<Vec<(String, u32)>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../services/cli/tests/decks/standard").join(file);
    let read = engine::netrunner::decklist_text::read(&std::fs::read_to_string(&path)?, engine::netrunner::data::Format::Standard);
    if !read.problems.is_empty() {
        return Err(anyhow!("{file}: {:?}", read.problems));
    }
    Ok(read.cards)
}

fn standard_request(corp: &[(String, u32)], runner: &[(String, u32)], snapshot: Option<i64>) -> m::CreateMatchRequest {
    let mut req = startup_request(corp, runner);
    req.options.insert("format".into(), 2);
    if let Some(s) = snapshot {
        req.options.insert("snapshot".into(), s);
    }
    req
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `PoolCard.implemented`, `FormatSnapshot`.
/// The Standard fixtures through `CreateMatch` with the option `format` = 2: a legal deck with
/// cards not implemented yet is INVALID_ARGUMENT naming them; each illegal one names its
/// violation; the option `snapshot` picks the ban list (Touch-ups: banned from 25.10 only); and
/// a whole match of two Standard decklists (every card implemented) is played, exported and
/// audited, its log naming the snapshot it was created under (the active one, fixed at creation).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn standard_decklists_through_create_match() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    // The Runner: the Startup Criminal deck, legal in Standard and every card implemented (the
    // Startup Shaper deck holds Creative Commission, banned in 25.08).
    let (touch_ups, shaper) = (standard_fixture("touch-ups.txt")?, startup_fixture("criminal.txt")?);
    for (corp, runner) in [("hb.txt", "anarch.txt"), ("jinteki.json", "criminal.txt"), ("weyland.txt", "shaper.txt"), ("nbn.txt", "anarch.txt")] {
        let created = client.create_match(harness::platform(standard_request(&standard_fixture(corp)?, &standard_fixture(runner)?, None))).await;
        match created {
            Ok(_) => {}
            Err(e) => {
                assert_eq!(e.code(), tonic::Code::InvalidArgument, "{corp} against {runner}: {e:?}");
                assert!(e.message().contains("'s decklist is a legal") && e.message().contains("not implemented yet"), "{corp}/{runner}: {}", e.message());
            }
        }
    }
    let illegal = [
        ("illegal-banned.txt", false, "Moshing (26067) is banned in standard_31 (Standard Ban List 25.08)"),
        ("illegal-reprint.json", true, "4 copies of Hákarl 1.0 exceed its deck limit of 3 (32004 and 33036 are the same card)"),
        ("illegal-influence.txt", false, "exceeds Az McCaffrey: Mechanical Prodigy's limit 15"),
        ("illegal-agenda.txt", true, "Regenesis (33040) is a jinteki agenda"),
        ("illegal-agenda-points.txt", true, "a 45-card Corp deck needs 20 or 21 agenda points"),
    ];
    for (file, corp, violation) in illegal {
        let list = standard_fixture(file)?;
        let req = if corp { standard_request(&list, &shaper, None) } else { standard_request(&touch_ups, &list, None) };
        let err = client.create_match(harness::platform(req)).await.expect_err(file);
        assert_eq!(err.code(), tonic::Code::InvalidArgument, "{file}: {err:?}");
        assert!(err.message().contains(violation), "{file}: {}", err.message());
    }
    // Touch-ups under each snapshot.
    assert!(client.create_match(harness::platform(standard_request(&touch_ups, &shaper, Some(31)))).await.is_ok());
    let err = client.create_match(harness::platform(standard_request(&touch_ups, &shaper, Some(32)))).await.expect_err("25.10");
    assert!(err.message().contains("Touch-ups (35067) is banned in standard_32 (Standard Ban List 25.10)"), "{}", err.message());
    let err = client.create_match(harness::platform(standard_request(&touch_ups, &shaper, Some(30)))).await.expect_err("no snapshot 30");
    assert!(err.message().contains("names no snapshot of standard"), "{}", err.message());

    let created = client.create_match(harness::platform(standard_request(&touch_ups, &shaper, None))).await?.into_inner();
    let codes: Vec<(u32, String)> = created.seats.iter().map(|s| (s.seat, s.join_code.clone())).collect();
    let table = join(&mut client, &created.match_id, &codes, created.randomness_public_key).await?;
    play_to_end_and_audit(&mut client, &table, 34, "netrunner").await?;
    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    let Some(api::log_v1::commit_input::Input::Created(c)) = export.commits.first().and_then(|c| c.input.as_ref()).and_then(|i| i.input.as_ref()) else {
        return Err(anyhow!("the first commit is not the creation"));
    };
    let options = c.config.as_ref().map(|c| c.options.clone()).unwrap_or_default();
    assert_eq!((options.get("format"), options.get("snapshot")), (Some(&2), Some(&31)), "the active snapshot is logged: {options:?}");
    Ok(())
}

/// `arbiter create --format startup` checks the files in Startup and creates the match in it
/// (the server then refuses a ready deck that is not legal there).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_create_with_format_startup() -> Result<()> {
    let system = System::start().await?;
    let decks = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../services/cli/tests/decks/startup");
    let file = |f: &str| decks.join(f).display().to_string();
    let key = system.dir.path().join("platform.key").display().to_string();
    let url = system.orchestrator_url()?;
    let args = ["create", "--orchestrator", &url, "--platform-key-file", &key, "--ruleset", "netrunner", "--format", "startup"];
    let (ok, out, err) = harness::run_arbiter(&[&args[..], &["--decklist", &file("weyland.txt"), "--decklist", &file("criminal.txt")]].concat()).await?;
    assert!(ok && out.contains("--join-code"), "create failed:\n{out}{err}");
    // Checked before anything is created: every violation of the file, named.
    let (ok, out, err) = harness::run_arbiter(&[&args[..], &["--decklist", &file("hb.txt"), "--decklist", &file("illegal-banned.txt")]].concat()).await?;
    assert!(!ok && out.is_empty(), "{out}{err}");
    assert!(err.contains("is not a legal Runner deck (NR-10), 1 violation(s):") && err.contains("  - Cleaver (30006) is banned in startup"), "{err}");
    // The format reached the server: a seat without a decklist plays the ready deck, refused there.
    let (ok, _, err) = harness::run_arbiter(&[&args[..], &["--decklist", &file("hb.txt")]].concat()).await?;
    assert!(!ok && err.contains("not legal in startup: Cleaver (30006) is banned in startup"), "{err}");
    // --format and --option format must agree.
    let (ok, _, err) = harness::run_arbiter(&[&args[..], &["--option", "format=0", "--decklist", &file("hb.txt")]].concat()).await?;
    assert!(!ok && err.contains("name different formats"), "{err}");
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `RulesetDescription.formats`.
/// `ListRulesets` publishes netrunner's formats and its pool through gRPC: enough to build and
/// check a deck with no other source.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_rulesets_publishes_the_formats_and_the_pool() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let listed = client.list_rulesets(m::ListRulesetsRequest {}).await?.into_inner().rulesets;
    let nr = listed.iter().find(|r| r.name == "netrunner").ok_or_else(|| anyhow!("netrunner"))?;
    let formats: Vec<(&str, i64)> = nr.formats.iter().map(|f| (f.name.as_str(), f.option_value)).collect();
    assert_eq!(formats, [("system_gateway", 0), ("startup", 1), ("standard", 2)]);
    let startup = &nr.formats[1];
    assert_eq!((startup.display_name.as_str(), startup.snapshot.as_str()), ("Startup", "startup_7"));
    assert_eq!(startup.sets, ["sg", "tai", "rwr", "elev"]);
    assert!(nr.options.iter().any(|o| o.name == "format" && (o.default_value, o.min, o.max) == (0, 0, 2)));
    assert!(nr.options.iter().any(|o| o.name == "snapshot" && o.default_value == 0));
    // Standard: its snapshots, the active one first in the data's order, each with its ban list.
    let standard = &nr.formats[2];
    assert_eq!(standard.snapshot, "standard_31");
    let snaps: Vec<(&str, i64, bool, &str)> = standard.snapshots.iter().map(|s| (s.id.as_str(), s.option_value, s.active, s.ban_list.as_str())).collect();
    assert_eq!(snaps, [("standard_31", 31, true, "standard_ban_list_25_08"), ("standard_32", 32, false, "standard_ban_list_25_10")]);
    assert!(standard.snapshots.iter().all(|s| s.card_pool == "rotation_2025" && s.sets.len() == 10));
    // Every distinct card once, with the engine's numbers (no count written down): a reprint by
    // the code the engine knows it by, its other printing among `printings`.
    let engine_pool = engine::netrunner::data::distinct_cards();
    assert_eq!(nr.pool.len(), engine_pool.len());
    for (c, e) in nr.pool.iter().zip(&engine_pool) {
        assert_eq!(
            (c.code.as_str(), c.title.as_str(), c.side.as_str(), c.card_type.as_str(), c.faction.as_str()),
            (e.code.as_str(), e.title.as_str(), e.side.name(), e.ctype.name(), e.faction.as_str())
        );
        assert_eq!((c.influence.map(i64::from), i64::from(c.deck_limit), c.agenda_points.map(i64::from)), (e.influence, e.deck_limit.unwrap_or(3), e.points));
        assert_eq!(c.implemented, engine::netrunner::cards::implemented(&e.code), "{}", e.code);
        assert!(c.formats.iter().any(|f| f == "standard"), "every card is in Standard's pool: {c:?}");
        assert_eq!(c.formats.iter().any(|f| f == "system_gateway"), e.set == "sg", "{c:?}");
        assert_eq!(c.printings.first(), Some(&c.code));
    }
    let card = |code: &str| nr.pool.iter().find(|c| c.code == code).ok_or_else(|| anyhow!("no card {code}"));
    assert_eq!(card("30006")?.banned_in, ["startup", "standard"], "Cleaver");
    assert_eq!(card("30035")?.min_deck_size, Some(40));
    assert_eq!(card("30035")?.influence_limit, Some(15));
    assert_eq!(card("30044")?.influence, None, "a faction agenda cannot leave its faction");
    // Touch-ups: banned from Standard Ban List 25.10 only.
    assert_eq!(card("35067")?.banned_in_snapshots, ["standard_32"]);
    assert!(card("35067")?.legal_in.iter().any(|s| s == "standard_31"));
    // Cayambe Grid, printed twice, banned under both codes by the one card.
    assert_eq!(card("26127")?.printings, ["26127", "27007"]);
    assert!(nr.pool.iter().all(|c| c.code != "27007"));
    assert_eq!(nr.pool.len(), 547);
    // The other games publish no pool.
    assert!(listed.iter().filter(|r| r.name != "netrunner").all(|r| r.formats.is_empty() && r.pool.is_empty()));
    Ok(())
}
