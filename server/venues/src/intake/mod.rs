//! A visitor's IMDF archive, taken in (issue #32): what an anonymous client uploads is read
//! within limits before anything is believed, and only then handed to the venue check, the one
//! decision whether a venue is valid. `archive` screens the ZIP (its directory first, so a zip
//! bomb or a path trick is refused before a byte is expanded) and expands the IMDF files;
//! `census` counts what each file holds (levels, features, vertices, how far it spreads) before
//! the check builds anything from it. Every refusal says what was wrong, in Chinese and in English.

mod archive;
mod census;
#[cfg(test)]
mod tests;

use std::path::Path;

use crate::{Said, said};

pub use census::Census;

/// How much an upload may hold. Each has a default that fits the largest real buildings we
/// know (a three-level mall is 2 MB of GeoJSON, 5,000 features) many times over.
#[derive(Debug, Clone, PartialEq)]
pub struct IntakeLimits {
    /// The archive as sent.
    pub archive_bytes: u64,
    /// Every file of the archive expanded, together.
    pub expanded_bytes: u64,
    /// Entries of the archive (files and folders), including those that are not IMDF.
    pub entries: usize,
    pub levels: usize,
    /// Features of every file together.
    pub features: usize,
    /// Positions of one geometry (a polygon with its holes, a line).
    pub vertices_per_geometry: usize,
    /// How far apart any two positions may be, east-west or north-south, in metres: a building
    /// spreads over a few hundred metres, and a position far away is a mistake.
    pub extent_m: f64,
}

impl Default for IntakeLimits {
    fn default() -> Self {
        Self {
            archive_bytes: 20 * 1024 * 1024,
            expanded_bytes: 100 * 1024 * 1024,
            entries: 200,
            levels: 30,
            features: 50_000,
            vertices_per_geometry: 20_000,
            extent_m: 10_000.0,
        }
    }
}

/// What [`unpack_imdf`] wrote and what it left.
#[derive(Debug, Clone, PartialEq)]
pub struct Unpacked {
    /// The files written, as named in the directory (`manifest.json`, `unit.geojson`, ...).
    pub files: Vec<String>,
    /// Entries of the archive that are not IMDF files (folders, `__MACOSX/`, other files),
    /// as the archive names them.
    pub ignored: Vec<String>,
    pub census: Census,
}

/// Why an upload was refused before the venue check saw it. Shown to the visitor: in their
/// language by [`IntakeError::said`], in Chinese by `Display`.
#[derive(Debug, Clone, PartialEq)]
pub enum IntakeError {
    TooLarge {
        size: u64,
        max: u64,
    },
    /// Not a ZIP, with what the reader found wrong.
    NotZip(Said),
    TooManyEntries {
        count: u64,
        max: usize,
    },
    UnsafePath {
        entry: String,
    },
    Encrypted {
        entry: String,
    },
    Compression {
        entry: String,
        method: String,
    },
    ExpandsTooFar {
        entry: String,
        max: u64,
    },
    SizeMismatch {
        entry: String,
    },
    Unreadable {
        entry: String,
        message: String,
    },
    Duplicate {
        name: String,
        first: String,
        second: String,
    },
    Scattered {
        first: String,
        second: String,
    },
    NoImdf,
    /// A file the census refused, and why.
    Census {
        file: String,
        message: Said,
    },
    Spread {
        metres: f64,
        max: f64,
    },
    Write(String),
}

impl IntakeError {
    /// Why the upload was refused, in both languages.
    pub fn said(&self) -> Said {
        match self {
            Self::TooLarge { size, max } => said!(
                "文件有 {size} 字节，超过了 {max} 字节的上限",
                "The file is {size} bytes, over the limit of {max} bytes"
            ),
            Self::NotZip(why) => Said::new(
                format!(
                    "这不是一个能读的 ZIP 压缩包（{}）；请上传 IMDF 压缩包（.zip）",
                    why.chinese()
                ),
                format!(
                    "This is not a readable ZIP archive ({}). Upload an IMDF archive (.zip)",
                    why.english()
                ),
            ),
            Self::TooManyEntries { count, max } => said!(
                "压缩包有 {count} 个条目，最多 {max} 个",
                "The archive has {count} entries; it may have at most {max}"
            ),
            Self::UnsafePath { entry } => said!(
                "压缩包里的 {entry} 的路径不安全（绝对路径、“..” 或链接），整个压缩包不予接收",
                "The path of {entry} in the archive is unsafe (an absolute path, \"..\" or a \
                 link), so the whole archive is refused"
            ),
            Self::Encrypted { entry } => said!(
                "压缩包里的 {entry} 加了密码，请上传不加密的压缩包",
                "{entry} in the archive is password-protected. Upload an archive without \
                 encryption"
            ),
            Self::Compression { entry, method } => said!(
                "压缩包里的 {entry} 用了不支持的压缩方式（{method}），请用普通的 ZIP（Deflate）重新压缩",
                "{entry} in the archive uses an unsupported compression method ({method}). \
                 Compress it again as a plain ZIP (Deflate)"
            ),
            Self::ExpandsTooFar { entry, max } => said!(
                "压缩包展开后超过 {max} 字节的上限（{entry} 处）",
                "The archive expands beyond the limit of {max} bytes (at {entry})"
            ),
            Self::SizeMismatch { entry } => said!(
                "压缩包里的 {entry} 展开后与它登记的大小不符，压缩包可能已损坏",
                "{entry} in the archive does not expand to the size it declares; the archive \
                 may be damaged"
            ),
            Self::Unreadable { entry, message } => said!(
                "压缩包里的 {entry} 读不出来：{message}",
                "{entry} in the archive cannot be read: {message}"
            ),
            Self::Duplicate {
                name,
                first,
                second,
            } => said!(
                "压缩包里有两份 {name}（{first} 和 {second}），不知道该用哪一份",
                "The archive has two copies of {name} ({first} and {second}), and there is no \
                 telling which one to use"
            ),
            Self::Scattered { first, second } => said!(
                "压缩包里的 IMDF 文件分在几个文件夹里（{first} 和 {second}），请把它们放在同一个文件夹",
                "The IMDF files in the archive are in different folders ({first} and \
                 {second}). Put them all in one folder"
            ),
            Self::NoImdf => said!(
                "压缩包里没有 IMDF 文件（venue.geojson、level.geojson、unit.geojson……）",
                "The archive has no IMDF files (venue.geojson, level.geojson, unit.geojson, ...)"
            ),
            Self::Census { file, message } => Said::new(
                format!("{file}：{}", message.chinese()),
                format!("{file}: {}", message.english()),
            ),
            Self::Spread { metres, max } => said!(
                "坐标分布在 {metres:.0} 米的范围内，超过了一座建筑的 {max:.0} 米；请检查坐标是否都是 WGS 84 经纬度",
                "The coordinates spread over {metres:.0} m, more than the {max:.0} m a building \
                 may span. Check that every coordinate is a WGS 84 longitude/latitude"
            ),
            Self::Write(message) => said!(
                "写入临时目录失败：{message}",
                "Writing to the temporary directory failed: {message}"
            ),
        }
    }
}

/// In Chinese, as the site speaks where no language is asked.
impl std::fmt::Display for IntakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.said().chinese())
    }
}

impl std::error::Error for IntakeError {}

/// Reads the IMDF archive `bytes` within `limits` and writes its IMDF files (`manifest.json`
/// and `<feature_type>.geojson`, flattened out of any one folder they were in) into `dir`, an
/// empty directory, for the venue check. Nothing is written unless the archive's directory
/// passed; a refusal half-way leaves `dir` to be deleted by the caller.
pub fn unpack_imdf(
    bytes: &[u8],
    limits: &IntakeLimits,
    dir: &Path,
) -> Result<Unpacked, IntakeError> {
    if bytes.len() as u64 > limits.archive_bytes {
        return Err(IntakeError::TooLarge {
            size: bytes.len() as u64,
            max: limits.archive_bytes,
        });
    }
    let plan = archive::screen(bytes, limits)?;
    let mut census = Census::default();
    let mut files = Vec::new();
    archive::expand(bytes, &plan, limits, |name, text| {
        census.add(name, text, limits)?;
        std::fs::write(dir.join(name), text).map_err(|e| IntakeError::Write(e.to_string()))?;
        files.push(name.to_owned());
        Ok(())
    })?;
    census.finish(limits)?;
    Ok(Unpacked {
        files,
        ignored: plan.ignored,
        census,
    })
}

/// Counts the IMDF files of `dir` again within `limits`, as [`unpack_imdf`] counted them when
/// they came in: for a building whose files were edited since (`crate::edit`), so that edits
/// cannot grow it past what an upload may hold.
pub fn census_dir(dir: &Path, limits: &IntakeLimits) -> Result<Census, IntakeError> {
    let mut census = Census::default();
    let entries = std::fs::read_dir(dir).map_err(|e| IntakeError::Write(e.to_string()))?;
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    let mut expanded = 0u64;
    for name in names {
        let text = std::fs::read(dir.join(&name)).map_err(|e| IntakeError::Unreadable {
            entry: name.clone(),
            message: e.to_string(),
        })?;
        expanded += text.len() as u64;
        if expanded > limits.expanded_bytes {
            return Err(IntakeError::ExpandsTooFar {
                entry: name,
                max: limits.expanded_bytes,
            });
        }
        census.add(&name, &text, limits)?;
    }
    census.finish(limits)?;
    Ok(census)
}
