#!/usr/bin/env python3
"""An independent verifier of exported Arbiter matches.

    python3 tests/python/verify.py EXPORT_FILE [--public-key HEX] [--orchestrator-key HEX]

A second implementation of the offline audit, written from docs/log.md (the signed chain and the
commit layout) and docs/fairness.md (the randomness scheme) alone: Python's standard library and
the `cryptography` package for Ed25519. It shares no code with `arbiter audit`, so a bug in one is
caught by the other. It checks, in this order, and stops at the first failure:

  1. signed log: every commit's stored bytes, the SHA-256 link to the commit before and the
     orchestrator's Ed25519 signature, under the key the first commit names (or the pinned one),
     and the readable commits equal to what their stored bytes decode to;
  2. structure: versions 1, 2, 3, ... of one match, created first, every seat joined once before
     any decision or draw, the match ended, the secret revealed once after the end;
  3. keys and scheme: the randomness public key (pinned when given), the scheme named;
  4. commitment: SHA-256 of the revealed secret equals the commitment logged at creation;
  5. draws: every draw recomputed from the secret and the seat entropies, no address twice, and
     every outcome signature verified; for scheme v2 (several randomness nodes), every node's
     revealed secret against its commitment, and in every draw each node's share present,
     recomputed and its signature verified, and the values recomputed from the combined shares;
  6. draw sequence: indices 0, 1, 2, ... and each draw the one the log awaited just before it;
  7. seats: a seat that registered a public key when it joined signed every act of its own (each
     decision and a concession) against the commit before it (docs/log.md, "Seat-signed acts"),
     and an unsigned seat's acts carry no signature; per seat, which of the two it is.

It does not replay the rules (the events are checked only as signed parts of the log).
With --check-vectors-v2 it recomputes services/fairness/tests/vectors_v2.json instead.
Exit status: 0 when the match checks out, 1 naming the first problem, 2 when the file cannot be
read at all.
"""

import argparse
import base64
import hashlib
import hmac
import json
import struct
import sys

try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
except ImportError:  # pragma: no cover - said plainly rather than as a traceback
    sys.stderr.write("verify.py needs the `cryptography` package: pip install cryptography\n")
    sys.exit(2)

SCHEME = "arbiter-hmac-sha256-draws/v1"
SCHEME_V2 = "arbiter-hmac-sha256-draws/v2"
LOG_FORMAT_SIGNED = 2
COMMIT_DOMAIN = b"arbiter/log/v2/commit\x00"
SIGNATURE_TRAILER = b"\x7a\x40"  # protobuf key of field 15 (length-delimited), then the length 64
MAX_SHUFFLE = 10_000


class Failure(Exception):
    """The first problem found; the message names the version where there is one."""


# --- protobuf, the little of it the log uses -------------------------------------------------
# A schema maps a field number to (name, type, repeated); a type is one of the scalar names below
# or a nested schema (a dict). Unknown fields are skipped: they are still covered by the signature.

def _varint(buf, pos):
    shift = value = 0
    while True:
        if pos >= len(buf):
            raise ValueError("a varint runs past the end")
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value, pos
        shift += 7
        if shift > 63:
            raise ValueError("a varint longer than 10 bytes")


def _fields(buf):
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 2:
            length, pos = _varint(buf, pos)
            if pos + length > len(buf):
                raise ValueError(f"field {number} runs past the end")
            value, pos = buf[pos:pos + length], pos + length
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ValueError(f"field {number} has the unknown wire type {wire}")
        yield number, wire, value


# Proto3 defaults; "opt_uint" is a member of a oneof or a proto3 `optional`, where 0 is a real
# value (a Shuffle(0) draw) and absence is None.
DEFAULTS = {"uint": 0, "opt_uint": None, "int": 0, "bool": False, "str": "", "bytes": b""}


def _signed(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def decode(buf, schema):
    """A message as a dict of its schema's fields (proto3 defaults for the absent ones)."""
    out = {}
    for name, kind, repeated in schema.values():
        if repeated:
            out[name] = []
        elif isinstance(kind, dict):
            out[name] = None
        else:
            out[name] = DEFAULTS[kind]
    for number, wire, value in _fields(buf):
        if number not in schema:
            continue
        name, kind, repeated = schema[number]
        if isinstance(kind, dict):
            item = decode(value, kind)
        elif kind in ("uint", "opt_uint", "int", "bool"):
            if wire == 2 and repeated:  # packed
                items, pos = [], 0
                while pos < len(value):
                    v, pos = _varint(value, pos)
                    items.append(v)
                out[name].extend(items)
                continue
            item = _signed(value) if kind == "int" else (value != 0 if kind == "bool" else value)
        elif kind == "str":
            item = bytes(value).decode("utf-8")
        else:
            item = bytes(value)
        if repeated:
            out[name].append(item)
        else:
            out[name] = item
    return out


# The messages of proto/arbiter/{log,rules,match}/v1 this verifier reads (field numbers from the
# protos; docs/log.md names the commit's).
DRAW_REQUEST = {1: ("index", "uint", False), 2: ("purpose", "str", False),
                3: ("range", "opt_uint", False), 4: ("shuffle", "opt_uint", False)}
SEAT_SPEC = {1: ("name", "str", False), 2: ("deck", "str", False)}
MATCH_CONFIG = {1: ("ruleset", "str", False), 2: ("seats", SEAT_SPEC, True)}
RANDOMNESS_NODE = {1: ("name", "str", False), 2: ("public_key", "bytes", False), 3: ("commitment", "bytes", False)}
MATCH_CREATED = {1: ("config", MATCH_CONFIG, False), 2: ("randomness_commitment", "bytes", False),
                 3: ("randomness_scheme", "str", False), 4: ("randomness_public_key", "bytes", False),
                 5: ("join_code_hashes", "bytes", True), 6: ("orchestrator_public_key", "bytes", False),
                 7: ("tournament_id", "str", False), 8: ("round", "uint", False), 9: ("table", "uint", False),
                 13: ("randomness_nodes", RANDOMNESS_NODE, True)}
SEAT_JOINED = {1: ("seat", "uint", False), 2: ("entropy", "bytes", False), 3: ("token_hash", "bytes", False),
               4: ("seat_public_key", "bytes", False)}
SPLIT_PART = {1: ("target_id", "str", False), 2: ("amount", "uint", False)}
CHOICE = {1: ("pick", {1: ("option_ids", "str", True)}, False), 2: ("number", "int", False),
          3: ("split", {1: ("parts", SPLIT_PART, True)}, False), 4: ("order", {1: ("item_ids", "str", True)}, False)}
DECISION_INPUT = {1: ("decision_id", "uint", False), 2: ("seat", "uint", False), 3: ("choice", CHOICE, False)}
SEAT_DECISION = {1: ("decision", DECISION_INPUT, False), 2: ("idempotency_key", "str", False),
                 3: ("seat_signature", "bytes", False)}
DRAW_SHARE = {1: ("node", "uint", False), 2: ("share", "bytes", False), 3: ("signature", "bytes", False)}
RANDOM_DRAW = {1: ("request", DRAW_REQUEST, False), 2: ("values", "uint", True), 3: ("signature", "bytes", False),
               4: ("shares", DRAW_SHARE, True)}
COMMIT_INPUT = {1: ("created", MATCH_CREATED, False), 2: ("joined", SEAT_JOINED, False),
                3: ("decision", SEAT_DECISION, False), 4: ("draw", RANDOM_DRAW, False),
                5: ("revealed", {1: ("secret", "bytes", False), 2: ("node_secrets", "bytes", True)}, False),
                6: ("conceded", {1: ("seat", "uint", False), 2: ("seat_signature", "bytes", False)}, False),
                7: ("adjudicated", {1: ("winners", "uint", True), 2: ("ruling", "str", False)}, False),
                8: ("time", {1: ("at_ms", "int", False), 2: ("flagged_seat", "opt_uint", False)}, False)}
RULES_EVENT = {1: ("kind", "str", False), 2: ("text", "str", False), 3: ("detail_json", "str", False),
               4: ("private_to", "uint", True), 5: ("private_text", "str", False),
               6: ("private_detail_json", "str", False)}
AWAITING = {2: ("draw", DRAW_REQUEST, False), 3: ("ended", {}, False)}
COMMIT = {1: ("match_id", "str", False), 2: ("version", "uint", False), 3: ("input", COMMIT_INPUT, False),
          4: ("events", RULES_EVENT, True), 5: ("rules_version", "str", False),
          7: ("written_at_ms", "int", False), 8: ("awaiting", AWAITING, False),
          9: ("log_format", "uint", False), 10: ("prev_hash", "bytes", False), 15: ("signature", "bytes", False)}

INPUT_KINDS = [spec[0] for spec in COMMIT_INPUT.values()]


def input_of(commit):
    present = [k for k in INPUT_KINDS if commit["input"] is not None and commit["input"][k] is not None]
    return (present[0], commit["input"][present[0]]) if len(present) == 1 else (None, None)


# --- the export file -----------------------------------------------------------------------------

def _bytes_reader(file_format):
    if file_format == "arbiter-export/v1":
        return bytes.fromhex
    return lambda s: base64.b64decode(s, validate=True)


def readable(value, kind, as_bytes):
    """A readable (JSON) value brought to the decoder's form, by the schema."""
    if isinstance(kind, dict):
        if value is None:
            return None
        if kind is CHOICE and isinstance(value, dict):
            # v1 files write a choice's ids directly under pick/order ("pick": ["a"]).
            value = dict(value)
            if isinstance(value.get("pick"), list):
                value["pick"] = {"option_ids": value["pick"]}
            if isinstance(value.get("order"), list):
                value["order"] = {"item_ids": value["order"]}
            if isinstance(value.get("split"), list):
                value["split"] = {"parts": value["split"]}
        out = {}
        for name, sub, repeated in kind.values():
            v = value.get(name)
            if repeated:
                out[name] = [readable(x, sub, as_bytes) for x in (v or [])]
            elif isinstance(sub, dict):
                out[name] = readable(v, sub, as_bytes)
            else:
                out[name] = DEFAULTS[sub] if v is None else readable(v, sub, as_bytes)
        return out
    if kind == "bytes":
        return as_bytes(value)
    if kind in ("uint", "opt_uint", "int"):
        return int(value)
    return value


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise SystemExit(f"verify.py: cannot read {path}: {e}") from None
    file_format = doc.get("format")
    if file_format not in ("arbiter-export/v1", "arbiter-export/v2"):
        raise SystemExit(f"verify.py: {path} is not an Arbiter export (format {file_format!r})")
    as_bytes = _bytes_reader(file_format)
    commits = doc.get("commits") or []
    if file_format == "arbiter-export/v1":
        stored = [c.get("stored", "") for c in commits]
    else:
        stored = doc.get("stored_commits") or []
    try:
        stored = [as_bytes(s) for s in stored]
    except ValueError as e:
        raise SystemExit(f"verify.py: {path}: stored bytes that do not decode: {e}") from None
    return doc.get("match_id", ""), commits, stored, as_bytes


# --- 1. the signed chain (docs/log.md) -----------------------------------------------------------

def verify_ed25519(public_key, signature, message):
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
        return True
    except (InvalidSignature, ValueError):
        return False


def check_chain(commits, stored, as_bytes, pinned_key):
    if not stored:
        raise Failure("the export has no commits")
    if len(stored) != len(commits):
        raise Failure(f"the log's signed hash chain breaks at version {len(stored) + 1}: the export carries "
                      f"the stored bytes of {len(stored)} of its {len(commits)} commits")
    decoded, key, previous = [], None, None
    for i, (raw, shown) in enumerate(zip(stored, commits)):
        version = i + 1

        def broken(detail):
            return Failure(f"the log's signed hash chain breaks at version {version}: {detail}")

        try:
            commit = decode(raw, COMMIT)
        except (ValueError, UnicodeDecodeError) as e:
            raise broken(f"the stored bytes do not decode as a commit: {e}") from None
        if commit["log_format"] != LOG_FORMAT_SIGNED:
            raise broken(f"log format {commit['log_format']}; this verifier reads signed logs (format 2) only")
        try:
            same = readable(shown, COMMIT, as_bytes)
        except (ValueError, TypeError, AttributeError) as e:
            raise broken(f"the readable commit does not read: {e}") from None
        if file_match_id := shown.get("match_id"):
            same["match_id"] = file_match_id
        else:  # v1 files leave the match id to the file
            same["match_id"] = commit["match_id"]
        if same != commit:
            raise broken("the readable commit differs from its stored bytes (the file was edited)")
        if i == 0:
            kind, created = input_of(commit)
            if kind != "created":
                raise broken("the first commit must be the match creation")
            key = created["orchestrator_public_key"]
            if pinned_key is not None and pinned_key != key:
                raise Failure(f"the orchestrator key in the log ({key.hex()}) is not the expected one ({pinned_key.hex()})")
        if len(raw) < 66 or raw[-66:-64] != SIGNATURE_TRAILER:
            raise broken("the stored bytes do not end with the 64-byte signature field")
        body, signature = raw[:-66], raw[-64:]
        expected_prev = b"" if previous is None else previous
        if commit["prev_hash"] != expected_prev:
            raise broken("its prev_hash is not the SHA-256 of the commit before it")
        if not verify_ed25519(key, signature, COMMIT_DOMAIN + body):
            raise broken("the orchestrator's signature does not verify")
        previous = hashlib.sha256(raw).digest()
        decoded.append(commit)
    return decoded, key


# --- 2. structure --------------------------------------------------------------------------------

def structure(match_id, commits):
    def malformed(version, detail):
        at = f" at version {version}" if version is not None else ""
        return Failure(f"the export is malformed{at}: {detail}")

    _, created = input_of(commits[0])
    if created["config"] is None:
        raise malformed(1, "the creation has no match configuration")
    seats = len(created["config"]["seats"])
    entropies = [None] * seats
    secret, draws, decisions, ended = None, [], 0, False
    for i, c in enumerate(commits):
        v = c["version"]
        if v != i + 1:
            raise malformed(v, f"commit #{i + 1} has version {v}; versions must run 1, 2, 3, …")
        if c["match_id"] != match_id:
            raise malformed(v, f"the commit belongs to match {c['match_id']!r}, not {match_id!r}")
        kind, body = input_of(c)
        all_joined = all(e is not None for e in entropies)
        if kind is None:
            raise malformed(v, "the commit has no input")
        if kind == "created" and i > 0:
            raise malformed(v, "a second match creation")
        if kind == "joined":
            if body["seat"] >= seats:
                raise malformed(v, f"seat {body['seat']} joins, but the match has {seats} seats")
            if entropies[body["seat"]] is not None:
                raise malformed(v, f"seat {body['seat']} joins twice")
            entropies[body["seat"]] = body["entropy"]
        if kind in ("decision", "draw"):
            if not all_joined:
                raise malformed(v, "a decision or draw before every seat has joined (and given its entropy)")
            if ended:
                raise malformed(v, "a decision or draw after the match ended")
        if kind == "decision":
            decisions += 1
        if kind == "draw":
            req = body["request"]
            if req is None:
                raise malformed(v, "a draw without its request")
            if draw_kind(req)[0] is None:
                raise malformed(v, "a draw request without a kind (range or shuffle)")
            draws.append((v, body))
        if kind in ("conceded", "adjudicated", "time") and ended:
            raise malformed(v, "match control (a concession, a ruling, time) after the match ended")
        if kind == "revealed":
            if secret is not None:
                raise malformed(v, "the secret is revealed twice")
            if not ended:
                raise malformed(v, "the secret is revealed before the match ended")
            secret = body
        if c["awaiting"] is not None and c["awaiting"]["ended"] is not None:
            ended = True
    for s, e in enumerate(entropies):
        if e is None:
            raise malformed(None, f"seat {s} never joined")
    if not ended:
        raise malformed(None, "the match has not ended; export it after the end")
    if secret is None:
        raise malformed(None, "the randomness secret was never revealed")
    return created, entropies, secret, draws, decisions


def draw_kind(req):
    """The member of a draw request's `kind` oneof, and its n."""
    if req["range"] is not None:
        return "range", req["range"]
    if req["shuffle"] is not None:
        return "shuffle", req["shuffle"]
    return None, None


# --- 3-5. the randomness scheme (docs/fairness.md) -------------------------------------------------

def enc_bytes(b):
    return struct.pack(">I", len(b)) + b


def enc_str(s):
    return enc_bytes(s.encode("utf-8"))


def commitment(match_id, secret):
    return hashlib.sha256(enc_str("arbiter/v1/commit") + enc_str(match_id) + enc_bytes(secret)).digest()


def match_key(secret, match_id, entropies):
    for e in entropies:
        if not 16 <= len(e) <= 64:
            raise Failure(f"the randomness check failed: a seat entropy of {len(e)} bytes (16 to 64 allowed)")
    msg = enc_str("arbiter/v1/key") + enc_str(match_id) + b"".join(enc_bytes(e) for e in entropies)
    return hmac.new(secret, msg, hashlib.sha256).digest()


class Words:
    """The word stream of one draw address (§5.1)."""

    def __init__(self, key, purpose, index):
        self.prefix = enc_str("arbiter/v1/draw") + enc_str(purpose) + struct.pack(">Q", index)
        self.key, self.counter, self.words = key, 0, []

    def next(self):
        if not self.words:
            block = hmac.new(self.key, self.prefix + struct.pack(">I", self.counter), hashlib.sha256).digest()
            self.counter += 1
            self.words = list(struct.unpack(">8I", block))
        return self.words.pop(0)

    def uniform(self, n):
        threshold = (1 << 32) - ((1 << 32) % n)
        while True:
            w = self.next()
            if w < threshold:
                return w % n


def draw(key, purpose, index, kind, n):
    words = Words(key, purpose, index)
    if kind == "range":
        return [words.uniform(n)]
    a = list(range(n))
    for i in range(n - 1, 0, -1):
        j = words.uniform(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def outcome_message(match_id, index, purpose, kind, n, values):
    tag = 1 if kind == "range" else 2
    return (enc_str("arbiter/v1/outcome") + enc_str(match_id) + struct.pack(">Q", index) + enc_str(purpose)
            + struct.pack(">BII", tag, n, len(values)) + b"".join(struct.pack(">I", v) for v in values))


def check_draws(match_id, key, public_key, draws):
    seen = set()
    for version, d in draws:
        req = d["request"]
        index, purpose = req["index"], req["purpose"]
        kind, n = draw_kind(req)
        where = f"version {version}: draw {index} ({purpose!r})"
        if (kind == "range" and not 1 <= n <= 0xFFFFFFFF) or (kind == "shuffle" and n > MAX_SHUFFLE):
            raise Failure(f"{where}: {kind}({n}) is not a valid draw")
        if (purpose, index) in seen:
            raise Failure(f"{where}: the address was drawn twice")
        seen.add((purpose, index))
        expected = draw(key, purpose, index, kind, n)
        if expected != d["values"]:
            first = next((i for i, (a, b) in enumerate(zip(d["values"], expected)) if a != b), min(len(expected), len(d["values"])))
            raise Failure(f"{where} does not match the recomputed draw (value #{first} differs)")
        if not verify_ed25519(public_key, d["signature"], outcome_message(match_id, index, purpose, kind, n, d["values"])):
            raise Failure(f"{where}: the outcome signature does not verify")


# --- 3-5 for scheme v2: several randomness nodes (docs/fairness.md, "Scheme v2") ------------------

def node_commitment(match_id, node, public_key, secret):
    return hashlib.sha256(enc_str("arbiter/v2/commit") + enc_str(match_id) + struct.pack(">I", node)
                          + enc_bytes(public_key) + enc_bytes(secret)).digest()


def node_key(secret, match_id, node, entropies):
    for e in entropies:
        if not 16 <= len(e) <= 64:
            raise Failure(f"the randomness check failed: a seat entropy of {len(e)} bytes (16 to 64 allowed)")
    msg = enc_str("arbiter/v2/key") + enc_str(match_id) + struct.pack(">I", node) + b"".join(enc_bytes(e) for e in entropies)
    return hmac.new(secret, msg, hashlib.sha256).digest()


def address(purpose, index, kind, n):
    return enc_str(purpose) + struct.pack(">QBI", index, 1 if kind == "range" else 2, n)


def node_share(key, purpose, index, kind, n):
    return hmac.new(key, enc_str("arbiter/v2/share") + address(purpose, index, kind, n), hashlib.sha256).digest()


def share_message(match_id, node, purpose, index, kind, n, share):
    return (enc_str("arbiter/v2/share-signature") + enc_str(match_id) + struct.pack(">I", node)
            + address(purpose, index, kind, n) + enc_bytes(share))


def combine(match_id, purpose, index, kind, n, shares):
    return hashlib.sha256(enc_str("arbiter/v2/combine") + enc_str(match_id) + address(purpose, index, kind, n)
                          + struct.pack(">I", len(shares)) + b"".join(shares)).digest()


def check_nodes(match_id, nodes, secrets, public_key):
    """Every node's revealed secret against its commitment; returns each node's key K_j."""
    if not 1 <= len(nodes) <= 16:
        raise Failure(f"the randomness check failed: the match names {len(nodes)} randomness nodes (1 to 16 allowed)")
    if public_key is not None and public_key not in [n["public_key"] for n in nodes]:
        raise Failure(f"the public key {public_key.hex()} is not the key of any of the match's randomness nodes")
    if len(secrets) != len(nodes):
        raise Failure(f"the randomness commitment does not hold: {len(secrets)} secrets were revealed for {len(nodes)} nodes")
    for j, (node, secret) in enumerate(zip(nodes, secrets)):
        if len(node["public_key"]) != 32:
            raise Failure(f"the randomness check failed: the public key of node {j} is not 32 bytes")
        if len(secret) != 32 or node_commitment(match_id, j, node["public_key"], secret) != node["commitment"]:
            raise Failure(f"the randomness commitment does not hold: the secret revealed for node {j} does not match its commitment")


def check_draws_v2(match_id, nodes, secrets, entropies, draws):
    keys = [node_key(secret, match_id, j, entropies) for j, secret in enumerate(secrets)]
    seen = set()
    for version, d in draws:
        req = d["request"]
        index, purpose = req["index"], req["purpose"]
        kind, n = draw_kind(req)
        where = f"version {version}: draw {index} ({purpose!r})"
        if (kind == "range" and not 1 <= n <= 0xFFFFFFFF) or (kind == "shuffle" and n > MAX_SHUFFLE):
            raise Failure(f"{where}: {kind}({n}) is not a valid draw")
        if (purpose, index) in seen:
            raise Failure(f"{where}: the address was drawn twice")
        seen.add((purpose, index))
        shares = []
        for j in range(len(nodes)):
            of_node = [s for s in d["shares"] if s["node"] == j]
            if not of_node:
                raise Failure(f"{where}: the share of node {j} is missing")
            if len(of_node) > 1:
                raise Failure(f"{where}: node {j} has two shares")
            shares.append(of_node[0])
        extra = [s for s in d["shares"] if s["node"] >= len(nodes)]
        if extra:
            raise Failure(f"{where}: a share of node {extra[0]['node']}, but the match has {len(nodes)} nodes")
        for j, s in enumerate(shares):
            if s["share"] != node_share(keys[j], purpose, index, kind, n):
                raise Failure(f"{where}: the share of node {j} is not the one its revealed secret gives")
            if not verify_ed25519(nodes[j]["public_key"], s["signature"],
                                  share_message(match_id, j, purpose, index, kind, n, s["share"])):
                raise Failure(f"{where}: the share signature of node {j} does not verify")
        expected = draw(combine(match_id, purpose, index, kind, n, [s["share"] for s in shares]), purpose, index, kind, n)
        if expected != d["values"]:
            first = next((i for i, (a, b) in enumerate(zip(d["values"], expected)) if a != b), min(len(expected), len(d["values"])))
            raise Failure(f"{where} does not match the recomputed draw (value #{first} differs)")


def check_vectors_v2(path, out=print):
    """Recompute every value of services/fairness/tests/vectors_v2.json (docs/fairness.md)."""
    with open(path, encoding="utf-8") as f:
        v = json.load(f)
    match_id, h = v["match_id"], bytes.fromhex
    entropies = [h(e) for e in v["seat_entropies_hex"]]
    keys = []
    for j, node in enumerate(v["nodes"]):
        secret = hmac.new(h(node["master_secret_hex"]), enc_str("arbiter/v1/secret") + enc_str(match_id), hashlib.sha256).digest()
        private = Ed25519PrivateKey.from_private_bytes(h(node["signer_seed_hex"]))
        public = private.public_key().public_bytes_raw()
        key = node_key(secret, match_id, j, entropies)
        got = {"secret_hex": secret.hex(), "public_key_hex": public.hex(),
               "commitment_hex": node_commitment(match_id, j, public, secret).hex(), "node_key_hex": key.hex()}
        for name, value in got.items():
            if node[name] != value:
                raise Failure(f"vectors: node {j} {name} is {value}, the file says {node[name]}")
        keys.append((key, private))
    for d in v["draws"]:
        index, purpose, kind, n = d["index"], d["purpose"], d["kind"], d["n"]
        shares = []
        for j, (key, private) in enumerate(keys):
            share = node_share(key, purpose, index, kind, n)
            message = share_message(match_id, j, purpose, index, kind, n, share)
            logged = d["shares"][j]
            if (share.hex(), message.hex(), private.sign(message).hex()) != (
                    logged["share_hex"], logged["share_message_hex"], logged["signature_hex"]):
                raise Failure(f"vectors: draw {index} ({purpose!r}), node {j}: share, message or signature differs")
            shares.append(share)
        combined = combine(match_id, purpose, index, kind, n, shares)
        if combined.hex() != d["combined_key_hex"] or draw(combined, purpose, index, kind, n) != d["values"]:
            raise Failure(f"vectors: draw {index} ({purpose!r}): the combined key or the values differ")
        out(f"ok draw {index} ({purpose!r}): {len(shares)} shares, combined key and {len(d['values'])} values")
    out("all v2 vectors agree")


# --- 6. the draw sequence ---------------------------------------------------------------------------

def check_sequence(commits):
    next_index, awaiting = 0, None
    for c in commits:
        kind, body = input_of(c)
        if kind == "draw":
            req = body["request"]
            where = f"version {c['version']}: draw {req['index']} ({req['purpose']!r}) is out of sequence"
            if req["index"] != next_index:
                raise Failure(f"{where}: draw indices must run 0, 1, 2, …: expected index {next_index}")
            if awaiting is None or awaiting["draw"] is None:
                raise Failure(f"{where}: the log was not waiting for a draw")
            if awaiting["draw"] != req:
                a = awaiting["draw"]
                raise Failure(f"{where}: the log awaited draw {a['index']} ({a['purpose']!r}), the commit used another")
            next_index = req["index"] + 1
        awaiting = c["awaiting"]


# --- 7. seat-signed acts (docs/log.md, "Seat-signed acts") -----------------------------------------

ACT_DOMAIN = "arbiter/seat/v1/act"


def act_message(match_id, seat, against, decision):
    """What a seat signs: `decision` is (decision_id, choice) or None for a concession."""
    msg = enc_str(ACT_DOMAIN) + enc_str(match_id) + struct.pack(">I", seat) + against
    if decision is None:
        return msg + b"\x02"
    decision_id, choice = decision
    msg += b"\x01" + struct.pack(">Q", decision_id)
    if choice is None:
        return msg
    if choice["pick"] is not None:
        ids = choice["pick"]["option_ids"]
        return msg + b"\x01" + struct.pack(">I", len(ids)) + b"".join(enc_str(i) for i in ids)
    if choice["split"] is not None:
        parts = choice["split"]["parts"]
        return msg + b"\x03" + struct.pack(">I", len(parts)) + b"".join(
            enc_str(p["target_id"]) + struct.pack(">I", p["amount"]) for p in parts)
    if choice["order"] is not None:
        ids = choice["order"]["item_ids"]
        return msg + b"\x04" + struct.pack(">I", len(ids)) + b"".join(enc_str(i) for i in ids)
    return msg + b"\x02" + struct.pack(">q", choice["number"])


def check_seats(match_id, commits, seats):
    keys = {}
    for c in commits:
        kind, body = input_of(c)
        if kind == "joined" and body["seat_public_key"]:
            keys[body["seat"]] = body["seat_public_key"]
    signed = {s: 0 for s in keys}
    for c in commits:
        kind, body = input_of(c)
        if kind == "decision":
            d = body["decision"] or {"seat": 0, "decision_id": 0, "choice": None}
            seat, act, what = d["seat"], (d["decision_id"], d["choice"]), f"decision {d['decision_id']}"
        elif kind == "conceded":
            seat, act, what = body["seat"], None, "concession"
        else:
            continue
        signature = body["seat_signature"]
        key = keys.get(seat)
        where = f"version {c['version']}: the {what} of seat {seat}"
        if key is None:
            if signature:
                raise Failure(f"{where} carries a seat signature, but the seat registered no key")
            continue
        if not signature:
            raise Failure(f"{where} is not signed by the seat's key {key.hex()}: it carries no signature")
        if len(c["prev_hash"]) != 32 or not verify_ed25519(key, signature, act_message(match_id, seat, c["prev_hash"], act)):
            raise Failure(f"{where} is not signed by the seat's key {key.hex()}: the signature does not verify")
        signed[seat] += 1
    return [(s, f"every move signed by the seat's key {keys[s].hex()} ({signed[s]} acts)") if s in keys else (s, "unsigned seat")
            for s in range(seats)]


# --- the whole audit -----------------------------------------------------------------------------

def verify(path, public_key=None, orchestrator_key=None, out=print):
    match_id, shown, stored, as_bytes = load(path)
    commits, orch_key = check_chain(shown, stored, as_bytes, orchestrator_key)
    out(f"ok signed log: {len(commits)} commits chained and signed by the orchestrator key {orch_key.hex()}")
    created, entropies, secret, draws, decisions = structure(match_id, commits)
    out(f"ok structure: {len(commits)} commits, {len(entropies)} seats joined, {decisions} decisions, "
        f"{len(draws)} draws, secret revealed after the end")
    if created["randomness_scheme"] == SCHEME_V2:
        nodes, secrets = created["randomness_nodes"], secret["node_secrets"]
        check_nodes(match_id, nodes, secrets, public_key)
        out(f"ok randomness nodes: {len(nodes)} ({', '.join(n['name'] + ' ' + n['public_key'].hex() for n in nodes)})")
        out(f"ok commitment: each node's revealed secret matches its commitment")
        check_draws_v2(match_id, nodes, secrets, entropies, draws)
        out(f"ok draws: {len(draws)} draws recomputed from {len(nodes)} nodes' shares and {len(entropies)} seat entropies; "
            "every share and its signature verify")
    else:
        check_v1(match_id, created, secret["secret"], entropies, draws, public_key, out)
    check_sequence(commits)
    out("ok draw sequence: indices 0, 1, 2, … each the draw the log awaited")
    for seat, said in check_seats(match_id, commits, len(entropies)):
        out(f"ok seat {seat}: {said}")


def check_v1(match_id, created, secret, entropies, draws, public_key, out):
    key = created["randomness_public_key"]
    if public_key is not None and public_key != key:
        raise Failure(f"the public key in the log ({key.hex()}) is not the expected one ({public_key.hex()})")
    if created["randomness_scheme"] != SCHEME:
        raise Failure(f"the randomness check failed: scheme {created['randomness_scheme']!r}, this verifier knows {SCHEME!r}")
    if len(key) != 32:
        raise Failure("the randomness check failed: the public key is not 32 bytes")
    out(f"ok randomness key: {key.hex()}{' (as expected)' if public_key else ' (taken from the log)'}")
    if len(secret) != 32:
        raise Failure(f"the randomness commitment does not hold: the revealed secret has {len(secret)} bytes, not 32")
    if commitment(match_id, secret) != created["randomness_commitment"]:
        raise Failure("the randomness commitment does not hold: SHA-256 of the revealed secret is not the commitment")
    out(f"ok commitment: {created['randomness_commitment'].hex()} = SHA-256 of the revealed secret")
    check_draws(match_id, match_key(secret, match_id, entropies), key, draws)
    out(f"ok draws: {len(draws)} draws recomputed from the secret and {len(entropies)} seat entropies; every signature verifies")


def main(argv=None):
    p = argparse.ArgumentParser(description="Verify an exported Arbiter match without Arbiter's code "
                                            "(docs/log.md and docs/fairness.md).")
    p.add_argument("export", help="an export file written by `arbiter export` (arbiter-export/v1 or v2)")
    p.add_argument("--public-key", help="the randomness service's public key (hex) to require")
    p.add_argument("--orchestrator-key", help="the orchestrator's public key (hex) to require")
    p.add_argument("--check-vectors-v2", action="store_true",
                   help="EXPORT is services/fairness/tests/vectors_v2.json: recompute every value of it")
    args = p.parse_args(argv)
    if args.check_vectors_v2:
        try:
            check_vectors_v2(args.export)
        except Failure as f:
            print(f"FAIL: {f}")
            return 1
        return 0
    try:
        pk = bytes.fromhex(args.public_key) if args.public_key else None
        ok = bytes.fromhex(args.orchestrator_key) if args.orchestrator_key else None
    except ValueError as e:
        p.error(f"a key is not hex: {e}")
    try:
        verify(args.export, pk, ok)
    except Failure as f:
        print(f"FAIL: {f}")
        return 1
    print("verdict: the match checks out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
