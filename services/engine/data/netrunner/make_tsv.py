#!/usr/bin/env python3
"""Writes one set's card table (numbers and names, never card text) from NetrunnerDB's set file.

    python3 make_tsv.py ../../../../../shared/data/netrunner/tai.json > tai.tsv

The columns are those of sg.tsv (see docs/adding-a-card.md). Run again when the published data
changes; the engine's tests check every table it reads.
"""
import json
import sys

COLUMNS = ["code", "title", "side", "faction", "type", "subtypes", "unique", "cost", "strength",
           "advancement", "points", "memory", "trash", "influence", "deck_limit", "min_deck",
           "influence_limit", "base_link"]

NAMES = {"sg": "System Gateway", "tai": "The Automata Initiative",
         "rwr": "Rebellion Without Rehearsal", "elev": "Elevation"}


def num(card, key):
    v = card.get(key)
    return "-" if v is None else str(v)


def row(c):
    subtypes = c.get("keywords") or ""
    subs = "|".join(s.strip() for s in subtypes.split(" - ") if s.strip()) or "-"
    # An identity has no influence value of its own (its faction_cost is 0 in the data).
    influence = None if c["type_code"] == "identity" else c.get("faction_cost")
    return [c["code"], c["title"],
            c["side_code"], c["faction_code"], c["type_code"], subs, "1" if c.get("uniqueness") else "0",
            num(c, "cost"), num(c, "strength"), num(c, "advancement_cost"), num(c, "agenda_points"),
            num(c, "memory_cost"), num(c, "trash_cost"), "-" if influence is None else str(influence),
            num(c, "deck_limit"), num(c, "minimum_deck_size"), num(c, "influence_limit"), num(c, "base_link")]


def main():
    path = sys.argv[1]
    cards = json.load(open(path, encoding="utf-8"))
    pack = cards[0]["pack_code"]
    print(f"# {NAMES.get(pack, pack)} ({pack}) card numbers and names, from NetrunnerDB's pack/{pack}.json. No card text.")
    print("# '-' means none. subtypes are separated by '|'. Written by make_tsv.py.")
    print("\t".join(COLUMNS))
    for c in sorted(cards, key=lambda c: c["code"]):
        print("\t".join(row(c)))


if __name__ == "__main__":
    main()
