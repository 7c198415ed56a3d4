//! Why a drawing is refused: [`DxfError`] when it cannot be read at all, [`DxfProblem`] for
//! each entity or setting that stops the conversion, named by its handle and layer as the
//! visitor's CAD program shows them.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DxfError {
    #[error("这是 DWG 文件，不是 DXF：请在 CAD 软件里“另存为” DXF（任一版本）后再上传")]
    Dwg,
    #[error(
        "不是 DXF 文件：DXF 是以“0 SECTION”开头的文本（或二进制 DXF），请在 CAD 软件里导出 DXF"
    )]
    NotDxf,
    #[error("无法读取这个 DXF 文件：{0}")]
    Unreadable(String),
    #[error(
        "图纸有约 {objects} 个对象，超过了 {max} 个的上限：请在 CAD 软件里删除或冻结家具、填充、标注等与房间无关的图层后再导出（二进制 DXF 请另存为文本 DXF）"
    )]
    TooManyObjects { objects: usize, max: usize },
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
    /// The whole sentence, in Chinese, naming the layer and handle when there are.
    pub message: String,
}

impl DxfProblem {
    pub(crate) fn drawing(rule: DxfRule, message: impl Into<String>) -> DxfProblem {
        DxfProblem {
            rule,
            file: None,
            handle: None,
            layer: None,
            message: message.into(),
        }
    }

    /// A problem of one entity: `what` is the entity as a visitor calls it (`多段线`), `why`
    /// finishes the sentence.
    pub(crate) fn entity(
        rule: DxfRule,
        layer: &str,
        what: &str,
        handle: &str,
        why: &str,
    ) -> DxfProblem {
        DxfProblem {
            rule,
            file: None,
            message: format!("图层 {layer} 上的{what}（句柄 {handle}）{why}"),
            handle: Some(handle.to_owned()),
            layer: Some(layer.to_owned()),
        }
    }

    /// The problem as found in the drawing `file` of the level `level`: the sentence starts by
    /// naming them, since the visitor uploaded one drawing per level.
    pub(crate) fn in_file(mut self, file: &str, level: &str) -> DxfProblem {
        self.message = format!("文件 {file}（{level}）：{}", self.message);
        self.file = Some(file.to_owned());
        self
    }

    pub(crate) fn unreadable(error: &DxfError) -> DxfProblem {
        DxfProblem::drawing(DxfRule::Unreadable, error.to_string())
    }
}

impl fmt::Display for DxfProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
