# The pictures of the 16 product-service pages (content/images/services/), one scene function each,
# with the props only these scenes use. Each scene returns the SVG body; SCENES wraps it.

import math
import random

from canvas import Scenes
from flat import (background, bar, bars, bluedot, card, donut, line_chart, num_icon, person, phone, pin, qr,
                  svg, text)
from icons import badge, icon
from iso import C30, Iso, beacon, car, cylinder, f, plant, room, rooms, route_path, slab
from palette import BLUE, BLUE_XL, CORAL, FONT, GRAY, GREEN, INK, LINE, ORANGE, PINK, RED, TEAL

SCENES = Scenes(svg)
PNG_QUALITY = '85-99'


def floor_layout(tones):
    base = [(0.3, 0.3, 2.3, 2.0), (2.8, 0.3, 2.0, 2.0), (5.0, 0.3, 2.6, 2.0), (7.8, 0.3, 1.8, 2.0),
            (9.8, 0.3, 1.9, 2.6), (0.3, 2.6, 2.0, 2.2), (0.3, 5.0, 2.0, 2.7), (3.6, 3.4, 2.6, 1.9),
            (6.4, 3.4, 2.0, 1.9), (3.6, 6.3, 2.5, 1.4), (6.3, 6.3, 2.4, 1.4), (9.8, 3.2, 1.9, 1.8)]
    return [b + (t,) for b, t in zip(base, tones)]


@SCENES.add
def s_map():
    iso = Iso(46)
    Wf, Df, gap = 12, 8, 5.5
    iso.center(Wf, Df, 640, 612, z=gap)
    out = [background([(1320, 230, 260, '#cfe0fb', .55), (230, 1050, 280, '#d5efe9', .5)])]
    faded = ['white'] * 12
    active = ['blue', 'white', 'blue', 'teal', 'blue', 'white', 'blue', 'warm', 'blue', 'white', 'blue', 'blue']
    for i, z in enumerate([0, gap, 2 * gap]):
        top = i == 2
        if top:
            out.append(slab(iso, 0, 0, Wf, Df, 0.45, z, top='#f1f5fb', left='#d3deee', right='#b3c5de', grid=1.0))
            out.append(rooms(iso, floor_layout(active), h=0.75, z=z))
        else:
            out.append('<g opacity="0.96">')
            out.append(slab(iso, 0, 0, Wf, Df, 0.45, z, top='#eaeff6', left='#d7dee9', right='#c2ccda', grid=0,
                            shadow=(i == 0)))
            out.append(rooms(iso, floor_layout(faded), h=0.6, z=z, windows=False))
            out.append('</g>')
        # floor label at the left corner
        lx, ly = iso.p(0, Df, z)
        out.append(text(lx - 26, ly + 8, ['F1', 'F2', 'F3'][i], 30, BLUE if top else '#9aa8bd', 700, 'end'))
        # lift shaft up to the next floor
        if i < 2:
            z0 = z + 0.02
            out.append(iso.box(10.3, 5.6, z0, 1.1, 1.1, gap - 0.5, '#14b8a6', '#14b8a6', '#0e9384',
                               'opacity="0.16"'))
            for (a, b) in [(10.3, 6.7), (11.4, 6.7), (11.4, 5.6)]:
                out.append(iso.line([(a, b, z0), (a, b, z + gap - 0.45)], TEAL, 2, 'stroke-dasharray="6 6" opacity="0.8"'))
    # lift boxes on every floor
    for z in [0, gap, 2 * gap]:
        out.append(iso.box(10.3, 5.6, z, 1.1, 1.1, 0.9, '#9fded4', '#d4f2ed', '#7ccabd'))
        cx, cy = iso.p(10.85, 6.15, z + 0.9)
        out.append(icon('lift', cx, cy, 24, '#ffffff', 2.4))
    # active floor decorations
    z = 2 * gap
    for (x, y, name, col) in [(7.4, 4.35, 'coffee', ORANGE), (10.75, 4.1, 'bag', BLUE), (1.3, 3.7, 'wc', TEAL)]:
        cx, cy = iso.p(x, y, z + 0.75)
        out.append(badge(cx, cy - 34, 22, name, col, ring=False))
    for (x, y) in [(3.2, 2.75), (9.3, 2.75), (3.1, 5.85)]:
        out.append(plant(iso, x, y, z))
    px, py = iso.p(4.9, 4.35, z + 0.75)
    out.append(pin(px, py - 4, 100, RED))
    # floor switcher
    cx0, cy0 = 1300, 600
    out.append(card(cx0 - 70, cy0 - 250, 140, 500, 30))
    out.append(badge(cx0, cy0 - 190, 26, 'layers', BLUE, ring=False))
    out.append(f'<line x1="{cx0 - 40}" y1="{cy0 - 140}" x2="{cx0 + 40}" y2="{cy0 - 140}" stroke="{LINE}" stroke-width="2"/>')
    for k, lab in enumerate(['F3', 'F2', 'F1', 'B1']):
        by = cy0 - 110 + k * 86
        if k == 0:
            out.append(f'<rect x="{cx0 - 46}" y="{by}" width="92" height="68" rx="18" fill="url(#gBlue)" filter="url(#soft)"/>')
            out.append(text(cx0, by + 45, lab, 30, '#ffffff', 700, 'middle'))
        else:
            out.append(f'<rect x="{cx0 - 46}" y="{by}" width="92" height="68" rx="18" fill="#f2f5fa"/>')
            out.append(text(cx0, by + 45, lab, 30, '#7d8ba1', 600, 'middle'))
    # leader from the switcher to the active floor
    ax, ay = iso.p(Wf, 0, 2 * gap)
    out.append(f'<path d="M{cx0 - 70},{cy0 - 76} C{cx0 - 150},{cy0 - 76} {f(ax + 60)},{f(ay)} {f(ax + 10)},{f(ay)}" fill="none" '
               f'stroke="{BLUE}" stroke-width="2.5" stroke-dasharray="2 8" stroke-linecap="round"/>')
    out.append(f'<circle cx="{f(ax + 8)}" cy="{f(ay)}" r="6" fill="{BLUE}"/>')
    return ''.join(out)


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


def escalator(iso, x_hi, x_lo, y0, y1, zt=1.5):
    """Escalator rising towards -x (up-left on screen), like the home hero."""
    out = [iso.box(x_hi - 0.1, y0, 0, 0.5, y1 - y0, zt, '#dfe6ef', '#e9eef5', '#b9c5d6')]
    out.append(iso.poly([(x_hi, y0, zt), (x_lo, y0, 0), (x_lo, y0, 0.45), (x_hi, y0, zt + 0.45)], '#8396b5', 'opacity="0.5"'))
    out.append(iso.poly([(x_hi, y0, zt), (x_lo, y0, 0.02), (x_lo, y1, 0.02), (x_hi, y1, zt)], '#d3dbe7'))
    n = 16
    for i in range(1, n):
        t = i / n
        xx = x_hi + (x_lo - x_hi) * t
        zz = zt * (1 - t) + 0.02
        out.append(iso.line([(xx, y0 + 0.04, zz), (xx, y1 - 0.04, zz)], '#8c9db6', 1.6))
    out.append(iso.line([(x_hi - 0.05, y0, zt + 0.47), (x_lo + 0.15, y0, 0.47)], '#2e3d5c', 5))
    out.append(iso.poly([(x_hi, y1, zt), (x_lo, y1, 0), (x_lo, y1, 0.45), (x_hi, y1, zt + 0.45)], '#9fb1cc', 'opacity="0.55"'))
    out.append(iso.line([(x_hi - 0.05, y1, zt + 0.47), (x_lo + 0.15, y1, 0.47)], '#2e3d5c', 5))
    return ''.join(out)


def graph(iso, nodes, edges, col='#9fb0c9'):
    out = []
    for a, b in edges:
        out.append(iso.line([nodes[a] + (0.02,), nodes[b] + (0.02,)], col, 2.5, 'opacity="0.9"'))
    for k, (x, y) in nodes.items():
        cx, cy = iso.p(x, y, 0.02)
        out.append(f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="8" ry="5" fill="#ffffff" stroke="{col}" stroke-width="2.5"/>')
    return ''.join(out)


def toggle(x, y, on=True, w=64, h=36):
    col = BLUE if on else '#d5dce7'
    kx = x + w - h / 2 if on else x + h / 2
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{h / 2}" fill="{col}"/>'
            f'<circle cx="{f(kx)}" cy="{f(y + h / 2)}" r="{f(h / 2 - 4)}" fill="#fff"/>')


@SCENES.add
def s_route():
    iso = Iso(55)
    Wf, Df = 14, 10
    iso.center(Wf, Df, 730, 650)
    out = [background([(1350, 200, 260, '#cfe0fb', .5), (220, 1050, 260, '#fde8d8', .45)])]
    out.append(slab(iso, 0, 0, Wf, Df, 0.5))
    nodes = {'A': (1.0, 5.0), 'a1': (2.6, 5.0), 'B': (5.0, 5.0), 'b1': (7.3, 5.0), 'C': (9.7, 5.0), 'D': (11.6, 5.0),
             'E': (5.0, 1.6), 'F': (5.0, 8.9), 'G': (9.7, 1.4), 'H': (9.7, 8.9), 'd1': (2.6, 4.1), 'd2': (7.3, 4.1),
             'd3': (7.3, 5.9), 'd4': (2.6, 5.9), 'd5': (11.6, 5.9), 'e1': (5.0, 3.2), 'e2': (9.7, 3.2), 'e3': (9.7, 7.2),
             'd6': (4.1, 3.2), 'd7': (10.6, 7.2), 'f1': (3.0, 8.9), 'f2': (7.3, 8.9)}
    edges = [('A', 'a1'), ('a1', 'B'), ('B', 'b1'), ('b1', 'C'), ('C', 'D'), ('B', 'e1'), ('e1', 'E'), ('B', 'F'),
             ('C', 'e2'), ('e2', 'G'), ('C', 'e3'), ('e3', 'H'), ('a1', 'd1'), ('a1', 'd4'), ('b1', 'd2'), ('b1', 'd3'),
             ('D', 'd5'), ('e1', 'd6'), ('e3', 'd7'), ('F', 'f1'), ('F', 'f2'), ('f2', 'H')]
    out.append(graph(iso, nodes, edges))
    # alternative route to the escalator (dashed)
    out.append(route_path(iso, [(7.3, 5.25), (13.4, 5.25), (13.4, 3.4)], '#f59e0b', 7, chevrons=False, glow=False, dash='4 14'))
    # main (shortest, step-free) route
    out.append(route_path(iso, [(1.0, 5.0), (9.7, 5.0), (9.7, 1.5)], BLUE, 13))
    lst = [(0.3, 0.3, 3.8, 3.7, 'blue'), (5.9, 0.3, 3.2, 3.7, 'white'), (10.5, 0.3, 3.2, 2.1, 'blue'),
           (0.3, 5.9, 3.8, 2.3, 'white'), (5.9, 5.9, 3.2, 2.5, 'blue'), (10.5, 7.9, 3.2, 1.8, 'teal')]
    parts = [((r[0] + r[2] / 2) + (r[1] + r[3] / 2), room(iso, r[0], r[1], r[2], r[3], 0.8 if r[3] > 1 else 0.5, r[4]))
             for r in lst]
    # lift at the top of the corridor
    lift = iso.box(9.15, 0.25, 0, 1.1, 0.9, 2.1, '#9fded4', '#d2f1ec', '#79c8ba')
    lift += iso.poly([(9.35, 1.15, 0.0), (10.05, 1.15, 0.0), (10.05, 1.15, 1.5), (9.35, 1.15, 1.5)], '#5fb8a9')
    lift += iso.line([(9.7, 1.15, 0.0), (9.7, 1.15, 1.5)], '#d2f1ec', 2)
    parts.append((9.7 + 0.7, lift))
    parts.append((11.0 + 3.3, escalator(iso, 10.7, 13.0, 2.8, 3.8, 1.5)))
    parts.append((2.0 + 9.0, plant(iso, 2.0, 9.0)))
    parts.append((7.6 + 9.0, plant(iso, 7.6, 9.0)))
    for _, p in sorted(parts, key=lambda t: t[0]):
        out.append(p)
    sx, sy = iso.p(1.0, 5.0)
    out.append(iso.ell(1.0, 5.0, 0, 0.7, f'fill="{BLUE}" opacity="0.14"'))
    out.append(bluedot(sx, sy, 16))
    lx, ly = iso.p(9.7, 0.7, 2.1)
    out.append(f'<rect x="{f(lx - 62)}" y="{f(ly - 120)}" width="124" height="70" rx="18" fill="{TEAL}" filter="url(#soft)"/>')
    out.append(icon('arrow_up', lx - 30, ly - 85, 30, '#fff', 3))
    out.append(text(lx + 18, ly - 73, 'F5', 32, '#fff', 700, 'middle'))
    out.append(f'<path d="M{f(lx - 10)},{f(ly - 51)} L{f(lx)},{f(ly - 38)} L{f(lx + 10)},{f(ly - 51)} Z" fill="{TEAL}"/>')
    ex, ey = iso.p(11.8, 3.3, 1.6)
    out.append(badge(ex, ey - 60, 26, 'escalator', ORANGE, ring=False))
    # route options card
    cx, cy = 1140, 860
    out.append(card(cx, cy, 360, 200, 28))
    out.append(badge(cx + 56, cy + 58, 24, 'wheel', BLUE, ring=False))
    out.append(bar(cx + 100, cy + 50, 120, 14, '#cfd9e8'))
    out.append(toggle(cx + 264, cy + 40, True))
    out.append(f'<line x1="{cx + 30}" y1="{cy + 102}" x2="{cx + 330}" y2="{cy + 102}" stroke="{LINE}" stroke-width="2"/>')
    out.append(icon('clock', cx + 56, cy + 148, 34, BLUE, 2.4))
    out.append(text(cx + 100, cy + 160, '3 min', 34, INK, 700))
    out.append(text(cx + 330, cy + 160, '180 m', 26, GRAY, 600, 'end'))
    return ''.join(out)


def mini_map(iso, route, rooms_lst, dest, dot, heading=None, h=0.5, wd=(8, 10)):
    """Small isometric map for phone screens."""
    out = [slab(iso, 0, 0, wd[0], wd[1], 0.3, grid=1.0, shadow=False)]
    out.append(route_path(iso, route, BLUE, 9, gap=34))
    out.append(rooms(iso, rooms_lst, h=h))
    dx, dy = iso.p(*dot)
    out.append(iso.ell(dot[0], dot[1], 0, 0.8, f'fill="{BLUE}" opacity="0.15"'))
    out.append(bluedot(dx, dy, 11, cone=heading))
    px, py = iso.p(*dest)
    out.append(pin(px, py, 64, RED))
    return ''.join(out)


@SCENES.add
def s_nav():
    out = [background([(1250, 300, 320, '#cfe0fb', .55), (200, 1000, 260, '#d5efe9', .45)])]
    iso = Iso(50)
    Wf, Df = 12, 11
    iso.center(Wf, Df, 560, 650)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5))
    # painted turn arrow + route on the floor
    out.append(route_path(iso, [(2.0, 9.8), (2.0, 5.0), (8.5, 5.0), (8.5, 1.6)], BLUE, 14))
    out.append(f'<g transform="{iso.plane(0.01)}"><path d="M2.55 7.4 L2.55 6.0 L4.2 6.0 L4.2 5.55 L5.2 6.35 L4.2 7.15 L4.2 6.7 '
               f'L3.25 6.7 L3.25 7.4 Z" fill="{BLUE}" opacity="0.35"/></g>')
    lst = [(0.3, 0.3, 3.2, 3.8, 'blue'), (3.8, 0.3, 3.6, 3.8, 'white'), (9.3, 0.3, 2.4, 2.4, 'warm'),
           (9.3, 3.0, 2.4, 1.2, 'white'), (3.3, 6.1, 4.0, 2.6, 'blue'), (7.6, 6.1, 4.1, 2.6, 'white'),
           (3.3, 9.2, 8.4, 1.5, 'teal')]
    out.append(rooms(iso, lst, h=0.8))
    for (x, y) in [(0.8, 5.8), (7.9, 4.3)]:
        out.append(plant(iso, x, y))
    px, py = iso.p(2.0, 7.6)
    out.append(person(px, py, 1.15, shirt=TEAL, phone=True))
    dpx, dpy = iso.p(9.6, 2.6, 0.8)
    out.append(pin(dpx - 30, dpy, 92, RED))
    # floating turn hint
    hx, hy = iso.p(2.0, 5.0, 0)
    out.append(f'<g transform="translate({f(hx - 40)} {f(hy - 150)})">'
               f'<circle r="44" fill="{ORANGE}" filter="url(#soft)"/>{icon("arrow_left", 0, 0, 46, "#fff", 3)}</g>')
    out.append(f'<line x1="{f(hx - 40)}" y1="{f(hy - 104)}" x2="{f(hx)}" y2="{f(hy - 10)}" stroke="{ORANGE}" stroke-width="3" stroke-dasharray="3 7" stroke-linecap="round"/>')

    def screen(sw, sh):
        o = []
        m = Iso(40)
        m.ox, m.oy = sw / 2 - (5.6 - 6.2) * C30 * 40, 455 - (5.6 + 6.2) * 0.5 * 40
        o.append(mini_map(m, [(7.5, 9.6), (7.5, 6.5), (3.5, 6.5), (3.5, 2.6)],
                          [(0.2, 0.2, 2.7, 5.6, 'white'), (4.2, 0.2, 2.6, 2.4, 'blue'), (7.2, 0.2, 2.6, 2.4, 'white'),
                           (4.2, 3.1, 5.6, 2.6, 'blue'), (0.2, 7.3, 2.7, 3.5, 'blue'), (3.3, 7.3, 3.4, 3.5, 'white'),
                           (8.4, 7.3, 1.4, 3.5, 'warm')],
                          (3.5, 2.4, 0), (7.5, 9.0, 0), heading=-30, wd=(10, 11)))
        o.append(f'<rect x="18" y="62" width="{f(sw - 36)}" height="150" rx="26" fill="url(#gBlue)" filter="url(#soft)"/>')
        o.append(icon('arrow_left', 84, 137, 70, '#fff', 3))
        o.append(text(150, 135, '20 m', 52, '#fff', 700))
        o.append(bar(152, 160, 150, 12, '#ffffff', 'opacity="0.55"'))
        o.append(f'<rect x="0" y="{f(sh - 190)}" width="{f(sw)}" height="190" rx="30" fill="#fff" filter="url(#card)"/>')
        o.append(bar(sw / 2 - 30, sh - 176, 60, 8, '#d5dce7'))
        o.append(text(32, sh - 110, '3 min', 42, INK, 700))
        o.append(text(32, sh - 66, '180 m', 26, GRAY, 600))
        o.append(f'<circle cx="{f(sw - 70)}" cy="{f(sh - 105)}" r="40" fill="#fde8e7"/>')
        o.append(f'<path d="M{f(sw - 84)},{f(sh - 119)} l28,28 M{f(sw - 56)},{f(sh - 119)} l-28,28" stroke="{RED}" stroke-width="5" stroke-linecap="round"/>')
        return ''.join(o)
    out.append(phone(980, 130, 430, 900, screen, 'navclip'))
    return ''.join(out)


@SCENES.add
def s_search():
    out = [background([(1300, 1000, 300, '#fde8d8', .5), (300, 150, 260, '#cfe0fb', .5)])]
    iso = Iso(50)
    Wf, Df = 12, 10
    iso.center(Wf, Df, 1010, 600)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5))
    lst = [(0.3, 0.3, 3.0, 2.6, 'white'), (3.6, 0.3, 2.6, 2.6, 'warm'), (6.5, 0.3, 2.6, 2.6, 'blue'),
           (9.4, 0.3, 2.3, 4.0, 'white'), (0.3, 3.2, 2.4, 3.0, 'blue'), (3.6, 4.0, 3.0, 2.2, 'blue'),
           (7.0, 4.0, 1.6, 2.2, 'warm'), (9.4, 5.6, 2.3, 4.1, 'blue'), (0.3, 7.2, 2.4, 2.5, 'white'),
           (3.6, 7.4, 2.6, 2.3, 'warm'), (6.5, 7.4, 2.2, 2.3, 'white')]
    out.append(rooms(iso, lst, h=0.75))
    for (x, y) in [(3.1, 3.4), (8.9, 6.9)]:
        out.append(plant(iso, x, y))
    ux, uy = iso.p(8.9, 3.5)
    out.append(iso.ell(8.9, 3.5, 0, 0.8, f'fill="{BLUE}" opacity="0.14"'))
    out.append(bluedot(ux, uy, 15))
    pins = [(7.8, 5.1, 1), (4.9, 1.6, 2), (4.9, 8.55, 3)]
    for (x, y, n) in pins:
        px, py = iso.p(x, y, 0.75)
        out.append(pin(px, py, 100, ORANGE, icon=num_icon(n, ORANGE)))
    # phone with search field, categories and results
    def screen(sw, sh):
        o = []
        o.append(f'<rect x="22" y="66" width="{f(sw - 44)}" height="74" rx="37" fill="#fff" stroke="{BLUE}" stroke-width="3"/>')
        o.append(icon('search', 64, 103, 32, BLUE, 3))
        o.append(text(96, 116, '咖啡', 32, INK, 600))
        o.append(f'<rect x="166" y="84" width="3" height="38" fill="{BLUE}"/>')
        cats = [('coffee', ORANGE), ('wc', TEAL), ('food', CORAL), ('bag', BLUE)]
        gap = (sw - 44) / 4
        for i, (nm, col) in enumerate(cats):
            cx = 22 + gap * (i + 0.5)
            o.append(f'<circle cx="{f(cx)}" cy="206" r="34" fill="{col}" opacity="{1 if i == 0 else 0.14}"/>')
            o.append(icon(nm, cx, 206, 34, '#fff' if i == 0 else col, 2.6))
            o.append(bar(cx - 26, 254, 52, 9, '#d8dfea'))
        o.append(f'<line x1="22" y1="296" x2="{f(sw - 22)}" y2="296" stroke="{LINE}" stroke-width="2"/>')
        for i, d in enumerate(['35 m', '80 m', '120 m']):
            y0 = 320 + i * 124
            o.append(f'<rect x="16" y="{y0}" width="{f(sw - 32)}" height="108" rx="22" fill="#fff" '
                     f'{"stroke=" + chr(34) + ORANGE + chr(34) + " stroke-width=" + chr(34) + "3" + chr(34) if i == 0 else ""} filter="url(#soft)"/>')
            o.append(f'<circle cx="66" cy="{y0 + 54}" r="28" fill="{ORANGE}"/>')
            o.append(text(66, y0 + 66, str(i + 1), 30, '#fff', 700, 'middle'))
            o.append(bar(112, y0 + 34, 150 - i * 20, 16, '#3b4a66'))
            o.append(bar(112, y0 + 64, 110, 12, '#d8dfea'))
            o.append(text(sw - 36, y0 + 64, d, 26, GRAY, 600, 'end'))
        o.append(f'<rect x="22" y="{f(sh - 106)}" width="{f(sw - 44)}" height="76" rx="38" fill="url(#gBlue)"/>')
        o.append(icon('pin', sw / 2, sh - 68, 36, '#fff', 2.6))
        return ''.join(o)
    out.append(phone(150, 150, 410, 880, screen, 'searchclip'))
    # link from first result to pin 1
    px, py = iso.p(7.8, 5.1, 0.75)
    out.append(f'<path d="M{f(150 + 410 - 10)},{f(150 + 18 + 374)} C{f(760)},{f(520)} {f(px - 160)},{f(py - 150)} {f(px - 40)},{f(py - 72)}" '
               f'fill="none" stroke="{ORANGE}" stroke-width="3" stroke-dasharray="3 9" stroke-linecap="round"/>')
    return ''.join(out)


def trail(iso, seq, col, z=0.02):
    pts = [iso.p(x, y, z) for x, y in seq]
    out = []
    n = len(pts)
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        op = 0.25 + 0.65 * (i + 1) / (n - 1)
        out.append(f'<line x1="{f(a[0])}" y1="{f(a[1])}" x2="{f(b[0])}" y2="{f(b[1])}" stroke="{col}" stroke-width="5" '
                   f'stroke-linecap="round" stroke-dasharray="1 12" opacity="{f(op)}"/>')
    for i, (x, y) in enumerate(pts[:-1]):
        out.append(f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="7" ry="4" fill="{col}" opacity="{f(0.2 + 0.5 * i / n)}"/>')
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


def fence_poly(iso, pts, col, z=0.02, op=0.16, dash='12 8', handles=True, sw=3):
    d = 'M' + ' L'.join(f'{f(x)} {f(y)}' for x, y in pts) + ' Z'
    out = [f'<g transform="{iso.plane(z)}"><path d="{d}" fill="{col}" fill-opacity="{op}" stroke="{col}" '
           f'stroke-width="{sw}" stroke-dasharray="{dash}" stroke-linejoin="round" vector-effect="non-scaling-stroke"/></g>']
    if handles:
        for x, y in pts:
            cx, cy = iso.p(x, y, z)
            out.append(f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="9" ry="6" fill="#fff" stroke="{col}" stroke-width="3"/>')
    return ''.join(out)


@SCENES.add
def s_fance():
    out = [background([(1350, 1000, 300, '#d5efe9', .55), (230, 200, 260, '#fde8d8', .45)])]
    iso = Iso(52)
    Wf, Df = 14, 10
    iso.center(Wf, Df, 700, 650)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5))
    fa = [(3.2, 3.4), (7.6, 3.2), (8.4, 5.6), (6.0, 7.2), (3.0, 6.4)]
    fb = [(9.8, 5.6), (13.3, 5.4), (13.4, 9.4), (10.0, 9.6)]
    out.append(fence_poly(iso, fa, TEAL, op=0.18))
    out.append(fence_poly(iso, fb, ORANGE, op=0.16))
    lst = [(0.3, 0.3, 3.0, 2.6, 'blue'), (3.6, 0.3, 3.4, 2.4, 'teal'), (7.3, 0.3, 3.0, 2.4, 'white'),
           (10.6, 0.3, 3.1, 4.2, 'blue'), (0.3, 3.2, 2.2, 3.2, 'white'), (0.3, 6.9, 2.6, 2.8, 'blue'),
           (4.3, 4.4, 2.4, 1.6, 'white', 0.5), (3.6, 8.2, 4.2, 1.5, 'white')]
    out.append(rooms(iso, lst, h=0.8))
    for (x, y) in [(8.9, 2.9), (2.8, 7.9)]:
        out.append(plant(iso, x, y))
    # car in fence B (parking area)
    out.append(car(iso, 10.8, 6.4, 'x', dark=False))
    out.append(car(iso, 10.8, 8.0, 'x', dark=True))
    # person crossing the teal fence, with trail
    out.append(trail(iso, [(9.4, 8.4), (8.6, 7.7), (7.8, 7.0), (7.2, 6.5)], BLUE))
    px, py = iso.p(7.2, 6.5)
    # boundary crossing highlight
    cx, cy = iso.p(7.25, 6.35, 0.02)
    out.append(f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="46" ry="26" fill="none" stroke="{ORANGE}" stroke-width="3" opacity="0.8"/>')
    out.append(f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="70" ry="40" fill="none" stroke="{ORANGE}" stroke-width="2" opacity="0.4"/>')
    out.append(person(px, py, 1.15, shirt=BLUE, phone=True))
    # alert bubble above the person
    bx, by = px, py - 150
    out.append(f'<circle cx="{f(bx)}" cy="{f(by)}" r="66" fill="{ORANGE}" opacity="0.12"/>')
    out.append(f'<circle cx="{f(bx)}" cy="{f(by)}" r="48" fill="{ORANGE}" opacity="0.2"/>')
    out.append(f'<circle cx="{f(bx)}" cy="{f(by)}" r="32" fill="{ORANGE}" filter="url(#soft)"/>')
    out.append(icon('bell', bx, by, 34, '#fff', 2.6))
    out.append(f'<line x1="{f(bx)}" y1="{f(by + 34)}" x2="{f(bx)}" y2="{f(py - 100)}" stroke="{ORANGE}" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round"/>')
    # shop promo badge inside fence
    # push notification card
    nx, ny, nw, nh = 1110, 150, 400, 176
    out.append(card(nx, ny, nw, nh, 28))
    out.append(f'<rect x="{nx + 28}" y="{ny + 32}" width="64" height="64" rx="18" fill="{TEAL}"/>')
    out.append(icon('pin', nx + 60, ny + 64, 36, '#fff', 2.6))
    out.append(bar(nx + 112, ny + 40, 170, 16, '#3b4a66'))
    out.append(bar(nx + 112, ny + 72, 230, 12, '#d8dfea'))
    out.append(bar(nx + 112, ny + 96, 180, 12, '#d8dfea'))
    out.append(f'<rect x="{nx + 112}" y="{ny + 124}" width="120" height="34" rx="17" fill="{TEAL}" opacity="0.15"/>')
    out.append(bar(nx + 132, ny + 136, 80, 10, TEAL))
    out.append(text(nx + nw - 28, ny + 54, 'now', 22, GRAY, 600, 'end'))
    # event log card
    lx, ly, lw, lh = 110, 890, 380, 200
    out.append(card(lx, ly, lw, lh, 28))
    for i, (col, nm) in enumerate([(TEAL, 'arrow_up'), (ORANGE, 'bell'), (BLUE, 'check')]):
        y0 = ly + 40 + i * 56
        out.append(f'<circle cx="{lx + 48}" cy="{y0 + 10}" r="19" fill="{col}" opacity="0.15"/>')
        out.append(icon(nm, lx + 48, y0 + 10, 22, col, 2.6))
        out.append(bar(lx + 84, y0 + 4, 180 - i * 30, 12, '#4a5a78' if i == 1 else '#cfd8e5'))
        out.append(text(lx + lw - 30, y0 + 18, ['10:02', '10:05', '10:07'][i], 22, GRAY, 600, 'end'))
    return ''.join(out)


@SCENES.add
def s_editors():
    out = [background([(1380, 180, 280, '#cfe0fb', .5), (180, 1050, 260, '#d5efe9', .45)])]
    mx, my, mw, mh = 150, 90, 1300, 800
    # stand
    out.append(f'<ellipse cx="800" cy="1062" rx="330" ry="36" fill="#1d3b6e" opacity="0.14" filter="url(#blur14)"/>')
    out.append(f'<path d="M740 {my + mh - 10} L860 {my + mh - 10} L885 1030 L715 1030 Z" fill="#cfd8e6"/>')
    out.append(f'<path d="M800 {my + mh - 10} L860 {my + mh - 10} L885 1030 L800 1030 Z" fill="#b9c5d7"/>')
    out.append(f'<rect x="600" y="1024" width="400" height="30" rx="15" fill="#dfe6f0"/>')
    out.append(f'<rect x="600" y="1040" width="400" height="14" rx="7" fill="#c4cfdf"/>')
    # monitor body
    out.append(f'<rect x="{mx + 10}" y="{my + 12}" width="{mw}" height="{mh}" rx="34" fill="#c4cfdf"/>')
    out.append(f'<rect x="{mx}" y="{my}" width="{mw}" height="{mh}" rx="34" fill="#ffffff" stroke="#dde4ee" stroke-width="2" filter="url(#card)"/>')
    sx, sy, sw, sh = mx + 24, my + 24, mw - 48, mh - 48
    out.append(f'<clipPath id="edclip"><rect x="{sx}" y="{sy}" width="{sw}" height="{sh}" rx="14"/></clipPath>')
    o = []
    o.append(f'<rect x="{sx}" y="{sy}" width="{sw}" height="{sh}" fill="#f4f7fb"/>')
    # top bar
    o.append(f'<rect x="{sx}" y="{sy}" width="{sw}" height="62" fill="#ffffff"/>')
    o.append(f'<line x1="{sx}" y1="{sy + 62}" x2="{sx + sw}" y2="{sy + 62}" stroke="{LINE}" stroke-width="2"/>')
    for i, c in enumerate(['#f87171', '#fbbf24', '#34d399']):
        o.append(f'<circle cx="{sx + 30 + i * 24}" cy="{sy + 31}" r="7" fill="{c}"/>')
    for i, w in enumerate([110, 90, 100]):
        xx = sx + 140 + i * 140
        o.append(f'<rect x="{xx}" y="{sy + 14}" width="124" height="34" rx="10" fill="{BLUE_XL if i == 0 else "#f1f4f9"}"/>')
        o.append(bar(xx + 16, sy + 26, w - 20, 10, BLUE if i == 0 else '#cfd8e5'))
    o.append(f'<rect x="{sx + sw - 160}" y="{sy + 12}" width="136" height="38" rx="19" fill="url(#gBlue)"/>')
    o.append(icon('check', sx + sw - 126, sy + 31, 22, '#fff', 3))
    o.append(bar(sx + sw - 104, sy + 26, 62, 10, '#ffffff'))
    # left toolbar
    o.append(f'<rect x="{sx}" y="{sy + 62}" width="84" height="{sh - 62}" fill="#ffffff"/>')
    o.append(f'<line x1="{sx + 84}" y1="{sy + 62}" x2="{sx + 84}" y2="{sy + sh}" stroke="{LINE}" stroke-width="2"/>')
    for i, nm in enumerate(['cursor', 'poly', 'rect', 'door', 'text', 'pin', 'layers']):
        yy = sy + 110 + i * 72
        if i == 1:
            o.append(f'<rect x="{sx + 16}" y="{yy - 26}" width="52" height="52" rx="14" fill="{BLUE}"/>')
        o.append(icon(nm, sx + 42, yy, 28, '#fff' if i == 1 else '#6b7a90', 2.2))
    # right property panel
    px = sx + sw - 300
    o.append(f'<rect x="{px}" y="{sy + 62}" width="300" height="{sh - 62}" fill="#ffffff"/>')
    o.append(f'<line x1="{px}" y1="{sy + 62}" x2="{px}" y2="{sy + sh}" stroke="{LINE}" stroke-width="2"/>')
    o.append(bar(px + 28, sy + 96, 130, 16, '#3b4a66'))
    for i in range(3):
        yy = sy + 140 + i * 84
        o.append(bar(px + 28, yy, 80, 10, '#cfd8e5'))
        o.append(f'<rect x="{px + 28}" y="{yy + 20}" width="244" height="44" rx="10" fill="#f4f7fb" stroke="{LINE}" stroke-width="2"/>')
        o.append(bar(px + 44, yy + 36, [150, 90, 120][i], 12, '#8a97ab' if i else INK))
    yy = sy + 400
    o.append(bar(px + 28, yy, 80, 10, '#cfd8e5'))
    for i, c in enumerate([BLUE, TEAL, ORANGE, CORAL, '#a78bfa', '#cbd5e1']):
        o.append(f'<circle cx="{px + 50 + i * 42}" cy="{yy + 46}" r="16" fill="{c}"/>')
        if i == 1:
            o.append(f'<circle cx="{px + 50 + i * 42}" cy="{yy + 46}" r="22" fill="none" stroke="{c}" stroke-width="3"/>')
    yy = sy + 500
    o.append(bar(px + 28, yy + 12, 120, 10, '#cfd8e5'))
    o.append(toggle(px + 208, yy, True))
    o.append(bar(px + 28, yy + 72, 100, 10, '#cfd8e5'))
    o.append(toggle(px + 208, yy + 60, False))
    o.append(f'<rect x="{px + 28}" y="{sy + sh - 92}" width="244" height="56" rx="16" fill="{BLUE_XL}"/>')
    o.append(bar(px + 100, sy + sh - 70, 100, 12, BLUE))
    # canvas with grid
    cx0, cy0, cw, chh = sx + 84, sy + 62, sw - 84 - 300, sh - 62
    o.append(f'<clipPath id="cvclip"><rect x="{cx0}" y="{cy0}" width="{cw}" height="{chh}"/></clipPath><g clip-path="url(#cvclip)">')
    g = ['<g stroke="#e2e8f1" stroke-width="1">']
    for k in range(0, cw, 32):
        g.append(f'<line x1="{cx0 + k}" y1="{cy0}" x2="{cx0 + k}" y2="{cy0 + chh}"/>')
    for k in range(0, chh, 32):
        g.append(f'<line x1="{cx0}" y1="{cy0 + k}" x2="{cx0 + cw}" y2="{cy0 + k}"/>')
    g.append('</g>')
    o.append(''.join(g))
    ox, oy = cx0 + 60, cy0 + 50
    # outer wall
    o.append(f'<rect x="{ox}" y="{oy}" width="{cw - 120}" height="{chh - 130}" rx="6" fill="#ffffff" stroke="#5d6f8f" stroke-width="6"/>')
    rms = [(0, 0, 200, 180, '#d5e3f8', '#8fb0e6'), (200, 0, 170, 180, '#e9eef6', '#b5c3d8'), (370, 0, 190, 180, '#d2efe9', '#7fcabd'),
           (0, 290, 220, 200, '#e9eef6', '#b5c3d8'), (560, 0, cw - 120 - 560, 260, '#d5e3f8', '#8fb0e6')]
    for (rx, ry, rw, rh, fc, sc) in rms:
        o.append(f'<rect x="{ox + rx}" y="{oy + ry}" width="{rw}" height="{rh}" fill="{fc}" stroke="{sc}" stroke-width="3"/>')
    # door gaps
    for (dx, dy, dw) in [(70, 180, 60), (250, 180, 60), (430, 180, 60)]:
        o.append(f'<line x1="{ox + dx}" y1="{oy + dy}" x2="{ox + dx + dw}" y2="{oy + dy}" stroke="#ffffff" stroke-width="6"/>')
        o.append(f'<path d="M{ox + dx} {oy + dy} A{dw} {dw} 0 0 1 {ox + dx + dw} {oy + dy + dw}" fill="none" stroke="#b5c3d8" stroke-width="2" stroke-dasharray="4 4"/>')
    # polygon being traced
    tp = [(300, 290), (520, 290), (520, 360), (600, 360), (600, 470)]
    cur = (470, 470)
    d = 'M' + ' L'.join(f'{ox + x} {oy + y}' for x, y in tp)
    o.append(f'<path d="{d} L{ox + tp[0][0]} {oy + tp[0][1]} Z" fill="{BLUE}" opacity="0.08"/>')
    o.append(f'<path d="{d}" fill="none" stroke="{BLUE}" stroke-width="4" stroke-linejoin="round"/>')
    o.append(f'<line x1="{ox + tp[-1][0]}" y1="{oy + tp[-1][1]}" x2="{ox + cur[0]}" y2="{oy + cur[1]}" stroke="{BLUE}" stroke-width="3" stroke-dasharray="10 8"/>')
    o.append(f'<line x1="{ox + cur[0]}" y1="{oy + cur[1]}" x2="{ox + tp[0][0]}" y2="{oy + tp[0][1]}" stroke="{BLUE}" stroke-width="2" stroke-dasharray="4 8" opacity="0.5"/>')
    for x, y in tp:
        o.append(f'<rect x="{ox + x - 9}" y="{oy + y - 9}" width="18" height="18" rx="4" fill="#fff" stroke="{BLUE}" stroke-width="3"/>')
    # length tag
    o.append(f'<rect x="{ox + 490}" y="{oy + 480}" width="96" height="40" rx="10" fill="{INK}"/>')
    o.append(text(ox + 538, oy + 508, '6.4 m', 22, '#fff', 600, 'middle'))
    # cursor
    o.append(f'<g transform="translate({ox + cur[0] - 4} {oy + cur[1] - 4})"><path d="M0 0 L0 38 L10 28 L18 46 L25 43 L17 25 L31 25 Z" '
             f'fill="{INK}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></g>')
    o.append('</g>')
    # floor tabs on canvas
    for i, lab in enumerate(['F1', 'F2', 'F3']):
        xx = cx0 + 24 + i * 74
        yy = cy0 + chh - 62
        o.append(f'<rect x="{xx}" y="{yy}" width="64" height="40" rx="12" fill="{BLUE if i == 1 else "#ffffff"}" filter="url(#soft)"/>')
        o.append(text(xx + 32, yy + 28, lab, 22, '#fff' if i == 1 else '#6b7a90', 700, 'middle'))
    out.append(f'<g clip-path="url(#edclip)">{"".join(o)}</g>')
    # floating 2.5D preview card
    iso = Iso(30)
    iso.center(7, 5, 1290, 900)
    out.append(card(1120, 760, 340, 270, 28))
    out.append(slab(iso, 0, 0, 7, 5, 0.3, grid=0, shadow=False))
    out.append(rooms(iso, [(0.1, 0.1, 2.2, 2.0, 'blue'), (2.4, 0.1, 2.0, 2.0, 'white'), (4.5, 0.1, 2.4, 2.0, 'teal'),
                           (0.1, 3.0, 2.3, 1.9, 'white'), (3.0, 3.0, 2.8, 1.9, 'blue')], h=0.8))
    return ''.join(out)


def beacon2d(x, y, r=34, col=BLUE, waves='left'):
    out = [f'<ellipse cx="{x + 6}" cy="{y + 14}" rx="{r}" ry="{r * 0.5}" fill="#1d3b6e" opacity="0.18" filter="url(#blur6)"/>',
           f'<ellipse cx="{x}" cy="{y + 8}" rx="{r}" ry="{r * 0.55}" fill="#c4cfdf"/>',
           f'<ellipse cx="{x}" cy="{y}" rx="{r}" ry="{r * 0.55}" fill="#ffffff" stroke="#dde4ee" stroke-width="2"/>',
           f'<circle cx="{x}" cy="{y}" r="6" fill="{col}"/>',
           f'<circle cx="{x}" cy="{y}" r="14" fill="{col}" opacity="0.25" filter="url(#blur6)"/>']
    sgn = -1 if waves == 'left' else 1
    for i in range(3):
        R = r + 22 + i * 22
        a = 0.55
        x1, y1 = x + sgn * R * math.cos(a), y - R * math.sin(a)
        x2, y2 = x + sgn * R * math.cos(a), y + R * math.sin(a)
        sweep = 0 if sgn < 0 else 1
        out.append(f'<path d="M{f(x1)},{f(y1)} A{R},{R} 0 0 {sweep} {f(x2)},{f(y2)}" fill="none" stroke="{col}" '
                   f'stroke-width="5" stroke-linecap="round" opacity="{f(0.75 - i * 0.22)}"/>')
    return ''.join(out)


def capsule(x, y, dark=False):
    c = '#ffffff' if dark else INK
    return (f'<rect x="{x}" y="{y}" width="112" height="44" rx="22" fill="{"#ffffff" if not dark else "#000"}" fill-opacity="{0.9 if not dark else 0.25}" '
            f'stroke="{c}" stroke-opacity="0.25" stroke-width="2"/>'
            f'<circle cx="{x + 22}" cy="{y + 22}" r="4" fill="{c}"/><circle cx="{x + 34}" cy="{y + 22}" r="5.5" fill="{c}"/>'
            f'<circle cx="{x + 46}" cy="{y + 22}" r="4" fill="{c}"/><line x1="{x + 62}" y1="{y + 10}" x2="{x + 62}" y2="{y + 34}" '
            f'stroke="{c}" stroke-opacity="0.3" stroke-width="2"/><circle cx="{x + 86}" cy="{y + 22}" r="11" fill="none" stroke="{c}" stroke-width="3.5"/>'
            f'<circle cx="{x + 86}" cy="{y + 22}" r="3.5" fill="{c}"/>')


@SCENES.add
def s_nav_h5():
    out = [background([(820, 600, 380, '#dbe8fc', .6), (1450, 1080, 240, '#d5efe9', .5), (120, 120, 220, '#d5efe9', .4)])]

    def scan(sw, sh):
        o = [f'<rect x="0" y="0" width="{f(sw)}" height="{f(sh)}" fill="#24314d"/>',
             f'<rect x="-40" y="{f(sh * 0.22)}" width="{f(sw + 80)}" height="{f(sh * 0.6)}" fill="#33425f" transform="rotate(-6 {f(sw / 2)} {f(sh / 2)})"/>']
        # poster with QR in the camera view
        o.append(f'<g transform="rotate(-5 {f(sw / 2)} {f(sh / 2)})"><rect x="{f(sw / 2 - 120)}" y="{f(sh / 2 - 150)}" width="240" height="290" rx="16" fill="#f5f7fb"/>')
        o.append(qr(sw / 2 - 90, sh / 2 - 120, 180, seed=11))
        o.append(bar(sw / 2 - 80, sh / 2 + 96, 160, 14, '#9fb0c9'))
        o.append('</g>')
        # scan frame
        fx, fy, fs = sw / 2 - 130, sh / 2 - 150, 260
        L = 44
        for (ax, ay, dx, dy) in [(fx, fy, 1, 1), (fx + fs, fy, -1, 1), (fx, fy + fs, 1, -1), (fx + fs, fy + fs, -1, -1)]:
            o.append(f'<path d="M{f(ax)},{f(ay + dy * L)} L{f(ax)},{f(ay)} L{f(ax + dx * L)},{f(ay)}" fill="none" stroke="#34d399" '
                     f'stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>')
        o.append(f'<rect x="{f(fx + 10)}" y="{f(fy + fs * 0.55 - 60)}" width="{f(fs - 20)}" height="60" fill="url(#gScan)"/>')
        o.append(f'<rect x="{f(fx + 10)}" y="{f(fy + fs * 0.55)}" width="{f(fs - 20)}" height="4" rx="2" fill="#34d399"/>')
        o.append(f'<rect x="0" y="0" width="{f(sw)}" height="110" fill="#000" opacity="0.25"/>')
        o.append(f'<path d="M30 70 l14 -14 M30 70 l14 14" stroke="#fff" stroke-width="4" stroke-linecap="round"/>')
        o.append(capsule(sw - 132, 48, dark=True))
        o.append(f'<circle cx="{f(sw / 2)}" cy="{f(sh - 110)}" r="38" fill="#ffffff" opacity="0.15"/>')
        o.append(icon('scan', sw / 2, sh - 110, 40, '#fff', 2.6))
        return ''.join(o)
    out.append(phone(160, 250, 370, 760, scan, 'h5a'))

    def h5(sw, sh):
        o = []
        m = Iso(34)
        m.ox, m.oy = sw / 2 - (4.5 - 6.0) * C30 * 34, 470 - (4.5 + 6.0) * 0.5 * 34
        o.append(mini_map(m, [(7.0, 9.4), (7.0, 6.4), (3.0, 6.4), (3.0, 3.0)],
                          [(0.2, 0.2, 2.2, 5.6, 'blue'), (3.8, 0.2, 2.8, 2.3, 'white'), (7.2, 0.2, 2.6, 2.3, 'teal'),
                           (3.8, 3.1, 6.0, 2.5, 'blue'), (0.2, 7.2, 2.3, 3.6, 'white'), (3.0, 7.2, 3.4, 3.6, 'blue'),
                           (7.8, 7.2, 2.0, 3.6, 'white')],
                          (3.0, 2.8, 0), (7.0, 9.0, 0), heading=-30, wd=(10, 11)))
        o.append(f'<rect x="0" y="0" width="{f(sw)}" height="118" fill="#ffffff"/>')
        o.append(f'<line x1="0" y1="118" x2="{f(sw)}" y2="118" stroke="{LINE}" stroke-width="2"/>')
        o.append(f'<path d="M34 84 l14 -14 M34 84 l14 14" stroke="{INK}" stroke-width="4" stroke-linecap="round"/>')
        o.append(bar(78, 78, 110, 14, '#3b4a66'))
        o.append(capsule(sw - 130, 62))
        o.append(f'<rect x="20" y="140" width="{f(sw - 40)}" height="58" rx="29" fill="#fff" filter="url(#soft)"/>')
        o.append(icon('search', 52, 169, 26, GRAY, 2.6))
        o.append(bar(78, 163, 150, 12, '#d8dfea'))
        o.append(f'<rect x="0" y="{f(sh - 210)}" width="{f(sw)}" height="210" rx="30" fill="#fff" filter="url(#card)"/>')
        o.append(f'<circle cx="62" cy="{f(sh - 150)}" r="28" fill="#fde8e7"/>')
        o.append(icon('pin', 62, sh - 150, 30, RED, 2.6))
        o.append(bar(106, sh - 164, 150, 14, '#3b4a66'))
        o.append(bar(106, sh - 138, 100, 10, '#d8dfea'))
        o.append(f'<rect x="24" y="{f(sh - 98)}" width="{f(sw - 48)}" height="68" rx="34" fill="url(#gBlue)"/>')
        o.append(icon('arrow_up', sw / 2 - 40, sh - 64, 30, '#fff', 3))
        o.append(bar(sw / 2 - 14, sh - 70, 70, 12, '#ffffff'))
        return ''.join(o)
    out.append(phone(900, 140, 420, 900, h5, 'h5b'))
    # link arrow
    out.append(f'<path d="M560 560 C640 470 760 470 850 540" fill="none" stroke="{BLUE}" stroke-width="5" stroke-dasharray="2 12" stroke-linecap="round"/>')
    out.append(f'<path d="M836 516 L872 556 L820 566 Z" fill="{BLUE}"/>')
    out.append(badge(706, 488, 34, 'scan', BLUE, ring=True))
    out.append(beacon2d(1460, 430, 36))
    out.append(beacon2d(1480, 760, 36))
    out.append(f'<circle cx="1470" cy="595" r="26" fill="#fff" filter="url(#soft)"/>')
    out.append(icon('bt', 1470, 595, 26, BLUE, 2.8))
    return ''.join(out)


def post(iso, x, y, h=1.0, c1='#ef4444', c2='#ffffff'):
    o = [iso.box(x - 0.09, y - 0.09, 0, 0.18, 0.18, h, c2, '#f1f4f8', '#d2d9e4')]
    n = 4
    for i in range(n):
        if i % 2 == 0:
            z0, z1 = h * i / n, h * (i + 1) / n
            o.append(iso.poly([(x - 0.09, y + 0.09, z0), (x + 0.09, y + 0.09, z0), (x + 0.09, y + 0.09, z1), (x - 0.09, y + 0.09, z1)], c1))
            o.append(iso.poly([(x + 0.09, y - 0.09, z0), (x + 0.09, y + 0.09, z0), (x + 0.09, y + 0.09, z1), (x + 0.09, y - 0.09, z1)], '#c53030'))
    o.append(iso.poly([(x - 0.09, y - 0.09, h), (x + 0.09, y - 0.09, h), (x + 0.09, y + 0.09, h), (x - 0.09, y + 0.09, h)], c1))
    return ''.join(o)


@SCENES.add
def s_fence4():
    out = [background([(1380, 220, 280, '#fde2e2', .55), (200, 1050, 260, '#fdecc8', .45)])]
    out[0] = out[0]
    iso = Iso(48)
    Wf, Df = 16, 12
    iso.center(Wf, Df, 720, 660)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5, top='#e8ecf1', left='#cfd6e0', right='#b5bfcc', grid=2.0, gridcol='#dae0e8'))
    # walkway markings
    out.append(f'<g transform="{iso.plane(0.01)}" fill="none" stroke="#f5b400" stroke-width="3" vector-effect="non-scaling-stroke">'
               f'<path d="M0.4 4.6 H15.6 M0.4 5.6 H5.2 M5.2 5.6 V11.6 M4.2 5.6 V11.6" stroke-dasharray="14 10" vector-effect="non-scaling-stroke"/></g>')
    # danger zone
    zone = [(6.2, 6.2), (12.4, 6.2), (12.4, 11.4), (6.2, 11.4)]
    out.append(f'<g transform="{iso.plane(0.02)}"><rect x="6.2" y="6.2" width="6.2" height="5.2" fill="url(#hatch)"/>'
               f'<rect x="6.2" y="6.2" width="6.2" height="5.2" fill="{RED}" fill-opacity="0.12" stroke="{RED}" stroke-width="3" '
               f'stroke-dasharray="14 8" vector-effect="non-scaling-stroke"/></g>')
    cx, cy = iso.p(9.3, 8.8)
    out.append(f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="300" ry="170" fill="url(#gGlowR)" opacity="0.5"/>')
    parts = []
    # transformer house
    tr = iso.box(0.8, 0.8, 0, 4.0, 3.0, 1.9, '#dfe5ee', '#eef2f7', '#bcc7d6')
    for k in range(8):
        yy = 1.1 + k * 0.32
        tr += iso.line([(4.8, yy, 0.3), (4.8, yy, 1.6)], '#9fadc2', 3)
    tr += f'<g transform="{iso.face_y(1.4, 3.8, 1.55)}"><path d="M0.6 0 L1.2 1.0 L0 1.0 Z" fill="#facc15" stroke="#1f2937" stroke-width="0.06" stroke-linejoin="round"/>' \
          f'<path d="M0.66 0.3 L0.48 0.62 L0.66 0.62 L0.54 0.9 L0.8 0.52 L0.62 0.52 L0.74 0.3 Z" fill="#1f2937"/></g>'
    tr += iso.poly([(2.9, 3.8, 0), (3.9, 3.8, 0), (3.9, 3.8, 1.3), (2.9, 3.8, 1.3)], '#9fb0c9')
    parts.append((2.8 + 2.3, tr))
    # tanks
    parts.append((11.0 + 2.0, cylinder(iso, 11.0, 2.0, 0, 1.05, 2.3, 'gTank', '#f3f6fa')))
    parts.append((13.9 + 2.3, cylinder(iso, 13.9, 2.3, 0, 0.85, 1.8, 'gTankB', '#e4edfb')))
    parts.append((7.6 + 1.6, iso.box(6.8, 0.8, 0, 2.4, 1.6, 1.1, '#dfe5ee', '#eef2f7', '#bcc7d6')))
    # gantry crane in the danger zone
    og = ('#fbbf24', '#fcd34d', '#d97706')
    g = iso.box(7.0, 8.3, 0, 0.32, 0.32, 3.4, *og)
    g += iso.box(11.2, 8.3, 0, 0.32, 0.32, 3.4, *og)
    parts.append((7.2 + 8.5, g))
    beam = iso.box(6.8, 8.25, 3.4, 4.9, 0.42, 0.42, *og)
    beam += iso.line([(9.2, 8.46, 3.4), (9.2, 8.46, 1.6)], '#334155', 2.5)
    beam += iso.box(8.6, 7.9, 0.9, 1.2, 1.1, 0.7, '#94a3b8', '#cbd5e1', '#64748b')
    parts.append((20.0, beam))
    # fence posts with chains
    pts = []
    for (a, b) in zip(zone, zone[1:] + zone[:1]):
        for t in [0, 0.25, 0.5, 0.75]:
            pts.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    chains = []
    for (a, b) in zip(pts, pts[1:] + pts[:1]):
        chains.append(((a[0] + b[0]) / 2 + (a[1] + b[1]) / 2,
                       iso.line([(a[0], a[1], 0.72), ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 0.58), (b[0], b[1], 0.72)], RED, 3)))
    for (x, y) in pts:
        parts.append((x + y, post(iso, x, y, 0.85)))
    parts += chains
    # alarm light on a pole at the zone corner
    al = iso.box(12.55, 5.9, 0, 0.2, 0.2, 2.6, '#cbd5e1', '#e2e8f0', '#94a3b8')
    al += cylinder(iso, 12.65, 6.0, 2.6, 0.3, 0.12, 'gTank', '#e2e8f0')
    lx, ly = iso.p(12.65, 6.0, 2.85)
    al += f'<circle cx="{f(lx)}" cy="{f(ly)}" r="70" fill="url(#gGlowR)"/>'
    al += f'<path d="M{f(lx - 16)},{f(ly + 10)} A16,18 0 0 1 {f(lx + 16)},{f(ly + 10)} Z" fill="{RED}"/>'
    al += f'<path d="M{f(lx - 6)},{f(ly - 2)} A6,6 0 0 1 {f(lx + 2)},{f(ly - 6)}" stroke="#fff" stroke-width="3" fill="none" opacity="0.7"/>'
    for a in [-150, -120, -60, -30]:
        r1, r2 = 30, 52
        ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
        al += f'<line x1="{f(lx + ca * r1)}" y1="{f(ly + sa * r1)}" x2="{f(lx + ca * r2)}" y2="{f(ly + sa * r2)}" stroke="{RED}" stroke-width="5" stroke-linecap="round"/>'
    parts.append((12.65 + 6.0, al))
    crates = ''
    for (x, y, z) in [(13.2, 9.4, 0), (14.2, 9.4, 0), (13.2, 10.4, 0), (13.7, 9.9, 0.8)]:
        crates += iso.box(x, y, z, 0.9, 0.9, 0.8, '#e9d3ad', '#f3e4c8', '#cfae7a')
        crates += iso.line([(x + 0.45, y + 0.9, z), (x + 0.45, y + 0.9, z + 0.8)], '#cfae7a', 2)
    parts.append((13.7 + 9.9, crates))
    for _, p in sorted(parts, key=lambda t: t[0]):
        out.append(p)
    # a second worker outside the zone (safe)
    sx2, sy2 = iso.p(15.0, 7.6)
    out.append(person(sx2, sy2, 1.1, shirt='#f97316', pants='#334155', helmet='#facc15'))
    out.append(f'<circle cx="{f(sx2)}" cy="{f(sy2 - 140)}" r="22" fill="{GREEN}" filter="url(#soft)"/>')
    out.append(icon('check', sx2, sy2 - 140, 24, '#fff', 3.2))
    # worker crossing into the zone
    wx, wy = iso.p(6.5, 10.2)
    out.append(person(wx, wy, 1.25, shirt='#f97316', pants='#334155', helmet='#facc15'))
    for i in range(2):
        R = 16 + i * 12
        out.append(f'<path d="M{f(wx + 18 + R * 0.6)},{f(wy - 76 - R * 0.8)} A{R},{R} 0 0 1 {f(wx + 18 + R * 0.6)},{f(wy - 56 + R * 0.4)}" '
                   f'fill="none" stroke="{RED}" stroke-width="4" stroke-linecap="round" opacity="{0.9 - i * 0.35}"/>')
    out.append(f'<circle cx="{f(wx)}" cy="{f(wy - 170)}" r="30" fill="{RED}" filter="url(#soft)"/>')
    out.append(icon('warn', wx, wy - 172, 32, '#fff', 2.8))
    # alarm card
    cx0, cy0, cw, ch = 1130, 140, 380, 250
    out.append(card(cx0, cy0, cw, ch, 28))
    out.append(f'<path d="M{cx0} {cy0 + 28} a28 28 0 0 1 28 -28 h{cw - 56} a28 28 0 0 1 28 28 v40 h-{cw} Z" fill="{RED}"/>')
    out.append(icon('warn', cx0 + 40, cy0 + 36, 30, '#fff', 2.6))
    out.append(bar(cx0 + 72, cy0 + 29, 150, 14, '#ffffff'))
    out.append(f'<circle cx="{cx0 + 60}" cy="{cy0 + 124}" r="30" fill="#fff1e6"/>')
    out.append(icon('user', cx0 + 60, cy0 + 124, 32, '#f97316', 2.6))
    out.append(bar(cx0 + 108, cy0 + 106, 160, 14, '#3b4a66'))
    out.append(bar(cx0 + 108, cy0 + 132, 200, 10, '#d8dfea'))
    out.append(f'<rect x="{cx0 + 28}" y="{cy0 + 178}" width="150" height="46" rx="23" fill="{RED}"/>')
    out.append(bar(cx0 + 63, cy0 + 195, 80, 12, '#fff'))
    out.append(f'<rect x="{cx0 + 196}" y="{cy0 + 178}" width="150" height="46" rx="23" fill="#f1f4f9"/>')
    out.append(bar(cx0 + 231, cy0 + 195, 80, 12, '#b5c1d3'))
    return ''.join(out)


@SCENES.add
def s_guidScreen():
    out = [background([(1350, 200, 300, '#cfe0fb', .55), (250, 1080, 260, '#d5efe9', .45)])]
    iso = Iso(64)
    Wf, Df = 12, 10
    iso.center(Wf, Df, 720, 730)
    out.append(slab(iso, 0, 0, Wf, Df, 0.45, grid=1.0, top='#f1f4f9'))
    # back walls with glazing
    out.append(iso.box(0, 0, 0, Wf, 0.25, 3.4, '#e9eef5', '#f6f8fb', '#d5dde8'))
    g = [f'<g transform="{iso.face_y(0, 0.25, 3.4)}">']
    for k in range(6):
        g.append(f'<rect x="{f(0.5 + k * 1.9)}" y="0.5" width="1.6" height="2.1" fill="#cfe0f7" opacity="0.75"/>')
        g.append(f'<rect x="{f(0.5 + k * 1.9)}" y="0.5" width="0.5" height="2.1" fill="#ffffff" opacity="0.45"/>')
    g.append('</g>')
    out.append(''.join(g))
    out.append(iso.box(0, 0, 0, 0.25, Df, 3.4, '#e9eef5', '#dfe6ef', '#edf1f6'))
    g = [f'<g transform="{iso.face_x(0.25, 0, 3.4)}">']
    g.append(f'<rect x="3.2" y="0.9" width="2.8" height="2.5" fill="#c9d6e8"/>')
    g.append(f'<rect x="3.35" y="1.05" width="1.2" height="2.35" fill="#dce6f3"/><rect x="4.65" y="1.05" width="1.2" height="2.35" fill="#dce6f3"/>')
    g.append(f'<rect x="3.6" y="0.25" width="2.0" height="0.45" rx="0.08" fill="{TEAL}"/>')
    g.append('</g>')
    out.append(''.join(g))
    # floor guidance stripes
    out.append(route_path(iso, [(6.3, 6.0), (2.2, 6.0), (2.2, 4.6), (0.6, 4.6)], BLUE, 11, z=0.01))
    parts = []
    # kiosk
    kx, ky, kw, kd, kh = 4.4, 4.0, 3.0, 0.5, 4.6
    k = iso.box(kx - 0.2, ky - 0.2, 0, kw + 0.4, kd + 0.4, 0.18, '#dfe6ef', '#eef2f7', '#c3cedd')
    k += iso.box(kx, ky, 0.18, kw, kd, kh, '#f3f6fa', '#ffffff', '#c9d4e3')
    sc = [f'<g transform="{iso.face_y(kx, ky + kd, 0.18 + kh)}">']
    sc.append(f'<rect x="0.14" y="0.14" width="{kw - 0.28}" height="{kh - 0.55}" rx="0.08" fill="#23314f"/>')
    sc.append(f'<rect x="0.22" y="0.22" width="{kw - 0.44}" height="{kh - 0.71}" rx="0.05" fill="#f4f7fb"/>')
    sc.append(f'<rect x="0.22" y="0.22" width="{kw - 0.44}" height="0.42" fill="{BLUE}"/>')
    sc.append(f'<rect x="0.38" y="0.37" width="0.9" height="0.12" rx="0.06" fill="#ffffff" opacity="0.85"/>')
    # little plan
    for (rx, ry, rw, rh, c) in [(0.35, 0.8, 0.8, 0.7, '#c6d8f3'), (1.25, 0.8, 1.15, 0.7, '#e3eaf4'), (0.35, 1.95, 0.8, 0.9, '#e3eaf4'),
                                (1.6, 1.95, 0.8, 0.9, '#bde6df')]:
        sc.append(f'<rect x="{rx}" y="{ry}" width="{rw}" height="{rh}" rx="0.04" fill="{c}"/>')
    sc.append(f'<path d="M0.7 2.75 V1.7 H1.95 V1.55" fill="none" stroke="{BLUE}" stroke-width="0.09" stroke-linecap="round" stroke-linejoin="round"/>')
    sc.append(f'<circle cx="0.7" cy="2.75" r="0.1" fill="{BLUE}" stroke="#fff" stroke-width="0.04"/>')
    sc.append(f'<path d="M1.95 1.52 c-0.12 -0.12 -0.14 -0.2 -0.14 -0.26 a0.14 0.14 0 0 1 0.28 0 c0 0.06 -0.02 0.14 -0.14 0.26 z" fill="{RED}"/>')
    sc.append('</g>')
    k += ''.join(sc)
    # QR panel under the screen
    qg = f'<g transform="{iso.face_y(kx, ky + kd, 0.18 + 0.4)}">'
    qg += f'<rect x="1.55" y="-0.18" width="0.01" height="0.01" fill="none"/></g>'
    k += qg
    k += f'<g transform="{iso.face_y(kx, ky + kd, 0.18 + kh)}">' + qr(1.68, 3.08, 0.86, seed=5, n=17, round_k=0.2) + '</g>'
    k += f'<g transform="{iso.face_y(kx, ky + kd, 0.18 + kh)}"><rect x="0.35" y="3.2" width="1.1" height="0.13" rx="0.06" fill="#7f93b3"/>' \
         f'<rect x="0.35" y="3.48" width="0.85" height="0.1" rx="0.05" fill="#c9d4e3"/><rect x="0.35" y="3.7" width="0.95" height="0.1" rx="0.05" fill="#c9d4e3"/></g>'
    parts.append((kx + kw / 2 + ky + kd / 2, k))
    # reception desk and plants
    parts.append((9.6 + 1.6, room(iso, 8.4, 1.0, 2.6, 1.0, 0.9, 'white', windows=False)))
    for (x, y) in [(1.0, 1.0), (11.2, 1.2), (1.2, 8.8)]:
        parts.append((x + y, plant(iso, x, y, r=0.42)))
    # bench
    parts.append((8.6 + 9.2, iso.box(7.6, 8.8, 0, 2.2, 0.7, 0.45, '#dbe7fb', '#eef3fb', '#b8cbe9')))
    for _, p in sorted(parts, key=lambda t: t[0]):
        out.append(p)
    # visitor in front of the screen scanning the QR code
    vx, vy = iso.p(6.6, 6.3)
    out.append(person(vx, vy, 1.45, shirt=TEAL, phone=True))
    # phone card showing the same route
    def mob(sw, sh):
        o = []
        m = Iso(20)
        m.ox, m.oy = sw / 2 - (4.5 - 6.0) * C30 * 20, 250 - (4.5 + 6.0) * 0.5 * 20
        o.append(mini_map(m, [(7.0, 9.4), (7.0, 6.4), (3.0, 6.4), (3.0, 3.0)],
                          [(0.2, 0.2, 2.2, 5.6, 'blue'), (3.8, 0.2, 2.8, 2.3, 'white'), (3.8, 3.1, 6.0, 2.5, 'teal'),
                           (0.2, 7.2, 2.3, 3.6, 'white'), (3.0, 7.2, 3.4, 3.6, 'blue')],
                          (3.0, 2.8, 0), (7.0, 9.0, 0), heading=-30, wd=(10, 11)))
        o.append(f'<rect x="0" y="{f(sh - 96)}" width="{f(sw)}" height="96" fill="#fff"/>')
        o.append(f'<rect x="18" y="{f(sh - 74)}" width="{f(sw - 36)}" height="48" rx="24" fill="url(#gBlue)"/>')
        o.append(icon('arrow_up', sw / 2, sh - 50, 24, '#fff', 3))
        return ''.join(o)
    out.append(phone(1250, 300, 240, 480, mob, 'gsclip'))
    dx_, dy_ = iso.p(0.7, 4.6, 0)
    out.append(pin(dx_, dy_, 90, RED))
    wx, wy = iso.p(9.6, 7.2)
    out.append(person(wx, wy, 1.35, shirt=BLUE))
    qx, qy = iso.p(kx + 2.2, ky + kd, 0.18 + 0.9)
    out.append(f'<path d="M{f(qx + 30)},{f(qy - 40)} C{f(qx + 200)},{f(qy - 200)} 1100 420 1236 470" fill="none" stroke="{BLUE}" '
               f'stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>')
    out.append(badge(1120, 392, 26, 'scan', BLUE, ring=False))
    return ''.join(out)


@SCENES.add
def s_findcar():
    out = [background([(1380, 1050, 300, '#cfe0fb', .5), (200, 150, 240, '#d5efe9', .45)])]
    iso = Iso(44)
    Wf, Df = 17, 12
    iso.center(Wf, Df, 740, 640)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5, top='#e3e8ef', left='#c9d1dd', right='#b0bbca', grid=0))
    # lane + bay markings
    g = [f'<g transform="{iso.plane(0.01)}" stroke="#ffffff" stroke-width="2.5" vector-effect="non-scaling-stroke" fill="none">']
    for row_y in (0.4, 7.6):
        for i in range(13):
            x = 3.6 + i * 1.05
            g.append(f'<line x1="{f(x)}" y1="{f(row_y)}" x2="{f(x)}" y2="{f(row_y + 3.2)}" vector-effect="non-scaling-stroke"/>')
    g.append(f'<path d="M0.6 5.6 H16.6" stroke="#f5c542" stroke-dasharray="16 12" vector-effect="non-scaling-stroke"/>')
    g.append('</g>')
    out.append(''.join(g))
    # route from the lift lobby to the car
    target = (3.6 + 8 * 1.05, 7.6)
    out.append(route_path(iso, [(2.4, 3.2), (2.4, 5.1), (target[0] + 0.52, 5.1), (target[0] + 0.52, 8.2)], BLUE, 12))
    # highlight target bay
    out.append(f'<g transform="{iso.plane(0.02)}"><rect x="{f(target[0])}" y="{f(target[1])}" width="1.05" height="3.2" '
               f'fill="{BLUE}" fill-opacity="0.18" stroke="{BLUE}" stroke-width="3" vector-effect="non-scaling-stroke"/></g>')
    parts = []
    rnd = random.Random(4)
    for row_y, flip in ((0.4, False), (7.6, True)):
        for i in range(12):
            x = 3.6 + i * 1.05
            if (row_y, i) in [(0.4, 3), (0.4, 9), (7.6, 2), (7.6, 6), (7.6, 11)]:
                continue
            is_target = row_y == 7.6 and i == 8
            cy = row_y + 0.65
            kind = rnd.random()
            if is_target:
                c = car(iso, x + 0.05, cy, 'y', tone='blue')
            elif kind < 0.3:
                c = car(iso, x + 0.05, cy, 'y', dark=True)
            else:
                c = car(iso, x + 0.05, cy, 'y')
            parts.append((x + cy + 1.5, c))
    # pillars with labels
    for (x, y, lab) in [(5.7, 3.85, 'A1'), (10.95, 3.85, 'A2'), (16.2, 3.85, 'A3'), (5.7, 7.35, 'B1'), (10.95, 7.35, 'B2'), (16.2, 7.35, 'B3')]:
        pl = iso.box(x - 0.25, y - 0.25, 0, 0.5, 0.5, 2.6, '#f3f5f9', '#eef1f6', '#c9d2df')
        pl += iso.poly([(x - 0.25, y + 0.25, 1.1), (x + 0.25, y + 0.25, 1.1), (x + 0.25, y + 0.25, 1.8), (x - 0.25, y + 0.25, 1.8)],
                       TEAL if lab.startswith('B') else BLUE)
        pl += f'<g transform="{iso.face_y(x - 0.25, y + 0.25, 1.8)}"><text x="0.25" y="0.48" font-family="{FONT}" font-size="0.36" ' \
              f'font-weight="700" fill="#ffffff" text-anchor="middle">{lab}</text></g>'
        parts.append((x + y + 0.5, pl))
    # lift lobby (glass box)
    lb = iso.box(0.3, 0.4, 0, 2.8, 2.6, 2.4, '#bfe6df', '#d7f1ec', '#94d2c6')
    lb += iso.poly([(1.2, 3.0, 0), (2.6, 3.0, 0), (2.6, 3.0, 1.9), (1.2, 3.0, 1.9)], '#5fb8a9')
    lb += iso.line([(1.9, 3.0, 0), (1.9, 3.0, 1.9)], '#d7f1ec', 2)
    parts.append((1.7 + 1.7, lb))
    for _, p in sorted(parts, key=lambda t: t[0]):
        out.append(p)
    lx, ly = iso.p(1.7, 1.7, 2.4)
    out.append(badge(lx, ly - 10, 28, 'lift', TEAL, ring=False))
    sx, sy = iso.p(2.4, 3.4)
    out.append(bluedot(sx, sy, 15))
    px, py = iso.p(target[0] + 0.52, 9.0, 0.7)
    out.append(pin(px, py, 100, BLUE, icon=lambda x, y, r: icon('car', x, y, r * 1.1, BLUE, 2.6)))
    # bay label card
    cx0, cy0 = 1150, 840
    out.append(card(cx0, cy0, 340, 190, 28))
    out.append(f'<rect x="{cx0 + 28}" y="{cy0 + 32}" width="72" height="72" rx="20" fill="{BLUE_XL}"/>')
    out.append(icon('car', cx0 + 64, cy0 + 68, 42, BLUE, 2.6))
    out.append(text(cx0 + 120, cy0 + 84, 'B2-036', 40, INK, 700))
    out.append(f'<line x1="{cx0 + 28}" y1="{cy0 + 126}" x2="{cx0 + 312}" y2="{cy0 + 126}" stroke="{LINE}" stroke-width="2"/>')
    out.append(icon('clock', cx0 + 46, cy0 + 156, 26, GRAY, 2.4))
    out.append(text(cx0 + 70, cy0 + 165, '2 min', 26, '#5b6b84', 600))
    out.append(text(cx0 + 312, cy0 + 165, '95 m', 26, GRAY, 600, 'end'))
    return ''.join(out)


def parking_lock(iso, cx, cy, raised=True):
    o = [iso.box(cx - 0.5, cy - 0.28, 0, 1.0, 0.56, 0.18, '#3a4863', '#4b5a78', '#2d3a52')]
    o.append(iso.poly([(cx - 0.4, cy - 0.18, 0.18), (cx + 0.4, cy - 0.18, 0.18), (cx + 0.4, cy + 0.18, 0.18), (cx - 0.4, cy + 0.18, 0.18)], '#56657f'))
    if raised:
        seq = [(cx - 0.55, cy, 0.12), (cx - 0.55, cy, 1.0), (cx + 0.55, cy, 1.0), (cx + 0.55, cy, 0.12)]
    else:
        seq = [(cx - 0.55, cy, 0.2), (cx - 0.55, cy - 1.0, 0.2), (cx + 0.55, cy - 1.0, 0.2), (cx + 0.55, cy, 0.2)]
    o.append(iso.line(seq, '#f59e0b', 11))
    o.append(iso.line(seq, '#1f2937', 11, 'stroke-dasharray="9 13" stroke-linecap="butt"'))
    led = RED if raised else GREEN
    lx, ly = iso.p(cx, cy + 0.28, 0.09)
    o.append(f'<circle cx="{f(lx)}" cy="{f(ly)}" r="16" fill="{led}" opacity="0.35" filter="url(#blur6)"/>')
    o.append(f'<circle cx="{f(lx)}" cy="{f(ly)}" r="5" fill="{led}"/>')
    return ''.join(o)


@SCENES.add
def s_parkingLock():
    out = [background([(1400, 250, 300, '#cfe0fb', .55), (220, 1060, 260, '#fdecc8', .4)])]
    iso = Iso(70)
    Wf, Df = 10.6, 8
    iso.center(Wf, Df, 620, 690)
    out.append(slab(iso, 0, 0, Wf, Df, 0.45, top='#e4e9f0', left='#ccd4df', right='#b3bdcb', grid=0))
    out.append(iso.box(0.2, 0.2, 0, Wf - 0.4, 0.4, 0.35, '#d5dce6', '#e6eaf0', '#bcc6d3'))
    g = [f'<g transform="{iso.plane(0.01)}" fill="none" stroke="#ffffff" stroke-width="4" vector-effect="non-scaling-stroke">']
    for x in (1.0, 3.6, 6.2, 8.8):
        g.append(f'<line x1="{x}" y1="0.8" x2="{x}" y2="6.4" vector-effect="non-scaling-stroke"/>')
    g.append('<line x1="1.0" y1="0.8" x2="8.8" y2="0.8" vector-effect="non-scaling-stroke"/></g>')
    out.append(''.join(g))
    for i, lab in enumerate(['12', '13', '14']):
        out.append(f'<g transform="{iso.plane(0.01)}"><text x="{2.3 + i * 2.6}" y="1.9" font-family="{FONT}" font-size="0.8" '
                   f'font-weight="700" fill="#ffffff" text-anchor="middle" opacity="0.95">{lab}</text></g>')
    # free bay glow
    out.append(f'<g transform="{iso.plane(0.015)}"><rect x="6.3" y="0.9" width="2.4" height="5.4" fill="{GREEN}" fill-opacity="0.10"/></g>')
    out.append(car(iso, 1.45, 1.4, 'y', k=1.75, tone='blue'))
    out.append(parking_lock(iso, 4.9, 5.6, True))
    out.append(parking_lock(iso, 7.5, 5.6, False))
    out.append(car(iso, 0.5, 6.55, 'x', k=1.4))
    for (x, nm, col) in [(4.9, 'lock', RED), (7.5, 'unlock', GREEN)]:
        bx, by = iso.p(x, 5.6, 1.0)
        out.append(badge(bx + 30, by - 60, 28, nm, col, ring=True))
    # phone controlling the lock
    def ui(sw, sh):
        o = []
        o.append(text(30, 110, 'P', 40, BLUE, 800))
        o.append(text(66, 110, '14', 40, INK, 700))
        o.append(f'<rect x="{f(sw - 120)}" y="80" width="92" height="40" rx="20" fill="#e8f7ee"/>')
        o.append(f'<circle cx="{f(sw - 100)}" cy="100" r="7" fill="{GREEN}"/>')
        o.append(bar(sw - 86, 94, 44, 12, '#86d3a5'))
        cx, cy = sw / 2, 300
        o.append(f'<circle cx="{f(cx)}" cy="{cy}" r="118" fill="{BLUE}" opacity="0.08"/>')
        o.append(f'<circle cx="{f(cx)}" cy="{cy}" r="92" fill="{BLUE}" opacity="0.14"/>')
        o.append(f'<circle cx="{f(cx)}" cy="{cy}" r="70" fill="url(#gBlue)" filter="url(#soft)"/>')
        o.append(icon('unlock', cx, cy, 62, '#fff', 2.6))
        o.append(f'<rect x="28" y="450" width="{f(sw - 56)}" height="64" rx="18" fill="#fff" filter="url(#soft)"/>')
        o.append(icon('bt', 62, 482, 28, BLUE, 2.6))
        o.append(bar(92, 476, 110, 12, '#cfd8e5'))
        o.append(icon('check', sw - 58, 482, 26, GREEN, 3))
        o.append(f'<rect x="28" y="530" width="{f(sw - 56)}" height="64" rx="18" fill="#fff" filter="url(#soft)"/>')
        o.append(icon('clock', 62, 562, 28, GRAY, 2.4))
        o.append(text(sw - 44, 573, '2 h', 28, INK, 700, 'end'))
        o.append(bar(92, 556, 90, 12, '#cfd8e5'))
        return ''.join(o)
    out.append(phone(1170, 240, 330, 680, ui, 'plclip'))
    lx, ly = iso.p(7.5, 5.6, 0.3)
    out.append(f'<path d="M1160 560 C1050 520 {f(lx + 160)},{f(ly - 150)} {f(lx + 40)},{f(ly - 30)}" fill="none" stroke="{BLUE}" '
               f'stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>')
    out.append(f'<circle cx="1040" cy="558" r="26" fill="#fff" filter="url(#soft)"/>')
    out.append(icon('bt', 1040, 558, 26, BLUE, 2.8))
    return ''.join(out)


@SCENES.add
def s_nursingRoom():
    out = [background([(1380, 220, 300, '#fbdbe9', .4), (200, 1050, 260, '#cfe0fb', .5)])]
    iso = Iso(54)
    Wf, Df = 14, 10
    iso.center(Wf, Df, 690, 660)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5))
    out.append(route_path(iso, [(1.0, 5.1), (11.6, 5.1), (11.6, 4.5)], BLUE, 12))
    lst = [(0.3, 0.3, 3.0, 4.0, 'blue'), (3.6, 0.3, 2.8, 4.0, 'white'), (6.7, 0.3, 2.8, 4.0, 'blue'),
           (0.3, 6.0, 3.2, 3.7, 'white'), (3.8, 6.0, 3.0, 3.7, 'blue'), (7.1, 6.0, 3.0, 3.7, 'white'),
           (10.4, 6.0, 3.3, 3.7, 'blue')]
    out.append(rooms(iso, lst, h=0.85))
    # nursing room
    nx, ny, nw, nd = 9.9, 0.8, 3.8, 3.5
    out.append(room(iso, nx, ny, nw, nd, 1.1, 'pink'))
    out.append(iso.poly([(11.2, ny + nd, 0), (12.0, ny + nd, 0), (12.0, ny + nd, 0.95), (11.2, ny + nd, 0.95)], '#e58fb8'))
    out.append(iso.line([(11.6, ny + nd, 0), (11.6, ny + nd, 0.95)], '#fbd3e6', 2))
    # door sensor
    sx, sy = iso.p(12.1, ny + nd, 0.98)
    out.append(f'<rect x="{f(sx - 2)}" y="{f(sy - 10)}" width="16" height="10" rx="3" fill="#fff" stroke="#d3dae5" stroke-width="1.5"/>')
    for i in range(2):
        R = 12 + i * 10
        out.append(f'<path d="M{f(sx + 18)},{f(sy - 5 - R * 0.7)} A{R},{R} 0 0 1 {f(sx + 18)},{f(sy - 5 + R * 0.7)}" fill="none" stroke="{GREEN}" stroke-width="3" stroke-linecap="round" opacity="{0.9 - i * 0.35}"/>')
    for (x, y) in [(3.45, 5.6), (9.7, 5.6)]:
        out.append(plant(iso, x, y))
    ux, uy = iso.p(1.0, 5.1)
    out.append(iso.ell(1.0, 5.1, 0, 0.7, f'fill="{BLUE}" opacity="0.14"'))
    out.append(bluedot(ux, uy, 15))
    px, py = iso.p(nx + nw / 2, ny + nd / 2, 1.1)
    out.append(pin(px, py, 120, PINK, icon=lambda x, y, r: icon('bottle', x, y, r * 1.15, PINK, 2.4)))
    # status bubble
    bx, by = px + 70, py - 150
    out.append(f'<rect x="{f(bx)}" y="{f(by)}" width="150" height="56" rx="28" fill="#fff" filter="url(#soft)"/>')
    out.append(f'<circle cx="{f(bx + 30)}" cy="{f(by + 28)}" r="10" fill="{GREEN}"/>')
    out.append(text(bx + 52, by + 38, '空闲', 28, '#15803d', 700))
    # list of nearby rooms
    cx0, cy0, cw = 90, 850, 420
    out.append(card(cx0, cy0, cw, 240, 28))
    for i, (st, d) in enumerate([(GREEN, '60 m'), (RED, '150 m'), (GREEN, '210 m')]):
        y0 = cy0 + 34 + i * 66
        out.append(f'<circle cx="{cx0 + 54}" cy="{y0 + 24}" r="24" fill="#fde7f1"/>')
        out.append(icon('bottle', cx0 + 54, y0 + 24, 28, PINK, 2.4))
        out.append(bar(cx0 + 96, y0 + 10, 130, 13, '#3b4a66' if i == 0 else '#8a97ab'))
        out.append(bar(cx0 + 96, y0 + 32, 90, 10, '#d8dfea'))
        out.append(f'<circle cx="{cx0 + 262}" cy="{y0 + 24}" r="8" fill="{st}"/>')
        out.append(text(cx0 + cw - 30, y0 + 34, d, 24, GRAY, 600, 'end'))
    return ''.join(out)


@SCENES.add
def s_bigdata():
    out = [background([(1400, 1050, 300, '#fde8d8', .45), (180, 160, 240, '#cfe0fb', .5)])]
    iso = Iso(50)
    Wf, Df = 14, 10
    iso.center(Wf, Df, 700, 640)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5, grid=1.0))
    heat = [(2.5, 5.0, 1.4, 'gHeatC'), (5.0, 5.0, 2.3, 'gHeat'), (7.4, 5.0, 1.6, 'gHeat'), (9.7, 5.0, 2.6, 'gHeat'),
            (9.7, 2.2, 1.5, 'gHeat'), (5.0, 8.4, 1.5, 'gHeatC'), (12.3, 5.0, 1.5, 'gHeatC'), (5.0, 2.0, 1.3, 'gHeatC'),
            (9.7, 8.4, 1.8, 'gHeat'), (1.4, 8.8, 1.1, 'gHeatC'), (12.6, 8.6, 1.2, 'gHeatC')]
    g = [f'<g transform="{iso.plane(0.02)}">']
    for (x, y, r, gr) in heat:
        g.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="url(#{gr})"/>')
    g.append('</g>')
    out.append(''.join(g))
    lst = [(0.3, 0.3, 3.8, 3.7, 'white'), (5.9, 0.3, 3.2, 3.7, 'white'), (10.5, 0.3, 3.2, 3.7, 'white'),
           (0.3, 5.9, 3.8, 2.3, 'white'), (5.9, 5.9, 3.2, 1.7, 'white'), (10.5, 5.9, 3.2, 1.7, 'white')]
    out.append('<g opacity="0.92">' + rooms(iso, lst, h=0.35, windows=False) + '</g>')
    # hotspot markers
    for (x, y, v) in [(9.7, 5.0, '86%'), (5.0, 5.0, '72%')]:
        hx, hy = iso.p(x, y)
        out.append(f'<circle cx="{f(hx)}" cy="{f(hy)}" r="7" fill="#fff" stroke="{RED}" stroke-width="3"/>')
        out.append(f'<line x1="{f(hx)}" y1="{f(hy - 7)}" x2="{f(hx)}" y2="{f(hy - 70)}" stroke="{RED}" stroke-width="2"/>')
        out.append(f'<rect x="{f(hx - 50)}" y="{f(hy - 116)}" width="100" height="46" rx="23" fill="#fff" filter="url(#soft)"/>')
        out.append(text(hx, hy - 84, v, 24, RED, 700, 'middle'))
    # KPI card
    out.append(card(70, 80, 360, 170, 28))
    out.append(f'<circle cx="130" cy="165" r="36" fill="{BLUE_XL}"/>')
    out.append(icon('users', 130, 165, 38, BLUE, 2.4))
    out.append(text(186, 166, '12,480', 46, INK, 700))
    out.append(text(188, 206, '+8.6%', 24, '#16a34a', 700))
    out.append(bar(280, 196, 110, 10, '#d8dfea'))
    # line chart card
    cx0, cy0, cw, ch = 1120, 90, 400, 260
    out.append(card(cx0, cy0, cw, ch, 28))
    out.append(bar(cx0 + 30, cy0 + 32, 120, 14, '#3b4a66'))
    for k in range(4):
        yy = cy0 + 80 + k * 44
        out.append(f'<line x1="{cx0 + 30}" y1="{yy}" x2="{cx0 + cw - 30}" y2="{yy}" stroke="{LINE}" stroke-width="1.5"/>')
    out.append(line_chart(cx0 + 30, cy0 + 80, cw - 60, 140, [30, 42, 38, 60, 55, 80, 72, 95], BLUE, dots=False))
    out.append(line_chart(cx0 + 30, cy0 + 80, cw - 60, 140, [20, 28, 35, 30, 45, 40, 52, 58], TEAL, area=None, vmax=104.5))
    # bar chart card
    cx0, cy0, cw, ch = 1120, 850, 400, 250
    out.append(card(cx0, cy0, cw, ch, 28))
    out.append(bar(cx0 + 30, cy0 + 32, 100, 14, '#3b4a66'))
    out.append(bars(cx0 + 30, cy0 + 70, cw - 60, 150, [40, 55, 72, 60, 88, 76, 50], BLUE, hi=4, hicolor=ORANGE, light=0.5))
    # donut card
    cx0, cy0 = 80, 880
    out.append(card(cx0, cy0, 360, 220, 28))
    out.append(donut(cx0 + 100, cy0 + 110, 58, 22, [(0.46, BLUE), (0.3, TEAL), (0.24, ORANGE)]))
    for i, c in enumerate([BLUE, TEAL, ORANGE]):
        yy = cy0 + 70 + i * 38
        out.append(f'<circle cx="{cx0 + 200}" cy="{yy + 6}" r="8" fill="{c}"/>')
        out.append(bar(cx0 + 218, yy, 100 - i * 18, 12, '#cfd8e5'))
    return ''.join(out)


@SCENES.add
def s_passenger():
    out = [background([(1350, 1050, 300, '#d5efe9', .5), (200, 150, 260, '#cfe0fb', .5)])]
    iso = Iso(58)
    Wf, Df = 11, 9
    iso.center(Wf, Df, 560, 720)
    out.append(slab(iso, 0, 0, Wf, Df, 0.45, top='#eef2f8', grid=1.0))
    # flow arrows on the floor
    g = [f'<g transform="{iso.plane(0.01)}" fill="{BLUE}">']
    for i, y in enumerate([7.6, 5.6, 3.6]):
        op = 0.12 + i * 0.07
        g.append(f'<path d="M4.6 {y} L5.5 {y - 1.1} L6.4 {y} L6.0 {y} L6.0 {y + 0.7} L5.0 {y + 0.7} L5.0 {y} Z" opacity="{op:.2f}"/>')
    g.append('</g>')
    out.append(''.join(g))
    # counting beam
    bx, by = iso.p(5.5, 1.4, 0)
    out.append(iso.ell(5.5, 1.4, 0, 0.9, f'fill="{BLUE}" opacity="0.16" stroke="{BLUE}" stroke-opacity="0.4" stroke-width="2"'))
    # facade
    wall_h = 3.4
    out.append(iso.box(0, 0, 0, 3.6, 0.35, wall_h, '#e9eef5', '#f6f8fb', '#d5dde8'))
    out.append(iso.box(7.4, 0, 0, 3.6, 0.35, wall_h, '#e9eef5', '#f6f8fb', '#d5dde8'))
    out.append(iso.poly([(3.6, 0.0, 0), (7.4, 0.0, 0), (7.4, 0.0, 2.6), (3.6, 0.0, 2.6)], '#dde7f5'))
    out.append(iso.box(3.6, 0, 2.6, 3.8, 0.35, wall_h - 2.6, '#e9eef5', '#f6f8fb', '#d5dde8'))
    for (x0, x1) in [(3.6, 4.5), (6.5, 7.4)]:
        out.append(iso.poly([(x0, 0.35, 0), (x1, 0.35, 0), (x1, 0.35, 2.6), (x0, 0.35, 2.6)], '#bcd3f3', 'opacity="0.7"'))
        out.append(iso.line([(x0, 0.35, 0), (x0, 0.35, 2.6), (x1, 0.35, 2.6), (x1, 0.35, 0)], '#9bb5dc', 2))
    for x0 in (0.4, 1.9, 7.8, 9.3):
        out.append(iso.poly([(x0, 0.35, 0.8), (x0 + 1.2, 0.35, 0.8), (x0 + 1.2, 0.35, 2.8), (x0, 0.35, 2.8)], '#cfe0f7', 'opacity="0.8"'))
    # sensor under the lintel
    out.append(iso.box(5.2, 0.35, 2.38, 0.6, 0.3, 0.2, '#3a4863', '#4b5a78', '#2d3a52'))
    s1 = iso.p(5.35, 0.65, 2.38)
    s2 = iso.p(5.65, 0.65, 2.38)
    e1 = iso.p(4.6, 1.4, 0)
    e2 = iso.p(6.4, 1.4, 0)
    out.append(f'<polygon points="{f(s1[0])},{f(s1[1])} {f(s2[0])},{f(s2[1])} {f(e2[0])},{f(e2[1])} {f(e1[0])},{f(e1[1])}" fill="url(#gBeam)"/>')
    lx, ly = iso.p(5.5, 0.65, 2.42)
    out.append(f'<circle cx="{f(lx)}" cy="{f(ly)}" r="4" fill="#60a5fa"/>')
    # people walking in
    ppl = [(5.3, 1.5, BLUE), (6.1, 3.0, TEAL), (4.7, 4.2, ORANGE), (5.9, 5.6, '#8b5cf6'), (4.9, 7.0, CORAL), (6.6, 7.8, BLUE)]
    for (x, y, c) in sorted(ppl, key=lambda t: t[0] + t[1]):
        px, py = iso.p(x, y)
        out.append(person(px, py, 1.05, shirt=c))
    for (x, y) in [(1.2, 1.2), (9.8, 1.2)]:
        out.append(plant(iso, x, y, r=0.4))
    # +1 bubble
    out.append(f'<rect x="{f(lx - 50)}" y="{f(ly - 110)}" width="100" height="50" rx="25" fill="{BLUE}" filter="url(#soft)"/>')
    out.append(text(lx, ly - 75, '+1', 28, '#fff', 700, 'middle'))
    # in/out counter
    cx0, cy0 = 80, 100
    out.append(card(cx0, cy0, 300, 150, 26))
    out.append(f'<circle cx="{cx0 + 50}" cy="{cy0 + 50}" r="20" fill="#e8f7ee"/>')
    out.append(icon('arrow_up', cx0 + 50, cy0 + 50, 22, '#16a34a', 3))
    out.append(text(cx0 + 84, cy0 + 62, '326', 34, INK, 700))
    out.append(f'<circle cx="{cx0 + 50}" cy="{cy0 + 106}" r="20" fill="#f1f4f9"/>')
    out.append(f'<g transform="rotate(180 {cx0 + 50} {cy0 + 106})">{icon("arrow_up", cx0 + 50, cy0 + 106, 22, GRAY, 3)}</g>')
    out.append(text(cx0 + 84, cy0 + 118, '118', 34, '#5b6b84', 700))
    out.append(bar(cx0 + 170, cy0 + 46, 100, 12, '#d8dfea'))
    out.append(bar(cx0 + 170, cy0 + 102, 80, 12, '#d8dfea'))
    # analytics card
    cx0, cy0, cw, ch = 1070, 120, 450, 960
    out.append(card(cx0, cy0, cw, ch, 32))
    out.append(f'<circle cx="{cx0 + 64}" cy="{cy0 + 72}" r="32" fill="{BLUE_XL}"/>')
    out.append(icon('users', cx0 + 64, cy0 + 72, 34, BLUE, 2.4))
    out.append(text(cx0 + 112, cy0 + 90, '1,286', 52, INK, 700))
    out.append(f'<rect x="{cx0 + cw - 128}" y="{cy0 + 54}" width="96" height="38" rx="19" fill="#e8f7ee"/>')
    out.append(text(cx0 + cw - 80, cy0 + 81, '+12%', 22, '#16a34a', 700, 'middle'))
    gx, gy, gw, gh = cx0 + 36, cy0 + 150, cw - 72, 250
    for k in range(5):
        yy = gy + k * gh / 4
        out.append(f'<line x1="{gx}" y1="{f(yy)}" x2="{gx + gw}" y2="{f(yy)}" stroke="{LINE}" stroke-width="1.5"/>')
    out.append(line_chart(gx, gy, gw, gh, [12, 18, 30, 52, 64, 58, 70, 88, 76, 60], GRAY, area=None, dash='8 8', sw=3, vmax=110))
    out.append(line_chart(gx, gy, gw, gh, [10, 22, 38, 60, 82, 74, 90, 102, 84, 66], BLUE, dots=True, vmax=110))
    for i, t in enumerate(['10', '12', '14', '16', '18']):
        out.append(text(gx + gw * i / 4, gy + gh + 36, t, 20, GRAY, 600, 'middle'))
    out.append(f'<line x1="{cx0 + 30}" y1="{cy0 + 470}" x2="{cx0 + cw - 30}" y2="{cy0 + 470}" stroke="{LINE}" stroke-width="2"/>')
    out.append(bars(gx, cy0 + 510, gw, 190, [30, 45, 62, 80, 95, 70, 55, 66, 48], TEAL, hi=4, hicolor=BLUE, light=0.5))
    # capacity
    yy = cy0 + 770
    out.append(bar(gx, yy, 120, 14, '#3b4a66'))
    out.append(text(gx + gw, yy + 14, '78%', 28, ORANGE, 700, 'end'))
    out.append(bar(gx, yy + 40, gw, 18, '#edf1f7'))
    out.append(bar(gx, yy + 40, gw * 0.78, 18, ORANGE))
    out.append(bar(gx, yy + 96, 200, 12, '#d8dfea'))
    out.append(bar(gx, yy + 122, 140, 12, '#d8dfea'))
    return ''.join(out)
