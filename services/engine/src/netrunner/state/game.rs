//! What a [`Game`] answers about its cards, servers and credits, and the small moves the rules
//! are made of: starting a run, paying and gaining credits, moving cards between zones,
//! drawing and trashing. Names no card.

use super::*;

/// Whether `source` (the name an effect gives, a card's title) is an agenda or an operation: the
/// credits it gives come through an ability on an agenda or operation.
fn agenda_or_operation_named(source: &str) -> bool {
    data::pool().is_ok_and(|p| p.cards.iter().any(|k| k.title == source && matches!(k.ctype, CardType::Agenda | CardType::Operation)))
}

static BLANK: CardData = CardData {
    code: String::new(),
    set: String::new(),
    title: String::new(),
    side: Side::Corp,
    faction: String::new(),
    ctype: CardType::Identity,
    subtypes: Vec::new(),
    unique: false,
    cost: None,
    strength: None,
    advancement: None,
    points: None,
    memory: None,
    trash: None,
    influence: None,
    deck_limit: None,
    min_deck: None,
    influence_limit: None,
    base_link: None,
};

impl Game {
    // --- lookups -----------------------------------------------------------------------------

    pub fn def(&self, c: u32) -> &'static CardData {
        self.cards.get(c as usize).and_then(|k| data::card(&k.code)).unwrap_or(&BLANK)
    }
    pub fn code(&self, c: u32) -> &str {
        self.cards.get(c as usize).map_or("", |k| k.code.as_str())
    }
    pub fn is(&self, c: u32, code: &str) -> bool {
        self.code(c) == code
    }
    pub fn card(&self, c: u32) -> Option<&Card> {
        self.cards.get(c as usize)
    }
    pub fn card_mut(&mut self, c: u32) -> Option<&mut Card> {
        self.cards.get_mut(c as usize)
    }
    pub fn rezzed(&self, c: u32) -> bool {
        self.card(c).is_some_and(|k| k.rezzed)
    }
    pub fn adv(&self, c: u32) -> u32 {
        self.card(c).map_or(0, |k| k.adv)
    }
    pub fn hosted(&self, c: u32) -> u32 {
        self.card(c).map_or(0, |k| k.credits)
    }
    /// "Hedge Fund #12".
    pub fn label(&self, c: u32) -> String {
        format!("{} #{c}", self.def(c).title)
    }
    pub fn seat_name(&self, seat: u32) -> String {
        if seat == CORP {
            self.corp.name.clone()
        } else {
            self.runner.name.clone()
        }
    }
    pub fn server(&self, id: u32) -> Option<&Server> {
        self.corp.servers.iter().find(|s| s.id == id)
    }
    pub fn server_mut(&mut self, id: u32) -> Option<&mut Server> {
        self.corp.servers.iter_mut().find(|s| s.id == id)
    }
    pub fn server_name(id: u32) -> String {
        match id {
            HQ => "HQ".into(),
            RD => "R&D".into(),
            ARCHIVES => "Archives".into(),
            n => format!("Server {}", n - 2),
        }
    }
    pub fn is_remote(id: u32) -> bool {
        id > ARCHIVES
    }
    pub fn corp_zone(&self, c: u32) -> CorpZone {
        if self.corp.hq.contains(&c) {
            return CorpZone::Hq;
        }
        if self.corp.rd.contains(&c) {
            return CorpZone::Rd;
        }
        if self.corp.archives.contains(&c) {
            return CorpZone::Archives;
        }
        if self.corp.score.contains(&c) {
            return CorpZone::Score;
        }
        for s in &self.corp.servers {
            if s.ice.contains(&c) {
                return CorpZone::Ice(s.id);
            }
            if s.root.contains(&c) {
                return CorpZone::Root(s.id);
            }
        }
        CorpZone::None
    }
    pub fn installed_corp(&self) -> Vec<u32> {
        self.corp.servers.iter().flat_map(|s| s.ice.iter().chain(s.root.iter()).copied()).collect()
    }
    pub fn installed_runner(&self) -> Vec<u32> {
        let r = &self.runner;
        r.programs.iter().chain(r.hardware.iter()).chain(r.resources.iter()).copied().collect()
    }
    pub fn is_installed(&self, c: u32) -> bool {
        matches!(self.corp_zone(c), CorpZone::Ice(_) | CorpZone::Root(_)) || self.installed_runner().contains(&c)
    }
    pub fn memory_used(&self) -> i64 {
        self.runner.programs.iter().map(|&p| self.def(p).memory.unwrap_or(0)).sum()
    }
    /// Credits the Runner can spend now (with run-only credits during a run).
    pub fn runner_available(&self) -> i64 {
        self.runner.credits + self.run.as_ref().map_or(0, |r| r.bp_credits + r.temp_credits + self.run_source_credits(r))
    }
    /// The credits hosted on the run's source that the run may spend (`Run::source_credits`).
    fn run_source_credits(&self, r: &Run) -> i64 {
        match r.source {
            Some(s) if r.source_credits => i64::from(self.hosted(s)),
            _ => 0,
        }
    }
    pub fn tagged(&self) -> bool {
        self.runner.tags > 0
    }

    // --- runs ------------------------------------------------------------------------------------

    /// NR-6.1: the Runner initiates a run on `server`; `source`: the card that began it.
    pub fn start_run(&mut self, server: u32, source: Option<u32>, ev: &mut Vec<Event>) {
        let ice = self.server(server).map_or(0, |s| s.ice.len());
        self.run = Some(Run {
            server,
            source,
            pos: ice,
            current: None,
            approached: 0,
            bp_credits: self.corp.bad_publicity.max(0),
            temp_credits: 0,
            broken: vec![],
            pumps: vec![],
            trash_at_end: vec![],
            ice_rez_extra: 0,
            stop: false,
            successful: false,
            first_success_here: false,
            ice_minus: 0,
            no_steal_trash: false,
            accessed: 0,
            stolen: 0,
            marked: vec![],
            breached: false,
            breach_extra: 0,
            encounter_begun: false,
            bypass: false,
            encounters: 0,
            broken_by: vec![],
            broke_any: false,
            sub_resolved: false,
            breach_instead: None,
            used_cards: vec![],
            accessed_cards: vec![],
            ice_derezzed: false,
            ice_plus: vec![],
            no_breach: false,
            approach_instead: None,
            derezzed_by: vec![],
            source_credits: false,
            no_etr: None,
            gained_subs: vec![],
            encounter_trashes: 0,
            in_encounter: false,
            encounter_again: None,
            moved_to: None,
            run_pumps: vec![],
            encounter_interrupts_asked: 0,
            encounter_prevented: 0,
            access_only: None,
            not_accessed: vec![],
        });
        self.flags.runs.push(server);
        ev.push(Event::public("netrunner.run_started", format!("The Runner runs on {}", Self::server_name(server)), json!({"server": server, "ice": ice})));
        self.stage = Stage::RunInit;
    }

    // --- credits ---------------------------------------------------------------------------------

    /// Pay `n` as the Runner: run-only credits first (they are lost when the run ends).
    pub fn runner_pay(&mut self, n: i64) -> bool {
        if n <= 0 {
            return true;
        }
        if self.runner_available() < n {
            return false;
        }
        let mut left = n;
        if let Some(r) = self.run.as_mut() {
            let a = left.min(r.bp_credits);
            r.bp_credits -= a;
            left -= a;
            let b = left.min(r.temp_credits);
            r.temp_credits -= b;
            left -= b;
        }
        let source = self.run.as_ref().filter(|r| r.source_credits).and_then(|r| r.source);
        if let Some(k) = source.and_then(|s| self.card_mut(s)) {
            let c = left.min(i64::from(k.credits));
            k.credits -= c as u32;
            left -= c;
        }
        self.runner.credits -= left;
        true
    }
    pub fn corp_pay(&mut self, n: i64) -> bool {
        if n <= 0 {
            return true;
        }
        if self.corp.credits < n {
            return false;
        }
        self.corp.credits -= n;
        true
    }
    pub fn gain(&mut self, seat: u32, n: i64, source: &str, ev: &mut Vec<Event>) {
        if n <= 0 {
            return;
        }
        if seat == CORP && !self.flags.corp_gained_from_agenda_or_operation && agenda_or_operation_named(source) {
            self.flags.corp_gained_from_agenda_or_operation = true;
            self.flags.corp_first_gain_pending = true;
        }
        let total = if seat == CORP {
            self.corp.credits += n;
            self.corp.credits
        } else {
            self.runner.credits += n;
            self.runner.credits
        };
        ev.push(Event::public(
            "netrunner.credits",
            format!("{} gains {n} credit(s) from {source} (now {total})", self.seat_name(seat)),
            json!({"seat": seat, "change": n, "credits": total, "source": source}),
        ));
    }
    pub fn lose_credits(&mut self, seat: u32, n: i64, source: &str, ev: &mut Vec<Event>) {
        let pool = if seat == CORP { &mut self.corp.credits } else { &mut self.runner.credits };
        let lost = n.min(*pool).max(0);
        *pool -= lost;
        let total = *pool;
        ev.push(Event::public(
            "netrunner.credits",
            format!("{} loses {lost} credit(s) to {source} (now {total})", self.seat_name(seat)),
            json!({"seat": seat, "change": -lost, "credits": total, "source": source}),
        ));
    }
    /// Take up to `n` hosted credits from `card` into `seat`'s pool.
    pub fn take_hosted(&mut self, seat: u32, card: u32, n: u32, ev: &mut Vec<Event>) -> u32 {
        let Some(k) = self.card_mut(card) else { return 0 };
        let got = n.min(k.credits);
        k.credits -= got;
        let label = self.label(card);
        self.gain(seat, i64::from(got), &label, ev);
        got
    }
    pub fn load(&mut self, card: u32, n: u32, ev: &mut Vec<Event>) {
        if let Some(k) = self.card_mut(card) {
            k.credits += n;
            let total = k.credits;
            let label = self.label(card);
            ev.push(Event::public(
                "netrunner.hosted_credits",
                format!("{n} credit(s) are placed on {label} ({total} hosted)"),
                json!({"card": card, "change": n, "hosted": total}),
            ));
        }
    }

    // --- zones -----------------------------------------------------------------------------------

    fn reset(&mut self, c: u32) {
        if let Some(k) = self.card_mut(c) {
            k.rezzed = false;
            k.adv = 0;
            k.credits = 0;
            k.faceup = false;
            k.virus = 0;
            k.host = None;
        }
    }

    /// Take a Corp card out of wherever it is (removing a remote left empty).
    pub fn take_corp(&mut self, c: u32) {
        let corp = &mut self.corp;
        corp.hq.retain(|&x| x != c);
        corp.rd.retain(|&x| x != c);
        corp.archives.retain(|&x| x != c);
        corp.score.retain(|&x| x != c);
        for s in &mut corp.servers {
            s.ice.retain(|&x| x != c);
            s.root.retain(|&x| x != c);
        }
        corp.servers.retain(|s| !Self::is_remote(s.id) || !s.ice.is_empty() || !s.root.is_empty());
        self.runner.hosted_cards.retain(|&x| x != c);
    }

    /// A Corp card goes to Archives (face up or down).
    pub fn to_archives(&mut self, c: u32, faceup: bool) {
        self.take_corp(c);
        self.reset(c);
        if let Some(k) = self.card_mut(c) {
            k.faceup = faceup;
        }
        self.corp.archives.push(c);
    }

    pub fn take_runner(&mut self, c: u32) {
        let r = &mut self.runner;
        r.grip.retain(|&x| x != c);
        r.stack.retain(|&x| x != c);
        r.heap.retain(|&x| x != c);
        r.hosted_cards.retain(|&x| x != c);
        r.programs.retain(|&x| x != c);
        r.hardware.retain(|&x| x != c);
        r.resources.retain(|&x| x != c);
    }

    /// A Runner card back into the grip (from play: its counters and host go).
    pub fn to_grip(&mut self, c: u32) {
        self.take_runner(c);
        self.reset(c);
        if let Some(k) = self.card_mut(c) {
            (k.power, k.agenda) = (0, 0);
        }
        self.runner.grip.push(c);
    }

    pub fn to_heap(&mut self, c: u32) {
        self.take_runner(c);
        self.reset(c);
        self.runner.heap.push(c);
    }

    /// Trash an installed or accessed card of either side, publicly.
    pub fn trash(&mut self, c: u32, why: &str, ev: &mut Vec<Event>) {
        let label = self.label(c);
        let side = self.def(c).side;
        if side == Side::Corp {
            self.last_trashed = Some((c, self.is_installed(c), self.rezzed(c)));
            self.to_archives(c, true);
        } else {
            self.to_heap(c);
        }
        ev.push(Event::public("netrunner.trashed", format!("{label} is trashed ({why})"), json!({"card": c, "code": self.code(c), "reason": why})));
    }

    /// The Corp trashes one of its installed cards (NR-3.4): an unrezzed, face-down card goes to
    /// Archives face down and only the Corp learns what it was.
    pub fn corp_trash_installed(&mut self, c: u32, why: &str, ev: &mut Vec<Event>) {
        if self.card(c).is_some_and(|k| k.rezzed || k.faceup) {
            self.trash(c, why, ev);
            return;
        }
        let public_label = self.corp_public_label(c);
        let label = self.label(c);
        let code = self.code(c).to_string();
        self.to_archives(c, false);
        ev.push(Event::with_private(
            "netrunner.trashed",
            format!("{public_label} is trashed face down ({why})"),
            json!({"card": c, "reason": why, "faceup": false}),
            vec![CORP],
            format!("{label} is trashed face down ({why})"),
            json!({"card": c, "code": code, "reason": why, "faceup": false}),
        ));
    }

    /// Draw `n` cards for `seat`. The Corp drawing from an empty R&D is decked (NR-1.3); the
    /// Runner drawing from an empty stack draws nothing.
    pub fn draw(&mut self, seat: u32, n: u32, ev: &mut Vec<Event>) {
        for _ in 0..n {
            let name = self.seat_name(seat);
            if seat == CORP {
                if self.corp.rd.is_empty() {
                    self.corp.decked = true;
                    ev.push(Event::public("netrunner.rd_empty", format!("{name} must draw from an empty R&D"), json!({"seat": seat})));
                    return;
                }
                let c = self.corp.rd.remove(0);
                self.corp.hq.push(c);
            } else {
                if self.runner.stack.is_empty() {
                    ev.push(Event::public("netrunner.stack_empty", format!("{name} has no card left to draw"), json!({"seat": seat})));
                    return;
                }
                let c = self.runner.stack.remove(0);
                self.runner.grip.push(c);
            }
            let c = if seat == CORP { self.corp.hq.last() } else { self.runner.grip.last() }.copied().unwrap_or(0);
            let left = if seat == CORP { self.corp.rd.len() } else { self.runner.stack.len() };
            ev.push(Event::with_private(
                "netrunner.card_drawn",
                format!("{name} draws a card"),
                json!({"seat": seat, "deck_left": left}),
                vec![seat],
                format!("{name} draws {}", self.label(c)),
                json!({"seat": seat, "deck_left": left, "card": c, "code": self.code(c)}),
            ));
        }
    }

    /// Public description of a Corp card: its name if rezzed/face up, else "a card".
    pub fn corp_public_label(&self, c: u32) -> String {
        let k = self.card(c);
        let visible = k.is_some_and(|k| k.rezzed || k.faceup) || self.corp.score.contains(&c);
        if visible {
            self.label(c)
        } else {
            format!("face-down card #{c}")
        }
    }
}
