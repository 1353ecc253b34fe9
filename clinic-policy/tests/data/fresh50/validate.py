#!/usr/bin/env python3
"""Validate the frozen plain-descriptions set.
Usage: python3 validate.py [SET_DIR] [CONTRACT]
Defaults: SET_DIR = directory of this script, CONTRACT = /work/shared/clinic-api.md
Exit 0 when all checks pass, 1 otherwise."""
import json, os, re, sys

SET_DIR = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
CONTRACT = sys.argv[2] if len(sys.argv) > 2 else "/work/shared/clinic-api.md"
DATA = os.path.join(SET_DIR, "plain-descriptions.jsonl")
NAMES = os.path.join(SET_DIR, "names.json")
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
JSON_TYPES = {"string", "integer", "number", "boolean", "array", "object", "null"}
RUN = 7
errors = []

def err(msg):
    errors.append(msg)

def field_for(n):
    return "tool_description" if n <= 15 else ("param_description" if n <= 24 else "output_description")

def limit_for(n):
    return 400 if n <= 15 else 250

def words(s):
    return re.findall(r"[a-z0-9]+", s.lower())

def ngrams(ws, n):
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}

# contract n-grams
try:
    contract_grams = ngrams(words(open(CONTRACT, encoding="utf-8").read()), RUN)
except OSError as e:
    err(f"cannot read contract {CONTRACT}: {e}")
    contract_grams = set()

# data file
rows = []
try:
    raw = open(DATA, "rb").read()
    try:
        raw.decode("ascii")
    except UnicodeDecodeError:
        err("data file is not ASCII")
    lines = raw.decode("utf-8", "replace").splitlines()
    if len(lines) != 30:
        err(f"expected 30 lines, got {len(lines)}")
    for ln, line in enumerate(lines, 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f"line {ln}: invalid JSON ({e})")
            rows.append(None)
except OSError as e:
    err(f"cannot read {DATA}: {e}")
    lines = []

KEYS = {"id", "tool", "mutates", "field", "text"}
tools_desc = []
all_tools = set()
for idx, r in enumerate(rows):
    n = idx + 1
    want_id = f"p{n:02d}"
    if r is None:
        continue
    if not isinstance(r, dict):
        err(f"line {n}: not an object"); continue
    if set(r) != KEYS:
        err(f"line {n}: keys {sorted(r)} != {sorted(KEYS)}")
    if r.get("id") != want_id:
        err(f"line {n}: id {r.get('id')!r}, expected {want_id}")
    if r.get("field") != field_for(n):
        err(f"{want_id}: field {r.get('field')!r}, expected {field_for(n)}")
    if not isinstance(r.get("mutates"), bool):
        err(f"{want_id}: mutates must be a JSON boolean")
    tool = r.get("tool")
    if not isinstance(tool, str) or not SNAKE.match(tool):
        err(f"{want_id}: tool {tool!r} is not snake_case")
    else:
        all_tools.add(tool)
        if n <= 15:
            tools_desc.append(tool)
    text = r.get("text")
    if not isinstance(text, str) or not text.strip():
        err(f"{want_id}: text missing or empty"); continue
    if len(text) > limit_for(n):
        err(f"{want_id}: text is {len(text)} chars, limit {limit_for(n)}")
    if not text.isascii():
        err(f"{want_id}: text is not ASCII")
    if n <= 15:
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
        if not 1 <= len(sentences) <= 4:
            err(f"{want_id}: {len(sentences)} sentences, expected 1-4")
    copied = ngrams(words(text), RUN) & contract_grams
    if copied:
        err(f"{want_id}: copies {RUN}+ word run(s) from contract: " +
            "; ".join(" ".join(g) for g in sorted(copied)[:3]))

if len(tools_desc) == 15 and len(set(tools_desc)) != 15:
    err(f"p01-p15 must name 15 distinct tools, got {len(set(tools_desc))}")
elif len(tools_desc) != 15 and rows:
    err(f"p01-p15: only {len(tools_desc)} valid tool names")
# p16-p30 must refer to tools described in p01-p15, with consistent mutates
desc_mut = {r["tool"]: r.get("mutates") for r in rows[:15] if isinstance(r, dict) and "tool" in r}
for r in rows[15:]:
    if isinstance(r, dict) and isinstance(r.get("tool"), str):
        if r["tool"] not in desc_mut:
            err(f"{r.get('id')}: tool {r['tool']!r} not among p01-p15")
        elif r.get("mutates") != desc_mut[r["tool"]]:
            err(f"{r.get('id')}: mutates differs from the tool's p01-p15 entry")

# names.json
try:
    nraw = open(NAMES, "rb").read()
    if not nraw.isascii():
        err("names.json is not ASCII")
    names = json.loads(nraw)
    want = {f"p{n:02d}" for n in range(16, 31)}
    if not isinstance(names, dict) or set(names) != want:
        err(f"names.json keys must be exactly p16..p30")
    else:
        for k, v in sorted(names.items()):
            if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)):
                err(f"names.json {k}: must be [name, json_type]"); continue
            if not SNAKE.match(v[0]):
                err(f"names.json {k}: {v[0]!r} is not snake_case")
            if v[1] not in JSON_TYPES:
                err(f"names.json {k}: {v[1]!r} is not a JSON type")
except (OSError, json.JSONDecodeError) as e:
    err(f"names.json unreadable: {e}")

if errors:
    print("FAIL")
    for e in errors:
        print(" -", e)
    sys.exit(1)
print(f"OK: 30 lines, 15 distinct tools, names.json valid, no {RUN}-word run copied from {CONTRACT}")
