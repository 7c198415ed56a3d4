# The names several tables give alike: the restrooms of both venues, their lifts and stair cores,
# and the amenities and fixtures both have. A name is a pair (Chinese, English): the site has an
# English edition, so every name the generator writes carries both (imdf.labels). A name only one
# table gives stands in that table, the English beside the Chinese. The English is British, as the
# site's English edition writes it: lift, toilet, pushchair.

# The restrooms and nursing rooms, by unit category (contract 2.5): the mall's restroom courts,
# the car park's rooms by the north lifts and the hospital's restroom court.
RESTROOMS = {
    "restroom.female": ("女卫生间", "Women's toilet"),
    "restroom.male": ("男卫生间", "Men's toilet"),
    "restroom.wheelchair": ("无障碍卫生间", "Accessible toilet"),
    # 第三卫生间: one room for a carer with someone of the other sex, or a parent with a child
    "restroom.family": ("第三卫生间", "Family toilet"),
    "mothersroom": ("母婴室", "Nursing room"),
}

AED = ("自动体外除颤器", "Defibrillator (AED)")
ATM = ("自助取款机", "ATM")
PLANTER = ("绿植", "Planter")


def lift(n):
    return (f"{n} 号电梯", f"Lift {n}")


def stairs(n):
    return (f"{n} 号楼梯", f"Staircase {n}")
