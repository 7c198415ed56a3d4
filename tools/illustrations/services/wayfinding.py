# The services pictures of finding the way inside a building: the path network and its shortest
# route (route), turn-by-turn navigation on a phone (nav), looking a place up (search), and the way
# to the nearest free nursing room (nursingRoom).

from flat import background, bar, bluedot, card, num_icon, person, phone, pin, text
from icons import badge, icon
from iso import C30, Iso, f, plant, room, rooms, route_path, slab
from palette import BLUE, CORAL, GRAY, GREEN, INK, LINE, ORANGE, PINK, RED, TEAL

from .props import mini_map, toggle
from .registry import SCENES


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
