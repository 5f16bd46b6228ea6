#!/usr/bin/env python3
# scorejudge.py OUTDIR: joins judge-verdicts.json with judge-key.json
import sys, json, os
d = sys.argv[1]
key = {k['item']: k for k in json.load(open(os.path.join(d, 'judge-key.json')))}
ver = json.load(open(os.path.join(d, 'judge-verdicts.json')))
tot = {'new': [0, 0, 0], 'base': [0, 0, 0]}
for v in ver:
    k = key[v['item']]
    t = tot[k['engine']]
    t[2] += 1
    if v['verdict'] == 'yes': t[0] += 1
    elif v['verdict'] == 'partial': t[1] += 1
for e, (y, p, n) in tot.items():
    print(f"{e}: settles {y}/{n} = {100*y/max(n,1):.1f}%, partial {p}, no {n-y-p}")
