#!/usr/bin/env python3
"""Validate the frozen tool-doc set. Usage: validate.py [SET_DIR] [CONTRACT]"""
import json, os, re, sys

SET_DIR = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
CONTRACT = sys.argv[2] if len(sys.argv) > 2 else "/work/shared/clinic-api.md"
N = 7
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
JSON_TYPES = {"string", "integer", "number", "boolean", "array", "object", "null"}
errors = []
def err(m): errors.append(m)

def field_for(n):
    if 1 <= n <= 15: return "tool_description", 400
    if 16 <= n <= 24: return "param_description", 250
    return "output_description", 250

def words(s): return re.findall(r"[a-z0-9]+", s.lower())
contract_words = words(open(CONTRACT, encoding="utf-8").read())
grams = {tuple(contract_words[i:i+N]) for i in range(len(contract_words) - N + 1)}

path = os.path.join(SET_DIR, "plain-descriptions.jsonl")
raw = open(path, "rb").read()
try: raw.decode("ascii")
except UnicodeDecodeError as e: err(f"plain-descriptions.jsonl not ASCII: {e}")
lines = raw.decode("utf-8", "replace").splitlines()
if len(lines) != 30: err(f"expected 30 lines, got {len(lines)}")
rows = []
for ln, line in enumerate(lines, 1):
    try: r = json.loads(line)
    except Exception as e: err(f"line {ln}: bad JSON {e}"); continue
    if not isinstance(r, dict): err(f"line {ln}: not an object"); continue
    rows.append(r)
    if set(r) != {"id", "tool", "mutates", "field", "text"}:
        err(f"line {ln}: keys {sorted(r)}"); continue
    exp_id = f"p{ln:02d}"
    if r["id"] != exp_id: err(f"line {ln}: id {r['id']!r}, expected {exp_id}")
    ef, lim = field_for(ln)
    if r["field"] != ef: err(f"{r['id']}: field {r['field']!r}, expected {ef}")
    if not isinstance(r["mutates"], bool): err(f"{r['id']}: mutates not boolean")
    if not isinstance(r["tool"], str) or not SNAKE.match(r["tool"]): err(f"{r['id']}: tool not snake_case")
    t = r["text"]
    if not isinstance(t, str) or not t.strip(): err(f"{r['id']}: empty text"); continue
    if len(t) > lim: err(f"{r['id']}: text {len(t)} chars > {lim}")
    if not t.isascii(): err(f"{r['id']}: non-ASCII text")
    w = words(t)
    for i in range(len(w) - N + 1):
        if tuple(w[i:i+N]) in grams:
            err(f"{r['id']}: copies contract run: {' '.join(w[i:i+N])!r}"); break

tools = [r.get("tool") for r in rows[:15]]
if len(set(tools)) != 15: err(f"p01-p15 must name 15 distinct tools, got {len(set(tools))}")
tool_mut = {r.get("tool"): r.get("mutates") for r in rows[:15]}
if tool_mut and not (any(v is True for v in tool_mut.values()) and any(v is False for v in tool_mut.values())):
    err("p01-p15 must mix mutating and read-only tools")
for r in rows[15:]:
    if r.get("tool") not in tool_mut: err(f"{r.get('id')}: tool {r.get('tool')!r} not among p01-p15")
    elif r.get("mutates") != tool_mut[r["tool"]]: err(f"{r.get('id')}: mutates disagrees with {r['tool']}")

try:
    names = json.load(open(os.path.join(SET_DIR, "names.json"), encoding="ascii"))
    exp = {f"p{i}" for i in range(16, 31)}
    if not isinstance(names, dict) or set(names) != exp: err("names.json keys must be exactly p16..p30")
    else:
        for k, v in names.items():
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)):
                err(f"names.json {k}: must be [name, json_type]"); continue
            if not SNAKE.match(v[0]): err(f"names.json {k}: {v[0]!r} not snake_case")
            if v[1] not in JSON_TYPES: err(f"names.json {k}: bad json type {v[1]!r}")
except Exception as e: err(f"names.json unreadable: {e}")

if errors:
    print("FAIL"); [print(" -", e) for e in errors]; sys.exit(1)
print(f"OK: 30 lines, 15 tools, names.json fine, no {N}-word run from contract")
