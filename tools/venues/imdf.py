# IMDF feature writing: deterministic ids, the projection between the local metric frame and
# WGS 84 (docs/venue-contract.md section 2.3), the property keys of each feature type (every key
# present, null where unused, contract 2.1) and the one-feature-per-line FeatureCollection files.

import hashlib
import json
import math
import os

from contract import EARTH_RADIUS_M

FEATURE_TYPES = (
    "address", "venue", "building", "footprint", "level", "unit", "opening", "amenity",
    "occupant", "anchor", "fixture", "kiosk", "relationship", "section", "geofence",
)

# Property keys of each type, in the order they are written (IMDF 1.0.0). An occupant has no
# `alt_name`: a brand's Latin name is its `name` in English ({"zh-Hans": "星巴克", "en": "Starbucks"}),
# the English every name has (`labels`).
PROPS = {
    "address": ("address", "unit", "locality", "province", "country", "postal_code",
                "postal_code_ext", "postal_code_vanity"),
    "venue": ("category", "restriction", "name", "alt_name", "hours", "phone", "website",
              "display_point", "address_id"),
    "building": ("category", "restriction", "name", "alt_name", "display_point", "address_id"),
    "footprint": ("category", "name", "building_ids"),
    "level": ("category", "restriction", "outdoor", "ordinal", "name", "short_name",
              "display_point", "address_id", "building_ids"),
    "unit": ("category", "restriction", "accessibility", "name", "alt_name", "display_point",
             "level_id"),
    "opening": ("category", "accessibility", "access_control", "door", "name", "alt_name",
                "display_point", "level_id"),
    "amenity": ("category", "accessibility", "name", "alt_name", "hours", "phone", "website",
                "unit_ids", "address_id", "correlation_id"),
    "anchor": ("address_id", "unit_id"),
    "occupant": ("name", "category", "anchor_id", "hours", "phone", "website",
                 "validity", "correlation_id"),
    "fixture": ("category", "name", "alt_name", "anchor_id", "display_point", "level_id"),
    "kiosk": ("name", "alt_name", "anchor_id", "display_point", "level_id"),
    "section": ("category", "restriction", "accessibility", "name", "alt_name", "display_point",
                "level_id", "address_id", "correlation_id", "parents"),
    "relationship": ("category", "direction", "origin", "intermediary", "destination", "hours"),
    "geofence": ("category", "restriction", "name", "alt_name", "correlation_id", "display_point",
                 "building_ids", "level_ids", "parents"),
}

MANIFEST = {
    "version": "1.0.0",
    "created": "2026-11-24T00:00:00+08:00",
    "generated_by": "Indora tools/venues",
    "language": "zh-Hans",
    "extensions": None,
}


def feature_id(venue_id, key):
    """A version-4-shaped UUID derived from a readable key, so regenerating keeps every id."""
    digest = bytearray(hashlib.sha256(f"{venue_id}/{key}".encode()).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x40
    digest[8] = (digest[8] & 0x3F) | 0x80
    h = digest.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


class Projection:
    """Local metres <-> WGS 84 around an origin, exactly as contract 2.3 writes it. Output is
    rounded to 7 decimals. x maps to longitude only and y to latitude only, and both maps are
    increasing, so equal coordinates stay equal and order is kept: rectangles that touch or do
    not overlap before rounding still do after it."""

    def __init__(self, lon0, lat0):
        self.lon0, self.lat0 = lon0, lat0
        self.kx = math.pi / 180 * EARTH_RADIUS_M * math.cos(lat0 * math.pi / 180)
        self.ky = math.pi / 180 * EARTH_RADIUS_M

    def to_lonlat(self, x, y):
        return [round(self.lon0 + x / self.kx, 7), round(self.lat0 + y / self.ky, 7)]

    def to_local(self, lon, lat):
        return ((lon - self.lon0) * self.kx, (lat - self.lat0) * self.ky)


def labels(name):
    """LABELS of a name, a pair (Chinese, English), or null for none: {"zh-Hans": "2 号电梯", "en":
    "Lift 2"}. The Chinese is what the map shows (contract 2.2); the English is the site's English
    edition's, so a name without it is refused here rather than shown in Chinese there. A code in
    Latin letters and digits ("B1-023", "L1") is its own English."""
    if name is None:
        return None
    zh, en = name
    if not (zh and en):
        raise ValueError(f"the name {name!r} needs its Chinese and its English")
    return {"zh-Hans": zh, "en": en}


def point_geometry(proj, p):
    return {"type": "Point", "coordinates": proj.to_lonlat(*p)}


def polygon_geometry(proj, poly):
    rings = []
    for ring in poly:
        coords = [proj.to_lonlat(x, y) for x, y in ring]
        rings.append(coords + [coords[0]])
    return {"type": "Polygon", "coordinates": rings}


def line_geometry(proj, seg):
    (x0, y0), (x1, y1) = seg
    return {"type": "LineString", "coordinates": [proj.to_lonlat(x0, y0), proj.to_lonlat(x1, y1)]}


def feature(fid, ftype, geometry, **props):
    unknown = set(props) - set(PROPS[ftype])
    if unknown:
        raise KeyError(f"{ftype} {fid}: unknown properties {sorted(unknown)}")
    return {
        "id": fid,
        "type": "Feature",
        "feature_type": ftype,
        "geometry": geometry,
        "properties": {k: props.get(k) for k in PROPS[ftype]},
    }


def ref(fid, ftype="unit"):
    return {"id": fid, "feature_type": ftype}


def dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def collection_text(features):
    """One feature per line, so a diff shows which features changed."""
    if not features:
        return '{"type":"FeatureCollection","features":[]}\n'
    body = ",\n".join(dumps(f) for f in features)
    return '{"type":"FeatureCollection","features":[\n' + body + "\n]}\n"


def write_venue(directory, collections, venue_toml, infrastructure=None):
    """Write manifest.json, one <feature_type>.geojson per type, venue.toml and, for a venue with
    positioning devices, infrastructure.geojson (not IMDF: the devices infrastructure.py placed)."""
    os.makedirs(directory, exist_ok=True)
    devices_path = os.path.join(directory, "infrastructure.geojson")
    if infrastructure is not None:
        with open(devices_path, "w", encoding="utf-8") as f:
            f.write(collection_text(infrastructure))
    elif os.path.exists(devices_path):
        os.remove(devices_path)
    with open(os.path.join(directory, "manifest.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(MANIFEST, ensure_ascii=False, indent=2) + "\n")
    for ftype in FEATURE_TYPES:
        with open(os.path.join(directory, f"{ftype}.geojson"), "w", encoding="utf-8") as f:
            f.write(collection_text(collections[ftype]))
    with open(os.path.join(directory, "venue.toml"), "w", encoding="utf-8") as f:
        f.write(venue_toml)
