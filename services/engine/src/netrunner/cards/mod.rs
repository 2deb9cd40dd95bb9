//! Every netrunner card: one [`CardDef`] row per card, holding all it does (its hooks,
//! subroutines, breaker numbers, constant effects, abilities) and, for a card that asks, its
//! question and its typed answer together ([`Ask`], [`Prompt`]). Cards are filed by what they are:
//! `corp/{identities,agendas,assets,upgrades,operations,ice}.rs` and
//! `runner/{identities,events,hardware,programs,resources}.rs`, a type past ~1,000 lines a
//! folder of one file per faction (`corp/ice/jinteki.rs`); each card one block (its number, its
//! row, the functions only it uses), every file listed once in [`tables`]. Where a row is filed is not a
//! rule: abilities that trigger together are ordered by [`effects::triggers`].
//!
//! This file holds the vocabulary rows are written in and the dispatch; `prelude` what every card
//! file imports; `common` what several card files share. The rule pieces cards call (tags,
//! damage, counters, rez, encounters, interrupts, trigger order…) live in [`effects`], by rule
//! concept.
//!
//! The numbers printed on a card (costs, strengths, points…) are data (`data.rs`); this module
//! says what cards do. The turn structure (`flow`) only calls the hooks below and never names a
//! card; `state` never names one either.
//!
//! Owns: card behaviour. Must never: import `flow` (flow calls cards, not the other way: a card
//! that installs or finishes an access returns a [`Then`] for the flow to carry out).

pub mod common;
pub mod corp;
pub mod prelude;
pub mod runner;

use std::sync::OnceLock;

use super::data::Side;
use super::state::{DamageKind, Game, Pile, Run, Task, TrashKind, CORP, RUNNER};
pub use super::state::{Source, When};
use crate::core::{DecisionOption, Event, RulesError};
use crate::netrunner::effects::{self, encounters, triggers};

pub use self::corp::agendas::haas_bioroid::*;
pub use self::corp::agendas::jinteki::*;
pub use self::corp::agendas::nbn::*;
pub use self::corp::agendas::neutral::*;
pub use self::corp::agendas::weyland::*;
pub use self::corp::assets::haas_bioroid::*;
pub use self::corp::assets::jinteki::*;
pub use self::corp::assets::nbn::*;
pub use self::corp::assets::neutral::*;
pub use self::corp::assets::weyland::*;
pub use self::corp::ice::haas_bioroid::*;
pub use self::corp::ice::jinteki::*;
pub use self::corp::ice::nbn::*;
pub use self::corp::ice::neutral::*;
pub use self::corp::ice::weyland::*;
pub use self::corp::identities::*;
pub use self::corp::operations::haas_bioroid::*;
pub use self::corp::operations::jinteki::*;
pub use self::corp::operations::nbn::*;
pub use self::corp::operations::neutral::*;
pub use self::corp::operations::weyland::*;
pub use self::corp::upgrades::*;
pub use self::runner::events::anarch::*;
pub use self::runner::events::criminal::*;
pub use self::runner::events::neutral::*;
pub use self::runner::events::shaper::*;
pub use self::runner::hardware::anarch::*;
pub use self::runner::hardware::criminal::*;
pub use self::runner::hardware::neutral::*;
pub use self::runner::hardware::shaper::*;
pub use self::runner::identities::*;
pub use self::runner::programs::anarch::*;
pub use self::runner::programs::criminal::*;
pub use self::runner::programs::neutral::*;
pub use self::runner::programs::shaper::*;
pub use self::runner::resources::*;
pub use crate::netrunner::effects::{add_virus, end_the_run, give_tags, installed_host_sweep, purge, remove_virus, unique_check};

/// The one decision kind of every card question added after System Gateway: a client renders it
/// from the question's prompt (which names the card), its options and the public summary,
/// without knowing the card. System Gateway cards keep their own kinds, so old logs replay.
pub const CARD_KIND: &str = "netrunner.card";

/// The one decision kind of a card's search of the deciding seat's own deck (R&D or the stack):
/// searching lets that player look through the deck while choosing (Comprehensive Rules,
/// "search"), so the options may name its cards; everyone else learns only the summary. The
/// deck is shuffled afterwards by the card.
pub const SEARCH_KIND: &str = "netrunner.search";

/// The card instance of an identity (identities are not among `Game::cards`).
pub const NO_CARD: u32 = u32::MAX;

/// Where a hook runs: the card's row, the card instance, and one number whose meaning the hook
/// gives (a target, a subroutine's ice, a count; 0 when unused).
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    pub def: &'static CardDef,
    pub card: u32,
    pub arg: u32,
}

impl Ctx {
    /// The card's name as event texts give it.
    pub fn name(&self) -> &'static str {
        self.def.name
    }
}

/// What a hook does. Texts name the source by [`CardDef::name`].
#[derive(Clone, Copy, Debug)]
pub enum Effect {
    None,
    /// `seat` gains credits.
    Gain(u32, i64),
    /// `seat` loses credits.
    Lose(u32, i64),
    /// `seat` draws cards.
    Draw(u32, u32),
    /// The Runner takes tags.
    Tags(i64),
    NetDamage(u32),
    MeatDamage(u32),
    EndTheRun,
    /// Credits placed on the card itself.
    Load(u32),
    /// Ask this card's [`Prompt`] at the given step (pushed as a `Task::Card`).
    Ask(u8),
    /// Each in order.
    All(&'static [Effect]),
    Custom(fn(&mut Game, Ctx, &mut Vec<Event>)),
}

/// One subroutine: its text (shown and logged) and what it does.
#[derive(Clone, Copy, Debug)]
pub struct Sub {
    pub text: &'static str,
    pub effect: Effect,
}

/// A breaker's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Breaker {
    /// Ice subtype it interfaces with; `None`: any (AI).
    pub breaks: Option<&'static str>,
    pub subs_per_use: usize,
    pub break_cost: i64,
    pub pump_cost: i64,
    pub pump: Pump,
    /// A break costs this much less after a successful run this turn.
    pub break_discount_after_run: i64,
    /// +1 strength per installed icebreaker (outside pumps).
    pub strength_per_icebreaker: bool,
    /// Trashed when a run it broke a subroutine in ends.
    pub trash_after_run: bool,
}

impl Breaker {
    /// A plain breaker: `subs` per use for `break_cost`, +1 strength for `pump_cost`.
    pub const fn new(breaks: Option<&'static str>, subs: usize, break_cost: i64, pump_cost: i64) -> Breaker {
        Breaker {
            breaks,
            subs_per_use: subs,
            break_cost,
            pump_cost,
            pump: Pump::By(1),
            break_discount_after_run: 0,
            strength_per_icebreaker: false,
            trash_after_run: false,
        }
    }
}

/// Strength a pump adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pump {
    By(i64),
    PerIcebreaker,
    /// No credit pump (the card's own paid ability raises its strength, if any).
    Never,
}

/// A constant effect, active while its card is (a scored Corp agenda, a rezzed Corp card, an
/// installed Runner card, an identity), or about the card itself.
#[derive(Clone, Copy, Debug)]
pub enum Static {
    /// Its side's maximum hand size.
    MaxHand(i64),
    /// The Runner's memory units.
    Memory(i64),
    /// This ice's strength bonus.
    IceStrength(fn(&Game, u32) -> i64),
    /// This card can be advanced (besides agendas).
    Advanceable,
    /// This card costs less to install after a successful run this turn.
    CheaperAfterRun(i64),
    /// The first program installed each turn costs less.
    FirstProgramCheaper(i64),
    /// The first HQ breach each turn accesses more cards.
    MoreHqAccessOncePerTurn(u32),
    /// The first basic draw action each turn draws this many instead of 1.
    FirstDrawActionDraws(u32),
    /// A virus program installed gets a virus counter.
    VirusCounterOnVirusInstall,
    /// Playing this operation costs this many more clicks (an additional cost: "Double").
    PlayExtraClicks(i64),
    /// As an additional cost to rez this card, the Corp takes 1 bad publicity or removes 1 tag.
    RezBadPublicityOrTag,
    /// Rezzing this card, the Corp may forfeit 1 agenda to pay this many credits of its cost.
    ForfeitPaysRez(i64),
    /// Dividends N (an agenda): scored, it gets N agenda counters per advancement counter over
    /// its requirement (the Comprehensive Rules' keyword Dividends).
    Dividends(u32),
    /// This breaker's strength bonus now (outside pumps).
    BreakerStrength(fn(&Game, u32) -> i64),
    /// This card costs this much less to install now.
    InstallCheaper(fn(&Game, u32) -> i64),
    /// This breaker's pump costs this much less now.
    PumpCheaper(fn(&Game, u32) -> i64),
    /// This breaker's break ability costs this much less now.
    BreakCheaper(fn(&Game, u32) -> i64),
    /// Its paid ability may be used in any paid-ability window (CR 5.6, 5.7), not only while
    /// the Runner encounters ice.
    PaidInAnyWindow,
    /// Each ice costs this much more to rez (an active Runner card).
    IceRezCost(i64),
    /// An installed Runner card changes an ice's strength: `f(game, this card, ice)`.
    IceStrengthBy(fn(&Game, u32, u32) -> i64),
    /// Terminal (an operation's subtype, Comprehensive Rules glossary "terminal"): after it
    /// resolves, the Corp's action phase ends (its clicks left are lost).
    Terminal,
    /// The Runner cannot trash this card while it is rezzed (`effects::runner_may_trash`).
    RunnerCannotTrash,
    /// This ice's subroutines can be broken only by a breaker of this subtype (no click
    /// breaks, no other card's break ability; `effects::encounters::may_break`).
    BreakOnlyWith(&'static str),
    /// The Runner may pay this many credits to break 1 subroutine of this ice (an ability on
    /// the ice that only the Runner can use), while encountering it.
    RunnerBreaksFor(i64),
    /// An additional cost (CR 1.16) of the Corp's basic action that trashes a resource (NR-3.2):
    /// the Corp also trashes `f(game, this card, resource)` cards from HQ (the Runner's identity,
    /// `this` being `NO_CARD`, and installed cards; the costs of several add up).
    TrashActionHqCards(fn(&Game, u32, u32) -> u32),
    /// The ice hosting this Runner card (a Trojan) gains these subtypes.
    HostIceGains(&'static [&'static str]),
    /// Each installed icebreaker's strength changes by `f(game)` (a Corp identity or scored
    /// agenda).
    IcebreakerStrength(fn(&Game) -> i64),
    /// A rezzed installed Corp card changes an ice's strength: `f(game, this card, ice)`.
    CorpIceStrength(fn(&Game, u32, u32) -> i64),
    /// A rezzed installed Corp card lowers a card's rez cost by `f(game, this card, card)`.
    CorpRezCheaper(fn(&Game, u32, u32) -> i64),
    /// Its hosted credits may be spent only on the costs `f(game, spend)` accepts (credits
    /// restricted to a purpose; `effects::runner_pay_for`).
    HostedCreditsFor(fn(&Game, Spend) -> bool),
    /// Recurring credits: refilled to this many when it is
    /// installed (its row's install effect) and as its side's turn begins (`flow::turns`).
    Recurring(u32),
    /// "When it is empty, trash it" (loaded credits): trashed once its last hosted credit is
    /// spent or taken (`effects::runner_pay_for`, `effects::take_or_trash`).
    TrashWhenEmpty,
    /// This breaker interfaces only with the ice `f(game, this breaker, ice)` accepts, beside its
    /// subtype (`effects::encounters::breaker_interfaces`).
    InterfacesOnlyWith(fn(&Game, u32, u32) -> bool),
    /// Its access option ("Access →" ability) is not offered on an agenda (a "non-agenda card
    /// you are accessing").
    AccessOptionNotOnAgendas,
    /// During each encounter with this ice, the Runner cannot break more than `max` of its
    /// printed subroutines except with breakers of subtype `except` (`effects::encounters::may_break_subs`).
    BreakLimit { max: usize, except: &'static str },
    /// This ice's effects cannot trash more than this many installed Runner cards during each
    /// encounter with it (`effects::encounters::trash_limit_reached`).
    TrashLimitPerEncounter(u32),
    /// An interrupt of the run this card began: the first time the Corp would end it
    /// (`effects::end_the_run`), it does not end yet; this card's step decides
    /// (`effects::run_ends_now` ends it).
    FirstRunEndAsks(u8),
    /// An interrupt of an installed Runner card: whenever the Runner would access a card in
    /// Archives, this card's step (the card in `Ctx::arg`) may replace the access, once per run
    /// (`effects::archives_access_interrupts`).
    ArchivesAccessAsks(u8),
    /// "Limit N remote servers" (a Corp identity): no new remote server is created while the Corp
    /// has N (`Game::new_remote_allowed`).
    RemoteServerLimit(usize),
    /// The Corp may install agendas face up (a Corp identity; their abilities stay inactive):
    /// the install action offers `install-faceup:CARD:SERVER` beside each agenda install.
    AgendasInstallFaceup,
    /// The hosted credits of this rezzed Corp card may be spent by the Corp on the costs
    /// `f(game, this card, spend)` accepts (`effects::corp_pay_for`).
    CorpHostedCreditsFor(fn(&Game, u32, Spend) -> bool),
    /// Persistent (CR 1.16): a rezzed installed Corp card raises the trash cost of a card by
    /// `f(game, this card's server, card)` (`Game::trash_cost`); trashed while the Runner
    /// accesses its server, it still does until that access ends (`Access::persistent`).
    TrashCostPlus(fn(&Game, u32, u32) -> i64),
    /// "Remote server only" (an upgrade): it is installed only in the root of a remote server
    /// (`Game::may_install_root_in`).
    RemoteServerOnly,
    /// Its play cost is X (printed "X", no number in the card data), X being `f(game, target)`
    /// for the target chosen (`Game::play_cost`).
    PlayCostX(fn(&Game, u32) -> i64),
    /// This Corp card can be rezzed only during the Corp's turn.
    RezOnlyDuringCorpTurn,
    /// While this Corp card is rezzed, the first run each turn cannot be made against a remote
    /// server (`Game::may_run_on`).
    FirstRunNotOnRemote,
    /// An interrupt of an installed Runner card (CR 9.8, "prevent"): before
    /// damage of this kind resolves, this card's step may prevent some of it (`Ctx::arg`: the
    /// damage left; `effects::damage_interrupts`, `effects::prevent_damage`).
    PreventsDamage(DamageKind, u8),
    /// An interrupt of an installed Runner card: before an ice's "when encountered" abilities
    /// resolve, this card's step may prevent them (`Ctx::arg`: the ice;
    /// `effects::encounter_interrupts`).
    PreventsEncounterAbility(u8),
    /// Installed and hosted on an icebreaker (`Card::host`), this card gives its host this much
    /// strength (`Game::breaker_strength`).
    HostStrength(i64),
    /// Installed and hosted on an icebreaker, this card makes the host's strength boosts last
    /// for the remainder of the run instead of the encounter (`Run::run_pumps`).
    HostPumpsLastRun,
    /// Any player can use this installed Runner card's click ability: the Corp's action phase
    /// offers it too (`flow::actions`).
    AnyPlayerMayUse,
    /// The cards hosted face up on this card can be played or installed as if they were in the
    /// grip (`flow::actions`).
    HostedAsGrip,
    /// Persistent (CR 1.16, "persistent"): an additional cost to steal an agenda from the server
    /// whose root holds this rezzed card, or from its root, recorded when the access begins
    /// (`Access::steal_costs`) and paid by this card's step `step` (the agenda in `Ctx::arg`);
    /// `payable(game, n)`: whether `n` such costs can all be paid now.
    StealCostHere { step: u8, payable: CostsPayable },
    /// An additional cost (CR 1.16) to rez this card: forfeit 1 agenda (`rez-forfeit:CARD:AGENDA`)
    /// or reveal and trash `cards` cards from HQ (`rez-hq:CARD`: this card's step `step` picks
    /// them, pays and rezzes); the plain rez is not offered.
    RezForfeitOrTrashHq { cards: u32, step: u8 },
    /// An additional cost (CR 1.16) to trash this rezzed card when the Runner accesses it, paid
    /// by this card's step `step` after the trash cost; `payable(game)`: whether it can be paid.
    TrashCostExtra { step: u8, payable: CostPayable },
}

/// A cost the Runner pays, for credits restricted to some costs (`Static::HostedCreditsFor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spend {
    /// Installing this card.
    Install(u32),
    /// The trash cost of this accessed card (NR-7.4).
    TrashCost(u32),
    /// The Corp rezzing this card (NR-5).
    Rez(u32),
}

/// The run this card began (an event, a click ability): what it changes.
#[derive(Clone, Copy, Debug)]
pub struct RunSource {
    /// More cards accessed when breaching HQ or R&D.
    pub more_access: fn(&Game, Ctx, u32) -> u32,
    /// When the run is successful.
    pub on_success: Effect,
}

/// Labelled targets of a play (`None`: played on nothing).
pub type LabeledTargets = fn(&Game) -> Option<Vec<(u32, String)>>;
/// A click ability's options now: a server target or none, and a label.
pub type ClickOffers = fn(&Game, u32) -> Vec<(Option<u32>, String)>;
/// A paid ability's options now: (option id, label, argument).
pub type PaidOffers = fn(&Game, u32) -> Vec<(String, String, u32)>;
/// The effect of an answer to a card's question at a step.
pub type AnswerFn = fn(&mut Game, Ctx, &[Answer], &mut Vec<Event>) -> Result<Then, RulesError>;
/// What a psi game's card does with the result (whether the bids matched).
pub type PsiResult = fn(&mut Game, Ctx, bool, &mut Vec<Event>);
/// Whether `n` additional costs of one card can all be paid now (`Static::StealCostHere`).
pub type CostsPayable = fn(&Game, u32) -> bool;
/// Whether an additional cost can be paid now (`Static::TrashCostExtra`).
pub type CostPayable = fn(&Game) -> bool;
/// What happens when a run ends (the ended run is an argument).
pub type RunEnds = fn(&mut Game, Ctx, &Run, &mut Vec<Event>);

/// What an operation or event is played on.
#[derive(Clone, Copy, Debug)]
pub enum Targets {
    /// Played on nothing.
    None,
    /// A server to run (option "Play X on Server").
    Servers(fn(&Game) -> Vec<u32>),
    /// An installed card ("Play X on Card").
    Cards(fn(&Game) -> Vec<u32>),
    /// Modes or targets with their own labels ("Play X: label"); an empty list means it cannot be
    /// played now, `None` that it is played on nothing.
    Labeled(LabeledTargets),
}

/// Playing an operation or event: its targets and effect (the target in `Ctx::arg`).
#[derive(Clone, Copy, Debug)]
pub struct Play {
    pub targets: Targets,
    pub effect: Effect,
}

/// A click ability: the options it offers now (a server target or none, and a label) and what it
/// does (the server in `Ctx::arg`).
#[derive(Clone, Copy, Debug)]
pub struct Click {
    pub offers: Offers<ClickOffers>,
    pub effect: Effect,
}

/// A paid ability usable in a window (NR-2.4): options as (id, label, arg), and its effect (the
/// arg in `Ctx::arg`). Corp cards offer in every window; Runner cards while they encounter a
/// rezzed ice.
#[derive(Clone, Copy, Debug)]
pub struct PaidAbility {
    pub offers: Offers<PaidOffers>,
    pub effect: Effect,
}

/// Where an ability's options come from.
#[derive(Clone, Copy, Debug)]
pub enum Offers<F> {
    /// An ability said as "cost: effect" ([`Costed`]): offered, checked and paid by
    /// `effects::costs`, the effect running only once the cost is paid.
    Costed(Costed),
    /// Written by hand, the effect paying its own cost: for an ability with targets or modes
    /// (subroutines to break, servers to run, installs), a label that tells a number now, or a
    /// cost not yet in [`Cost`] (a cost whose payment logs in the card's own words).
    Own(F),
}

/// An ability "cost: effect" (CR 1.16: the cost is paid before the effect, in full, or the ability
/// cannot be used).
#[derive(Clone, Copy, Debug)]
pub struct Costed {
    /// A paid ability's option id (`id:CARD`); a click ability's options are named by the flow.
    pub id: &'static str,
    pub cost: Cost,
    /// Whether it may be used now, besides its cost being payable (a condition on the card).
    pub usable: fn(&Game, u32) -> bool,
    /// What it does, after "<card>: " in its option (an expend's option is the keyword's own).
    pub text: &'static str,
}

/// A cost, as data on an ability's row ([`Costed`]): `effects::costs::can_pay` checks it and
/// `effects::costs::pay` pays it, in one place for every card.
#[derive(Clone, Copy, Debug)]
pub enum Cost {
    /// Nothing (a click ability: nothing beyond the action's click).
    Free,
    /// The card's side spends this many clicks in all, the action's click included (NR-2).
    Clicks(i64),
    /// The Runner takes tags.
    TakeTags(i64),
    /// The Corp removes 1 tag (the Runner must have one).
    RemoveTag,
    /// Spend this many counters of a kind hosted on the card itself.
    Counters(Counter, u32),
    /// Trash the card itself (an installed card).
    TrashSelf,
    /// Expend (the Comprehensive Rules' keyword): from HQ, 1 credit, reveal and trash the card.
    Expend,
    /// Each of these, in order.
    All(&'static [Cost]),
}

/// A kind of hosted counter a cost spends (CR 1.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    Power,
    Virus,
    Agenda,
}

/// An extra choice when the Runner accesses a card (NR-7.4), once per turn: its option id, the
/// labels (for an agenda, for another card), whether it can be used, and the prompt step that
/// follows (the accessed card in `Ctx::arg`).
#[derive(Clone, Copy, Debug)]
pub struct AccessOption {
    pub id: &'static str,
    pub agenda_label: &'static str,
    pub label: fn(&Game, u32) -> String,
    pub usable: fn(&Game) -> bool,
    pub step: u8,
}

/// A typed answer to a card's question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The option that declines, or the first of two.
    No,
    Yes,
    /// One of several modes.
    Mode(u8),
    /// A card.
    Card(u32),
    /// Install a card (in a server; `None`: a new remote).
    Install {
        card: u32,
        server: Option<u32>,
    },
    /// Play an operation (on a target, if it takes one).
    Play {
        card: u32,
        target: Option<u32>,
    },
    /// A card and one of several modes for it (where it goes).
    CardMode {
        card: u32,
        mode: u8,
    },
}

/// A card's question: who answers, its decision kind, texts and options with their answers.
#[derive(Clone, Debug)]
pub struct Question {
    pub seat: u32,
    pub kind: &'static str,
    /// What the other seat and spectators are told (after "The Corp"/"The Runner").
    pub summary: String,
    pub prompt: String,
    pub options: Vec<(DecisionOption, Answer)>,
    pub min: u32,
    pub max: u32,
    /// The asked seat's own hidden cards it looks at to answer (a deck's top cards): told to
    /// it alone as a private `netrunner.looked` when the question is asked, not when the card
    /// triggered, so the cards it is told of are the ones the options name.
    pub looks: Vec<u32>,
}

impl Question {
    /// A question answered by exactly one option.
    pub fn one(seat: u32, kind: &'static str, summary: impl Into<String>, prompt: impl Into<String>, options: Vec<(DecisionOption, Answer)>) -> Question {
        Question { seat, kind, summary: summary.into(), prompt: prompt.into(), options, min: 1, max: 1, looks: Vec::new() }
    }
    /// A question answered by `min..=max` options.
    pub fn range(mut self, min: u32, max: u32) -> Question {
        self.min = min;
        self.max = max;
        self
    }
    /// The seat looks at `cards` (its own hidden cards) to answer.
    pub fn looking_at(mut self, cards: Vec<u32>) -> Question {
        self.looks = cards;
        self
    }
}

/// What the flow does after a card's answer (so that cards never call the flow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    Done,
    /// Install a Corp card (NR-3.4), as the install action does.
    InstallCorp {
        card: u32,
        server: Option<u32>,
    },
    /// Install a Corp card ignoring all costs (no install cost for ice).
    InstallCorpFree {
        card: u32,
        server: Option<u32>,
    },
    /// Install a Runner card (making room in memory first).
    InstallRunner {
        card: u32,
    },
    /// Install a Trojan program on an installed ice (making room in memory first).
    InstallRunnerOn {
        card: u32,
        host: u32,
    },
    /// The access decision on this card is over.
    FinishAccess(u32),
    /// Play a Corp operation by a card's effect (no click: not the play action), paying its
    /// cost and any additional cost.
    PlayCorp {
        card: u32,
        target: Option<u32>,
    },
}

/// A card's question and the effect of its answer, side by side. `ask` returns `None` when there
/// is nothing to ask now (the task is dropped); `answer` gets the chosen answers in pick order.
#[derive(Clone, Copy, Debug)]
pub struct Prompt {
    pub ask: fn(&Game, Ctx) -> Option<Question>,
    pub answer: AnswerFn,
}

/// One of a card's questions (`Effect::Ask(step)` asks `CardDef::asks[step]`): its own, or one
/// that several cards ask (the card's name is the source in its texts).
#[derive(Clone, Copy, Debug)]
pub enum Ask {
    Own(Prompt),
    /// The Runner pays the credits or takes a tag.
    PayOrTag(i64),
    /// The Corp trashes an installed Runner card of `kind`; `or_end`: or ends the run;
    /// `optional`: or trashes nothing.
    CorpTrashes {
        kind: TrashKind,
        or_end: bool,
        optional: bool,
    },
    /// The Corp shuffles up to this many cards from Archives into R&D.
    ArchivesToRd(u32),
    /// Sabotage N (a Comprehensive Rules keyword): the Corp trashes N cards of its choice from
    /// HQ and/or the top of R&D (`effects::sabotage_ask`).
    Sabotage(u32),
    /// No question: the card's effect goes on when this step comes up, after the tasks pushed
    /// above it (a shuffle) are done.
    Do(fn(&mut Game, Ctx, &mut Vec<Event>)),
    /// No question: pick `count` cards of the pile at random (one draw each, `flow::random`);
    /// the card's next step reads them in `Game::picked_at_random`.
    Random {
        from: Pile,
        count: fn(&Game, Ctx) -> u32,
    },
    /// No question of its own: a psi game (Comprehensive Rules, "psi game"; `flow::psi`), then
    /// this function with whether the two bids matched.
    Psi(PsiResult),
}

/// Everything a card does.
#[derive(Clone, Copy, Debug)]
pub struct CardDef {
    /// Joins `data/netrunner/sg.tsv`.
    pub code: &'static str,
    /// The name event texts use.
    pub name: &'static str,
    pub play: Option<Play>,
    pub on_score: Effect,
    pub on_steal: Effect,
    pub on_rez: Effect,
    pub on_install: Effect,
    /// When accessed (NR-7.3), even unrezzed.
    pub on_access: Effect,
    pub events: &'static [(When, Effect)],
    /// When a run it is installed for ends (the run in the argument).
    pub run_ends: Option<RunEnds>,
    /// A run this card began.
    pub run: Option<RunSource>,
    pub subroutines: &'static [Sub],
    pub breaker: Option<Breaker>,
    pub statics: &'static [Static],
    pub click: Option<Click>,
    pub paid: Option<PaidAbility>,
    pub access_option: Option<AccessOption>,
    /// Its questions, by step.
    pub asks: &'static [Ask],
    /// Subroutines its effects give an ice for the remainder of a run (`Run::gained_subs`).
    pub grants: &'static [Sub],
}

/// A row with nothing: `CardDef { code, name, ..BLANK }`.
pub const BLANK: CardDef = CardDef {
    code: "",
    name: "",
    play: None,
    on_score: Effect::None,
    on_steal: Effect::None,
    on_rez: Effect::None,
    on_install: Effect::None,
    on_access: Effect::None,
    events: &[],
    run_ends: None,
    run: None,
    subroutines: &[],
    breaker: None,
    statics: &[],
    click: None,
    paid: None,
    access_option: None,
    asks: &[],
    grants: &[],
};

/// Every card row, in registration order. No rule depends on that order (simultaneous
/// abilities are ordered by [`effects::triggers`]); tests play games with the rows registered in other
/// orders ([`registration`]).
pub fn all() -> impl Iterator<Item = &'static CardDef> {
    registry().rows.iter().copied()
}

/// The rows, and an index of them by code.
pub struct Registry {
    rows: Vec<&'static CardDef>,
    index: std::collections::BTreeMap<&'static str, &'static CardDef>,
}

impl Registry {
    fn new(rows: Vec<&'static CardDef>) -> Registry {
        let index = rows.iter().map(|d| (d.code, *d)).collect();
        Registry { rows, index }
    }
}

/// The card registry: every table's rows, looked up by code (built once).
fn registry() -> &'static Registry {
    #[cfg(test)]
    if let Some(r) = registration::overridden() {
        return r;
    }
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| Registry::new(tables().into_iter().flat_map(|(_, defs)| defs.iter()).collect()))
}

/// Tests only: run games with the rows registered in another order, to show that where a row
/// is written is no rule of the game.
#[cfg(test)]
pub mod registration {
    use std::cell::Cell;

    use super::{tables, Registry};

    thread_local! {
        static OVERRIDE: Cell<Option<&'static Registry>> = const { Cell::new(None) };
    }

    pub(super) fn overridden() -> Option<&'static Registry> {
        OVERRIDE.with(Cell::get)
    }

    /// Run `f` on this thread with every row registered in the order a seeded shuffle gives
    /// (`seed` 0: the tables reversed, rows and all).
    pub fn with_rows_shuffled<T>(seed: u64, f: impl FnOnce() -> T) -> T {
        let mut rows: Vec<_> = tables().into_iter().flat_map(|(_, defs)| defs.iter()).collect();
        if seed == 0 {
            rows.reverse();
        } else {
            let mut x = seed;
            for i in (1..rows.len()).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                rows.swap(i, (x % (i as u64 + 1)) as usize);
            }
        }
        // Leaked on purpose: a few registries per test run, read through `&'static` like the
        // real one.
        let registry: &'static Registry = Box::leak(Box::new(Registry::new(rows)));
        let before = OVERRIDE.with(|o| o.replace(Some(registry)));
        let out = f();
        OVERRIDE.with(|o| o.set(before));
        out
    }
}

/// The card tables, each with the file it lives in (docs/netrunner-cards.md names it).
pub fn tables() -> [(&'static str, &'static [CardDef]); 36] {
    [
        ("corp/identities.rs", corp::identities::DEFS),
        ("corp/agendas/haas_bioroid.rs", corp::agendas::haas_bioroid::DEFS),
        ("corp/agendas/jinteki.rs", corp::agendas::jinteki::DEFS),
        ("corp/agendas/nbn.rs", corp::agendas::nbn::DEFS),
        ("corp/agendas/neutral.rs", corp::agendas::neutral::DEFS),
        ("corp/agendas/weyland.rs", corp::agendas::weyland::DEFS),
        ("corp/assets/haas_bioroid.rs", corp::assets::haas_bioroid::DEFS),
        ("corp/assets/jinteki.rs", corp::assets::jinteki::DEFS),
        ("corp/assets/nbn.rs", corp::assets::nbn::DEFS),
        ("corp/assets/neutral.rs", corp::assets::neutral::DEFS),
        ("corp/assets/weyland.rs", corp::assets::weyland::DEFS),
        ("corp/upgrades.rs", corp::upgrades::DEFS),
        ("corp/operations/haas_bioroid.rs", corp::operations::haas_bioroid::DEFS),
        ("corp/operations/jinteki.rs", corp::operations::jinteki::DEFS),
        ("corp/operations/nbn.rs", corp::operations::nbn::DEFS),
        ("corp/operations/neutral.rs", corp::operations::neutral::DEFS),
        ("corp/operations/weyland.rs", corp::operations::weyland::DEFS),
        ("corp/ice/haas_bioroid.rs", corp::ice::haas_bioroid::DEFS),
        ("corp/ice/jinteki.rs", corp::ice::jinteki::DEFS),
        ("corp/ice/nbn.rs", corp::ice::nbn::DEFS),
        ("corp/ice/neutral.rs", corp::ice::neutral::DEFS),
        ("corp/ice/weyland.rs", corp::ice::weyland::DEFS),
        ("runner/identities.rs", runner::identities::DEFS),
        ("runner/events/anarch.rs", runner::events::anarch::DEFS),
        ("runner/events/criminal.rs", runner::events::criminal::DEFS),
        ("runner/events/neutral.rs", runner::events::neutral::DEFS),
        ("runner/events/shaper.rs", runner::events::shaper::DEFS),
        ("runner/hardware/anarch.rs", runner::hardware::anarch::DEFS),
        ("runner/hardware/criminal.rs", runner::hardware::criminal::DEFS),
        ("runner/hardware/neutral.rs", runner::hardware::neutral::DEFS),
        ("runner/hardware/shaper.rs", runner::hardware::shaper::DEFS),
        ("runner/programs/anarch.rs", runner::programs::anarch::DEFS),
        ("runner/programs/criminal.rs", runner::programs::criminal::DEFS),
        ("runner/programs/neutral.rs", runner::programs::neutral::DEFS),
        ("runner/programs/shaper.rs", runner::programs::shaper::DEFS),
        ("runner/resources.rs", runner::resources::DEFS),
    ]
}

/// The row of `code` (a blank row for an unknown code: it does nothing).
pub fn def(code: &str) -> &'static CardDef {
    registry().index.get(code).copied().unwrap_or(&BLANK)
}

/// Whether a card is implemented (has a row).
pub fn implemented(code: &str) -> bool {
    registry().index.contains_key(code)
}

/// The hook context of card instance `card`.
pub fn ctx(g: &Game, card: u32, arg: u32) -> Ctx {
    Ctx { def: def(g.code(card)), card, arg }
}

/// The hook context of `side`'s identity.
pub fn identity(g: &Game, side: u32, arg: u32) -> Ctx {
    let code = if side == CORP { &g.corp.identity } else { &g.runner.identity };
    Ctx { def: def(code), card: NO_CARD, arg }
}

/// Carry out an effect.
pub fn apply(g: &mut Game, e: &Effect, c: Ctx, ev: &mut Vec<Event>) {
    match *e {
        Effect::None => {}
        Effect::Gain(seat, n) => g.gain(seat, n, c.name(), ev),
        Effect::Lose(seat, n) => g.lose_credits(seat, n, c.name(), ev),
        Effect::Draw(seat, n) => g.draw(seat, n, ev),
        Effect::Tags(n) => give_tags(g, n, c.name(), ev),
        Effect::NetDamage(n) => effects::damage(g, super::state::DamageKind::Net, n, c.name(), false),
        Effect::MeatDamage(n) => effects::damage(g, super::state::DamageKind::Meat, n, c.name(), false),
        Effect::EndTheRun => end_the_run(g, c.name(), ev),
        Effect::Load(n) => g.load(c.card, n, ev),
        Effect::Ask(step) => ask_later(g, c, step),
        Effect::All(list) => {
            for e in list {
                apply(g, e, c, ev);
            }
        }
        Effect::Custom(f) => f(g, c, ev),
    }
}

/// The card's question at `step` now (`None`: nothing to ask, or no such question).
pub fn question(g: &Game, c: Ctx, step: u8) -> Option<Question> {
    match c.def.asks.get(usize::from(step))? {
        Ask::Own(p) => (p.ask)(g, c),
        Ask::PayOrTag(cost) => Some(effects::pay_or_tag_ask(g, *cost, c.name())),
        Ask::CorpTrashes { .. } if encounters::trash_limit_reached(g, c.card) => None,
        Ask::CorpTrashes { kind, or_end, optional } => effects::corp_trashes_ask(g, *kind, *or_end, *optional, c.name()),
        Ask::ArchivesToRd(max) => effects::archives_to_rd_ask(g, *max, c.name()),
        Ask::Sabotage(n) => effects::sabotage_ask(g, *n, c.name()),
        Ask::Do(_) | Ask::Random { .. } | Ask::Psi(_) => None,
    }
}

/// The effect of the card's step `step` if that step asks nothing (`Ask::Do`).
pub fn step_effect(c: Ctx, step: u8) -> Option<fn(&mut Game, Ctx, &mut Vec<Event>)> {
    match c.def.asks.get(usize::from(step)) {
        Some(Ask::Do(f)) => Some(*f),
        _ => None,
    }
}

/// The pile and count of the card's step `step` if that step picks cards at random
/// (`Ask::Random`).
pub fn random_pick(c: Ctx, step: u8) -> Option<(Pile, fn(&Game, Ctx) -> u32)> {
    match c.def.asks.get(usize::from(step)) {
        Some(Ask::Random { from, count }) => Some((*from, *count)),
        _ => None,
    }
}

/// What the card's step `step` does with a psi game's result, if that step plays one
/// (`Ask::Psi`).
pub fn psi_result(c: Ctx, step: u8) -> Option<PsiResult> {
    match c.def.asks.get(usize::from(step)) {
        Some(Ask::Psi(f)) => Some(*f),
        _ => None,
    }
}

/// The effect of the typed answers to the card's question at `step`.
pub fn answer(g: &mut Game, c: Ctx, step: u8, answers: &[Answer], ev: &mut Vec<Event>) -> Result<Then, RulesError> {
    match c.def.asks.get(usize::from(step)) {
        Some(Ask::Own(p)) => (p.answer)(g, c, answers, ev),
        Some(Ask::PayOrTag(cost)) => effects::pay_or_tag_answer(g, *cost, c.name(), answers, ev).map(|_| Then::Done),
        Some(Ask::CorpTrashes { kind, .. }) => {
            if matches!(answers.first(), Some(Answer::Card(_))) {
                encounters::count_trash(g, c.card);
            }
            effects::corp_trashes_answer(g, *kind, c.name(), answers, ev);
            Ok(Then::Done)
        }
        Some(Ask::ArchivesToRd(max)) => effects::archives_to_rd_answer(g, *max, c.name(), answers, ev).map(|_| Then::Done),
        Some(Ask::Sabotage(n)) => effects::sabotage_answer(g, *n, c.name(), answers, ev).map(|_| Then::Done),
        Some(Ask::Do(_) | Ask::Random { .. } | Ask::Psi(_)) | None => Err(RulesError::CorruptState(format!("{} has no question {step}", c.name()))),
    }
}

/// The options of a click ability now (`card`: `NO_CARD` for an identity's).
pub fn click_offers(g: &Game, click: &Click, card: u32) -> Vec<(Option<u32>, String)> {
    match click.offers {
        Offers::Own(f) => f(g, card),
        Offers::Costed(k) => effects::costs::click_offers(g, card, &k),
    }
}

/// The options of a paid ability now.
pub fn paid_offers(g: &Game, paid: &PaidAbility, card: u32) -> Vec<(String, String, u32)> {
    match paid.offers {
        Offers::Own(f) => f(g, card),
        Offers::Costed(k) => effects::costs::paid_offers(g, card, &k),
    }
}

/// Use an ability chosen from its offers: its cost as data paid first (nothing happens if it
/// cannot be paid), then its effect.
pub fn use_ability<F>(g: &mut Game, offers: &Offers<F>, effect: &Effect, c: Ctx, ev: &mut Vec<Event>) {
    if let Offers::Costed(k) = offers {
        if !effects::costs::pay(g, c, &k.cost, ev) {
            return;
        }
    }
    apply(g, effect, c, ev);
}

/// Push this card's question at `step` (resolved before the stage continues).
pub fn ask_later(g: &mut Game, c: Ctx, step: u8) {
    g.tasks.push(Task::Card { code: c.def.code.to_string(), card: c.card, step, arg: c.arg });
}

/// Fire `when` for one card, if its row has that trigger.
pub fn fire(g: &mut Game, when: When, c: Ctx, ev: &mut Vec<Event>) {
    for (w, e) in c.def.events {
        if *w == when {
            apply(g, e, c, ev);
        }
    }
}

/// Fire `when` for `side`'s identity (through [`effects::triggers::fire`], like every fire site).
pub fn fire_identity(g: &mut Game, side: u32, when: When, arg: u32, ev: &mut Vec<Event>) {
    triggers::fire_identity(g, side, when, arg, ev);
}

/// Fire `when` for each of `cards`, given in board order; [`effects::triggers::fire`] orders them by the
/// rules.
pub fn fire_all(g: &mut Game, when: When, cards: &[u32], arg: u32, ev: &mut Vec<Event>) {
    triggers::fire_cards(g, when, cards, arg, ev);
}

/// The installed Runner cards as trigger sources, in board order.
pub fn runner_sources(g: &Game) -> Vec<Source> {
    runner_trigger_order(g).into_iter().map(Source::Card).collect()
}

/// The rezzed installed Corp cards as trigger sources, in board order (servers in order, each
/// server's ice then its root).
pub fn rezzed_corp_sources(g: &Game) -> Vec<Source> {
    g.installed_corp().into_iter().filter(|&k| g.rezzed(k)).map(Source::Card).collect()
}

/// The Corp's identity, its scored agendas, then its rezzed installed cards.
pub fn corp_sources(g: &Game) -> Vec<Source> {
    let mut out = vec![Source::Identity(CORP)];
    out.extend(g.corp.score.iter().map(|&k| Source::Card(k)));
    out.extend(rezzed_corp_sources(g));
    out
}

/// The installed Runner cards in board order: hardware, programs, resources.
pub fn runner_trigger_order(g: &Game) -> Vec<u32> {
    let r = &g.runner;
    r.hardware.iter().chain(r.programs.iter()).chain(r.resources.iter()).copied().collect()
}

/// Whether `when` is a trigger of `card`'s row.
pub fn has_trigger(g: &Game, card: u32, when: When) -> bool {
    def(g.code(card)).events.iter().any(|(w, _)| *w == when)
}

/// The side a seat plays.
pub fn side_of(seat: u32) -> Side {
    if seat == CORP {
        Side::Corp
    } else {
        Side::Runner
    }
}

/// The seat of the other side.
pub fn other(seat: u32) -> u32 {
    if seat == CORP {
        RUNNER
    } else {
        CORP
    }
}

/// The number of subroutines of an ice.
pub fn subroutines(code: &str) -> usize {
    def(code).subroutines.len()
}

/// The text of subroutine `i` of an ice.
pub fn subroutine_text(code: &str, i: usize) -> &'static str {
    def(code).subroutines.get(i).map_or("nothing", |s| s.text)
}

/// Resolve subroutine `sub` of `ice` (NR-6.3.2): a printed one, or one it gained for the run
/// (resolved as its granting row's: that row names the source).
pub fn resolve_subroutine(g: &mut Game, ice: u32, sub: usize, ev: &mut Vec<Event>) {
    if let Some((def, s)) = encounters::ice_sub(g, ice, sub) {
        apply(g, &s.effect, Ctx { def, card: ice, arg: sub as u32 }, ev);
    }
}

/// The breaker numbers of a card, if it is one.
pub fn breaker(code: &str) -> Option<Breaker> {
    def(code).breaker
}
