"""Rewrite an arbiter-export/v2 file (proto3 JSON) in the v1 layout the golden logs keep:
bytes as lowercase hex, each commit's stored bytes in its "stored", a commit's match_id left out
when it is the export's, a choice's ids directly under pick/order/split."""
import base64, json, sys

BYTES = {"prev_hash", "signature", "randomness_commitment", "randomness_public_key", "join_code_hashes",
         "orchestrator_public_key", "entropy", "token_hash", "secret", "last_hash", "state", "snapshot"}

def hexify(v):
    if isinstance(v, list):
        return [hexify(x) for x in v]
    return base64.b64decode(v).hex()

def walk(o):
    if isinstance(o, dict):
        for k, v in list(o.items()):
            if k in BYTES and (isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))):
                o[k] = hexify(v)
            else:
                walk(v)
    elif isinstance(o, list):
        for x in o:
            walk(x)

for path in sys.argv[1:]:
    d = json.load(open(path))
    assert d["format"] == "arbiter-export/v2", path
    stored = d.pop("stored_commits", [])
    commits = d["commits"]
    assert len(stored) in (0, len(commits))
    mid = d.get("match_id", "")
    out = []
    for i, c in enumerate(commits):
        walk(c)
        if c.get("match_id") == mid:
            c.pop("match_id")
        ch = c.get("input", {}).get("decision", {}).get("decision", {}).get("choice")
        if ch:
            for member, field in (("pick", "option_ids"), ("order", "item_ids"), ("split", "parts")):
                if isinstance(ch.get(member), dict) and field in ch[member]:
                    ch[member] = ch[member][field]
                elif isinstance(ch.get(member), dict) and not ch[member]:
                    ch[member] = []
        if stored:
            c["stored"] = base64.b64decode(stored[i]).hex()
        out.append(c)
    rest = {k: v for k, v in d.items() if k not in ("format", "commits")}
    walk(rest)
    doc = {"format": "arbiter-export/v1", **rest, "commits": out}
    with open(path, "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print("v1:", path, len(out), "commits")
