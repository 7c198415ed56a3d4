//! A room's IMDF unit category from its name on the plan: a drawing has no categories, but
//! its lifts, stairs and restrooms are named so, and routes ride connectors (venue contract
//! §2.5, §2.7) and search finds restrooms only by their category.

/// Name fragments and the category they mean, tried in order; the first match wins, so the
/// narrower names come first (`无障碍卫生间` before `卫生间`), and the rooms named after a
/// connector without being one (`电梯厅`, a lobby before the lifts) before the connectors.
/// Parking spaces stay rooms: a `parking` unit needs an aisle of category `road` and a guidance
/// zone (contract §2.8), which a drawing does not have.
const BY_NAME: [(&str, &[&str]); 10] = [
    ("room", &["电梯厅", "候梯厅", "电梯机房", "扶梯口"]),
    ("escalator", &["扶梯"]),
    ("elevator", &["电梯", "升降梯", "直梯", "客梯", "货梯"]),
    ("stairs", &["楼梯", "步梯"]),
    (
        "restroom.wheelchair",
        &["无障碍卫生间", "无障碍洗手间", "无障碍厕所", "残疾人卫生间"],
    ),
    ("restroom.family", &["第三卫生间", "家庭卫生间"]),
    ("restroom.male", &["男卫生间", "男洗手间", "男厕"]),
    ("restroom.female", &["女卫生间", "女洗手间", "女厕"]),
    ("restroom", &["卫生间", "洗手间", "厕所"]),
    ("mothersroom", &["母婴室", "哺乳室"]),
];

/// The category of a room named `name`: `room` when the name says nothing the table knows.
pub(crate) fn of_name(name: Option<&str>) -> &'static str {
    let Some(name) = name else {
        return "room";
    };
    BY_NAME
        .iter()
        .find(|(_, fragments)| fragments.iter().any(|f| name.contains(f)))
        .map_or("room", |(category, _)| category)
}

/// The connector categories, which join a level to the next (contract §2.7).
pub(crate) fn is_connector(category: &str) -> bool {
    matches!(category, "elevator" | "escalator" | "stairs")
}

#[cfg(test)]
mod tests {
    use site_venues::model::UnitRole;

    use super::of_name;

    #[test]
    fn rooms_named_as_the_mall_and_real_plans_name_them() {
        for (name, category) in [
            ("1 号电梯", "elevator"),
            ("货梯", "elevator"),
            ("升降梯", "elevator"),
            ("上行扶梯", "escalator"),
            ("自动扶梯", "escalator"),
            ("2 号楼梯", "stairs"),
            ("步梯", "stairs"),
            ("无障碍卫生间", "restroom.wheelchair"),
            ("第三卫生间", "restroom.family"),
            ("男卫生间", "restroom.male"),
            ("女厕", "restroom.female"),
            ("洗手间", "restroom"),
            ("公共厕所", "restroom"),
            ("母婴室", "mothersroom"),
            ("北电梯厅", "room"),
            ("星巴克", "room"),
            ("B1-023", "room"),
        ] {
            assert_eq!(of_name(Some(name)), category, "{name}");
        }
        assert_eq!(of_name(None), "room");
    }

    /// The connectors are what the engine rides and the rest are places to go: no name turns a
    /// room into a corridor or a closed unit.
    #[test]
    fn every_category_has_the_role_it_is_meant_for() {
        for (category, _) in super::BY_NAME {
            let role = UnitRole::of_category(category);
            let expected = if super::is_connector(category) {
                UnitRole::Connector
            } else {
                UnitRole::Destination
            };
            assert_eq!(role, expected, "{category}");
        }
    }
}
