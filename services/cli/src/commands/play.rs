//! `arbiter play`: a person plays one seat in the terminal.

use std::process::ExitCode;

use anyhow::Context;
use api::convert;
use api::match_v1 as m;
use clap::Args;
use futures::StreamExt;
use rand::RngCore;
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::client::{self, request, Client};
use crate::text;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter play --ruleset netrunner --seat 1              # a new match: you are the Runner, a bot the Corp\n  arbiter play --players 3                              # a new mainframe match against two bots\n  arbiter play --ruleset neonhope --players 3           # NEON HOPE: your character and two bot characters\n  arbiter create                                        # prints the play command of each seat\n  arbiter play 3f2c…e1 --seat 0 --join-code join_…      # join seat 0 and play it\n  arbiter play 3f2c…e1 --seat 0 --token seat_…          # resume after quitting\n\nAnswering a decision: the number of an option (`1`), several for a multi-pick (`1,3`),\none amount per target for a split (`2,0,3`), all the numbers for an order (`2,1,3`).\nAn empty line answers a pick that allows choosing nothing. `q` quits (resume with --token)."
)]
pub struct PlayCmd {
    /// The match to play; without one, a new match is created where bots play the other seats.
    pub match_id: Option<String>,
    /// Your seat (0-based). In netrunner seat 0 is the Corp and seat 1 the Runner; in neonhope
    /// every seat is one character (1 to 4, all on the same side).
    #[arg(long, default_value_t = 0)]
    pub seat: u32,
    /// The ruleset of a new match (without MATCH_ID).
    #[arg(long, default_value = "mainframe", conflicts_with = "match_id")]
    pub ruleset: String,
    /// Seats of a new match (without MATCH_ID), you included.
    #[arg(long, default_value_t = 2, conflicts_with = "match_id")]
    pub players: u32,
    /// The seat's join code from `arbiter create` (first time).
    #[arg(long, conflicts_with = "token")]
    pub join_code: Option<String>,
    /// The seat token printed when you joined (to resume).
    #[arg(long, env = "ARBITER_TOKEN")]
    pub token: Option<String>,
    /// The file of your seat's Ed25519 key (its secret seed in hex), which signs your every move
    /// (docs/log.md, "Seat-signed acts"). Created when you join if missing; default
    /// `.arbiter/seat-keys/<match>-seat<N>.key`.
    #[arg(long)]
    pub seat_key: Option<std::path::PathBuf>,
    /// Join without a seat key: your moves are then signed by the orchestrator only, and the
    /// audit says "unsigned seat".
    #[arg(long, conflicts_with = "seat_key")]
    pub unsigned: bool,
    /// The orchestrator's address.
    #[arg(long, env = "ARBITER_ORCHESTRATOR", default_value = client::DEFAULT_ORCHESTRATOR)]
    pub orchestrator: String,
}

struct Session {
    api: Client,
    match_id: String,
    seat: u32,
    token: String,
    names: Vec<String>,
    /// The seat's signing key (None: an unsigned seat).
    signer: Option<fairness::Signer>,
}

impl Session {
    fn req<T>(&self, msg: T) -> anyhow::Result<tonic::Request<T>> {
        request(msg, Some(&self.token))
    }

    async fn view(&mut self) -> anyhow::Result<m::MatchView> {
        let req = self.req(m::GetMatchRequest { match_id: self.match_id.clone(), version: 0 })?;
        Ok(self.api.get_match(req).await.context("GetMatch")?.into_inner())
    }

    async fn pending(&mut self) -> anyhow::Result<m::GetPendingDecisionResponse> {
        let req = self.req(m::GetPendingDecisionRequest { match_id: self.match_id.clone() })?;
        Ok(self.api.get_pending_decision(req).await.context("GetPendingDecision")?.into_inner())
    }

    /// Print what others do until it is this seat's turn or the match ends.
    async fn wait_turn(&mut self, from_version: u64, waiting_for: Option<u32>) -> anyhow::Result<()> {
        match waiting_for {
            Some(s) => println!("… waiting for {} (seat {s})", text::seat_name(&self.names, s)),
            None => println!("… waiting (for the other seats to join, or a draw)"),
        }
        let req = self.req(m::WatchMatchRequest { match_id: self.match_id.clone(), from_version })?;
        let mut stream = self.api.watch_match(req).await.context("WatchMatch")?.into_inner();
        let mut last_waiting = waiting_for;
        while let Some(update) = stream.next().await {
            let u = update.context("WatchMatch stream")?;
            for e in &u.events {
                println!("{}", text::event_line(e));
            }
            if u.status == m::MatchStatus::Ended as i32 {
                return Ok(());
            }
            match &u.pending {
                Some(d) if d.seat == self.seat => return Ok(()),
                Some(d) if Some(d.seat) != last_waiting => {
                    last_waiting = Some(d.seat);
                    println!("… waiting for {} (seat {})", text::seat_name(&self.names, d.seat), d.seat);
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl PlayCmd {
    fn seat_key_path(&self, match_id: &str) -> std::path::PathBuf {
        self.seat_key.clone().unwrap_or_else(|| client::default_seat_key_path(match_id, self.seat))
    }

    /// The key this seat joins with (created if missing), unless `--unsigned`; says where it is.
    fn key_to_join(&self, match_id: &str) -> anyhow::Result<Vec<u8>> {
        if self.unsigned {
            return Ok(Vec::new());
        }
        let path = self.seat_key_path(match_id);
        let signer = client::load_or_create_seat_key(&path)?;
        println!("your seat key {} is kept in {} (mode 0600): it signs your every move; keep it to resume", hex::encode(signer.public_key()), path.display());
        Ok(signer.public_key().to_vec())
    }

    /// The key that signs this seat's moves: the key file when it exists (resuming), none with
    /// `--unsigned`.
    fn signer(&self, match_id: &str) -> anyhow::Result<Option<fairness::Signer>> {
        let path = self.seat_key_path(match_id);
        if self.unsigned || (self.seat_key.is_none() && !path.exists()) {
            return Ok(None);
        }
        client::load_or_create_seat_key(&path).map(Some)
    }

    pub async fn run(self) -> anyhow::Result<ExitCode> {
        let mut api = client::connect(&self.orchestrator)?;
        let (match_id, token) = match &self.match_id {
            Some(id) => (id.clone(), self.join(&mut api, id).await?),
            None => self.new_match_against_bots(&mut api).await?,
        };
        self.play(api, match_id, token).await
    }

    /// Create a match, join every seat, and let bots answer for every seat but the player's.
    async fn new_match_against_bots(&self, api: &mut Client) -> anyhow::Result<(String, String)> {
        if self.seat >= self.players {
            anyhow::bail!("--seat {} does not exist in a {}-seat match (seats are 0 to {})", self.seat, self.players, self.players - 1);
        }
        let names: Vec<String> = (0..self.players).map(|s| if s == self.seat { "You".to_string() } else { format!("Bot {}", s + 1) }).collect();
        let (created, tokens) =
            client::create_and_join_all(
                api,
                &self.ruleset,
                &names,
                |match_id, seat| {
                    if seat == self.seat {
                        self.key_to_join(match_id)
                    } else {
                        Ok(Vec::new())
                    }
                },
            )
            .await?;
        let match_id = created.match_id.clone();
        println!("match {match_id} created ({}, {} seats); bots play the other seats", self.ruleset, self.players);
        let mine = tokens.get(self.seat as usize).cloned().context("no token for your seat")?;
        let bots: Vec<(u32, String)> = tokens.into_iter().enumerate().filter(|(s, _)| *s as u32 != self.seat).map(|(s, t)| (s as u32, t)).collect();
        let bot_api = api.clone();
        let bot_match = match_id.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::commands::demo::answer_for_bots(bot_api, bot_match, bots, rand::rngs::OsRng.next_u64()).await {
                eprintln!("the bots stopped: {e:#}");
            }
        });
        Ok((match_id, mine))
    }

    async fn join(&self, api: &mut Client, match_id: &str) -> anyhow::Result<String> {
        let token = match (&self.token, &self.join_code) {
            (Some(t), _) => t.clone(),
            (None, Some(code)) => {
                let mut entropy = vec![0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut entropy);
                let joined = api
                    .join_match(m::JoinMatchRequest {
                        match_id: match_id.to_string(),
                        seat: self.seat,
                        join_code: code.clone(),
                        entropy: entropy.clone(),
                        seat_public_key: self.key_to_join(match_id)?,
                    })
                    .await
                    .context("JoinMatch")?
                    .into_inner();
                println!("joined seat {} (your entropy {}, mixed into every draw of the match)", self.seat, hex::encode(&entropy));
                println!("your seat token (keep it to resume): {}", joined.seat_token);
                println!("  resume with: arbiter play {} --seat {} --token {}", match_id, self.seat, joined.seat_token);
                joined.seat_token
            }
            (None, None) => anyhow::bail!("pass --join-code (to join) or --token (to resume)"),
        };
        Ok(token)
    }

    async fn play(&self, api: Client, match_id: String, token: String) -> anyhow::Result<ExitCode> {
        let signer = self.signer(&match_id)?;
        let mut s = Session { api, match_id, seat: self.seat, token, names: Vec::new(), signer };
        let view = s.view().await?;
        if view.viewer_seat != Some(self.seat) {
            anyhow::bail!("this token belongs to seat {}, not seat {}", view.viewer_seat.map(|v| v.to_string()).unwrap_or_else(|| "none".into()), self.seat);
        }
        s.names = view.seats.iter().map(|x| x.name.clone()).collect();
        println!("match {} ({}): you are {} (seat {})", view.match_id, view.ruleset, text::seat_name(&s.names, self.seat), self.seat);
        let mut stdin = BufReader::new(tokio::io::stdin()).lines();
        // What the last SubmitDecision said comes next: no second call to find out.
        let mut next: Option<m::GetPendingDecisionResponse> = None;
        loop {
            let pending = match next.take() {
                Some(p) => p,
                None => s.pending().await?,
            };
            if pending.status == m::MatchStatus::Ended as i32 {
                let view = s.view().await?;
                println!("match over: {}", view.result);
                println!("export it with: arbiter export {}", s.match_id);
                return Ok(ExitCode::SUCCESS);
            }
            let against = pending.chain_hash.clone();
            let decision = match pending.decision {
                Some(d) if d.seat == self.seat && d.spec.is_some() => d,
                _ => {
                    s.wait_turn(pending.version, pending.waiting_for_seat).await?;
                    continue;
                }
            };
            let view = s.view().await?;
            println!();
            print!("{}", text::render_view(&view.state_json, view.viewer_seat));
            let decision = convert::decision_from_proto(&decision).map_err(|e| anyhow::anyhow!("the server sent a malformed decision: {e}"))?;
            println!("\nYOUR TURN — {}", text::render_decision(&decision));
            let choice = loop {
                print!("> ");
                use std::io::Write;
                let _ = std::io::stdout().flush();
                let Some(line) = stdin.next_line().await.context("reading your answer")? else {
                    println!("\n(end of input) bye; resume with --token");
                    return Ok(ExitCode::SUCCESS);
                };
                if line.trim() == "q" {
                    println!("bye; resume with: arbiter play {} --seat {} --token {}", s.match_id, s.seat, s.token);
                    return Ok(ExitCode::SUCCESS);
                }
                match text::parse_answer(&decision, &line) {
                    Ok(c) => break c,
                    Err(e) => println!("  {e}; try again"),
                }
            };
            let choice = convert::choice_to_proto(&choice);
            let seat_signature = client::sign_decision(s.signer.as_ref(), &s.match_id, s.seat, &against, decision.id, &choice)?;
            let req = s.req(m::SubmitDecisionRequest {
                match_id: s.match_id.clone(),
                decision_id: decision.id,
                choice: Some(choice),
                idempotency_key: format!("play-{}-{}", s.seat, decision.id),
                seat_signature,
            })?;
            match s.api.submit_decision(req).await {
                Ok(resp) => {
                    let resp = resp.into_inner();
                    for e in &resp.events {
                        println!("{}", text::event_line(e));
                    }
                    next = client::next_of(&resp);
                }
                Err(status) => println!("{}", client::describe_status(&status)),
            }
        }
    }
}
