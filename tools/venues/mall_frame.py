# The fixed frame of the demo mall that every level shares: the building outline and the vertical
# cores (lifts, stair cores, the scissor escalators of the south atrium), which must stand at the
# same place from B2 to L5. Coordinates are metres from the venue's display point, x east, y north.

BUILDING = (-35.0, -80.0, 35.0, 80.0)          # 70 m x 160 m, long side north-south

LEVELS = [  # short name, ordinal, name (Chinese, English), IMDF level category
    ("B2", -2, ("地下二层", "Level B2"), "parking"),
    ("B1", -1, ("地下一层", "Level B1"), "parking"),
    ("L1", 0, ("一层", "Level 1"), "unspecified"),
    ("L2", 1, ("二层", "Level 2"), "unspecified"),
    ("L3", 2, ("三层", "Level 3"), "unspecified"),
    ("L4", 3, ("四层", "Level 4"), "unspecified"),
    ("L5", 4, ("五层", "Level 5"), "unspecified"),
]

# Lift cars 2.6 m x 2.6 m, two north of the north atrium and two south of the south atrium; the
# door side faces the atrium (upper floors) or the lift lobby (car park levels).
ELEVATORS = [
    (1, (-2.8, 48.0, -0.2, 50.6), "S"),
    (2, (0.2, 48.0, 2.8, 50.6), "S"),
    (3, (-2.8, -50.6, -0.2, -48.0), "N"),
    (4, (0.2, -50.6, 2.8, -48.0), "N"),
]

# Stair cores 5 m x 6 m at the corners of the central blocks; the door opens onto the side
# corridor (upper floors) or a stair lobby on the drive aisle (car park levels).
STAIRS = [
    (1, (-18.0, 57.0, -13.0, 63.0), "W"),
    (2, (13.0, 57.0, 18.0, 63.0), "E"),
    (3, (-18.0, -63.0, -13.0, -57.0), "W"),
    (4, (13.0, -63.0, 18.0, -57.0), "E"),
]

# Scissor escalators in the south atrium: the up run in the west lane, the down run in the east
# lane, each 10 m long in plan between a south landing and a north landing. Level k of
# ESCALATOR_LEVELS has its landings at the south end when k is even, else at the north end, so the
# run from level k to k+1 arrives where the next run up starts (a crisscross stack).
ESCALATOR_LEVELS = ["B1", "L1", "L2", "L3", "L4", "L5"]
ESCALATOR_LANES = {"up": (-3.5, -1.5), "down": (1.5, 3.5)}
ESCALATOR_NAMES = {"up": ("上行扶梯", "Up escalator"), "down": ("下行扶梯", "Down escalator")}
ESCALATOR_ENDS = {"S": (-43.0, -41.0), "N": (-35.0, -33.0)}
SOUTH_VOID = (-12.0, -43.0, 12.0, -33.0)
NORTH_VOID = (-12.0, 33.0, 12.0, 43.0)
# On L1 the runs from B1 come up through the floor south of the north landings.
L1_VOID = (-3.5, -43.0, 3.5, -35.0)


def escalator_end(level):
    k = ESCALATOR_LEVELS.index(level)
    return "S" if k % 2 == 0 else "N"


def escalator_pads(level):
    """The landing units of `level`: {"up": rect, "down": rect}, and the side their mouth opens to."""
    if level not in ESCALATOR_LEVELS:
        return {}, None
    end = escalator_end(level)
    y0, y1 = ESCALATOR_ENDS[end]
    return {lane: (x0, y0, x1, y1) for lane, (x0, x1) in ESCALATOR_LANES.items()}, end
