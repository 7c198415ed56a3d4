# The solution scenes kept as code (content/images/solutions/): a care home and a kindergarten.
# The other solution pictures' SVGs in content/images/solutions/source/ were drawn once and are
# edited as files; they have no scene here.

import math

from canvas import Scenes
from palette import BLUE, RED
from scene import TEAL, WARM, C, S, document, fmt, plate, pts, shade
from scene_parts import ICON_EXCL, SOFT_WALL, blob, bubble, pavilion, qpt, quad_map, screen_panel, wall

SCENES = Scenes(document)
PNG_QUALITY = '70-95'


@SCENES.add
def s_sanitariumCases():
    """A care home floor: bedrooms and a day room behind a corridor with beacons along its ceiling,
    dining, nurse station and lounge in front, a no-go geofence at the building exit, and a
    resident whose SOS badge alerts the caregiver."""
    W, D = 1040, 620
    sc = plate(W, D, 790, 650, top='#f6f4f1', left='#dcdfe6', right='#c8cdd8')

    T = 8

    def w(x, y, ww, dd, h=36):
        wall(sc, x, y, ww, dd, h, **SOFT_WALL)

    # outer back walls
    w(0, 0, W, T, 46)
    w(0, 0, T, D, 46)

    # corridor
    CY0, CY1 = 214, 340
    sc.flat(T, CY0, W - T, CY1 - CY0, '#eaf0f8')
    sc.grid(T, CY0, W - T, CY1 - CY0, 42, stroke='#dde5f0')

    # back rooms (bedrooms) y 0..214
    rooms = [(T, 230), (246, 230), (484, 230), (722, 318)]
    room_cols = ['#f3ebe1', '#eef3ea', '#f3ebe1', '#e8f1f7']
    for i, (x, ww) in enumerate(rooms):
        sc.flat(x, T, ww - T, CY0 - T, room_cols[i])
    for (x, ww) in rooms[1:]:
        w(x - T, T, T, CY0 - T)
    for (x, ww) in rooms[:3]:
        w(x, CY0 - T, ww - 90, T)
        w(x + ww - 30, CY0 - T, 30 - T, T)
    # day room: door further left so it stays clear of the exit no-go zone
    w(rooms[3][0], CY0 - T, 120, T)
    w(rooms[3][0] + 180, CY0 - T, rooms[3][1] - 180 - T, T)

    def bed(x, y, blanket='#9cc3ef', z=0):
        sc.box(x, y, 60, 100, 14, top='#ffffff', left='#e2e6ee', right='#cdd3de')
        sc.box(x + 4, y + 34, 52, 62, 4, z=14, top=blanket, left=shade(blanket, 0.9), right=shade(blanket, 0.8), shadow=False)
        sc.box(x + 10, y + 8, 40, 20, 5, z=14, top='#f4f6fa', left='#dfe4ec', right='#cbd2dd', shadow=False)
        sc.box(x, y - 8, 60, 8, 28, top='#d9c3a8', left='#c9b094', right='#b89d80')

    # bedrooms: two beds + nightstand
    for i, (x, ww) in enumerate(rooms[:3]):
        bed(x + 24, 40, '#9cc3ef' if i != 1 else '#a7dcc9')
        bed(x + 120, 40, '#f5c3a9' if i != 1 else '#9cc3ef')
        sc.box(x + 92, 40, 20, 20, 18, top='#e8d6c0', left='#d6c0a6', right='#c4ab8f')
    # room 4: activity / day room for the elderly (calm furnishings, residents at a tea table)
    x4 = rooms[3][0]
    FONT = 'Noto Sans, DejaVu Sans, Arial, sans-serif'
    FRAME = '#8a96ad'

    def seat_figure(px, py, body, hair, s=1.0, legs='#44506a', head='#f3c9a8'):
        """seated billboard figure; (px, py) = screen point of the seat centre on the floor"""
        g = '<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px - 6 * s), fmt(py - 13 * s), fmt(5 * s), fmt(14 * s), fmt(2.5 * s), legs)
        g += '<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px + 1 * s), fmt(py - 13 * s), fmt(5 * s), fmt(14 * s), fmt(2.5 * s), shade(legs, 0.85))
        g += '<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px - 8 * s), fmt(py - 19 * s), fmt(16 * s), fmt(8 * s), fmt(4 * s), shade(legs, 0.92))
        g += '<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px - 9 * s), fmt(py - 40 * s), fmt(18 * s), fmt(25 * s), fmt(7 * s), body)
        g += '<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"/>' % (
            fmt(px + 1 * s), fmt(py - 40 * s), fmt(8 * s), fmt(25 * s), fmt(5 * s), shade(body, 0.86))
        g += '<circle cx="%s" cy="%s" r="%s" fill="%s"/>' % (fmt(px), fmt(py - 48 * s), fmt(8 * s), head)
        g += '<path d="M%s %s a%s %s 0 0 1 %s 0 z" fill="%s"/>' % (
            fmt(px - 8.2 * s), fmt(py - 49 * s), fmt(8.2 * s), fmt(8.2 * s), fmt(16.4 * s), hair)
        return g

    def seated(x, y, body, hair='#d5d9e1', chair='#c9b094', back='y'):
        """armchair with a seated resident; back='y' -> backrest on the -y side, 'x' -> on the -x side"""
        svg = sc.box_svg(x - 10, y - 10, 20, 20, 10, 0, chair, shade(chair, 0.9), shade(chair, 0.8), edge=False)
        if back == 'y':
            svg += sc.box_svg(x - 10, y - 12, 20, 5, 26, 0, shade(chair, 0.95), shade(chair, 0.85), shade(chair, 0.75), edge=False)
        else:
            svg += sc.box_svg(x - 12, y - 10, 5, 20, 26, 0, shade(chair, 0.95), shade(chair, 0.85), shade(chair, 0.75), edge=False)
        px, py = sc.p(x, y, 0)
        svg += '<ellipse cx="%s" cy="%s" rx="11" ry="5" fill="#2d3e5e" opacity="0.14"/>' % (fmt(px), fmt(py + 2))
        svg += seat_figure(px, py + 2, body, hair)
        sc.shadow_for(x - 10, y - 10, 20, 20, 16)
        sc.add((x - 12, y - 12, x + 10, y + 10), svg)

    def wheel_pts(cx, cy, cz, r, n=28):
        """circle in the y-z plane (wheel of a chair facing +y)"""
        return [sc.p(cx, cy + r * math.cos(2 * math.pi * i / n), cz + r * math.sin(2 * math.pi * i / n)) for i in range(n)]

    def wheel(cx, cy, r=11):
        c = sc.p(cx, cy, r)
        g = '<polygon points="%s" fill="none" stroke="#3d4a63" stroke-width="3.2"/>' % pts(wheel_pts(cx, cy, r, r))
        g += '<polygon points="%s" fill="none" stroke="#b8c2d3" stroke-width="1.2"/>' % pts(wheel_pts(cx, cy, r, r * 0.72))
        for k in range(4):
            a = math.pi * k / 4
            e1 = sc.p(cx, cy + r * 0.72 * math.cos(a), r + r * 0.72 * math.sin(a))
            e2 = sc.p(cx, cy - r * 0.72 * math.cos(a), r - r * 0.72 * math.sin(a))
            g += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#b8c2d3" stroke-width="1"/>' % (fmt(e1[0]), fmt(e1[1]), fmt(e2[0]), fmt(e2[1]))
        g += '<circle cx="%s" cy="%s" r="2" fill="#3d4a63"/>' % (fmt(c[0]), fmt(c[1]))
        return g

    def wheelchair(x, y, body, hair='#d5d9e1'):
        """resident in a wheelchair facing +y"""
        seat = '#5d6b86'
        svg = wheel(x - 11, y)
        # backrest + push handles
        svg += sc.box_svg(x - 9, y - 9, 18, 3, 26, 0, shade(seat, 1.1), seat, shade(seat, 0.85), edge=False)
        for hx_ in (x - 8, x + 8):
            a, b = sc.p(hx_, y - 9, 26), sc.p(hx_, y - 13, 30)
            svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#3d4a63" stroke-width="2.6" stroke-linecap="round"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]))
        svg += sc.box_svg(x - 9, y - 8, 18, 16, 3, 9, seat, shade(seat, 0.9), shade(seat, 0.8), edge=False)
        px, py = sc.p(x, y, 0)
        svg += seat_figure(px, py + 2, body, hair)
        # footrest
        svg += sc.box_svg(x - 7, y + 10, 14, 5, 2, 2, '#3d4a63', '#323d52', '#2a3446', edge=False)
        svg += wheel(x + 11, y)
        svg = '<ellipse cx="%s" cy="%s" rx="16" ry="7" fill="#2d3e5e" opacity="0.16"/>' % (fmt(px), fmt(py + 2)) + svg
        sc.add((x - 12, y - 12, x + 12, y + 14), svg)

    def walker_resident(x, y, body, hair='#d5d9e1', badge=None):
        """standing resident with a walking frame in front (frame on the +y side)"""
        sc.person(x, y, body=body, scale=1.0, hair=hair, badge=badge)
        bb, fig = sc.objs.pop()
        fr = ''
        H = 24
        for lx in (x - 11, x + 11):
            for ly in (y + 4, y + 18):
                a, b = sc.p(lx, ly, 0), sc.p(lx, ly, H)
                fr += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2.4" stroke-linecap="round"/>' % (
                    fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), FRAME)
            a, b = sc.p(lx, y + 2, H), sc.p(lx, y + 18, H)
            fr += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2.8" stroke-linecap="round"/>' % (
                fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), FRAME)
            h0 = sc.p(lx, y + 2, H)
            fr += '<circle cx="%s" cy="%s" r="2.4" fill="#3d4a63"/>' % (fmt(h0[0]), fmt(h0[1]))
        a, b = sc.p(x - 11, y + 18, H), sc.p(x + 11, y + 18, H)
        fr += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2.8" stroke-linecap="round"/>' % (
            fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), FRAME)
        # rear half of the frame behind the body, front half in front of it
        sc.add((x - 12, y - 6, x + 12, y + 19), fig + fr)

    # wall-mounted TV with a calm landscape + low cabinet
    sc.box(x4 + 150, 12, 100, 22, 14, top='#e8d6c0', left='#d6c0a6', right='#c4ab8f')

    def landscape(q):
        g = sc.poly(quad_map(q, 0.0, 1.0, 0.0, 0.4), '#9fd3b5')
        g += sc.poly(quad_map(q, 0.0, 0.55, 0.0, 0.25), '#7fc49d')
        cx, cy = qpt(q, 0.72, 0.7)
        g += '<circle cx="%s" cy="%s" r="4" fill="#ffd39a"/>' % (fmt(cx), fmt(cy))
        return g

    screen_panel(sc, x4 + 162, 10, 76, 30, z=17, along='x', frame='#6b7a96', face='#cfe6fb', content=landscape, thick=3)
    # bookshelf on the left wall
    sc.box(x4 + 6, 24, 16, 70, 44, top='#e8d6c0', left='#d6c0a6', right='#c4ab8f',
           extra=''.join(sc.poly(sc.rface(x4 + 6, 24, 16, 70, 6, 64, zz, zz + 9), c) for zz, c in
                         ((6, '#b9d3f7'), (20, '#f5c3a9'), (34, '#a7dcc9'))))
    # tea table with residents seated around it
    TX, TY = x4 + 64, 84
    sc.box(TX, TY, 70, 56, 16, top='#ffffff', left='#e3e6ec', right='#cfd4dd')
    for (cx_, cy_) in ((TX + 18, TY + 16), (TX + 50, TY + 38)):
        cp = sc.p(cx_, cy_, 16)
        sc.top.append('<ellipse cx="%s" cy="%s" rx="5" ry="3" fill="#f3ebe1" stroke="#c9b094" stroke-width="1.2"/>' % (fmt(cp[0]), fmt(cp[1] - 1)))
    seated(TX + 20, TY - 14, '#c9b9de', back='y')
    seated(TX + 52, TY - 14, '#a7b6cf', hair='#e4e7ec', back='y')
    seated(TX - 14, TY + 28, '#f5c3a9', back='x')
    # resident in a wheelchair at the table end, care-badge on
    wheelchair(TX + 98, TY + 52, '#9cc3ef')
    # resident with a walking frame heading for the day-room door
    walker_resident(x4 + 250, 118, '#a7dcc9', badge=BLUE)
    # armchair corner with a plant
    sc.box(x4 + 262, 26, 34, 30, 12, top='#b9d3f7', left='#a3c0ea', right='#8eaedf')
    sc.box(x4 + 262, 22, 34, 6, 26, top='#a3c0ea', left='#8eaedf', right='#7b9dd3')
    sc.plant(x4 + 24, 168)

    # front rooms (low cut-away walls) y 340..620
    w(T, CY1, 300, T, 18)
    w(392, CY1, 208, T, 18)
    w(700, CY1, W - 700, T, 18)
    w(360, CY1, T, D - CY1, 18)
    w(750, CY1, T, D - CY1, 18)
    w(T, D - T, W - T, T, 12)
    # right outer wall with the building exit (door to outside) at the corridor end
    EX0, EX1 = 238, 316
    w(W - T, 0, T, EX0 - 6, 12)
    w(W - T, EX1 + 6, T, D - EX1 - 6, 12)
    # dining / lounge (front-left): round-ish tables
    sc.flat(T, CY1 + T, 352, D - CY1 - 2 * T, '#f1ece4')
    for (tx, ty) in ((70, 420), (200, 420), (70, 520), (200, 520)):
        sc.box(tx, ty, 56, 56, 16, top='#ffffff', left='#e3e6ec', right='#cfd4dd')
        for (cx, cy) in ((tx - 18, ty + 18), (tx + 60, ty + 18)):
            sc.box(cx, cy, 16, 16, 10, top='#c9b094', left='#b89d80', right='#a78b6d')
    sc.person(300, 470, body='#a7b6cf', scale=0.9, hair='#d5d9e1', cane=True)
    # nurse station (front middle)
    sc.flat(368, CY1 + T, 382, D - CY1 - 2 * T, '#eef3f8')
    sc.box(430, 380, 210, 34, 26, top='#ffffff', left='#cfe0f7', right='#b6cbec')
    sc.box(606, 414, 34, 90, 26, top='#ffffff', left='#cfe0f7', right='#b6cbec')

    def mon(q):
        g = sc.poly(quad_map(q, 0.1, 0.9, 0.6, 0.9), '#ffffff', 'opacity="0.7"')
        g += '<circle cx="%s" cy="%s" r="5" fill="%s"/>' % (fmt(qpt(q, 0.5, 0.3)[0]), fmt(qpt(q, 0.5, 0.3)[1]), WARM)
        return g
    screen_panel(sc, 470, 384, 50, 34, z=26, along='x', frame='#6b7a96', face='#3b82f6', content=mon, thick=3)
    # caregiver with tablet
    sc.person(520, 440, body='#2fb3a0', scale=1.0, hair_style='bun')
    sc.person(660, 420, body='#2fb3a0', scale=1.0, phone=True, hair_style='short')
    # lounge right (sofa)
    sc.flat(758, CY1 + T, W - 758 - T, D - CY1 - 2 * T, '#f1ece4')
    sc.box(800, 420, 150, 40, 18, top='#b9d3f7', left='#a3c0ea', right='#8eaedf')
    sc.box(800, 400, 150, 20, 34, top='#a3c0ea', left='#8eaedf', right='#7b9dd3')
    sc.box(830, 500, 90, 50, 14, top='#ffffff', left='#e3e6ec', right='#cfd4dd')
    sc.tree(980, 560, r=16, c1='#8fd3ae', c2='#63bb8e')

    # handrails along corridor walls
    sc.polyline([(T + 4, CY0 + 4), (W - 8, CY0 + 4)], '#c9b094', 4, z=20, layer='routes')

    # plants
    sc.plant(40, 232)

    # ---- building exit: door frame with slid-open glass doors, EXIT sign, porch outside
    GREEN = '#22a06b'
    door = ''
    for (gy0, gy1) in ((EX0, EX0 + 20), (EX1 - 20, EX1)):          # glass leaves slid aside
        door += sc.poly([sc.p(W - T / 2, gy0, 0), sc.p(W - T / 2, gy1, 0), sc.p(W - T / 2, gy1, 52), sc.p(W - T / 2, gy0, 52)],
                        '#cfe2fb', 'opacity="0.75" stroke="#9fbfe8" stroke-width="1.5"')
    for py_ in (EX0 - 6, EX1):                                         # posts
        door += sc.box_svg(W - T, py_, T, 6, 54, 0, '#ffffff', '#e6e8ee', '#d2d7e1', edge=False)
    door += sc.box_svg(W - T, EX0 - 6, T, EX1 - EX0 + 12, 8, 54, '#ffffff', '#e6e8ee', '#d2d7e1')   # lintel
    # green EXIT sign on the lintel
    SY0, SY1 = 250, 304
    door += sc.box_svg(W - T + 2, SY0, 4, SY1 - SY0, 16, 64, shade(GREEN, 1.1), GREEN, shade(GREEN, 0.85), edge=False)
    o = sc.p(W - 2, SY1, 80)
    door += ('<g transform="matrix(%s %s 0 1 %s %s)"><text x="%s" y="12.5" text-anchor="middle" font-family="%s" font-size="11.5" '
             'font-weight="700" fill="#ffffff">EXIT</text></g>') % (fmt(C * 1.0), fmt(-S), fmt(o[0]), fmt(o[1]), fmt((SY1 - SY0) / 2.0), FONT)
    sc.add((W - T, EX0 - 6, W, EX1 + 6), door)
    # porch / step outside the door
    mat = sc.poly(sc.rect_pts(W + 4, EX0 + 4, 22, EX1 - EX0 - 8, 0), '#b9c3d3')
    # (drawn with the plate: its top is at floor level, so it never hides anything inside the building)
    sc.plate.append(sc.box_svg(W, EX0 - 14, 64, EX1 - EX0 + 28, 24, -24, '#e9e4dc', '#d9d2c6', '#c8bfb1') + mat)
    sc.plant(W + 46, EX0 - 2)
    sc.plant(W + 46, EX1 + 2)

    # ---- no-go geofence in front of the exit (red dashed boundary)
    GX, GR = 884, 34                                                   # zone reaches x = GX into the corridor, corner radius
    zone = [(W - T, CY0 + 8)]
    for (cx_, cy_, a0) in ((GX + GR, CY0 + 8 + GR, -90), (GX + GR, CY1 - 8 - GR, 180)):
        for i in range(9):
            a = math.radians(a0 - 90 * i / 8)
            zone.append((cx_ + GR * math.cos(a), cy_ + GR * math.sin(a)))
    zone.append((W - T, CY1 - 8))
    sc.flat_poly(zone, RED, z=1.0, layer='routes', extra='fill-opacity="0.10"')
    zp = [sc.p(x, y, 1.4) for x, y in zone]
    sc.routes.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="14" opacity="0.2" filter="url(#glow)"/>' % (pts(zp), RED))
    sc.routes.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="4" stroke-dasharray="14 9" stroke-linecap="round"/>' % (pts(zp), RED))
    # "no entry" sign painted on the floor inside the zone
    NX, NY, NR = GX + 52, (CY0 + CY1) / 2 - 4, 24
    circ = [(NX + NR * math.cos(2 * math.pi * i / 32), NY + NR * math.sin(2 * math.pi * i / 32)) for i in range(32)]
    sc.flat_poly(circ, RED, z=1.6, layer='routes', extra='stroke="#ffffff" stroke-width="3"')
    sc.flat_poly([(NX - 5, NY - 14), (NX + 5, NY - 14), (NX + 5, NY + 14), (NX - 5, NY + 14)], '#ffffff', z=1.8, layer='routes')

    # beacons along the corridor ceiling line
    for x in (120, 360, 600, 840):
        sc.beacon(x, CY0 + 2, z=52)

    # the elderly resident with a badge in the corridor
    ex, ey = 760, 290
    sc.halo(ex, ey, R=64, color=BLUE)
    sc.person(ex, ey, body='#a7b6cf', scale=1.05, hair='#d5d9e1', badge=BLUE, cane=True)
    # dashed alert link from resident to caregiver
    sc.route([(660, 405), (660, 296), (735, 296)], color=WARM, width=7, dashed=True, glow=False, end_arrow=True)
    ICON_SOS = ('<text x="0" y="5.5" text-anchor="middle" font-family="%s" font-size="15.5" font-weight="800" '
                'letter-spacing="0.5" fill="#ffffff">SOS</text>') % FONT
    px_, py_ = sc.p(ex, ey, 92)
    for rr, op in ((34, 0.35), (43, 0.18)):                         # alert pulse rings around the SOS badge
        sc.top.append('<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="3" opacity="%s"/>' % (
            fmt(px_), fmt(py_ - 28), rr, RED, op))
    bubble(sc, ex, ey, 92, ICON_SOS, color=RED, r=26)

    # another resident walking with a care worker
    sc.person(330, 270, body='#c9b9de', scale=1.0, hair='#d5d9e1', badge=BLUE)
    sc.person(380, 262, body='#2fb3a0', scale=1.0, hair_style='short')
    return sc.render(0.14)


@SCENES.add
def s_childAndNursingCases():
    """A kindergarten: classrooms and a nap room in an L-shaped wing and a fenced playground with
    a geofenced safe zone; one child near the gate triggers an alert, and a teacher with a tablet
    does the per-room headcount (count chips above each room)."""
    W, D = 1000, 760
    sc = plate(W, D, 800, 630, top='#eef2ef', left='#d3dde0', right='#bdcad2')

    T = 8
    KID_COLS = ['#ff9a76', '#f2b84b', '#6d8fd6', '#2fb3a0', '#f58fb0', '#8fcf6a', '#b48ee0']
    TEACHER = '#2fb3a0'
    FONT = 'Noto Sans CJK SC, Noto Sans, sans-serif'

    def w(x, y, ww, dd, h=34):
        wall(sc, x, y, ww, dd, h, **SOFT_WALL)

    # ---------------------------------------------------------------- ground
    WING = 300          # left wing (classrooms) x 0..WING
    BACK = 230          # back wing (nap room) y 0..BACK, x WING..NAPX1
    NAPX1 = 700
    LAWN = '#dcefe3'
    PAVE = '#f7f3ea'
    PAVE_EDGE = '#e6ddca'
    # lawn for the whole outdoor area
    sc.flat(WING, BACK, W - WING, D - BACK, LAWN, z=0.4)
    sc.flat(NAPX1, 0, W - NAPX1, BACK, LAWN, z=0.4)
    # paved apron along the building + path to the gate
    sc.flat(WING, BACK, W - WING, 46, PAVE_EDGE, z=0.6)
    sc.flat(WING, BACK, 46, D - BACK, PAVE_EDGE, z=0.6)
    sc.flat(WING + 3, BACK + 3, W - WING - 6, 40, PAVE, z=0.8)
    sc.flat(WING + 3, BACK + 3, 40, D - BACK - 6, PAVE, z=0.8)
    GATE0, GATE1 = 560, 636
    sc.flat(840, GATE0 - 2, W - 840, GATE1 - GATE0 + 4, PAVE_EDGE, z=0.6)
    sc.flat(840, GATE0 + 2, W - 843, GATE1 - GATE0 - 4, PAVE, z=0.8)

    # ---------------------------------------------------------------- building floors
    sc.flat(T, T, WING - T, BACK - T, '#eef3f8')                      # office / entrance hall
    sc.flat(T, BACK, WING - T, 270, '#f6efe4')                        # classroom A
    sc.flat(T, 500, WING - T, D - 500 - T, '#f3ebe1')                 # classroom B
    sc.flat(WING, T, NAPX1 - WING - T, BACK - T, '#eef1fa')           # nap room
    sc.grid(T, T, WING - T, BACK - T, 44, stroke='#e0e7f1')

    # walls: tall outer back walls, low front walls (dollhouse cut-away)
    w(0, 0, NAPX1, T, 46)
    w(0, 0, T, D, 46)
    w(T, BACK - T, 150, T, 30)                    # hall | classroom A (door gap 158..210)
    w(210, BACK - T, WING - 210, T, 30)
    w(T, 500 - T, 190, T, 30)                     # classroom A | B (door gap)
    w(250, 500 - T, WING - 250, T, 30)
    w(WING - T, T, T, 90, 30)                     # hall | nap room (door gap)
    w(WING - T, 150, T, BACK - 150, 30)
    # front walls facing the playground (low)
    w(WING - T, BACK, T, 120, 16)                 # classroom A front, door 350..420
    w(WING - T, 420, T, 500 - 420, 16)
    w(WING - T, 500, T, 110, 16)                  # classroom B front, door 610..680
    w(WING - T, 680, T, D - 680, 16)
    w(T, D - T, WING - T, T, 12)                  # classroom B outer front
    w(WING, BACK - T, 150, T, 16)                 # nap room front, door 450..520
    w(520, BACK - T, NAPX1 - 520, T, 16)
    w(NAPX1 - T, T, T, BACK - T, 16)              # nap room right end

    # ---------------------------------------------------------------- furniture helpers
    def low_table(x, y, ww=70, dd=50, top='#ffffff'):
        sc.box(x, y, ww, dd, 12, top=top, left='#e3e6ec', right='#cfd4dd')

    def stool(x, y, c):
        sc.box(x, y, 12, 12, 7, top=c, left=shade(c, 0.9), right=shade(c, 0.8))

    def kid(x, y, c, bun=False, tag=TEAL, halo=None, scale=0.62):
        if halo:
            sc.halo(x, y, R=halo[0], color=halo[1], rings=halo[2] if len(halo) > 2 else False)
        sc.person(x, y, body=c, scale=scale, badge=tag, hair_style='bun' if bun else 'short', legs='#4a5673')

    def teacher(x, y, tablet=False, bun=True, body=TEACHER):
        sc.person(x, y, body=body, scale=1.0, hair_style='bun' if bun else 'short')
        if tablet:
            bb, svg = sc.objs[-1]
            px, py = sc.p(x, y)
            tab = ('<rect x="%s" y="%s" width="19" height="14" rx="2.5" fill="#26324a" transform="rotate(-8 %s %s)"/>'
                   '<rect x="%s" y="%s" width="15" height="10" rx="1.2" fill="#7fb2ff" transform="rotate(-8 %s %s)"/>'
                   '<circle cx="%s" cy="%s" r="1.6" fill="#ffffff" transform="rotate(-8 %s %s)"/>'
                   '<circle cx="%s" cy="%s" r="1.6" fill="#ffffff" transform="rotate(-8 %s %s)"/>') % (
                fmt(px - 19), fmt(py - 39), fmt(px - 10), fmt(py - 32),
                fmt(px - 17), fmt(py - 37), fmt(px - 10), fmt(py - 32),
                fmt(px - 12), fmt(py - 33), fmt(px - 10), fmt(py - 32),
                fmt(px - 7), fmt(py - 31), fmt(px - 10), fmt(py - 32))
            sc.objs[-1] = (bb, svg[:-4] + tab + '</g>')

    ICON_CHECK = '<path d="M-7 0 L-2 5.5 L8 -6" fill="none" stroke="#ffffff" stroke-width="3.6" stroke-linecap="round" stroke-linejoin="round"/>'

    def count_chip(x, y, z, text, color=TEAL, icon=ICON_CHECK):
        """floating headcount chip: coloured icon disc + 'n/n' label, small tail pointing down"""
        px, py = sc.p(x, y, z)
        wdt, hgt = 96, 38
        top = py - hgt - 10
        g = '<ellipse cx="%s" cy="%s" rx="34" ry="7" fill="#1c2b48" opacity="0.14" filter="url(#blurS)"/>' % (fmt(px), fmt(py + 4))
        g += '<path d="M%s %s l8 11 l8 -11z" fill="#ffffff"/>' % (fmt(px - 8), fmt(py - 11))
        g += '<rect x="%s" y="%s" width="%s" height="%s" rx="19" fill="#ffffff" stroke="%s" stroke-opacity="0.35" stroke-width="2"/>' % (
            fmt(px - wdt / 2), fmt(top), wdt, hgt, color)
        g += '<circle cx="%s" cy="%s" r="13" fill="%s"/>' % (fmt(px - wdt / 2 + 20), fmt(top + hgt / 2), color)
        g += '<g transform="translate(%s %s) scale(0.62)">%s</g>' % (fmt(px - wdt / 2 + 20), fmt(top + hgt / 2), icon)
        g += ('<text x="%s" y="%s" text-anchor="middle" font-family="%s" font-size="19" font-weight="700" fill="%s">%s</text>') % (
            fmt(px + 14), fmt(top + hgt / 2 + 7), FONT, shade(color, 0.8) if color != TEAL else '#1b8f81', text)
        sc.top.append(g)

    # ---------------------------------------------------------------- office / hall (back corner)
    sc.box(40, 40, 120, 40, 22, top='#ffffff', left='#cfe0f7', right='#b6cbec')      # desk

    def mapscreen(q):
        g = sc.poly(quad_map(q, 0.1, 0.9, 0.15, 0.85), '#eaf2ff', 'opacity="0.9"')
        for (u, v, c) in ((0.3, 0.4, TEAL), (0.45, 0.6, TEAL), (0.62, 0.35, TEAL), (0.78, 0.7, RED)):
            cx, cy = qpt(q, u, v)
            g += '<circle cx="%s" cy="%s" r="3.2" fill="%s"/>' % (fmt(cx), fmt(cy), c)
        return g

    screen_panel(sc, 60, 46, 64, 40, z=22, along='x', frame='#6b7a96', face='#3b82f6', content=mapscreen, thick=3)
    for k in range(4):                                                              # children's cubbies
        c = KID_COLS[k]
        sc.box(T + 4, 110 + k * 26, 26, 24, 40, top='#ffffff', left='#e3e6ec', right='#cfd4dd',
               extra=sc.poly(sc.rface(T + 4, 110 + k * 26, 26, 24, 4, 20, 6, 34), c, 'opacity="0.85"'))
    sc.plant(240, 40)
    sc.plant(250, 190)

    # ---------------------------------------------------------------- classroom A: tables, 6 children, a teacher
    for (tx, ty) in ((80, 290), (80, 400)):
        low_table(tx, ty, 90, 50, top='#fff6e6')
    for k, (kx, ky) in enumerate(((70, 300), (100, 350), (150, 350), (70, 410), (110, 460), (160, 460))):
        stool(kx - 6, ky - 6, KID_COLS[(k + 2) % len(KID_COLS)])
    for k, (kx, ky) in enumerate(((62, 318), (112, 356), (160, 352), (62, 430), (120, 466), (168, 462))):
        kid(kx, ky, KID_COLS[k], bun=k % 2 == 1)
    teacher(232, 330, bun=False, body='#6d8fd6')

    def board(q):
        g = sc.poly(quad_map(q, 0.08, 0.92, 0.12, 0.88), '#ffffff')
        for (u, c) in ((0.2, '#ff9a76'), (0.45, '#f2b84b'), (0.7, '#6d8fd6')):
            cx, cy = qpt(q, u, 0.5)
            g += '<circle cx="%s" cy="%s" r="5" fill="%s"/>' % (fmt(cx), fmt(cy), c)
        return g

    screen_panel(sc, 50, BACK + 1, 110, 34, z=4, along='x', frame='#c9b094', face='#f4efe6', content=board, thick=3, stand=False)
    sc.box(T + 2, 300, 20, 150, 30, top='#e8d6c0', left='#d6c0a6', right='#c4ab8f')    # toy shelf
    for k in range(5):
        c = KID_COLS[k]
        sc.top.append(sc.poly(sc.rface(T + 2, 300, 20, 150, 6 + k * 29, 28 + k * 29, 8, 22), c, 'opacity="0.9"'))

    # ---------------------------------------------------------------- classroom B: story circle, 5 children, teacher with tablet
    rug = [(150 + 80 * math.cos(a), 630 + 70 * math.sin(a)) for a in [i * 2 * math.pi / 40 for i in range(40)]]
    sc.flat_poly(rug, '#cfe3f8', z=0.8)
    sc.flat_poly([(150 + 52 * math.cos(a), 630 + 44 * math.sin(a)) for a in [i * 2 * math.pi / 40 for i in range(40)]], '#e3effc', z=1)
    for k, ang in enumerate((200, 250, 300, 20, 130)):
        a = math.radians(ang)
        kid(150 + 66 * math.cos(a), 630 + 56 * math.sin(a), KID_COLS[(k + 3) % len(KID_COLS)], bun=k % 2 == 0)
    teacher(205, 600, tablet=True)
    for (bx, by, c) in ((40, 700, '#ff9a76'), (62, 700, '#6d8fd6'), (40, 722, '#f2b84b')):
        sc.box(bx, by, 20, 20, 20, top=c)

    # ---------------------------------------------------------------- nap room: small cots, 4 sleeping children
    BLANKETS = ['#f7c3a9', '#b9d3f7', '#a7dcc9', '#f9dfb0']

    def cot(x, y, blanket, sleeping):
        ex = ''
        svg = sc.box_svg(x, y, 46, 76, 9, 0, '#ffffff', '#e2e6ee', '#cdd3de')
        svg += sc.box_svg(x + 8, y + 6, 30, 16, 4, 9, '#f4f6fa', '#dfe4ec', '#cbd2dd', edge=False)
        svg += sc.box_svg(x + 3, y + 26, 40, 47, 4, 9, blanket, shade(blanket, 0.9), shade(blanket, 0.8), edge=False)
        if sleeping:
            hx_, hy_ = sc.p(x + 23, y + 15, 16)
            svg += '<circle cx="%s" cy="%s" r="7" fill="#f3c9a8"/>' % (fmt(hx_), fmt(hy_))
            svg += '<path d="M%s %s a7 7 0 0 1 13 -3 a9 9 0 0 0 -13 3z" fill="#3b4252"/>' % (fmt(hx_ - 7), fmt(hy_ - 1))
        sc.shadow_for(x, y, 46, 76, 9)
        sc.add((x, y, x + 46, y + 76), svg)

    for k in range(4):
        cot(340 + k * 86, 30, BLANKETS[k], sleeping=True)
    for k in range(2):
        sc.box(360 + k * 170, 140, 20, 20, 16, top='#e8d6c0', left='#d6c0a6', right='#c4ab8f')
    teacher(600, 172, bun=True, body='#8c9bb5')

    # ---------------------------------------------------------------- playground + geofence safe zone
    PG = (390, 310, 830, 700)        # play surface
    GF = (362, 286, 860, 726)        # geofence (safe zone)

    def rrect(x0, y0, x1, y1, r, n=6):
        out = []
        for (cx, cy, a0) in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
            for i in range(n + 1):
                a = math.radians(a0 + 90 * i / n)
                out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return out

    sc.flat_poly(rrect(*GF, 40), TEAL, z=0.9, extra='fill-opacity="0.10"')
    sc.flat_poly(rrect(*PG, 30), '#fbe3cc', z=1.1)
    sc.flat_poly(rrect(PG[0] + 14, PG[1] + 14, PG[2] - 14, PG[3] - 14, 22), '#fdebd9', z=1.2)
    # soft-surface colour patches
    sc.flat_poly(blob(520, 410, 70, 50, seed=5, n=8, jitter=0.1), '#cfe3f8', z=1.4)
    sc.flat_poly(blob(700, 600, 60, 46, seed=8, n=8, jitter=0.1), '#d5f1e3', z=1.4)
    # geofence outline (dashed, glowing)
    gpts = [sc.p(x, y, 1.6) for x, y in rrect(*GF, 40)]
    gpts.append(gpts[0])
    sc.routes.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="14" opacity="0.22" filter="url(#glow)"/>' % (pts(gpts), TEAL))
    sc.routes.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="4" stroke-dasharray="16 10" stroke-linecap="round"/>' % (pts(gpts), TEAL))

    # slide tower (playhouse) + slide ramp
    pavilion(sc, 430, 340, s=48, h=34, roof='#ff9a76', col='#ffffff')
    ramp = ''
    x0, x1, ya, yb = 478, 560, 350, 376
    ramp += sc.poly([sc.p(x0, yb, 0), sc.p(x1, yb, 0), sc.p(x1, yb, 4), sc.p(x0, yb, 34)], '#e9a23b')
    ramp += sc.poly([sc.p(x0, ya, 34), sc.p(x1, ya, 4), sc.p(x1, yb, 4), sc.p(x0, yb, 34)], '#f6c05a')
    ramp += sc.poly([sc.p(x0 + 4, ya + 5, 32), sc.p(x1 - 4, ya + 5, 6), sc.p(x1 - 4, yb - 5, 6), sc.p(x0 + 4, yb - 5, 32)], '#fbd889')
    for yr in (ya, yb):
        a, b = sc.p(x0, yr, 42), sc.p(x1, yr, 10)
        ramp += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e9a23b" stroke-width="3.2" stroke-linecap="round"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]))
    sc.shadow_for(x0, ya, x1 - x0, yb - ya, 14)
    sc.add((x0, ya, x1, yb), ramp)

    # swings
    def swings(x, y, L=130, H=64):
        svg = ''
        post = '#6d8fd6'
        for px_ in (x, x + L):
            for dy in (-14, 14):
                a, b = sc.p(px_, y + dy, 0), sc.p(px_, y, H)
                svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="4" stroke-linecap="round"/>' % (
                    fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), shade(post, 0.85 if dy > 0 else 1))
        a, b = sc.p(x, y, H), sc.p(x + L, y, H)
        svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="5" stroke-linecap="round"/>' % (
            fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), post)
        for sx, c in ((x + 36, '#ff9a76'), (x + 92, '#f2b84b')):
            for dx in (-8, 8):
                a, b = sc.p(sx + dx, y, H), sc.p(sx + dx, y, 16)
                svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#8a96ad" stroke-width="1.6"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]))
            svg += sc.box_svg(sx - 10, y - 5, 20, 10, 3, 14, c, shade(c, 0.9), shade(c, 0.8), edge=False)
        sc.shadow_for(x, y - 14, L, 28, 20)
        sc.add((x, y - 14, x + L, y + 14), svg)

    swings(640, 360)

    # sandpit with buckets
    sand = sc.poly(sc.rect_pts(438, 568, 114, 94, 7.2), '#f6e7c8')
    sc.box(430, 560, 130, 110, 7, top='#e8d6c0', left='#d6c0a6', right='#c4ab8f', shadow=False, extra=sand)
    sc.box(520, 580, 10, 10, 9, z=7, top='#6d8fd6')
    sc.box(450, 640, 10, 10, 9, z=7, top='#ff9a76')

    # climbing cubes
    for (cx, cy, cz, c) in ((690, 470, 0, '#6d8fd6'), (720, 470, 0, '#2fb3a0'), (690, 500, 0, '#f2b84b'), (720, 500, 0, '#ff9a76'), (705, 485, 28, '#f58fb0')):
        sc.box(cx, cy, 28, 28, 28, z=cz, top=c)

    # beacons on poles at the safe-zone corners
    for (bx, by) in ((GF[0] + 14, GF[1] + 14), (GF[2] - 14, GF[1] + 14), (GF[2] - 14, GF[3] - 14), (GF[0] + 14, GF[3] - 14)):
        sc.box(bx - 2, by - 2, 4, 4, 44, top='#dfe6f0', left='#c3cee0', right='#aebbd1', shadow=False)
        sc.beacon(bx, by, z=52)

    # children in the playground (tracked, inside the safe zone)
    PLAY_KIDS = ((470, 420), (540, 470), (610, 420), (600, 560), (660, 640), (760, 560), (585, 688), (780, 430))
    for k, (kx, ky) in enumerate(PLAY_KIDS):
        kid(kx, ky, KID_COLS[(k + 1) % len(KID_COLS)], bun=k % 3 == 0, halo=(24, BLUE))
    teacher(470, 540, bun=True, body=TEACHER)

    # ---------------------------------------------------------------- compound fence with gate
    def picket(ax, ay, bx, by, h=26, col='#ffffff', post='#c9d3e2', step=14):
        svg = ''
        n = max(1, int(math.hypot(bx - ax, by - ay) // step))
        for z, wdt in ((h * 0.78, 3), (h * 0.32, 3)):
            a, b = sc.p(ax, ay, z), sc.p(bx, by, z)
            svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="round"/>' % (
                fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), post, wdt)
        for i in range(n + 1):
            t = i / n
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            a, b = sc.p(x, y, 0), sc.p(x, y, h)
            svg += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="4" stroke-linecap="round"/>' % (
                fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]), col)
        e = 0.5
        sc.add((min(ax, bx) - e, min(ay, by) - e, max(ax, bx) + e, max(ay, by) + e), svg)

    FX, FY = W - 6, D - 6
    picket(NAPX1, 6, FX, 6)
    picket(FX, 6, FX, GATE0)
    picket(FX, GATE1, FX, FY)
    picket(WING, FY, FX, FY)
    # gate (closed, highlighted) with two taller posts
    gate = ''
    for gy in (GATE0, GATE1):
        gate += sc.box_svg(FX - 4, gy - 4, 8, 8, 44, 0, '#f2b84b', '#e3a53a', '#d0932c', edge=False)
    for i in range(7):
        y = GATE0 + 8 + i * (GATE1 - GATE0 - 16) / 6
        a, b = sc.p(FX, y, 4), sc.p(FX, y, 30)
        gate += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#f6c05a" stroke-width="3.5" stroke-linecap="round"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]))
    for z in (8, 28):
        a, b = sc.p(FX, GATE0, z), sc.p(FX, GATE1, z)
        gate += '<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e3a53a" stroke-width="3.5" stroke-linecap="round"/>' % (fmt(a[0]), fmt(a[1]), fmt(b[0]), fmt(b[1]))
    sc.add((FX - 4, GATE0 - 4, FX + 4, GATE1 + 4), gate)
    sc.beacon(FX, GATE0, z=54)

    # the child who left the safe zone and is heading for the gate -> alert
    CX, CY = 930, 600
    kid(CX, CY, '#f58fb0', bun=True, halo=(44, RED, True), scale=0.66)
    bubble(sc, CX, CY, 78, ICON_EXCL, color=RED, r=22)

    # ---------------------------------------------------------------- trees, garden, plants
    for (tx, ty) in ((770, 70), (900, 60), (960, 170), (880, 250), (960, 330), (960, 460), (960, 720), (860, 735), (740, 740), (340, 740)):
        sc.tree(tx, ty, r=15, c1='#9bd8b5', c2='#63bb8e')
    for k in range(2):                                                        # vegetable beds
        x = 740 + k * 70
        sc.box(x, 130, 50, 80, 8, top='#c9a582', left='#b8916b', right='#a67f5a', shadow=False)
        for r in range(3):
            for c in range(2):
                px, py = sc.p(x + 14 + c * 22, 144 + r * 26, 8)
                sc.top.append('<circle cx="%s" cy="%s" r="6" fill="#8fcf6a"/>' % (fmt(px), fmt(py - 3)))

    # ---------------------------------------------------------------- headcount chips per room
    count_chip(150, 380, 96, '6/6')
    count_chip(150, 630, 96, '5/5')
    count_chip(500, 100, 96, '4/4')
    count_chip(712, 492, 112, '8/9', color=WARM, icon=ICON_EXCL)
    return sc.render(0.14)
