# The services pictures of where people and things are: beacons placing the blue dot (locate), and
# people and assets followed on a live dashboard (track).

import math

from flat import background, bar, bars, bluedot, card, donut, person, text
from icons import icon
from iso import Iso, beacon, f, plant, room, rooms, slab
from palette import BLUE, BLUE_XL, GREEN, INK, ORANGE, RED, TEAL

from .props import trail
from .registry import SCENES


@SCENES.add
def s_locate():
    iso = Iso(56)
    Wf, Df = 14, 10
    iso.center(Wf, Df, 740, 640)
    out = [background([(1380, 1020, 300, '#cfe0fb', .5), (200, 180, 240, '#d5efe9', .45)])]
    out.append(slab(iso, 0, 0, Wf, Df, 0.5))
    back = [(0.3, 0.3, 3.0, 2.4, 'blue'), (3.5, 0.3, 2.6, 2.4, 'white'), (6.3, 0.3, 3.2, 2.4, 'blue'),
            (9.7, 0.3, 4.0, 2.4, 'white'), (0.3, 3.0, 2.4, 3.0, 'white'), (0.3, 6.3, 2.4, 3.4, 'blue'),
            (11.3, 3.0, 2.4, 2.8, 'blue'), (11.3, 6.1, 2.4, 1.6, 'teal')]
    out.append(rooms(iso, back, h=0.8))
    dot = (7.0, 5.5)
    beacons = [(4.6, 3.9), (9.7, 4.1), (7.9, 8.1)]
    zb = 1.5
    for (bx, by) in beacons:
        r = math.hypot(dot[0] - bx, dot[1] - by)
        out.append(iso.ell(bx, by, 0, r, f'fill="none" stroke="{BLUE}" stroke-width="2" stroke-dasharray="8 9" opacity="0.3"'))
    for (x, y) in [(5.2, 9.2), (10.4, 7.9), (3.2, 8.0)]:
        out.append(plant(iso, x, y))
    out.append(iso.ell(dot[0], dot[1], 0, 1.3, f'fill="{BLUE}" opacity="0.10" stroke="{BLUE}" stroke-opacity="0.45" stroke-width="2"'))
    out.append(iso.ell(dot[0], dot[1], 0, 0.75, f'fill="{BLUE}" opacity="0.13"'))
    dx, dy = iso.p(*dot)
    items = []
    for (bx, by) in beacons:
        px, py = iso.p(bx, by, zb + 0.1)
        b = iso.box(bx - 0.14, by - 0.14, 0, 0.28, 0.28, zb - 0.12, '#e9eef5', '#dfe6ef', '#c3cedd')
        b += beacon(iso, bx, by, zb, rings=3, rstep=0.42)
        line = (f'<line x1="{f(px)}" y1="{f(py)}" x2="{f(dx)}" y2="{f(dy)}" stroke="{BLUE}" stroke-width="2.5" '
                f'stroke-dasharray="10 8" opacity="0.75"/>')
        items.append((bx + by, b, line))
    for _, b, line in sorted(items):
        if _ < sum(dot):
            out.append(b)
    for _, b, line in items:
        out.append(line)
    out.append(bluedot(dx, dy, 18))
    for _, b, line in sorted(items):
        if _ >= sum(dot):
            out.append(b)
    # accuracy card
    cx, cy = 1190, 120
    out.append(card(cx, cy, 300, 150, 26))
    out.append(f'<circle cx="{cx + 70}" cy="{cy + 75}" r="36" fill="{BLUE_XL}"/>')
    out.append(f'<circle cx="{cx + 70}" cy="{cy + 75}" r="20" fill="none" stroke="{BLUE}" stroke-width="4"/>')
    out.append(f'<path d="M{cx + 70} {cy + 45}v12M{cx + 70} {cy + 93}v12M{cx + 40} {cy + 75}h12M{cx + 88} {cy + 75}h12" stroke="{BLUE}" stroke-width="4" stroke-linecap="round"/>')
    out.append(f'<circle cx="{cx + 70}" cy="{cy + 75}" r="6" fill="{BLUE}"/>')
    out.append(text(cx + 130, cy + 88, '±1 m', 44, INK, 700))
    out.append(bar(cx + 132, cy + 108, 120, 10))
    # signal card
    cx, cy = 110, 900
    out.append(card(cx, cy, 330, 190, 26))
    for k, (lvl, val) in enumerate([(0.85, '-58'), (0.62, '-66'), (0.45, '-73')]):
        y0 = cy + 46 + k * 50
        out.append(f'<circle cx="{cx + 44}" cy="{y0}" r="14" fill="{BLUE_XL}"/><circle cx="{cx + 44}" cy="{y0}" r="6" fill="{BLUE}"/>')
        out.append(bar(cx + 72, y0 - 6, 150, 12))
        out.append(bar(cx + 72, y0 - 6, 150 * lvl, 12, [BLUE, TEAL, ORANGE][k]))
        out.append(text(cx + 300, y0 + 9, val, 24, '#6b7a90', 600, 'end'))
    return ''.join(out)


def label_bubble(x, y, col, name, w=70):
    return (f'<g><rect x="{f(x - w / 2)}" y="{f(y - 54)}" width="{w}" height="44" rx="22" fill="#fff" filter="url(#soft)"/>'
            f'<circle cx="{f(x - w / 2 + 22)}" cy="{f(y - 32)}" r="15" fill="{col}"/>{icon(name, x - w / 2 + 22, y - 32, 18, "#fff", 2.4)}'
            f'<circle cx="{f(x + w / 2 - 18)}" cy="{f(y - 32)}" r="6" fill="{GREEN}"/>'
            f'<path d="M{f(x - 7)},{f(y - 11)} L{f(x)},{f(y - 2)} L{f(x + 7)},{f(y - 11)} Z" fill="#fff"/></g>')


@SCENES.add
def s_track():
    out = [background([(1380, 240, 300, '#d5efe9', .55), (200, 1050, 260, '#cfe0fb', .5)])]
    iso = Iso(52)
    Wf, Df = 14, 10
    iso.center(Wf, Df, 600, 640)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5))
    # patrol trails on the floor
    out.append(trail(iso, [(1.0, 5.2), (2.5, 5.2), (4.0, 5.2), (5.0, 5.2), (5.0, 6.5)], TEAL))
    out.append(trail(iso, [(12.8, 4.8), (11.5, 4.8), (10.2, 4.8), (9.0, 4.8), (8.6, 3.6)], BLUE))
    out.append(trail(iso, [(7.5, 9.3), (7.5, 8.2), (7.5, 7.0)], ORANGE))
    # patrol checkpoints
    for (x, y, done) in [(2.5, 4.4, True), (6.8, 4.4, True), (11.5, 6.0, False)]:
        cx, cy = iso.p(x, y)
        out.append(f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="16" ry="9" fill="{GREEN if done else "#cbd5e1"}" opacity="0.9"/>')
    lst = [(0.3, 0.3, 3.4, 3.6, 'blue'), (4.0, 0.3, 3.0, 3.6, 'white'), (7.3, 0.3, 3.0, 2.6, 'teal'),
           (10.6, 0.3, 3.1, 3.6, 'blue'), (0.3, 6.0, 3.4, 3.7, 'white'), (5.8, 6.0, 1.3, 3.7, 'blue'),
           (9.6, 6.0, 4.1, 1.6, 'white'), (9.6, 8.0, 4.1, 1.7, 'blue')]
    parts = [((r[0] + r[2] / 2) + (r[1] + r[3] / 2), room(iso, r[0], r[1], r[2], r[3], 0.85, r[4])) for r in lst]
    # assets: wheelchair-like cart and infusion stand (simple boxes) with tags
    parts.append((8.6 + 3.6, iso.box(8.3, 3.3, 0, 0.6, 0.6, 0.55, '#dbe7fb', '#eef3fb', '#b8cbe9')))
    parts.append((7.5 + 7.0, iso.box(7.2, 6.6, 0, 0.7, 0.9, 0.45, '#fde7c4', '#fdf2de', '#f1c98a')))
    for x, y in [(3.2, 4.4), (12.5, 5.8)]:
        parts.append((x + y, plant(iso, x, y)))
    for _, p in sorted(parts, key=lambda t: t[0]):
        out.append(p)
    # people and tags
    for (x, y, col, k) in [(5.0, 6.5, TEAL, 1.05), (13.0, 4.8, BLUE, 1.0)]:
        pass
    px, py = iso.p(5.0, 6.5)
    out.append(person(px, py, 1.05, shirt=TEAL))
    out.append(label_bubble(px, py - 98, TEAL, 'user'))
    px2, py2 = iso.p(12.8, 4.8)
    out.append(person(px2, py2, 1.0, shirt=BLUE))
    out.append(label_bubble(px2, py2 - 94, BLUE, 'user'))
    ax, ay = iso.p(8.6, 3.6, 0.55)
    out.append(label_bubble(ax, ay - 6, ORANGE, 'tag'))
    bx, by = iso.p(7.55, 7.05, 0.45)
    out.append(label_bubble(bx, by - 6, '#8b5cf6', 'tag'))
    # dashboard
    cx, cy, cw, ch = 1140, 180, 380, 700
    out.append(card(cx, cy, cw, ch, 30))
    for i, c in enumerate(['#f87171', '#fbbf24', '#34d399']):
        out.append(f'<circle cx="{cx + 36 + i * 24}" cy="{cy + 38}" r="7" fill="{c}"/>')
    out.append(f'<circle cx="{cx + cw - 96}" cy="{cy + 38}" r="7" fill="{RED}"/>')
    out.append(text(cx + cw - 30, cy + 47, 'LIVE', 22, RED, 700, 'end'))
    out.append(text(cx + 32, cy + 128, '128', 60, INK, 700))
    out.append(bar(cx + 34, cy + 150, 120, 12, '#d8dfea'))
    out.append(donut(cx + cw - 90, cy + 122, 44, 16, [(0.62, TEAL), (0.25, BLUE), (0.13, ORANGE)]))
    rows = [(TEAL, 'user', GREEN, 0.8), (BLUE, 'user', GREEN, 0.6), (ORANGE, 'tag', GREEN, 0.7), ('#8b5cf6', 'tag', ORANGE, 0.5)]
    for i, (col, nm, st, w) in enumerate(rows):
        y0 = cy + 210 + i * 86
        out.append(f'<rect x="{cx + 22}" y="{y0}" width="{cw - 44}" height="70" rx="18" fill="#f5f8fc"/>')
        out.append(f'<circle cx="{cx + 60}" cy="{y0 + 35}" r="21" fill="{col}"/>')
        out.append(icon(nm, cx + 60, y0 + 35, 24, '#fff', 2.4))
        out.append(bar(cx + 96, y0 + 22, 170 * w, 12, '#4a5a78'))
        out.append(bar(cx + 96, y0 + 42, 120, 9, '#d8dfea'))
        out.append(f'<circle cx="{cx + cw - 52}" cy="{y0 + 35}" r="9" fill="{st}"/>')
    out.append(bars(cx + 34, cy + ch - 150, cw - 68, 110, [5, 8, 6, 9, 12, 10, 7, 11, 9], TEAL, hi=4, hicolor=BLUE, light=0.45))
    return ''.join(out)
