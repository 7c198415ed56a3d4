//! The enquiry form's no-JavaScript answer (docs/enquiries.md section 4): the business page
//! rendered by the web build with `%%LEAD:*%%` markers, which the server fills per request with
//! what the visitor sent and what is wrong with it. The template is cut into segments once at
//! start, so a request only concatenates them (no search over the page per field).

use std::collections::BTreeMap;

use super::placeholders::escape_markup;
use crate::leads::{Field, RawLead};

const LEAD_OPEN: &str = "%%LEAD:";
const LEAD_CLOSE: &str = "%%";
const SELECTED_OPEN: &str = "data-lead-selected=\"";
const CHECKED: &str = "data-lead-checked=\"consent\"";
/// Longest marker key or option value we accept, so a stray opener cannot swallow the page.
const MAX_KEY_LEN: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Literal(std::ops::Range<usize>),
    /// `%%LEAD:value:<field>%%`, for the fields written back as sent ([`Field::is_refilled`]).
    Value(Field),
    /// `%%LEAD:error:<field>%%` and `%%LEAD:invalid:<field>%%` (`aria-invalid`), for the fields
    /// validation judges ([`Field::is_validated`]).
    Error(Field),
    Invalid(Field),
    Alert,
    /// `data-lead-selected="<list>:<value>"`: `selected` on the submitted option.
    Selected {
        product: bool,
        value: String,
    },
    Checked,
}

/// One variant's filled business page, cut at its markers.
#[derive(Debug)]
pub struct LeadTemplate {
    html: String,
    segments: Vec<Segment>,
}

/// What one answer writes into the form. Values are raw text; they are escaped here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormState {
    /// By name of a field written back as sent; missing = empty.
    pub values: BTreeMap<&'static str, String>,
    /// By name of a field validation judges: the message shown next to the field.
    pub errors: BTreeMap<&'static str, String>,
    pub alert: String,
    pub scenario: String,
    pub product: String,
    pub consent: bool,
}

impl FormState {
    /// The form as the visitor sent it: their own text and the page's (control characters
    /// removed, as validation would have), their choices and their consent.
    pub fn refill(raw: &RawLead) -> Self {
        let mut form = FormState {
            scenario: raw.get(Field::Scenario).unwrap_or_default().to_owned(),
            product: raw.get(Field::Product).unwrap_or_default().to_owned(),
            consent: raw.consent,
            ..FormState::default()
        };
        for field in Field::ALL.into_iter().filter(|field| field.is_refilled()) {
            if let Some(value) = raw.get(field) {
                let shown: String = value
                    .chars()
                    .filter(|c| !c.is_control() || (field.is_multiline() && *c == '\n'))
                    .collect();
                form.values.insert(field.name(), shown);
            }
        }
        form
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TemplateError {
    #[error("the enquiry form has no marker {0} (the web build and the server disagree)")]
    Missing(String),
    #[error("unknown marker {0} in the enquiry form")]
    Unknown(String),
    #[error("unterminated marker at byte {0} of the enquiry form")]
    Unterminated(usize),
}

impl LeadTemplate {
    /// Cuts `html` at its markers and checks that every marker of the contract is there:
    /// each value, error and invalid slot, the alert, an option marker for every choice
    /// (`products` includes the empty "no choice" one), and the consent checkbox.
    pub fn parse(
        html: String,
        scenarios: &[&str],
        products: &[&str],
    ) -> Result<Self, TemplateError> {
        let segments = cut(&html)?;
        let has = |wanted: &Segment| segments.iter().any(|segment| segment == wanted);
        let mut required: Vec<(Segment, String)> = Vec::new();
        for field in Field::ALL.into_iter().filter(|field| field.is_refilled()) {
            let name = field.name();
            required.push((Segment::Value(field), format!("%%LEAD:value:{name}%%")));
        }
        for field in Field::ALL.into_iter().filter(|field| field.is_validated()) {
            let name = field.name();
            required.push((Segment::Error(field), format!("%%LEAD:error:{name}%%")));
            required.push((Segment::Invalid(field), format!("%%LEAD:invalid:{name}%%")));
        }
        required.push((Segment::Alert, "%%LEAD:alert%%".to_owned()));
        for (product, values) in [(false, scenarios), (true, products)] {
            let list = if product { "product" } else { "scenario" };
            for value in values {
                required.push((
                    Segment::Selected {
                        product,
                        value: (*value).to_owned(),
                    },
                    format!("data-lead-selected=\"{list}:{value}\""),
                ));
            }
        }
        required.push((Segment::Checked, CHECKED.to_owned()));
        if let Some((_, marker)) = required.iter().find(|(segment, _)| !has(segment)) {
            return Err(TemplateError::Missing(marker.clone()));
        }
        Ok(Self { html, segments })
    }

    /// The page with the markers filled from `state`.
    pub fn render(&self, state: &FormState) -> String {
        let mut out = String::with_capacity(self.html.len() + 1024);
        let error = |field: &Field| state.errors.get(field.name());
        for segment in &self.segments {
            match segment {
                Segment::Literal(range) => out.push_str(&self.html[range.clone()]),
                Segment::Value(field) => {
                    if let Some(value) = state.values.get(field.name()) {
                        out.push_str(&escape_markup(value));
                    }
                }
                Segment::Error(field) => {
                    if let Some(message) = error(field) {
                        out.push_str(&escape_markup(message));
                    }
                }
                Segment::Invalid(field) => {
                    out.push_str(if error(field).is_some() {
                        "true"
                    } else {
                        "false"
                    });
                }
                Segment::Alert => out.push_str(&escape_markup(&state.alert)),
                Segment::Selected { product, value } => {
                    let chosen = if *product {
                        &state.product
                    } else {
                        &state.scenario
                    };
                    if chosen == value {
                        out.push_str("selected");
                    }
                }
                Segment::Checked => {
                    if state.consent {
                        out.push_str("checked");
                    }
                }
            }
        }
        out
    }
}

/// One pass over the page: the next of the three marker kinds, in order of position.
fn cut(html: &str) -> Result<Vec<Segment>, TemplateError> {
    let mut segments = Vec::new();
    let mut position = 0;
    loop {
        let rest = &html[position..];
        let next = [LEAD_OPEN, SELECTED_OPEN, CHECKED]
            .into_iter()
            .filter_map(|opener| rest.find(opener).map(|at| (at, opener)))
            .min_by_key(|(at, _)| *at);
        let Some((at, opener)) = next else {
            segments.push(Segment::Literal(position..html.len()));
            return Ok(segments);
        };
        let start = position + at;
        if at > 0 {
            segments.push(Segment::Literal(position..start));
        }
        if opener == CHECKED {
            segments.push(Segment::Checked);
            position = start + CHECKED.len();
            continue;
        }
        let close = if opener == LEAD_OPEN {
            LEAD_CLOSE
        } else {
            "\""
        };
        let body_start = start + opener.len();
        // Searched as bytes: the window may end inside a multi-byte character.
        let window = &html.as_bytes()[body_start..html.len().min(body_start + MAX_KEY_LEN)];
        let end = window
            .windows(close.len())
            .position(|candidate| candidate == close.as_bytes())
            .ok_or(TemplateError::Unterminated(start))?;
        let key = &html[body_start..body_start + end];
        position = body_start + end + close.len();
        let segment = if opener == LEAD_OPEN {
            lead_marker(key).ok_or_else(|| TemplateError::Unknown(format!("%%LEAD:{key}%%")))?
        } else {
            let unknown = || TemplateError::Unknown(format!("data-lead-selected=\"{key}\""));
            let (list, value) = key.split_once(':').ok_or_else(unknown)?;
            let product = match list {
                "scenario" => false,
                "product" => true,
                _ => return Err(unknown()),
            };
            Segment::Selected {
                product,
                value: value.to_owned(),
            }
        };
        segments.push(segment);
    }
}

fn lead_marker(key: &str) -> Option<Segment> {
    if key == "alert" {
        return Some(Segment::Alert);
    }
    let (kind, name) = key.split_once(':')?;
    let field = Field::parse(name)?;
    match kind {
        "value" if field.is_refilled() => Some(Segment::Value(field)),
        "error" if field.is_validated() => Some(Segment::Error(field)),
        "invalid" if field.is_validated() => Some(Segment::Invalid(field)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn template_html() -> String {
        let mut html = String::from("<form id=\"lead-form\"><p role=\"alert\">%%LEAD:alert%%</p>");
        for field in Field::ALL.into_iter().filter(|field| field.is_validated()) {
            let field = field.name();
            html.push_str(&format!(
                "<label>{field}<input name=\"{field}\" aria-invalid=\"%%LEAD:invalid:{field}%%\"></label><span>%%LEAD:error:{field}%%</span>"
            ));
        }
        for field in Field::ALL.into_iter().filter(|field| field.is_refilled()) {
            html.push_str(&format!("<i>%%LEAD:value:{}%%</i>", field.name()));
        }
        html.push_str("<select><option value=\"a\" data-lead-selected=\"scenario:a\">甲</option><option value=\"other\" data-lead-selected=\"scenario:other\">其他</option></select>");
        html.push_str("<select><option value=\"\" data-lead-selected=\"product:\">不选</option><option value=\"device:1\" data-lead-selected=\"product:device:1\">信标</option></select>");
        html.push_str(
            "<input type=\"checkbox\" name=\"consent\" data-lead-checked=\"consent\"></form>",
        );
        html
    }

    fn parse(html: String) -> Result<LeadTemplate, TemplateError> {
        LeadTemplate::parse(html, &["a", "other"], &["", "device:1"])
    }

    #[test]
    fn empty_state_leaves_clean_markup() {
        let out = parse(template_html())
            .unwrap()
            .render(&FormState::default());
        assert!(!out.contains("%%") && !out.contains("data-lead"), "{out}");
        assert!(out.contains("aria-invalid=\"false\""));
        assert!(!out.contains("aria-invalid=\"true\""));
        assert!(!out.contains("checked"));
        // No product chosen is the "no choice" option; no scenario matches nothing.
        assert_eq!(out.matches(" selected").count(), 1, "{out}");
        assert!(out.contains("<option value=\"\" selected>"));
    }

    #[test]
    fn fills_values_escaped_errors_choices_and_consent() {
        let mut state = FormState {
            alert: "有 1 项需要修改".to_owned(),
            scenario: "other".to_owned(),
            product: "device:1".to_owned(),
            consent: true,
            ..FormState::default()
        };
        state.values.insert("name", "<script>\"张'三\"&".to_owned());
        state.errors.insert("phone", "请填写正确的电话".to_owned());
        let out = parse(template_html()).unwrap().render(&state);
        assert!(
            out.contains("<i>&lt;script&gt;&quot;张&#x27;三&quot;&amp;</i>"),
            "{out}"
        );
        assert!(out.contains("<span>请填写正确的电话</span>"));
        assert!(out.contains("name=\"phone\" aria-invalid=\"true\""));
        assert!(out.contains("name=\"name\" aria-invalid=\"false\""));
        assert!(out.contains("<option value=\"other\" selected>"));
        assert!(out.contains("<option value=\"a\" >"));
        assert!(out.contains("<option value=\"device:1\" selected>"));
        assert!(out.contains("<option value=\"\" >"));
        assert!(out.contains("name=\"consent\" checked>"));
        assert!(out.contains("role=\"alert\">有 1 项需要修改</p>"));
    }

    #[test]
    fn missing_and_unknown_markers_are_named() {
        let html = template_html().replace("%%LEAD:value:email%%", "");
        assert_eq!(
            parse(html).unwrap_err(),
            TemplateError::Missing("%%LEAD:value:email%%".to_owned())
        );
        let html = template_html().replace("data-lead-selected=\"product:\"", "");
        assert_eq!(
            parse(html).unwrap_err(),
            TemplateError::Missing("data-lead-selected=\"product:\"".to_owned())
        );
        let html = template_html() + "%%LEAD:value:fax%%";
        assert_eq!(
            parse(html).unwrap_err(),
            TemplateError::Unknown("%%LEAD:value:fax%%".to_owned())
        );
        let html = template_html() + "%%LEAD:alert";
        assert!(matches!(
            parse(html).unwrap_err(),
            TemplateError::Unterminated(_)
        ));
    }
}
