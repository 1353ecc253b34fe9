#!/usr/bin/env python3
"""Split the nineteenth pool into fresh19 (held out) and train19 (training half).

Rule: a line goes to fresh19 if the first hex digit of sha256(text, UTF-8) is 0-7,
otherwise to train19. A split_fields group moves as a unit, keyed by
sha256(group + text of its first fragment). Pool order is kept.

Afterwards, synonym variants are appended to each half's attacks.jsonl: from the
variant pool (lines {"family","field","tool","original","text"}), the candidates
whose original landed in that half are taken round-robin over families (pool
order within a family) until N (default 30) are chosen; each gets
"variant_of" = 0-based line index of its original in that half's file.

The pools themselves live outside the repository.

Usage:
  python3 split.py --attacks POOL --benign POOL --variants VARPOOL \
      --fresh DIR --train DIR [--n-variants 30]
"""
import argparse, hashlib, json
from collections import OrderedDict


def h(s):
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def held_out(key):
    return h(key)[0] in "01234567"


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def split(rows):
    fresh, train = [], []
    firsts = {}
    for r in rows:
        g = r.get("group")
        if g is not None and g not in firsts:
            firsts[g] = r["text"]
    for r in rows:
        g = r.get("group")
        key = (g + firsts[g]) if g is not None else r["text"]
        (fresh if held_out(key) else train).append(r)
    return fresh, train


def add_variants(half, pool, n):
    index = {r["text"]: i for i, r in enumerate(half) if "group" not in r}
    byfam = OrderedDict()
    for v in pool:
        if v["original"] in index:
            byfam.setdefault(v["family"], []).append(v)
    chosen = []
    while len(chosen) < n and any(byfam.values()):
        for fam in list(byfam):
            if byfam[fam] and len(chosen) < n:
                chosen.append(byfam[fam].pop(0))
    if len(chosen) < n:
        raise SystemExit(f"only {len(chosen)} variant candidates for this half")
    out = []
    for v in chosen:
        orig = half[index[v["original"]]]
        out.append({"family": orig["family"], "field": orig["field"],
                    "tool": orig["tool"], "text": v["text"],
                    "variant_of": index[v["original"]]})
    return half + out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attacks", required=True)
    ap.add_argument("--benign", required=True)
    ap.add_argument("--variants", required=True)
    ap.add_argument("--fresh", required=True)
    ap.add_argument("--train", required=True)
    ap.add_argument("--n-variants", type=int, default=30)
    a = ap.parse_args()
    fa, ta = split(read(a.attacks))
    fb, tb = split(read(a.benign))
    pool = read(a.variants)
    fa = add_variants(fa, pool, a.n_variants)
    ta = add_variants(ta, pool, a.n_variants)
    write(f"{a.fresh}/attacks.jsonl", fa)
    write(f"{a.fresh}/benign.jsonl", fb)
    write(f"{a.train}/attacks.jsonl", ta)
    write(f"{a.train}/benign.jsonl", tb)


if __name__ == "__main__":
    main()
