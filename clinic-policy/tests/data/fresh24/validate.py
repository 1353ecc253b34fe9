#!/usr/bin/env python3
"""Validate plain-descriptions.jsonl and names.json (fresh24 held-out set)."""
import json, re, sys, os

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = {"list_specialties", "list_doctors", "find_available_slots", "get_slots",
         "get_appointment", "list_my_appointments", "get_intake", "get_opening_hours",
         "get_protocol", "search_protocols", "get_waiting_list_position",
         "book_appointment", "cancel_appointment", "reschedule_appointment",
         "confirm_appointment", "reject_appointment", "escalate_appointment",
         "submit_intake", "join_waiting_list"}
MUT = ("book", "cancel", "reschedule", "confirm", "reject", "escalate", "submit", "join")
TYPES = {"string", "integer", "number", "boolean", "object", "array", "null"}
CONTRACT = "/work/shared/clinic-api.md"
errs = []

def err(m): errs.append(m)

raw = open(os.path.join(HERE, "plain-descriptions.jsonl"), "rb").read()
try:
    raw.decode("ascii")
except UnicodeDecodeError:
    err("jsonl is not ASCII")
lines = raw.decode("utf-8", "replace").splitlines()
if len(lines) != 30:
    err(f"expected 30 lines, got {len(lines)}")
rows = []
for n, l in enumerate(lines, 1):
    try:
        rows.append(json.loads(l))
    except Exception as e:
        err(f"line {n}: bad JSON: {e}")
for n, r in enumerate(rows, 1):
    exp_id = f"p{n:02d}"
    if set(r) != {"id", "tool", "mutates", "field", "text"}:
        err(f"line {n}: keys {sorted(r)}")
        continue
    if r["id"] != exp_id:
        err(f"line {n}: id {r['id']!r}, expected {exp_id}")
    if r["tool"] not in TOOLS:
        err(f"{r['id']}: unknown tool {r['tool']}")
    if r["mutates"] is not r["tool"].startswith(MUT):
        err(f"{r['id']}: mutates={r['mutates']} wrong for {r['tool']}")
    exp_field = ("tool_description" if n <= 15 else
                 "param_description" if n <= 24 else "output_description")
    if r["field"] != exp_field:
        err(f"{r['id']}: field {r['field']!r}, expected {exp_field}")
    t = r["text"]
    if not isinstance(t, str) or not t.strip():
        err(f"{r['id']}: empty text")
        continue
    lim = 400 if exp_field == "tool_description" else 250
    if len(t) > lim:
        err(f"{r['id']}: {len(t)} chars > {lim}")
    if not t.isascii():
        err(f"{r['id']}: non-ASCII text")
tools15 = [r.get("tool") for r in rows[:15]]
if len(set(tools15)) != 15:
    err(f"p01-p15 need 15 distinct tools, got {len(set(tools15))}")

# names.json
try:
    names = json.load(open(os.path.join(HERE, "names.json")))
    want = {f"p{i:02d}" for i in range(16, 31)}
    if not isinstance(names, dict) or set(names) != want:
        err(f"names.json keys must be exactly p16..p30")
    else:
        for k, v in names.items():
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)):
                err(f"names.json {k}: not [name, type]")
            elif not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", v[0]):
                err(f"names.json {k}: {v[0]!r} not snake_case")
            elif v[1] not in TYPES:
                err(f"names.json {k}: bad json type {v[1]!r}")
    if not open(os.path.join(HERE, "names.json"), "rb").read().isascii():
        err("names.json not ASCII")
except Exception as e:
    err(f"names.json: {e}")

# no run of 7+ words copied from the contract (if readable)
def words(s):
    return re.findall(r"[a-z0-9]+", s.lower())
if os.path.exists(CONTRACT):
    cw = words(open(CONTRACT, encoding="utf-8").read())
    grams = {tuple(cw[i:i + 7]) for i in range(len(cw) - 6)}
    for r in rows:
        w = words(r.get("text", ""))
        for i in range(len(w) - 6):
            if tuple(w[i:i + 7]) in grams:
                err(f"{r['id']}: copies 7 words from contract: {' '.join(w[i:i+7])}")
                break

if errs:
    print("FAIL"); [print(" -", e) for e in errs]; sys.exit(1)
print("OK: 30 lines, ids, keys, mutates, lengths, 15 distinct tools, names.json, ASCII, no 7-word copies")
