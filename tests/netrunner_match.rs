//! End-to-end: the Netrunner starter game (The Syndicate vs The Catalyst) over gRPC through the
//! three services and a real nats-server: shuffles, HQ access and damage are draws of the
//! randomness service, and the export passes the offline audit.

mod harness;

use anyhow::{anyhow, Result};
use api::match_v1 as m;
use harness::{create_and_join_ruleset, play_one, Rng, System};
use prost::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_starter_game_over_grpc_ends_by_a_rule_and_passes_the_audit() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join_ruleset(&mut client, "netrunner", 2).await?;
    let mut rng = Rng(17);
    let mut decisions = 0;
    while play_one(&mut client, &table, &mut rng).await?.is_some() {
        decisions += 1;
        if decisions > 5_000 {
            return Err(anyhow!("no end after 5000 decisions"));
        }
    }
    let view = client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner();
    assert_eq!(view.status, m::MatchStatus::Ended as i32);
    assert!(!view.result.is_empty());

    let bytes = client.export_match(m::ExportMatchRequest { match_id: table.match_id.clone() }).await?.into_inner().export;
    let export = api::log_v1::MatchExport::decode(bytes.as_slice())?;
    let report = cli::audit::audit_export(&export, Some(&table.public_key))?;
    assert!(report.draws >= 2, "R&D and the stack are shuffled by the randomness service: {report:?}");
    assert_eq!(report.ruleset, "netrunner");
    Ok(())
}

/// match.proto promises checked (docs/api.md, "The proto's promises and their tests"):
/// `GameEvent.detail_json`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_runner_does_not_see_hq_and_the_corp_does_not_see_the_grip() -> Result<()> {
    let system = System::start().await?;
    let mut client = system.client().await?;
    let table = create_and_join_ruleset(&mut client, "netrunner", 2).await?;
    let view_of = |seat: usize| {
        let mut c = client.clone();
        let req = harness::with_token(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }, &table.tokens[seat]);
        async move { Ok::<_, anyhow::Error>(c.get_match(req).await?.into_inner().state_json) }
    };
    let parse = |text: String| serde_json::from_str::<serde_json::Value>(&text);
    let corp = parse(view_of(0).await?)?;
    let runner = parse(view_of(1).await?)?;
    let spectator = parse(client.get_match(m::GetMatchRequest { match_id: table.match_id.clone(), version: 0 }).await?.into_inner().state_json)?;
    // After setup both sides hold 5 cards (NR-1.1); each sees only its own.
    assert!(corp["corp"]["hq"].as_array().is_some_and(|h| !h.is_empty()), "the Corp sees HQ: {corp}");
    assert!(corp["runner"].get("grip").is_none(), "the Corp does not see the grip");
    assert!(runner["runner"]["grip"].as_array().is_some_and(|g| !g.is_empty()), "the Runner sees the grip: {runner}");
    assert!(runner["corp"].get("hq").is_none(), "the Runner does not see HQ");
    for view in [&corp, &runner, &spectator] {
        assert!(view["corp"].get("rd").is_none() && view["runner"].get("stack").is_none(), "deck order stays hidden");
    }
    assert!(spectator["corp"].get("hq").is_none() && spectator["runner"].get("grip").is_none());
    Ok(())
}
