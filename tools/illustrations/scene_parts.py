# Props of the solution scenes built on scene.Scene: shops, escalators, cars, counters, benches,
# seats, walls, screens, racks, badges and their icons, an atrium, forklifts, pallets, smooth
# outlines (Catmull-Rom), extrusions and a few polygon measures.

import math

from scene import TEAL, WARM, fmt, mix, pts, shade


SHOP_BLUE = dict(top='#cfddf3', left='#bccfeb', right='#a7bde0', rim='#e9f0fa')
SHOP_WHITE = dict(top='#f1f4f9', left='#dde4ef', right='#c9d3e2', rim='#ffffff')
SHOP_HI = dict(top='#fbd9cf', left='#f4bfae', right='#e9a58f', rim='#fff0eb')
SHOP_TEAL = dict(top='#c9ece6', left='#ace0d7', right='#93d0c6', rim='#eaf8f5')


def shop(sc, x, y, w, d, h, style=SHOP_BLUE, **kw):
    return sc.building(x, y, w, d, h, top=style['top'], left=style['left'], right=style['right'], rim=style['rim'], rimw=5, **kw)


def escalator(sc, x0, y0, length, width, H, z=0, pair=True):
    """Escalator(s) rising along +x from z to z+H."""
    lanes = [(y0, width)] if not pair else [(y0, width), (y0 + width + 4, width)]
    svg = []
    for (yy, ww) in lanes:
        x1 = x0 + length
        y1 = yy + ww
        # side panel (front-left)
        svg.append(sc.poly([sc.p(x0, y1, z), sc.p(x1, y1, z), sc.p(x1, y1, z + H), sc.p(x0, y1, z + 6)], '#dfe5ee',
                           'stroke="#dfe5ee" stroke-width="0.6"'))
        # end face
        svg.append(sc.poly([sc.p(x1, yy, z), sc.p(x1, y1, z), sc.p(x1, y1, z + H), sc.p(x1, yy, z + H)], '#c3ccd9'))
        # ramp surface
        svg.append(sc.poly([sc.p(x0, yy, z + 6), sc.p(x1, yy, z + H), sc.p(x1, y1, z + H), sc.p(x0, y1, z + 6)], '#eef1f6'))
        n = int(length / 7)
        d = []
        for i in range(1, n):
            t = i / n
            xx = x0 + length * t
            zz = z + 6 + (H - 6) * t
            a, b = sc.p(xx, yy + 2, zz), sc.p(xx, y1 - 2, zz)
            d.append('M%s %sL%s %s' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1])))
        svg.append('<path d="%s" stroke="#aab6c8" stroke-width="1.2"/>' % ''.join(d))
        # handrails
        for yr in (yy, y1):
            a, b = sc.p(x0 - 4, yr, z + 14), sc.p(x1, yr, z + H + 10)
            svg.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#2b3446" stroke-width="3.2" stroke-linecap="round"/>' % (
                fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1])))
    yend = lanes[-1][0] + lanes[-1][1]
    sc.shadow_for(x0, y0, length, yend - y0, H * 0.5, z)
    sc.add((x0, y0, x0 + length, yend), ''.join(svg))


def car(sc, x, y, w=26, d=46, col='#e9eef6', cabin=None, z=0, along='y'):
    cabin = cabin or shade(col, 0.86)
    svg = sc.box_svg(x, y, w, d, 9, z, col)
    if along == 'y':
        svg += sc.box_svg(x + 3, y + d * 0.28, w - 6, d * 0.44, 8, z + 9, cabin, shade(cabin, 0.8), shade(cabin, 0.7))
    else:
        svg += sc.box_svg(x + w * 0.28, y + 3, w * 0.44, d - 6, 8, z + 9, cabin, shade(cabin, 0.8), shade(cabin, 0.7))
    sc.shadow_for(x, y, w, d, 10, z)
    sc.add((x, y, x + w, y + d), svg)


def counter(sc, x, y, w, d, h=16, z=0, top='#ffffff', side='#d7dfea'):
    return sc.box(x, y, w, d, h, z, top, side, shade(side, 0.9))


def bench(sc, x, y, w, d, z=0, col='#c8d6ea'):
    sc.box(x, y, w, d, 7, z, col, shade(col, 0.9), shade(col, 0.8), shadow=False)


def seat_row(sc, x, y, n, along='x', size=12, gap=3, col='#9fb8df', z=0):
    """row of waiting seats"""
    svg = ''
    for i in range(n):
        if along == 'x':
            xx, yy = x + i * (size + gap), y
        else:
            xx, yy = x, y + i * (size + gap)
        svg += sc.box_svg(xx, yy, size, size, 6, z, col, shade(col, 0.9), shade(col, 0.78), edge=False)
        # back rest
        if along == 'x':
            svg += sc.box_svg(xx, yy, size, 3, 14, z, shade(col, 0.95), shade(col, 0.85), shade(col, 0.75), edge=False)
        else:
            svg += sc.box_svg(xx, yy, 3, size, 14, z, shade(col, 0.95), shade(col, 0.85), shade(col, 0.75), edge=False)
    if along == 'x':
        bb = (x, y, x + n * (size + gap) - gap, y + size)
    else:
        bb = (x, y, x + size, y + n * (size + gap) - gap)
    sc.shadow_for(bb[0], bb[1], bb[2] - bb[0], bb[3] - bb[1], 8, z)
    sc.add(bb, svg)


# The warmer grey walls of the care scenes (wall(sc, ..., **SOFT_WALL)).
SOFT_WALL = dict(col='#ffffff', left='#e6e8ee', right='#d2d7e1')


def wall(sc, x, y, w, d, h=34, z=0, col='#ffffff', left='#e3e9f2', right='#cdd6e4'):
    """thin wall (dollhouse floor plan style)"""
    sc.box(x, y, w, d, h, z, col, left, right, k=0.15)


def screen_panel(sc, x, y, w, h, z=0, along='x', frame='#2b3446', face='#2f6fe0', content=None, thick=4, stand=True):
    """A free standing display. along='x' -> panel faces +y (front-left)."""
    svg = ''
    if along == 'x':
        svg += sc.box_svg(x, y, w, thick, h, z, shade(frame, 1.2), frame, shade(frame, 0.8), edge=False)
        quad = sc.lface(x, y, w, thick, 4, w - 4, 4, h - 4, z)
    else:
        svg += sc.box_svg(x, y, thick, w, h, z, shade(frame, 1.2), shade(frame, 0.9), frame, edge=False)
        quad = sc.rface(x, y, thick, w, 4, w - 4, 4, h - 4, z)
    svg += sc.poly(quad, face)
    if content:
        svg += content(quad)
    if along == 'x':
        bb = (x, y, x + w, y + thick)
    else:
        bb = (x, y, x + thick, y + w)
    sc.shadow_for(bb[0], bb[1], bb[2] - bb[0], bb[3] - bb[1], h * 0.5, z)
    sc.add(bb, svg)


def quad_map(q, t0, t1, s0, s1):
    """sub-quad of a quad q=[p00,p10,p11,p01] (u along first edge, v along second)"""
    def L(u, v):
        (x00, y00), (x10, y10), (x11, y11), (x01, y01) = q
        xa, ya = x00 + (x10 - x00) * u, y00 + (y10 - y00) * u
        xb, yb = x01 + (x11 - x01) * u, y01 + (y11 - y01) * u
        return (xa + (xb - xa) * v, ya + (yb - ya) * v)
    return [L(t0, s0), L(t1, s0), L(t1, s1), L(t0, s1)]


def qpt(q, u, v):
    return quad_map(q, u, u, v, v)[0]


def rack(sc, x, y, w, d, h=60, levels=3, z=0, col='#8aa6d6', goods=('#f2c794', '#e9b77c', '#d9e4f5')):
    """warehouse shelving along x with boxes"""
    svg = ''
    posts = '#4a5d80'
    lvl_h = h / levels
    for i in range(levels):
        zz = z + i * lvl_h
        svg += sc.box_svg(x, y, w, d, 3, zz + lvl_h - 3, '#e7ecf3', '#b9c6da', '#a5b3ca', edge=False)
    # goods on each level
    import random
    rnd = random.Random(int(x * 7 + y * 13))
    for i in range(levels):
        zz = z + i * lvl_h
        cx = x + 3
        while cx < x + w - 14:
            bw = rnd.choice((14, 18, 22))
            if cx + bw > x + w - 3:
                break
            col_g = rnd.choice(goods)
            svg += sc.box_svg(cx, y + 3, bw - 2, d - 6, lvl_h * rnd.choice((0.55, 0.7, 0.8)), zz, col_g, shade(col_g, 0.9), shade(col_g, 0.8), edge=False)
            cx += bw
    # front posts
    for px_ in (x, x + w):
        a, b = sc.p(px_, y + d, z), sc.p(px_, y + d, z + h)
        svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="3"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), posts)
    a, b = sc.p(x + w, y, z), sc.p(x + w, y, z + h)
    svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="3"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), posts)
    sc.shadow_for(x, y, w, d, h * 0.6, z)
    sc.add((x, y, x + w, y + d), svg)


def tag_icon(sc, x, y, z, layer='top', color=TEAL):
    """floating location tag marker (small rounded square with signal)"""
    px, py = sc.p(x, y, z)
    g = '<rect x="%s" y="%s" width="16" height="12" rx="3" fill="#ffffff" stroke="%s" stroke-width="2"/>' % (fmt(px - 8), fmt(py - 6), color)
    g += '<circle cx="%s" cy="%s" r="2.4" fill="%s"/>' % (fmt(px), fmt(py), color)
    for rr, op in ((12, 0.6), (18, 0.35)):
        g += '<path d="M%s %s A%s %s 0 0 1 %s %s" fill="none" stroke="%s" stroke-width="2" stroke-linecap="round" opacity="%s"/>' % (
            fmt(px - rr * 0.7), fmt(py - 4 - rr * 0.5), rr, rr, fmt(px + rr * 0.7), fmt(py - 4 - rr * 0.5), color, op)
    getattr(sc, layer).append(g)


def bubble(sc, x, y, z, icon, color=WARM, layer='top', r=22):
    """round badge floating over a point with a small tail"""
    px, py = sc.p(x, y, z)
    g = '<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="#1c2b48" opacity="0.16" filter="url(#blurS)"/>' % (fmt(px), fmt(py + 6), fmt(r), fmt(r * 0.35))
    g += '<path d="M%s %s l8 12 l8 -12z" fill="%s"/>' % (fmt(px - 8), fmt(py - 4), color)
    g += '<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#ffffff" stroke-width="3"/>' % (fmt(px), fmt(py - r - 2), r, color)
    g += '<g transform="translate(%s %s) scale(%s)">%s</g>' % (fmt(px), fmt(py - r - 2), fmt(r / 22.0), icon)
    getattr(sc, layer).append(g)


ICON_BELL = '<path d="M-8 5 L-8 -2 A8 8 0 0 1 8 -2 L8 5 L10 7 L-10 7 Z" fill="#ffffff"/><circle cx="0" cy="10" r="2.6" fill="#ffffff"/>'
ICON_EXCL = '<rect x="-2.6" y="-11" width="5.2" height="14" rx="2.6" fill="#ffffff"/><circle cx="0" cy="8.5" r="3" fill="#ffffff"/>'
ICON_CROSS = '<rect x="-3.5" y="-10" width="7" height="20" rx="1.5" fill="#ffffff"/><rect x="-10" y="-3.5" width="20" height="7" rx="1.5" fill="#ffffff"/>'
ICON_WC = ('<circle cx="-5" cy="-8" r="2.6" fill="#ffffff"/><rect x="-8" y="-4.5" width="6" height="13" rx="2" fill="#ffffff"/>'
           '<circle cx="5" cy="-8" r="2.6" fill="#ffffff"/><path d="M5 -5 L9 5 L1 5 Z" fill="#ffffff"/><rect x="3.5" y="4" width="3" height="5" fill="#ffffff"/>')
ICON_CUP = '<path d="M-8 -5 H6 V3 A6 6 0 0 1 0 9 H-2 A6 6 0 0 1 -8 3 Z" fill="#ffffff"/><path d="M6 -2 H8.5 A3 3 0 0 1 8.5 4 H6" fill="none" stroke="#ffffff" stroke-width="2"/>'
ICON_P = '<path d="M-5 10 V-10 H2 A6 6 0 0 1 2 3 H-5" fill="none" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>'
ICON_STAR = '<path d="M0 -10 L2.9 -3.1 L10 -3.1 L4.3 1.3 L6.5 8.5 L0 4.3 L-6.5 8.5 L-4.3 1.3 L-10 -3.1 L-2.9 -3.1 Z" fill="#ffffff"/>'
ICON_PLANE = '<path d="M0 -11 C1.5 -11 2 -9 2 -7 V-2 L10 3 V5.5 L2 3 V7.5 L5 9.8 V11.5 L0 10 L-5 11.5 V9.8 L-2 7.5 V3 L-10 5.5 V3 L-2 -2 V-7 C-2 -9 -1.5 -11 0 -11Z" fill="#ffffff"/>'
ICON_CAM = '<rect x="-10" y="-6" width="20" height="14" rx="3" fill="#ffffff"/><rect x="-4" y="-9" width="8" height="4" rx="1" fill="#ffffff"/><circle cx="0" cy="1" r="4" fill="none" stroke="#1fb5a3" stroke-width="2.4"/>'
ICON_PERSON = '<circle cx="0" cy="-6" r="4" fill="#ffffff"/><path d="M-8 10 A8 8 0 0 1 8 10 Z" fill="#ffffff"/>'
ICON_BAG = '<path d="M-8 -3 H8 L7 10 H-7 Z" fill="#ffffff"/><path d="M-4 -3 V-6 A4 4 0 0 1 4 -6 V-3" fill="none" stroke="#ffffff" stroke-width="2.2"/>'
ICON_BOOTH = '<rect x="-9" y="-9" width="18" height="18" rx="3" fill="none" stroke="#ffffff" stroke-width="3"/><circle cx="0" cy="0" r="3.5" fill="#ffffff"/>'
ICON_DOC = '<path d="M-7 -10 H3 L8 -5 V10 H-7 Z" fill="#ffffff"/><path d="M-3 -2 H4 M-3 3 H4" stroke="#2a9d8f" stroke-width="2"/>'
ICON_WARN = '<path d="M0 -10 L10 8 H-10 Z" fill="#ffffff" stroke="#ffffff" stroke-width="2" stroke-linejoin="round"/><rect x="-1.6" y="-4" width="3.2" height="7" rx="1.4" fill="#ef4444"/><circle cx="0" cy="5.5" r="1.8" fill="#ef4444"/>'
ICON_BOX = '<path d="M0 -10 L9 -5 V6 L0 11 L-9 6 V-5 Z" fill="#ffffff"/><path d="M-9 -5 L0 0 L9 -5 M0 0 V11" fill="none" stroke="#1f6feb" stroke-width="1.8"/>'
ICON_TREE = '<circle cx="0" cy="-3" r="7.5" fill="#ffffff"/><rect x="-1.6" y="3" width="3.2" height="8" fill="#ffffff"/>'


def atrium(sc, x, y, w, d, depth=60, esc=True, clip_id='atr'):
    """Opening in the floor with glass balustrade and an escalator going down."""
    svg = []
    q = sc.rect_pts(x, y, w, d, 0)
    svg.append('<clipPath id="%s"><polygon points="%s"/></clipPath>' % (clip_id, pts(q)))
    inner = []
    inner.append(sc.poly(sc.rect_pts(x - 200, y - 200, w + 400, d + 400, -depth), '#e7edf5'))
    # far inner walls
    inner.append(sc.poly([sc.p(x, y, 0), sc.p(x + w, y, 0), sc.p(x + w, y, -depth), sc.p(x, y, -depth)], '#d6dfeb'))
    inner.append(sc.poly([sc.p(x, y, 0), sc.p(x, y + d, 0), sc.p(x, y + d, -depth), sc.p(x, y, -depth)], '#c5d1e2'))
    if esc:
        for (yy, ww) in ((y + d * 0.2, d * 0.26), (y + d * 0.54, d * 0.26)):
            x0, x1 = x, x + w * 0.95
            y1 = yy + ww
            # top end at x0 (floor level), going down towards x1
            inner.append(sc.poly([sc.p(x0, y1, 0), sc.p(x1, y1, -depth), sc.p(x0, y1, -depth)], '#d0d8e4'))
            inner.append(sc.poly([sc.p(x0, yy, 0), sc.p(x1, yy, -depth), sc.p(x1, y1, -depth), sc.p(x0, y1, 0)], '#f4f6fa'))
            n = 16
            dd = []
            for i in range(1, n):
                t = i / n
                xx = x0 + (x1 - x0) * t
                zz = -depth * t
                a, b = sc.p(xx, yy + 2, zz), sc.p(xx, y1 - 2, zz)
                dd.append('M%s %sL%s %s' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1])))
            inner.append('<path d="%s" stroke="#b3bfd0" stroke-width="1.3"/>' % ''.join(dd))
            for yr in (yy, y1):
                a, b = sc.p(x0, yr, 10), sc.p(x1, yr, -depth + 10)
                inner.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#2b3446" stroke-width="3" stroke-linecap="round"/>' % (
                    fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1])))
    svg.append('<g clip-path="url(#%s)">%s</g>' % (clip_id, ''.join(inner)))
    # glass balustrade (front edges drawn translucent, back edges too)
    hgt = 12
    for (a0, a1) in (((x, y), (x + w, y)), ((x, y), (x, y + d)), ((x, y + d), (x + w, y + d)), ((x + w, y), (x + w, y + d))):
        quad = [sc.p(a0[0], a0[1], 0), sc.p(a1[0], a1[1], 0), sc.p(a1[0], a1[1], hgt), sc.p(a0[0], a0[1], hgt)]
        svg.append(sc.poly(quad, '#cfe2fb', 'opacity="0.45"'))
        pa, pb = sc.p(a0[0], a0[1], hgt), sc.p(a1[0], a1[1], hgt)
        svg.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#8fb3ea" stroke-width="2"/>' % (fmt(pa[0]), fmt(pa[1]), fmt(pb[0]), fmt(pb[1])))
    sc.ground.append(''.join(svg))
ICON_PILL = ('<g transform="rotate(-40)"><rect x="-11" y="-5.5" width="22" height="11" rx="5.5" fill="#ffffff"/>'
             '<rect x="0" y="-5.5" width="11" height="11" rx="0" fill="#cfe0ff"/><path d="M11 -5.5 A5.5 5.5 0 0 1 11 5.5" fill="#cfe0ff"/>'
             '<rect x="0" y="-5.5" width="6" height="11" fill="#cfe0ff"/></g>')


def forklift(sc, x, y, col='#f6b73c', z=0, load=None):
    """forklift facing +x (forks at +x end). footprint 60 x 34"""
    L, Wd = 46, 32
    svg = sc.box_svg(x, y, L, Wd, 16, z, col, shade(col, 0.9), shade(col, 0.78))
    # counterweight
    svg += sc.box_svg(x, y, 12, Wd, 26, z, shade(col, 0.8), shade(col, 0.72), shade(col, 0.62), edge=False)
    # seat
    svg += sc.box_svg(x + 16, y + 9, 12, 14, 10, z + 16, '#3a4660', '#2f3a52', '#263045', edge=False)
    # overhead guard posts + roof
    for (px_, py_) in ((x + 14, y + 2), (x + 14, y + Wd - 4), (x + 36, y + 2), (x + 36, y + Wd - 4)):
        a, b = sc.p(px_, py_, z + 16), sc.p(px_, py_, z + 50)
        svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#2b3446" stroke-width="2.5"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]))
    svg += sc.poly(sc.rect_pts(x + 12, y, 28, Wd, z + 50), '#2b3446', 'opacity="0.85"')
    # mast
    for py_ in (y + 6, y + Wd - 8):
        svg += sc.box_svg(x + L, py_, 3, 3, 58, z, '#4a5670', '#3d485f', '#323c50', edge=False)
    # forks
    svg += sc.box_svg(x + L + 3, y + 6, 26, 4, 3, z + 4, '#4a5670', '#3d485f', '#323c50', edge=False)
    svg += sc.box_svg(x + L + 3, y + Wd - 10, 26, 4, 3, z + 4, '#4a5670', '#3d485f', '#323c50', edge=False)
    if load:
        svg += sc.box_svg(x + L + 3, y + 2, 28, Wd - 4, 6, z + 7, '#d9b48a', '#c7a077', '#b58d65', edge=False)
        svg += sc.box_svg(x + L + 5, y + 4, 24, Wd - 8, 20, z + 13, load, shade(load, 0.9), shade(load, 0.8))
    sc.shadow_for(x, y, L + 30, Wd, 20, z)
    sc.add((x, y, x + L + 30, y + Wd), svg)


def pallet(sc, x, y, w=44, d=44, goods='#f2c794', h=30, z=0):
    svg = sc.box_svg(x, y, w, d, 7, z, '#d9b48a', '#c7a077', '#b58d65', edge=False)
    svg += sc.box_svg(x + 3, y + 3, w - 6, d - 6, h, z + 7, goods, shade(goods, 0.9), shade(goods, 0.8))
    # shrink-wrap line / label
    svg += sc.poly(sc.lface(x + 3, y + 3, w - 6, d - 6, 8, 20, h * 0.45, h * 0.75, z + 7), '#ffffff', 'opacity="0.9"')
    sc.shadow_for(x, y, w, d, h, z)
    sc.add((x, y, x + w, y + d), svg)


def catmull(points, samples=10, closed=False):
    pts_ = list(points)
    if closed:
        P_ = [pts_[-1]] + pts_ + [pts_[0], pts_[1]]
        segs = len(pts_)
    else:
        P_ = [pts_[0]] + pts_ + [pts_[-1]]
        segs = len(pts_) - 1
    out = []
    for i in range(segs):
        p0, p1, p2, p3 = P_[i], P_[i + 1], P_[i + 2], P_[i + 3]
        for k in range(samples):
            t = k / samples
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * ((2 * p1[j]) + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2 +
                                    (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in range(len(p1))))
    if not closed:
        out.append(tuple(pts_[-1]))
    return out


def blob(cx, cy, rx, ry, seed=1, n=10, jitter=0.18):
    import random
    rnd = random.Random(seed)
    ctrl = []
    for i in range(n):
        a = 2 * math.pi * i / n
        k = 1 + rnd.uniform(-jitter, jitter)
        ctrl.append((cx + rx * k * math.cos(a), cy + ry * k * math.sin(a)))
    return catmull(ctrl, 8, closed=True)


def thick(points, width):
    """polygon (world) for a path of given width along points"""
    left, right = [], []
    n = len(points)
    for i in range(n):
        a = points[max(0, i - 1)]
        b = points[min(n - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy) or 1
        nx, ny = -dy / L * width / 2, dx / L * width / 2
        left.append((points[i][0] + nx, points[i][1] + ny))
        right.append((points[i][0] - nx, points[i][1] - ny))
    return left + right[::-1]


def polygon_area(wpts):
    a = 0
    for (x1, y1), (x2, y2) in zip(wpts, wpts[1:] + wpts[:1]):
        a += x1 * y2 - x2 * y1
    return a / 2


def extrude(sc, wpts, z0, h, top, lside=None, rside=None, stroke_top=None):
    """extruded prism of a world polygon; returns svg"""
    lside = lside or shade(top, 0.88)
    rside = rside or shade(top, 0.78)
    if polygon_area(wpts) < 0:
        wpts = wpts[::-1]
    svg = ''
    n = len(wpts)
    faces = []
    for i in range(n):
        a, b = wpts[i], wpts[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        # outward normal for CCW polygon in (x,y) with y down... compute both and test with centroid
        nx, ny = ey, -ex
        if nx + ny <= 0:
            continue
        L = math.hypot(nx, ny) or 1
        t = (ny / L - nx / L + 1) / 2   # 1 -> facing +y (left face), 0 -> facing +x (right face)
        col = mix(rside, lside, t)
        q = [sc.p(a[0], a[1], z0), sc.p(b[0], b[1], z0), sc.p(b[0], b[1], z0 + h), sc.p(a[0], a[1], z0 + h)]
        faces.append(sc.poly(q, col, 'stroke="%s" stroke-width="0.8"' % col))
    svg += ''.join(faces)
    svg += sc.poly([sc.p(x, y, z0 + h) for x, y in wpts], top, ('stroke="%s" stroke-width="2"' % stroke_top) if stroke_top else '')
    return svg


def point_in_poly(pt, poly):
    x, y = pt
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xin = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xin > x:
                inside = not inside
    return inside


def dist_to_polyline(pt, line):
    best = 1e9
    for a, b in zip(line, line[1:]):
        ax, ay = a[0], a[1]
        bx, by = b[0], b[1]
        dx, dy = bx - ax, by - ay
        L2 = dx * dx + dy * dy or 1
        t = max(0, min(1, ((pt[0] - ax) * dx + (pt[1] - ay) * dy) / L2))
        best = min(best, math.hypot(pt[0] - ax - dx * t, pt[1] - ay - dy * t))
    return best


def pavilion(sc, x, y, s=40, h=30, z=0, roof='#f08a5d', col='#ffffff'):
    svg = ''
    for (px_, py_) in ((x + 3, y + 3), (x + s - 7, y + 3), (x + 3, y + s - 7), (x + s - 7, y + s - 7)):
        svg += sc.box_svg(px_, py_, 4, 4, h, z, col, shade(col, 0.9), shade(col, 0.8), edge=False)
    svg += sc.box_svg(x - 2, y - 2, s + 4, s + 4, 4, z + h, '#ffffff', '#e3e8ef', '#cfd6e2', edge=False)
    apex = sc.p(x + s / 2, y + s / 2, z + h + 4 + s * 0.9)
    c = [sc.p(x - 8, y - 8, z + h + 4), sc.p(x + s + 8, y - 8, z + h + 4), sc.p(x + s + 8, y + s + 8, z + h + 4), sc.p(x - 8, y + s + 8, z + h + 4)]
    svg += sc.poly([c[3], c[2], apex], shade(roof, 0.95))
    svg += sc.poly([c[1], c[2], apex], shade(roof, 0.8))
    svg += '<polyline points="%s" fill="none" stroke="#ffffff" stroke-width="1.4" opacity="0.7"/>' % pts([c[3], c[2], c[1]])
    sc.shadow_for(x, y, s, s, h + 10, z)
    sc.add((x, y, x + s, y + s), svg)
