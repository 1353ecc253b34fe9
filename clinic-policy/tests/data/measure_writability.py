#!/usr/bin/env python3
"""Measure how many rewritten clinic descriptions pass `clinic-mcp check --strict`.

Usage: measure_writability.py SET_DIR CLINIC_MCP_BINARY [REWRITTEN.jsonl ...]

SET_DIR is a set of plain descriptions (fresh2/, fresh3/, fresh4/): its names.json gives, by
case id, the name and JSON type of the parameter ("param") or output property ("output") that
carries a text; the files measured are its rewritten-first.jsonl and rewritten.jsonl unless named.

Each line {"id","tool","mutates","field","text",...} becomes a tool, screened beside its 18
siblings (their names and generic descriptions, so that a text naming a sibling is read as the
served catalogue reads it; before fresh8 the sets were measured in a one-tool catalogue):
- tool_description: the tool named by "tool", the text as its description, an empty
  object inputSchema;
- param_description: the tool with a generic description (GENERIC below) and one
  parameter (names.json "param") whose description is the text;
- output_description: the tool with its generic description and an outputSchema with one
  property (names.json "output") whose description is the text.
Annotations: readOnlyHint = not mutates; destructiveHint = true for cancel_/reject_ tools,
false for the other mutating ones.

A case passes "whole" when the strict screen finds nothing in its catalogue (what the
compile-time macro demands). It passes "text" when every finding is also found in the same
catalogue without the text (the description or the property's description left out): the
finding then belongs to the tool's name or the harness, not to the rewrite. Python 3 stdlib only.
"""
import json
import os
import subprocess
import sys
import tempfile

GENERIC = {
    "list_specialties": "List every specialty of the clinic.",
    "list_doctors": "List the doctors of the clinic.",
    "find_available_slots": "Find open slots of one doctor.",
    "book_appointment": "Book an open slot for the authenticated patient.",
    "cancel_appointment": "Cancel one of the authenticated patient's appointments.",
    "reschedule_appointment": "Move one appointment to another open slot.",
    "get_appointment": "Get one appointment of the authenticated patient.",
    "list_my_appointments": "List the appointments of the authenticated patient.",
    "submit_intake": "Submit the intake form of the authenticated patient.",
    "search_protocols": "Search the care protocols of the clinic.",
    "escalate_appointment": "Escalate one appointment to the oncall nurse.",
    "confirm_appointment": "Confirm one pending appointment.",
    "reject_appointment": "Reject one pending appointment.",
    "get_slots": "Get open slots of one doctor.",
    "join_waiting_list": "Join the waiting list of one doctor.",
    "get_waiting_list_position": "Get the position of the authenticated patient on the waiting list.",
    "get_opening_hours": "Get the opening hours of one clinic location.",
    "get_intake": "Get the latest intake form of one patient.",
    "get_protocol": "Get one care protocol of the clinic.",
}


def generic(name):
    """A sibling's generic description; a tool of a set's own naming gets its name's words
    ("list_available_slots": "List available slots."), and a finding they draw is found
    without the text too, so it does not count against the rewrite."""
    if name in GENERIC:
        return GENERIC[name]
    words = name.split("_")
    return " ".join([words[0].capitalize()] + words[1:]) + "."


# id -> (name, JSON type), per set: SET_DIR/names.json
PARAM = {}
OUTPUT = {}
DESTRUCTIVE = ("cancel_", "reject_")


def tool_for(case, with_text=True):
    name, mutates, field, text = case["tool"], case["mutates"], case["field"], case["text"]
    tool = {
        "name": name,
        "annotations": {
            "readOnlyHint": not mutates,
            "destructiveHint": bool(mutates and name.startswith(DESTRUCTIVE)),
        },
        "inputSchema": {"type": "object", "properties": {}},
    }
    if field == "tool_description":
        if with_text:
            tool["description"] = text
        return tool
    tool["description"] = generic(name)
    if field == "param_description":
        pname, ptype = PARAM[case["id"]]
        prop = {"type": ptype}
        if with_text:
            prop["description"] = text
        tool["inputSchema"]["properties"][pname] = prop
    elif field == "output_description":
        oname, otype = OUTPUT[case["id"]]
        prop = {"type": otype}
        if with_text:
            prop["description"] = text
        tool["outputSchema"] = {"type": "object", "properties": {oname: prop}}
    else:
        raise ValueError("unknown field " + field)
    return tool


def sibling(name):
    """A sibling as the catalogue serves it: its name and a generic description."""
    mutates = not name.startswith(("list_", "get_", "find_", "search_"))
    return {
        "name": name,
        "description": GENERIC[name],
        "annotations": {"readOnlyHint": not mutates},
        "inputSchema": {"type": "object", "properties": {}},
    }


def screen(binary, tool):
    """The findings on `tool`, screened in a catalogue with its 18 siblings (a text that names a
    sibling is read as the served catalogue reads it)."""
    siblings = [sibling(n) for n in GENERIC if n != tool["name"]]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"tools": [tool] + siblings}, f)
        path = f.name
    try:
        run = subprocess.run([binary, "check", "--strict", "--format", "json", path],
                             capture_output=True, text=True)
    finally:
        os.unlink(path)
    if run.returncode not in (0, 1):
        raise RuntimeError(run.stderr)
    return [v for v in json.loads(run.stdout)["violations"] if v.get("tool") == tool["name"]]


def key(v):
    return (v["rule"], v["path"], v["detail"])


def measure(binary, path):
    cases = [json.loads(l) for l in open(path) if l.strip()]
    whole = text_ok = whole_full = 0
    meaning = {}
    for case in cases:
        found = screen(binary, tool_for(case))
        base = {key(v) for v in screen(binary, tool_for(case, with_text=False))}
        own = [v for v in found if key(v) not in base]
        whole += not found
        text_ok += not own
        # the writer's own judgement, made before any checker output ("meaning" in fresh12)
        # ("full" in the sets before fresh16, `true` from it on, "yes" from fresh41 on)
        kept = case.get("meaning_kept", case.get("meaning"))
        whole_full += (not found) and kept in ("full", "yes", True)
        meaning[kept] = meaning.get(kept, 0) + 1
        mark = "PASS" if not found else ("pass-text" if not own else "FAIL")
        print(f"{case['id']} {case['field']:<18} {mark}")
        for v in found:
            tag = "" if v in own else "   (also without the text)"
            print(f"    {v['rule']}: {v['path']}: {v['detail']}{tag}")
    n = len(cases)
    print(f"{path}: whole catalogue clean {whole}/{n}; text adds no finding {text_ok}/{n}; "
          f"meaning kept {json.dumps({json.dumps(k): v for k, v in meaning.items()}, sort_keys=True)}; clean and meaning fully kept {whole_full}/{n}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    here, binary = os.path.abspath(sys.argv[1]), sys.argv[2]
    names = json.load(open(os.path.join(here, "names.json")))
    if "param" not in names:
        # a flat file (fresh14): each case id to its name, grouped by the case's field
        fields = {c["id"]: c["field"] for c in map(json.loads, open(
            os.path.join(here, "plain-descriptions.jsonl"))) if c}
        names = {
            "param": {k: v for k, v in names.items() if fields.get(k) == "param_description"},
            "output": {k: v for k, v in names.items() if fields.get(k) == "output_description"},
        }
    PARAM.update({k: tuple(v) for k, v in names["param"].items()})
    OUTPUT.update({k: tuple(v) for k, v in names["output"].items()})
    for p in sys.argv[3:] or [os.path.join(here, "rewritten-first.jsonl"),
                              os.path.join(here, "rewritten.jsonl")]:
        if os.path.exists(p):
            measure(binary, p)
