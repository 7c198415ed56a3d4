# A venue under construction, in its local metric frame: levels, units, doors, occupants,
# amenities, kiosks and the rest as plain records named by readable keys ("L1/shop/W03"), and
# their conversion into IMDF FeatureCollections and venue.toml once the layout is done. Every name
# is a pair (Chinese, English), written as LABELS by imdf.labels; ids come from the keys, never
# from a name's English.

from geometry import interior_point, rect
from imdf import (Projection, feature, feature_id, labels, line_geometry, point_geometry,
                  polygon_geometry, ref)

# The widths (m) of the pieces walkways and roads are drawn from, by kind.
CORRIDOR_WIDTHS = {"corridor": (3.0, 6.0), "aisle": (5.5, 6.5), "atrium": (0.0, float("inf"))}


def side_segment(r, side, width, at=None):
    """A door of `width` on side N/S/E/W of rectangle r, centred on `at` (default: the middle)."""
    x0, y0, x1, y1 = r
    if side in "NS":
        y = y1 if side == "N" else y0
        c = (x0 + x1) / 2 if at is None else at
        if not (x0 <= c - width / 2 and c + width / 2 <= x1):
            raise ValueError(f"door {width} m at {c} does not fit side {side} of {r}")
        return ((c - width / 2, y), (c + width / 2, y))
    x = x1 if side == "E" else x0
    c = (y0 + y1) / 2 if at is None else at
    if not (y0 <= c - width / 2 and c + width / 2 <= y1):
        raise ValueError(f"door {width} m at {c} does not fit side {side} of {r}")
    return ((x, c - width / 2), (x, c + width / 2))


class Plan:
    def __init__(self, vid, name, category, origin, site, address, hours=None):
        self.vid, self.name, self.category, self.hours = vid, name, category, hours
        self.proj = Projection(*origin)
        self.site = site
        self.address = address
        self.levels = {}
        self.footprints = []
        self.units, self.unit_index = [], {}
        self.openings, self.amenities, self.occupants = [], [], []
        self.fixtures, self.kiosks, self.sections, self.relationships = [], [], [], []
        self.geofences = []
        self.corridors = {}   # level -> [(kind, rect)]: the pieces the walkways are drawn from
        self.toml = {}

    def fid(self, key):
        return feature_id(self.vid, key)

    # -- recording ---------------------------------------------------------------------------

    def level(self, short, ordinal, name, category, outline, point=(0.0, 0.0)):
        self.levels[short] = dict(short=short, ordinal=ordinal, name=name, category=category,
                                  outline=outline, point=point)

    def unit(self, level, slug, category, poly, name=None, alt=None, accessibility=None, point=None):
        """A unit; `alt` is another name (alt_name), a pair like `name`."""
        key = f"{level}/{slug}"
        if key in self.unit_index:
            raise KeyError(f"unit {key} drawn twice")
        if isinstance(poly, tuple):
            poly = rect(*poly)
        u = dict(key=key, level=level, category=category, poly=poly, name=name, alt=alt,
                 accessibility=accessibility, point=point or interior_point(poly))
        self.units.append(u)
        self.unit_index[key] = u
        return key

    def opening(self, level, slug, category, seg, name=None, door=None, accessibility=None):
        self.openings.append(dict(key=f"{level}/{slug}", level=level, category=category, seg=seg,
                                  name=name, door=door, accessibility=accessibility))

    def door(self, level, slug, r, side, width, category="pedestrian", at=None, **kw):
        self.opening(level, slug, category, side_segment(r, side, width, at), **kw)

    def occupant(self, unit_key, name, category, hours=None):
        """A business in a unit, anchored at the unit's display point."""
        self.occupants.append(dict(unit=unit_key, name=name, category=category, hours=hours))

    def amenity(self, level, slug, category, point, unit_key, name=None, hours=None, accessibility=None):
        self.amenities.append(dict(key=f"{level}/{slug}", category=category, point=point,
                                   unit=unit_key, name=name, hours=hours, accessibility=accessibility))

    def fixture(self, level, slug, category, r, name=None):
        self.fixtures.append(dict(key=f"{level}/{slug}", level=level, category=category, r=r, name=name))

    def kiosk(self, level, slug, name, centre, facing):
        """A guide screen 1.0 m x 0.4 m whose face is square to `facing` (a multiple of 90)."""
        if facing % 90:
            raise ValueError("kiosks face north, east, south or west")
        hx, hy = (0.5, 0.2) if facing % 180 == 0 else (0.2, 0.5)
        cx, cy = centre
        self.kiosks.append(dict(key=f"{level}/{slug}", level=level, name=name, centre=centre,
                                r=(cx - hx, cy - hy, cx + hx, cy + hy), facing=facing))

    def section(self, level, slug, category, poly, name=None):
        self.sections.append(dict(key=f"{level}/{slug}", level=level, category=category,
                                  poly=poly, name=name))

    def geofence(self, level, slug, unit_key, name, restriction=None):
        """A geofence (IMDF category "geofence") over the outline of the unit `unit_key`: the
        live demo raises alerts when tags enter, leave or stay in it."""
        poly = self.unit_index[unit_key]["poly"]
        self.geofences.append(dict(key=f"{level}/{slug}", level=level, poly=poly, name=name,
                                   restriction=restriction))

    def relationship(self, slug, category, direction, unit_keys):
        for k in unit_keys:
            if k not in self.unit_index:
                raise KeyError(f"relationship {slug}: no unit {k}")
        self.relationships.append(dict(key=slug, category=category, direction=direction, units=unit_keys))

    def corridor(self, level, kind, r):
        """A piece a walkway or road of `level` is drawn from: a corridor 3-6 m wide, a drive aisle
        5.5-6.5 m, or an atrium (an open square, any size). A piece of another width is refused
        here, so no walkway is narrower or wider than its pieces (README.md)."""
        lo, hi = CORRIDOR_WIDTHS[kind]
        width = min(r[2] - r[0], r[3] - r[1])
        if not lo - 1e-9 <= width <= hi + 1e-9:
            raise ValueError(f"{level}: {kind} {r} is {width:.2f} m wide, not {lo}-{hi} m")
        self.corridors.setdefault(level, []).append((kind, r))

    # -- output ------------------------------------------------------------------------------

    def unit_id(self, key):
        return self.fid("unit/" + self.unit_index[key]["key"])

    def level_id(self, short):
        return self.fid("level/" + short)

    def occupant_id(self, unit_key):
        return self.fid("occupant/" + unit_key)

    def opening_id(self, key):
        return self.fid("opening/" + key)

    def kiosk_id(self, key):
        return self.fid("kiosk/" + key)

    def collections(self):
        p = self.proj
        pt = lambda xy: point_geometry(p, xy)
        out = {t: [] for t in ("address", "venue", "building", "footprint", "level", "unit", "opening",
                               "amenity", "occupant", "anchor", "fixture", "kiosk", "relationship", "section",
                               "geofence")}
        address_id, venue_id, building_id = self.fid("address"), self.fid("venue"), self.fid("building")
        out["address"].append(feature(address_id, "address", None, **self.address))
        out["venue"].append(feature(
            venue_id, "venue", polygon_geometry(p, rect(*self.site)), category=self.category,
            name=labels(self.name), hours=self.hours, display_point=pt((0.0, 0.0)), address_id=address_id))
        out["building"].append(feature(
            building_id, "building", None, category="unspecified", name=labels(self.name),
            display_point=pt((0.0, 0.0)), address_id=address_id))
        for category, poly in self.footprints:
            out["footprint"].append(feature(self.fid("footprint/" + category), "footprint",
                                            polygon_geometry(p, poly), category=category,
                                            building_ids=[building_id]))
        for lv in sorted(self.levels.values(), key=lambda lv: lv["ordinal"]):
            out["level"].append(feature(
                self.level_id(lv["short"]), "level", polygon_geometry(p, lv["outline"]),
                category=lv["category"], outdoor=False, ordinal=lv["ordinal"], name=labels(lv["name"]),
                short_name=labels((lv["short"], lv["short"])),   # a code, the same in English
                display_point=pt(lv["point"]), building_ids=[building_id]))
        for u in self.units:
            out["unit"].append(feature(
                self.unit_id(u["key"]), "unit", polygon_geometry(p, u["poly"]), category=u["category"],
                accessibility=u["accessibility"], name=labels(u["name"]),
                alt_name=labels(u["alt"]), display_point=pt(u["point"]),
                level_id=self.level_id(u["level"])))
        for o in self.openings:
            out["opening"].append(feature(
                self.opening_id(o["key"]), "opening", line_geometry(p, o["seg"]), category=o["category"],
                accessibility=o["accessibility"], door=o["door"], name=labels(o["name"]),
                level_id=self.level_id(o["level"])))
        for a in self.amenities:
            out["amenity"].append(feature(
                self.fid("amenity/" + a["key"]), "amenity", pt(a["point"]), category=a["category"],
                accessibility=a["accessibility"], name=labels(a["name"]), hours=a["hours"],
                unit_ids=[self.unit_id(a["unit"])]))
        for o in self.occupants:
            u = self.unit_index[o["unit"]]
            anchor_id = self.fid("anchor/" + o["unit"])
            out["anchor"].append(feature(anchor_id, "anchor", pt(u["point"]), unit_id=self.unit_id(o["unit"])))
            out["occupant"].append(feature(
                self.occupant_id(o["unit"]), "occupant", None,
                name=labels(o["name"]), category=o["category"],
                anchor_id=anchor_id, hours=o["hours"]))
        for f in self.fixtures:
            x0, y0, x1, y1 = f["r"]
            out["fixture"].append(feature(
                self.fid("fixture/" + f["key"]), "fixture", polygon_geometry(p, rect(*f["r"])),
                category=f["category"], name=labels(f["name"]), display_point=pt(((x0 + x1) / 2, (y0 + y1) / 2)),
                level_id=self.level_id(f["level"])))
        for k in self.kiosks:
            out["kiosk"].append(feature(
                self.kiosk_id(k["key"]), "kiosk", polygon_geometry(p, rect(*k["r"])), name=labels(k["name"]),
                display_point=pt(k["centre"]), level_id=self.level_id(k["level"])))
        for r in self.relationships:
            refs = [ref(self.unit_id(k)) for k in r["units"]]
            out["relationship"].append(feature(
                self.fid("relationship/" + r["key"]), "relationship", None, category=r["category"],
                direction=r["direction"], origin=refs[0], intermediary=refs[1:-1] or None,
                destination=refs[-1]))
        for s in self.sections:
            out["section"].append(feature(
                self.fid("section/" + s["key"]), "section", polygon_geometry(p, s["poly"]),
                category=s["category"], name=labels(s["name"]), display_point=pt(interior_point(s["poly"])),
                level_id=self.level_id(s["level"])))
        for g in self.geofences:
            out["geofence"].append(feature(
                self.fid("geofence/" + g["key"]), "geofence", polygon_geometry(p, g["poly"]),
                category="geofence", restriction=g["restriction"], name=labels(g["name"]),
                display_point=pt(interior_point(g["poly"])), level_ids=[self.level_id(g["level"])]))
        return out

    def venue_toml(self, header):
        t = self.toml
        q = lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
        lines = [f"# {line}".rstrip() for line in header.strip().splitlines()]
        lines += ["", f"order = {t['order']}", f"default_level = {q(t['default_level'])}"]
        for k in self.kiosks:
            lines += ["", "[[kiosks]]", f"id = {q(self.kiosk_id(k['key']))}  # {k['name'][0]}",
                      f"facing = {k['facing']}"]
        s = t["samples"]
        lines += ["", "[samples]",
                  "queries = [" + ", ".join(q(x) for x in s["queries"]) + "]",
                  "plates = [" + ", ".join(q(x) for x in s["plates"]) + "]",
                  f"route_from = {q(s['route_from'][0])}  # {s['route_from'][1]}",
                  f"route_to = {q(s['route_to'][0])}  # {s['route_to'][1]}",
                  f"start = {q(s['start'][0])}  # {s['start'][1]}"]
        f = t["flow"]
        lines += ["", "# 客流分析的模拟访客：工作日人数、周末系数、0-23 时（北京时间）的到达权重、",
                  "# 在一处停留的中位时长（分钟）、每人去的最少和最多地点数、开车来并停在车位上的比例。",
                  "[flow]",
                  f"visitors_per_day = {f['visitors_per_day']}",
                  f"weekend_factor = {f['weekend_factor']}",
                  "arrivals = [" + ", ".join(str(a) for a in f["arrivals"]) + "]",
                  f"dwell_minutes = {f['dwell_minutes']}",
                  f"stops = [{f['stops'][0]}, {f['stops'][1]}]",
                  f"drive_share = {f['drive_share']}", ""]
        return "\n".join(lines)
