use clap::Parser;

/// `deploy/compose.yaml` cannot be run here (no container runtime), so what can be is
/// checked: every service command parses with this command line, and the NATS nodes get
/// every variable `deploy/nats-cluster.conf` reads.
#[test]
fn the_compose_file_runs_commands_the_cli_accepts() {
    let deploy = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy");
    let compose = std::fs::read_to_string(deploy.join("compose.yaml")).unwrap();
    let mut services = Vec::new();
    for line in compose.lines() {
        let Some(args) = line.trim().strip_prefix("command: ") else { continue };
        let args: Vec<String> = serde_json::from_str(args).unwrap_or_else(|e| panic!("{line}: {e}"));
        if args.first().map(String::as_str) != Some("serve") {
            continue;
        }
        let parsed = crate::Cli::try_parse_from(std::iter::once("arbiter".to_string()).chain(args.iter().cloned()));
        assert!(parsed.is_ok(), "`arbiter {}` does not parse: {}", args.join(" "), parsed.err().map(|e| e.to_string()).unwrap_or_default());
        services.push(args[1].clone());
        if args[1] != "rules" {
            let url = args.iter().skip_while(|a| *a != "--nats-url").nth(1).cloned().unwrap_or_default();
            assert_eq!(url.split(',').count(), 3, "{} connects to all three nodes", args[1]);
        }
        if args[1] == "orchestrator" {
            assert!(args.windows(2).any(|w| w[0] == "--replicas" && w[1] == "3"));
        }
    }
    services.sort();
    assert_eq!(services, ["orchestrator", "randomness", "rules"]);

    let conf = std::fs::read_to_string(deploy.join("nats-cluster.conf")).unwrap();
    let mut vars: Vec<String> = eventlog::Role::ALL.iter().map(|r| eventlog::auth::deploy_placeholder(*r)).collect();
    vars.extend(["$ARBITER_NATS_SERVER_NAME", "$ARBITER_NATS_ROUTE_PASSWORD"].map(String::from));
    vars.extend((1..=3).map(|i| format!("$ARBITER_NATS_ROUTE_{i}")));
    for var in vars {
        assert!(conf.contains(&var), "nats-cluster.conf reads {var}");
        let name = var.trim_start_matches('$');
        assert!(compose.contains(&format!("{name}: '\"")), "compose.yaml sets {name} (quoted)");
    }
}

/// `arbiter up --period`: the orchestrator gets the period, the age and the archiver's
/// credential, and its command line parses; without periods it gets none of them.
#[test]
fn up_passes_the_period_and_the_archiver_credential_to_the_orchestrator() {
    let off = super::ClusterArgs::default();
    assert!(off.period_args(std::path::Path::new("/s/archiver.password")).is_empty());
    let on = super::ClusterArgs { period: "30d".into(), max_match_age: "20d".into(), ..Default::default() };
    let args = on.period_args(std::path::Path::new("/s/archiver.password"));
    assert_eq!(
        args,
        ["--period", "30d", "--max-match-age", "20d", "--archiver-nats-user", "archiver", "--archiver-nats-password-file", "/s/archiver.password"]
    );
    let line = ["arbiter", "serve", "orchestrator"].into_iter().map(String::from).chain(args);
    assert!(crate::Cli::try_parse_from(line).is_ok());
}
