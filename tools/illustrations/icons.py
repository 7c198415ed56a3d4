# The stroked icons of the services and pages pictures, drawn on a 24x24 grid, and the round badge
# that shows one.

from iso import f
from palette import BLUE

ICONS = {
    'lift': '<rect x="4" y="3" width="16" height="18" rx="2"/><path d="M9 10l3-3 3 3M9 14l3 3 3-3"/>',
    'escalator': '<path d="M3 19h4l9-12h5"/><path d="M6 10V5M4 7h4" />',
    'coffee': '<path d="M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z"/><path d="M16 10h2a2.5 2.5 0 0 1 0 5h-2"/><path d="M8 3v3M12 3v3"/>',
    'bag': '<path d="M5 8h14l-1 12H6z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>',
    'food': '<path d="M7 3v7a2 2 0 0 0 2 2v9M11 3v7M9 3v5M16 21V3c2 1 3 4 3 8h-3"/>',
    'wc': '<circle cx="7" cy="5" r="2"/><path d="M7 9v11M4.5 10h5l-0.5 5h-4z"/><circle cx="17" cy="5" r="2"/><path d="M17 8l-3 8h6zM15.5 16v4M18.5 16v4"/>',
    'bell': '<path d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4z"/><path d="M10 21h4"/>',
    'bottle': '<path d="M9 9h6v10a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2z"/><path d="M8 9h8M10 9V6h4v3M11 6l0.5-3h1l0.5 3"/><path d="M9 13h3M9 16h3"/>',
    'lock': '<rect x="5" y="10" width="14" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 8 0v3"/><path d="M12 14v3"/>',
    'unlock': '<rect x="5" y="10" width="14" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 7.5-2"/><path d="M12 14v3"/>',
    'bt': '<path d="M7 7l10 10-5 5V2l5 5L7 17"/>',
    'warn': '<path d="M12 3L2 20h20z"/><path d="M12 10v4M12 17v0.5"/>',
    'search': '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/>',
    'car': '<path d="M4 14l2-6h12l2 6v4H4z"/><path d="M4 14h16"/><circle cx="8" cy="17" r="0.5"/><circle cx="16" cy="17" r="0.5"/>',
    'user': '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
    'cursor': '<path d="M5 3l14 7-6 2-2 6z"/>',
    'poly': '<path d="M5 6l12-2 3 10-9 6-7-6z"/><circle cx="5" cy="6" r="1"/><circle cx="17" cy="4" r="1"/><circle cx="20" cy="14" r="1"/>',
    'rect': '<rect x="4" y="5" width="16" height="14" rx="1"/>',
    'door': '<path d="M5 21V3h10v18M15 21h4M12 12v1"/>',
    'layers': '<path d="M12 3l9 5-9 5-9-5z"/><path d="M3 13l9 5 9-5"/>',
    'text': '<path d="M5 5h14M12 5v14"/>',
    'pin': '<path d="M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11z"/><circle cx="12" cy="10" r="2.5"/>',
    'arrow_left': '<path d="M18 20v-7a3 3 0 0 0-3-3H6"/><path d="M10 6l-4 4 4 4"/>',
    'arrow_up': '<path d="M12 20V5M6 11l6-6 6 6"/>',
    'scan': '<path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16"/>',
    'check': '<path d="M5 12l5 5 9-10"/>',
    'clock': '<circle cx="12" cy="12" r="8"/><path d="M12 8v4l3 2"/>',
    'users': '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0"/><circle cx="17" cy="9" r="2.8"/><path d="M16 14a5.5 5.5 0 0 1 6 6"/>',
    'wheel': '<circle cx="10" cy="16" r="5"/><circle cx="10" cy="4" r="1.5"/><path d="M10 7v5h5l2 5h2"/>',
    'tag': '<path d="M3 12V4h8l10 10-8 8z"/><circle cx="7.5" cy="8.5" r="1.5"/>',
    'bed': '<path d="M3 18V7M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-8v6"/><circle cx="6.5" cy="11" r="1.5"/>',
    'grid': '<rect x="4" y="4" width="7" height="7" rx="1"/><rect x="13" y="4" width="7" height="7" rx="1"/><rect x="4" y="13" width="7" height="7" rx="1"/><rect x="13" y="13" width="7" height="7" rx="1"/>',
    'stairs': '<path d="M3 20h5v-5h5v-5h5V5h3"/>',
    'plane': '<path d="M10.5 21l1.5-1.2V14l8 3v-2l-8-5V4.5a1.5 1.5 0 0 0-3 0V10l-8 5v2l8-3v5.8L10.5 21z" '
             'transform="translate(1.5 0)"/>',
    'cross': '<path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6z"/>',
    'factory': '<path d="M3 21V10l6 4v-4l6 4V4h5v17z"/><path d="M7 17h2M12 17h2"/>',
    'cloud': '<path d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4.5 4.5 0 0 1-.5 9.5z"/>',
    'code': '<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 4l-3 16"/>',
    'box': '<path d="M3 7.5l9-4.5 9 4.5v9L12 21l-9-4.5z"/><path d="M3 7.5l9 4.5 9-4.5M12 12v9"/>',
    'tablet': '<rect x="5" y="3" width="14" height="18" rx="2"/><path d="M11 18h2"/>',
}


def icon(name, x, y, size=24, color='#ffffff', sw=2.2):
    k = size / 24
    return (f'<g transform="translate({f(x - size / 2)} {f(y - size / 2)}) scale({f(k)})" fill="none" stroke="{color}" '
            f'stroke-width="{f(sw / k * k)}" stroke-linecap="round" stroke-linejoin="round">{ICONS[name]}</g>')


def badge(x, y, r, name, fill=BLUE, color='#ffffff', ring=True):
    out = []
    if ring:
        out.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r * 1.6)}" fill="{fill}" opacity="0.14"/>')
    out.append(f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r)}" fill="{fill}" filter="url(#soft)"/>')
    out.append(icon(name, x, y, r * 1.1, color, 2.2))
    return ''.join(out)
