#!/usr/bin/env python3
"""Independent reference check of tests/vectors.json for arbiter-hmac-sha256-draws/v1.

Written from docs/fairness.md alone (standard library hashlib/hmac; Ed25519 via the
`cryptography` package if it is installed). Usage: python3 check_vectors.py [vectors.json]
Exits non-zero on the first disagreement.
"""
import hashlib
import hmac
import json
import os
import struct
import sys


def lp(b):  # length-prefixed bytes / UTF-8 string
    if isinstance(b, str):
        b = b.encode("utf-8")
    return struct.pack(">I", len(b)) + b


def commitment(match_id, secret):
    return hashlib.sha256(lp("arbiter/v1/commit") + lp(match_id) + lp(secret)).digest()


def derive_match_secret(master, match_id):
    return hmac.new(master, lp("arbiter/v1/secret") + lp(match_id), hashlib.sha256).digest()


def match_key(secret, match_id, entropies):
    assert entropies and all(16 <= len(e) <= 64 for e in entropies)
    msg = lp("arbiter/v1/key") + lp(match_id) + b"".join(lp(e) for e in entropies)
    return hmac.new(secret, msg, hashlib.sha256).digest()


class Stream:
    def __init__(self, key, purpose, index):
        self.key, self.prefix = key, lp("arbiter/v1/draw") + lp(purpose) + struct.pack(">Q", index)
        self.counter, self.words, self.rejected = 0, [], 0

    def word(self):
        if not self.words:
            block = hmac.new(self.key, self.prefix + struct.pack(">I", self.counter), hashlib.sha256).digest()
            self.counter += 1
            self.words = list(struct.unpack(">8I", block))
        return self.words.pop(0)

    def uniform(self, n):
        limit = 2**32 - (2**32 % n)  # largest multiple of n <= 2^32
        while True:
            w = self.word()
            if w < limit:
                return w % n
            self.rejected += 1


def draw(key, purpose, index, kind, n):
    s = Stream(key, purpose, index)
    if kind == "range":
        assert n >= 1
        return [s.uniform(n)], s.rejected
    assert kind == "shuffle" and n <= 10_000
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        j = s.uniform(i + 1)
        items[i], items[j] = items[j], items[i]
    return items, s.rejected


def outcome_message(match_id, index, purpose, kind, n, values):
    tag = {"range": 1, "shuffle": 2}[kind]
    return (lp("arbiter/v1/outcome") + lp(match_id) + struct.pack(">Q", index) + lp(purpose)
            + struct.pack(">BII", tag, n, len(values)) + b"".join(struct.pack(">I", v) for v in values))


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "vectors.json")
    v = json.load(open(path))
    h = bytes.fromhex

    def same(what, got, want):
        if got != want:
            sys.exit(f"MISMATCH {what}: computed {got!r}, vectors say {want!r}")
        print(f"ok  {what}")

    assert v["scheme"] == "arbiter-hmac-sha256-draws/v1"
    mid = v["match_id"]
    secret = derive_match_secret(h(v["master_secret_hex"]), mid)
    same("derived secret", secret.hex(), v["secret_hex"])
    same("commitment", commitment(mid, secret).hex(), v["commitment_hex"])
    key = match_key(secret, mid, [h(e) for e in v["seat_entropies_hex"]])
    same("match key", key.hex(), v["match_key_hex"])

    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
        sk = Ed25519PrivateKey.from_private_bytes(h(v["signer_seed_hex"]))
        pk = sk.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        same("public key", pk.hex(), v["public_key_hex"])
    except ImportError:
        sk = None
        print("skip Ed25519 (python package `cryptography` not installed)")

    for d in v["draws"]:
        name = f"draw {d['index']} {d['purpose']!r} {d['kind']}({d['n']})"
        values, rejected = draw(key, d["purpose"], d["index"], d["kind"], d["n"])
        same(f"{name} values (rejected words: {rejected})", values, d["values"])
        msg = outcome_message(mid, d["index"], d["purpose"], d["kind"], d["n"], values)
        same(f"{name} outcome message", msg.hex(), d["outcome_message_hex"])
        if sk is not None:  # Ed25519 is deterministic: signatures must be byte-identical
            same(f"{name} signature", sk.sign(msg).hex(), d["signature_hex"])
    print("all vectors agree")


if __name__ == "__main__":
    main()
