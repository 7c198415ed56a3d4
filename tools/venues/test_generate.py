# Smoke test of the venue generator: it writes both venues into a temporary content directory
# twice and gets the same bytes, the venues have what the demo promises (shops per floor, spaces,
# lifts, escalators, stairs, screens), the checks pass on the files as written and on the files
# committed in content/venues/, and the checks do catch a broken venue.
#
#   python3 -m unittest discover tools/venues

import copy
import json
import os
import tempfile
import tomllib
import unittest
from collections import Counter

import checks
import generate
from imdf import FEATURE_TYPES, feature_id

CONTENT = generate.REPO_CONTENT


def read_venue(directory):
    collections = {}
    for t in FEATURE_TYPES:
        with open(os.path.join(directory, f"{t}.geojson"), encoding="utf-8") as f:
            collections[t] = json.load(f)["features"]
    with open(os.path.join(directory, "venue.toml"), encoding="utf-8") as f:
        return collections, f.read()


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

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_regenerating_gives_the_same_bytes(self):
        first, second = tree(self.first), tree(self.second)
        self.assertEqual(sorted(first), sorted(second))
        self.assertEqual(len(first), 2 * 16)
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
        checks.run("demo-mall", self.mall, self.mall_toml, self.categories, {})
        checks.run("demo-hospital", self.hospital, self.hospital_toml, self.categories, {})

    def test_checks_pass_on_the_committed_files(self):
        for vid in ("demo-mall", "demo-hospital"):
            directory = os.path.join(CONTENT, "venues", vid)
            if not os.path.isdir(directory):
                self.skipTest(f"{directory} not written yet")
            collections, toml_text = read_venue(directory)
            checks.run(vid, collections, toml_text, self.categories, {})

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


if __name__ == "__main__":
    unittest.main()
