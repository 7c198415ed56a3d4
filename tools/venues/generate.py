#!/usr/bin/env python3
# The command that writes the demo venues: builds each venue (mall.py, hospital.py), places its
# positioning devices (infrastructure.py), writes <venue id>/ (IMDF .geojson files,
# manifest.json, venue.toml, infrastructure.geojson) into a temporary copy of
# <content>/venues/, and asks the venue check (server/venues, `check-venue`: the one validator
# the web build and the engine trust, docs/venue-contract.md section 5) about that copy. Only
# when it passes are the venue directories moved into <content>/venues/; otherwise its problems
# are printed and nothing is written. Standard library only; see README.md.
#
#   python3 tools/venues/generate.py                  # into content/ of this repository
#   python3 tools/venues/generate.py --content DIR    # into DIR/venues/
#   python3 tools/venues/generate.py --dxf-out DIR    # and the mall's levels as DXF into DIR/
#
# The check is the command in CHECK_VENUE_BIN (the path of a built check-venue) when it is set,
# else `cargo run --quiet --release --locked -p site-venues --bin check-venue --` from the
# repository root.

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import dxf
import hospital
import infrastructure
import mall
from imdf import write_venue

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
REPO_CONTENT = os.path.join(REPO, "content")
VENUES = (mall, hospital)
# The venues `--dxf-out` draws as CAD plans, one DXF per level (dxf.py, issue #32).
DRAWN = (mall,)
# The files of content/venues/ beside the venue directories, written by hand for editors, never
# generated: the check reads them from the target, else from this repository.
SITE_FILES = ("categories.toml", "words.toml")
CHECK_ENV = "CHECK_VENUE_BIN"
CARGO_CHECK = ["cargo", "run", "--quiet", "--release", "--locked", "-p", "site-venues", "--bin", "check-venue", "--"]


class CheckUnavailable(Exception):
    """The venue check could not run (no binary, no cargo, a failed build): not a verdict."""


def check_command():
    """The venue check as an argument list, or CheckUnavailable saying what is missing."""
    given = os.environ.get(CHECK_ENV)
    if given:
        if not (os.path.isfile(given) and os.access(given, os.X_OK)):
            raise CheckUnavailable(f"{CHECK_ENV} is {given!r}, which is no executable file; build it with "
                                   "`cargo build --release -p site-venues --bin check-venue` "
                                   "(target/release/check-venue) or unset it to use cargo")
        return [given]
    if shutil.which("cargo") is None:
        raise CheckUnavailable(f"cargo is not on PATH; install Rust, or set {CHECK_ENV} to a built check-venue")
    return list(CARGO_CHECK)


def run_check(command, venues_dir, name_as):
    """Runs the venue check on a venues directory, its problems named as under `name_as`. The
    problems (one line each, in Chinese), empty when the venues pass."""
    try:
        done = subprocess.run(command + ["--name-as", name_as, venues_dir], cwd=REPO,
                              capture_output=True, text=True, encoding="utf-8")
    except OSError as e:
        raise CheckUnavailable(f"{' '.join(command[:1])}: {e.strerror or e}") from None
    problems = done.stdout.splitlines()
    if done.returncode == 0:
        return []
    if done.returncode == 1 and problems:
        return problems
    said = done.stderr.strip().splitlines()[-20:]
    raise CheckUnavailable(f"`{' '.join(command)}` exited with {done.returncode}"
                           + "".join(f"\n  {line}" for line in said))


def shown(path):
    """A path as the user named it: relative to the working directory when under it."""
    rel = os.path.relpath(path)
    return path if rel == ".." or rel.startswith(".." + os.sep) else rel


def build(module):
    """One venue: (plan, collections, venue.toml text, infrastructure features or None). A venue
    module without POSITIONING has no positioning devices."""
    plan = module.build()
    collections = plan.collections()
    toml_text = plan.venue_toml(module.HEADER)
    devices = None
    if getattr(module, "POSITIONING", None) is not None:
        devices = infrastructure.features(plan, infrastructure.place(plan, module.POSITIONING))
    return plan, collections, toml_text, devices


def stage(target, staged, built):
    """Writes the built venues into `staged`, a copy of the target venues directory (as it is, with
    its other venues and site files, the repository's site files where it has none)."""
    vids = {plan.vid for plan, *_ in built}
    if os.path.isdir(target):
        # the venues about to be written are left out: each is written anew, as it will be placed
        shutil.copytree(target, staged, symlinks=True,
                        ignore=lambda d, names: [n for n in names if d == target and n in vids])
    else:
        os.makedirs(staged)
    for name in SITE_FILES:
        fallback = os.path.join(REPO_CONTENT, "venues", name)
        if not os.path.exists(os.path.join(staged, name)) and os.path.exists(fallback):
            shutil.copyfile(fallback, os.path.join(staged, name))
    for plan, collections, toml_text, devices in built:
        write_venue(os.path.join(staged, plan.vid), collections, toml_text, devices)


def put_in_place(target, staged, vids):
    """Moves the checked venue directories from `staged` into the target venues directory, each
    replacing the directory it had."""
    os.makedirs(target, exist_ok=True)
    for vid in vids:
        destination = os.path.join(target, vid)
        if os.path.isdir(destination) and not os.path.islink(destination):
            shutil.rmtree(destination)
        elif os.path.lexists(destination):
            os.remove(destination)
        shutil.move(os.path.join(staged, vid), destination)


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
    """0 when the venues were checked and written, 1 when the check refused them (nothing
    written), 2 when the check could not run (nothing written)."""
    parser = argparse.ArgumentParser(description="Write the demo venues into <content>/venues/, "
                                                 "once the venue check passes them.")
    parser.add_argument("--content", default=REPO_CONTENT, help="the content directory (default: %(default)s)")
    parser.add_argument("--dxf-out", metavar="DIR",
                        help="also write each level of the mall as a DXF drawing into DIR (not content/: "
                             "the drawings are derived, for testing the DXF upload)")
    parser.add_argument("--quiet", action="store_true", help="print nothing but errors")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    target = os.path.join(args.content, "venues")
    try:
        command = check_command()
    except CheckUnavailable as e:
        print(f"generate.py: the venue check cannot run: {e}", file=sys.stderr)
        return 2
    built = [build(m) for m in VENUES]
    with tempfile.TemporaryDirectory(prefix="generate-venues-") as tmp:
        staged = os.path.join(tmp, "venues")
        stage(target, staged, built)
        checking = time.perf_counter()
        try:
            problems = run_check(command, staged, shown(target))
        except CheckUnavailable as e:
            print(f"generate.py: the venue check cannot run: {e}\nnothing was written", file=sys.stderr)
            return 2
        checked = time.perf_counter() - checking
        if problems:
            print(f"the venue check found {len(problems)} problem(s); nothing was written into {shown(target)}:",
                  file=sys.stderr)
            for line in problems:
                print(f"  {line}", file=sys.stderr)
            return 1
        put_in_place(target, staged, [plan.vid for plan, *_ in built])
    drawings = []
    if args.dxf_out:
        drawings = [path for (plan, *_), module in zip(built, VENUES) if module in DRAWN
                    for path in dxf.write_levels(plan, args.dxf_out)]
    if not args.quiet:
        for path in drawings:
            print(f"drew {shown(path)}")
        for plan, collections, toml_text, devices in built:
            print(summary(plan, collections, devices))
        print(f"checked and wrote {len(built)} venues into {shown(target)} "
              f"in {time.perf_counter() - started:.1f} s (the check {checked:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
