# Smoke test of the venue generator: it writes both venues into a temporary content directory
# twice and gets the same bytes, the venues have what the demo promises (shops per floor, spaces,
# lifts, escalators, stairs, screens, positioning devices), the checks pass on the files as
# written and on the files committed in content/venues/, and the checks do catch a broken venue
# or a misplaced device.
#
#   python3 -m unittest discover tools/venues

import copy
import json
import os
import re
import tempfile
import tomllib
import unittest
from collections import Counter

import checks
import contract
import generate
import hospital
import infrastructure_checks
from geometry import area, point_in_poly
from imdf import FEATURE_TYPES, Projection, feature_id

CONTENT = generate.REPO_CONTENT


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


class GeneratedVenues(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.first, cls.second = (os.path.join(cls.tmp.name, n) for n in ("a", "b"))
        for target in (cls.first, cls.second):
            assert generate.main(["--content", target, "--quiet"]) == 0
        cls.categories = generate.load_categories(CONTENT)
        cls.mall, cls.mall_toml = read_venue(os.path.join(cls.first, "venues", "demo-mall"))
        cls.hospital, cls.hospital_toml = read_venue(os.path.join(cls.first, "venues", "demo-hospital"))
        cls.mall_devices = read_devices(os.path.join(cls.first, "venues", "demo-mall"))
        cls.hospital_devices = read_devices(os.path.join(cls.first, "venues", "demo-hospital"))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_regenerating_gives_the_same_bytes(self):
        first, second = tree(self.first), tree(self.second)
        self.assertEqual(sorted(first), sorted(second))
        # 15 IMDF feature files, manifest.json, venue.toml and infrastructure.geojson per venue.
        self.assertEqual(len(first), 2 * 18)
        for name in first:
            self.assertEqual(first[name], second[name], name)

    def test_one_feature_per_line(self):
        with open(os.path.join(self.first, "venues", "demo-mall", "unit.geojson"), encoding="utf-8") as f:
            lines = f.read().splitlines()
        self.assertEqual(lines[0], '{"type":"FeatureCollection","features":[')
        self.assertEqual(lines[-1], "]}")
        self.assertEqual(len(lines) - 2, len(self.mall["unit"]))

    def test_the_mall_has_what_the_demo_promises(self):
        v = checks.Venue("demo-mall", self.mall)
        level = lambda f: v.short[f["properties"]["level_id"]]
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
        named = Counter((level(u), v.name(u)) for u in self.mall["unit"])
        for floor in ("B1", "L1", "L3", "L4"):
            self.assertGreaterEqual(named[(floor, "母婴室")], 1, floor)
        for floor in ("B2", "B1", "L1", "L2", "L3", "L4", "L5"):
            for label in ("女卫生间", "男卫生间", "无障碍卫生间"):
                self.assertGreaterEqual(named[(floor, label)], 1, (floor, label))
        info = [a for a in self.mall["amenity"] if a["properties"]["category"] == "information"]
        self.assertEqual([a["properties"]["name"]["zh-Hans"] for a in info], ["服务台"])

    def test_the_hospital_has_what_the_demo_promises(self):
        names = {o["properties"]["name"]["zh-Hans"] for o in self.hospital["occupant"]}
        for name in ("西药房", "中药房", "检验科", "抽血处", "放射科", "挂号收费处", "急诊科", "儿科", "眼科",
                     "口腔科", "收费处"):
            self.assertIn(name, names)
        rel = Counter(r["properties"]["category"] for r in self.hospital["relationship"])
        self.assertGreaterEqual(rel["elevator"], 3)
        self.assertGreaterEqual(rel["stairs"], 2)
        self.assertGreaterEqual(len(self.hospital["kiosk"]), 1)
        units = Counter(u["properties"]["category"] for u in self.hospital["unit"])
        self.assertGreaterEqual(units["waitingroom"], 4)
        self.assertGreaterEqual(units["mothersroom"], 1)

    def test_checks_pass_on_the_written_files(self):
        v = checks.run("demo-mall", self.mall, self.mall_toml, self.categories, {})
        infrastructure_checks.run(v, self.mall_devices)
        v = checks.run("demo-hospital", self.hospital, self.hospital_toml, self.categories, {})
        infrastructure_checks.run(v, self.hospital_devices)

    def test_checks_pass_on_the_committed_files(self):
        for vid in ("demo-mall", "demo-hospital"):
            directory = os.path.join(CONTENT, "venues", vid)
            if not os.path.isdir(directory):
                self.skipTest(f"{directory} not written yet")
            collections, toml_text = read_venue(directory)
            v = checks.run(vid, collections, toml_text, self.categories, {})
            infrastructure_checks.run(v, read_devices(directory))

    def test_the_devices_are_what_a_deployment_needs(self):
        for vid, collections, devices, aoa, uwb in (
                ("demo-mall", self.mall, self.mall_devices, {"L1"}, {"B1"}),
                ("demo-hospital", self.hospital, self.hospital_devices, {"L1"}, {"L3"})):
            v = checks.Venue(vid, collections)
            per = Counter((p["kind"], v.short[p["level_id"]]) for p in (d["properties"] for d in devices))
            for level in v.short.values():
                self.assertGreaterEqual(per[("ble_beacon", level)], 40, (vid, level))
            self.assertEqual({lv for kind, lv in per if kind == "aoa_gateway"}, aoa, vid)
            self.assertEqual({lv for kind, lv in per if kind == "uwb_anchor"}, uwb, vid)
            names = [d["properties"]["name"] for d in devices]
            self.assertTrue(all(re.fullmatch(r"[BL]\d-(BLE-\d{3}|AOA-\d{2}|UWB-\d{2})", n) for n in names))
            beacons = [d for d in devices if d["properties"]["kind"] == "ble_beacon"]
            self.assertEqual({b["properties"]["tx_power"] for b in beacons}, {-59})
            # every shop or department big enough to walk around in has a beacon of its own
            where = [(b["properties"]["level_id"], v.xy(b["geometry"]["coordinates"])) for b in beacons]
            for u in collections["unit"]:
                if u["properties"]["category"] in ("room", "laboratory", "movietheater") \
                        and area(v.poly[u["id"]]) >= 80:
                    inside = [p for level, p in where
                              if level == u["properties"]["level_id"] and point_in_poly(p, v.poly[u["id"]])]
                    self.assertTrue(inside, f"{vid}: no beacon in unit {u['id']}")

    def test_categories_toml_parses_with_groups(self):
        with open(os.path.join(CONTENT, "venues", "categories.toml"), "rb") as f:
            data = tomllib.load(f)
        labels = [g["label"] for g in data["groups"]]
        for label in ("餐饮美食", "公共设施", "门诊科室", "药房"):
            self.assertIn(label, labels)
        self.assertEqual(data["categories"]["restroom.female"]["label"], "女卫生间")

    # -- the checks catch what they are for ------------------------------------------------------

    def broken(self, change):
        collections = copy.deepcopy(self.hospital)
        change(collections)
        with self.assertRaises(checks.CheckFailed) as caught:
            checks.run("demo-hospital", collections, self.hospital_toml, self.categories, {})
        return str(caught.exception)

    def unit_named(self, collections, name, level="L4"):
        anchors = {a["id"]: a["properties"]["unit_id"] for a in collections["anchor"]}
        occupant = next(o for o in collections["occupant"] if o["properties"]["name"]["zh-Hans"] == name)
        return next(u for u in collections["unit"] if u["id"] == anchors[occupant["properties"]["anchor_id"]])

    def test_checks_catch_overlapping_units(self):
        def widen(c):
            ring = self.unit_named(c, "眼科")["geometry"]["coordinates"][0]
            for p in ring:   # push the east wall 2 m into the neighbour
                if p[0] == max(q[0] for q in ring):
                    p[0] = round(p[0] + 0.00002, 7)
        self.assertIn("overlaps unit", self.broken(widen))

        def intrude(c):
            ring = self.unit_named(c, "眼科")["geometry"]["coordinates"][0]
            low = min(q[1] for q in ring)
            for p in ring:   # push the corridor wall 1 m into the corridor (an L-shaped walkway)
                if p[1] == low:
                    p[1] = round(p[1] - 0.000009, 7)
        self.assertRegex(self.broken(intrude), r"overlaps unit [0-9a-f-]+ \(room\) by 12\.0")

    def test_checks_catch_a_shop_without_a_way_in(self):
        def wall_up(c):
            door = feature_id("demo-hospital", "opening/L4/room-A")   # 眼科's only door
            c["opening"][:] = [o for o in c["opening"] if o["id"] != door]
        self.assertIn("眼科: its unit cannot be reached", self.broken(wall_up))

    def test_checks_catch_a_door_off_the_wall(self):
        def move(c):
            door = next(o for o in c["opening"] if o["properties"]["name"] == {"zh-Hans": "正门"})
            for p in door["geometry"]["coordinates"]:
                p[1] = round(p[1] + 0.00001, 7)   # about 1.1 m into the hall
        self.assertIn("lies on the wall of no unit", self.broken(move))

    def test_checks_catch_a_wrong_relationship(self):
        def swap(c):
            stairs = next(u for u in c["unit"] if u["properties"]["category"] == "stairs")
            c["relationship"][0]["properties"]["destination"]["id"] = stairs["id"]
        self.assertIn("but the relationship is of category elevator", self.broken(swap))

    def test_checks_follow_the_contract_file(self):
        # docs/venue-contract.json, read here on its own: the checks give every category the role
        # the file gives it, and refuse a door into a unit of a category the file calls closed.
        with open(os.path.join(CONTENT, "..", "docs", "venue-contract.json"), encoding="utf-8") as f:
            rules = json.load(f)
        for role, categories in rules["unit_roles"].items():
            for category in categories:
                self.assertEqual(contract.role(category), role, category)
        self.assertEqual(contract.role("restroom.female"), "destination")
        # (one with a label in categories.toml, which the checks ask of every category first)
        closed = [c for c in rules["unit_roles"]["closed"] if c in self.categories["categories"]][-1]

        def close(c):
            self.unit_named(c, "眼科")["properties"]["category"] = closed
        self.assertRegex(self.broken(close), rf"opens onto a closed unit \(walkway [0-9a-f-]+, {closed} [0-9a-f-]+\)")


    # -- the device checks catch what they are for -----------------------------------------------

    def misplaced(self, change):
        devices = copy.deepcopy(self.hospital_devices)
        change(devices)
        v = checks.Venue("demo-hospital", self.hospital)
        with self.assertRaises(checks.CheckFailed) as caught:
            infrastructure_checks.run(v, devices)
        return str(caught.exception)

    @staticmethod
    def device(devices, name):
        return next(d for d in devices if d["properties"]["name"] == name)

    def test_device_checks_catch_a_device_in_a_closed_unit(self):
        def into_plant_room(devices):
            beacon = self.device(devices, "L2-BLE-001")
            beacon["geometry"]["coordinates"] = Projection(*hospital.ORIGIN).to_lonlat(0.0, 12.0)
        problems = self.misplaced(into_plant_room)
        self.assertRegex(problems, r"infrastructure\.geojson: feature [0-9a-f-]+: hangs in a nonpublic unit on L2")

    def test_device_checks_catch_a_repeated_minor_and_a_wrong_height(self):
        def repeat(devices):
            self.device(devices, "L1-BLE-002")["properties"]["minor"] = \
                self.device(devices, "L1-BLE-001")["properties"]["minor"]
            self.device(devices, "L3-UWB-01")["properties"]["height"] = 5.0
        problems = self.misplaced(repeat)
        self.assertIn("minor 1001 is also the minor of device", problems)
        self.assertIn("height 5.0 m is outside 2.5-3.2 m for a uwb_anchor", problems)

    def test_device_checks_catch_an_unknown_kind(self):
        def rename(devices):
            self.device(devices, "L1-AOA-01")["properties"]["kind"] = "wifi_ap"
        self.assertIn("kind 'wifi_ap' is none of", self.misplaced(rename))

    def test_device_checks_catch_a_gap_in_coverage(self):
        def remove_west(prefix, x):
            cut = Projection(*hospital.ORIGIN).to_lonlat(x, 0.0)[0]

            def change(devices):
                devices[:] = [d for d in devices if not (d["properties"]["name"].startswith(prefix)
                                                         and d["geometry"]["coordinates"][0] < cut)]
            return change

        self.assertRegex(self.misplaced(remove_west("L2-BLE", -20.0)),
                         r"L2: \d+ point\(s\) of the units a ble_beacon serves are within range of fewer than 1")
        # the west half of the corridor keeps no anchor of its own
        self.assertRegex(self.misplaced(remove_west("L3-UWB", 0.0)),
                         r"L3: \d+ point\(s\) of the units a uwb_anchor serves are within range of fewer than 3")
        # two gateways must see a point for their bearings to cross
        self.assertRegex(self.misplaced(remove_west("L1-AOA", -20.0)),
                         r"L1: \d+ point\(s\) of the units a aoa_gateway serves are within range of fewer than 2")


if __name__ == "__main__":
    unittest.main()
