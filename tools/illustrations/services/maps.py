# The services pictures of the map itself: the stacked multi-floor map (map) and the map editor on a
# desktop monitor (editors).

from flat import background, bar, card, pin, text
from icons import badge, icon
from iso import Iso, f, plant, rooms, slab
from palette import BLUE, BLUE_XL, CORAL, INK, LINE, ORANGE, RED, TEAL

from .props import toggle
from .registry import SCENES


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
