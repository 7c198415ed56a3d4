# The isometric kit of the services and pages pictures: how numbers are written, the projection
# (Iso), the solid props drawn in it (rooms, floor slabs, routes, cylinders, cars, plants,
# beacons) and sort_draw, which stacks parts back to front. Everything here returns SVG text;
# nothing is written to disk.

import math

from palette import BLUE

C30 = math.cos(math.radians(30))


def f(v):
    s = f"{v:.3f}" if abs(v) < 20 else f"{v:.1f}"
    s = s.rstrip('0').rstrip('.') if '.' in s else s
    return '0' if s in ('-0', '') else s


class Iso:
    """x to the lower right, y to the lower left, z up."""

    def __init__(self, scale, kz=0.9):
        self.s = scale
        self.kz = kz
        self.ox = 0.0
        self.oy = 0.0

    def center(self, w, d, cx, cy, z=0):
        x = (w - d) / 2 * C30 * self.s
        y = (w + d) / 2 * 0.5 * self.s - z * self.kz * self.s
        self.ox, self.oy = cx - x, cy - y
        return self

    def p(self, x, y, z=0):
        s = self.s
        return (self.ox + (x - y) * C30 * s, self.oy + (x + y) * 0.5 * s - z * self.kz * s)

    def pts(self, seq):
        return ' '.join('%s,%s' % (f(a), f(b)) for a, b in (self.p(*q) for q in seq))

    def poly(self, seq, fill, extra=''):
        return f'<polygon points="{self.pts(seq)}" fill="{fill}" {extra}/>'

    def line(self, seq, stroke, sw=2, extra=''):
        cap = '' if 'stroke-linecap' in extra else 'stroke-linecap="round" '
        return (f'<polyline points="{self.pts(seq)}" fill="none" stroke="{stroke}" '
                f'stroke-width="{f(sw)}" {cap}stroke-linejoin="round" {extra}/>')

    def ell(self, x, y, z, r, extra=''):
        cx, cy = self.p(x, y, z)
        return (f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(1.2247 * r * self.s)}" '
                f'ry="{f(0.7071 * r * self.s)}" {extra}/>')

    def plane(self, z=0):
        s = self.s
        return 'matrix(%s %s %s %s %s %s)' % (f(C30 * s), f(0.5 * s), f(-C30 * s), f(0.5 * s),
                                              f(self.ox), f(self.oy - z * self.kz * s))

    def face_y(self, x, y, z):
        """Local frame on a vertical face y=const: u along +x, v downwards."""
        px, py = self.p(x, y, z)
        s = self.s
        return 'matrix(%s %s 0 %s %s %s)' % (f(C30 * s), f(0.5 * s), f(self.kz * s), f(px), f(py))

    def face_x(self, x, y, z):
        """Local frame on a vertical face x=const: u along +y, v downwards."""
        px, py = self.p(x, y, z)
        s = self.s
        return 'matrix(%s %s 0 %s %s %s)' % (f(-C30 * s), f(0.5 * s), f(self.kz * s), f(px), f(py))

    def box(self, x, y, z, w, d, h, top, left, right, extra='', stroke=None):
        st = f'stroke="{stroke}" stroke-width="1" stroke-linejoin="round"' if stroke else ''
        return ('<g %s>' % extra
                + self.poly([(x, y + d, z), (x + w, y + d, z), (x + w, y + d, z + h), (x, y + d, z + h)], left, st)
                + self.poly([(x + w, y, z), (x + w, y + d, z), (x + w, y + d, z + h), (x + w, y, z + h)], right, st)
                + self.poly([(x, y, z + h), (x + w, y, z + h), (x + w, y + d, z + h), (x, y + d, z + h)], top, st)
                + '</g>')


TONES = {
    'blue': dict(top='#c6d8f3', inset='#d5e3f8', edge='#eef4fd', left='#e3ebf8', right='#b6c8e6', win='#a3bfe9'),
    'white': dict(top='#e3eaf4', inset='#f1f5fa', edge='#ffffff', left='#eef2f8', right='#cad5e5', win='#c3d3ea'),
    'warm': dict(top='#f9cdc1', inset='#fddfd6', edge='#fff4f0', left='#fde8e2', right='#eeae9f', win='#efa291'),
    'teal': dict(top='#bde6df', inset='#d2efea', edge='#f0fbf9', left='#e2f5f1', right='#98d3c8', win='#82c9bc'),
    'pink': dict(top='#f8cfe3', inset='#fce0ee', edge='#fff4fa', left='#fde9f3', right='#eaa9c9', win='#e597bd'),
    'navy': dict(top='#5a76a8', inset='#6985b6', edge='#8aa3cc', left='#6c87b5', right='#3e5a8b', win='#2f4a78'),
    'steel': dict(top='#d3dbe6', inset='#dfe5ee', edge='#eef2f7', left='#e3e8ef', right='#b3bfce', win='#9fb0c6'),
    'amber': dict(top='#fbe2a8', inset='#fdebc2', edge='#fff8e6', left='#fdf0d2', right='#eec674', win='#e8b654'),
}


def room(iso, x, y, w, d, h, tone='blue', z=0, windows=True, extra=''):
    t = TONES[tone]
    out = [iso.box(x, y, z, w, d, h, t['top'], t['left'], t['right'])]
    if windows and h >= 0.3:
        z1, z2 = z + h * 0.28, z + h * 0.64
        m = 0.25
        if w > 2 * m + 0.2:
            out.append(iso.poly([(x + m, y + d, z1), (x + w - m, y + d, z1), (x + w - m, y + d, z2), (x + m, y + d, z2)],
                                t['win'], 'opacity="0.55"'))
        if d > 2 * m + 0.2:
            out.append(iso.poly([(x + w, y + m, z1), (x + w, y + d - m, z1), (x + w, y + d - m, z2), (x + w, y + m, z2)],
                                t['win'], 'opacity="0.45"'))
    m = min(0.2, w * 0.12, d * 0.12)
    out.append(iso.poly([(x + m, y + m, z + h), (x + w - m, y + m, z + h), (x + w - m, y + d - m, z + h),
                         (x + m, y + d - m, z + h)], t['inset'], f'stroke="{t["edge"]}" stroke-width="2"'))
    out.append(iso.line([(x, y + d, z + h), (x + w, y + d, z + h), (x + w, y, z + h)], '#ffffff', 1.5,
                        'opacity="0.7"'))
    return f'<g {extra}>' + ''.join(out) + '</g>'


def rooms(iso, lst, h=0.7, z=0, windows=True):
    """lst: (x, y, w, d, tone[, h]) -- drawn back to front."""
    items = sorted(lst, key=lambda r: (r[0] + r[2] / 2) + (r[1] + r[3] / 2))
    return ''.join(room(iso, r[0], r[1], r[2], r[3], r[5] if len(r) > 5 else h, r[4], z, windows) for r in items)


def sort_draw(parts):
    """parts: (depth, svg) pairs, drawn back to front: the smallest depth (mostly x + y) first."""
    return ''.join(p for _, p in sorted(parts, key=lambda t: t[0]))


def slab(iso, x, y, w, d, th=0.45, z=0, top='#eef2f8', left='#d6dfeb', right='#bccadc', grid=1.0,
         gridcol='#dfe6f0', shadow=True, edge='#ffffff'):
    out = []
    if shadow:
        out.append(iso.poly([(x, y, z - th), (x + w, y, z - th), (x + w, y + d, z - th), (x, y + d, z - th)],
                            '#27467a', f'opacity="0.16" filter="url(#blur30)" transform="translate(0 {f(iso.s * 0.55)})"'))
    out.append(iso.box(x, y, z - th, w, d, th, top, left, right))
    if grid:
        g = [f'<g transform="{iso.plane(z)}" stroke="{gridcol}" stroke-width="1" vector-effect="non-scaling-stroke">']
        k = x + grid
        while k < x + w - 0.01:
            g.append(f'<line x1="{f(k)}" y1="{f(y)}" x2="{f(k)}" y2="{f(y + d)}" vector-effect="non-scaling-stroke"/>')
            k += grid
        k = y + grid
        while k < y + d - 0.01:
            g.append(f'<line x1="{f(x)}" y1="{f(k)}" x2="{f(x + w)}" y2="{f(k)}" vector-effect="non-scaling-stroke"/>')
            k += grid
        g.append('</g>')
        out.append(''.join(g))
    out.append(iso.line([(x, y + d, z), (x + w, y + d, z), (x + w, y, z)], edge, 2, 'opacity="0.9"'))
    return ''.join(out)


def route_path(iso, seq, color=BLUE, width=12, chevrons=True, glow=True, z=0.02, dash=None, gap=46):
    pts = [iso.p(*(q if len(q) == 3 else (q[0], q[1], z))) for q in seq]
    ps = ' '.join('%s,%s' % (f(a), f(b)) for a, b in pts)
    out = []
    if glow:
        out.append(f'<polyline points="{ps}" fill="none" stroke="{color}" stroke-width="{f(width * 2.6)}" '
                   f'stroke-linecap="round" stroke-linejoin="round" opacity="0.16" filter="url(#blur6)"/>')
    da = f'stroke-dasharray="{dash}"' if dash else ''
    out.append(f'<polyline points="{ps}" fill="none" stroke="{color}" stroke-width="{f(width)}" '
               f'stroke-linecap="round" stroke-linejoin="round" {da}/>')
    if chevrons:
        acc = gap * 0.6
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            L = math.hypot(x2 - x1, y2 - y1)
            if L < 1:
                continue
            ang = math.degrees(math.atan2(y2 - y1, x2 - x1))
            t = acc
            while t < L - 8:
                cx, cy = x1 + (x2 - x1) * t / L, y1 + (y2 - y1) * t / L
                k = width / 12
                out.append(f'<polyline points="{f(-4 * k)},{f(-5 * k)} {f(2 * k)},0 {f(-4 * k)},{f(5 * k)}" fill="none" '
                           f'stroke="#fff" stroke-width="{f(2.6 * k)}" stroke-linecap="round" stroke-linejoin="round" '
                           f'transform="translate({f(cx)} {f(cy)}) rotate({f(ang)})"/>')
                t += gap
            acc = t - L
    return ''.join(out)


def cylinder(iso, x, y, z, r, h, grad, top, extra=''):
    cx, cyb = iso.p(x, y, z)
    _, cyt = iso.p(x, y, z + h)
    rx, ry = 1.2247 * r * iso.s, 0.7071 * r * iso.s
    return (f'<g {extra}><path d="M{f(cx - rx)},{f(cyt)} L{f(cx - rx)},{f(cyb)} A{f(rx)},{f(ry)} 0 0 0 {f(cx + rx)},{f(cyb)} '
            f'L{f(cx + rx)},{f(cyt)} Z" fill="url(#{grad})"/>'
            f'<ellipse cx="{f(cx)}" cy="{f(cyt)}" rx="{f(rx)}" ry="{f(ry)}" fill="{top}"/></g>')


def car(iso, x, y, along='x', body='#f4f7fb', dark=False, z=0, k=1.0, tone=None):
    """Small flat car (like the home hero): body + cabin.  k scales it."""
    if dark:
        c = dict(top='#51678f', left='#6a80a6', right='#3c5078', ct='#3a4d72', cl='#5b6f95', cr='#2e3f61',
                 glass='#24324f')
    elif tone == 'blue':
        c = dict(top='#5b8ff0', left='#7aa5f3', right='#2f66d0', ct='#8ab2f6', cl='#a9c6f8', cr='#3f76dc',
                 glass='#1c3566')
    else:
        c = dict(top=body, left='#e7ecf3', right='#c3cedd', ct='#ffffff', cl='#e2e8f1', cr='#bcc8d8',
                 glass='#3e5579')

    def P(a, b, h):  # local (along, across, up) -> world
        return (x + a * k, y + b * k, z + h * k) if along == 'x' else (x + b * k, y + a * k, z + h * k)

    def B(a, b, h, la, lb, lh, top, left, right):
        x0, y0, z0 = P(a, b, h)
        if along == 'x':
            return iso.box(x0, y0, z0, la * k, lb * k, lh * k, top, left, right)
        return iso.box(x0, y0, z0, lb * k, la * k, lh * k, top, left, right)
    L, Wd = 1.9, 0.95
    out = B(0, 0, 0.08, L, Wd, 0.34, c['top'], c['left'], c['right'])
    out += B(0.5, 0.1, 0.42, 0.95, Wd - 0.2, 0.28, c['ct'], c['cl'], c['cr'])
    # windscreen (front) and side window
    out += iso.poly([P(1.45, 0.12, 0.44), P(1.45, Wd - 0.12, 0.44), P(1.45, Wd - 0.12, 0.66), P(1.45, 0.12, 0.66)], c['glass'])
    if along == 'x':
        out += iso.poly([P(0.62, Wd - 0.1, 0.48), P(1.35, Wd - 0.1, 0.48), P(1.35, Wd - 0.1, 0.64), P(0.62, Wd - 0.1, 0.64)],
                        c['glass'], 'opacity="0.75"')
    else:
        out += iso.poly([P(0.62, Wd - 0.1, 0.48), P(1.35, Wd - 0.1, 0.48), P(1.35, Wd - 0.1, 0.64), P(0.62, Wd - 0.1, 0.64)],
                        c['glass'], 'opacity="0.75"')
    # lights
    out += iso.poly([P(1.9, 0.1, 0.22), P(1.9, 0.28, 0.22), P(1.9, 0.28, 0.32), P(1.9, 0.1, 0.32)], '#fff7d6')
    out += iso.poly([P(1.9, Wd - 0.28, 0.22), P(1.9, Wd - 0.1, 0.22), P(1.9, Wd - 0.1, 0.32), P(1.9, Wd - 0.28, 0.32)], '#fff7d6')
    sh = iso.poly([P(-0.05, -0.05, 0), P(L + 0.15, -0.05, 0), P(L + 0.15, Wd + 0.15, 0), P(-0.05, Wd + 0.15, 0)],
                  '#1e3a66', 'opacity="0.14" filter="url(#blur6)"')
    return '<g>' + sh + out + '</g>'


def plant(iso, x, y, z=0, r=0.32):
    cx, cy = iso.p(x, y, z)
    s = iso.s * r
    return (f'<g><ellipse cx="{f(cx)}" cy="{f(cy + 2)}" rx="{f(s * 0.9)}" ry="{f(s * 0.45)}" fill="#1e3a66" opacity="0.12"/>'
            f'<path d="M{f(cx - s * 0.5)},{f(cy - s * 0.6)} L{f(cx + s * 0.5)},{f(cy - s * 0.6)} L{f(cx + s * 0.38)},{f(cy)} '
            f'L{f(cx - s * 0.38)},{f(cy)} Z" fill="#e9eef5" stroke="#cfd8e5" stroke-width="1.5"/>'
            f'<circle cx="{f(cx)}" cy="{f(cy - s * 1.25)}" r="{f(s * 0.8)}" fill="#8fd0a8"/>'
            f'<circle cx="{f(cx - s * 0.25)}" cy="{f(cy - s * 1.45)}" r="{f(s * 0.42)}" fill="#b3e2c4"/></g>')


def beacon(iso, x, y, z, rings=3, color=BLUE, rstep=0.55):
    """Ceiling beacon puck with signal rings on its horizontal plane."""
    out = []
    for i in range(rings, 0, -1):
        out.append(iso.ell(x, y, z, rstep * i + 0.2,
                           f'fill="none" stroke="{color}" stroke-width="2" opacity="{f(0.55 - i * 0.13)}"'))
    out.append(iso.ell(x, y, z, rstep * 0.9, f'fill="{color}" opacity="0.10"'))
    out.append(cylinder(iso, x, y, z - 0.12, 0.26, 0.16, 'gPuck', '#ffffff'))
    cx, cy = iso.p(x, y, z + 0.04)
    out.append(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="4" fill="{color}"/>')
    out.append(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="10" fill="{color}" opacity="0.25" filter="url(#blur6)"/>')
    return ''.join(out)
