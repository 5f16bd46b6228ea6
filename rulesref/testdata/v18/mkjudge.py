#!/usr/bin/env python3
# mkjudge.py BATCHES(comma) NEWBIN BASEBIN OUTDIR
# For every rules question (game != none) of the batches, runs both binaries'
# `bosun rules search Q` (human output, no game, empty data dir) and keeps the
# first block a player reads (up to the first blank line). Items are shuffled
# and labelled A/B per question so a judge cannot tell the engines apart.
import sys, json, yaml, subprocess, random, os
batches, newbin, basebin, out = sys.argv[1].split(','), sys.argv[2], sys.argv[3], sys.argv[4]
os.makedirs(out, exist_ok=True)
env = dict(os.environ, BOSUN_DATA_DIR='/tmp/emptydd', COLUMNS='2000', NO_COLOR='1')
def first_block(bin, q):
    r = subprocess.run([bin, 'rules', 'search', q], capture_output=True, text=True, env=env)
    text = r.stdout if r.stdout.strip() else r.stderr
    # the first block a player reads, without the results' bare headings
    # and id lines: the answer sentences (the first result's, and any
    # further result's that shows one, named by its game) and any scope
    # note above them
    import re
    block, started, in_title = [], False, False
    for line in text.splitlines():
        if not line.strip():
            if started: break
            continue
        started = True
        if re.match(r'^\d+\. ', line):
            # the first result's title (it may wrap) runs to its id line
            in_title = line.startswith('1. ')
            continue
        m = re.match(r'^   [a-z0-9-]+/[^ ]+ \u00b7 (.*)$', line)
        if m:
            block.append('[' + m.group(1).strip() + ']')
            in_title = False
            continue
        if in_title:
            continue
        block.append(line.strip())
    return ' '.join(block)
rng = random.Random(18)
items, key = [], []
n = 0
for b in batches:
    for e in yaml.safe_load(open(b)):
        if e.get('game') in (None, 'none') or not e.get('expect'):
            continue
        n += 1
        lines = {'new': first_block(newbin, e['q']), 'base': first_block(basebin, e['q'])}
        order = ['new', 'base']; rng.shuffle(order)
        same = lines['new'] == lines['base']
        for lab, eng in zip('AB', order):
            items.append({'item': f'{n}{lab}', 'question': e['q'], 'game': e['game'], 'truth': e['expect'], 'answer_line': lines[eng]})
            key.append({'item': f'{n}{lab}', 'engine': eng, 'same': same})
rng.shuffle(items)
json.dump(items, open(os.path.join(out, 'judge-items.json'), 'w'), indent=1)
json.dump(key, open(os.path.join(out, 'judge-key.json'), 'w'), indent=1)
print(n, 'questions,', len(items), 'items')
