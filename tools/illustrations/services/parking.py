# The services pictures of the car park: the way back to a parked car (findcar) and the parking lock
# opened from a phone (parkingLock).

import random

from flat import background, bar, bluedot, card, phone, pin, text
from icons import badge, icon
from iso import Iso, car, f, route_path, slab
from palette import BLUE, BLUE_XL, FONT, GRAY, GREEN, INK, LINE, RED, TEAL

from .registry import SCENES


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
