//! What is wrong with an upload, one shape whichever step found it: the venue check (a feature
//! of an IMDF file) or the DXF conversion (an entity of a drawing). The visitor's list shows the
//! file, the feature or entity, the field or layer, the rule and the sentence saying what to do.

use site_dxf::{DxfProblem, DxfRule};
use site_venues::Said;
use site_venues::check::Problem;

/// One problem, in both languages: the API words it in the language asked
/// (`http/error.rs`, `BuildingProblem`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct UploadProblem {
    /// The file at fault as the visitor named it: `unit.geojson` in their archive, `L1.dxf`.
    pub file: String,
    /// The feature id, or the DXF entity's handle (`2F`), when one is at fault.
    pub feature: Option<String>,
    /// The property at fault, or the DXF layer; empty when neither.
    pub field: String,
    /// The rule broken: the venue check's (`geometry`, `references`...) or the drawing's
    /// (`dxf-room`, `dxf-door`...).
    pub rule: String,
    pub message: Said,
}

impl UploadProblem {
    /// A problem of the venue check, whose file is named under `dir` (the scratch directory the
    /// visitor never saw): named as in their archive.
    pub(crate) fn checked(problem: Problem, dir: &str) -> UploadProblem {
        let prefix = format!("{dir}/");
        let rule = serde_json::to_value(problem.rule)
            .ok()
            .and_then(|rule| rule.as_str().map(str::to_owned))
            .unwrap_or_default();
        UploadProblem {
            file: problem.file.trim_start_matches(&prefix).to_owned(),
            feature: problem.feature,
            field: problem.field,
            rule,
            message: problem.message,
        }
    }

    /// A problem of a drawing: of the one it names, else of `file`.
    pub(crate) fn drawn(file: &str, problem: DxfProblem) -> UploadProblem {
        UploadProblem {
            file: problem.file.unwrap_or_else(|| file.to_owned()),
            feature: problem.handle,
            field: problem.layer.unwrap_or_default(),
            rule: dxf_rule(problem.rule).to_owned(),
            message: problem.message,
        }
    }
}

fn dxf_rule(rule: DxfRule) -> &'static str {
    match rule {
        DxfRule::Unreadable => "dxf-unreadable",
        DxfRule::Unit => "dxf-unit",
        DxfRule::Mapping => "dxf-mapping",
        DxfRule::Room => "dxf-room",
        DxfRule::NoRooms => "dxf-no-rooms",
        DxfRule::Door => "dxf-door",
        DxfRule::RoomWithoutDoor => "dxf-room-without-door",
        DxfRule::Level => "dxf-level",
    }
}
