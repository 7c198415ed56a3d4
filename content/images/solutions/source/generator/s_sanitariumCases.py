from parts import *

W, D = 1040, 620
P = Proj(*center_origin(W, D, 790, 650))
sc = Scene(P)
sc.slab(0, 0, W, D, t=24, top='#f6f4f1', left='#dcdfe6', right='#c8cdd8')

T = 8
WALL = dict(col='#ffffff', left='#e6e8ee', right='#d2d7e1')


def w(x, y, ww, dd, h=36):
    wall(sc, x, y, ww, dd, h, **WALL)


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

save('sanitariumCases', document(sc.render(0.14)))
