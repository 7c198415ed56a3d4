# The HarmonyOS NEXT SDK page's picture (harmonyNext), with the props only it draws: Bluetooth
# arcs, the code editor card and the SDK box.

import math

from flat import background, bar, bluedot, card, person, phone, text
from icons import icon
from iso import C30, Iso, beacon, f, plant, room, rooms, slab, sort_draw
from palette import BLUE, BLUE_L, BLUE_XL, FONT, GREEN, INK, LINE, TEAL

from .registry import SCENES


def bt_arcs(x, y, ang, r0=30, gap=22, n=3, col=BLUE, sw=5, spread=38):
    """Bluetooth signal arcs radiating from (x, y) towards angle ang (degrees)."""
    o = []
    for i in range(n):
        R = r0 + i * gap
        a1, a2 = math.radians(ang - spread), math.radians(ang + spread)
        x1, y1 = x + R * math.cos(a1), y + R * math.sin(a1)
        x2, y2 = x + R * math.cos(a2), y + R * math.sin(a2)
        o.append(f'<path d="M{f(x1)},{f(y1)} A{R},{R} 0 0 1 {f(x2)},{f(y2)}" fill="none" stroke="{col}" stroke-width="{sw}" '
                 f'stroke-linecap="round" opacity="{f(0.85 - i * 0.22)}"/>')
    return ''.join(o)


def code_editor(x, y, w, h):
    o = [card(x, y, w, h, 24, '#ffffff')]
    o.append(f'<clipPath id="edc"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="24"/></clipPath><g clip-path="url(#edc)">')
    o.append(f'<rect x="{x}" y="{y + 58}" width="{w}" height="{h - 58}" fill="url(#gCode)"/>')
    for i, c in enumerate(['#f87171', '#fbbf24', '#34d399']):
        o.append(f'<circle cx="{x + 30 + i * 24}" cy="{y + 29}" r="7" fill="{c}"/>')
    # tabs
    o.append(f'<rect x="{x + 120}" y="{y + 14}" width="150" height="44" rx="10" fill="#24324f"/>')
    o.append(f'<rect x="{x + 120}" y="{y + 40}" width="150" height="18" fill="#24324f"/>')
    o.append(icon('code', x + 144, y + 36, 20, '#60a5fa', 2.4))
    o.append(bar(x + 162, y + 31, 86, 10, '#8aa3cc'))
    o.append(bar(x + 290, y + 26, 90, 10, '#cfd8e5'))
    o.append(f'<rect x="{x + w - 120}" y="{y + 14}" width="96" height="32" rx="16" fill="url(#gBlue)"/>')
    o.append(f'<path d="M{x + w - 98} {y + 22} l12 8 -12 8z" fill="#fff"/>')
    o.append(bar(x + w - 78, y + 25, 38, 10, '#ffffff'))
    # gutter + code lines
    P, K, S, T, Cm, O = '#c084fc', '#60a5fa', '#fbbf24', '#2dd4bf', '#5b6f95', '#f87171'
    lines = [
        (0, [(40, P), (110, K), (30, '#cbd5e1'), (90, S)]),
        (0, [(40, P), (80, K), (30, '#cbd5e1'), (120, S)]),
        (0, []),
        (0, [(150, Cm)]),
        (0, [(60, P), (100, T), (26, '#cbd5e1')]),
        (1, [(70, K), (36, '#cbd5e1'), (120, T), (40, O)]),
        (1, [(50, P), (90, K), (60, S)]),
        (2, [(110, T), (30, '#cbd5e1'), (70, O)]),
        (2, [(80, K), (140, S)]),
        (1, [(26, '#cbd5e1')]),
        (0, [(16, '#cbd5e1')]),
    ]
    ly = y + 96
    for i, (ind, toks) in enumerate(lines):
        yy = ly + i * 30
        o.append(bar(x + 26, yy, 16 if i < 9 else 22, 8, '#3e5177'))
        if i == 6:
            o.append(f'<rect x="{x + 58}" y="{yy - 10}" width="{w - 58}" height="28" fill="#ffffff" opacity="0.05"/>')
        xx = x + 68 + ind * 34
        for (ln, col) in toks:
            if xx + ln > x + w - 24:
                break
            o.append(bar(xx, yy, ln, 9, col))
            xx += ln + 10
        if i == 6:
            o.append(f'<rect x="{xx - 2}" y="{yy - 7}" width="3" height="22" fill="#e2e8f0"/>')
    o.append(f'<line x1="{x + 56}" y1="{y + 74}" x2="{x + 56}" y2="{y + h}" stroke="#2c3b5c" stroke-width="2"/>')
    # build status strip
    o.append(f'<rect x="{x}" y="{y + h - 46}" width="{w}" height="46" fill="#17213a"/>')
    o.append(f'<circle cx="{x + 34}" cy="{y + h - 23}" r="11" fill="{GREEN}"/>')
    o.append(icon('check', x + 34, y + h - 23, 14, '#fff', 3))
    o.append(bar(x + 56, y + h - 28, 120, 10, '#5b6f95'))
    o.append(bar(x + w - 110, y + h - 28, 80, 10, '#3e5177'))
    o.append('</g>')
    return ''.join(o)


def sdk_box(cx, cy, s=70):
    """Floating isometric package cube labelled SDK, centred on screen point (cx, cy)."""
    iso = Iso(s)
    iso.center(2, 2, cx, cy, z=1.0)
    o = [f'<ellipse cx="{f(cx)}" cy="{f(cy + 2.3 * s)}" rx="{f(1.3 * s)}" ry="{f(0.36 * s)}" fill="#1d3b6e" opacity="0.14" filter="url(#blur14)"/>']
    o.append(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(1.9 * s)}" fill="{BLUE}" opacity="0.07"/>')
    o.append(iso.box(0, 0, 0, 2, 2, 2, '#8db7f5', '#5b95f2', '#1f5fd1'))
    # ribbon over the top and down the right face
    o.append(iso.poly([(0, 0.8, 2), (2, 0.8, 2), (2, 1.2, 2), (0, 1.2, 2)], '#ffffff', 'opacity="0.9"'))
    o.append(iso.poly([(2, 0.8, 0), (2, 1.2, 0), (2, 1.2, 2), (2, 0.8, 2)], '#ffffff', 'opacity="0.55"'))
    # label on the left face
    o.append(f'<g transform="{iso.face_y(0, 2, 2)}"><text x="1.0" y="1.22" font-family="{FONT}" font-size="0.56" font-weight="800" '
             f'fill="#ffffff" text-anchor="middle">SDK</text>'
             f'<rect x="0.55" y="1.42" width="0.9" height="0.1" rx="0.05" fill="#ffffff" opacity="0.6"/></g>')
    o.append(iso.line([(0, 2, 2), (2, 2, 2), (2, 0, 2)], '#ffffff', 2, 'opacity="0.6"'))
    return ''.join(o)


@SCENES.add
def s_harmonyNext():
    out = [background([(1350, 240, 300, '#cfe0fb', .55), (220, 1050, 280, '#d5efe9', .5), (1450, 1080, 200, '#fde8d8', .35)])]
    # --- small floor with three beacons ------------------------------------
    iso = Iso(50)
    Wf, Df = 10, 8
    iso.center(Wf, Df, 560, 850)
    out.append(slab(iso, 0, 0, Wf, Df, 0.45))
    lst = [(0.3, 0.3, 2.8, 2.2, 'blue'), (3.3, 0.3, 2.2, 2.2, 'white'), (5.7, 0.3, 2.2, 2.2, 'teal'), (8.1, 0.3, 1.6, 3.6, 'blue'),
           (0.3, 4.9, 2.4, 2.8, 'white'), (3.2, 5.4, 2.6, 2.3, 'blue'), (8.1, 5.6, 1.6, 2.1, 'warm')]
    parts = [((r[0] + r[2] / 2) + (r[1] + r[3] / 2), room(iso, r[0], r[1], r[2], r[3], 0.7, r[4])) for r in lst]
    dot = (3.7, 4.1)
    beacons = [(1.0, 3.8), (7.3, 3.0), (6.8, 6.4)]
    zb = 1.45
    dx, dy = iso.p(*dot)
    for (bx, by) in beacons:
        post = iso.box(bx - 0.13, by - 0.13, 0, 0.26, 0.26, zb - 0.12, '#e9eef5', '#dfe6ef', '#c3cedd')
        post += beacon(iso, bx, by, zb, rings=1, rstep=0.42)
        parts.append((bx + by, post))
    parts.append((6.9 + 7.4 - 0.5, plant(iso, 6.3, 7.3)))
    parts.append((0.9 + 4.2, plant(iso, 0.9, 4.2)))
    out.append(iso.ell(dot[0], dot[1], 0, 1.0, f'fill="{BLUE}" opacity="0.12" stroke="{BLUE}" stroke-opacity="0.4" stroke-width="2"'))
    out.append(sort_draw([p for p in parts if p[0] < sum(dot)]))
    for (bx, by) in beacons:
        px, py = iso.p(bx, by, zb)
        out.append(f'<line x1="{f(px)}" y1="{f(py)}" x2="{f(dx)}" y2="{f(dy)}" stroke="{BLUE}" stroke-width="2.5" '
                   f'stroke-dasharray="8 8" opacity="0.6"/>')
    px, py = dx, dy
    out.append(person(px, py + 4, 1.05, shirt=TEAL, phone=True))
    out.append(sort_draw([p for p in parts if p[0] >= sum(dot)]))
    # Bluetooth arcs from the beacons towards the phone
    phx, phy, phw, phh = 1090, 170, 390, 840
    for (bx, by) in beacons:
        bpx, bpy = iso.p(bx, by, zb + 0.35)
        ang = math.degrees(math.atan2(560 - bpy, phx - bpx))
        out.append(bt_arcs(bpx, bpy, ang, r0=34, gap=20, sw=4.5))

    # --- code editor + SDK package --------------------------------------------
    out.append(code_editor(96, 96, 600, 470))
    sbx, sby = 880, 330
    out.append(f'<path d="M{696 + 10},{250} C{780},{250} {790},{sby - 30} {sbx - 110},{sby - 10}" fill="none" stroke="{BLUE}" '
               f'stroke-width="3" stroke-dasharray="2 9" stroke-linecap="round"/>')
    out.append(sdk_box(sbx, sby, 58))
    out.append(f'<path d="M{sbx + 100},{sby + 40} C{sbx + 160},{sby + 60} {phx - 90},{sby + 90} {phx - 24},{sby + 90}" fill="none" '
               f'stroke="{BLUE}" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>')
    out.append(f'<path d="M{phx - 34},{sby + 78} L{phx - 10},{sby + 90} L{phx - 34},{sby + 102} Z" fill="{BLUE}"/>')

    # --- phone with indoor map --------------------------------------------------
    def screen(sw, sh):
        o = []
        ms = 34
        m = Iso(ms)
        m.ox, m.oy = sw / 2 - (5.0 - 4.0) * C30 * ms, 372 - (5.0 + 4.0) * 0.5 * ms
        o.append(slab(m, 0, 0, 10, 8, 0.3, grid=1.0, shadow=False))
        o.append(rooms(m, lst, h=0.55))
        mdx, mdy = m.p(*dot)
        for (bx, by) in beacons:
            bx_, by_ = m.p(bx, by, 0.02)
            o.append(f'<circle cx="{f(bx_)}" cy="{f(by_)}" r="22" fill="{BLUE}" opacity="0.1"/>')
            o.append(f'<circle cx="{f(bx_)}" cy="{f(by_)}" r="11" fill="#fff" stroke="{BLUE_L}" stroke-width="2"/>')
            o.append(f'<circle cx="{f(bx_)}" cy="{f(by_)}" r="4" fill="{BLUE}"/>')
        o.append(m.ell(dot[0], dot[1], 0, 1.1, f'fill="{BLUE}" opacity="0.14" stroke="{BLUE}" stroke-opacity="0.35" stroke-width="2"'))
        o.append(bluedot(mdx, mdy, 13, cone=-40))
        # header
        o.append(f'<rect x="0" y="0" width="{f(sw)}" height="120" fill="#ffffff"/>')
        o.append(f'<line x1="0" y1="120" x2="{f(sw)}" y2="120" stroke="{LINE}" stroke-width="2"/>')
        o.append(f'<path d="M34 86 l12 -12 M34 86 l12 12" stroke="{INK}" stroke-width="4" stroke-linecap="round"/>')
        o.append(bar(72, 80, 120, 14, '#3b4a66'))
        o.append(f'<rect x="{f(sw - 98)}" y="66" width="70" height="38" rx="19" fill="{BLUE_XL}"/>')
        o.append(text(sw - 63, 93, 'F2', 22, BLUE, 700, 'middle'))
        # bottom sheet
        o.append(f'<rect x="0" y="{f(sh - 200)}" width="{f(sw)}" height="200" rx="30" fill="#fff" filter="url(#card)"/>')
        o.append(bar(sw / 2 - 30, sh - 186, 60, 8, '#d5dce7'))
        o.append(f'<circle cx="62" cy="{f(sh - 128)}" r="28" fill="{BLUE_XL}"/>')
        o.append(icon('bt', 62, sh - 128, 28, BLUE, 2.6))
        o.append(bar(106, sh - 142, 118, 14, '#3b4a66'))
        o.append(bar(106, sh - 116, 96, 10, '#d8dfea'))
        o.append(f'<rect x="{f(sw - 104)}" y="{f(sh - 146)}" width="76" height="34" rx="17" fill="#e6f7ee"/>')
        o.append(f'<circle cx="{f(sw - 84)}" cy="{f(sh - 129)}" r="6" fill="{GREEN}"/>')
        o.append(text(sw - 42, sh - 121, '3', 22, '#15803d', 700, 'middle'))
        o.append(f'<rect x="24" y="{f(sh - 82)}" width="{f(sw - 48)}" height="56" rx="28" fill="url(#gBlue)"/>')
        o.append(icon('pin', sw / 2 - 40, sh - 54, 26, '#fff', 2.6))
        o.append(bar(sw / 2 - 18, sh - 59, 70, 10, '#ffffff'))
        return ''.join(o)
    out.append(phone(phx, phy, phw, phh, screen, 'hnclip'))
    out.append(f'<circle cx="{phx - 70}" cy="560" r="28" fill="#fff" filter="url(#soft)"/>')
    out.append(icon('bt', phx - 70, 560, 28, BLUE, 2.8))
    return ''.join(out)
