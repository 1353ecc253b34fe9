#!/usr/bin/env python3
"""Deterministic held-out/train split of the pools.

A line goes to HELD-OUT if the first hex digit of sha256(text) is 0-7, else TRAIN.
A split_fields group is kept together: its key is sha256(group_id + text of the
group's first fragment) (plain concatenation, UTF-8), and both lines follow it.

Usage: split.py POOL_ATTACKS POOL_BENIGN HELDOUT_DIR TRAIN_DIR
Writes attacks.jsonl and benign.jsonl into both directories, in pool order.
(Synonym variants were appended to the attack files afterwards; see README.md.)
"""
import hashlib, json, sys

def heldout(key: str) -> bool:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[0] in "01234567"

def split(path):
    rows = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    first = {}
    for r in rows:
        if "group" in r and r["group"] not in first:
            first[r["group"]] = r["text"]
    h, t = [], []
    for r in rows:
        key = r["group"] + first[r["group"]] if "group" in r else r["text"]
        (h if heldout(key) else t).append(r)
    return h, t

def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    pa, pb, hd, td = sys.argv[1:5]
    for pool, name in ((pa, "attacks.jsonl"), (pb, "benign.jsonl")):
        h, t = split(pool)
        write(f"{hd}/{name}", h)
        write(f"{td}/{name}", t)
        print(name, "heldout", len(h), "train", len(t))
