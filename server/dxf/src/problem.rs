//! Why a drawing is refused: [`DxfError`] when it cannot be read at all, [`DxfProblem`] for
//! each entity or setting that stops the conversion, named by its handle and layer as the
//! visitor's CAD program shows them. Each sentence is in Chinese and in English ([`Said`]).

use std::fmt;

use site_venues::{Said, said};

/// Why a file cannot be read as a drawing. Shown to the visitor in their language by
/// [`DxfError::said`]; `Display` is its Chinese.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DxfError {
    #[error("{}", self.said())]
    Dwg,
    #[error("{}", self.said())]
    NotDxf,
    /// What the DXF parser found wrong, in its own words.
    #[error("{}", self.said())]
    Unreadable(String),
    #[error("{}", self.said())]
    TooManyObjects { objects: usize, max: usize },
}

impl DxfError {
    /// Why the file cannot be read, in both languages.
    pub fn said(&self) -> Said {
        match self {
            Self::Dwg => said!(
                "这是 DWG 文件，不是 DXF：请在 CAD 软件里“另存为” DXF（任一版本）后再上传",
                "This is a DWG file, not DXF: save it as DXF (any version) with Save As in your CAD program, then upload the DXF"
            ),
            Self::NotDxf => said!(
                "不是 DXF 文件：DXF 是以“0 SECTION”开头的文本（或二进制 DXF），请在 CAD 软件里导出 DXF",
                "This is not a DXF file (DXF is text that starts with \"0 SECTION\", or binary DXF): export DXF from your CAD program"
            ),
            Self::Unreadable(error) => said!(
                "无法读取这个 DXF 文件：{error}",
                "This DXF file cannot be read: {error}"
            ),
            Self::TooManyObjects { objects, max } => said!(
                "图纸有约 {objects} 个对象，超过了 {max} 个的上限：请在 CAD 软件里删除或冻结家具、填充、标注等与房间无关的图层后再导出（二进制 DXF 请另存为文本 DXF）",
                "The drawing has about {objects} objects, more than the limit of {max}: in your CAD program, delete or freeze the layers that have nothing to do with the rooms (furniture, hatching, dimensions and the like), then export again (save a binary DXF as an ASCII DXF)"
            ),
        }
    }
}

/// The rule a problem breaks, for a caller that groups or counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DxfRule {
    /// The file cannot be read (DWG, not DXF, broken).
    Unreadable,
    /// Neither the mapping nor the drawing says how long a drawing unit is.
    Unit,
    /// The mapping's numbers are impossible (position, known length, level).
    Mapping,
    /// A polyline on a room layer that is no usable room outline.
    Room,
    /// No room at all.
    NoRooms,
    /// A door that lies on no room's edge.
    Door,
    /// A room no door leads into.
    RoomWithoutDoor,
    /// Rooms and the space between them that make no level.
    Level,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DxfProblem {
    pub rule: DxfRule,
    /// The uploaded file at fault, when a building is converted from several drawings.
    pub file: Option<String>,
    /// The entity's handle as CAD programs show it (hex, `2F`), when one entity is at fault.
    pub handle: Option<String>,
    pub layer: Option<String>,
    /// The whole sentence, naming the layer and handle when there are.
    pub message: Said,
}

/// The handles the conversion gives to what has no entity of its own in the drawing
/// (`crate::plan`): a gap in a wall, a room the wall lines enclose. Each is the word in Chinese
/// and in English, then a space and a number.
pub(crate) const WALL_GAP: [&str; 2] = ["墙上缺口", "wall gap"];
pub(crate) const WALL_ENCLOSURE: [&str; 2] = ["墙线围合", "wall enclosure"];

impl DxfProblem {
    pub(crate) fn drawing(rule: DxfRule, message: Said) -> DxfProblem {
        DxfProblem {
            rule,
            file: None,
            handle: None,
            layer: None,
            message,
        }
    }

    /// A problem of one entity: `what` is the entity as a visitor calls it (`多段线`,
    /// `polyline`), `why` finishes the sentence (`has no door`).
    pub(crate) fn entity(
        rule: DxfRule,
        layer: &str,
        what: &Said,
        handle: &str,
        why: &Said,
    ) -> DxfProblem {
        let (what_zh, why_zh) = (what.chinese(), why.chinese());
        let (what_en, why_en) = (what.english(), why.english());
        // A handle the conversion made up names itself; a real one is called a handle.
        let made_up = [WALL_GAP, WALL_ENCLOSURE]
            .into_iter()
            .find_map(|[zh, en]| Some(format!("{en}{}", handle.strip_prefix(zh)?)));
        let handle_en = made_up.unwrap_or_else(|| format!("handle {handle}"));
        DxfProblem {
            rule,
            file: None,
            message: Said::new(
                format!("图层 {layer} 上的{what_zh}（句柄 {handle}）{why_zh}"),
                format!("The {what_en} on layer {layer} ({handle_en}) {why_en}"),
            ),
            handle: Some(handle.to_owned()),
            layer: Some(layer.to_owned()),
        }
    }

    /// The problem as found in the drawing `file` of the level `level`: the sentence starts by
    /// naming them, since the visitor uploaded one drawing per level.
    pub(crate) fn in_file(mut self, file: &str, level: &str) -> DxfProblem {
        self.message =
            said!("文件 {file}（{level}）：", "File {file} ({level}): ").then(&self.message);
        self.file = Some(file.to_owned());
        self
    }

    pub(crate) fn unreadable(error: &DxfError) -> DxfProblem {
        DxfProblem::drawing(DxfRule::Unreadable, error.said())
    }
}

/// The sentence in Chinese, as the site speaks where no language is asked.
impl fmt::Display for DxfProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message.chinese())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entitys_problem_reads_naturally_in_both_languages() {
        let problem = DxfProblem::entity(
            DxfRule::Room,
            "A-ROOM",
            &said!("多段线", "polyline"),
            "2F",
            &said!("不到三个顶点", "has fewer than three vertices"),
        )
        .in_file("L1.dxf", "一层");
        assert_eq!(
            problem.message.chinese(),
            "文件 L1.dxf（一层）：图层 A-ROOM 上的多段线（句柄 2F）不到三个顶点"
        );
        assert_eq!(
            problem.message.english(),
            "File L1.dxf (一层): The polyline on layer A-ROOM (handle 2F) has fewer than three vertices"
        );
        assert_eq!(problem.to_string(), problem.message.chinese());
        let enclosed = DxfProblem::entity(
            DxfRule::RoomWithoutDoor,
            "A-WALL",
            &said!("房间", "room"),
            &format!("{} 3", WALL_ENCLOSURE[0]),
            &said!("没有门", "has no door"),
        );
        assert_eq!(
            enclosed.message.english(),
            "The room on layer A-WALL (wall enclosure 3) has no door"
        );
        assert_eq!(
            enclosed.message.chinese(),
            "图层 A-WALL 上的房间（句柄 墙线围合 3）没有门"
        );
    }

    #[test]
    fn an_unreadable_file_is_told_in_both_languages_and_displayed_in_chinese() {
        let error = DxfError::TooManyObjects {
            objects: 60_000,
            max: 50_000,
        };
        assert!(
            error
                .to_string()
                .starts_with("图纸有约 60000 个对象，超过了 50000 个的上限")
        );
        assert_eq!(error.to_string(), error.said().chinese());
        let problem = DxfProblem::unreadable(&DxfError::Dwg);
        assert!(
            problem
                .message
                .english()
                .starts_with("This is a DWG file, not DXF")
        );
        assert!(problem.message.chinese().starts_with("这是 DWG 文件"));
    }
}
