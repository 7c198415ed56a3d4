# Smoke test of the illustration generator: a single picture regenerated into a temporary content
# directory is a valid 1600x1200 SVG identical to the committed file, only that file is written,
# and every scene of every family still draws exactly the committed picture.
#
#   python3 -m unittest discover -s tools/illustrations

import os
import tempfile
import unittest
import xml.etree.ElementTree as ET

import generate

CONTENT = generate.REPO_CONTENT


def read(path):
    with open(path, "rb") as f:
        return f.read()


def files_under(directory):
    return sorted(os.path.relpath(os.path.join(root, name), directory)
                  for root, _, names in os.walk(directory) for name in names)


class GeneratedIllustrations(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.content = tmp.name

    def test_one_picture_is_regenerated_byte_for_byte(self):
        self.assertEqual(generate.main(["services", "map", "--content", self.content, "--quiet"]), 0)
        self.assertEqual(files_under(self.content), [os.path.join("images", "services", "source", "map.svg")])
        written = read(generate.svg_path(self.content, "services", "map"))
        self.assertEqual(written, read(generate.svg_path(CONTENT, "services", "map")))
        root = ET.fromstring(written)
        self.assertEqual(root.tag, "{http://www.w3.org/2000/svg}svg")
        self.assertEqual((root.get("width"), root.get("height")), ("1600", "1200"))

    def test_every_scene_draws_its_committed_picture(self):
        self.assertEqual(generate.main(["--content", self.content, "--quiet"]), 0)
        pairs = generate.chosen(None, [])
        self.assertEqual({fam for fam, _ in pairs}, set(generate.FAMILIES))
        for family, slug in pairs:
            with self.subTest(family=family, slug=slug):
                self.assertEqual(read(generate.svg_path(self.content, family, slug)),
                                 read(generate.svg_path(CONTENT, family, slug)))

    def test_unknown_names_are_refused_with_the_known_ones(self):
        with self.assertRaisesRegex(ValueError, "families: services, pages, solutions"):
            generate.chosen("halls", [])
        with self.assertRaisesRegex(ValueError, "pages has no picture home; it has: about, business, harmonyNext"):
            generate.chosen("pages", ["home"])


if __name__ == "__main__":
    unittest.main()
