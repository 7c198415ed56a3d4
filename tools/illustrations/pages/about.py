# The about page's picture (about): a city of the venues the company maps (hospital, mall,
# factory, airport, car park), each linked to the cloud above, with the props only it draws: trees,
# window bands, the cloud, the small map cards, the sawtooth factory hall and the parking deck.

import random

from flat import background, bar, card, pin, text
from icons import icon
from iso import Iso, car, cylinder, f, room, rooms, route_path, slab, sort_draw
from palette import BLUE, CORAL, FONT, ORANGE, PINK, RED, TEAL

from .registry import SCENES


def tree(iso, x, y, z=0, r=0.42, col='#8fd0a8', hi='#b3e2c4'):
    cx, cy = iso.p(x, y, z)
    s = iso.s * r
    return (f'<g><ellipse cx="{f(cx + s * 0.3)}" cy="{f(cy + 2)}" rx="{f(s * 1.0)}" ry="{f(s * 0.45)}" fill="#1e3a66" opacity="0.13"/>'
            f'<rect x="{f(cx - s * 0.12)}" y="{f(cy - s * 1.3)}" width="{f(s * 0.24)}" height="{f(s * 1.3)}" rx="{f(s * 0.1)}" fill="#b89b7a"/>'
            f'<circle cx="{f(cx)}" cy="{f(cy - s * 1.75)}" r="{f(s * 0.95)}" fill="{col}"/>'
            f'<circle cx="{f(cx - s * 0.3)}" cy="{f(cy - s * 2.0)}" r="{f(s * 0.5)}" fill="{hi}"/></g>')


def face_rows(iso, x, y, z, w, d, h, rows, col, op=0.55, m=0.3, side='both', gap=None):
    """Horizontal window bands on the two visible faces of a box."""
    out = []
    gap = gap or h / rows
    for i in range(rows):
        z1 = z + h - gap * (i + 0.3)
        z0 = z1 - gap * 0.42
        if z0 < z + 0.15:
            break
        if side in ('both', 'left') and w > 2 * m:
            out.append(iso.poly([(x + m, y + d, z0), (x + w - m, y + d, z0), (x + w - m, y + d, z1), (x + m, y + d, z1)],
                                col, f'opacity="{op}"'))
        if side in ('both', 'right') and d > 2 * m:
            out.append(iso.poly([(x + w, y + m, z0), (x + w, y + d - m, z0), (x + w, y + d - m, z1), (x + w, y + m, z1)],
                                col, f'opacity="{op * 0.8}"'))
    return ''.join(out)


def cloud_shape(cx, cy, s, fill='url(#gCloud)', extra=''):
    """Flat cloud silhouette centred on (cx, cy); s ~ half width."""
    return (f'<g {extra}><path d="M{f(cx - s * 0.72)},{f(cy + s * 0.42)} '
            f'A{f(s * 0.36)},{f(s * 0.36)} 0 0 1 {f(cx - s * 0.62)},{f(cy - s * 0.26)} '
            f'A{f(s * 0.5)},{f(s * 0.5)} 0 0 1 {f(cx + s * 0.2)},{f(cy - s * 0.5)} '
            f'A{f(s * 0.42)},{f(s * 0.42)} 0 0 1 {f(cx + s * 0.72)},{f(cy - s * 0.04)} '
            f'A{f(s * 0.24)},{f(s * 0.24)} 0 0 1 {f(cx + s * 0.72)},{f(cy + s * 0.42)} Z" fill="{fill}"/></g>')


def mini_plan_card(x, y, w, h, col, name, seed=1, pin_col=RED, dot=True):
    """Small floating indoor-map card: icon header + tiny isometric floor with a pin."""
    o = [card(x, y, w, h, 20)]
    o.append(f'<circle cx="{f(x + 32)}" cy="{f(y + 32)}" r="18" fill="{col}"/>')
    o.append(icon(name, x + 32, y + 32, 22, '#ffffff', 2.2))
    o.append(bar(x + 60, y + 24, w - 90, 10, '#3b4a66'))
    o.append(bar(x + 60, y + 40, w - 120, 8, '#d8dfea'))
    m = Iso(9.2)
    m.center(8, 6, x + w / 2, y + h * 0.66)
    o.append(slab(m, 0, 0, 8, 6, 0.35, grid=0, shadow=False, top='#f1f5fa'))
    rnd = random.Random(seed)
    tones = ['blue', 'white', 'teal', 'white', 'blue', 'warm']
    rnd.shuffle(tones)
    o.append(rooms(m, [(0.2, 0.2, 2.4, 2.4, tones[0]), (2.8, 0.2, 2.2, 2.4, tones[1]), (5.2, 0.2, 2.6, 2.4, tones[2]),
                       (0.2, 3.6, 3.0, 2.2, tones[3]), (4.6, 3.6, 3.2, 2.2, tones[4])], h=0.7, windows=False))
    o.append(route_path(m, [(1.4, 3.1), (6.0, 3.1)], BLUE, 3.5, chevrons=False, glow=False))
    if dot:
        dx, dy = m.p(1.4, 3.1)
        o.append(f'<circle cx="{f(dx)}" cy="{f(dy)}" r="6.5" fill="#fff"/><circle cx="{f(dx)}" cy="{f(dy)}" r="4.5" fill="{BLUE}"/>')
    px, py = m.p(6.0, 3.1)
    o.append(pin(px, py, 30, pin_col, shadow=False))
    return ''.join(o)


def sawtooth_hall(iso, x, y, w, d, h, teeth, z=0):
    """Factory hall with a north-light sawtooth roof (teeth along x)."""
    o = [iso.box(x, y, z, w, d, h, '#f3e3c3', '#fbeedd', '#e8c990')]
    o.append(face_rows(iso, x, y, z, w, d, h, 1, '#e8b654', 0.45, m=0.4))
    tw = w / teeth
    rise = 0.9
    for i in range(teeth):
        a = x + i * tw
        zt = z + h
        o.append(iso.poly([(a, y, zt), (a + tw, y, zt + rise), (a + tw, y + d, zt + rise), (a, y + d, zt)], '#fbe6bd'))
        o.append(iso.poly([(a, y + d, zt), (a + tw, y + d, zt + rise), (a + tw, y + d, zt)], '#fdf0d2'))
        o.append(iso.poly([(a + tw, y, zt), (a + tw, y + d, zt), (a + tw, y + d, zt + rise), (a + tw, y, zt + rise)], '#9fc0ea'))
        o.append(iso.line([(a + tw, y + d, zt + rise), (a + tw, y, zt + rise)], '#ffffff', 1.5, 'opacity="0.8"'))
    return ''.join(o)


def parking_deck(iso, x, y, w, d, h=1.1, seed=3):
    o = [iso.box(x, y, 0, w, d, h, '#e3e8ef', '#eef2f7', '#c9d2df')]
    # open storey: dark band with columns on the two visible faces
    o.append(iso.poly([(x + 0.25, y + d, 0.12), (x + w - 0.25, y + d, 0.12), (x + w - 0.25, y + d, h - 0.28),
                       (x + 0.25, y + d, h - 0.28)], '#51678f', 'opacity="0.55"'))
    o.append(iso.poly([(x + w, y + 0.25, 0.12), (x + w, y + d - 0.25, 0.12), (x + w, y + d - 0.25, h - 0.28),
                       (x + w, y + 0.25, h - 0.28)], '#3c5078', 'opacity="0.55"'))
    k = x + 1.3
    while k < x + w - 0.4:
        o.append(iso.poly([(k - 0.12, y + d, 0.12), (k + 0.12, y + d, 0.12), (k + 0.12, y + d, h - 0.28), (k - 0.12, y + d, h - 0.28)], '#eef2f7'))
        k += 1.3
    k = y + 1.3
    while k < y + d - 0.4:
        o.append(iso.poly([(x + w, k - 0.12, 0.12), (x + w, k + 0.12, 0.12), (x + w, k + 0.12, h - 0.28), (x + w, k - 0.12, h - 0.28)], '#c9d2df'))
        k += 1.3
    o.append(iso.poly([(x + 0.15, y + 0.15, h), (x + w - 0.15, y + 0.15, h), (x + w - 0.15, y + d - 0.15, h),
                       (x + 0.15, y + d - 0.15, h)], '#dfe5ee'))
    g = [f'<g transform="{iso.plane(h + 0.01)}" stroke="#ffffff" stroke-width="2.5" vector-effect="non-scaling-stroke" fill="none">']
    n = int((w - 0.4) / 1.0)
    for i in range(n + 1):
        xx = x + 0.2 + i * 1.0
        g.append(f'<path d="M{f(xx)} {f(y + 0.2)} V{f(y + 1.7)} M{f(xx)} {f(y + d - 1.7)} V{f(y + d - 0.2)}" vector-effect="non-scaling-stroke"/>')
    g.append('</g>')
    o.append(''.join(g))
    cars = []
    rnd = random.Random(seed)
    for i in range(n):
        for side in (0, 1):
            if rnd.random() < 0.3:
                continue
            xx = x + 0.2 + i * 1.0 + 0.1
            yy = y + 0.25 if side == 0 else y + d - 1.65
            kind = rnd.random()
            cars.append((xx + yy + 0.8, car(iso, xx, yy, 'y', k=0.7, z=h, dark=kind < 0.3,
                                            tone='blue' if 0.3 <= kind < 0.5 else None)))
    o.append(sort_draw(cars))
    # parapet edge
    o.append(iso.line([(x, y + d, h), (x + w, y + d, h), (x + w, y, h)], '#ffffff', 2, 'opacity="0.9"'))
    return ''.join(o)


@SCENES.add
def s_about():
    out = [background([(1380, 170, 300, '#cfe0fb', .55), (170, 1060, 300, '#d5efe9', .5), (1450, 1050, 200, '#fde8d8', .35)])]
    iso = Iso(34)
    N = 22
    iso.center(N, N, 800, 742)
    out.append(slab(iso, 0, 0, N, N, 0.75, grid=0, top='#eef2f7', left='#d6dfeb', right='#bccadc'))
    A, M, C = (0.5, 7.0), (8.6, 13.4), (15.0, 21.5)
    ground = []
    for cx_ in (A, M, C):
        for cy_ in (A, M, C):
            if cx_ is M and cy_ is M:
                continue
            ground.append(iso.poly([(cx_[0], cy_[0], 0.01), (cx_[1], cy_[0], 0.01), (cx_[1], cy_[1], 0.01), (cx_[0], cy_[1], 0.01)], '#f6f8fb'))
    lawn = '#dcefe6'

    def lawn_rect(x0, y0, x1, y1):
        return iso.poly([(x0, y0, 0.02), (x1, y0, 0.02), (x1, y1, 0.02), (x0, y1, 0.02)], lawn)
    ground.append(lawn_rect(0.9, 0.9, 6.6, 6.6))                    # top corner park
    ground.append(lawn_rect(9.0, 15.4, 13.0, 21.1))                 # bottom-left park
    ground.append(lawn_rect(15.4, 9.0, 21.1, 13.0))                 # bottom-right park
    road = '#dfe5ee'
    for (a, b) in [(7.0, 8.6), (13.4, 15.0)]:
        ground.append(iso.poly([(0, a, 0.015), (N, a, 0.015), (N, b, 0.015), (0, b, 0.015)], road))
        ground.append(iso.poly([(a, 0, 0.015), (b, 0, 0.015), (b, N, 0.015), (a, N, 0.015)], road))
    g = [f'<g transform="{iso.plane(0.02)}" stroke="#ffffff" stroke-width="2.5" stroke-dasharray="10 10" '
         f'vector-effect="non-scaling-stroke" fill="none">']
    for c in (7.8, 14.2):
        g.append(f'<path d="M0.3 {c} H{N - 0.3} M{c} 0.3 V{N - 0.3}" vector-effect="non-scaling-stroke"/>')
    g.append('</g>')
    ground.append(''.join(g))
    # central plaza
    ground.append(iso.poly([(M[0], M[0], 0.02), (M[1], M[0], 0.02), (M[1], M[1], 0.02), (M[0], M[1], 0.02)], '#e9f0fb'))
    ground.append(iso.ell(11, 11, 0.03, 2.0, f'fill="{lawn}" stroke="#ffffff" stroke-width="3"'))
    ground.append(iso.ell(11, 11, 0.04, 1.3, f'fill="{BLUE}" opacity="0.12" stroke="{BLUE}" stroke-width="2" stroke-dasharray="4 7"'))
    # pond in the bottom-left park
    ground.append(iso.ell(11.3, 18.6, 0.03, 1.5, 'fill="#bcd6f6" stroke="#ffffff" stroke-width="3"'))
    out.append(''.join(ground))

    parts = []
    for (x, y) in [(1.6, 2.0), (3.2, 1.4), (5.0, 1.8), (1.8, 4.2), (4.0, 3.6), (5.8, 5.2), (2.8, 5.9),
                   (9.6, 16.2), (12.5, 16.0), (9.7, 20.4), (12.6, 20.6), (13.0, 18.2),
                   (16.0, 9.7), (18.0, 9.6), (20.4, 9.8), (16.4, 12.4), (18.8, 12.2), (20.7, 12.5)]:
        parts.append((x + y, tree(iso, x, y, r=0.4)))
    for (x, y) in [(8.9, 8.9), (13.1, 8.9), (8.9, 13.1), (13.1, 13.1)]:
        parts.append((x + y, tree(iso, x, y, r=0.3)))

    # --- hospital (upper left) ---------------------------------------------
    hx, hy, hw, hd, hh = 1.2, 9.1, 4.2, 3.8, 4.2
    hosp = iso.box(hx, hy, 0, hw, hd, hh, '#e3eaf4', '#f4f7fb', '#cad5e5')
    hosp += face_rows(iso, hx, hy, 0, hw, hd, hh, 5, '#a3bfe9', 0.5)
    hosp += iso.poly([(hx + 0.2, hy + 0.2, hh), (hx + hw - 0.2, hy + 0.2, hh), (hx + hw - 0.2, hy + hd - 0.2, hh),
                      (hx + 0.2, hy + hd - 0.2, hh)], '#eef2f8', 'stroke="#ffffff" stroke-width="2"')
    hosp += iso.ell(hx + hw / 2, hy + hd / 2, hh, 1.25, 'fill="#fde3dc" stroke="#ffffff" stroke-width="3"')
    hosp += (f'<g transform="{iso.plane(hh)}"><text x="{f(hx + hw / 2)}" y="{f(hy + hd / 2)}" dy="0.38" font-family="{FONT}" '
             f'font-size="1.1" font-weight="700" fill="{CORAL}" text-anchor="middle">H</text></g>')
    hosp += (f'<g transform="{iso.face_y(hx, hy + hd, hh)}"><rect x="{f(hw / 2 - 0.45)}" y="0.1" width="0.9" height="0.5" rx="0.1" fill="{CORAL}"/>'
             f'<path d="M{f(hw / 2 - 0.07)} 0.17h0.14v0.11h0.11v0.14h-0.11v0.11h-0.14v-0.11h-0.11v-0.14h0.11z" fill="#ffffff"/></g>')
    parts.append((hx + hw / 2 + hy + hd / 2, hosp))
    wing = room(iso, hx + hw, hy + 0.6, 1.3, 2.8, 1.3, 'white')
    wing += iso.poly([(hx + hw + 1.3, hy + 1.4, 0), (hx + hw + 1.3, hy + 2.6, 0), (hx + hw + 1.3, hy + 2.6, 0.85),
                      (hx + hw + 1.3, hy + 1.4, 0.85)], 'url(#gGlass)')
    wing += iso.box(hx + hw + 1.3, hy + 1.2, 0.85, 0.45, 1.6, 0.1, '#ffffff', '#f1f4f8', '#cbd5e1')
    wing += (f'<g transform="{iso.face_x(hx + hw + 1.3, hy + 0.6, 1.3)}"><path d="M0.45 0.12h0.16v0.12h0.12v0.16h-0.12v0.12h-0.16v-0.12h-0.12v-0.16h0.12z" fill="{CORAL}"/></g>')
    parts.append((hx + hw + 0.65 + hy + 2.0, wing))

    # --- shopping mall (upper right) ---------------------------------------
    mx, my, mw, md, mh = 9.2, 1.0, 3.8, 5.2, 2.3
    mall = iso.box(mx, my, 0, mw, md, mh, '#f9cdc1', '#fde8e2', '#eeae9f')
    mall += face_rows(iso, mx, my, 0, mw, md, mh, 1, '#efa291', 0.5, m=0.3, side='left', gap=1.4)
    mall += iso.poly([(mx + mw, my + 0.4, 1.55), (mx + mw, my + md - 0.4, 1.55), (mx + mw, my + md - 0.4, 1.95),
                      (mx + mw, my + 0.4, 1.95)], '#efa291', 'opacity="0.45"')
    mall += iso.poly([(mx + 0.9, my + md, 0), (mx + 2.9, my + md, 0), (mx + 2.9, my + md, 1.1), (mx + 0.9, my + md, 1.1)], 'url(#gGlass)')
    for i in range(5):
        x0 = mx + 0.9 + i * 0.4
        mall += iso.poly([(x0, my + md, 1.3), (x0 + 0.4, my + md, 1.3), (x0 + 0.4, my + md + 0.5, 1.05), (x0, my + md + 0.5, 1.05)],
                         CORAL if i % 2 == 0 else '#ffffff')
    mall += iso.poly([(mx + mw, my + 1.6, 0), (mx + mw, my + 3.6, 0), (mx + mw, my + 3.6, 1.2), (mx + mw, my + 1.6, 1.2)], 'url(#gGlass)')
    mall += iso.poly([(mx + 0.2, my + 0.2, mh), (mx + mw - 0.2, my + 0.2, mh), (mx + mw - 0.2, my + md - 0.2, mh),
                      (mx + 0.2, my + md - 0.2, mh)], '#fddfd6', 'stroke="#fff4f0" stroke-width="2"')
    gx0, gy0, gx1, gy1 = mx + 0.8, my + 1.2, mx + 3.0, my + 4.0
    gz = mh + 0.5
    mall += iso.box(gx0, gy0, mh, gx1 - gx0, gy1 - gy0, 0.5, '#cfe0fa', '#e3ecfb', '#a9c4ee')
    apex = ((gx0 + gx1) / 2, (gy0 + gy1) / 2, gz + 0.85)
    mall += iso.poly([(gx0, gy0, gz), (gx0, gy1, gz), apex], '#dbe7fb')
    mall += iso.poly([(gx1, gy0, gz), (gx1, gy1, gz), apex], '#8fb0e4')
    mall += iso.poly([(gx0, gy1, gz), (gx1, gy1, gz), apex], '#b8cff4')
    parts.append((mx + mw / 2 + my + md / 2, mall))

    # --- factory (left) ----------------------------------------------------
    fx, fy, fw, fd, fh = 1.0, 16.0, 5.4, 3.6, 1.7
    parts.append((fx + fw / 2 + fy + fd / 2, sawtooth_hall(iso, fx, fy, fw, fd, fh, 4)))
    parts.append((5.6 + 15.4, cylinder(iso, 5.6, 15.45, 0, 0.32, 4.4, 'gChim', '#e2cfae')
                  + cylinder(iso, 5.6, 15.45, 3.7, 0.34, 0.3, 'gChim', '#f26b5b')))
    for (x, y) in [(1.8, 20.6), (3.4, 20.6)]:
        parts.append((x + y, cylinder(iso, x, y, 0, 0.65, 1.4, 'gTank', '#eef2f7') + iso.ell(x, y, 1.4, 0.42, 'fill="#dfe6ef"')))
    parts.append((5.4 + 20.5, iso.box(4.5, 20.0, 0, 1.9, 1.0, 0.6, '#fbe2a8', '#fdf0d2', '#eec674')
                  + iso.box(4.65, 20.1, 0.6, 0.8, 0.8, 0.4, '#fdebc2', '#fff8e6', '#f1d08c')))

    # --- airport (right) ---------------------------------------------------
    ax, ay, aw, ad, ah = 15.5, 0.9, 5.8, 2.6, 1.9
    term = iso.box(ax, ay, 0, aw, ad, ah, '#dfe6ef', '#eef3fb', '#c3cedd')
    term += iso.poly([(ax + 0.2, ay + ad, 0.1), (ax + aw - 0.2, ay + ad, 0.1), (ax + aw - 0.2, ay + ad, ah - 0.25),
                      (ax + 0.2, ay + ad, ah - 0.25)], 'url(#gGlass)', 'opacity="0.9"')
    k = ax + 0.9
    while k < ax + aw - 0.3:
        term += iso.line([(k, ay + ad, 0.1), (k, ay + ad, ah - 0.25)], '#ffffff', 1.6, 'opacity="0.8"')
        k += 0.7
    term += iso.poly([(ax + aw, ay + 0.3, 0.4), (ax + aw, ay + ad - 0.3, 0.4), (ax + aw, ay + ad - 0.3, ah - 0.3),
                      (ax + aw, ay + 0.3, ah - 0.3)], 'url(#gGlass)', 'opacity="0.7"')
    term += iso.box(ax - 0.3, ay - 0.3, ah, aw + 0.6, ad + 0.8, 0.16, '#ffffff', '#e3e9f2', '#c9d4e3')
    term += iso.box(ax + 1.0, ay + 0.45, ah + 0.16, aw - 2.0, ad - 0.9, 0.35, '#eef3fb', '#e2e9f4', '#bfcadb')
    term += iso.poly([(ax + 1.2, ay + 0.65, ah + 0.51), (ax + aw - 1.2, ay + 0.65, ah + 0.51), (ax + aw - 1.2, ay + ad - 0.65, ah + 0.51),
                      (ax + 1.2, ay + ad - 0.65, ah + 0.51)], '#cfe0fa')
    parts.append((ax + aw / 2 + ay + ad / 2, term))
    parts.append((16.1 + 4.4, iso.box(15.9, ay + ad + 0.5, 0.6, 0.42, 0.75, 0.4, '#eef2f8', '#f4f7fb', '#c9d4e3')
                  + iso.box(15.92, ay + ad + 0.85, 0, 0.36, 0.36, 0.6, '#c9d4e3', '#dfe6ef', '#b3c0d3')))
    apron = iso.poly([(15.3, 4.0, 0.02), (21.2, 4.0, 0.02), (21.2, 6.8, 0.02), (15.3, 6.8, 0.02)], '#e4e9f0')
    apron += (f'<g transform="{iso.plane(0.03)}" fill="none" stroke="#f5c542" stroke-width="2" vector-effect="non-scaling-stroke">'
              f'<path d="M15.6 5.45 H20.0" stroke-dasharray="6 6" vector-effect="non-scaling-stroke"/></g>')
    out.append(apron)
    plane_shape = ('M0 0.36 C0.25 0.08 0.8 0 1.4 0 H4.4 C4.75 0 5.0 0.17 5.0 0.36 C5.0 0.55 4.75 0.72 4.4 0.72 H1.4 C0.8 0.72 0.25 0.64 0 0.36 Z '
                   'M2.2 0.72 L2.75 2.2 H3.15 L3.3 0.72 Z M2.2 0 L2.75 -1.48 H3.15 L3.3 0 Z '
                   'M4.2 0.72 L4.55 1.45 H4.8 L4.85 0.6 Z M4.2 0 L4.55 -0.73 H4.8 L4.85 0.12 Z')
    plx, ply = 15.5, 5.13
    plane_shape = plane_shape.replace('-1.48', '-1.2').replace('2.2 H', '1.92 H')
    pk = 0.74
    pl = (f'<g transform="{iso.plane(0.02)}"><path d="{plane_shape}" transform="translate({f(plx + 0.1)} {f(ply + 0.15)}) scale({pk})" '
          f'fill="#1e3a66" opacity="0.16" filter="url(#blur6)"/></g>')
    pl += (f'<g transform="{iso.plane(0.45)}"><path d="{plane_shape}" transform="translate({f(plx)} {f(ply)}) scale({pk})" fill="#ffffff" '
           f'stroke="#c9d4e3" stroke-width="1.5" vector-effect="non-scaling-stroke"/>'
           f'<path d="M0.05 0.36 C0.25 0.1 0.8 0.02 1.4 0.02 H4.4 C4.75 0.02 4.98 0.19 4.98 0.36 Z" transform="translate({f(plx)} {f(ply)}) scale({pk})" '
           f'fill="#e3eaf4"/>'
           f'<path d="M4.55 0.36 H5.05" transform="translate({f(plx)} {f(ply)}) scale({pk})" stroke="{BLUE}" stroke-width="4" '
           f'vector-effect="non-scaling-stroke"/></g>')
    parts.append((plx + 2.5 + ply + 0.4, pl))
    tx, ty = 20.9, 4.65
    tw_ = cylinder(iso, tx, ty, 0, 0.3, 3.8, 'gTower', '#eef2f7')
    tw_ += cylinder(iso, tx, ty, 3.8, 0.68, 0.2, 'gTower', '#eef2f7')
    tw_ += cylinder(iso, tx, ty, 4.0, 0.62, 0.55, 'gCab', '#8fb0e4')
    tw_ += cylinder(iso, tx, ty, 4.55, 0.76, 0.16, 'gTower', '#ffffff')
    tw_ += cylinder(iso, tx, ty, 4.71, 0.07, 0.5, 'gTower', '#ffffff')
    tcx, tcy = iso.p(tx, ty, 5.25)
    tw_ += f'<circle cx="{f(tcx)}" cy="{f(tcy)}" r="4" fill="{CORAL}"/>'
    parts.append((tx + ty, tw_))

    # --- car park (front corner) ---------------------------------------------
    px0, py0 = 15.6, 15.6
    parts.append((px0 + 2.7 + py0 + 2.6, parking_deck(iso, px0, py0, 5.4, 5.0, 1.1, seed=5)))
    # cars on the roads
    parts.append((7.25 + 2.5 + 0.8, car(iso, 7.25, 2.5, 'y', k=0.7)))
    parts.append((17.0 + 13.65 + 0.8, car(iso, 17.0, 13.65, 'x', k=0.7, tone='blue')))
    parts.append((13.65 + 10.0 + 0.8, car(iso, 13.65, 9.6, 'y', k=0.7, dark=True)))
    parts.append((7.25 + 18.0 + 0.8, car(iso, 7.25, 17.5, 'y', k=0.7)))
    for _, p in sorted(parts, key=lambda t: t[0]):
        out.append(p)

    # --- links, cards, pin ---------------------------------------------------
    cx, cy = 800, 300
    gx_, gy_ = iso.p(11, 11, 0.05)
    out.append(f'<path d="M{f(gx_ - 36)},{f(gy_)} L{f(cx - 60)},{f(cy + 40)} L{f(cx + 60)},{f(cy + 40)} L{f(gx_ + 36)},{f(gy_)} Z" '
               f'fill="url(#gBeamUp)" opacity="0.5"/>')
    cw_, ch_ = 206, 164
    venues = [
        ((hx + hw / 2, hy + hd / 2, hh + 0.05), (300, 96), CORAL, 'cross', 2),
        ((mx + 1.9, my + 2.6, mh + 1.4), (1094, 96), PINK, 'bag', 11),
        ((fx + fw / 2, fy + fd / 2, fh + 0.9), (70, 380), ORANGE, 'factory', 7),
        ((ax + 1.4, ay + ad / 2 + 0.4, ah + 0.55), (1324, 380), BLUE, 'plane', 5),
    ]
    links, cards = [], []

    def hub_link(tx_, ty_, k=0.5):
        s = (f'<path d="M{f(cx)},{f(cy)} L{f(tx_)},{f(ty_)}" stroke="{BLUE}" stroke-width="3" stroke-dasharray="9 9" '
             f'stroke-linecap="round" opacity="0.75" fill="none"/>')
        mx_, my_ = cx + (tx_ - cx) * k, cy + (ty_ - cy) * k
        return s + (f'<circle cx="{f(mx_)}" cy="{f(my_)}" r="15" fill="{BLUE}" opacity="0.18"/>'
                    f'<circle cx="{f(mx_)}" cy="{f(my_)}" r="7" fill="{BLUE}"/>')
    for (wp, (kx, ky), col, nm, seed) in venues:
        ax_, ay_ = iso.p(*wp)
        ccx, ccy = kx + cw_ / 2, ky + ch_ / 2
        if ax_ < kx:
            ex, ey = kx + 20, ky + ch_ - 20
        elif ax_ > kx + cw_:
            ex, ey = kx + cw_ - 20, ky + ch_ - 20
        else:
            ex, ey = ax_, ky + ch_
        links.append(f'<line x1="{f(ax_)}" y1="{f(ay_)}" x2="{f(ex)}" y2="{f(ey)}" stroke="{col}" stroke-width="2.5" '
                     f'stroke-dasharray="2 7" stroke-linecap="round"/>'
                     f'<circle cx="{f(ax_)}" cy="{f(ay_)}" r="13" fill="{col}" opacity="0.22"/>'
                     f'<circle cx="{f(ax_)}" cy="{f(ay_)}" r="6" fill="{col}"/>')
        links.append(hub_link(ccx, ccy))
        cards.append(mini_plan_card(kx, ky, cw_, ch_, col, nm, seed))
    ppx, ppy = iso.p(px0 + 2.7, py0 + 2.5, 1.12)
    links.append(hub_link(ppx, ppy - 90, 0.62))
    cards.append(pin(ppx, ppy, 118, TEAL, icon=lambda x, y, r: text(x, y + r * 0.38, 'P', int(r * 1.05), TEAL, 700, 'middle')))
    out += links
    out += cards
    out.append(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="138" fill="{BLUE}" opacity="0.07"/>')
    out.append(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="102" fill="#ffffff" opacity="0.75" stroke="{BLUE}" stroke-opacity="0.25" stroke-width="2"/>')
    out.append(cloud_shape(cx + 4, cy + 10, 94, '#1d3b6e', 'opacity="0.2" filter="url(#blur6)"'))
    out.append(cloud_shape(cx, cy, 94))
    out.append(icon('layers', cx + 2, cy + 10, 50, '#ffffff', 2.6))
    return ''.join(out)
