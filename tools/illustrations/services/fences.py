# The services pictures of virtual fences: a mall's geofences, whose crossing pushes a notice
# (fance), and a danger zone on an industrial site, whose crossing raises an alarm (fence4).

import math

from flat import background, bar, card, person, text
from icons import icon
from iso import Iso, car, cylinder, f, plant, rooms, slab
from palette import BLUE, GRAY, GREEN, ORANGE, RED, TEAL

from .props import trail
from .registry import SCENES


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
