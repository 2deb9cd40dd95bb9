//! The `netrunner` match state (serialized with `serde_json` as the state blob); the small
//! operations the rules are made of (zones, credits, servers, runs, drawing, trashing) are in
//! `game`. It names no card: what cards change (hand size, memory, strength) is computed in
//! `cards`.

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::data::{self, CardData, CardType, Side};
use super::options::Options;
use crate::core::stack::PriorityRound;
use crate::core::{Awaiting, Event};

mod game;
mod triggers;

pub use self::triggers::{Pending, Source, When};

/// Seats: the Corp is seat 0, the Runner seat 1.
pub const CORP: u32 = 0;
pub const RUNNER: u32 = 1;

/// Server ids: the three centrals, then remotes from 3 on.
pub const HQ: u32 = 0;
pub const RD: u32 = 1;
pub const ARCHIVES: u32 = 2;

/// One physical card and its per-zone state (reset when it moves).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub code: String,
    pub side: Side,
    /// Its position in the deck lists (the Corp's, then the Runner's). Never shown to a player:
    /// its index in `Game::cards` is its number, drawn per match ([`crate::core::numbering`]);
    /// this records the permutation for an audit and the leak oracle.
    pub pos: u32,
    pub rezzed: bool,
    /// Advancement counters.
    pub adv: u32,
    /// Hosted credits.
    pub credits: u32,
    /// Turn number it was installed on.
    pub installed_turn: u32,
    /// In Archives: face up.
    pub faceup: bool,
    /// Virus counters (NR-3.2's purge removes them all).
    #[serde(default)]
    pub virus: u32,
    /// A Trojan program: the ice it is installed on.
    #[serde(default)]
    pub host: Option<u32>,
    /// Power counters (a counter of any kind may sit on any card, unlike the typed ones above).
    #[serde(default)]
    pub power: u32,
    /// Agenda counters (on a scored agenda, spent by its own abilities).
    #[serde(default)]
    pub agenda: u32,
    /// Subtypes a card's effect gave this card: an ice while it stays rezzed
    /// (`Game::ice_has_subtype` reads them only while it is rezzed; a new rez chooses again), or
    /// a Runner card added to a score area as an agenda of that subtype (Jeitinho's
    /// assassination).
    #[serde(default)]
    pub gained: Vec<String>,
}

impl Card {
    /// A card at deck-list position `pos`, before the match's card numbers are drawn.
    pub fn new(code: &str, side: Side, pos: u32) -> Card {
        Card {
            code: code.to_string(),
            side,
            pos,
            rezzed: false,
            adv: 0,
            credits: 0,
            installed_turn: 0,
            faceup: false,
            virus: 0,
            host: None,
            power: 0,
            agenda: 0,
            gained: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Server {
    pub id: u32,
    /// Innermost first: the last one is the outermost.
    pub ice: Vec<u32>,
    /// Cards in the root (centrals: upgrades) or in the remote.
    pub root: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corp {
    pub name: String,
    pub deck: String,
    pub identity: String,
    pub credits: i64,
    pub clicks: i64,
    pub hq: Vec<u32>,
    /// Top first.
    pub rd: Vec<u32>,
    pub archives: Vec<u32>,
    pub servers: Vec<Server>,
    pub score: Vec<u32>,
    pub points: i64,
    pub bad_publicity: i64,
    /// The number of the next new remote server, from 1 ("Server 1", id `ARCHIVES + 1`).
    pub next_remote: u32,
    /// NR-1.3: had to draw from an empty R&D.
    pub decked: bool,
    /// Cards removed from the game (a forfeited agenda).
    #[serde(default)]
    pub removed: Vec<u32>,
    /// Power counters on the Corp's identity (identities are not among `Game::cards`).
    #[serde(default)]
    pub identity_power: u32,
    /// A two-sided Corp identity shows its flip side (its row reads it, as `Runner::flipped`).
    #[serde(default)]
    pub flipped: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runner {
    pub name: String,
    pub deck: String,
    pub identity: String,
    pub credits: i64,
    pub clicks: i64,
    pub grip: Vec<u32>,
    /// Top first.
    pub stack: Vec<u32>,
    pub heap: Vec<u32>,
    pub programs: Vec<u32>,
    pub hardware: Vec<u32>,
    pub resources: Vec<u32>,
    pub score: Vec<u32>,
    pub points: i64,
    pub tags: i64,
    pub core_damage: i64,
    pub link: i64,
    /// NR-1.4.
    pub flatlined: bool,
    /// A two-sided identity shows its flip side (flipping turns the identity over; each side
    /// has its own abilities, read by the identity's row).
    #[serde(default)]
    pub flipped: bool,
    /// Cards hosted face up on an installed Runner card and not installed (a Corp card the
    /// Runner hosts too); each one's `Card::host` is its host (`effects::host_faceup`).
    #[serde(default)]
    pub hosted_cards: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    pub server: u32,
    /// The card that began the run (an event, a click ability); `None` for the basic action.
    pub source: Option<u32>,
    /// Ice not yet approached are at indices `0..pos`; the current ice is at `pos`.
    pub pos: usize,
    /// The ice being approached or encountered.
    pub current: Option<u32>,
    pub approached: u32,
    /// NR-6.1: bad publicity credits, usable only during this run.
    pub bp_credits: i64,
    /// Credits a card gave for this run only (spent after bad publicity credits).
    pub temp_credits: i64,
    /// Subroutines of the encountered ice broken so far.
    pub broken: Vec<bool>,
    /// Breaker strength boosts for this encounter: (breaker, amount).
    pub pumps: Vec<(u32, i64)>,
    /// Breakers used this run that are trashed when it ends.
    pub trash_at_end: Vec<u32>,
    /// Extra rez cost of ice during this run.
    pub ice_rez_extra: i64,
    /// The run was ended (by a subroutine or a card) or the Runner jacked out.
    pub stop: bool,
    pub successful: bool,
    /// The run was successful and no earlier run on its server this turn was (read by "the
    /// first successful run on this server each turn" abilities when they resolve, which may be
    /// after the server is recorded in `TurnFlags::successful_servers`).
    #[serde(default)]
    pub first_success_here: bool,
    /// Strength taken from the encountered ice for this encounter.
    #[serde(default)]
    pub ice_minus: i64,
    /// The Runner cannot steal or trash Corp cards for the rest of the run.
    #[serde(default)]
    pub no_steal_trash: bool,
    /// Cards accessed during the run.
    #[serde(default)]
    pub accessed: u32,
    /// Agendas stolen during the run.
    #[serde(default)]
    pub stolen: u32,
    /// Corp cards whose "when this run ends" effect the run's success set up (they act even if
    /// trashed meanwhile).
    #[serde(default)]
    pub marked: Vec<u32>,
    /// The breach's "when you breach" abilities have fired (CR 6.7).
    #[serde(default)]
    pub breached: bool,
    /// More cards to access in HQ or R&D in this breach, from those abilities.
    #[serde(default)]
    pub breach_extra: u32,
    /// The current encounter has begun: the Runner's "when you encounter" abilities fired.
    #[serde(default)]
    pub encounter_begun: bool,
    /// An effect bypasses the ice being encountered (CR 6.5.8).
    #[serde(default)]
    pub bypass: bool,
    /// Encounters so far in this run.
    #[serde(default)]
    pub encounters: u32,
    /// This encounter's breaks by breakers: (breaker, subroutine) (CR 6.5.7.b: a single object
    /// that broke them all fully breaks the ice).
    #[serde(default)]
    pub broken_by: Vec<(u32, usize)>,
    /// A subroutine was broken in an encounter of this run that is over.
    #[serde(default)]
    pub broke_any: bool,
    /// A subroutine resolved during this run.
    #[serde(default)]
    pub sub_resolved: bool,
    /// "Instead of breaching the attacked server, breach this one" (an "if successful" effect,
    /// CR 6.7.4).
    #[serde(default)]
    pub breach_instead: Option<u32>,
    /// Card instances whose "once per run" ability was used in this run.
    #[serde(default)]
    pub used_cards: Vec<u32>,
    /// Corp cards accessed in this run, in order.
    #[serde(default)]
    pub accessed_cards: Vec<u32>,
    /// An ice was derezzed during this run (`effects::derez`).
    #[serde(default)]
    pub ice_derezzed: bool,
    /// Strength ice gets for the remainder of this run: (ice, amount).
    #[serde(default)]
    pub ice_plus: Vec<(u32, i64)>,
    /// An "if successful" effect replaced the breach ("instead of breaching", CR 6.7): the run
    /// is successful but nothing is breached or accessed.
    #[serde(default)]
    pub no_breach: bool,
    /// "When the Runner would approach the attacked server, instead the attacked server becomes
    /// this one and the Runner approaches it" (a replacement of the approach, NR-6.4.1): used and
    /// cleared at the approach.
    #[serde(default)]
    pub approach_instead: Option<u32>,
    /// Ice derezzed by a card's effect in this run, with that card: (card, ice) (for "when that
    /// run ends, … the ice derezzed this way").
    #[serde(default)]
    pub derezzed_by: Vec<(u32, u32)>,
    /// The credits hosted on the card that began the run may be spent during it (an event that
    /// says so), after the run credits above.
    #[serde(default)]
    pub source_credits: bool,
    /// (ice, encounter number): in that encounter, the ice's subroutines cannot end the run
    /// (`effects::end_the_run`).
    #[serde(default)]
    pub no_etr: Option<(u32, u32)>,
    /// Subroutines ice gained for the remainder of this run, after its printed ones: (ice, the
    /// code of the row whose `grants` holds it, its index there) (`effects::encounters`).
    #[serde(default)]
    pub gained_subs: Vec<(u32, String, u8)>,
    /// Installed Runner cards the encountered ice's effects trashed in this encounter.
    #[serde(default)]
    pub encounter_trashes: u32,
    /// An encounter is under way (CR 6.5.2: its subroutines are being broken or resolved); its
    /// end fires `When::EncounterEnds`, also when the run ends during it.
    #[serde(default)]
    pub in_encounter: bool,
    /// The Runner encounters this ice again before moving on (a forced encounter, CR 6.5.2.a).
    #[serde(default)]
    pub encounter_again: Option<u32>,
    /// The Runner was moved to the outermost position of this server (it becomes the attacked
    /// server); carried out when the current window closes.
    #[serde(default)]
    pub moved_to: Option<u32>,
    /// Breaker strength boosts that last for the remainder of this run instead of the encounter
    /// (`cards::Static::HostPumpsLastRun`): (breaker, amount), moved from `pumps` when an
    /// encounter's boosts end (`Run::end_encounter_pumps`).
    #[serde(default)]
    pub run_pumps: Vec<(u32, i64)>,
    /// The encounter (by number, `encounters`) whose "when encountered" interrupts were asked
    /// (`cards::Static::PreventsEncounterAbility`), so they are asked once per encounter.
    #[serde(default)]
    pub encounter_interrupts_asked: u32,
    /// The encounter (by number) whose ice's "when encountered" abilities were prevented.
    #[serde(default)]
    pub encounter_prevented: u32,
    /// "The Runner cannot access cards other than this card for the remainder of the run".
    #[serde(default)]
    pub access_only: Option<u32>,
    /// Cards the Runner cannot access for the remainder of the run.
    #[serde(default)]
    pub not_accessed: Vec<u32>,
}

impl Run {
    /// The boosts "for the remainder of this encounter" end: those of the breakers in `lasting`
    /// (a hosted card makes their boosts last the run) are kept for
    /// the rest of the run.
    pub fn end_encounter_pumps(&mut self, lasting: &[u32]) {
        for (b, n) in std::mem::take(&mut self.pumps) {
            if n != 0 && lasting.contains(&b) {
                self.run_pumps.push((b, n));
            }
        }
    }
    /// `breaker` breaks subroutines `subs` of the encountered ice (NR-6.3.1), recorded per
    /// breaker; returns whether this break fully broke the ice: the first time every subroutine
    /// is broken, and this breaker broke them all (CR 6.5.7.a/b).
    pub fn break_subroutines(&mut self, breaker: u32, subs: &[usize]) -> bool {
        let was_full = self.broken.iter().all(|b| *b);
        for &s in subs {
            if let Some(b) = self.broken.get_mut(s) {
                *b = true;
            }
            self.broken_by.push((breaker, s));
        }
        !was_full && self.broken.iter().all(|b| *b) && (0..self.broken.len()).all(|i| self.broken_by.contains(&(breaker, i)))
    }
}

/// One thing to access (NR-7.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    HqRandom,
    RdTop,
    Card(u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Access {
    pub server: u32,
    /// Still to access, in order.
    pub slots: Vec<Slot>,
    /// HQ cards already accessed (not accessed again).
    pub hq_seen: Vec<u32>,
    /// R&D cards accessed and left in place, from the top.
    pub rd_depth: usize,
    /// Whether the Runner has ordered the slots.
    pub ordered: bool,
    /// Archives cards an interrupt of the access was already offered for (asked once each).
    #[serde(default)]
    pub interrupts_asked: Vec<u32>,
    /// Persistent abilities (CR 1.16, "persistent"): the rezzed cards in the root of the
    /// breached server with one (`cards::Static::StealCostHere`, `cards::Static::TrashCostPlus`)
    /// when the access began; they apply to this whole access, even once those cards are trashed.
    #[serde(default)]
    pub persistent: Vec<u32>,
    /// The accessed card whose additional costs (to steal it or to trash it) are being paid:
    /// its access decision then steals or trashes it without asking again.
    #[serde(default)]
    pub costs_paid: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageKind {
    Net,
    Meat,
    Core,
}

impl DamageKind {
    pub fn name(self) -> &'static str {
        match self {
            DamageKind::Net => "net",
            DamageKind::Meat => "meat",
            DamageKind::Core => "core",
        }
    }
}

/// What a successful trace does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TraceEffect {
    Tags(i64),
    Damage(DamageKind, u32),
}

/// Pending work resolved before the stage continues, last pushed first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// NR-9.1: one random card of the grip per point.
    /// `odd_cost_ends_run`: a card with an odd printed cost trashed by it ends the run.
    Damage {
        kind: DamageKind,
        left: u32,
        source: String,
        #[serde(alias = "diviner")]
        odd_cost_ends_run: bool,
        /// Its first point was stepped (the Corp's "whenever you do damage" fired then).
        #[serde(default)]
        begun: bool,
    },
    /// NR-8.
    Trace { base: i64, corp_bid: Option<i64>, effect: TraceEffect, source: String },
    /// NR-7.4: the Runner decides what to do with an accessed card.
    AccessDecision { card: u32 },
    /// NR-3.4: trash programs until `program` fits, then install it (on `host` for a Trojan).
    MakeRoom {
        program: u32,
        #[serde(default)]
        host: Option<u32>,
    },
    /// NR-3.4 (published rule): before installing `card` in `server`, the Corp may trash cards
    /// installed there.
    TrashBeforeInstall { card: u32, server: u32 },
    /// Shuffle R&D (`corp`) or the stack.
    Shuffle { corp: bool },
    /// A card's question (its `cards::Prompt`) at `step`: `code` names the card's row, `card`
    /// its instance (`cards::NO_CARD` for an identity), `arg` what the card recorded for it.
    Card { code: String, card: u32, step: u8, arg: u32 },
    /// Cards picked at random from `from` by a card's effect, one draw per card (like a random
    /// HQ access): `left` more to pick, `picked` so far; when done they become
    /// `Game::picked_at_random` for the card's next step.
    RandomPick { from: Pile, left: u32, picked: Vec<u32> },
    /// A psi game (Comprehensive Rules, "psi game") begun by the card's step `step`
    /// (`cards::Ask::Psi`): both players secretly bid 0 to 2 credits. The engine asks in turn,
    /// the Corp first: `corp_bid` is its bid, a secret from the Runner and spectators until the
    /// Runner has bid (no event, summary or view field shows it; `flow::psi`).
    Psi { code: String, card: u32, step: u8, arg: u32, corp_bid: Option<u32> },
    /// A reaction window whose order matters (CR 9.2, reaction windows; `effects::triggers`):
    /// `seat`'s abilities still pending, one of which `seat` picks to resolve next.
    Triggers { seat: u32, pending: Vec<Pending> },
}

/// A hidden pile a card's effect picks cards from at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pile {
    Hq,
    Grip,
}

/// What a Corp effect may trash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrashKind {
    Program,
    RunnerCard,
    Resource,
    Hardware,
    ResourceOrHardware,
    /// A program that is not a decoder, fracter or killer.
    ProgramNotBasicBreaker,
}

/// Which paid-ability window is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum At {
    /// NR-2.2/2.3: after gaining clicks.
    TurnBegin,
    /// Before each action.
    Action,
    /// After discarding.
    TurnEnd,
    /// NR-6.2.1.
    Run21,
    /// NR-6.2.3: the approached ice may be rezzed.
    Run23,
    /// NR-6.3.1: breaking.
    Run31,
    /// NR-6.4.1.
    Run41,
    /// NR-6.4.3.
    Run43,
}

impl At {
    /// NR-4: whether the Corp may score an agenda in this window (its own turn, outside a run).
    /// The Comprehensive Rules mark the draw-phase and action-phase windows (S) (5.6.1.b,
    /// 5.6.2.a) but not the one after the Corp discards (5.6.3.b), nor any window of a run.
    pub fn corp_may_score(self) -> bool {
        matches!(self, At::TurnBegin | At::Action)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The card-number permutation is drawn before anything else (no number is shown before).
    CardNumbers,
    /// 0: shuffle R&D, 1: shuffle the stack.
    Setup {
        step: u32,
    },
    Mulligan {
        seat: u32,
    },
    MulliganShuffle {
        seat: u32,
    },
    TurnBegin,
    Window {
        at: At,
        round: PriorityRound,
    },
    TurnBeginTriggers,
    MandatoryDraw,
    Action,
    Discard,
    EndTurn,
    RunInit,
    ApproachIce,
    /// NR-6.2.2 / 6.4.2.
    Continue {
        at_server: bool,
    },
    PassIce,
    Encounter,
    Subs {
        next: usize,
    },
    ApproachServer,
    Success,
    AccessBegin,
    Accessing,
    RunEnd,
    Over,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnFlags {
    pub successful_run: bool,
    pub runs: Vec<u32>,
    /// Cards (by code) whose once-per-turn ability was used this turn.
    #[serde(default)]
    pub used: Vec<String>,
    /// Card instances whose once-per-turn ability was used this turn.
    #[serde(default)]
    pub used_cards: Vec<u32>,
    /// A program was installed this turn.
    #[serde(default)]
    pub program_installed: bool,
    /// No more scoring this turn.
    #[serde(default)]
    pub no_scoring: bool,
    /// Printed points of agendas the Corp scored this turn.
    #[serde(default)]
    pub scored_points: i64,
    /// The Runner took a tag this turn.
    #[serde(default)]
    pub tag_taken: bool,
    /// Cards that cannot be scored this turn (a card's own restriction, e.g. counters it placed).
    #[serde(default)]
    pub no_score: Vec<u32>,
    /// The card whose install under way ignores all costs (a card effect that says so); cleared
    /// by that install.
    #[serde(default)]
    pub free_install: Option<u32>,
    /// The Runner install a card's effect is carrying out costs this much less (CR 1.16: a cost
    /// reduction of that install only; cleared once it is paid).
    #[serde(default)]
    pub install_discount: i64,
    /// The Runner stole or trashed a Corp card this turn (`effects::runner_took_corp_card`).
    #[serde(default)]
    pub runner_took_corp_card: bool,
    /// Agendas scored or stolen this turn (for "the first time each turn an agenda is scored
    /// or stolen", which counts even while the card that cares was not active).
    #[serde(default)]
    pub agendas_changed_hands: u32,
    /// Operations and events played this turn, in order (by the play action or an effect).
    #[serde(default)]
    pub played: Vec<u32>,
    /// A tag was removed this turn (`effects::tags_removed`).
    #[serde(default)]
    pub tag_removed: bool,
    /// Corp cards installed in the root of a server this turn (not ice).
    #[serde(default)]
    pub corp_root_installs: u32,
    /// Times the Runner gained clicks during a run this turn.
    #[serde(default)]
    pub run_click_gains: u32,
    /// Delayed "when this turn ends" effects a card set up this turn (its question, as a task
    /// pushed when the turn ends, in the order they were set up).
    #[serde(default)]
    pub at_turn_end: Vec<Task>,
    /// Installed Corp cards the Runner trashed during its turn (`effects::runner_took_corp_card`).
    #[serde(default)]
    pub runner_trashed_installed: u32,
    /// The Corp's action phase ended this turn and its "when your action phase ends" abilities
    /// fired.
    #[serde(default)]
    pub corp_action_phase_ended: bool,
    /// The Runner's action phase ended this turn and its "when your action phase ends"
    /// abilities fired.
    #[serde(default)]
    pub runner_action_phase_ended: bool,
    /// The servers of this turn's successful runs (NR-6.4.4), each once, in order.
    #[serde(default)]
    pub successful_servers: Vec<u32>,
    /// The Runner trashed one of its installed cards this turn (`effects::runner_trash`).
    #[serde(default)]
    pub runner_trashed_own: bool,
    /// Corp cards installed from HQ this turn.
    #[serde(default)]
    pub corp_hq_installs: u32,
    /// The Corp ice install a card's effect is carrying out costs this much less (a cost
    /// reduction of that install only; cleared once it is paid).
    #[serde(default)]
    pub corp_install_discount: i64,
    /// Corp cards rezzed this turn (`effects::corp_card_rezzed`), for "if it was rezzed this turn".
    #[serde(default)]
    pub rezzed: Vec<u32>,
    /// Rezzed code gates and sentries the Runner passed this turn (for "the first time each
    /// turn the Runner passes a rezzed code gate or sentry").
    #[serde(default)]
    pub passed_gate_or_sentry: u32,
    /// The action under way, by kind (`flow::actions::action_kind`): finished once its effects,
    /// and any run it began, are resolved (`flow::actions::finish_action`).
    #[serde(default)]
    pub action_under_way: Option<String>,
    /// The active seat's actions finished this turn, in order, by kind.
    #[serde(default)]
    pub actions_finished: Vec<String>,
    /// The agenda whose install under way is face up (`cards::Static::AgendasInstallFaceup`);
    /// cleared by that install.
    #[serde(default)]
    pub faceup_install: Option<u32>,
    /// The Corp gained credits through an ability of an agenda or operation this turn
    /// (`Game::gain`), and whether "the first time each turn" it did is yet to fire
    /// (`flow::step` fires `When::CorpFirstGainFromAgendaOrOperation`).
    #[serde(default)]
    pub corp_gained_from_agenda_or_operation: bool,
    #[serde(default)]
    pub corp_first_gain_pending: bool,
    /// Operations played this turn from elsewhere than HQ (by a card's effect).
    #[serde(default)]
    pub played_not_from_hq: Vec<u32>,
}

/// Time called in a timed round (docs/netrunner.md "Time").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeCall {
    /// When the orchestrator called it (Unix ms, as logged).
    pub at_ms: i64,
    /// The game ends at the end of this turn, on agenda points, unless someone wins first.
    pub last_turn: u32,
    /// Set when it ended that way with equal points: the reason of the draw.
    pub draw: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub options: Options,
    pub corp: Corp,
    pub runner: Runner,
    pub cards: Vec<Card>,
    /// The active seat.
    pub active: u32,
    /// Player turns so far (the Corp's first turn is 1).
    pub turn: u32,
    pub stage: Stage,
    pub tasks: Vec<Task>,
    pub run: Option<Run>,
    pub access: Option<Access>,
    pub flags: TurnFlags,
    /// The Runner made a successful run during their last turn.
    #[serde(default)]
    pub runner_success_last_turn: bool,
    /// The Runner stole or trashed a Corp card during their last turn ("play only if" of the
    /// Terminal Gray Ops operations).
    #[serde(default)]
    pub runner_took_corp_card_last_turn: bool,
    /// Changes to each seat's allotted clicks of its next turn (by seat; NR-2.1: the clicks a
    /// turn begins with), applied and reset when that turn begins.
    #[serde(default)]
    pub next_turn_clicks: [i64; 2],
    /// The last Corp card trashed, with whether it was installed and rezzed just before (read
    /// by `effects::runner_took_corp_card`: "the Runner trashes an installed card", "while it is
    /// rezzed").
    #[serde(default)]
    pub last_trashed: Option<(u32, bool, bool)>,
    /// Option `open_decklists`: every viewer sees both decklists.
    #[serde(default)]
    pub open_decklists: bool,
    /// The cards the last random pick of a card's effect chose (`Task::RandomPick`), read by
    /// that card's next step.
    #[serde(default)]
    pub picked_at_random: Vec<u32>,
    pub winner: Option<(u32, String)>,
    /// The round's time was called (`flow::time`): the last turn, and a draw on points.
    pub time: Option<TimeCall>,
    pub next_draw: u64,
    pub next_decision: u64,
    pub awaiting: Awaiting,
}

/// Where a Corp card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorpZone {
    Hq,
    Rd,
    Archives,
    Ice(u32),
    Root(u32),
    Score,
    None,
}
