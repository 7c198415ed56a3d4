# The drawing kit of the solution scenes: colour maths, numbers written to one decimal, the
# projection (Proj), and Scene, one floor drawn in layers (slab, ground, shadows, routes, then the
# objects sorted back to front, then overlays). Everything returns or collects SVG text.

import heapq
import math
import zlib

from canvas import H, ROOT, W
from palette import BLUE, RED

C = math.cos(math.radians(30))
S = 0.5

# The solution scenes' own accents (their teal is not the services' TEAL).
TEAL = '#1fb5a3'
WARM = '#ff8a5c'


def hx(c):
    c = c.lstrip('#')
    return tuple(int(c[i:i + 2], 16) for i in (0, 2, 4))


def tohex(t):
    return '#%02x%02x%02x' % tuple(max(0, min(255, int(round(v)))) for v in t)


def shade(c, f):
    r, g, b = hx(c)
    return tohex((r * f, g * f, b * f))


def mix(c1, c2, t):
    a, b = hx(c1), hx(c2)
    return tohex(tuple(a[i] + (b[i] - a[i]) * t for i in range(3)))


def fmt(v):
    s = ('%.1f' % v)
    if s.endswith('.0'):
        s = s[:-2]
    return s


def pts(ps):
    return ' '.join('%s,%s' % (fmt(x), fmt(y)) for x, y in ps)


def convex_hull(points):
    points = sorted(set((round(x, 2), round(y, 2)) for x, y in points))
    if len(points) <= 2:
        return points

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower, upper = [], []
    for p in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


DEFS = '''
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#f8fafd"/><stop offset="0.6" stop-color="#eef2f7"/><stop offset="1" stop-color="#e3e9f1"/>
</linearGradient>
<radialGradient id="bgglow" cx="0.5" cy="0.45" r="0.6">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
</radialGradient>
<radialGradient id="pinG" cx="0.35" cy="0.3" r="0.8">
  <stop offset="0" stop-color="#ff7b73"/><stop offset="1" stop-color="#e23a3a"/>
</radialGradient>
<radialGradient id="dotG" cx="0.35" cy="0.3" r="0.8">
  <stop offset="0" stop-color="#5a9bff"/><stop offset="1" stop-color="#1559d6"/>
</radialGradient>
<filter id="blurS" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="5"/></filter>
<filter id="blurM" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>
<filter id="blurL" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="26"/></filter>
<filter id="glow" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="7"/></filter>
'''


class Proj:
    def __init__(self, ox, oy, s=1.0):
        self.ox, self.oy, self.s = ox, oy, s

    def p(self, x, y, z=0):
        return (self.ox + (x - y) * C * self.s, self.oy + (x + y) * S * self.s - z * self.s)


class Scene:
    """One floor / ground level. Layers are emitted in order; objects are depth sorted."""

    def __init__(self, proj, z0=0):
        self.P = proj
        self.z0 = z0
        self.under = []     # things below the plate (its shadow)
        self.plate = []
        self.shadows = []
        self.ground = []
        self.routes = []
        self.objs = []      # (bbox, svg)
        self.top = []

    def p(self, x, y, z=0):
        return self.P.p(x, y, z + self.z0)

    def poly(self, ps, fill, extra=''):
        return '<polygon points="%s" fill="%s"%s/>' % (pts(ps), fill, (' ' + extra) if extra else '')

    # ---------- ground level helpers ----------
    def rect_pts(self, x, y, w, d, z=0):
        return [self.p(x, y, z), self.p(x + w, y, z), self.p(x + w, y + d, z), self.p(x, y + d, z)]

    def flat(self, x, y, w, d, fill, z=0.5, layer='ground', extra=''):
        getattr(self, layer).append(self.poly(self.rect_pts(x, y, w, d, z), fill, extra))

    def flat_poly(self, wpts, fill, z=0.5, layer='ground', extra=''):
        getattr(self, layer).append(self.poly([self.p(x, y, z) for x, y in wpts], fill, extra))

    def line(self, a, b, stroke, width=2, z=0.5, layer='ground', extra=''):
        pa, pb = self.p(a[0], a[1], z), self.p(b[0], b[1], z)
        getattr(self, layer).append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"%s/>' % (
            fmt(pa[0]), fmt(pa[1]), fmt(pb[0]), fmt(pb[1]), stroke, width, (' ' + extra) if extra else ''))

    def polyline(self, wpts, stroke, width=2, z=0.5, layer='ground', extra=''):
        getattr(self, layer).append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"%s/>' % (
            pts([self.p(x, y, z) for x, y in wpts]), stroke, width, (' ' + extra) if extra else ''))

    def grid(self, x, y, w, d, step, stroke='#e2e8f1', width=1.2, z=0.3):
        out = []
        i = x + step
        while i < x + w - 1:
            a, b = self.p(i, y, z), self.p(i, y + d, z)
            out.append('M%s %sL%s %s' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1])))
            i += step
        j = y + step
        while j < y + d - 1:
            a, b = self.p(x, j, z), self.p(x + w, j, z)
            out.append('M%s %sL%s %s' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1])))
            j += step
        self.ground.append('<path d="%s" stroke="%s" stroke-width="%s" fill="none"/>' % (''.join(out), stroke, width))

    def slab(self, x, y, w, d, t=22, top='#f2f5f9', left='#d6dfeb', right='#c3cedf', shadow=True, rim=None, opacity=None):
        g = []
        if shadow:
            sp = [self.p(x, y, -t), self.p(x + w, y, -t), self.p(x + w, y + d, -t), self.p(x, y + d, -t)]
            sp = [(px + 10, py + 34) for px, py in sp]
            self.under.append('<polygon points="%s" fill="#4a6088" opacity="0.22" filter="url(#blurL)"/>' % pts(sp))
        g.append(self.poly([self.p(x, y + d, 0), self.p(x + w, y + d, 0), self.p(x + w, y + d, -t), self.p(x, y + d, -t)], left))
        g.append(self.poly([self.p(x + w, y, 0), self.p(x + w, y + d, 0), self.p(x + w, y + d, -t), self.p(x + w, y, -t)], right))
        g.append(self.poly(self.rect_pts(x, y, w, d, 0), top))
        # crisp light edge on top
        g.append('<polyline points="%s" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.9"/>' % pts(
            [self.p(x, y + d, 0), self.p(x + w, y + d, 0), self.p(x + w, y, 0)]))
        if opacity is not None:
            self.plate.append('<g opacity="%s">%s</g>' % (opacity, ''.join(g)))
        else:
            self.plate.extend(g)

    # ---------- objects ----------
    def add(self, bbox, svg):
        self.objs.append((bbox, svg))

    def shadow_for(self, x, y, w, d, h, z=0, k=0.35, op=None):
        if h <= 0:
            return
        fp = [(x, y), (x + w, y), (x + w, y + d), (x, y + d)]
        sh = fp + [(a + h * k, b - h * k * 0.15) for a, b in fp]
        hull = convex_hull([self.p(a, b, z) for a, b in sh])
        self.shadows.append(self.poly(hull, '#3a5580', '' if op is None else 'opacity="%s"' % op))

    def box_svg(self, x, y, w, d, h, z=0, top='#d3e0f3', left=None, right=None, rim=None, rimw=0.0, edge=True):
        left = left or shade(top, 0.9)
        right = right or shade(top, 0.8)
        g = []
        zt = z + h
        g.append(self.poly([self.p(x, y + d, z), self.p(x + w, y + d, z), self.p(x + w, y + d, zt), self.p(x, y + d, zt)], left,
                           'stroke="%s" stroke-width="0.6" stroke-linejoin="round"' % left))
        g.append(self.poly([self.p(x + w, y, z), self.p(x + w, y + d, z), self.p(x + w, y + d, zt), self.p(x + w, y, zt)], right,
                           'stroke="%s" stroke-width="0.6" stroke-linejoin="round"' % right))
        if rim and rimw > 0:
            g.append(self.poly(self.rect_pts(x, y, w, d, zt), rim))
            g.append(self.poly(self.rect_pts(x + rimw, y + rimw, w - 2 * rimw, d - 2 * rimw, zt), top))
        else:
            g.append(self.poly(self.rect_pts(x, y, w, d, zt), top, 'stroke="%s" stroke-width="0.6" stroke-linejoin="round"' % top))
        if edge:
            g.append('<polyline points="%s" fill="none" stroke="#ffffff" stroke-width="1.4" opacity="0.85" stroke-linejoin="round"/>' % pts(
                [self.p(x, y + d, zt), self.p(x + w, y + d, zt), self.p(x + w, y, zt)]))
        return ''.join(g)

    def lface(self, x, y, w, d, u0, u1, v0, v1, z=0):
        """quad on the front-left face (y = y+d), u along x, v along z"""
        return [self.p(x + u0, y + d, z + v0), self.p(x + u1, y + d, z + v0), self.p(x + u1, y + d, z + v1), self.p(x + u0, y + d, z + v1)]

    def rface(self, x, y, w, d, u0, u1, v0, v1, z=0):
        """quad on the front-right face (x = x+w), u along y"""
        return [self.p(x + w, y + u0, z + v0), self.p(x + w, y + u1, z + v0), self.p(x + w, y + u1, z + v1), self.p(x + w, y + u0, z + v1)]

    def box(self, x, y, w, d, h, z=0, top='#d3e0f3', left=None, right=None, rim=None, rimw=0.0, extra='', shadow=True, k=0.35,
            edge=True, pre=''):
        svg = pre + self.box_svg(x, y, w, d, h, z, top, left, right, rim, rimw, edge) + extra
        if shadow:
            self.shadow_for(x, y, w, d, h, z, k)
        self.add((x, y, x + w, y + d), svg)
        return svg

    def building(self, x, y, w, d, h, top='#cddcf2', left='#bccde8', right='#a9bddf', rim='#eaf0f9', rimw=5, glass='#e9f2fe',
                 bands=1, z=0, accent=None, shadow=True):
        """A shop / building with a parapet roof and window bands."""
        ex = []
        band_h = h * (0.32 if bands == 1 else 0.16)
        for i in range(bands):
            v0 = h * (0.18 + i * (0.7 / bands))
            v1 = v0 + band_h
            ex.append(self.poly(self.lface(x, y, w, d, 6, w - 6, v0, v1, z), glass, 'opacity="0.95"'))
            ex.append(self.poly(self.rface(x, y, w, d, 6, d - 6, v0, v1, z), shade(glass, 0.9), 'opacity="0.9"'))
        if accent:
            ex.append(self.poly(self.lface(x, y, w, d, 0, w, h * 0.82, h, z), accent))
            ex.append(self.poly(self.rface(x, y, w, d, 0, d, h * 0.82, h, z), shade(accent, 0.88)))
        return self.box(x, y, w, d, h, z, top, left, right, rim, rimw, ''.join(ex), shadow=shadow)

    def tower(self, x, y, w, d, h, top='#d7e3f5', left='#c2d3ec', right='#a9bedf', glass='#e6effc', floor_h=22, z=0, rim='#f1f5fb'):
        ex = []
        v = floor_h * 0.6
        while v + floor_h * 0.45 < h - 8:
            ex.append(self.poly(self.lface(x, y, w, d, 5, w - 5, v, v + floor_h * 0.45, z), glass))
            ex.append(self.poly(self.rface(x, y, w, d, 5, d - 5, v, v + floor_h * 0.45, z), shade(glass, 0.88)))
            v += floor_h
        return self.box(x, y, w, d, h, z, top, left, right, rim, 5, ''.join(ex))

    def cylinder_svg(self, cx, cy, r, h, z=0, top='#eef3fa', body='#c9d6e8', dark=None, bands=()):
        dark = dark or shade(body, 0.78)
        base = self.p(cx, cy, z)
        topc = self.p(cx, cy, z + h)
        rx = r * C * math.sqrt(2) * self.P.s
        ry = r * S * math.sqrt(2) * self.P.s
        # crc32, not hash(): str hashes change from run to run, and the same scene must give the same bytes.
        gid = 'cyl%d' % (zlib.crc32(repr((cx, cy, r, h, z, body)).encode()) % 10 ** 8)
        g = ['<linearGradient id="%s" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="%s"/><stop offset="0.35" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>' % (
            gid, shade(body, 1.04), body, dark)]
        g.append('<path d="M%s %s L%s %s A%s %s 0 0 0 %s %s L%s %s A%s %s 0 0 1 %s %s Z" fill="url(#%s)"/>' % (
            fmt(base[0] - rx), fmt(topc[1]), fmt(base[0] - rx), fmt(base[1]), fmt(rx), fmt(ry), fmt(base[0] + rx), fmt(base[1]),
            fmt(base[0] + rx), fmt(topc[1]), fmt(rx), fmt(ry), fmt(base[0] - rx), fmt(topc[1]), gid))
        for (bz, bc) in bands:
            bp = self.p(cx, cy, z + bz)
            g.append('<path d="M%s %s A%s %s 0 0 0 %s %s" fill="none" stroke="%s" stroke-width="3"/>' % (
                fmt(bp[0] - rx), fmt(bp[1]), fmt(rx), fmt(ry), fmt(bp[0] + rx), fmt(bp[1]), bc))
        g.append('<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" stroke="#ffffff" stroke-width="1.5"/>' % (
            fmt(topc[0]), fmt(topc[1]), fmt(rx), fmt(ry), top))
        return ''.join(g)

    def cylinder(self, cx, cy, r, h, z=0, top='#eef3fa', body='#c9d6e8', dark=None, bands=(), extra=''):
        self.shadow_for(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, h, z)
        self.add((cx - r, cy - r, cx + r, cy + r), self.cylinder_svg(cx, cy, r, h, z, top, body, dark, bands) + extra)

    # ---------- billboards ----------
    def person(self, x, y, body='#5b7fc7', head='#f3c9a8', hair='#3b4252', scale=1.0, helmet=None, phone=False, badge=None,
               cane=False, z=0, legs='#44506a', hair_style='short'):
        px, py = self.p(x, y, z)
        s = scale
        g = ['<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="#2d3e5e" opacity="0.18"/>' % (fmt(px), fmt(py), fmt(11 * s), fmt(5 * s))]
        # legs
        g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px - 6 * s), fmt(py - 20 * s), fmt(5 * s), fmt(20 * s), fmt(2.5 * s), legs))
        g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px + 1 * s), fmt(py - 20 * s), fmt(5 * s), fmt(20 * s), fmt(2.5 * s), shade(legs, 0.85)))
        # body
        g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px - 9 * s), fmt(py - 42 * s), fmt(18 * s), fmt(26 * s), fmt(7 * s), body))
        g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px + 1 * s), fmt(py - 42 * s), fmt(8 * s), fmt(26 * s), fmt(5 * s), shade(body, 0.86)))
        if phone:
            g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#26324a"/>' % (
                fmt(px - 13 * s), fmt(py - 36 * s), fmt(7 * s), fmt(11 * s), fmt(1.5 * s)))
            g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#7fb2ff"/>' % (
                fmt(px - 12 * s), fmt(py - 35 * s), fmt(5 * s), fmt(8 * s), fmt(1 * s)))
        if badge:
            g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" stroke="#ffffff" stroke-width="%s"/>' % (
                fmt(px - 6 * s), fmt(py - 35 * s), fmt(7 * s), fmt(9 * s), fmt(1.5 * s), badge, fmt(1.2 * s)))
        if cane:
            g.append('<path d="M%s %s L%s %s q0 -%s %s -%s" stroke="#7a5a3a" stroke-width="%s" fill="none" stroke-linecap="round"/>' % (
                fmt(px + 14 * s), fmt(py), fmt(px + 14 * s), fmt(py - 24 * s), fmt(4 * s), fmt(-5 * s), fmt(2 * s), fmt(2.2 * s)))
        # head
        g.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(px), fmt(py - 50 * s), fmt(8 * s), head))
        if helmet:
            g.append('<path d="M%s %s a%s %s 0 0 1 %s 0 z" fill="%s"/>' % (
                fmt(px - 9.5 * s), fmt(py - 51 * s), fmt(9.5 * s), fmt(9.5 * s), fmt(19 * s), helmet))
            g.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
                fmt(px - 11 * s), fmt(py - 52.5 * s), fmt(22 * s), fmt(3 * s), fmt(1.5 * s), shade(helmet, 0.85)))
        elif hair_style == 'short':
            g.append('<path d="M%s %s a%s %s 0 0 1 %s 0 z" fill="%s"/>' % (
                fmt(px - 8.2 * s), fmt(py - 51 * s), fmt(8.2 * s), fmt(8.2 * s), fmt(16.4 * s), hair))
        elif hair_style == 'bun':
            g.append('<path d="M%s %s a%s %s 0 0 1 %s 0 z" fill="%s"/>' % (
                fmt(px - 8.2 * s), fmt(py - 51 * s), fmt(8.2 * s), fmt(8.2 * s), fmt(16.4 * s), hair))
            g.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(px), fmt(py - 60 * s), fmt(4.2 * s), hair))
        svg = '<g>%s</g>' % ''.join(g)
        r = 6 * scale
        self.add((x - r, y - r, x + r, y + r), svg)

    def tree(self, x, y, r=16, z=0, c1='#8fd3ae', c2='#63bb8e', trunk='#b99b7d', h=None, kind='round'):
        px, py = self.p(x, y, z)
        s = self.P.s
        h = h if h is not None else r * 1.2
        g = ['<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="#2d4a5e" opacity="0.16"/>' % (fmt(px + r * 0.3), fmt(py + 2), fmt(r * 1.1 * s), fmt(r * 0.55 * s))]
        g.append('<rect x="%s" y="%s" width="%s" height="%s" fill="%s" rx="1.5"/>' % (fmt(px - 2.5 * s), fmt(py - h * s), fmt(5 * s), fmt(h * s), trunk))
        if kind == 'round':
            cy = py - (h + r * 0.7) * s
            g.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(px), fmt(cy), fmt(r * s), c2))
            g.append('<path d="M%s %s a%s %s 0 0 1 0 %s a%s %s 0 0 1 0 -%s z" fill="%s"/>' % (
                fmt(px), fmt(cy - r * s), fmt(r * s), fmt(r * s), fmt(2 * r * s), fmt(r * 0.62 * s), fmt(r * s), fmt(2 * r * s), c1))
        else:  # cone / conifer
            top = py - (h + r * 2.6) * s
            bot = py - h * 0.6 * s
            g.append('<path d="M%s %s L%s %s Q%s %s %s %s Z" fill="%s"/>' % (
                fmt(px), fmt(top), fmt(px + r * s), fmt(bot), fmt(px), fmt(bot + r * 0.45 * s), fmt(px - r * s), fmt(bot), c2))
            g.append('<path d="M%s %s L%s %s Q%s %s %s %s Z" fill="%s"/>' % (
                fmt(px), fmt(top), fmt(px), fmt(bot + r * 0.22 * s), fmt(px - r * 0.5 * s), fmt(bot + r * 0.2 * s), fmt(px - r * s), fmt(bot), c1))
        q = r * 0.5
        self.add((x - q, y - q, x + q, y + q), '<g>%s</g>' % ''.join(g))

    def plant(self, x, y, z=0, pot=14, col='#86d0a0'):
        """white cube planter with a round shrub (as in the hero)"""
        svg = self.box_svg(x - pot / 2, y - pot / 2, pot, pot, 8, z, '#f7f9fc', '#e3e8f0', '#cfd7e3')
        px, py = self.p(x, y, z + 8)
        svg += '<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(px), fmt(py - 6), fmt(9 * self.P.s), col)
        svg += '<path d="M%s %s a9 9 0 0 1 0 18 a5 9 0 0 1 0 -18z" fill="#b5e6c7" transform="translate(0 0)"/>' % (fmt(px), fmt(py - 15))
        self.add((x - pot / 2, y - pot / 2, x + pot / 2, y + pot / 2), svg)

    # ---------- overlays ----------
    def halo(self, x, y, R=60, z=1, color=BLUE, layer='routes', rings=True):
        px, py = self.p(x, y, z)
        rx, ry = R * C * math.sqrt(2) * self.P.s, R * S * math.sqrt(2) * self.P.s
        g = ['<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" fill-opacity="0.13" stroke="%s" stroke-opacity="0.45" stroke-width="2"/>' % (
            fmt(px), fmt(py), fmt(rx), fmt(ry), color, color)]
        if rings:
            g.append('<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" fill-opacity="0.12" stroke="%s" stroke-opacity="0.35" stroke-width="1.5"/>' % (
                fmt(px), fmt(py), fmt(rx * 0.55), fmt(ry * 0.55), color, color))
        getattr(self, layer).append(''.join(g))

    def you_dot(self, x, y, z=0, R=70, r=15, lift=6, layer='top', halo=True, color=BLUE):
        if halo:
            self.halo(x, y, R, 1, color=color, layer='routes' if layer == 'top' else layer)
        px, py = self.p(x, y, z)
        g = ['<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="#17305e" opacity="0.22" filter="url(#blurS)"/>' % (fmt(px), fmt(py + 2), fmt(r * 1.1), fmt(r * 0.5))]
        cy = py - lift
        g.append('<circle cx="%s" cy="%s" r="%s" fill="#ffffff"/>' % (fmt(px), fmt(cy), fmt(r + 5)))
        g.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(px), fmt(cy), fmt(r), 'url(#dotG)' if color == BLUE else color))
        g.append('<circle cx="%s" cy="%s" r="%s" fill="#ffffff" opacity="0.55"/>' % (fmt(px - r * 0.3), fmt(cy - r * 0.3), fmt(r * 0.28)))
        getattr(self, layer).append(''.join(g))

    def pin(self, x, y, z=0, r=24, color='url(#pinG)', inner='#ffffff', layer='top', ring=True, icon=None, ringc=RED):
        px, py = self.p(x, y, z)
        g = []
        if ring:
            g.append('<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" fill-opacity="0.16" stroke="%s" stroke-opacity="0.5" stroke-width="1.5"/>' % (
                fmt(px), fmt(py), fmt(r * 1.2), fmt(r * 0.6), ringc, ringc))
        g.append('<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="#3a2020" opacity="0.25"/>' % (fmt(px), fmt(py), fmt(r * 0.32), fmt(r * 0.16)))
        d = 'M0 0 C%s %s %s %s %s %s A%s %s 0 1 1 %s %s C%s %s %s %s 0 0Z' % (
            fmt(-r * 0.3), fmt(-r * 0.8), fmt(-r), fmt(-r * 1.15), fmt(-r), fmt(-r * 1.95), fmt(r), fmt(r), fmt(r), fmt(-r * 1.95),
            fmt(r), fmt(-r * 1.15), fmt(r * 0.3), fmt(-r * 0.8))
        g.append('<path d="%s" fill="%s" transform="translate(%s %s)" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1"/>' % (d, color, fmt(px), fmt(py)))
        if icon is None:
            g.append('<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(px), fmt(py - r * 1.95), fmt(r * 0.42), inner))
        else:
            g.append('<g transform="translate(%s %s) scale(%s)">%s</g>' % (fmt(px), fmt(py - r * 1.95), fmt(r / 24.0), icon))
        getattr(self, layer).append(''.join(g))

    def route(self, wpts, z=1.0, color=BLUE, width=11, chevrons=True, dashed=False, glow=True, layer='routes', end_arrow=False):
        sp = [self.p(x, y, z) for x, y in wpts]
        g = []
        if glow:
            g.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round" opacity="0.28" filter="url(#glow)"/>' % (
                pts(sp), color, width * 2.4))
        if dashed:
            g.append('<polyline points="%s" fill="none" stroke="#ffffff" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"/>' % (pts(sp), width + 5))
            g.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round" stroke-dasharray="%s %s"/>' % (
                pts(sp), color, width, fmt(width * 1.6), fmt(width * 1.3)))
        else:
            g.append('<polyline points="%s" fill="none" stroke="#ffffff" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round" opacity="0.9"/>' % (pts(sp), width + 5))
            g.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round" stroke-linecap="round"/>' % (pts(sp), color, width))
        if chevrons and not dashed:
            step = 38
            segs = []
            total = 0
            for (ax, ay), (bx, by) in zip(sp, sp[1:]):
                L = math.hypot(bx - ax, by - ay)
                segs.append((ax, ay, bx, by, L, total))
                total += L
            n = int((total - 20) // step)
            off = (total - (n - 1) * step) / 2 if n > 0 else total / 2
            for i in range(max(n, 1)):
                d = off + i * step
                for (ax, ay, bx, by, L, s0) in segs:
                    if s0 <= d <= s0 + L and L > 0:
                        t = (d - s0) / L
                        # skip chevrons too close to a sharp corner
                        if (d - s0 < 10 and s0 > 0) or (s0 + L - d < 10 and s0 + L < total - 1):
                            if L > 25:
                                break
                        cx, cy = ax + (bx - ax) * t, ay + (by - ay) * t
                        ang = math.degrees(math.atan2(by - ay, bx - ax))
                        w = width * 0.32
                        g.append('<path d="M%s %s L%s 0 L%s %s" fill="none" stroke="#ffffff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" transform="translate(%s %s) rotate(%s)"/>' % (
                            fmt(-w), fmt(-w * 1.3), fmt(w), fmt(-w), fmt(w * 1.3), fmt(cx), fmt(cy), fmt(ang)))
                        break
        if end_arrow:
            (ax, ay), (bx, by) = sp[-2], sp[-1]
            ang = math.degrees(math.atan2(by - ay, bx - ax))
            w = width
            g.append('<path d="M%s %s L%s 0 L%s %s Z" fill="%s" stroke="#ffffff" stroke-width="2" transform="translate(%s %s) rotate(%s)"/>' % (
                fmt(-w * 0.6), fmt(-w * 1.1), fmt(w * 1.4), fmt(-w * 0.6), fmt(w * 1.1), color, fmt(bx), fmt(by), fmt(ang)))
        getattr(self, layer).append(''.join(g))

    def beacon(self, x, y, z=0, layer='top', color=TEAL):
        """small wall/ceiling beacon with signal arcs"""
        px, py = self.p(x, y, z)
        g = ['<rect x="%s" y="%s" width="14" height="14" rx="4" fill="#ffffff" stroke="#cfd8e6" stroke-width="1.2"/>' % (fmt(px - 7), fmt(py - 7)),
             '<circle cx="%s" cy="%s" r="2.6" fill="%s"/>' % (fmt(px), fmt(py), color)]
        for rr, op in ((13, 0.55), (20, 0.3)):
            g.append('<path d="M%s %s A%s %s 0 0 1 %s %s" fill="none" stroke="%s" stroke-width="2" stroke-linecap="round" opacity="%s"/>' % (
                fmt(px - rr * 0.7), fmt(py - rr * 0.7), rr, rr, fmt(px + rr * 0.7), fmt(py - rr * 0.7), color, op))
        getattr(self, layer).append(''.join(g))

    # ---------- output ----------
    def sorted_objs(self):
        n = len(self.objs)
        eps = 0.01
        adj = [[] for _ in range(n)]
        indeg = [0] * n
        bbs = [o[0] for o in self.objs]
        for i in range(n):
            ax0, ay0, ax1, ay1 = bbs[i]
            for j in range(n):
                if i == j:
                    continue
                bx0, by0, bx1, by1 = bbs[j]
                if (ax1 <= bx0 + eps and not (by1 <= ay0 + eps)) or (ay1 <= by0 + eps and not (bx1 <= ax0 + eps)):
                    adj[i].append(j)
                    indeg[j] += 1
        key = lambda i: (bbs[i][0] + bbs[i][1] + bbs[i][2] + bbs[i][3], i)
        h = [(key(i), i) for i in range(n) if indeg[i] == 0]
        heapq.heapify(h)
        out = []
        seen = set()
        while h:
            _, i = heapq.heappop(h)
            out.append(i)
            seen.add(i)
            for j in adj[i]:
                indeg[j] -= 1
                if indeg[j] == 0:
                    heapq.heappush(h, (key(j), j))
        if len(out) < n:
            rest = sorted([i for i in range(n) if i not in seen], key=key)
            out += rest
        return [self.objs[i][1] for i in out]

    def render(self, shadow_op=0.16):
        parts = []
        parts += self.under
        parts += self.plate
        parts += self.ground
        if self.shadows:
            parts.append('<g opacity="%s" filter="url(#blurM)">%s</g>' % (shadow_op, ''.join(self.shadows)))
        parts += self.routes
        parts += self.sorted_objs()
        parts += self.top
        return '\n'.join(parts)


def document(body, bg_extra='', defs_extra=''):
    return (f'{ROOT}\n<defs>{DEFS}{defs_extra}</defs>\n'
            f'<rect width="{W}" height="{H}" fill="url(#bg)"/>\n'
            '<ellipse cx="800" cy="520" rx="900" ry="620" fill="url(#bgglow)"/>\n'
            f'{bg_extra}\n{body}\n</svg>\n')


def center_origin(W, D, cx=800, cy=600, s=1.0):
    """origin so that the W x D plate's diamond is centred at (cx, cy)"""
    ox = cx - (W - D) * C * s / 2
    oy = cy - (W + D) * S * s / 2
    return ox, oy


def plate(w, d, cx, cy, **colours):
    """A Scene on a w x d floor slab, 24 thick, whose diamond is centred at (cx, cy); colours are
    the slab's top, left and right."""
    sc = Scene(Proj(*center_origin(w, d, cx, cy)))
    sc.slab(0, 0, w, d, t=24, **colours)
    return sc
