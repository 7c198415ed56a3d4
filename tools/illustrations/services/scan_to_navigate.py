# The services pictures of navigation opened by scanning a QR code, with no app to install: the H5
# page in the phone's browser (nav_h5) and the lobby's guide screen (guidScreen).

import math

from flat import background, bar, person, phone, pin, qr
from icons import badge, icon
from iso import C30, Iso, f, plant, room, route_path, slab
from palette import BLUE, GRAY, INK, LINE, RED, TEAL

from .props import mini_map
from .registry import SCENES


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
