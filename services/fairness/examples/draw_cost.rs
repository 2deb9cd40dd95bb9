//! The CPU one draw costs each party, with one randomness node (scheme v1) and with several
//! (scheme v2), for `docs/performance.md`:
//!
//! ```sh
//! cargo run --release -p fairness --example draw_cost -- 20000
//! ```
//!
//! Per draw, as the services do it (stateless: each answer derives the match key again):
//! * v1 service: match key, draw, sign the outcome;
//! * v2 node: its node key, its share, sign the share (each of the n nodes does this);
//! * v2 orchestrator: check the n share signatures, combine, draw;
//! * audit: v1 recompute and verify; v2 recompute every share, verify every signature, draw.

use std::time::Instant;

use fairness::v2;
use fairness::{DrawKind, Signer};

const MATCH: &str = "cost-0001";

fn per_draw(label: &str, iterations: u32, mut f: impl FnMut(u64)) {
    let started = Instant::now();
    for i in 0..iterations {
        f(u64::from(i));
    }
    let us = started.elapsed().as_secs_f64() * 1e6 / f64::from(iterations);
    println!("| {label} | {us:.1} |");
}

fn main() {
    let iterations: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let entropies = vec![vec![1u8; 32], vec![2u8; 32]];
    for kind in [DrawKind::Range(20), DrawKind::Shuffle(40)] {
        println!("\n{kind:?}, {iterations} draws: µs of CPU per draw\n\n| who | µs |\n|---|---|");
        let signer = Signer::from_seed(&[6; 32]);
        let secret = fairness::derive_match_secret(&[5; 32], MATCH);
        per_draw("v1 service (key, draw, sign)", iterations, |i| {
            let key = fairness::match_key(&secret, MATCH, &entropies).expect("key");
            let values = fairness::draw(&key, "p", i, kind).expect("draw");
            std::hint::black_box(signer.sign(&fairness::outcome_message(MATCH, i, "p", kind, &values)));
        });
        let key = fairness::match_key(&secret, MATCH, &entropies).expect("key");
        let public_key = signer.public_key();
        let signed: Vec<[u8; 64]> = (0..u64::from(iterations))
            .map(|i| signer.sign(&fairness::outcome_message(MATCH, i, "p", kind, &fairness::draw(&key, "p", i, kind).expect("draw"))))
            .collect();
        per_draw("v1 audit (draw, verify)", iterations, |i| {
            let values = fairness::draw(&key, "p", i, kind).expect("draw");
            let msg = fairness::outcome_message(MATCH, i, "p", kind, &values);
            assert!(fairness::verify_signature(&public_key, &msg, &signed[i as usize]).is_ok());
        });
        for n in [3u32] {
            let nodes: Vec<(Signer, fairness::Secret)> =
                (0..n).map(|j| (Signer::from_seed(&[10 + j as u8; 32]), fairness::derive_match_secret(&[20 + j as u8; 32], MATCH))).collect();
            per_draw("v2 one node (node key, share, sign)", iterations, |i| {
                let key = v2::node_key(&nodes[0].1, MATCH, 0, &entropies).expect("key");
                let share = v2::share(&key, "p", i, kind).expect("share");
                std::hint::black_box(nodes[0].0.sign(&v2::share_message(MATCH, 0, "p", i, kind, &share)));
            });
            let keys: Vec<_> = nodes.iter().enumerate().map(|(j, (_, s))| v2::node_key(s, MATCH, j as u32, &entropies).expect("key")).collect();
            let answers = |i: u64| -> Vec<(v2::Share, [u8; 64])> {
                keys.iter()
                    .enumerate()
                    .map(|(j, k)| {
                        let share = v2::share(k, "p", i, kind).expect("share");
                        (share, nodes[j].0.sign(&v2::share_message(MATCH, j as u32, "p", i, kind, &share)))
                    })
                    .collect()
            };
            let public: Vec<[u8; 32]> = nodes.iter().map(|(s, _)| s.public_key()).collect();
            let prepared: Vec<_> = (0..u64::from(iterations)).map(answers).collect();
            per_draw(&format!("v2 orchestrator, {n} nodes (verify {n} shares, combine, draw)"), iterations, |i| {
                let answer = &prepared[i as usize];
                for (j, (share, sig)) in answer.iter().enumerate() {
                    let msg = v2::share_message(MATCH, j as u32, "p", i, kind, share);
                    assert!(fairness::verify_signature(&public[j], &msg, sig).is_ok());
                }
                let shares: Vec<v2::Share> = answer.iter().map(|(s, _)| *s).collect();
                std::hint::black_box(v2::draw_values(MATCH, "p", i, kind, &shares).expect("draw"));
            });
            per_draw(&format!("v2 audit, {n} nodes (recompute and verify {n} shares, draw)"), iterations, |i| {
                let answer = &prepared[i as usize];
                for (j, (share, sig)) in answer.iter().enumerate() {
                    assert_eq!(v2::share(&keys[j], "p", i, kind).expect("share"), *share);
                    let msg = v2::share_message(MATCH, j as u32, "p", i, kind, share);
                    assert!(fairness::verify_signature(&public[j], &msg, sig).is_ok());
                }
                let shares: Vec<v2::Share> = answer.iter().map(|(s, _)| *s).collect();
                std::hint::black_box(v2::draw_values(MATCH, "p", i, kind, &shares).expect("draw"));
            });
        }
    }
}
