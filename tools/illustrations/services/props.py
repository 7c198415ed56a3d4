# The props that service scenes of different modules share, kept here once: the on/off toggle
# (route, editors), the small isometric map of phone screens (nav, nav_h5, guidScreen) and the
# fading trail of dots behind a moving person or thing (track, fance).

from flat import bluedot, pin
from iso import f, rooms, route_path, slab
from palette import BLUE, RED


def toggle(x, y, on=True, w=64, h=36):
    col = BLUE if on else '#d5dce7'
    kx = x + w - h / 2 if on else x + h / 2
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{h / 2}" fill="{col}"/>'
            f'<circle cx="{f(kx)}" cy="{f(y + h / 2)}" r="{f(h / 2 - 4)}" fill="#fff"/>')


def mini_map(iso, route, rooms_lst, dest, dot, heading=None, h=0.5, wd=(8, 10)):
    """Small isometric map for phone screens."""
    out = [slab(iso, 0, 0, wd[0], wd[1], 0.3, grid=1.0, shadow=False)]
    out.append(route_path(iso, route, BLUE, 9, gap=34))
    out.append(rooms(iso, rooms_lst, h=h))
    dx, dy = iso.p(*dot)
    out.append(iso.ell(dot[0], dot[1], 0, 0.8, f'fill="{BLUE}" opacity="0.15"'))
    out.append(bluedot(dx, dy, 11, cone=heading))
    px, py = iso.p(*dest)
    out.append(pin(px, py, 64, RED))
    return ''.join(out)


def trail(iso, seq, col, z=0.02):
    pts = [iso.p(x, y, z) for x, y in seq]
    out = []
    n = len(pts)
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        op = 0.25 + 0.65 * (i + 1) / (n - 1)
        out.append(f'<line x1="{f(a[0])}" y1="{f(a[1])}" x2="{f(b[0])}" y2="{f(b[1])}" stroke="{col}" stroke-width="5" '
                   f'stroke-linecap="round" stroke-dasharray="1 12" opacity="{f(op)}"/>')
    for i, (x, y) in enumerate(pts[:-1]):
        out.append(f'<ellipse cx="{f(x)}" cy="{f(y)}" rx="7" ry="4" fill="{col}" opacity="{f(0.2 + 0.5 * i / n)}"/>')
    return ''.join(out)
