# The business page's picture (business), with the props only it draws: people with arms
# (pointing, holding a tablet), the open box of devices, the proposal board and the beacon pucks.

from flat import background, bar, card, legs, text, upper_body
from icons import badge, icon
from iso import Iso, cylinder, f, plant, room, sort_draw
from palette import BLUE, BLUE_L, BLUE_XL, CORAL, GREEN, INK, LINE, ORANGE, TEAL, TEAL_D, TEAL_L

from .registry import SCENES


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
