#!/usr/bin/env python3
"""Writes the netrunner card data in the project's own form (numbers and names, never card text)
from NetrunnerDB's published files (shared/data/netrunner/).

    python3 make_tsv.py ../../../../../shared/data/netrunner/tai.json > tai.tsv   # one set's table
    python3 make_tsv.py --reprints ../../../../../shared/data/netrunner > reprints.tsv
    python3 make_tsv.py --formats ../../../../../shared/data/netrunner > formats.tsv
    python3 make_tsv.py --all ../../../../../shared/data/netrunner                # all of them, here

A set table's columns are those of sg.tsv (see docs/adding-a-card.md). `reprints.tsv` names the
cards printed under two codes (NetrunnerDB's printings.json gives both codes one card id): a
deck counts their copies together and either code may be listed; the engine knows the card by
its code in the larger set. `formats.tsv` holds each format's snapshots that Arbiter can play:
those whose card pool is made of sets with a table here and whose ban list file is in the data
(docs/netrunner.md, "Formats"). Run again when the published data changes; the engine's tests
check every table it reads.
"""
import json
import os
import sys

COLUMNS = ["code", "title", "side", "faction", "type", "subtypes", "unique", "cost", "strength",
           "advancement", "points", "memory", "trash", "influence", "deck_limit", "min_deck",
           "influence_limit", "base_link"]

# Every set with a table, in the order the engine reads them (data.rs SET_TABLES).
NAMES = {"sg": "System Gateway", "tai": "The Automata Initiative",
         "rwr": "Rebellion Without Rehearsal", "elev": "Elevation",
         "df": "Downfall", "ur": "Uprising", "urbp": "Uprising Booster Pack",
         "ms": "Midnight Sun", "msbp": "Midnight Sun Booster Pack", "ph": "Parhelion"}

# The formats, in the order of the match option `format` (data.rs Format::ALL): name, display
# name, what it is, and NetrunnerDB's folder of its snapshots (None: one fixed pool).
FORMATS = [
    ("system_gateway", "System Gateway", "the 77-card starter set", None),
    ("startup", "Startup", "the organised-play format for new and returning players", "startup"),
    ("standard", "Standard", "the competitive organised-play format", "standard"),
]


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


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def set_table(path):
    cards = load(path)
    pack = cards[0]["pack_code"]
    out = [f"# {NAMES.get(pack, pack)} ({pack}) card numbers and names, from NetrunnerDB's pack/{pack}.json. No card text.",
           "# '-' means none. subtypes are separated by '|'. Written by make_tsv.py.",
           "\t".join(COLUMNS)]
    for c in sorted(cards, key=lambda c: c["code"]):
        out.append("\t".join(row(c)))
    return "\n".join(out) + "\n"


def tables(data):
    """code -> card of every set with a table; pack -> number of cards."""
    cards, sizes = {}, {}
    for pack in NAMES:
        for c in load(os.path.join(data, pack + ".json")):
            cards[c["code"]] = c
            sizes[pack] = sizes.get(pack, 0) + 1
    return cards, sizes


def printings(data):
    """card id -> codes, over every format folder's printings.json."""
    ids = {}
    for _, _, _, folder in FORMATS:
        if folder is None:
            continue
        for code, p in load(os.path.join(data, folder, "printings.json")).items():
            codes = ids.setdefault(p["card_id"], [])
            if code not in codes:
                codes.append(code)
    return ids


def canonical_codes(data):
    """card id -> the code the engine knows it by: of its printings, the one in the larger set."""
    cards, sizes = tables(data)
    out = {}
    for card_id, codes in printings(data).items():
        known = [c for c in codes if c in cards]
        if known:
            out[card_id] = max(sorted(known), key=lambda c: sizes[cards[c]["pack_code"]])
    return out


def reprints(data):
    cards, _ = tables(data)
    canon = canonical_codes(data)
    out = ["# Cards printed under two codes: NetrunnerDB's printings.json gives both one card id. A deck",
           "# counts their copies together and may list either code; the engine knows the card by `card`",
           "# (its code in the larger set), `code` is its other printing. Written by make_tsv.py.",
           "code\tcard\ttitle"]
    rows = []
    for card_id, codes in printings(data).items():
        for code in codes:
            if code in cards and card_id in canon and code != canon[card_id]:
                rows.append((code, canon[card_id], cards[code]["title"]))
    for r in sorted(rows):
        out.append("\t".join(r))
    return "\n".join(out) + "\n"


def formats(data):
    cards, _ = tables(data)
    canon = canonical_codes(data)
    packs = {s["id"]: s["legacy_code"] for s in load(os.path.join(data, "startup", "card_sets.json"))}
    out = ["# The formats a Netrunner match can be played in (docs/netrunner.md, \"Formats\"), in the order of",
           "# the match option `format`, and the snapshots of each that Arbiter can play: NetrunnerDB's",
           "# snapshots whose card pool is made of sets with a card table here and whose ban list is in the",
           "# data (<format>/format.json, card_pools.json, the ban list files). Written by make_tsv.py.",
           "# kind \"name\": the format's display name (note: what it is); \"snapshot\": a snapshot (value: the",
           "# date its ban list took effect, note: what it is), \"active\" the one a match plays when it names",
           "# none, \"pool\" and \"ban_list\" NetrunnerDB's ids (note: their names), \"set\" a set whose every",
           "# card is in the pool, \"banned\" a card no deck may hold (by the code the engine knows it by;",
           "# its other printing, reprints.tsv, is banned with it). snapshot \"-\": the format has no",
           "# NetrunnerDB snapshot, one fixed pool.",
           "format\tsnapshot\tkind\tvalue\tnote"]
    for name, display, what, folder in FORMATS:
        out.append(f"{name}\t-\tname\t{display}\t{what}")
        if folder is None:
            out.append(f"{name}\t-\tset\tsg\t{NAMES['sg']}")
            continue
        fmt = load(os.path.join(data, folder, "format.json"))
        pools = {p["id"]: p for p in load(os.path.join(data, folder, "card_pools.json"))}
        ids = {code: p["card_id"] for code, p in load(os.path.join(data, folder, "printings.json")).items()}
        title = {card_id: cards[code]["title"] for code, card_id in ids.items() if code in cards}
        for snap in fmt["snapshots"]:
            pool = pools.get(snap["card_pool_id"])
            restriction = snap.get("restriction_id")
            ban_path = os.path.join(data, folder, f"{restriction}.json") if restriction else None
            if pool is None or ban_path is None or not os.path.exists(ban_path):
                continue
            sets = [packs.get(s) for s in pool["card_set_ids"]]
            if not all(s in NAMES for s in sets):
                continue
            ban = load(ban_path)
            sid = snap["id"]
            out.append(f"{name}\t{sid}\tsnapshot\t{ban.get('date_start') or snap['date_start']}\t{pool['name']} with {ban['name']}")
            if snap.get("active"):
                out.append(f"{name}\t{sid}\tactive\t-\t-")
            out.append(f"{name}\t{sid}\tpool\t{pool['id']}\t{pool['name']}")
            out.append(f"{name}\t{sid}\tban_list\t{ban['id']}\t{ban['name']}")
            for s in sorted(sets, key=list(NAMES).index):
                out.append(f"{name}\t{sid}\tset\t{s}\t{NAMES[s]}")
            for card_id in sorted(ban["banned"], key=lambda i: canon[i]):
                out.append(f"{name}\t{sid}\tbanned\t{canon[card_id]}\t{title[card_id]}")
    return "\n".join(out) + "\n"


def main():
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "--reprints":
        sys.stdout.write(reprints(args[1]))
    elif len(args) == 2 and args[0] == "--formats":
        sys.stdout.write(formats(args[1]))
    elif len(args) == 2 and args[0] == "--all":
        here = os.path.dirname(os.path.abspath(__file__))
        files = {f"{pack}.tsv": set_table(os.path.join(args[1], pack + ".json")) for pack in NAMES}
        files["reprints.tsv"] = reprints(args[1])
        files["formats.tsv"] = formats(args[1])
        for name, text in files.items():
            with open(os.path.join(here, name), "w", encoding="utf-8") as f:
                f.write(text)
    elif len(args) == 1:
        sys.stdout.write(set_table(args[0]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
