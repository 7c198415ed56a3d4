# The services pictures of what location data tells: the heat map and dashboards of big data
# (bigdata) and the footfall counter at an entrance (passenger).

from flat import background, bar, bars, card, donut, line_chart, person, text
from icons import icon
from iso import Iso, f, plant, rooms, slab
from palette import BLUE, BLUE_XL, CORAL, GRAY, INK, LINE, ORANGE, RED, TEAL

from .registry import SCENES


@SCENES.add
def s_bigdata():
    out = [background([(1400, 1050, 300, '#fde8d8', .45), (180, 160, 240, '#cfe0fb', .5)])]
    iso = Iso(50)
    Wf, Df = 14, 10
    iso.center(Wf, Df, 700, 640)
    out.append(slab(iso, 0, 0, Wf, Df, 0.5, grid=1.0))
    heat = [(2.5, 5.0, 1.4, 'gHeatC'), (5.0, 5.0, 2.3, 'gHeat'), (7.4, 5.0, 1.6, 'gHeat'), (9.7, 5.0, 2.6, 'gHeat'),
            (9.7, 2.2, 1.5, 'gHeat'), (5.0, 8.4, 1.5, 'gHeatC'), (12.3, 5.0, 1.5, 'gHeatC'), (5.0, 2.0, 1.3, 'gHeatC'),
            (9.7, 8.4, 1.8, 'gHeat'), (1.4, 8.8, 1.1, 'gHeatC'), (12.6, 8.6, 1.2, 'gHeatC')]
    g = [f'<g transform="{iso.plane(0.02)}">']
    for (x, y, r, gr) in heat:
        g.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="url(#{gr})"/>')
    g.append('</g>')
    out.append(''.join(g))
    lst = [(0.3, 0.3, 3.8, 3.7, 'white'), (5.9, 0.3, 3.2, 3.7, 'white'), (10.5, 0.3, 3.2, 3.7, 'white'),
           (0.3, 5.9, 3.8, 2.3, 'white'), (5.9, 5.9, 3.2, 1.7, 'white'), (10.5, 5.9, 3.2, 1.7, 'white')]
    out.append('<g opacity="0.92">' + rooms(iso, lst, h=0.35, windows=False) + '</g>')
    # hotspot markers
    for (x, y, v) in [(9.7, 5.0, '86%'), (5.0, 5.0, '72%')]:
        hx, hy = iso.p(x, y)
        out.append(f'<circle cx="{f(hx)}" cy="{f(hy)}" r="7" fill="#fff" stroke="{RED}" stroke-width="3"/>')
        out.append(f'<line x1="{f(hx)}" y1="{f(hy - 7)}" x2="{f(hx)}" y2="{f(hy - 70)}" stroke="{RED}" stroke-width="2"/>')
        out.append(f'<rect x="{f(hx - 50)}" y="{f(hy - 116)}" width="100" height="46" rx="23" fill="#fff" filter="url(#soft)"/>')
        out.append(text(hx, hy - 84, v, 24, RED, 700, 'middle'))
    # KPI card
    out.append(card(70, 80, 360, 170, 28))
    out.append(f'<circle cx="130" cy="165" r="36" fill="{BLUE_XL}"/>')
    out.append(icon('users', 130, 165, 38, BLUE, 2.4))
    out.append(text(186, 166, '12,480', 46, INK, 700))
    out.append(text(188, 206, '+8.6%', 24, '#16a34a', 700))
    out.append(bar(280, 196, 110, 10, '#d8dfea'))
    # line chart card
    cx0, cy0, cw, ch = 1120, 90, 400, 260
    out.append(card(cx0, cy0, cw, ch, 28))
    out.append(bar(cx0 + 30, cy0 + 32, 120, 14, '#3b4a66'))
    for k in range(4):
        yy = cy0 + 80 + k * 44
        out.append(f'<line x1="{cx0 + 30}" y1="{yy}" x2="{cx0 + cw - 30}" y2="{yy}" stroke="{LINE}" stroke-width="1.5"/>')
    out.append(line_chart(cx0 + 30, cy0 + 80, cw - 60, 140, [30, 42, 38, 60, 55, 80, 72, 95], BLUE, dots=False))
    out.append(line_chart(cx0 + 30, cy0 + 80, cw - 60, 140, [20, 28, 35, 30, 45, 40, 52, 58], TEAL, area=None, vmax=104.5))
    # bar chart card
    cx0, cy0, cw, ch = 1120, 850, 400, 250
    out.append(card(cx0, cy0, cw, ch, 28))
    out.append(bar(cx0 + 30, cy0 + 32, 100, 14, '#3b4a66'))
    out.append(bars(cx0 + 30, cy0 + 70, cw - 60, 150, [40, 55, 72, 60, 88, 76, 50], BLUE, hi=4, hicolor=ORANGE, light=0.5))
    # donut card
    cx0, cy0 = 80, 880
    out.append(card(cx0, cy0, 360, 220, 28))
    out.append(donut(cx0 + 100, cy0 + 110, 58, 22, [(0.46, BLUE), (0.3, TEAL), (0.24, ORANGE)]))
    for i, c in enumerate([BLUE, TEAL, ORANGE]):
        yy = cy0 + 70 + i * 38
        out.append(f'<circle cx="{cx0 + 200}" cy="{yy + 6}" r="8" fill="{c}"/>')
        out.append(bar(cx0 + 218, yy, 100 - i * 18, 12, '#cfd8e5'))
    return ''.join(out)


@SCENES.add
def s_passenger():
    out = [background([(1350, 1050, 300, '#d5efe9', .5), (200, 150, 260, '#cfe0fb', .5)])]
    iso = Iso(58)
    Wf, Df = 11, 9
    iso.center(Wf, Df, 560, 720)
    out.append(slab(iso, 0, 0, Wf, Df, 0.45, top='#eef2f8', grid=1.0))
    # flow arrows on the floor
    g = [f'<g transform="{iso.plane(0.01)}" fill="{BLUE}">']
    for i, y in enumerate([7.6, 5.6, 3.6]):
        op = 0.12 + i * 0.07
        g.append(f'<path d="M4.6 {y} L5.5 {y - 1.1} L6.4 {y} L6.0 {y} L6.0 {y + 0.7} L5.0 {y + 0.7} L5.0 {y} Z" opacity="{op:.2f}"/>')
    g.append('</g>')
    out.append(''.join(g))
    # counting beam
    bx, by = iso.p(5.5, 1.4, 0)
    out.append(iso.ell(5.5, 1.4, 0, 0.9, f'fill="{BLUE}" opacity="0.16" stroke="{BLUE}" stroke-opacity="0.4" stroke-width="2"'))
    # facade
    wall_h = 3.4
    out.append(iso.box(0, 0, 0, 3.6, 0.35, wall_h, '#e9eef5', '#f6f8fb', '#d5dde8'))
    out.append(iso.box(7.4, 0, 0, 3.6, 0.35, wall_h, '#e9eef5', '#f6f8fb', '#d5dde8'))
    out.append(iso.poly([(3.6, 0.0, 0), (7.4, 0.0, 0), (7.4, 0.0, 2.6), (3.6, 0.0, 2.6)], '#dde7f5'))
    out.append(iso.box(3.6, 0, 2.6, 3.8, 0.35, wall_h - 2.6, '#e9eef5', '#f6f8fb', '#d5dde8'))
    for (x0, x1) in [(3.6, 4.5), (6.5, 7.4)]:
        out.append(iso.poly([(x0, 0.35, 0), (x1, 0.35, 0), (x1, 0.35, 2.6), (x0, 0.35, 2.6)], '#bcd3f3', 'opacity="0.7"'))
        out.append(iso.line([(x0, 0.35, 0), (x0, 0.35, 2.6), (x1, 0.35, 2.6), (x1, 0.35, 0)], '#9bb5dc', 2))
    for x0 in (0.4, 1.9, 7.8, 9.3):
        out.append(iso.poly([(x0, 0.35, 0.8), (x0 + 1.2, 0.35, 0.8), (x0 + 1.2, 0.35, 2.8), (x0, 0.35, 2.8)], '#cfe0f7', 'opacity="0.8"'))
    # sensor under the lintel
    out.append(iso.box(5.2, 0.35, 2.38, 0.6, 0.3, 0.2, '#3a4863', '#4b5a78', '#2d3a52'))
    s1 = iso.p(5.35, 0.65, 2.38)
    s2 = iso.p(5.65, 0.65, 2.38)
    e1 = iso.p(4.6, 1.4, 0)
    e2 = iso.p(6.4, 1.4, 0)
    out.append(f'<polygon points="{f(s1[0])},{f(s1[1])} {f(s2[0])},{f(s2[1])} {f(e2[0])},{f(e2[1])} {f(e1[0])},{f(e1[1])}" fill="url(#gBeam)"/>')
    lx, ly = iso.p(5.5, 0.65, 2.42)
    out.append(f'<circle cx="{f(lx)}" cy="{f(ly)}" r="4" fill="#60a5fa"/>')
    # people walking in
    ppl = [(5.3, 1.5, BLUE), (6.1, 3.0, TEAL), (4.7, 4.2, ORANGE), (5.9, 5.6, '#8b5cf6'), (4.9, 7.0, CORAL), (6.6, 7.8, BLUE)]
    for (x, y, c) in sorted(ppl, key=lambda t: t[0] + t[1]):
        px, py = iso.p(x, y)
        out.append(person(px, py, 1.05, shirt=c))
    for (x, y) in [(1.2, 1.2), (9.8, 1.2)]:
        out.append(plant(iso, x, y, r=0.4))
    # +1 bubble
    out.append(f'<rect x="{f(lx - 50)}" y="{f(ly - 110)}" width="100" height="50" rx="25" fill="{BLUE}" filter="url(#soft)"/>')
    out.append(text(lx, ly - 75, '+1', 28, '#fff', 700, 'middle'))
    # in/out counter
    cx0, cy0 = 80, 100
    out.append(card(cx0, cy0, 300, 150, 26))
    out.append(f'<circle cx="{cx0 + 50}" cy="{cy0 + 50}" r="20" fill="#e8f7ee"/>')
    out.append(icon('arrow_up', cx0 + 50, cy0 + 50, 22, '#16a34a', 3))
    out.append(text(cx0 + 84, cy0 + 62, '326', 34, INK, 700))
    out.append(f'<circle cx="{cx0 + 50}" cy="{cy0 + 106}" r="20" fill="#f1f4f9"/>')
    out.append(f'<g transform="rotate(180 {cx0 + 50} {cy0 + 106})">{icon("arrow_up", cx0 + 50, cy0 + 106, 22, GRAY, 3)}</g>')
    out.append(text(cx0 + 84, cy0 + 118, '118', 34, '#5b6b84', 700))
    out.append(bar(cx0 + 170, cy0 + 46, 100, 12, '#d8dfea'))
    out.append(bar(cx0 + 170, cy0 + 102, 80, 12, '#d8dfea'))
    # analytics card
    cx0, cy0, cw, ch = 1070, 120, 450, 960
    out.append(card(cx0, cy0, cw, ch, 32))
    out.append(f'<circle cx="{cx0 + 64}" cy="{cy0 + 72}" r="32" fill="{BLUE_XL}"/>')
    out.append(icon('users', cx0 + 64, cy0 + 72, 34, BLUE, 2.4))
    out.append(text(cx0 + 112, cy0 + 90, '1,286', 52, INK, 700))
    out.append(f'<rect x="{cx0 + cw - 128}" y="{cy0 + 54}" width="96" height="38" rx="19" fill="#e8f7ee"/>')
    out.append(text(cx0 + cw - 80, cy0 + 81, '+12%', 22, '#16a34a', 700, 'middle'))
    gx, gy, gw, gh = cx0 + 36, cy0 + 150, cw - 72, 250
    for k in range(5):
        yy = gy + k * gh / 4
        out.append(f'<line x1="{gx}" y1="{f(yy)}" x2="{gx + gw}" y2="{f(yy)}" stroke="{LINE}" stroke-width="1.5"/>')
    out.append(line_chart(gx, gy, gw, gh, [12, 18, 30, 52, 64, 58, 70, 88, 76, 60], GRAY, area=None, dash='8 8', sw=3, vmax=110))
    out.append(line_chart(gx, gy, gw, gh, [10, 22, 38, 60, 82, 74, 90, 102, 84, 66], BLUE, dots=True, vmax=110))
    for i, t in enumerate(['10', '12', '14', '16', '18']):
        out.append(text(gx + gw * i / 4, gy + gh + 36, t, 20, GRAY, 600, 'middle'))
    out.append(f'<line x1="{cx0 + 30}" y1="{cy0 + 470}" x2="{cx0 + cw - 30}" y2="{cy0 + 470}" stroke="{LINE}" stroke-width="2"/>')
    out.append(bars(gx, cy0 + 510, gw, 190, [30, 45, 62, 80, 95, 70, 55, 66, 48], TEAL, hi=4, hicolor=BLUE, light=0.5))
    # capacity
    yy = cy0 + 770
    out.append(bar(gx, yy, 120, 14, '#3b4a66'))
    out.append(text(gx + gw, yy + 14, '78%', 28, ORANGE, 700, 'end'))
    out.append(bar(gx, yy + 40, gw, 18, '#edf1f7'))
    out.append(bar(gx, yy + 40, gw * 0.78, 18, ORANGE))
    out.append(bar(gx, yy + 96, 200, 12, '#d8dfea'))
    out.append(bar(gx, yy + 122, 140, 12, '#d8dfea'))
    return ''.join(out)
