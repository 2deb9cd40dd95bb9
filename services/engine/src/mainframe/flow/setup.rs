//! Setting up a match (MF-2): card numbers are drawn, each seat's Cyberdeck and RAM deck are
//! shuffled, the first player is drawn, opening hands and RAM are dealt.

use crate::mainframe::kinds::events;
use serde_json::json;

use super::ask::{corrupt, request_draw};
use super::resolve::state_check;
use crate::core::game::shuffle;
use crate::core::numbering;
use crate::core::{DrawKind, Event, Input, RulesError};
use crate::mainframe::state::{Game, Stage};

/// Ask for the next setup draw.
pub(super) fn step(g: &mut Game, stage: Stage) -> Result<bool, RulesError> {
    match stage {
        Stage::Setup { step } => {
            let n = g.seats();
            if step < 2 * n {
                let seat = step / 2;
                let p = g.player(seat).ok_or_else(|| corrupt("setup seat"))?;
                let (len, which) = if step % 2 == 0 { (p.cyberdeck.len(), "cyberdeck") } else { (p.ram_deck.len(), "ram-deck") };
                request_draw(g, format!("shuffle-{which}-seat-{seat}"), DrawKind::Shuffle(len as u32));
            } else {
                request_draw(g, "first-player".into(), DrawKind::Range(n));
            }
        }
        _ => request_draw(g, numbering::PURPOSE.into(), DrawKind::Shuffle(g.instances.len() as u32)),
    }
    Ok(true)
}

/// A setup draw arrived.
pub(super) fn on_input(g: &mut Game, input: &Input, ev: &mut Vec<Event>) -> Result<(), RulesError> {
    let Input::Draw { values, .. } = input else {
        return Err(corrupt("the state does not wait for this input"));
    };
    match g.stage.clone() {
        Stage::CardNumbers => {
            g.instances = numbering::renumber(std::mem::take(&mut g.instances), values)?;
            // Only the decks hold cards before the first draw from them.
            for p in &mut g.players {
                for id in p.cyberdeck.iter_mut().chain(p.ram_deck.iter_mut()) {
                    *id = numbering::number_of(values, *id)?;
                }
            }
            ev.push(events::CARD_NUMBERS.public("Card numbers are drawn for this match", json!({})));
            g.stage = Stage::Setup { step: 0 };
        }
        Stage::Setup { step } if step < 2 * g.seats() => {
            let seat = step / 2;
            let seat_name = g.seat_name(seat);
            let p = g.player_mut(seat).ok_or_else(|| corrupt("setup seat"))?;
            let deck = if step % 2 == 0 { &mut p.cyberdeck } else { &mut p.ram_deck };
            shuffle(deck, values)?;
            let which = if step % 2 == 0 { "Cyberdeck" } else { "RAM deck" };
            ev.push(events::SHUFFLED.public(format!("{seat_name}'s {which} is shuffled"), json!({"seat": seat, "deck": which})));
            g.stage = Stage::Setup { step: step + 1 };
        }
        Stage::Setup { .. } => deal(g, values, ev),
        _ => return Err(corrupt("the state does not wait for this input")),
    }
    Ok(())
}

/// MF-2: the first player, then opening hands and RAM in turn order.
fn deal(g: &mut Game, values: &[u32], ev: &mut Vec<Event>) {
    let n = g.seats();
    let first = values.first().copied().unwrap_or(0) % n.max(1);
    g.first_player = first;
    g.active = first;
    g.turn = 1;
    ev.push(events::FIRST_PLAYER.public(format!("{} takes the first turn", g.seat_name(first)), json!({"seat": first})));
    for s in g.turn_order_from(first) {
        for _ in 0..g.options.opening_hand {
            g.draw_card(s, ev);
        }
        for _ in 0..g.options.opening_ram {
            g.install_ram(s, ev);
        }
    }
    g.stage = Stage::TurnStart;
    state_check(g, ev);
}
