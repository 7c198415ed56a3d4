# The demo outpatient building 寻境示范医院门诊楼 (demo-hospital): four floors on one 5 m
# east-west corridor, rooms 17-18 m deep on both sides, three lifts and two stair cores. L1 holds the
# entrance hall (门诊大厅), registration and payment, the pharmacies, laboratory, radiology and
# emergency; L2-L4 the clinical departments, each floor with a payment window and a waiting area.

import names
from builder import Plan
from geometry import rect, union_one

ORIGIN = (121.41, 31.175)
BUILDING = (-40.0, -20.0, 40.0, 20.0)
SITE = (-60.0, -40.0, 60.0, 40.0)
HOURS = "Mo-Fr 07:30-17:30; Sa-Su 08:00-12:00"
CLINIC = "Mo-Fr 08:00-17:00; Sa-Su 08:00-12:00"
SLIDING = {"automatic": True, "material": "glass", "type": "sliding"}
LIFT_DOOR = {"automatic": True, "material": "metal", "type": "sliding"}
ADDRESS = dict(address="寻境路 200 号", unit=None, locality="上海市", province="CN-SH", country="CN",
               postal_code="200233", postal_code_ext=None, postal_code_vanity=None)
LEVELS = [("L1", 0, ("一层", "Level 1")), ("L2", 1, ("二层", "Level 2")), ("L3", 2, ("三层", "Level 3")),
          ("L4", 3, ("四层", "Level 4"))]

CORRIDOR = (-40.0, -2.0, 40.0, 3.0)
LANE = (-18.0, -20.0, -15.0, -2.0)          # the restroom lane off the corridor
LOBBY = (-10.0, -20.0, 10.0, -2.0)           # 门诊大厅 on L1, 候诊区 above
ELEVATORS = [(1, (-5.2, 3.0, -2.6, 5.6)), (2, (-1.3, 3.0, 1.3, 5.6)), (3, (2.6, 3.0, 5.2, 5.6))]
STAIRS = [(1, (-40.0, 3.0, -34.0, 10.0)), (2, (34.0, 3.0, 40.0, 10.0))]
PLANT = [(-40.0, 10.0, -34.0, 20.0), (-6.0, 5.6, 6.0, 20.0), (34.0, 10.0, 40.0, 20.0)]  # 设备间, closed
NORTH = {"A": (-34.0, -22.0), "B": (-22.0, -12.0), "C": (-12.0, -6.0), "D": (6.0, 16.0),
         "E": (16.0, 24.0), "F": (24.0, 34.0)}
SOUTH = {"G": (-40.0, -23.0), "H": (10.0, 22.0), "I": (22.0, 31.0), "J": (31.0, 40.0)}
REST = [
    ("wc-access", (-23.0, -6.0, -18.0, -2.0), "E", "restroom.wheelchair", ["wheelchair"]),
    ("wc-female", (-23.0, -20.0, -18.0, -6.0), "E", "restroom.female", None),
    ("nursing", (-15.0, -6.0, -10.0, -2.0), "W", "mothersroom", None),
    ("wc-male", (-15.0, -20.0, -10.0, -6.0), "W", "restroom.male", None),
]

# Rooms of each floor: slot -> (name, its English, unit category, occupant category or None, hours).
# Slots A-F are on the north side west to east (C is the 6 m room by the lifts), G-J on the south.
# Departments are in English as a British hospital names them (Paediatrics, Obstetrics &
# Gynaecology); counters and waiting areas as their signs say what is done there.
ROOMS = {
    "L1": {
        "A": ("西药房", "Western medicine pharmacy", "room", "pharmacy", "Mo-Su 07:30-21:00"),
        "B": ("中药房", "Chinese medicine pharmacy", "room", "pharmacy", "Mo-Su 07:30-17:30"),
        "C": ("取药等候区", "Pharmacy waiting area", "waitingroom", None, None),
        "D": ("检验科", "Clinical Laboratory", "laboratory", "laboratorytesting", "Mo-Su 07:00-17:30"),
        "E": ("抽血处", "Blood collection", "laboratory", "laboratorytesting", "Mo-Su 07:00-12:00"),
        "F": ("放射科", "Radiology", "room", "diagnosticimaging", "Mo-Su 08:00-17:00"),
        "G": ("挂号收费处", "Registration & payment", "room", "billingservices", "Mo-Su 07:30-17:30"),
        "H": ("便利店", "Convenience store", "room", "conveniencestore", "24/7"),
        "IJ": ("急诊科", "Emergency", "room", "emergencymedicine", "24/7"),
    },
    "L2": {
        "A": ("内科", "Internal Medicine", "room", "internalmedicine", CLINIC),
        "B": ("心血管内科", "Cardiology", "room", "cardiology", CLINIC),
        "D": ("消化内科", "Gastroenterology", "room", "gastroenterology", CLINIC),
        "E": ("呼吸内科", "Respiratory Medicine", "room", "pulmonology", CLINIC),
        "F": ("神经内科", "Neurology", "room", "clinic", CLINIC),
        "G": ("中医科", "Traditional Chinese Medicine", "room", "traditionalchinesemedicine", CLINIC),
        "H": ("内分泌科", "Endocrinology", "room", "clinic", CLINIC),
        "I": ("肾内科", "Nephrology", "room", "clinic", CLINIC),
        "J": ("康复医学科", "Rehabilitation Medicine", "room", "physicaltherapy", CLINIC),
    },
    "L3": {
        "A": ("外科", "General Surgery", "room", "surgeon", CLINIC),
        "B": ("骨科", "Orthopaedics", "room", "orthopedics", CLINIC),
        "D": ("泌尿外科", "Urology", "room", "surgeon", CLINIC),
        "E": ("烧伤整形科", "Burns & Plastic Surgery", "room", "plasticsurgery", CLINIC),
        "F": ("乳腺外科", "Breast Surgery", "room", "surgeon", CLINIC),
        "G": ("妇产科", "Obstetrics & Gynaecology", "room", "obgyn", CLINIC),
        "H": ("儿科", "Paediatrics", "room", "pediatrics", "Mo-Su 08:00-21:00"),
        "I": ("儿童保健科", "Child Health", "room", "pediatrics", CLINIC),
        "J": ("产前门诊", "Antenatal Clinic", "room", "prenatal", CLINIC),
    },
    "L4": {
        "A": ("眼科", "Ophthalmology", "room", "opthamalogy", CLINIC),
        "B": ("耳鼻喉科", "Ear, Nose & Throat", "room", "earnosethroat", CLINIC),
        "D": ("口腔科", "Dentistry", "room", "dentistry", CLINIC),
        "E": ("皮肤科", "Dermatology", "room", "dermatology", CLINIC),
        "F": ("心理门诊", "Psychology Clinic", "room", "psychology", CLINIC),
        "G": ("体检中心", "Health Check Centre", "room", "preventivemedicine", "Mo-Sa 07:30-11:30"),
        "H": ("超声科", "Ultrasound", "room", "diagnosticimaging", CLINIC),
        "I": ("内镜中心", "Endoscopy Centre", "room", "diagnosticservices", CLINIC),
        "J": ("营养科", "Clinical Nutrition", "room", "dietician", CLINIC),
    },
}
PAYMENT = ("收费处", "Payment", "room", "billingservices", "Mo-Su 07:30-17:30")
WAITING = ("候诊区", "Waiting area", "waitingroom", None, None)
ROUTE_TO = ("L4", "A")   # 眼科


def slots(level):
    """(slot, rect, door side) of every room of a floor, in a fixed order."""
    out = [(k, (x0, 3.0, x1, 20.0), "S") for k, (x0, x1) in NORTH.items()]
    south = dict(SOUTH)
    if level == "L1":
        del south["I"], south["J"]
        south["IJ"] = (22.0, 40.0)
    out += [(k, (x0, -20.0, x1, -2.0), "N") for k, (x0, x1) in south.items()]
    if level != "L1":
        out.append(("W", LOBBY, "N"))
    return out


def floor(plan, short, ordinal, name):
    plan.level(short, ordinal, name, "unspecified", rect(*BUILDING))
    for kind, r in (("corridor", CORRIDOR), ("corridor", LANE)):
        plan.corridor(short, kind, r)
    walk = plan.unit(short, "walkway", "walkway", union_one([CORRIDOR, LANE]))
    lobby = None
    if short == "L1":
        lobby = plan.unit(short, "lobby", "lobby", LOBBY, name=("门诊大厅", "Outpatient hall"))
        plan.door(short, "entrance-main", LOBBY, "S", 4.0, category="pedestrian.principal",
                  name=("正门", "Main entrance"), door=SLIDING)
        plan.door(short, "entrance-emergency", CORRIDOR, "E", 3.0, category="pedestrian",
                  name=("急诊入口", "Emergency entrance"), door=SLIDING)
        plan.door(short, "exit-west", CORRIDOR, "W", 2.0, category="emergencyexit")
    for n, r in ELEVATORS:
        plan.unit(short, f"elevator-{n}", "elevator", r, name=names.lift(n), accessibility=["wheelchair"])
        plan.door(short, f"elevator-{n}", r, "S", 1.2, door=LIFT_DOOR)
    for n, r in STAIRS:
        plan.unit(short, f"stairs-{n}", "stairs", r, name=names.stairs(n))
        plan.door(short, f"stairs-{n}", r, "S", 1.5)
    for i, r in enumerate(PLANT):
        plan.unit(short, f"plant-{i + 1}", "nonpublic", r)
    for slug, r, side, category, access in REST:
        plan.unit(short, slug, category, r, name=names.RESTROOMS[category], accessibility=access)
        plan.door(short, slug, r, side, 1.2)
    for slot, r, side in slots(short):
        zh, en, category, occupant, hours = ROOMS[short].get(slot) or (PAYMENT if slot == "C" else WAITING)
        key = plan.unit(short, f"room-{slot}", category, r, name=None if occupant else (zh, en))
        plan.door(short, f"room-{slot}", r, side, 4.0 if slot == "W" else 2.0)
        if occupant:
            plan.occupant(key, (zh, en), occupant, hours=hours)
    return walk, lobby


def build():
    plan = Plan("demo-hospital", ("寻境示范医院门诊楼", "Indora Demo Hospital Outpatient Building"),
                "healthcarefacility", ORIGIN, SITE, ADDRESS, HOURS)
    walks = {}
    for short, ordinal, name in LEVELS:
        walks[short] = floor(plan, short, ordinal, name)
    plan.footprints = [("ground", rect(*BUILDING))]
    walk, lobby = walks["L1"]
    plan.amenity("L1", "info", "information", (0.0, -8.0), lobby, name=("导诊台", "Information desk"),
                 hours=HOURS)
    plan.amenity("L1", "atm", "atm", (-8.0, -17.0), lobby, name=names.ATM)
    plan.amenity("L1", "wheelchair", "wheelchairassist", (8.0, -17.0), lobby,
                 name=("轮椅借用", "Wheelchair loan"))
    plan.amenity("L1", "vending", "vendingmachine", (8.0, -4.0), lobby, name=("自动售货机", "Vending machine"))
    plan.amenity("L1", "aed", "defibrillator", (30.0, 0.5), walk, name=names.AED)
    for short, (w, _) in walks.items():
        plan.amenity(short, "paystation", "cashier", (-9.0, 2.4) if short != "L1" else (-8.0, -4.0),
                     lobby if short == "L1" else w, name=("自助缴费机", "Self-service payment machine"))
        plan.amenity(short, "water", "drinkingfountain", (20.0, 2.4), w, name=("饮水处", "Drinking water"))
    plan.kiosk("L1", "kiosk-hall", ("L1 门诊大厅导视屏", "L1 Outpatient hall guide screen"), (4.0, -13.0), 0)
    seats = ("候诊座椅", "Waiting-area seating")
    plan.fixture("L1", "bench-1", "furniture", (-8.0, -12.3, -6.0, -11.7), name=seats)
    plan.fixture("L1", "bench-2", "furniture", (-8.0, -9.3, -6.0, -8.7), name=seats)
    plan.fixture("L1", "planter", "vegetation", (6.5, -9.0, 7.5, -8.0), name=names.PLANTER)

    shorts = [lv[0] for lv in LEVELS]
    for n, _ in ELEVATORS:
        plan.relationship(f"elevator-{n}", "elevator", "undirected", [f"{s}/elevator-{n}" for s in shorts])
    for n, _ in STAIRS:
        plan.relationship(f"stairs-{n}", "stairs", "undirected", [f"{s}/stairs-{n}" for s in shorts])

    # Fences the live demo watches for every visitor: staff only in radiology, and the obstetrics
    # ward's newborn-security zone (UWB-tagged, the classic anti-abduction fence).
    plan.geofence("L1", "radiology", "L1/room-F", ("放射科控制区", "Radiology controlled area"),
                  restriction="restricted")
    plan.geofence("L3", "obstetrics", "L3/room-G",
                  ("妇产科母婴安全区", "Obstetrics mother and baby security zone"))

    entrance = plan.opening_id("L1/entrance-main")
    level, slot = ROUTE_TO
    plan.toml = dict(order=2, default_level="L1", samples=dict(
        queries=["erk", "挂号", "抽血", "yaofang"], plates=[],
        route_from=(entrance, "正门"),
        route_to=(plan.occupant_id(f"{level}/room-{slot}"), f"{ROOMS[level][slot][0]}（{level}）"),
        start=(entrance, "正门")), flow=FLOW)
    return plan


# The simulated visitors of the flow analytics: an outpatient building's patients and companions,
# registering from 7:00 with a morning peak and a lunch lull, half as many at weekends; a stay of
# twenty-five minutes in a department (waiting, consultation, tests).
FLOW = dict(visitors_per_day=3000, weekend_factor=0.5,
            arrivals=[0] * 7 + [8, 14, 13, 10, 7, 3, 7, 9, 7, 4] + [0] * 7,
            dwell_minutes=25, stops=[1, 3], drive_share=0)


# Positioning infrastructure (infrastructure.py) besides the BLE beacons of every level: AoA
# gateways over the L1 hall and corridors (ceiling height in metres), UWB anchors on L3. The
# building has no ward; L2-L4 share the longest corridor, and L3 holds 妇产科, 儿科 and 产前门诊,
# where tags on newborns, children and wheelchairs are worth metre-level tracking.
POSITIONING = {"aoa": {"L1": 3.5}, "uwb": {"L3": 3.0}}

HEADER = """
寻境示范医院门诊楼 (demo-hospital): what the live demo needs that IMDF has no place for (contract
2.9). Written by tools/venues/generate.py with the .geojson files beside it: regenerate rather than
edit, or edit both. Ids are feature ids from those files; the comments name them. The building has
no car park, so there are no plates to try.
"""
