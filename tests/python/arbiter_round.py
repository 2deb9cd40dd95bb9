#!/usr/bin/env python3
"""A third-party Arbiter client in Python: not ours, generated from proto/ with grpcio-tools.

It learns the games from ListRulesets, creates a tournament round of matches (both games, one
with constructed decklists) with the platform key, joins every seat with its own Ed25519 key,
plays every match with random legal choices concurrently, each move signed by its seat, and prints each final board from the state typed by the
ruleset's published JSON Schema (`state_schema_json`). With --feed it also follows the round's
public feed on NATS with nats-py (user `feed`), prints its events and results, and checks that it
carried every match's every version once, in order, and one result per match.

Usage: arbiter_round.py --orchestrator 127.0.0.1:50051 [--matches 8] [--seed 7]
                        [--feed nats://127.0.0.1:4222 --feed-password-file .arbiter/secrets/nats/feed.password]
"""

import argparse
import json
import os
import random
import struct
import subprocess
import sys
import threading

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def generate_stubs(out_dir):
    """Generate the Python modules from the repository's protos (so they can never drift)."""
    os.makedirs(out_dir, exist_ok=True)
    proto_dir = os.path.join(ROOT, "proto")
    protos = []
    for dirpath, _, files in os.walk(proto_dir):
        protos += [os.path.join(dirpath, f) for f in files if f.endswith(".proto")]
    cmd = [sys.executable, "-m", "grpc_tools.protoc", "-I", proto_dir,
           "--python_out", out_dir, "--grpc_python_out", out_dir] + sorted(protos)
    subprocess.run(cmd, check=True)
    # protoc's packages need __init__.py files to import as arbiter.match.v1.
    for dirpath, _, _ in os.walk(os.path.join(out_dir, "arbiter")):
        open(os.path.join(dirpath, "__init__.py"), "a").close()
    sys.path.insert(0, out_dir)


# --- the schema-typed state ----------------------------------------------------------------------

class Typed:
    """A JSON value checked against (a small subset of) its JSON Schema: type, required members
    and items. Members are reached as attributes, so a client's code names the schema's fields."""

    def __init__(self, value, schema, path="state"):
        self._path = path
        check(value, schema, path)
        self._value = value
        self._schema = schema

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        props = self._schema.get("properties", {})
        if name not in props:
            raise AttributeError(f"{self._path} has no member {name!r} in its schema")
        return wrap(self._value.get(name), props[name], f"{self._path}.{name}")


def wrap(value, schema, path):
    if isinstance(value, dict):
        return Typed(value, schema, path)
    if isinstance(value, list):
        return [wrap(v, schema.get("items", {}), f"{path}[{i}]") for i, v in enumerate(value)]
    check(value, schema, path)
    return value


JSON_TYPES = {"null": type(None), "boolean": bool, "integer": int, "string": str, "array": list, "object": dict}


def check(value, schema, path):
    types = schema.get("type")
    if types is None:
        return
    types = types if isinstance(types, list) else [types]
    ok = any(isinstance(value, JSON_TYPES[t]) and not (t == "integer" and isinstance(value, bool)) for t in types if t in JSON_TYPES)
    if not ok:
        raise TypeError(f"{path}: {value!r} is not of type {types}")
    if isinstance(value, dict):
        missing = [k for k in schema.get("required", []) if k not in value]
        if missing:
            raise TypeError(f"{path}: missing required {missing}")


def board(ruleset, state):
    """A few lines of the final board, read through the typed state."""
    lines = [f"  turn {state.turn}, stage {state.stage}"]
    if ruleset == "netrunner":
        corp, runner = state.corp, state.runner
        lines.append(f"  Corp   {corp.name:<10} credits {corp.credits:>3}  points {corp.agenda_points}")
        lines.append(f"  Runner {runner.name:<10} credits {runner.credits:>3}  points {runner.agenda_points}")
        winner = state.winner
        if winner is not None:
            lines.append(f"  winner: seat {winner.seat} ({winner.reason})")
    else:
        for p in state.players:
            status = "lost" if p.lost else "standing"
            lines.append(f"  seat {p.seat} {p.name:<8} Mainframe {p.mainframe:>3}  Bioframe {p.bioframe:>3}  {status}")
        lines.append(f"  {len(state.board)} permanents on the board")
    return "\n".join(lines)


# --- playing ---------------------------------------------------------------------------------

def random_choice(m, decision, rng):
    spec = decision.WhichOneof("spec")
    if spec == "pick":
        p = decision.pick
        hi = min(p.max, len(p.options))
        n = rng.randint(p.min, max(p.min, hi))
        ids = [o.id for o in p.options]
        return m.Choice(pick=m.PickChoice(option_ids=rng.sample(ids, n)))
    if spec == "number":
        return m.Choice(number=rng.randint(decision.number.min, decision.number.max))
    if spec == "split":
        amounts = {t.id: 0 for t in decision.split.targets}
        for _ in range(decision.split.amount):
            amounts[rng.choice(list(amounts))] += 1
        return m.Choice(split=m.SplitChoice(parts=[m.SplitPart(target_id=k, amount=v) for k, v in amounts.items()]))
    if spec == "order":
        ids = [i.id for i in decision.order.items]
        rng.shuffle(ids)
        return m.Choice(order=m.OrderChoice(item_ids=ids))
    raise ValueError(f"decision {decision.decision_id} has no spec")


# --- seat-signed moves (docs/log.md, "Seat-signed acts") -----------------------------------

def _str(b):
    return struct.pack(">I", len(b)) + b


def choice_bytes(choice):
    which = choice.WhichOneof("value")
    if which == "pick":
        return b"\x01" + struct.pack(">I", len(choice.pick.option_ids)) + b"".join(_str(i.encode()) for i in choice.pick.option_ids)
    if which == "number":
        return b"\x02" + struct.pack(">q", choice.number)
    if which == "split":
        parts = choice.split.parts
        return b"\x03" + struct.pack(">I", len(parts)) + b"".join(_str(p.target_id.encode()) + struct.pack(">I", p.amount) for p in parts)
    if which == "order":
        return b"\x04" + struct.pack(">I", len(choice.order.item_ids)) + b"".join(_str(i.encode()) for i in choice.order.item_ids)
    raise ValueError("a choice without a value")


def sign_decision(key, match_id, seat, against, decision_id, choice):
    """The seat's signature of its decision, made against the commit whose chain hash is `against`."""
    msg = (_str(b"arbiter/seat/v1/act") + _str(match_id.encode()) + struct.pack(">I", seat) + against
           + b"\x01" + struct.pack(">Q", decision_id) + choice_bytes(choice))
    return key.sign(msg)


def auth(token):
    return (("authorization", f"Bearer {token}"),)


def play(stub, m, match_id, tokens, keys, rng, limit=20000):
    for _ in range(limit):
        view = stub.GetMatch(m.GetMatchRequest(match_id=match_id))
        if view.status == m.MATCH_STATUS_ENDED:
            return view
        seat = view.pending.seat
        pending = stub.GetPendingDecision(m.GetPendingDecisionRequest(match_id=match_id), metadata=auth(tokens[seat]))
        d = pending.decision
        choice = random_choice(m, d, rng)
        signature = sign_decision(keys[seat], match_id, seat, pending.chain_hash, d.decision_id, choice)
        stub.SubmitDecision(
            m.SubmitDecisionRequest(match_id=match_id, decision_id=d.decision_id, choice=choice,
                                    idempotency_key=f"py-{d.decision_id}", seat_signature=signature),
            metadata=auth(tokens[seat]))
    raise RuntimeError(f"match {match_id} did not end within {limit} decisions")


HB = [("30035", 1), ("30036", 1), ("30067", 3), ("30068", 3), ("30069", 1), ("30070", 1), ("30037", 3),
      ("30038", 3), ("30039", 3), ("30040", 3), ("30041", 3), ("30042", 3), ("30072", 3), ("30073", 3),
      ("30074", 3), ("30075", 3), ("30071", 1)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--orchestrator", required=True, help="host:port of the public match API (plaintext)")
    ap.add_argument("--matches", type=int, default=8)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--stubs", default=os.path.join(ROOT, "target", "python-stubs"))
    ap.add_argument("--platform-key-file", default=os.path.join(ROOT, ".arbiter", "secrets", "platform.key"),
                    help="the platform API key (CreateMatch needs it); `arbiter up` writes it there")
    ap.add_argument("--tournament", default="example", help="the tournament id the round is created under")
    ap.add_argument("--feed", default="", help="NATS URL: also follow the round on the public feed (nats-py)")
    ap.add_argument("--feed-password-file", default=os.path.join(ROOT, ".arbiter", "secrets", "nats", "feed.password"),
                    help="the `feed` NATS user's password; `arbiter up` writes it there")
    ap.add_argument("--feed-wait", type=float, default=120.0, help="seconds to wait for the feed to catch up")
    args = ap.parse_args()

    with open(args.platform_key_file) as f:
        platform = auth(f.read().strip())
    generate_stubs(args.stubs)
    import grpc
    from arbiter.match.v1 import match_pb2 as m
    from arbiter.match.v1 import match_pb2_grpc as mg

    stub = mg.MatchServiceStub(grpc.insecure_channel(args.orchestrator))
    games = {r.name: r for r in stub.ListRulesets(m.ListRulesetsRequest()).rulesets}
    for r in games.values():
        print(f"ruleset {r.name} ({r.rules_version}): seats {r.min_seats}-{r.max_seats}, decks {list(r.decks)}, "
              f"{len(r.options)} options, {len(r.decision_kinds)} decision kinds, {len(r.event_kinds)} event kinds")

    feed = None
    if args.feed:
        with open(args.feed_password_file) as f:
            feed = FeedFollower(args.feed, f.read().strip(), args.tournament)
        feed.start()

    # The round: tables alternate between the games; table 1 brings its own netrunner decks.
    tables = []
    for t in range(args.matches):
        ruleset = "netrunner" if t % 2 == 0 else "mainframe"
        seats = [m.SeatSpec(name=f"T{t + 1}-{s}") for s in range(2)]
        if t == 0:
            seats[0].decklist.cards.extend(m.DecklistEntry(card=c, count=n) for c, n in HB)
        created = stub.CreateMatch(m.CreateMatchRequest(ruleset=ruleset, seats=seats, tournament_id=args.tournament,
                                                        round=1, table=t + 1), metadata=platform)
        tokens, keys = [], []
        for s in created.seats:
            # Every seat registers its own Ed25519 key and signs its every move with it.
            key = Ed25519PrivateKey.generate()
            public = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
            joined = stub.JoinMatch(m.JoinMatchRequest(match_id=created.match_id, seat=s.seat, join_code=s.join_code,
                                                       entropy=os.urandom(32), seat_public_key=public))
            tokens.append(joined.seat_token)
            keys.append(key)
        tables.append((t + 1, ruleset, created.match_id, tokens, keys))
        print(f"table {t + 1}: {ruleset} match {created.match_id}")

    results, errors = {}, []

    def run(table):
        number, ruleset, match_id, tokens, keys = table
        try:
            results[number] = play(stub, m, match_id, tokens, keys, random.Random(args.seed * 1000 + number))
        except Exception as e:  # reported below; one table's failure fails the run
            errors.append(f"table {number}: {e}")

    threads = [threading.Thread(target=run, args=(t,)) for t in tables]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1

    for number, ruleset, match_id, _, _ in tables:
        view = results[number]
        schema = json.loads(games[ruleset].state_schema_json)
        state = Typed(json.loads(view.state_json), schema)
        print(f"table {number} ({ruleset}) ended at version {view.version}: {view.result}")
        print(board(ruleset, state))
    print(f"round complete: {len(tables)} matches ended")
    if feed is not None:
        ended = {match_id: results[number].version for number, _, match_id, _, _ in tables}
        problems = feed.check(ended, args.feed_wait)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 1
        print(f"feed complete: {len(ended)} matches, {feed.updates} updates, every version once in order, "
              f"{len(feed.results)} results")
    return 0


class FeedFollower:
    """Follows `feed.<tournament>.>` from its first message in a thread of its own (nats-py, an
    ordered consumer), printing each event and result and keeping every version per match."""

    def __init__(self, url, password, tournament):
        self.url, self.password, self.tournament = url, password, tournament
        self.lock = threading.Lock()
        self.versions = {}  # match id -> versions in the order received
        self.results = {}  # match id -> result messages
        self.updates = 0
        self.error = None

    def start(self):
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        import asyncio
        try:
            asyncio.run(self._follow())
        except Exception as e:  # reported by check()
            self.error = e

    async def _follow(self):
        import nats
        from nats.js.api import ConsumerConfig, DeliverPolicy

        # The feed user may receive only on `feed.>` and its own inbox prefix.
        nc = await nats.connect(self.url, user="feed", password=self.password, inbox_prefix=b"_INBOX_feed")
        js = nc.jetstream()
        sub = await js.subscribe(f"feed.{self.tournament}.>", stream="FEED", ordered_consumer=True,
                                 config=ConsumerConfig(deliver_policy=DeliverPolicy.ALL))
        async for msg in sub.messages:
            body = json.loads(msg.data)
            with self.lock:
                if msg.subject.endswith(".result"):
                    self.results.setdefault(body["match_id"], []).append(body)
                    print(f"feed result {body['match_id']} (table {body['table']}): winners {body['winners']} "
                          f"({body['reason']}) in {body['duration_ms']} ms")
                else:
                    self.versions.setdefault(body["match_id"], []).append(body["version"])
                    self.updates += 1
                    for event in body["events"][:1]:
                        print(f"feed {body['match_id']} v{body['version']}: {event['text']}")

    def check(self, ended, wait):
        """Wait until every match of `ended` (match id -> the version its final view showed) has its
        result and that version on the feed; then every version must have come once, in order."""
        import time
        deadline = time.monotonic() + wait
        while True:
            with self.lock:
                caught_up = all(m in self.results and max(self.versions.get(m, [0])) >= v for m, v in ended.items())
            if caught_up or self.error is not None or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        if self.error is not None:
            return [f"the feed follower failed: {self.error!r}"]
        problems = []
        time.sleep(0.5)  # anything published twice would follow at once
        with self.lock:
            for match_id, last in ended.items():
                got = self.versions.get(match_id, [])
                # (The randomness reveal after the end may be one version more than the view showed.)
                if got != list(range(1, len(got) + 1)) or len(got) < last:
                    problems.append(f"feed: match {match_id} versions {got[:5]}... ({len(got)}), expected 1..{last} or on")
                if len(self.results.get(match_id, [])) != 1:
                    problems.append(f"feed: match {match_id} has {len(self.results.get(match_id, []))} results, expected 1")
            strangers = set(self.versions) - set(ended)
            if strangers:
                problems.append(f"feed: matches outside the round on its subject: {sorted(strangers)}")
        return problems


if __name__ == "__main__":
    sys.exit(main())
