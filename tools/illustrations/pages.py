# The pictures of the company pages (content/images/pages/): about, business and the HarmonyOS NEXT
# SDK page, in the look of the services pictures, with the gradients and props only they use.

import math
import random

from canvas import Scenes
from flat import background, bar, bluedot, card, legs, person, phone, pin, svg, text, upper_body
from icons import badge, icon
from iso import C30, Iso, beacon, car, cylinder, f, plant, room, rooms, route_path, slab
from palette import BLUE, BLUE_L, BLUE_XL, CORAL, FONT, GREEN, INK, LINE, ORANGE, PINK, RED, TEAL, TEAL_D, TEAL_L

EXTRA_DEFS = '''
<linearGradient id="gCloud" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#4a8ff5"/><stop offset="1" stop-color="#1f6feb"/></linearGradient>
<linearGradient id="gBeamUp" x1="0" y1="1" x2="0" y2="0">
  <stop offset="0" stop-color="#1f6feb" stop-opacity="0.32"/><stop offset="1" stop-color="#1f6feb" stop-opacity="0"/></linearGradient>
<linearGradient id="gGlass" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#cfe0fa"/><stop offset="1" stop-color="#9dbcec"/></linearGradient>
<linearGradient id="gTower" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#f4f7fb"/><stop offset="0.55" stop-color="#dbe3ee"/><stop offset="1" stop-color="#b3c1d4"/></linearGradient>
<linearGradient id="gCab" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#a9c6f3"/><stop offset="0.55" stop-color="#6f9be0"/><stop offset="1" stop-color="#3f6fc0"/></linearGradient>
<linearGradient id="gChim" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#f3e6cf"/><stop offset="0.55" stop-color="#e2cfae"/><stop offset="1" stop-color="#c4aa80"/></linearGradient>
<linearGradient id="gHub" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#e9f1fd"/><stop offset="0.55" stop-color="#c8daf7"/><stop offset="1" stop-color="#8fb0e4"/></linearGradient>
<linearGradient id="gHubB" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#5d9af6"/><stop offset="0.55" stop-color="#2f78ec"/><stop offset="1" stop-color="#1553c2"/></linearGradient>
<linearGradient id="gCode" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#24324f"/><stop offset="1" stop-color="#1c2740"/></linearGradient>
'''

SCENES = Scenes(lambda body: svg(body, EXTRA_DEFS))
PNG_QUALITY = '85-99'


def sort_draw(parts):
    return ''.join(p for _, p in sorted(parts, key=lambda t: t[0]))


# --------------------------------------------------------------------------
# props used by several of the scenes below
# --------------------------------------------------------------------------
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


def figure(x, y, k=1.0, shirt=BLUE, pants='#34425e', helmet=None, hair='#2b3448', skin='#f1c6a3', pose=None,
           facing=1, tablet_col=INK):
    """person() with arms: pose 'point' (arm raised towards +facing) or 'tablet'."""
    out = [f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="{f(18 * k)}" ry="{f(6.5 * k)}" fill="#1e3a66" opacity="0.2"/>',
           *legs(x, y, k, pants),
           f'<rect x="{f(x - 8.5 * k)}" y="{f(y - 3 * k)}" width="{f(8 * k)}" height="{f(4 * k)}" rx="{f(2 * k)}" fill="#1e2b45"/>',
           f'<rect x="{f(x + 0.5 * k)}" y="{f(y - 3 * k)}" width="{f(8 * k)}" height="{f(4 * k)}" rx="{f(2 * k)}" fill="#1e2b45"/>']
    back_arm = []
    front = []
    sx = x + 8 * k * facing          # shoulder on the facing side
    bx = x - 8 * k * facing          # other shoulder
    sy = y - 63 * k
    if pose == 'point':
        hx, hy = sx + 26 * k * facing, sy - 24 * k
        front.append(f'<path d="M{f(sx)},{f(sy)} L{f(hx)},{f(hy)}" stroke="{shirt}" stroke-width="{f(7.5 * k)}" stroke-linecap="round"/>')
        front.append(f'<circle cx="{f(hx + 2 * k * facing)}" cy="{f(hy - 2 * k)}" r="{f(3.6 * k)}" fill="{skin}"/>')
        back_arm.append(f'<path d="M{f(bx)},{f(sy)} L{f(bx - 3 * k * facing)},{f(sy + 26 * k)}" stroke="{shirt}" '
                        f'stroke-width="{f(7 * k)}" stroke-linecap="round" opacity="0.9"/>')
    elif pose == 'tablet':
        tx, ty = x + 13 * k * facing, y - 52 * k
        back_arm.append(f'<path d="M{f(bx)},{f(sy)} L{f(bx + 2 * k * facing)},{f(sy + 16 * k)} L{f(tx)},{f(ty + 2 * k)}" '
                        f'stroke="{shirt}" stroke-width="{f(7 * k)}" stroke-linecap="round" stroke-linejoin="round" fill="none" opacity="0.9"/>')
        front.append(f'<g transform="translate({f(tx)} {f(ty)}) rotate({-14 * facing})">'
                     f'<rect x="{f(-11 * k)}" y="{f(-15 * k)}" width="{f(22 * k)}" height="{f(29 * k)}" rx="{f(3 * k)}" fill="{tablet_col}"/>'
                     f'<rect x="{f(-8.5 * k)}" y="{f(-12.5 * k)}" width="{f(17 * k)}" height="{f(24 * k)}" rx="{f(1.5 * k)}" fill="#8db7f5"/>'
                     f'<circle cx="{f(1 * k)}" cy="{f(-1 * k)}" r="{f(2.6 * k)}" fill="{BLUE}"/></g>')
        front.append(f'<path d="M{f(sx)},{f(sy)} L{f(sx + 4 * k * facing)},{f(sy + 18 * k)} L{f(tx + 2 * k * facing)},{f(ty + 6 * k)}" '
                     f'stroke="{shirt}" stroke-width="{f(7 * k)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>')
        front.append(f'<circle cx="{f(tx + 3 * k * facing)}" cy="{f(ty + 6 * k)}" r="{f(3.4 * k)}" fill="{skin}"/>')
    out += back_arm
    out += upper_body(x, y, k, shirt, helmet, hair, skin)
    out += front
    return '<g>' + ''.join(out) + '</g>'


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


# ==== SCENES, each after the props only it uses ====


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


def device_box(iso, x, y, w=2.6, d=2.0, h=1.1):
    """Open cardboard box holding beacons, a gateway and tags."""
    o = []
    o.append(iso.poly([(x - 0.1, y - 0.1, 0), (x + w + 0.25, y - 0.1, 0), (x + w + 0.25, y + d + 0.25, 0), (x - 0.1, y + d + 0.25, 0)],
                      '#1e3a66', 'opacity="0.14" filter="url(#blur6)"'))
    # inside (back walls + floor)
    o.append(iso.poly([(x, y, 0), (x + w, y, 0), (x + w, y, h), (x, y, h)], '#d9b27a'))
    o.append(iso.poly([(x, y, 0), (x, y + d, 0), (x, y + d, h), (x, y, h)], '#c99d60'))
    o.append(iso.poly([(x, y, 0.3), (x + w, y, 0.3), (x + w, y + d, 0.3), (x, y + d, 0.3)], '#b98c52'))
    # back flaps
    o.append(iso.poly([(x, y, h), (x + w, y, h), (x + w, y - 0.7, h + 0.55), (x, y - 0.7, h + 0.55)], '#f1d4a6'))
    o.append(iso.poly([(x, y, h), (x, y + d, h), (x - 0.7, y + d, h + 0.55), (x - 0.7, y, h + 0.55)], '#e8c48e'))
    # contents: beacons, gateway, tags
    items = []
    for (bx, by) in [(x + 0.6, y + 0.6), (x + 1.35, y + 0.55), (x + 0.6, y + 1.35)]:
        items.append((bx + by, cylinder(iso, bx, by, h - 0.25, 0.32, 0.3, 'gPuck', '#ffffff')
                      + f'<circle cx="{f(iso.p(bx, by, h + 0.05)[0])}" cy="{f(iso.p(bx, by, h + 0.05)[1])}" r="3.5" fill="{BLUE}"/>'))
    gx, gy = x + 1.55, y + 1.15
    gw = iso.box(gx, gy, h - 0.4, 0.75, 0.55, 0.75, '#ffffff', '#eef2f7', '#c9d4e3')
    for (ax_, ay_) in [(gx + 0.15, gy + 0.12), (gx + 0.6, gy + 0.12)]:
        gw += iso.line([(ax_, ay_, h + 0.35), (ax_, ay_, h + 1.05)], '#5b6f95', 3.5)
    gw += iso.poly([(gx + 0.12, gy + 0.55, h + 0.12), (gx + 0.32, gy + 0.55, h + 0.12), (gx + 0.32, gy + 0.55, h + 0.22),
                    (gx + 0.12, gy + 0.55, h + 0.22)], GREEN)
    items.append((gx + gy + 0.6, gw))
    items.append((x + 2.1 + y + 0.5, iso.box(x + 1.95, y + 0.35, h - 0.3, 0.45, 0.3, 0.5, TEAL_L, '#d2efea', TEAL)))
    o.append(sort_draw(items))
    # front walls
    o.append(iso.poly([(x, y + d, 0), (x + w, y + d, 0), (x + w, y + d, h), (x, y + d, h)], '#f0cf98'))
    o.append(iso.poly([(x + w, y, 0), (x + w, y + d, 0), (x + w, y + d, h), (x + w, y, h)], '#dcae6c'))
    o.append(iso.poly([(x + 0.6, y + d, h * 0.35), (x + w - 0.6, y + d, h * 0.35), (x + w - 0.6, y + d, h * 0.62),
                       (x + 0.6, y + d, h * 0.62)], '#ffffff', 'opacity="0.75"'))
    o.append(f'<g transform="{iso.face_y(x + 0.6, y + d, h * 0.62)}">'
             f'<path d="M0.18 0.06 l0.12 0.12 -0.12 0.12 M0.62 0.06 l-0.12 0.12 0.12 0.12" fill="none" stroke="{BLUE}" '
             f'stroke-width="0.05" stroke-linecap="round"/><rect x="0.78" y="0.1" width="0.55" height="0.08" rx="0.04" fill="#9fb0c9"/></g>')
    # front flaps
    o.append(iso.poly([(x, y + d, h), (x + w, y + d, h), (x + w, y + d + 0.55, h + 0.35), (x, y + d + 0.55, h + 0.35)], '#f6dcb0'))
    o.append(iso.poly([(x + w, y, h), (x + w, y + d, h), (x + w + 0.55, y + d, h + 0.35), (x + w + 0.55, y, h + 0.35)], '#e9c58f'))
    return ''.join(o)


def proposal_board(x, y, w, h, feet, k=1.0):
    """Flat presentation board on an easel: title, Gantt timeline and checklist.
    feet: screen points (left, back, right) where the easel legs touch the table."""
    o = []
    (lx, ly), (bx, by), (rx, ry) = feet
    o.append(f'<path d="M{f(x + w * 0.5)},{f(y - 24)} L{f(bx)},{f(by)}" stroke="#b7c3d4" stroke-width="10" stroke-linecap="round"/>')
    o.append(f'<ellipse cx="{f(bx)}" cy="{f(by + 2)}" rx="16" ry="6" fill="#1e3a66" opacity="0.14"/>')
    o.append(f'<circle cx="{f(x + w * 0.5)}" cy="{f(y - 24)}" r="10" fill="#97a6bb"/>')
    for (fx_, fy_) in ((lx, ly), (rx, ry)):
        o.append(f'<ellipse cx="{f(fx_)}" cy="{f(fy_ + 2)}" rx="18" ry="6" fill="#1e3a66" opacity="0.18"/>')
    o.append(f'<path d="M{f(x + w * 0.3)},{f(y + h - 30)} L{f(lx)},{f(ly)} M{f(x + w * 0.7)},{f(y + h - 30)} L{f(rx)},{f(ry)}" '
             f'stroke="#97a6bb" stroke-width="11" stroke-linecap="round"/>')
    o.append(f'<g transform="translate({f(x)} {f(y)}) scale({f(k)})">')
    w, h = w / k, h / k
    x = y = 0
    o.append(card(x, y, w, h, 24))
    o.append(f'<rect x="{f(x - 8)}" y="{f(y + h - 12)}" width="{f(w + 16)}" height="18" rx="9" fill="#c4cfdf"/>')
    # header
    o.append(f'<rect x="{f(x + 30)}" y="{f(y + 28)}" width="56" height="56" rx="16" fill="{BLUE_XL}"/>')
    o.append(icon('layers', x + 58, y + 56, 32, BLUE, 2.6))
    o.append(bar(x + 104, y + 36, 180, 16, '#3b4a66'))
    o.append(bar(x + 104, y + 64, 120, 11, '#d8dfea'))
    o.append(f'<rect x="{f(x + w - 118)}" y="{f(y + 38)}" width="88" height="36" rx="18" fill="#e6f7f4"/>')
    o.append(icon('check', x + w - 98, y + 56, 18, TEAL, 3))
    o.append(bar(x + w - 82, y + 51, 40, 10, TEAL))
    o.append(f'<line x1="{f(x + 30)}" y1="{f(y + 104)}" x2="{f(x + w - 30)}" y2="{f(y + 104)}" stroke="{LINE}" stroke-width="2"/>')
    # Gantt
    gx, gy, gw = x + 30, y + 122, w - 60
    lab = 66
    cols = 6
    cw = (gw - lab) / cols
    rows = [(0, 1.2, BLUE), (1.0, 1.8, BLUE), (2.5, 1.6, TEAL), (3.8, 1.4, ORANGE), (4.9, 1.0, CORAL)]
    rh = 30
    gh = 28 + len(rows) * rh
    for i in range(cols + 1):
        xx = gx + lab + i * cw
        o.append(f'<line x1="{f(xx)}" y1="{f(gy + 20)}" x2="{f(xx)}" y2="{f(gy + gh)}" stroke="#edf1f7" stroke-width="2"/>')
    for i in range(cols):
        o.append(bar(gx + lab + i * cw + cw * 0.25, gy, cw * 0.5, 9, '#d8dfea'))
    for r, (s0, ln, col) in enumerate(rows):
        yy = gy + 30 + r * rh
        o.append(bar(gx, yy + 3, 46 - (r % 2) * 10, 10, '#b9c5d7'))
        o.append(bar(gx + lab + s0 * cw + 2, yy, ln * cw - 4, 16, col))
    tx = gx + lab + 3.0 * cw
    o.append(f'<line x1="{f(tx)}" y1="{f(gy + 18)}" x2="{f(tx)}" y2="{f(gy + gh)}" stroke="{CORAL}" stroke-width="2.5" stroke-dasharray="5 5"/>')
    o.append(f'<path d="M{f(tx - 7)},{f(gy + 14)} h14 l-7 9 z" fill="{CORAL}"/>')
    my = gy + 30 + 4 * rh + 8
    mx = gx + lab + 5.9 * cw + 8
    o.append(f'<rect x="{f(mx - 9)}" y="{f(my - 9)}" width="18" height="18" rx="3" fill="{INK}" transform="rotate(45 {f(mx)} {f(my)})"/>')
    # checklist + small site sketch
    cy0 = gy + gh + 18
    o.append(f'<line x1="{f(x + 30)}" y1="{f(cy0)}" x2="{f(x + w - 30)}" y2="{f(cy0)}" stroke="{LINE}" stroke-width="2"/>')
    for i, (done, wl) in enumerate([(True, 150), (True, 118), (False, 168)]):
        yy = cy0 + 20 + i * 36
        if done:
            o.append(f'<rect x="{f(x + 30)}" y="{f(yy)}" width="24" height="24" rx="7" fill="{TEAL}"/>')
            o.append(icon('check', x + 42, yy + 12, 16, '#fff', 3.2))
        else:
            o.append(f'<rect x="{f(x + 31)}" y="{f(yy + 1)}" width="22" height="22" rx="7" fill="#fff" stroke="#b9c5d7" stroke-width="2.5"/>')
        o.append(bar(x + 68, yy + 7, wl, 11, '#8a97ab' if done else '#3b4a66'))
    bx0, by0 = x + w - 166, cy0 + 18
    o.append(f'<rect x="{f(bx0)}" y="{f(by0)}" width="136" height="100" rx="12" fill="#f4f7fb" stroke="{LINE}" stroke-width="2"/>')
    o.append(f'<path d="M{f(bx0 + 16)} {f(by0 + 16)} h58 v32 h46 v38 h-104 z" fill="#dce8fc" stroke="{BLUE_L}" stroke-width="2"/>')
    for (px_, py_) in [(bx0 + 36, by0 + 34), (bx0 + 60, by0 + 70), (bx0 + 102, by0 + 68)]:
        o.append(f'<circle cx="{f(px_)}" cy="{f(py_)}" r="12" fill="{BLUE}" opacity="0.18"/><circle cx="{f(px_)}" cy="{f(py_)}" r="5" fill="{BLUE}"/>')
    o.append('</g>')
    return ''.join(o)


def puck(iso, x, y, z=0.02, r=0.3, h=0.22, glow=True):
    cx, cy = iso.p(x, y, z + h + 0.02)
    o = cylinder(iso, x, y, z, r, h, 'gPuck', '#ffffff') + f'<circle cx="{f(cx)}" cy="{f(cy)}" r="4" fill="{BLUE}"/>'
    if glow:
        o += f'<circle cx="{f(cx)}" cy="{f(cy)}" r="11" fill="{BLUE}" opacity="0.22" filter="url(#blur6)"/>'
    return o


@SCENES.add
def s_business():
    out = [background([(1400, 200, 280, '#cfe0fb', .5), (180, 1060, 280, '#fde8d8', .45), (1450, 1080, 200, '#d5efe9', .45),
                       (200, 200, 220, '#d5efe9', .35)])]
    iso = Iso(41)
    TW, TD = 17.0, 12.5
    iso.center(TW, TD, 790, 745)
    th, leg = 0.45, 2.4
    out.append(iso.poly([(0.3, 0.3, -th - leg), (TW - 0.3, 0.3, -th - leg), (TW - 0.3, TD - 0.3, -th - leg), (0.3, TD - 0.3, -th - leg)],
                        '#27467a', 'opacity="0.12" filter="url(#blur30)"'))
    for (lx, ly) in [(TW - 0.9, 0.4), (0.4, TD - 0.9), (TW - 0.9, TD - 0.9)]:
        out.append(iso.ell(lx + 0.25, ly + 0.25, -th - leg, 0.5, 'fill="#1e3a66" opacity="0.16" filter="url(#blur6)"'))
        out.append(iso.box(lx, ly, -th - leg, 0.5, 0.5, leg, '#c9d4e3', '#dfe6ef', '#b3c0d3'))
    out.append(iso.box(0, 0, -th, TW, TD, th, '#f4f7fb', '#dfe6ef', '#c3cedd'))
    out.append(iso.line([(0, TD, 0), (TW, TD, 0), (TW, 0, 0)], '#ffffff', 2, 'opacity="0.9"'))

    # proposal board standing at the back of the table
    feet = [iso.p(6.6, 1.9), iso.p(8.4, 0.6), iso.p(10.4, 1.3)]
    bk = 0.82
    bw, bh = 440 * bk, 456 * bk
    bxc = (feet[0][0] + feet[2][0]) / 2
    out.append(proposal_board(bxc - bw / 2, feet[0][1] - 80 - bh, bw, bh, feet, bk))

    # plan sheet
    sx0, sy0, sx1, sy1 = 0.6, 2.7, 12.2, 12.0
    out.append(iso.poly([(sx0 + 0.1, sy0 + 0.15, 0), (sx1 + 0.1, sy0 + 0.15, 0), (sx1 + 0.1, sy1 + 0.15, 0), (sx0 + 0.1, sy1 + 0.15, 0)],
                        '#1e3a66', 'opacity="0.12" filter="url(#blur6)"'))
    out.append(iso.poly([(sx0, sy0, 0.01), (sx1, sy0, 0.01), (sx1, sy1, 0.01), (sx0, sy1, 0.01)], '#ffffff'))
    g = [f'<g transform="{iso.plane(0.015)}" stroke="#e3ebf7" stroke-width="1" vector-effect="non-scaling-stroke">']
    k = sx0 + 0.5
    while k < sx1 - 0.01:
        g.append(f'<line x1="{f(k)}" y1="{f(sy0)}" x2="{f(k)}" y2="{f(sy1)}" vector-effect="non-scaling-stroke"/>')
        k += 0.5
    k = sy0 + 0.5
    while k < sy1 - 0.01:
        g.append(f'<line x1="{f(sx0)}" y1="{f(k)}" x2="{f(sx1)}" y2="{f(k)}" vector-effect="non-scaling-stroke"/>')
        k += 0.5
    g.append('</g>')
    out.append(''.join(g))
    wx0, wy0, wx1, wy1 = sx0 + 0.5, sy0 + 0.5, sx1 - 0.5, sy1 - 0.7
    out.append(f'<g transform="{iso.plane(0.02)}"><rect x="{f(wx0)}" y="{f(wy0)}" width="{f(wx1 - wx0)}" '
               f'height="{f(wy1 - wy0)}" fill="#f6f9fd" stroke="#5d6f8f" stroke-width="3" vector-effect="non-scaling-stroke"/></g>')
    # dimension line along the front-left edge
    dy_ = sy1 - 0.3
    out.append(iso.line([(wx0, dy_, 0.02), (wx1, dy_, 0.02)], '#8a97ab', 2))
    for xx in (wx0, wx1):
        out.append(iso.line([(xx, dy_ - 0.2, 0.02), (xx, dy_ + 0.12, 0.02)], '#8a97ab', 2))

    rms = [(1.4, 3.5, 3.0, 2.4, 'blue'), (4.6, 3.5, 2.4, 2.4, 'white'), (7.2, 3.5, 2.0, 2.4, 'teal'), (9.4, 3.5, 2.0, 3.8, 'blue'),
           (1.4, 7.8, 2.6, 3.2, 'white'), (4.3, 9.0, 2.8, 2.0, 'warm'), (9.4, 8.6, 2.0, 2.4, 'white')]
    parts = []
    for r in rms:
        parts.append((r[0] + r[2] / 2 + r[1] + r[3] / 2, room(iso, r[0], r[1], r[2], r[3], 0.42, r[4], windows=False)))
    placed = [(3.0, 6.8), (5.8, 4.7), (10.4, 5.4), (5.7, 10.0), (10.4, 9.8)]
    for (bx, by) in placed:
        out.append(iso.ell(bx, by, 0.03, 1.55, f'fill="{BLUE}" fill-opacity="0.06" stroke="{BLUE}" stroke-width="2" stroke-dasharray="6 7" stroke-opacity="0.4"'))
    for (bx, by) in placed:
        parts.append((bx + by + 0.01, puck(iso, bx, by, 0.44 if not (by > 6.2 and by < 7.6) else 0.02)))
    # spot being marked right now
    nb = (8.3, 7.0)
    out.append(iso.ell(nb[0], nb[1], 0.03, 1.55, f'fill="{ORANGE}" fill-opacity="0.08" stroke="{ORANGE}" stroke-width="2.5" stroke-dasharray="6 7"'))
    out.append(iso.ell(nb[0], nb[1], 0.03, 0.42, f'fill="#fff" stroke="{ORANGE}" stroke-width="3"'))
    nx, ny = iso.p(nb[0], nb[1], 0.03)
    out.append(f'<path d="M{f(nx - 10)},{f(ny)} h20 M{f(nx)},{f(ny - 6)} v12" stroke="{ORANGE}" stroke-width="3" stroke-linecap="round"/>')
    for r in [(7.6, 11.3), (1.9, 6.2)]:
        parts.append((r[0] + r[1], plant(iso, r[0], r[1], r=0.3)))
    # engineer with a tablet
    ex, ey = iso.p(5.3, 6.9, 0.02)
    parts.append((5.3 + 6.9, figure(ex, ey, 1.3, shirt=TEAL, helmet=ORANGE, pose='tablet', facing=1)))
    # hardware box + spare devices
    parts.append((14.6 + 9.8, device_box(iso, 13.3, 8.4, 2.6, 2.0, 1.05)))
    parts.append((13.6 + 6.2, puck(iso, 13.6, 6.2, 0.0, 0.34, 0.26, glow=False)))
    parts.append((15.4 + 5.6, iso.box(15.0, 5.3, 0, 0.8, 0.55, 0.4, '#ffffff', '#eef2f7', '#c9d4e3')
                  + iso.line([(15.15, 5.4, 0.4), (15.15, 5.4, 1.0)], '#5b6f95', 3.5)
                  + iso.line([(15.65, 5.4, 0.4), (15.65, 5.4, 1.0)], '#5b6f95', 3.5)
                  + iso.poly([(15.1, 5.85, 0.12), (15.3, 5.85, 0.12), (15.3, 5.85, 0.22), (15.1, 5.85, 0.22)], GREEN)))
    parts.append((16.0 + 6.8, iso.box(15.8, 6.6, 0, 0.45, 0.3, 0.5, TEAL_L, '#d2efea', TEAL)))
    # consultant pointing at the board
    cx_, cy_ = iso.p(12.6, 1.9, 0.0)
    parts.append((13.6 + 2.6, figure(cx_, cy_, 1.3, shirt=BLUE, pose='point', facing=-1)))
    out.append(sort_draw(parts))
    tx_, ty_ = iso.p(3.2, dy_ + 0.1, 0.02)
    out.append(f'<g transform="translate({f(tx_)} {f(ty_)})"><rect x="-44" y="-16" width="88" height="32" rx="9" fill="{INK}"/>'
               + text(0, 8, '48 m', 20, '#ffffff', 600, 'middle') + '</g>')
    # tablet -> spot link and the floating beacon badge
    tbx, tby = ex + 18, ey - 72
    out.append(f'<path d="M{f(tbx)},{f(tby)} Q{f((tbx + nx) / 2)},{f(min(tby, ny) - 50)} {f(nx - 4)},{f(ny - 12)}" fill="none" '
               f'stroke="{ORANGE}" stroke-width="3" stroke-dasharray="2 8" stroke-linecap="round"/>')
    out.append(f'<line x1="{f(nx + 40)}" y1="{f(ny - 96)}" x2="{f(nx + 6)}" y2="{f(ny - 12)}" stroke="{ORANGE}" stroke-width="2.5" stroke-dasharray="2 7" stroke-linecap="round"/>')
    out.append(badge(nx + 44, ny - 120, 24, 'bt', ORANGE, ring=True))
    # survey summary card (top left)
    kx, ky, kw, kh = 120, 150, 330, 196
    out.append(card(kx, ky, kw, kh, 26))
    out.append(f'<rect x="{kx + 28}" y="{ky + 28}" width="72" height="72" rx="20" fill="{BLUE_XL}"/>')
    out.append(icon('bt', kx + 64, ky + 64, 40, BLUE, 2.8))
    out.append(text(kx + 120, ky + 80, '×24', 44, INK, 700))
    out.append(bar(kx + 232, ky + 50, 70, 12, '#d8dfea'))
    out.append(bar(kx + 232, ky + 72, 50, 12, '#d8dfea'))
    out.append(f'<line x1="{kx + 28}" y1="{ky + 122}" x2="{kx + kw - 28}" y2="{ky + 122}" stroke="{LINE}" stroke-width="2"/>')
    out.append(icon('layers', kx + 46, ky + 156, 28, TEAL, 2.4))
    out.append(bar(kx + 74, ky + 150, kw - 182, 14, '#edf1f7'))
    out.append(bar(kx + 74, ky + 150, (kw - 182) * 0.72, 14, TEAL))
    out.append(text(kx + kw - 28, ky + 166, '72%', 24, TEAL_D, 700, 'end'))
    return ''.join(out)


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
