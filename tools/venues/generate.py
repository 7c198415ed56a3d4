#!/usr/bin/env python3
# The command that writes the demo venues: builds each venue (mall.py, hospital.py), places its
# positioning devices (infrastructure.py), runs the checks of checks.py and
# infrastructure_checks.py on the features as they will be written, and writes
# <content>/venues/<venue id>/ (IMDF .geojson files, manifest.json, venue.toml,
# infrastructure.geojson). Nothing is written when a check fails. Standard library only; see
# README.md.
#
#   python3 tools/venues/generate.py                  # into content/ of this repository
#   python3 tools/venues/generate.py --content DIR    # into DIR/venues/

import argparse
import os
import sys
import time
import tomllib

import checks
import hospital
import infrastructure
import infrastructure_checks
import mall
from imdf import write_venue

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_CONTENT = os.path.normpath(os.path.join(HERE, "..", "..", "content"))
VENUES = (mall, hospital)


def load_categories(content):
    """categories.toml of the target content directory, else the repository's (hand-written for
    editors, never generated)."""
    for base in (content, REPO_CONTENT):
        path = os.path.join(base, "venues", "categories.toml")
        if os.path.exists(path):
            with open(path, "rb") as f:
                return tomllib.load(f)
    raise FileNotFoundError("content/venues/categories.toml")


def build(module, categories):
    """One venue: (plan, collections, venue.toml text, infrastructure features or None), checked.
    A venue module without POSITIONING has no positioning devices."""
    plan = module.build()
    collections = plan.collections()
    toml_text = plan.venue_toml(module.HEADER)
    v = checks.run(plan.vid, collections, toml_text, categories, plan.corridors)
    devices = None
    if getattr(module, "POSITIONING", None) is not None:
        devices = infrastructure.features(plan, infrastructure.place(plan, module.POSITIONING))
        infrastructure_checks.run(v, devices)
    return plan, collections, toml_text, devices


def summary(plan, collections, devices):
    by_level = {}
    for o in plan.occupants:
        by_level[plan.unit_index[o["unit"]]["level"]] = by_level.get(plan.unit_index[o["unit"]]["level"], 0) + 1
    spaces = {}
    for u in plan.units:
        if u["category"] == "parking":
            spaces[u["level"]] = spaces.get(u["level"], 0) + 1
    rel = {}
    for r in plan.relationships:
        rel[r["category"]] = rel.get(r["category"], 0) + 1
    counts = ", ".join(f"{t} {len(collections[t])}" for t in ("unit", "opening", "occupant", "amenity", "kiosk",
                                                               "fixture", "section", "relationship"))
    short = {plan.level_id(lv): lv for lv in plan.levels}
    kinds = {}
    for d in devices or []:
        by_level_of_kind = kinds.setdefault(d["properties"]["kind"], {})
        level = short[d["properties"]["level_id"]]
        by_level_of_kind[level] = by_level_of_kind.get(level, 0) + 1
    placed = "".join(f"\n  {kind} by level {by}" for kind, by in kinds.items())
    return (f"{plan.vid}: {counts}\n  occupants by level {by_level}\n  spaces by level {spaces}\n"
            f"  relationships {rel}{placed}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Write the demo venues into <content>/venues/.")
    parser.add_argument("--content", default=REPO_CONTENT, help="the content directory (default: %(default)s)")
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    categories = load_categories(args.content)
    try:
        built = [build(m, categories) for m in VENUES]
    except checks.CheckFailed as e:
        print(e, file=sys.stderr)
        return 1
    for plan, collections, toml_text, devices in built:
        write_venue(os.path.join(args.content, "venues", plan.vid), collections, toml_text, devices)
        if not args.quiet:
            print(summary(plan, collections, devices))
    if not args.quiet:
        print(f"wrote {len(built)} venues into {os.path.join(args.content, 'venues')} "
              f"in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
