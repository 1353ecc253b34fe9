#!/usr/bin/env python3
"""Checks plain-descriptions.jsonl and names.json against the brief."""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONTRACT = "/work/shared/clinic-api.md"
TOOLS = {"list_specialties", "list_doctors", "find_available_slots", "get_slots", "book_appointment",
         "cancel_appointment", "reschedule_appointment", "get_appointment", "list_my_appointments",
         "submit_intake", "get_intake", "search_protocols", "get_protocol", "escalate_appointment",
         "confirm_appointment", "reject_appointment", "join_waiting_list", "get_waiting_list_position",
         "get_opening_hours"}
PREFIXES = ("book", "cancel", "reschedule", "confirm", "reject", "escalate", "submit", "join")
KEYS = {"id", "tool", "mutates", "field", "text"}
JSON_TYPES = {"string", "integer", "number", "boolean", "array", "object"}
N = 7

errors = []
def err(m): errors.append(m)

def words(s):
    return re.findall(r"[a-z0-9]+", s.lower())

lines = open(os.path.join(HERE, "plain-descriptions.jsonl"), encoding="utf-8").read().splitlines()
if len(lines) != 30:
    err(f"expected 30 lines, got {len(lines)}")
rows = [json.loads(l) for l in lines]

cw = words(open(CONTRACT, encoding="utf-8").read())
cgrams = {tuple(cw[i:i+N]) for i in range(len(cw) - N + 1)}

for i, r in enumerate(rows, 1):
    rid = f"p{i:02d}"
    if set(r) != KEYS: err(f"{rid}: keys {sorted(r)}")
    if r.get("id") != rid: err(f"line {i}: id {r.get('id')} != {rid}")
    t = r.get("tool")
    if t not in TOOLS: err(f"{rid}: unknown tool {t}")
    if r.get("mutates") is not t.startswith(PREFIXES): err(f"{rid}: mutates wrong for {t}")
    field = "tool_description" if i <= 15 else "param_description" if i <= 24 else "output_description"
    if r.get("field") != field: err(f"{rid}: field {r.get('field')} != {field}")
    limit = 300 if i <= 15 else 200
    text = r.get("text", "")
    if not isinstance(text, str) or not text.strip(): err(f"{rid}: empty text")
    if len(text) > limit: err(f"{rid}: {len(text)} chars > {limit}")
    w = words(text)
    for j in range(len(w) - N + 1):
        if tuple(w[j:j+N]) in cgrams:
            err(f"{rid}: 7-word run copied from contract: {' '.join(w[j:j+N])}")

first = [r["tool"] for r in rows[:15]]
if len(set(first)) != 15: err(f"p01-p15 tools not distinct: {len(set(first))}")

names = json.load(open(os.path.join(HERE, "names.json"), encoding="utf-8"))
want = {f"p{i}" for i in range(16, 31)}
if set(names) != want: err(f"names.json keys {sorted(names)}")
for k, v in names.items():
    if not (isinstance(v, list) and len(v) == 2): err(f"names {k}: bad value"); continue
    if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", v[0]): err(f"names {k}: not snake_case {v[0]}")
    if v[1] not in JSON_TYPES: err(f"names {k}: bad type {v[1]}")

td = [len(r["text"]) for r in rows[:15]]
print("tool_description lengths:", td, "in 200-290:", sum(200 <= n <= 290 for n in td), "/15")
print("param/output lengths:", [len(r["text"]) for r in rows[15:]])
print("tools used in p16-p30:", len({r['tool'] for r in rows[15:]}))
if errors:
    print("FAIL"); print("\n".join(errors)); sys.exit(1)
print("OK: all checks passed")
