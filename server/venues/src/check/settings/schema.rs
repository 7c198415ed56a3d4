//! venue.toml's shape (§2.9), as the web build's `venueTomlSchema` has it: every key, its type
//! and range, and no key besides them (at the top, in each `[[kiosks]]`, in `[samples]` and
//! `[flow]`).

use std::sync::LazyLock;

use toml::{Table, Value};

use super::super::read::is_feature_id;
use crate::Said;

/// What the reference checks read of a venue.toml whose shape holds.
pub(super) struct Settings {
    /// Trimmed, as the build reads it.
    pub default_level: String,
    /// The `id` of each `[[kiosks]]`, in order.
    pub kiosks: Vec<String>,
    pub route_from: String,
    pub route_to: String,
    pub start: String,
}

/// A Chinese plate as find-my-car accepts it (contract §4.5): a province character, a letter,
/// an optional `·`, `-` or space, then 5 letters or digits (6 for new-energy plates).
static PLATE: LazyLock<regex_lite::Regex> = LazyLock::new(|| {
    regex_lite::Regex::new(
        "^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z][·\\- ]?[A-Z0-9]{5,6}$",
    )
    .expect("the plate pattern compiles")
});

const TOP_KEYS: &[&str] = &["order", "default_level", "kiosks", "samples", "flow"];
const KIOSK_KEYS: &[&str] = &["id", "facing"];
const SAMPLE_KEYS: &[&str] = &["queries", "plates", "route_from", "route_to", "start"];
const FLOW_KEYS: &[&str] = &[
    "visitors_per_day",
    "weekend_factor",
    "arrivals",
    "dwell_minutes",
    "stops",
    "drive_share",
];

/// A condition on a number and what the message says when it fails.
type Check = (fn(f64) -> bool, &'static str);

const WHOLE: Check = (
    |n| n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0,
    "必须是整数",
);
const POSITIVE: Check = (|n| n > 0.0, "必须大于 0");
const NOT_NEGATIVE: Check = (|n| n >= 0.0, "不能是负数");
const DEGREES: Check = (|n| (0.0..360.0).contains(&n), "必须是 0 到 359 度");
const SHARE: Check = (|n| (0.0..=1.0).contains(&n), "必须是 0 到 1 之间的比例");

/// Reads `table`, reporting every problem of its shape; the settings when it has none.
pub(super) fn read(table: &Table, report: &mut impl FnMut(&str, Said)) -> Option<Settings> {
    let mut reader = Reader { report, count: 0 };
    let settings = reader.settings(table);
    (reader.count == 0).then_some(settings).flatten()
}

struct Reader<'r, F> {
    report: &'r mut F,
    count: usize,
}

/// How a message names the type of a TOML value.
fn type_name(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "字符串",
        Value::Integer(_) => "整数",
        Value::Float(_) => "小数",
        Value::Boolean(_) => "布尔值",
        Value::Datetime(_) => "日期时间",
        Value::Array(_) => "列表",
        Value::Table(_) => "表",
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

impl<F: FnMut(&str, Said)> Reader<'_, F> {
    fn add(&mut self, field: &str, message: Said) {
        self.count += 1;
        (self.report)(field, message);
    }

    /// The value is missing or of another type than `expected` (described in Chinese).
    fn wrong_type(&mut self, field: &str, value: Option<&Value>, expected: &str) {
        match value {
            None => self.add(field, Said::to_editors(format!("缺失：必须是{expected}"))),
            Some(value) => self.add(
                field,
                Said::to_editors(format!("是{}，必须是{expected}", type_name(value))),
            ),
        }
    }

    /// Reports every key of `table` that is not one of `keys` (`path` is the table's field,
    /// `place` how the message names the table).
    fn unknown_keys(&mut self, path: &str, place: &str, table: &Table, keys: &[&str]) {
        for key in table.keys() {
            if !keys.contains(&key.as_str()) {
                self.add(
                    &join(path, key),
                    Said::to_editors(format!(
                        "不是 {place} 的键；请删除或改正（可用的键：{}）",
                        keys.join(", ")
                    )),
                );
            }
        }
    }

    /// A number (an integer or a finite float, as JavaScript reads both), with `checks`.
    fn number(&mut self, field: &str, value: Option<&Value>, checks: &[Check]) -> Option<f64> {
        let n = match value {
            Some(Value::Integer(n)) => *n as f64,
            Some(Value::Float(n)) if n.is_finite() => *n,
            other => {
                self.wrong_type(field, other, "数字");
                return None;
            }
        };
        let before = self.count;
        for (holds, message) in checks {
            if !holds(n) {
                self.add(field, Said::to_editors(*message));
            }
        }
        (self.count == before).then_some(n)
    }

    /// A string, trimmed, that must not be empty.
    fn text(&mut self, field: &str, value: Option<&Value>) -> Option<String> {
        match value {
            Some(Value::String(text)) if !text.trim().is_empty() => Some(text.trim().to_owned()),
            Some(Value::String(_)) => {
                self.add(field, Said::to_editors("不能为空"));
                None
            }
            other => {
                self.wrong_type(field, other, "字符串");
                None
            }
        }
    }

    fn array<'v>(&mut self, field: &str, value: Option<&'v Value>) -> Option<&'v [Value]> {
        match value {
            Some(Value::Array(list)) => Some(list),
            other => {
                self.wrong_type(field, other, "列表");
                None
            }
        }
    }

    fn settings(&mut self, table: &Table) -> Option<Settings> {
        self.unknown_keys("", "venue.toml", table, TOP_KEYS);
        self.number("order", table.get("order"), &[WHOLE, POSITIVE]);
        let default_level = self.text("default_level", table.get("default_level"));
        let kiosks = self.kiosks(table.get("kiosks"));
        let samples = self.samples(table.get("samples"));
        if let Some(flow) = table.get("flow") {
            self.flow(flow);
        }
        let (route_from, route_to, start) = samples?;
        Some(Settings {
            default_level: default_level?,
            kiosks: kiosks?,
            route_from,
            route_to,
            start,
        })
    }

    /// `[[kiosks]]`: one table per kiosk feature, with its id and facing; none by default.
    fn kiosks(&mut self, value: Option<&Value>) -> Option<Vec<String>> {
        let Some(value) = value else {
            return Some(Vec::new());
        };
        let Value::Array(list) = value else {
            self.add(
                "kiosks",
                Said::to_editors(format!(
                    "是{}，必须是 [[kiosks]] 表的列表（每个导视屏一个，写上 id 和 facing）",
                    type_name(value)
                )),
            );
            return None;
        };
        let mut ids = Vec::new();
        for (index, entry) in list.iter().enumerate() {
            let path = format!("kiosks[{index}]");
            let Value::Table(entry) = entry else {
                self.add(
                    &path,
                    Said::to_editors(format!(
                        "是{}，必须是一个表：导视屏的 id 和 facing",
                        type_name(entry)
                    )),
                );
                continue;
            };
            self.unknown_keys(&path, "[[kiosks]] 条目", entry, KIOSK_KEYS);
            let field = format!("{path}.id");
            match entry.get("id") {
                Some(Value::String(id)) if is_feature_id(id) => ids.push(id.clone()),
                Some(Value::String(_)) => {
                    self.add(
                        &field,
                        Said::to_editors("必须是 kiosk.geojson 里一个导视屏要素的 id"),
                    );
                }
                other => self.wrong_type(&field, other, "字符串"),
            }
            self.number(&format!("{path}.facing"), entry.get("facing"), &[DEGREES]);
        }
        Some(ids)
    }

    /// `[samples]`: the hints the viewer shows; the three locations when they are text.
    fn samples(&mut self, value: Option<&Value>) -> Option<(String, String, String)> {
        let table = match value {
            Some(Value::Table(table)) => table,
            other => {
                self.wrong_type(
                    "samples",
                    other,
                    "表 [samples]（queries、plates、route_from、route_to、start）",
                );
                return None;
            }
        };
        self.unknown_keys("samples", "[samples]", table, SAMPLE_KEYS);
        if let Some(queries) = self.array("samples.queries", table.get("queries")) {
            if queries.is_empty() {
                self.add(
                    "samples.queries",
                    Said::to_editors("至少要给出一个可以试的搜索词"),
                );
            }
            for (index, query) in queries.iter().enumerate() {
                self.text(&format!("samples.queries[{index}]"), Some(query));
            }
        }
        if let Some(plates) = self.array("samples.plates", table.get("plates")) {
            for (index, plate) in plates.iter().enumerate() {
                let field = format!("samples.plates[{index}]");
                match plate {
                    Value::String(text) if PLATE.is_match(text) => {}
                    Value::String(_) => {
                        self.add(&field, Said::to_editors("必须是中国车牌，如 \"沪A·D2345\""));
                    }
                    other => self.wrong_type(&field, Some(other), "字符串"),
                }
            }
        }
        let route_from = self.text("samples.route_from", table.get("route_from"));
        let route_to = self.text("samples.route_to", table.get("route_to"));
        let start = self.text("samples.start", table.get("start"));
        Some((route_from?, route_to?, start?))
    }

    /// `[flow]`: the simulated visitors of the flow analytics (issue #17).
    fn flow(&mut self, value: &Value) {
        let Value::Table(table) = value else {
            self.wrong_type("flow", Some(value), "表 [flow]（没有客流分析时整段删去）");
            return;
        };
        self.unknown_keys("flow", "[flow]", table, FLOW_KEYS);
        self.number(
            "flow.visitors_per_day",
            table.get("visitors_per_day"),
            &[WHOLE, POSITIVE],
        );
        self.number(
            "flow.weekend_factor",
            table.get("weekend_factor"),
            &[POSITIVE],
        );
        if let Some(arrivals) = self.array("flow.arrivals", table.get("arrivals")) {
            let weights: Vec<Option<f64>> = arrivals
                .iter()
                .enumerate()
                .map(|(index, w)| {
                    self.number(&format!("flow.arrivals[{index}]"), Some(w), &[NOT_NEGATIVE])
                })
                .collect();
            if weights.len() != 24 {
                self.add(
                    "flow.arrivals",
                    Said::to_editors(format!(
                        "有 {} 个数；必须给出 0 到 23 时每个小时的到达权重，共 24 个",
                        weights.len()
                    )),
                );
            } else if !weights.iter().any(|w| w.is_some_and(|w| w > 0.0)) {
                self.add(
                    "flow.arrivals",
                    Said::to_editors("全是 0；至少一个小时要有到达的访客"),
                );
            }
        }
        self.number(
            "flow.dwell_minutes",
            table.get("dwell_minutes"),
            &[POSITIVE],
        );
        if let Some(stops) = self.array("flow.stops", table.get("stops")) {
            if stops.len() == 2 {
                let fewest = self.number("flow.stops[0]", stops.first(), &[WHOLE, POSITIVE]);
                let most = self.number("flow.stops[1]", stops.get(1), &[WHOLE, POSITIVE]);
                if let (Some(fewest), Some(most)) = (fewest, most)
                    && fewest > most
                {
                    self.add(
                        "flow.stops",
                        Said::to_editors(format!(
                            "最少 {fewest} 大于最多 {most}；写成 [最少, 最多]"
                        )),
                    );
                }
            } else {
                self.add(
                    "flow.stops",
                    Said::to_editors(format!(
                        "有 {} 个数；必须是两个整数 [最少, 最多]：每个访客去的最少和最多地点数",
                        stops.len()
                    )),
                );
            }
        }
        if let Some(share) = table.get("drive_share") {
            self.number("flow.drive_share", Some(share), &[SHARE]);
        }
    }
}
