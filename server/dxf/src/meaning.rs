//! What a layer holds for the conversion, and the guess from its name that the visitor confirms.

/// What the conversion takes from a layer's entities; lower-case words in the API (`wall`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "LayerUse"))]
pub enum LayerMeaning {
    /// Lines of walls: they widen the level's outline.
    Wall,
    /// Door blocks (INSERT): openings between a room and the corridor.
    Door,
    /// Closed polylines: one room each.
    Room,
    /// Closed polylines: one lift car each, whatever the text in it says (contract §2.7).
    Elevator,
    /// Closed polylines: one escalator landing each.
    Escalator,
    /// Closed polylines: one stair core each.
    Stairs,
    /// TEXT and MTEXT: the name of the room they stand in.
    Text,
    Ignore,
}

/// Name fragments of each meaning, in the order they are tried: a door or text layer often
/// names the wall or room it belongs to (`A-WALL-DOOR`, `ROOM-TEXT`), so those come first.
/// The Latin ones follow the AIA layer names (`A-WALL`, `A-DOOR`, `A-AREA-IDEN`, `A-ANNO`,
/// `A-FLOR-EVTR`, `A-FLOR-STRS`; not `ELEV`, which is AIA's elevations). Glazing (`A-GLAZ`,
/// curtain walls) and the existing structure of a refurbishment's drawing enclose rooms as
/// walls do.
const FRAGMENTS: [(LayerMeaning, &[&str]); 7] = [
    (LayerMeaning::Door, &["DOOR", "门"]),
    (
        LayerMeaning::Text,
        &["TEXT", "ANNO", "IDEN", "NAME", "文字", "标注", "名称"],
    ),
    (LayerMeaning::Escalator, &["ESCALATOR", "ESCL", "扶梯"]),
    (
        LayerMeaning::Elevator,
        &["ELEVATOR", "EVTR", "LIFT", "电梯", "升降梯"],
    ),
    (LayerMeaning::Stairs, &["STAIR", "STRS", "楼梯"]),
    (
        LayerMeaning::Room,
        &["ROOM", "SPACE", "AREA", "房间", "空间"],
    ),
    (
        LayerMeaning::Wall,
        &["WALL", "PARTITION", "STRUCTURE", "GLAZ", "CURTAIN", "墙"],
    ),
];

impl LayerMeaning {
    /// Whether the layer's closed polylines are rooms; connectors are rooms of a category.
    pub(crate) fn is_room(self) -> bool {
        self.connector().is_some() || self == LayerMeaning::Room
    }

    /// The unit category the layer gives its rooms, when it is a connector's layer.
    pub(crate) fn connector(self) -> Option<&'static str> {
        match self {
            LayerMeaning::Elevator => Some("elevator"),
            LayerMeaning::Escalator => Some("escalator"),
            LayerMeaning::Stairs => Some("stairs"),
            _ => None,
        }
    }

    /// The guess from a layer's name: case-insensitive, anywhere in the name.
    pub fn suggest(layer: &str) -> LayerMeaning {
        let upper = layer.to_uppercase();
        FRAGMENTS
            .iter()
            .find(|(_, fragments)| fragments.iter().any(|f| upper.contains(f)))
            .map_or(LayerMeaning::Ignore, |(meaning, _)| *meaning)
    }
}

#[cfg(test)]
mod tests {
    use super::LayerMeaning::{self, *};

    #[test]
    fn common_layer_names() {
        for (name, meaning) in [
            ("WALL", Wall),
            ("a-wall", Wall),
            ("墙", Wall),
            ("墙体", Wall),
            ("A-320G - Permanent Solid Partitions 12", Wall),
            ("A—墙体", Wall),
            ("A-GLAZ", Wall),
            ("A-210 G - Existing Structure 4", Wall),
            ("玻璃幕墙", Wall),
            ("A—门窗", Door),
            ("A-DOOR", Door),
            ("门", Door),
            ("A-WALL-DOOR", Door),
            ("Room", Room),
            ("SPACE", Room),
            ("房间", Room),
            ("TEXT", Text),
            ("A-ANNO", Text),
            ("文字", Text),
            ("标注", Text),
            ("A-AREA-IDEN", Text),
            ("A-FLOR-EVTR", Elevator),
            ("电梯", Elevator),
            ("LIFT", Elevator),
            ("A-FLOR-STRS", Stairs),
            ("楼梯", Stairs),
            ("自动扶梯", Escalator),
            ("电梯门", Door),
            ("A-ELEV", Ignore),
            ("0", Ignore),
            ("DEFPOINTS", Ignore),
            ("家具", Ignore),
        ] {
            assert_eq!(LayerMeaning::suggest(name), meaning, "{name}");
        }
    }
}
