//! The numbers that constant effects change (NR-2.5 hand size, NR-3.4 memory, ice and breaker
//! strength, costs), computed from the card rows: methods of `Game` defined here so that
//! `state` needs no card.

use crate::netrunner::cards;
use crate::netrunner::cards::{def, Pump, Static};
use crate::netrunner::data::CardType;
use crate::netrunner::state::{CorpZone, Game, CORP};

impl Game {
    /// The constant effects of `side`'s active cards and identity: Corp agendas in its score
    /// area and its identity; the Runner's installed cards and identity.
    fn active_statics(&self, seat: u32) -> Vec<&'static Static> {
        let (identity, cards): (&str, Vec<u32>) =
            if seat == CORP { (&self.corp.identity, self.corp.score.clone()) } else { (&self.runner.identity, self.installed_runner()) };
        let mut out: Vec<&'static Static> = def(identity).statics.iter().collect();
        for c in cards {
            out.extend(def(self.code(c)).statics.iter());
        }
        out
    }

    /// Ice strength, with the ice's own bonus and the strength the Runner took this encounter.
    pub fn ice_strength(&self, ice: u32) -> i64 {
        let base = self.def(ice).strength.unwrap_or(0);
        let bonus: i64 = def(self.code(ice)).statics.iter().map(|s| if let Static::IceStrength(f) = s { f(self, ice) } else { 0 }).sum();
        let minus = self.run.as_ref().filter(|r| r.current == Some(ice)).map_or(0, |r| r.ice_minus);
        let plus: i64 = self.run.as_ref().map_or(0, |r| r.ice_plus.iter().filter(|(i, _)| *i == ice).map(|(_, n)| n).sum());
        let runner: i64 = self
            .installed_runner()
            .into_iter()
            .map(|c| def(self.code(c)).statics.iter().map(|s| if let Static::IceStrengthBy(f) = s { f(self, c, ice) } else { 0 }).sum::<i64>())
            .sum();
        let corp: i64 = self
            .installed_corp()
            .into_iter()
            .filter(|&c| self.rezzed(c))
            .map(|c| def(self.code(c)).statics.iter().map(|s| if let Static::CorpIceStrength(f) = s { f(self, c, ice) } else { 0 }).sum::<i64>())
            .sum();
        (base + bonus + plus + corp - minus + runner).max(0)
    }

    /// The rez cost of an ice now: printed, the run's extra, and the Runner's constant effects
    /// (`Static::IceRezCost`).
    pub fn ice_rez_cost(&self, ice: u32) -> i64 {
        let extra = self.run.as_ref().map_or(0, |r| r.ice_rez_extra);
        let more: i64 = self.active_statics(1).iter().map(|s| if let Static::IceRezCost(n) = s { *n } else { 0 }).sum();
        (self.def(ice).cost.unwrap_or(0) + extra + more - self.corp_rez_reduction(ice)).max(0)
    }

    /// How much rezzed Corp cards lower `card`'s rez cost now (`Static::CorpRezCheaper`).
    pub fn corp_rez_reduction(&self, card: u32) -> i64 {
        self.installed_corp()
            .into_iter()
            .filter(|&c| self.rezzed(c))
            .map(|c| def(self.code(c)).statics.iter().map(|s| if let Static::CorpRezCheaper(f) = s { f(self, c, card) } else { 0 }).sum::<i64>())
            .sum()
    }

    /// The rez cost of an asset or upgrade now: printed, less the Corp's reductions.
    pub fn corp_rez_cost(&self, card: u32) -> i64 {
        (self.def(card).cost.unwrap_or(0) - self.corp_rez_reduction(card)).max(0)
    }

    /// NR-2.5.
    pub fn max_hand(&self, seat: u32) -> i64 {
        let plus: i64 = self.active_statics(seat).iter().map(|s| if let Static::MaxHand(n) = s { *n } else { 0 }).sum();
        if seat == CORP {
            self.options.max_hand_size + plus
        } else {
            self.options.max_hand_size - self.runner.core_damage + plus
        }
    }

    /// NR-3.4: memory units.
    pub fn memory_limit(&self) -> i64 {
        let plus: i64 = self.active_statics(1).iter().map(|s| if let Static::Memory(n) = s { *n } else { 0 }).sum();
        4 + plus
    }

    /// The cards the Corp must trash from HQ, as an additional cost, to trash `resource` with
    /// its basic action (`Static::TrashActionHqCards` of the Runner's identity and installed
    /// cards, added up).
    pub fn trash_action_hq_cards(&self, resource: u32) -> u32 {
        let of = |code: &str, this: u32| -> u32 {
            def(code).statics.iter().map(|s| if let Static::TrashActionHqCards(f) = s { f(self, this, resource) } else { 0 }).sum()
        };
        let mut n = of(&self.runner.identity, cards::NO_CARD);
        for c in self.installed_runner() {
            n += of(self.code(c), c);
        }
        n
    }

    /// Whether `ice` has subtype `t`: printed, gained from a Runner card it hosts
    /// (`Static::HostIceGains`), or gained by a card's effect while it stays rezzed (`Card::gained`).
    pub fn ice_has_subtype(&self, ice: u32, t: &str) -> bool {
        self.def(ice).has_subtype(t)
            || self.runner.programs.iter().any(|&p| {
                self.card(p).is_some_and(|k| k.host == Some(ice))
                    && def(self.code(p)).statics.iter().any(|s| matches!(s, Static::HostIceGains(ts) if ts.contains(&t)))
            })
            || self.card(ice).is_some_and(|k| k.rezzed && k.gained.iter().any(|g| g == t))
    }

    /// Whether an installed Corp card can be advanced (agendas, and cards that say so).
    pub fn advanceable(&self, card: u32) -> bool {
        self.def(card).ctype == CardType::Agenda || def(self.code(card)).statics.iter().any(|s| matches!(s, Static::Advanceable))
    }

    /// Install cost of a Runner card now.
    pub fn runner_install_cost(&self, card: u32) -> i64 {
        let base = self.def(card).cost.unwrap_or(0);
        let own: i64 = def(self.code(card))
            .statics
            .iter()
            .map(|s| match s {
                Static::CheaperAfterRun(n) if self.flags.successful_run => *n,
                Static::InstallCheaper(f) => f(self, card),
                _ => 0,
            })
            .sum();
        // The same discount from two copies does not stack.
        let first_program = if self.def(card).ctype == CardType::Program && !self.flags.program_installed {
            self.active_statics(1).iter().map(|s| if let Static::FirstProgramCheaper(n) = s { *n } else { 0 }).max().unwrap_or(0)
        } else {
            0
        };
        (base - own - first_program - self.flags.install_discount).max(0)
    }

    /// Whether a program must be installed on a piece of ice (a Trojan).
    pub fn is_trojan(&self, card: u32) -> bool {
        self.def(card).has_subtype("Trojan")
    }

    fn icebreakers(&self) -> i64 {
        self.runner.programs.iter().filter(|&&p| self.def(p).has_subtype("Icebreaker")).count() as i64
    }

    /// A break's cost now.
    pub fn break_cost(&self, breaker: u32) -> i64 {
        let d = def(self.code(breaker));
        let less: i64 = d.statics.iter().map(|s| if let Static::BreakCheaper(f) = s { f(self, breaker) } else { 0 }).sum();
        match d.breaker {
            Some(b) if self.flags.successful_run => b.break_cost - b.break_discount_after_run - less,
            Some(b) => b.break_cost - less,
            None => 1,
        }
    }

    /// Strength a pump of `breaker` adds.
    pub fn pump_amount(&self, breaker: u32) -> i64 {
        match def(self.code(breaker)).breaker.map(|b| b.pump) {
            Some(Pump::By(n)) => n,
            Some(Pump::PerIcebreaker) => self.icebreakers(),
            Some(Pump::Never) => 0,
            None => 1,
        }
    }

    /// A pump of `breaker`'s cost now (its printed pump cost, less its own discounts).
    pub fn pump_cost(&self, breaker: u32) -> i64 {
        let d = def(self.code(breaker));
        let less: i64 = d.statics.iter().map(|s| if let Static::PumpCheaper(f) = s { f(self, breaker) } else { 0 }).sum();
        d.breaker.map_or(1, |b| b.pump_cost - less).max(0)
    }

    /// The breaker's strength in this encounter (printed, constant bonus, pumps).
    pub fn breaker_strength(&self, b: u32) -> i64 {
        let bonus = if def(self.code(b)).breaker.is_some_and(|x| x.strength_per_icebreaker) { self.icebreakers() } else { 0 };
        let own: i64 = def(self.code(b)).statics.iter().map(|s| if let Static::BreakerStrength(f) = s { f(self, b) } else { 0 }).sum();
        // Installed Runner cards hosted on this breaker that give their host strength.
        let hosted: i64 = self
            .runner
            .hardware
            .iter()
            .chain(self.runner.programs.iter())
            .filter(|&&k| self.card(k).and_then(|x| x.host) == Some(b))
            .flat_map(|&k| def(self.code(k)).statics.iter())
            .map(|s| if let Static::HostStrength(n) = s { *n } else { 0 })
            .sum();
        let bonus = bonus + own + hosted;
        let base = self.def(b).strength.unwrap_or(0) + bonus;
        let corp: i64 = if self.def(b).has_subtype("Icebreaker") {
            self.active_statics(CORP).iter().map(|s| if let Static::IcebreakerStrength(f) = s { f(self) } else { 0 }).sum()
        } else {
            0
        };
        // Modifications add up; the result is never below 0.
        let pumps = self.run.as_ref().map_or(0, |r| r.pumps.iter().chain(r.run_pumps.iter()).filter(|(p, _)| *p == b).map(|(_, n)| n).sum::<i64>());
        (base + corp + pumps).max(0)
    }

    /// Whether `ice` is installed protecting a remote server.
    pub fn on_remote(&self, ice: u32) -> bool {
        matches!(self.corp_zone(ice), CorpZone::Ice(s) if Self::is_remote(s))
    }

    /// Whether `code` has a once-per-turn use left this turn, and record its use.
    pub fn use_once_per_turn(&mut self, code: &str) -> bool {
        if self.flags.used.iter().any(|u| u == code) {
            return false;
        }
        self.flags.used.push(code.to_string());
        true
    }

    /// Whether `code` was used this turn (once-per-turn abilities).
    pub fn used_this_turn(&self, code: &str) -> bool {
        self.flags.used.iter().any(|u| u == code)
    }

    /// The first active Runner card with a constant effect matching `f`.
    pub fn runner_static<T>(&self, f: impl Fn(&Static) -> Option<T>) -> Option<(u32, T)> {
        self.installed_runner().into_iter().find_map(|c| def(self.code(c)).statics.iter().find_map(&f).map(|t| (c, t)))
    }

    /// The additional clicks playing operation `card` costs ("Double").
    pub fn play_extra_clicks(&self, card: u32) -> i64 {
        def(self.code(card)).statics.iter().map(|s| if let Static::PlayExtraClicks(n) = s { *n } else { 0 }).sum()
    }

    /// Whether rezzing `card` also costs 1 bad publicity or 1 tag.
    pub fn rez_costs_bad_publicity_or_tag(&self, card: u32) -> bool {
        def(self.code(card)).statics.iter().any(|s| matches!(s, Static::RezBadPublicityOrTag))
    }

    /// The credits of `card`'s rez cost an agenda forfeited as it is rezzed pays (0: none).
    pub fn forfeit_pays_rez(&self, card: u32) -> i64 {
        def(self.code(card)).statics.iter().map(|s| if let Static::ForfeitPaysRez(n) = s { *n } else { 0 }).sum()
    }

    /// Whether non-ice Corp card `card` may be installed in the root of `server` (NR-3.4: agendas
    /// and assets only in remote servers; a "remote server only" upgrade too,
    /// `Static::RemoteServerOnly`).
    pub fn may_install_root_in(&self, card: u32, server: u32) -> bool {
        let remote_only = matches!(self.def(card).ctype, CardType::Agenda | CardType::Asset)
            || def(self.code(card)).statics.iter().any(|s| matches!(s, Static::RemoteServerOnly));
        !remote_only || Game::is_remote(server)
    }

    /// What playing operation or event `card` on `target` costs: its printed cost, or X for a
    /// card whose cost is X (`Static::PlayCostX`).
    pub fn play_cost(&self, card: u32, target: Option<u32>) -> i64 {
        let x = def(self.code(card)).statics.iter().find_map(|s| if let Static::PlayCostX(f) = s { Some(*f) } else { None });
        match (x, target) {
            (Some(f), Some(t)) => f(self, t),
            _ => self.def(card).cost.unwrap_or(0),
        }
    }

    /// Whether the Corp may create a new remote server now (its identity's "Limit N remote
    /// servers", `Static::RemoteServerLimit`).
    pub fn new_remote_allowed(&self) -> bool {
        let limit = def(&self.corp.identity).statics.iter().find_map(|s| if let Static::RemoteServerLimit(n) = s { Some(*n) } else { None });
        limit.is_none_or(|n| self.corp.servers.iter().filter(|s| Game::is_remote(s.id)).count() < n)
    }

    /// The trash cost of a Corp card now (NR-7.4): printed, plus what rezzed Corp cards add
    /// (`Static::TrashCostPlus`), each from the server it is installed in; a persistent one
    /// trashed during this access (CR 1.16, `Access::persistent`) still adds, from the server
    /// accessed. `None` for a card without one.
    pub fn trash_cost(&self, card: u32) -> Option<i64> {
        let printed = self.def(card).trash?;
        let installed = self.installed_corp().into_iter().filter(|&c| self.rezzed(c)).filter_map(|c| self.server_of(c).map(|s| (c, s)));
        let gone = self.access.iter().flat_map(|a| a.persistent.iter().filter(|&&c| !self.is_installed(c)).map(move |&c| (c, a.server)));
        let plus: i64 = installed
            .chain(gone)
            .map(|(c, s)| def(self.code(c)).statics.iter().map(|st| if let Static::TrashCostPlus(f) = st { f(self, s, card) } else { 0 }).sum::<i64>())
            .sum();
        Some(printed + plus)
    }

    /// Whether the Runner may make a run on `server` now: a rezzed Corp card may forbid the first
    /// run of the turn on a remote server (`Static::FirstRunNotOnRemote`).
    pub fn may_run_on(&self, server: u32) -> bool {
        if !Game::is_remote(server) || !self.flags.runs.is_empty() {
            return true;
        }
        !self.installed_corp().into_iter().any(|c| self.rezzed(c) && def(self.code(c)).statics.iter().any(|s| matches!(s, Static::FirstRunNotOnRemote)))
    }

    /// Whether `card` may be rezzed now (`Static::RezOnlyDuringCorpTurn`).
    pub fn may_rez_now(&self, card: u32) -> bool {
        self.active == CORP || !def(self.code(card)).statics.iter().any(|s| matches!(s, Static::RezOnlyDuringCorpTurn))
    }

    /// Whether the Corp may install agendas face up (`Static::AgendasInstallFaceup`).
    pub fn agendas_install_faceup(&self) -> bool {
        def(&self.corp.identity).statics.iter().any(|s| matches!(s, Static::AgendasInstallFaceup))
    }
}
