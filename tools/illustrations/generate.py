#!/usr/bin/env python3
# The command that draws the site's illustrations: each family (the services/ and pages/ packages,
# solutions.py) has a scene function per picture, and this writes
# <content>/images/<family>/source/<slug>.svg for every scene, or for the families and slugs named.
# With --render it also rasterises each SVG written to <content>/images/<family>/<slug>.png, the
# file the site shows (raster.py). Standard library only; see README.md.
#
#   python3 tools/illustrations/generate.py                         # every picture's SVG
#   python3 tools/illustrations/generate.py services                # one family
#   python3 tools/illustrations/generate.py services map search     # some pictures of a family
#   python3 tools/illustrations/generate.py pages about --render    # ...and its PNG
#   python3 tools/illustrations/generate.py --content DIR           # into DIR/images/... instead

import argparse
import os
import shutil
import sys

import pages
import services
import solutions
from raster import rasterise

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_CONTENT = os.path.normpath(os.path.join(HERE, "..", "..", "content"))
# The family name is also the folder under content/images/ that holds its pictures.
FAMILIES = {"services": services, "pages": pages, "solutions": solutions}


def svg_path(content, family, slug):
    return os.path.join(content, "images", family, "source", slug + ".svg")


def png_path(content, family, slug):
    return os.path.join(content, "images", family, slug + ".png")


def shown(path):
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def chosen(family, slugs):
    """(family, slug) pairs to draw: every scene when family is None, else the family's scenes,
    or only the slugs named. An unknown name raises ValueError listing the known ones."""
    if family is None:
        return [(fam, slug) for fam, module in FAMILIES.items() for slug in module.SCENES]
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; families: {', '.join(FAMILIES)}")
    scenes = FAMILIES[family].SCENES
    unknown = [s for s in slugs if s not in scenes]
    if unknown:
        raise ValueError(f"{family} has no picture {', '.join(unknown)}; it has: {', '.join(scenes)}")
    return [(family, slug) for slug in (slugs or scenes)]


def main(argv=None):
    parser = argparse.ArgumentParser(description="Write the site's illustrations into <content>/images/.")
    parser.add_argument("family", nargs="?", help=f"one of {', '.join(FAMILIES)} (default: all)")
    parser.add_argument("slug", nargs="*", help="pictures of that family (default: all)")
    parser.add_argument("--render", action="store_true", help="also write the PNG of each picture (needs chromium)")
    parser.add_argument("--content", default=REPO_CONTENT, help="the content directory (default: %(default)s)")
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors")
    args = parser.parse_args(argv)
    try:
        todo = chosen(args.family, args.slug)
    except ValueError as e:
        parser.error(str(e))
    if args.render and not shutil.which("chromium"):
        parser.error("--render needs Debian's chromium (apt-get install chromium)")
    for family, slug in todo:
        module = FAMILIES[family]
        path = svg_path(args.content, family, slug)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(module.SCENES[slug]())
        if args.render:
            rasterise(path, png_path(args.content, family, slug), module.PNG_QUALITY)
        if not args.quiet:
            print(shown(path))
            if args.render:
                print(shown(png_path(args.content, family, slug)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
