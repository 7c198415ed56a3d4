# The flat (2D) kit of the services and pages pictures: the shared <defs> (gradients, blurs,
# shadows), the document, and the flat parts drawn over or beside the isometric scenes: background,
# cards, bars, text, map pins, the blue location dot, people, the phone frame, a QR code, charts.

import math
import random

from canvas import ROOT
from iso import f
from palette import BLUE, FONT, INK, LINE, ORANGE, RED

DEFS = '''
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#f8fafd"/><stop offset="1" stop-color="#e6ecf4"/></linearGradient>
<radialGradient id="bgGlow" cx="0.5" cy="0.42" r="0.62">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="gPuck" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#f3f6fa"/><stop offset="0.6" stop-color="#dfe6ef"/><stop offset="1" stop-color="#b9c6d7"/></linearGradient>
<linearGradient id="gTank" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#eef2f7"/><stop offset="0.55" stop-color="#d3dce8"/><stop offset="1" stop-color="#a9b8cc"/></linearGradient>
<linearGradient id="gTankB" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#d7e5fb"/><stop offset="0.55" stop-color="#a9c4ee"/><stop offset="1" stop-color="#7f9fd3"/></linearGradient>
<linearGradient id="gBlue" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#3b82f6"/><stop offset="1" stop-color="#1f6feb"/></linearGradient>
<linearGradient id="gArea" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#1f6feb" stop-opacity="0.28"/><stop offset="1" stop-color="#1f6feb" stop-opacity="0"/></linearGradient>
<linearGradient id="gAreaT" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#14b8a6" stop-opacity="0.28"/><stop offset="1" stop-color="#14b8a6" stop-opacity="0"/></linearGradient>
<radialGradient id="gHeat">
  <stop offset="0" stop-color="#ef4444" stop-opacity="0.85"/><stop offset="0.3" stop-color="#f97316" stop-opacity="0.7"/>
  <stop offset="0.55" stop-color="#facc15" stop-opacity="0.5"/><stop offset="0.8" stop-color="#34d399" stop-opacity="0.28"/>
  <stop offset="1" stop-color="#34d399" stop-opacity="0"/></radialGradient>
<radialGradient id="gHeatC">
  <stop offset="0" stop-color="#facc15" stop-opacity="0.6"/><stop offset="0.5" stop-color="#34d399" stop-opacity="0.35"/>
  <stop offset="1" stop-color="#38bdf8" stop-opacity="0"/></radialGradient>
<radialGradient id="gGlowR">
  <stop offset="0" stop-color="#ef4444" stop-opacity="0.55"/><stop offset="1" stop-color="#ef4444" stop-opacity="0"/></radialGradient>
<radialGradient id="gGlowB">
  <stop offset="0" stop-color="#1f6feb" stop-opacity="0.35"/><stop offset="1" stop-color="#1f6feb" stop-opacity="0"/></radialGradient>
<linearGradient id="gScreen" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#f7f9fd"/><stop offset="1" stop-color="#eaf0f8"/></linearGradient>
<linearGradient id="gBeam" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#1f6feb" stop-opacity="0.35"/><stop offset="1" stop-color="#1f6feb" stop-opacity="0"/></linearGradient>
<linearGradient id="gScan" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#34d399" stop-opacity="0"/><stop offset="1" stop-color="#34d399" stop-opacity="0.45"/></linearGradient>
<pattern id="hatch" width="0.5" height="0.5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
  <rect width="0.18" height="0.5" fill="#ef4444" fill-opacity="0.22"/></pattern>
<filter id="blur30" x="-40%" y="-40%" width="180%" height="180%"><feGaussianBlur stdDeviation="30"/></filter>
<filter id="blur14" x="-40%" y="-40%" width="180%" height="180%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="blur6" x="-40%" y="-40%" width="180%" height="180%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="card" x="-25%" y="-25%" width="150%" height="160%">
  <feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#1d3b6e" flood-opacity="0.15"/></filter>
<filter id="soft" x="-40%" y="-40%" width="180%" height="180%">
  <feDropShadow dx="0" dy="6" stdDeviation="6" flood-color="#1d3b6e" flood-opacity="0.22"/></filter>
'''


def background(blobs=()):
    out = ['<rect width="1600" height="1200" fill="url(#bg)"/>', '<rect width="1600" height="1200" fill="url(#bgGlow)"/>']
    for (x, y, r, c, o) in blobs:
        out.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{c}" opacity="{o}" filter="url(#blur30)"/>')
    return ''.join(out)


def card(x, y, w, h, rx=22, fill='#ffffff', extra=''):
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" rx="{f(rx)}" fill="{fill}" filter="url(#card)" {extra}/>'


def bar(x, y, w, h=12, fill=LINE, extra=''):
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" rx="{f(h / 2)}" fill="{fill}" {extra}/>'


def text(x, y, s, size=28, fill=INK, weight=600, anchor='start', extra=''):
    return (f'<text x="{f(x)}" y="{f(y)}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}" {extra}>{s}</text>')


def pin(x, y, h=96, color=RED, inner='#ffffff', icon=None, shadow=True):
    r = h * 0.36
    cy = y - h + r
    out = []
    if shadow:
        out.append(f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="{f(r * 0.75)}" ry="{f(r * 0.28)}" fill="#1e3a66" opacity="0.22" filter="url(#blur6)"/>')
        out.append(f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="{f(r * 0.9)}" ry="{f(r * 0.34)}" fill="{color}" opacity="0.18"/>')
    out.append(f'<path d="M{f(x)},{f(y)} C{f(x - r * 0.3)},{f(y - h * 0.4)} {f(x - r)},{f(cy + r * 0.62)} {f(x - r)},{f(cy)} '
               f'A{f(r)},{f(r)} 0 1 1 {f(x + r)},{f(cy)} C{f(x + r)},{f(cy + r * 0.62)} {f(x + r * 0.3)},{f(y - h * 0.4)} {f(x)},{f(y)} Z" '
               f'fill="{color}"/>')
    out.append(f'<path d="M{f(x + r * 0.15)},{f(cy - r * 0.98)} A{f(r)},{f(r)} 0 0 1 {f(x + r)},{f(cy)} '
               f'C{f(x + r)},{f(cy + r * 0.62)} {f(x + r * 0.3)},{f(y - h * 0.4)} {f(x)},{f(y)} Z" fill="#000" opacity="0.08"/>')
    if icon is None:
        out.append(f'<circle cx="{f(x)}" cy="{f(cy)}" r="{f(r * 0.42)}" fill="{inner}"/>')
    else:
        out.append(f'<circle cx="{f(x)}" cy="{f(cy)}" r="{f(r * 0.7)}" fill="{inner}"/>')
        out.append(icon(x, cy, r * 0.9))
    return ''.join(out)


def num_icon(n, color, size_k=0.9):
    def fn(x, y, r):
        return text(x, y + r * 0.36, str(n), size=int(r * size_k * 1.1), fill=color, weight=700, anchor='middle')
    return fn


def bluedot(x, y, r=15, halo=0, cone=None):
    out = []
    if halo:
        out.append(f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="{f(halo)}" ry="{f(halo * 0.577)}" fill="{BLUE}" opacity="0.12" '
                   f'stroke="{BLUE}" stroke-opacity="0.35" stroke-width="2"/>')
    if cone is not None:
        a = math.radians(cone)
        L = r * 5
        p1 = (x + L * math.cos(a - 0.45), y + L * math.sin(a - 0.45) * 0.6)
        p2 = (x + L * math.cos(a + 0.45), y + L * math.sin(a + 0.45) * 0.6)
        out.append(f'<path d="M{f(x)},{f(y)} L{f(p1[0])},{f(p1[1])} Q{f(x + L * 1.1 * math.cos(a))},{f(y + L * 1.1 * math.sin(a) * 0.6)} '
                   f'{f(p2[0])},{f(p2[1])} Z" fill="url(#gGlowB)"/>')
    out.append(f'<circle cx="{f(x)}" cy="{f(y + 3)}" r="{f(r + 5)}" fill="#1e3a66" opacity="0.2" filter="url(#blur6)"/>')
    out.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r + 5)}" fill="#ffffff"/>')
    out.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r)}" fill="url(#gBlue)"/>')
    return ''.join(out)


def legs(x, y, k, pants):
    """The two legs of a person standing at (x, y), k times the default size."""
    return [f'<rect x="{f(x - 8 * k)}" y="{f(y - 36 * k)}" width="{f(7 * k)}" height="{f(36 * k)}" rx="{f(3.5 * k)}" fill="{pants}"/>',
            f'<rect x="{f(x + 1 * k)}" y="{f(y - 36 * k)}" width="{f(7 * k)}" height="{f(36 * k)}" rx="{f(3.5 * k)}" fill="{pants}" opacity="0.85"/>']


def upper_body(x, y, k, shirt, helmet, hair, skin):
    """Torso and head of the person whose legs() stand at (x, y), with a helmet or else hair."""
    out = [f'<rect x="{f(x - 12 * k)}" y="{f(y - 68 * k)}" width="{f(24 * k)}" height="{f(38 * k)}" rx="{f(10 * k)}" fill="{shirt}"/>',
           f'<rect x="{f(x + 2 * k)}" y="{f(y - 68 * k)}" width="{f(10 * k)}" height="{f(38 * k)}" rx="{f(5 * k)}" fill="#000" opacity="0.08"/>',
           f'<circle cx="{f(x)}" cy="{f(y - 79 * k)}" r="{f(9.5 * k)}" fill="{skin}"/>']
    if helmet:
        out.append(f'<path d="M{f(x - 11 * k)},{f(y - 80 * k)} A{f(11 * k)},{f(11 * k)} 0 0 1 {f(x + 11 * k)},{f(y - 80 * k)} '
                   f'L{f(x + 14 * k)},{f(y - 79 * k)} L{f(x - 14 * k)},{f(y - 79 * k)} Z" fill="{helmet}"/>')
    else:
        out.append(f'<path d="M{f(x - 9.5 * k)},{f(y - 80 * k)} A{f(9.5 * k)},{f(9.5 * k)} 0 0 1 {f(x + 9.5 * k)},{f(y - 80 * k)} '
                   f'Q{f(x)},{f(y - 84 * k)} {f(x - 9.5 * k)},{f(y - 80 * k)} Z" fill="{hair}"/>')
    return out


def person(x, y, k=1.0, shirt=BLUE, pants='#34425e', helmet=None, hair='#2b3448', skin='#f1c6a3', phone=False):
    out = [f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="{f(17 * k)}" ry="{f(6 * k)}" fill="#1e3a66" opacity="0.2"/>',
           *legs(x, y, k, pants), *upper_body(x, y, k, shirt, helmet, hair, skin)]
    if phone:
        out.append(f'<rect x="{f(x - 4 * k)}" y="{f(y - 58 * k)}" width="{f(9 * k)}" height="{f(14 * k)}" rx="{f(2 * k)}" fill="{INK}"/>')
    return '<g>' + ''.join(out) + '</g>'


def phone(x, y, w, h, content, cid, body='#ffffff', screen='url(#gScreen)', shadow=True):
    pad = w * 0.045
    r = w * 0.15
    sx, sy, sw, sh = x + pad, y + pad, w - 2 * pad, h - 2 * pad
    out = []
    if shadow:
        out.append(f'<rect x="{f(x + 26)}" y="{f(y + 46)}" width="{f(w)}" height="{f(h)}" rx="{f(r)}" fill="#1d3b6e" '
                   f'opacity="0.2" filter="url(#blur30)"/>')
    out.append(f'<rect x="{f(x + 9)}" y="{f(y + 7)}" width="{f(w)}" height="{f(h)}" rx="{f(r)}" fill="#c4cfdf"/>')
    out.append(f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" rx="{f(r)}" fill="{body}" stroke="#dde4ee" stroke-width="2"/>')
    out.append(f'<clipPath id="{cid}"><rect x="{f(sx)}" y="{f(sy)}" width="{f(sw)}" height="{f(sh)}" rx="{f(r - pad)}"/></clipPath>')
    out.append(f'<rect x="{f(sx)}" y="{f(sy)}" width="{f(sw)}" height="{f(sh)}" rx="{f(r - pad)}" fill="{screen}"/>')
    out.append(f'<g clip-path="url(#{cid})"><g transform="translate({f(sx)} {f(sy)})">{content(sw, sh)}</g></g>')
    out.append(f'<rect x="{f(x + w / 2 - w * 0.13)}" y="{f(sy + 12)}" width="{f(w * 0.26)}" height="16" rx="8" fill="{INK}"/>')
    return '<g>' + ''.join(out) + '</g>'


def qr(x, y, size, seed=7, color=INK, n=21, round_k=1.0):
    rnd = random.Random(seed)
    m = size / n
    out = [f'<rect x="{f(x - m)}" y="{f(y - m)}" width="{f(size + 2 * m)}" height="{f(size + 2 * m)}" rx="{f(m)}" fill="#ffffff"/>']
    finder = [(0, 0), (n - 7, 0), (0, n - 7)]

    def in_finder(i, j):
        return any(fx - 1 <= i <= fx + 7 and fy - 1 <= j <= fy + 7 for fx, fy in finder)
    cells = []
    for j in range(n):
        for i in range(n):
            if not in_finder(i, j) and rnd.random() < 0.48:
                cells.append(f'M{f(x + i * m)},{f(y + j * m)}h{f(m)}v{f(m)}h{f(-m)}z')
    out.append(f'<path d="{"".join(cells)}" fill="{color}"/>')
    for fx, fy in finder:
        X, Y = x + fx * m, y + fy * m
        out.append(f'<rect x="{f(X + m / 2)}" y="{f(Y + m / 2)}" width="{f(6 * m)}" height="{f(6 * m)}" rx="{f(m * 1.2 * round_k)}" fill="none" '
                   f'stroke="{color}" stroke-width="{f(m)}"/>')
        out.append(f'<rect x="{f(X + 2 * m)}" y="{f(Y + 2 * m)}" width="{f(3 * m)}" height="{f(3 * m)}" rx="{f(m * 0.6 * round_k)}" fill="{color}"/>')
    return ''.join(out)


def line_chart(x, y, w, h, vals, color=BLUE, area='gArea', dash=None, dots=False, sw=4, vmax=None):
    vmax = vmax or max(vals) * 1.1
    n = len(vals)
    pts = [(x + w * i / (n - 1), y + h - h * v / vmax) for i, v in enumerate(vals)]
    # smooth with Catmull-Rom -> cubic Bezier
    d = f'M{f(pts[0][0])},{f(pts[0][1])}'
    for i in range(n - 1):
        p0 = pts[max(i - 1, 0)]
        p1, p2 = pts[i], pts[i + 1]
        p3 = pts[min(i + 2, n - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d += f' C{f(c1[0])},{f(c1[1])} {f(c2[0])},{f(c2[1])} {f(p2[0])},{f(p2[1])}'
    out = []
    if area:
        out.append(f'<path d="{d} L{f(x + w)},{f(y + h)} L{f(x)},{f(y + h)} Z" fill="url(#{area})"/>')
    da = f'stroke-dasharray="{dash}"' if dash else ''
    out.append(f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{sw}" stroke-linecap="round" {da}/>')
    if dots:
        for px, py in pts:
            out.append(f'<circle cx="{f(px)}" cy="{f(py)}" r="5" fill="#fff" stroke="{color}" stroke-width="3"/>')
    return ''.join(out)


def bars(x, y, w, h, vals, color=BLUE, hi=None, hicolor=ORANGE, vmax=None, gapk=0.45, light=None):
    vmax = vmax or max(vals) * 1.1
    n = len(vals)
    bw = w / n * (1 - gapk)
    out = []
    for i, v in enumerate(vals):
        bh = h * v / vmax
        bx = x + w / n * i + (w / n - bw) / 2
        c = hicolor if i == hi else color
        op = '' if (light is None or i == hi) else f'opacity="{light}"'
        out.append(f'<rect x="{f(bx)}" y="{f(y + h - bh)}" width="{f(bw)}" height="{f(bh)}" rx="{f(min(bw / 2, 6))}" fill="{c}" {op}/>')
    return ''.join(out)


def donut(cx, cy, r, sw, parts, track='#edf1f7'):
    out = [f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="none" stroke="{track}" stroke-width="{f(sw)}"/>']
    C = 2 * math.pi * r
    acc = 0
    for frac, col in parts:
        out.append(f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="none" stroke="{col}" stroke-width="{f(sw)}" '
                   f'stroke-dasharray="{f(C * frac - 4)} {f(C)}" stroke-dashoffset="{f(-C * acc)}" '
                   f'transform="rotate(-90 {f(cx)} {f(cy)})"/>')
        acc += frac
    return ''.join(out)


def svg(body, extra_defs=''):
    """The whole document: the shared <defs>, then a family's own (extra_defs), then the body."""
    return f'{ROOT}<defs>{DEFS}{extra_defs}</defs>{body}</svg>\n'
