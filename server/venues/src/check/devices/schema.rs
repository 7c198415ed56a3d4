//! The shape of a device feature of infrastructure.geojson : its envelope (a Point with
//! `feature_type` "infrastructure") and the properties of each kind, every key required and no
//! other allowed.

use serde_json::{Map, Value};

use crate::Said;
use crate::check::properties::patterns::{UuidForm, is_uuid};
use crate::check::read::is_feature_id;

/// The kinds of device the positioning engine simulates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DeviceKind {
    BleBeacon,
    AoaGateway,
    UwbAnchor,
}

impl DeviceKind {
    const ALL: [DeviceKind; 3] = [
        DeviceKind::BleBeacon,
        DeviceKind::AoaGateway,
        DeviceKind::UwbAnchor,
    ];

    pub(super) fn name(self) -> &'static str {
        match self {
            DeviceKind::BleBeacon => "ble_beacon",
            DeviceKind::AoaGateway => "aoa_gateway",
            DeviceKind::UwbAnchor => "uwb_anchor",
        }
    }

    /// Every property a device of this kind carries, in the schema's order.
    fn keys(self) -> &'static [&'static str] {
        match self {
            DeviceKind::BleBeacon => &[
                "kind",
                "level_id",
                "name",
                "height",
                "uuid",
                "major",
                "minor",
                "tx_power",
                "interval_ms",
            ],
            DeviceKind::AoaGateway => &["kind", "level_id", "name", "height", "range"],
            DeviceKind::UwbAnchor => &["kind", "level_id", "name", "height", "anchor_id"],
        }
    }
}

/// What the later rules read of a device whose properties hold.
#[derive(Debug, Clone)]
pub(super) struct DeviceProperties {
    pub kind: DeviceKind,
    pub level_id: String,
    /// Trimmed, as the build reads it.
    pub name: String,
    /// A beacon's iBeacon uuid, major and minor.
    pub uuid: Option<String>,
    pub major: Option<f64>,
    pub minor: Option<f64>,
    /// A UWB anchor's id.
    pub anchor_id: Option<f64>,
}

/// A problem of one device: the field (`properties.height`, or empty) and the message.
pub(super) type Issue = (String, Said);

fn issue(field: &str, message: Said) -> Issue {
    (field.to_owned(), message)
}

/// A number as JavaScript writes it: `2`, `2.5`.
pub(super) fn show(n: f64) -> String {
    format!("{n}")
}

/// A device feature's envelope as read: its id, position and properties not yet checked.
pub(super) struct Envelope<'a> {
    pub id: &'a str,
    /// [longitude, latitude]
    pub position: [f64; 2],
    pub properties: &'a Map<String, Value>,
}

/// The feature's envelope, or every problem of it.
pub(super) fn envelope(value: &Value) -> Result<Envelope<'_>, Vec<Issue>> {
    let Some(object) = value.as_object() else {
        return Err(vec![issue(
            "",
            Said::to_editors("必须是一个定位设备的 GeoJSON Feature 对象"),
        )]);
    };
    let mut issues = Vec::new();
    let id = match object.get("id") {
        Some(Value::String(id)) if is_feature_id(id) => Some(id.as_str()),
        Some(Value::String(_)) => {
            issues.push(issue(
                "id",
                Said::to_editors(
                    "必须是小写十六进制的第 4 版 UUID：xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx",
                ),
            ));
            None
        }
        _ => {
            issues.push(issue("id", Said::to_editors("必须是要素 id（字符串）")));
            None
        }
    };
    if object.get("type").and_then(Value::as_str) != Some("Feature") {
        issues.push(issue("type", Said::to_editors(r#"必须是 "Feature""#)));
    }
    if object.get("feature_type").and_then(Value::as_str) != Some("infrastructure") {
        issues.push(issue(
            "feature_type",
            Said::to_editors(r#"必须是 "infrastructure"：infrastructure.geojson 只放定位设备"#),
        ));
    }
    let position = match object.get("geometry").and_then(Value::as_object) {
        None => {
            issues.push(issue(
                "geometry",
                Said::to_editors("必须是 GeoJSON Point：一个设备立在一个位置"),
            ));
            None
        }
        Some(geometry) => {
            if geometry.get("type").and_then(Value::as_str) != Some("Point") {
                issues.push(issue(
                    "geometry.type",
                    Said::to_editors(r#"必须是 "Point""#),
                ));
            }
            position(geometry.get("coordinates"), &mut issues)
        }
    };
    let properties = object.get("properties").and_then(Value::as_object);
    if properties.is_none() {
        issues.push(issue(
            "properties",
            Said::to_editors("必须是设备属性的对象"),
        ));
    }
    match (id, position, properties) {
        (Some(id), Some(position), Some(properties)) if issues.is_empty() => Ok(Envelope {
            id,
            position,
            properties,
        }),
        _ => Err(issues),
    }
}

fn position(value: Option<&Value>, issues: &mut Vec<Issue>) -> Option<[f64; 2]> {
    let field = "geometry.coordinates";
    let Some([lon, lat]) = value.and_then(Value::as_array).map(Vec::as_slice) else {
        issues.push(issue(
            field,
            Said::to_editors("必须是一个位置 [经度, 纬度]"),
        ));
        return None;
    };
    let mut read = |value: &Value, index: usize, what: &str, limit: f64| {
        let field = format!("{field}[{index}]");
        match value.as_f64() {
            Some(n) if n.abs() <= limit => Some(n),
            Some(n) => {
                issues.push((
                    field,
                    Said::to_editors(format!(
                        "{} 不在 -{limit} 到 {limit} 之间，不是{what}",
                        show(n)
                    )),
                ));
                None
            }
            None => {
                issues.push((field, Said::to_editors(format!("必须是{what}（数字）"))));
                None
            }
        }
    };
    let lon = read(lon, 0, "经度", 180.0);
    let lat = read(lat, 1, "纬度", 90.0);
    Some([lon?, lat?])
}

/// The properties checked against the device's kind; None after reporting what is wrong.
pub(super) fn properties(
    properties: &Map<String, Value>,
    issues: &mut Vec<Issue>,
) -> Option<DeviceProperties> {
    let kinds: Vec<&str> = DeviceKind::ALL.iter().map(|k| k.name()).collect();
    let found = properties.get("kind");
    let Some(kind) = DeviceKind::ALL
        .into_iter()
        .find(|k| found.and_then(Value::as_str) == Some(k.name()))
    else {
        let shown = found.map_or_else(|| "缺失".to_owned(), |v| format!("是 {v}"));
        issues.push(issue(
            "properties.kind",
            Said::to_editors(format!("{shown}；设备的 kind 是 {} 之一", kinds.join("、"))),
        ));
        return None;
    };
    let before = issues.len();
    let keys = kind.keys();
    for key in keys {
        if !properties.contains_key(*key) {
            issues.push(issue(
                &format!("properties.{key}"),
                Said::to_editors(format!(
                    "缺失；每个 {} 都有 {}",
                    kind.name(),
                    keys.join(", ")
                )),
            ));
        }
    }
    for key in properties.keys() {
        if !keys.contains(&key.as_str()) {
            issues.push(issue(
                &format!("properties.{key}"),
                Said::to_editors(format!(
                    "不是 {} 的属性；请删除（{} 的键：{}）",
                    kind.name(),
                    kind.name(),
                    keys.join(", ")
                )),
            ));
        }
    }
    let mut values = Values { properties, issues };
    let level_id = values.feature_id("level_id");
    let name = values.text("name");
    values.number("height", |n| {
        if n <= 0.0 {
            Some(Said::to_editors("必须高于地面（以米计，大于 0）"))
        } else if n > 20.0 {
            Some(Said::to_editors("离地面最多 20 米"))
        } else {
            None
        }
    });
    let (mut uuid, mut major, mut minor, mut anchor_id) = (None, None, None, None);
    match kind {
        DeviceKind::BleBeacon => {
            uuid = values.uuid("uuid");
            major = values.whole("major", 1.0, 65535.0);
            minor = values.whole("minor", 1.0, 65535.0);
            values.whole("tx_power", -100.0, 0.0);
            values.whole("interval_ms", 20.0, 10240.0);
        }
        DeviceKind::AoaGateway => {
            values.number("range", |n| {
                (n <= 0.0).then(|| Said::to_editors("必须是以米计的覆盖半径（大于 0）"))
            });
        }
        DeviceKind::UwbAnchor => {
            anchor_id = values.whole("anchor_id", 1.0, 2_147_483_647.0);
        }
    }
    if values.issues.len() > before {
        return None;
    }
    Some(DeviceProperties {
        kind,
        level_id: level_id?,
        name: name?,
        uuid,
        major,
        minor,
        anchor_id,
    })
}

/// The values of one device's properties; a missing key is reported once, as missing.
struct Values<'a> {
    properties: &'a Map<String, Value>,
    issues: &'a mut Vec<Issue>,
}

impl Values<'_> {
    fn report(&mut self, key: &str, message: Said) {
        self.issues
            .push(issue(&format!("properties.{key}"), message));
    }

    fn feature_id(&mut self, key: &str) -> Option<String> {
        match self.properties.get(key)? {
            Value::String(id) if is_feature_id(id) => Some(id.clone()),
            Value::String(_) => {
                self.report(
                    key,
                    Said::to_editors("必须是小写十六进制的第 4 版 UUID：xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx"),
                );
                None
            }
            _ => {
                self.report(key, Said::to_editors("必须是要素 id（字符串）"));
                None
            }
        }
    }

    fn text(&mut self, key: &str) -> Option<String> {
        match self.properties.get(key)? {
            Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
            Value::String(_) => {
                self.report(key, Said::to_editors("不能为空"));
                None
            }
            _ => {
                self.report(key, Said::to_editors("必须是字符串"));
                None
            }
        }
    }

    fn uuid(&mut self, key: &str) -> Option<String> {
        match self.properties.get(key)? {
            Value::String(text) if is_uuid(text, UuidForm::AnyCase) => Some(text.clone()),
            Value::String(_) => {
                self.report(
                    key,
                    Said::to_editors("必须是 UUID，如 \"575e57e1-c191-4337-80eb-41ae0e334e4b\""),
                );
                None
            }
            _ => {
                self.report(key, Said::to_editors("必须是字符串"));
                None
            }
        }
    }

    /// A number, with what is wrong with it besides its type.
    fn number(&mut self, key: &str, wrong: impl Fn(f64) -> Option<Said>) -> Option<f64> {
        let Some(n) = self.properties.get(key)?.as_f64() else {
            self.report(key, Said::to_editors("必须是数字"));
            return None;
        };
        match wrong(n) {
            Some(message) => {
                self.report(key, message);
                None
            }
            None => Some(n),
        }
    }

    /// A whole number from `min` to `max`.
    fn whole(&mut self, key: &str, min: f64, max: f64) -> Option<f64> {
        let range = format!("必须是 {} 到 {} 的整数", show(min), show(max));
        self.number(key, |n| {
            (n.fract() != 0.0 || n < min || n > max)
                .then(|| Said::to_editors(format!("是 {}，{range}", show(n))))
        })
    }
}
