# Smoke test of the venue generator: it writes both venues into a temporary content directory
# twice and gets the same bytes, the venues have what the demo promises (shops per floor, spaces,
# lifts, escalators, stairs, screens, every name in English too, positioning devices and the
# coverage they promise), the written venues pass the venue check (the real one: check-venue, see
# generate.py), and a venue the check refuses is not written. The check's own rules have their
# cases in test-fixtures/venues/broken/ (server/venues/src/check/tests.rs).
#
#   CHECK_VENUE_BIN=target/release/check-venue python3 -m unittest discover -s tools/venues
#   python3 -m unittest discover -s tools/venues      # the check through cargo run --release

import contextlib
import io
import json
import math
import os
import re
import shutil
import tempfile
import tomllib
import unittest
from collections import Counter
from unittest import mock

import generate
from coverage import MARGIN, PROMISE, Points, hangs_in, samples, serves
from geometry import area, dist_to_boundary, point_in_poly
from imdf import FEATURE_TYPES, Projection

CONTENT = generate.REPO_CONTENT
VENUES = ("demo-mall", "demo-hospital")
TOL = 0.05   # m: coordinates are rounded to about 1 cm when written


def read_venue(directory):
    collections = {}
    for t in FEATURE_TYPES:
        with open(os.path.join(directory, f"{t}.geojson"), encoding="utf-8") as f:
            collections[t] = json.load(f)["features"]
    with open(os.path.join(directory, "venue.toml"), encoding="utf-8") as f:
        return collections, f.read()


def read_devices(directory):
    with open(os.path.join(directory, "infrastructure.geojson"), encoding="utf-8") as f:
        return json.load(f)["features"]


def tree(directory):
    out = {}
    for root, _, files in os.walk(directory):
        for name in files:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, directory)] = f.read()
    return out


def name(f):
    n = f["properties"].get("name")
    return n["zh-Hans"] if n else None


class Local:
    """One written venue in its local frame (metres from the venue's display point): levels' short
    names, and units' polygons by level."""

    def __init__(self, collections):
        venue = collections["venue"][0]
        self.proj = Projection(*venue["properties"]["display_point"]["coordinates"])
        self.short = {f["id"]: f["properties"]["short_name"]["zh-Hans"] for f in collections["level"]}
        self.units_on = {level: [] for level in self.short}
        for u in collections["unit"]:
            self.units_on[u["properties"]["level_id"]].append((u, self.poly(u)))

    def xy(self, coords):
        return self.proj.to_local(coords[0], coords[1])

    def poly(self, f):
        return [[self.xy(c) for c in ring[:-1]] for ring in f["geometry"]["coordinates"]]


def quietly(argv):
    """generate.main(argv): its exit code and what it printed on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = generate.main(argv)
    return code, err.getvalue()


class GeneratedVenues(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.first, cls.second = (os.path.join(cls.tmp.name, n) for n in ("a", "b"))
        # the first content directory has its own site files; the second takes the repository's
        os.makedirs(os.path.join(cls.first, "venues"))
        for site_file in generate.SITE_FILES:
            shutil.copyfile(os.path.join(CONTENT, "venues", site_file),
                            os.path.join(cls.first, "venues", site_file))
        for target in (cls.first, cls.second):
            code, err = quietly(["--content", target, "--quiet"])
            assert code == 0, err
        cls.mall, cls.mall_toml = read_venue(os.path.join(cls.first, "venues", "demo-mall"))
        cls.hospital, cls.hospital_toml = read_venue(os.path.join(cls.first, "venues", "demo-hospital"))
        cls.mall_devices = read_devices(os.path.join(cls.first, "venues", "demo-mall"))
        cls.hospital_devices = read_devices(os.path.join(cls.first, "venues", "demo-hospital"))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_regenerating_gives_the_same_bytes(self):
        self.assertEqual(sorted(os.listdir(os.path.join(self.second, "venues"))), sorted(VENUES))
        for vid in VENUES:
            first = tree(os.path.join(self.first, "venues", vid))
            second = tree(os.path.join(self.second, "venues", vid))
            self.assertEqual(sorted(first), sorted(second))
            # 15 IMDF feature files, manifest.json, venue.toml and infrastructure.geojson.
            self.assertEqual(len(first), 18)
            for file in first:
                self.assertEqual(first[file], second[file], (vid, file))

    def test_one_feature_per_line(self):
        with open(os.path.join(self.first, "venues", "demo-mall", "unit.geojson"), encoding="utf-8") as f:
            lines = f.read().splitlines()
        self.assertEqual(lines[0], '{"type":"FeatureCollection","features":[')
        self.assertEqual(lines[-1], "]}")
        self.assertEqual(len(lines) - 2, len(self.mall["unit"]))

    def test_the_written_venues_pass_the_check(self):
        # the real check, on the content directory as written (its own categories.toml, words.toml)
        venues = os.path.join(self.first, "venues")
        self.assertEqual(generate.run_check(generate.check_command(), venues, venues), [])

    def test_a_venue_the_check_refuses_is_not_written(self):
        with tempfile.TemporaryDirectory() as content:
            venues = os.path.join(content, "venues")
            # the hospital as committed, which a refused generation must leave as it is
            shutil.copytree(os.path.join(CONTENT, "venues", "demo-hospital"), os.path.join(venues, "demo-hospital"))
            before = tree(venues)
            # a categories.toml without the entry of 眼科's category (no words.toml: the repository's)
            with open(os.path.join(CONTENT, "venues", "categories.toml"), encoding="utf-8") as f:
                text = f.read()
            entry = '[categories.opthamalogy]\nlabel = "眼科"\nsynonyms = ["眼睛", "视力", "眼科门诊"]\n\n'
            self.assertIn(entry, text)
            with open(os.path.join(venues, "categories.toml"), "w", encoding="utf-8") as f:
                f.write(text.replace(entry, ""))
            code, err = quietly(["--content", content, "--quiet"])
            self.assertEqual(code, 1, err)
            self.assertIn("nothing was written", err)
            self.assertRegex(err, rf"{re.escape(venues)}/demo-hospital/occupant\.geojson: 要素 [0-9a-f-]+ "
                                  r"properties\.category: \"opthamalogy\" 在 .*categories\.toml 里没有条目.*（规则：")
            self.assertEqual(sorted(os.listdir(venues)), ["categories.toml", "demo-hospital"])
            os.remove(os.path.join(venues, "categories.toml"))
            self.assertEqual(tree(venues), before)

    def test_a_check_that_cannot_run_is_a_clear_error(self):
        with tempfile.TemporaryDirectory() as content:
            missing = os.path.join(content, "no-check-venue")
            with mock.patch.dict(os.environ, {generate.CHECK_ENV: missing}):
                code, err = quietly(["--content", content, "--quiet"])
            self.assertEqual(code, 2)
            self.assertIn(f"the venue check cannot run: {generate.CHECK_ENV} is {missing!r}", err)
            self.assertNotIn("Traceback", err)
            self.assertEqual(os.listdir(content), [])

    def test_the_mall_has_what_the_demo_promises(self):
        short = Local(self.mall).short
        level = lambda f: short[f["properties"]["level_id"]]
        unit_level = {u["id"]: level(u) for u in self.mall["unit"]}
        anchor_level = {a["id"]: unit_level[a["properties"]["unit_id"]] for a in self.mall["anchor"]}
        per_floor = Counter(anchor_level[o["properties"]["anchor_id"]] for o in self.mall["occupant"])
        self.assertGreaterEqual(sum(per_floor.values()), 250)
        for floor in ("L1", "L2", "L3", "L4", "L5"):
            self.assertGreaterEqual(per_floor[floor], 45, floor)
        starbucks = [o for o in self.mall["occupant"] if o["properties"]["name"]["zh-Hans"] == "星巴克"]
        self.assertEqual(len(starbucks), 1)
        self.assertEqual(starbucks[0]["properties"]["name"], {"zh-Hans": "星巴克", "en": "Starbucks"})
        self.assertEqual(anchor_level[starbucks[0]["properties"]["anchor_id"]], "L1")

        spaces = Counter(level(u) for u in self.mall["unit"] if u["properties"]["category"] == "parking")
        self.assertGreaterEqual(spaces["B1"] + spaces["B2"], 600)
        rel = Counter(r["properties"]["category"] for r in self.mall["relationship"])
        self.assertGreaterEqual(rel["elevator"], 4)
        self.assertGreaterEqual(rel["stairs"], 4)
        self.assertEqual(rel["escalator"], 10)
        self.assertEqual(rel["ramp"], 1)
        for r in self.mall["relationship"]:
            if r["properties"]["category"] == "elevator":
                self.assertEqual(len(r["properties"]["intermediary"]) + 2, 7)
        self.assertGreaterEqual(len(self.mall["kiosk"]), 3)
        entrances = {o["properties"]["name"]["zh-Hans"] for o in self.mall["opening"]
                     if o["properties"]["category"] == "pedestrian.principal"}
        self.assertEqual(entrances, {"北门", "南门", "东门", "西门"})
        named = Counter((level(u), name(u)) for u in self.mall["unit"])
        for floor in ("B1", "L1", "L3", "L4"):
            self.assertGreaterEqual(named[(floor, "母婴室")], 1, floor)
        for floor in ("B2", "B1", "L1", "L2", "L3", "L4", "L5"):
            for label in ("女卫生间", "男卫生间", "无障碍卫生间"):
                self.assertGreaterEqual(named[(floor, label)], 1, (floor, label))
        info = [a for a in self.mall["amenity"] if a["properties"]["category"] == "information"]
        self.assertEqual([a["properties"]["name"]["zh-Hans"] for a in info], ["服务台"])

    def test_the_hospital_has_what_the_demo_promises(self):
        names = {o["properties"]["name"]["zh-Hans"] for o in self.hospital["occupant"]}
        for occupant in ("西药房", "中药房", "检验科", "抽血处", "放射科", "挂号收费处", "急诊科", "儿科", "眼科",
                         "口腔科", "收费处"):
            self.assertIn(occupant, names)
        rel = Counter(r["properties"]["category"] for r in self.hospital["relationship"])
        self.assertGreaterEqual(rel["elevator"], 3)
        self.assertGreaterEqual(rel["stairs"], 2)
        self.assertGreaterEqual(len(self.hospital["kiosk"]), 1)
        units = Counter(u["properties"]["category"] for u in self.hospital["unit"])
        self.assertGreaterEqual(units["waitingroom"], 4)
        self.assertGreaterEqual(units["mothersroom"], 1)

    def test_every_name_has_its_english(self):
        # The site's English edition shows a name's "en" (imdf.labels): every name, alt_name and
        # short_name has one, in Latin script, beside the Chinese the map shows.
        for vid, collections in (("demo-mall", self.mall), ("demo-hospital", self.hospital)):
            for ftype, features in collections.items():
                for f in features:
                    for key in ("name", "alt_name", "short_name"):
                        names = f["properties"].get(key)
                        if names is None:
                            continue
                        where = (vid, ftype, f["id"], key, names)
                        self.assertEqual(list(names), ["zh-Hans", "en"], where)
                        self.assertTrue(names["zh-Hans"] and names["en"].strip(), where)
                        self.assertNotRegex(names["en"], r"[\u2e80-\u9fff\uff00-\uffef]", where)

    def test_the_devices_are_what_a_deployment_needs(self):
        for vid, collections, devices, aoa, uwb in (
                ("demo-mall", self.mall, self.mall_devices, {"L1"}, {"B1"}),
                ("demo-hospital", self.hospital, self.hospital_devices, {"L1"}, {"L3"})):
            local = Local(collections)
            per = Counter((p["kind"], local.short[p["level_id"]]) for p in (d["properties"] for d in devices))
            for level in local.short.values():
                self.assertGreaterEqual(per[("ble_beacon", level)], 40, (vid, level))
            self.assertEqual({lv for kind, lv in per if kind == "aoa_gateway"}, aoa, vid)
            self.assertEqual({lv for kind, lv in per if kind == "uwb_anchor"}, uwb, vid)
            names = [d["properties"]["name"] for d in devices]
            self.assertTrue(all(re.fullmatch(r"[BL]\d-(BLE-\d{3}|AOA-\d{2}|UWB-\d{2})", n) for n in names))
            beacons = [d for d in devices if d["properties"]["kind"] == "ble_beacon"]
            self.assertEqual({b["properties"]["tx_power"] for b in beacons}, {-59})
            # every shop or department big enough to walk around in has a beacon of its own
            where = [(b["properties"]["level_id"], local.xy(b["geometry"]["coordinates"])) for b in beacons]
            for u in collections["unit"]:
                if u["properties"]["category"] in ("room", "laboratory", "movietheater") \
                        and area(local.poly(u)) >= 80:
                    inside = [p for level, p in where
                              if level == u["properties"]["level_id"] and point_in_poly(p, local.poly(u))]
                    self.assertTrue(inside, f"{vid}: no beacon in unit {u['id']}")

    def test_the_devices_keep_their_promises(self):
        # What README.md promises of the placement and the venue check does not measure: heights in
        # the range of each kind, every device at least 1 m inside a unit it may hang in, and every
        # 2 m sample point of the units a kind serves within range of enough devices of the kind.
        heights = {"ble_beacon": (2.6, 3.0), "aoa_gateway": (3.5, 4.5), "uwb_anchor": (2.5, 3.2)}
        for vid, collections, devices in (("demo-mall", self.mall, self.mall_devices),
                                          ("demo-hospital", self.hospital, self.hospital_devices)):
            local = Local(collections)
            ranges = {}
            for d in devices:
                p, xy = d["properties"], local.xy(d["geometry"]["coordinates"])
                lo, hi = heights[p["kind"]]
                self.assertTrue(lo <= p["height"] <= hi, (vid, p["name"], p["height"]))
                holder = next(((u, poly) for u, poly in local.units_on[p["level_id"]] if point_in_poly(xy, poly)),
                              None)
                self.assertIsNotNone(holder, (vid, p["name"]))
                self.assertTrue(hangs_in(p["kind"], holder[0]["properties"]["category"]), (vid, p["name"]))
                self.assertGreaterEqual(dist_to_boundary(xy, holder[1]), MARGIN - TOL, (vid, p["name"]))
                ranges.setdefault((p["kind"], p["level_id"]), {})[xy] = p.get("range", PROMISE[p["kind"]][0])
            for (kind, level), of_level in sorted(ranges.items()):
                wanted = PROMISE[kind][1]
                longest = max(of_level.values())
                index = Points(max(longest, 4.0))
                for xy in of_level:
                    index.add(xy)
                served = [poly for u, poly in local.units_on[level] if serves(kind, u["properties"]["category"])]
                short = [s for s in samples(served)
                         if sum(1 for xy in index.near(s, longest + TOL)
                                if math.dist(xy, s) <= of_level[xy] + TOL) < wanted]
                self.assertFalse(short, f"{vid} {local.short[level]}: {len(short)} point(s) within range of fewer "
                                        f"than {wanted} {kind}(s), the first {short[:1]} m from the display point")

    def test_categories_toml_parses_with_groups(self):
        with open(os.path.join(CONTENT, "venues", "categories.toml"), "rb") as f:
            data = tomllib.load(f)
        labels = [g["label"] for g in data["groups"]]
        for label in ("餐饮美食", "公共设施", "门诊科室", "药房"):
            self.assertIn(label, labels)
        self.assertEqual(data["categories"]["restroom.female"]["label"], "女卫生间")


def dxf_pairs(path):
    """A DXF file's (group code, value) pairs; fails unless every code is an integer and the file
    ends with 0/EOF."""
    with open(path, encoding="ascii") as f:
        lines = f.read().splitlines()
    pairs = [(int(lines[i].strip()), lines[i + 1]) for i in range(0, len(lines) - 1, 2)]
    assert len(lines) % 2 == 0 and pairs[-1] == (0, "EOF"), path
    return pairs


def dxf_entities(pairs):
    """The model-space entities of a DXF: {code: [values]} per entity, with "type"."""
    start = pairs.index((2, "ENTITIES"))
    entities = []
    for code, value in pairs[start + 1:]:
        if code == 0:
            if value == "ENDSEC":
                break
            entities.append({"type": value})
        else:
            entities[-1].setdefault(code, []).append(value)
    return entities


class MallDrawings(unittest.TestCase):
    """`--dxf-out`: the mall's levels as DXF plans (dxf.py), one closed polyline on ROOM per
    unit a visitor enters through a door."""

    def test_each_level_has_a_room_per_unit(self):
        from contract import role
        with tempfile.TemporaryDirectory() as tmp:
            drawings = os.path.join(tmp, "dxf")
            code, err = quietly(["--content", tmp, "--dxf-out", drawings, "--quiet"])
            self.assertEqual(code, 0, err)
            mall, _ = read_venue(os.path.join(tmp, "venues", "demo-mall"))
            local = Local(mall)
            self.assertFalse(os.path.exists(os.path.join(tmp, "venues", "demo-mall-L1.dxf")))
            self.assertEqual(sorted(os.listdir(drawings)),
                             sorted(f"demo-mall-{s}.dxf" for s in local.short.values()))
            for level_id, short in local.short.items():
                pairs = dxf_pairs(os.path.join(drawings, f"demo-mall-{short}.dxf"))
                header = pairs[:pairs.index((0, "ENDSEC"))]
                variables = {name: header[i + 1][1] for i, (code, name) in enumerate(header) if code == 9}
                self.assertEqual(variables["$ACADVER"], "AC1015")
                self.assertEqual(variables["$INSUNITS"], "4")   # millimetres
                rooms = [e for e in dxf_entities(pairs) if e["type"] == "LWPOLYLINE" and e[8] == ["ROOM"]]
                self.assertTrue(all(int(e[70][0]) & 1 for e in rooms), short)
                units = [u for u, _ in local.units_on[level_id]
                         if role(u["properties"]["category"]) in ("destination", "connector")]
                self.assertEqual(len(rooms), len(units), short)


if __name__ == "__main__":
    unittest.main()
