//! What makes a card's conditional abilities trigger (CR 9.6, conditional abilities): the
//! trigger conditions of [`When`], and [`Source`], whose abilities they are. Kept with the state
//! because a reaction window whose order a player chooses waits in it (`Task::Triggers`).

use serde::{Deserialize, Serialize};

/// When a trigger of an active card (or identity) fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum When {
    /// Its side's turn begins (NR-2.1).
    TurnBegin,
    /// A run is successful (NR-6.4.4); installed Runner cards, then the Runner's identity.
    SuccessfulRun,
    /// A successful run on the server whose root holds this rezzed card.
    SuccessfulRunHere,
    /// The Runner approaches the server whose root holds this rezzed card.
    ApproachServer,
    /// The Runner encounters this ice.
    Encounter,
    /// An agenda is scored or stolen (Runner identity and installed cards).
    AgendaChangedHands,
    /// The Corp scores an agenda (Corp identity, agendas in its score area, rezzed Corp cards);
    /// `arg` is the agenda.
    CorpScores,
    /// An agenda is scored from the root of the server holding this rezzed card.
    ScoredHere,
    /// The Runner takes the first tag of a turn (Corp identity).
    FirstTagThisTurn,
    /// The Corp's discard phase ends (Corp identity, agendas in its score area, rezzed Corp cards).
    CorpDiscarded,
    /// The Corp advances a card; `arg` is its count before (Corp identity).
    Advance,
    /// The Runner trashes an accessed card (Runner identity, then installed cards).
    TrashAccessed,
    /// The Runner passes this rezzed ice after encountering it (NR-6.3.2).
    PassIce,
    /// The Corp rezzes a card (rezzed Corp cards, the new one included); `arg` is that card.
    Rez,
    /// An agenda is scored or stolen from the root of the server this rezzed ice protects, or
    /// whose root holds this rezzed card; `arg` is the agenda.
    AgendaLeftServer,
    /// The Corp forfeits this agenda (its own row only).
    Forfeited,
    /// A run begins (CR 6.3, initiation phase); installed Runner cards.
    RunBegins,
    /// The Runner breaches a server (CR 6.7, success phase), before the cards to access are
    /// counted; `arg` is the server. Runner identity and installed cards.
    Breach,
    /// The Runner encounters a rezzed ice (CR 6.5.2), before its own "when encountered"
    /// abilities; `arg` is the ice. Installed Runner cards and the card that began the run.
    EncounterIce,
    /// The Runner bypassed an ice (CR 6.5.8); `arg` is the ice. Installed Runner cards.
    Bypassed,
    /// This breaker fully broke the encountered ice (CR 6.5.7.b); `arg` is the ice.
    FullyBreaks,
    /// The Corp rezzed an ice, by the rules or a card's effect (Runner identity, then installed
    /// Runner cards); `arg` is the ice.
    CorpRezzedIce,
    /// An installed Corp card was derezzed (installed Runner cards); `arg` is that card.
    Derezzed,
    /// The Corp installed a card in the root of a server (installed Runner cards); `arg` is how
    /// many it has installed so (1: the first time this turn).
    CorpInstalledInRoot,
    /// The Runner passed an ice (NR-6.3.2; an unrezzed one, a bypassed one, after an encounter);
    /// installed Runner cards, `arg` is the ice.
    RunnerPassedIce,
    /// The Runner removed 1 or more tags; installed Runner cards.
    TagsRemoved,
    /// The Runner's turn ends (NR-2.6); installed Runner cards.
    TurnEnds,
    /// The Runner takes an action on an installed resource (its click ability); installed
    /// Runner cards, `arg` is the resource.
    ResourceAction,
    /// The Runner installed a card (after its own install effect); installed Runner cards,
    /// `arg` is the card.
    RunnerInstalled,
    /// The Runner played an event (after its effect); installed Runner cards, `arg` is the
    /// event.
    EventPlayed,
    /// The first time each turn the Runner steals or trashes a Corp card; the Corp identity,
    /// then installed Runner cards, `arg` is that card.
    RunnerTookCorpCardFirst,
    /// The Runner stole an agenda (NR-7.4), after the Runner's own triggers; the Corp identity,
    /// then rezzed Corp cards, `arg` is the agenda.
    AgendaStolen,
    /// The first time each turn a tag is removed (by either side); the Corp identity.
    FirstTagRemoved,
    /// The Runner takes 1 or more tags (NR-9.2); `arg` is the number of tags held before. Runner
    /// identity, then installed Runner cards.
    RunnerTagged,
    /// The Runner discarded cards to the maximum hand size (NR-2.3); `arg` is how many (the last
    /// cards of the heap). Runner identity.
    RunnerDiscarded,
    /// A turn ends (either side's, NR-2.2/2.3: after the discard and its window); rezzed Corp
    /// cards, in table order, `arg` is the seat whose turn it was.
    AnyTurnEnds,
    /// A run begins (CR 6.3, initiation phase), after the Runner's abilities: the Corp identity,
    /// its scored agendas, then its rezzed cards; `arg` is the attacked server.
    CorpRunBegins,
    /// The Runner trashed this Corp card (its own row, in Archives now); `arg` is 1 if it was
    /// rezzed when trashed, else 0.
    TrashedByRunner,
    /// The first time during a Runner turn the Runner trashes an installed Corp card: the Corp
    /// identity, then the agendas in its score area; `arg` is that card.
    RunnerTrashedInstalledFirst,
    /// The Corp's action phase ends (its clicks are spent or lost, CR 5.6.2): the Corp identity,
    /// then its rezzed cards.
    CorpActionPhaseEnds,
    /// The Corp played an operation (after its effect, by the play action or a card's effect):
    /// the Corp identity, `arg` is the operation.
    CorpPlayedOperation,
    /// A run is successful (NR-6.4.4), after the Runner's abilities: the Corp identity, `arg` is
    /// the attacked server.
    CorpSuccessfulRun,
    /// This installed card moved to the root of another server (its own row); `arg` is that
    /// server.
    Moved,
    /// This breaker broke subroutines with its break ability (NR-6.3.1); its own row only, `arg`
    /// is how many.
    BrokeSubroutines,
    /// The Corp purged virus counters (NR-3.2, by its basic action or a card); installed Runner
    /// cards (`effects::purged`).
    Purged,
    /// An encounter with this rezzed ice ended (CR 6.5.2: its subroutines resolved, or the run
    /// ended during it); its own row.
    EncounterEnds,
    /// The Runner passed a rezzed ice (NR-6.3.2); the Corp identity, its scored agendas, then
    /// rezzed Corp cards, `arg` is the ice.
    CorpPassedIce,
    /// The Runner approaches an ice protecting the server whose root holds this rezzed card
    /// (NR-6.2); `arg` is the ice.
    ApproachIceHere,
    /// This Runner card was trashed from the grip or the stack (damage, NR-9.1, or a card's
    /// effect; not a discard to the maximum hand size); its own row only
    /// (`effects::trashed_from_grip_or_stack`).
    TrashedFromGripOrStack,
    /// The Runner's action phase ends (its clicks are spent, CR 5.6.2, before the discard):
    /// installed Runner cards.
    RunnerActionPhaseEnds,
    /// The Corp finished an action (NR-3: its effects and any run it began resolved,
    /// `flow::actions::finish_action`); the Corp identity, then rezzed Corp cards, `arg` is how
    /// many times that action (by kind) was taken this turn, this one included.
    CorpFinishedAction,
    /// The Corp installed a card (NR-3.4, by its action or a card's effect), after the install;
    /// the Corp identity, `arg` is the card.
    CorpInstalled,
    /// The Runner accesses a Corp card (NR-7.3, after the card's own "when accessed"); the Corp
    /// identity, `arg` is the card.
    CorpCardAccessed,
    /// The Corp trashed 1 or more cards from R&D (`effects::trash_from_rd`); the Corp identity.
    CorpTrashedFromRd,
    /// The Corp trashed 1 or more cards from HQ (`effects::trash_from_hq`, an expend's cost);
    /// the Corp identity.
    CorpTrashedFromHq,
    /// Damage the Corp does begins to resolve (`flow::damage::damage_begins`); the Corp identity.
    CorpDidDamage,
    /// The first time each turn the Corp gained credits through an ability on an agenda or an
    /// operation (`Game::gain`), once that effect is done; the Corp identity.
    CorpFirstGainFromAgendaOrOperation,
    /// The Runner installed a card without spending credits (its install cost was 0), after
    /// `RunnerInstalled`; installed Runner cards, `arg` is the card.
    InstalledWithoutCredits,
    /// The Runner's discard phase ends (NR-2.3, CR 5.6.3), discard or not; installed Runner
    /// cards.
    RunnerDiscardPhaseEnds,
    /// The Runner bypassed an ice (CR 6.5.8); the cards in the heap (their own rows), `arg` is
    /// the ice.
    HeapBypassed,
    /// The Corp installed this card from anywhere but HQ (R&D, Archives, set aside, a score
    /// area), after the install; its own row only.
    InstalledNotFromHq,
}

/// Whose ability it is: an installed or scored card's, or a side's identity's (identities are not
/// among `Game::cards`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    Card(u32),
    Identity(u32),
}

/// A pending conditional ability (CR 9.6): whose, which of its triggers, and the number the
/// trigger passes it (`Ctx::arg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub source: Source,
    pub when: When,
    pub arg: u32,
}
