//! Seat-signed acts in the log (docs/log.md, "Seat-signed acts"): the logged act of a commit
//! as `fairness::seat` signs it, and the one check of a commit that the orchestrator's replay
//! and the offline audit both run, so both name the same version for the same forgery.

use fairness::seat::{Act, Choice, SeatKey};

use crate::log_v1::{commit_input::Input as CI, Commit};
use crate::match_v1 as m;

/// A choice as the seat signs it (`None`: no choice set).
pub fn choice_of(c: Option<&m::Choice>) -> Option<Choice> {
    Some(match c?.value.as_ref()? {
        m::choice::Value::Pick(p) => Choice::Pick(p.option_ids.clone()),
        m::choice::Value::Number(n) => Choice::Number(*n),
        m::choice::Value::Split(s) => Choice::Split(s.parts.iter().map(|p| (p.target_id.clone(), p.amount)).collect()),
        m::choice::Value::Order(o) => Choice::Order(o.item_ids.clone()),
    })
}

/// A seat's act as logged: which seat, what it did, and the signature logged with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedAct<'a> {
    pub seat: u32,
    /// The decision answered and its choice; `None` for a concession.
    pub decision: Option<(u64, Option<Choice>)>,
    pub signature: &'a [u8],
}

impl LoggedAct<'_> {
    /// A word for messages: "decision 12" or "concession".
    pub fn describe(&self) -> String {
        match &self.decision {
            Some((id, _)) => format!("decision {id}"),
            None => "concession".into(),
        }
    }
}

/// The seat's act a commit logs, if it logs one (a decision or a concession).
pub fn act_of(commit: &Commit) -> Option<LoggedAct<'_>> {
    match commit.input.as_ref()?.input.as_ref()? {
        CI::Decision(d) => {
            let decision = d.decision.as_ref()?;
            Some(LoggedAct { seat: decision.seat, decision: Some((decision.decision_id, choice_of(decision.choice.as_ref()))), signature: &d.seat_signature })
        }
        CI::Conceded(c) => Some(LoggedAct { seat: c.seat, decision: None, signature: &c.seat_signature }),
        _ => None,
    }
}

/// Check the seat's signature on the act `commit` logs. `key_of(seat)` is the key the seat
/// registered when it joined (`None`: an unsigned seat, whose act must carry no signature).
/// The act was made against the commit before it, whose chain hash is this commit's
/// `prev_hash`. Returns the seat whose signature verified, if any; the error says why not (the
/// caller names the version).
pub fn check_act<'k>(commit: &Commit, key_of: impl Fn(u32) -> Option<&'k SeatKey>) -> Result<Option<u32>, String> {
    let Some(act) = act_of(commit) else { return Ok(None) };
    let Some(key) = key_of(act.seat) else {
        if act.signature.is_empty() {
            return Ok(None);
        }
        return Err(format!("the {} of seat {} carries a seat signature, but the seat registered no key", act.describe(), act.seat));
    };
    let refused = |why: &str| format!("the {} of seat {} is not signed by the seat's key {}: {why}", act.describe(), act.seat, hex::encode(key.to_bytes()));
    if act.signature.is_empty() {
        return Err(refused("it carries no seat signature"));
    }
    let against: &[u8; 32] = commit.prev_hash.as_slice().try_into().map_err(|_| refused("the commit has no 32-byte prev_hash to sign against"))?;
    let checked = match &act.decision {
        Some((decision_id, Some(choice))) => {
            key.verify(&commit.match_id, act.seat, against, Act::Decision { decision_id: *decision_id, choice }, act.signature)
        }
        Some((_, None)) => return Err(refused("the decision has no choice")),
        None => key.verify(&commit.match_id, act.seat, against, Act::Concession, act.signature),
    };
    checked.map_err(|_| refused("the signature does not verify"))?;
    Ok(Some(act.seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log_v1::{CommitInput, Concession, SeatDecision};
    use crate::rules_v1 as r;
    use fairness::seat::sign_act;
    use fairness::Signer;

    fn decision(signature: Vec<u8>) -> Commit {
        let choice = m::Choice { value: Some(m::choice::Value::Pick(m::PickChoice { option_ids: vec!["pass".into()] })) };
        Commit {
            match_id: "m".into(),
            version: 7,
            prev_hash: vec![3; 32],
            input: Some(CommitInput {
                input: Some(CI::Decision(SeatDecision {
                    decision: Some(r::DecisionInput { decision_id: 4, seat: 1, choice: Some(choice) }),
                    idempotency_key: "k".into(),
                    seat_signature: signature,
                })),
            }),
            ..Default::default()
        }
    }

    #[test]
    fn a_signed_seats_act_needs_its_signature_and_an_unsigned_seats_act_none() {
        let seat = Signer::from_seed(&[5; 32]);
        let key = SeatKey::parse(&seat.public_key()).unwrap();
        let pass = Choice::Pick(vec!["pass".into()]);
        let good = sign_act(&seat, "m", 1, &[3; 32], Act::Decision { decision_id: 4, choice: &pass }).to_vec();
        assert_eq!(check_act(&decision(good.clone()), |_| Some(&key)), Ok(Some(1)));
        let err = check_act(&decision(Vec::new()), |_| Some(&key)).unwrap_err();
        assert!(err.contains("decision 4 of seat 1") && err.contains("no seat signature"), "{err}");
        // Signed against another head (a commit moved from elsewhere): refused.
        let mut moved = decision(good.clone());
        moved.prev_hash = vec![4; 32];
        assert!(check_act(&moved, |_| Some(&key)).unwrap_err().contains("does not verify"));
        // An unsigned seat: nothing to check, and a stray signature is an error.
        assert_eq!(check_act(&decision(Vec::new()), |_| None), Ok(None));
        assert!(check_act(&decision(good), |_| None).is_err());
        // A concession is checked the same way.
        let conceded = |signature: Vec<u8>| Commit {
            match_id: "m".into(),
            prev_hash: vec![3; 32],
            input: Some(CommitInput { input: Some(CI::Conceded(Concession { seat: 1, seat_signature: signature })) }),
            ..Default::default()
        };
        let signed = sign_act(&seat, "m", 1, &[3; 32], Act::Concession).to_vec();
        assert_eq!(check_act(&conceded(signed), |_| Some(&key)), Ok(Some(1)));
        assert!(check_act(&conceded(vec![0; 64]), |_| Some(&key)).is_err());
    }
}
