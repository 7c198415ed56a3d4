//! Why the editor's change set was refused ([`EditError`]), in both languages.

use crate::{Said, said};

/// Why a change set was not applied; `index` counts the changes from 1. Shown to the visitor:
/// in their language by [`EditError::said`], in Chinese by `Display`.
#[derive(Debug, Clone, PartialEq)]
pub enum EditError {
    Nothing,
    TooMany {
        count: usize,
        max: usize,
    },
    TooManyCorners {
        count: usize,
        max: usize,
    },
    UnknownType {
        index: usize,
        feature_type: String,
    },
    NotAFeature {
        index: usize,
        reason: Said,
    },
    UnknownFeature {
        index: usize,
        feature_type: String,
        id: String,
    },
    DuplicateId {
        index: usize,
        feature_type: String,
        id: String,
    },
    /// The change does not apply, and why.
    Cannot {
        index: usize,
        reason: Said,
    },
    Unreadable {
        file: String,
        message: Said,
    },
    Write(String),
}

impl EditError {
    /// Why the change set was not applied, in both languages.
    pub fn said(&self) -> Said {
        match self {
            Self::Nothing => said!("没有要保存的修改", "There are no changes to save"),
            Self::TooMany { count, max } => said!(
                "一次最多提交 {max} 处修改，这次有 {count} 处",
                "Submit at most {max} changes at a time; you submitted {count}"
            ),
            Self::TooManyCorners { count, max } => said!(
                "一次最多画 {max} 个房间的角，这次有 {count} 个",
                "Draw at most {max} room corners at a time; you drew {count}"
            ),
            Self::UnknownType {
                index,
                feature_type,
            } => said!(
                "第 {index} 处修改：{feature_type} 不是 IMDF 的要素类型",
                "Change {index}: {feature_type} is not an IMDF feature type"
            ),
            Self::NotAFeature { index, reason } => Said::new(
                format!(
                    "第 {index} 处修改：新要素不是 GeoJSON Feature（{}）",
                    reason.chinese()
                ),
                format!(
                    "Change {index}: the new feature is not a GeoJSON Feature ({})",
                    reason.english()
                ),
            ),
            Self::UnknownFeature {
                index,
                feature_type,
                id,
            } => said!(
                "第 {index} 处修改：{feature_type} 里没有 id 为 {id} 的要素",
                "Change {index}: {feature_type} has no feature with id {id}"
            ),
            Self::DuplicateId {
                index,
                feature_type,
                id,
            } => said!(
                "第 {index} 处修改：{feature_type} 里已有 id 为 {id} 的要素",
                "Change {index}: {feature_type} already has a feature with id {id}"
            ),
            Self::Cannot { index, reason } => Said::new(
                format!("第 {index} 处修改：{}", reason.chinese()),
                format!("Change {index}: {}", reason.english()),
            ),
            Self::Unreadable { file, message } => Said::new(
                format!("{file} 读不出来：{}", message.chinese()),
                format!("{file} cannot be read: {}", message.english()),
            ),
            Self::Write(message) => said!(
                "写入临时目录失败：{message}",
                "Writing to the temporary directory failed: {message}"
            ),
        }
    }
}

/// In Chinese, as the site speaks where no language is asked.
impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.said().chinese())
    }
}

impl std::error::Error for EditError {}
