//! The enquiry export (contract section 5), written for Excel as sales open it: a UTF-8 byte
//! order mark (without it Excel reads UTF-8 as the local code page and Chinese turns to
//! mojibake), CRLF rows, RFC 4180 quoting, and no cell that Excel would run as a formula.

use super::catalog::LABEL_KEYS;
use super::{Catalog, Lead};

/// The columns, by label key, in order: every label but the last (the notification state,
/// which describes delivery, not the enquiry).
pub(crate) const COLUMNS: &[&str] = LABEL_KEYS.split_at(LABEL_KEYS.len() - 1).0;

/// The whole file. `display_times[i]` is lead i's time as `YYYY-MM-DD HH:MM:SS` (+08:00).
pub(crate) fn write(catalog: &Catalog, leads: &[(Lead, String)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(256 + leads.len() * 256);
    out.extend_from_slice(b"\xEF\xBB\xBF");
    let header: Vec<&str> = COLUMNS.iter().map(|key| catalog.label(key)).collect();
    write_row(&mut out, &header);
    for (lead, time) in leads {
        let row = [
            lead.id.as_str(),
            time.as_str(),
            catalog.status_label(lead.status),
            &lead.name,
            &lead.company,
            &lead.phone,
            &lead.email,
            &lead.scenario_label,
            &lead.product_label,
            &lead.message,
            &lead.page,
            &lead.variant_label,
            &lead.user_agent,
        ];
        write_row(&mut out, &row);
    }
    out
}

fn write_row(out: &mut Vec<u8>, cells: &[&str]) {
    for (index, cell) in cells.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        write_cell(out, cell);
    }
    out.extend_from_slice(b"\r\n");
}

fn write_cell(out: &mut Vec<u8>, cell: &str) {
    // OWASP's CSV-injection advice: a leading quote makes Excel show the text instead of
    // evaluating it (=HYPERLINK(...), +cmd|..., @SUM(...), -2+3).
    let defused = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let quoted = defused || cell.contains([',', '"', '\r', '\n']);
    if quoted {
        out.push(b'"');
    }
    if defused {
        out.push(b'\'');
    }
    let body = if cell.contains('\n') && !cell.contains("\r\n") {
        // Line breaks inside a cell as CRLF too, like the rows; Excel shows either.
        cell.replace('\n', "\r\n")
    } else {
        cell.to_owned()
    };
    out.extend_from_slice(body.replace('"', "\"\"").as_bytes());
    if quoted {
        out.push(b'"');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> String {
        let mut out = Vec::new();
        write_cell(&mut out, text);
        String::from_utf8(out).expect("utf-8")
    }

    #[test]
    fn cells_are_quoted_only_when_needed() {
        assert_eq!(cell("张三"), "张三");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(cell("line 1\nline 2"), "\"line 1\r\nline 2\"");
    }

    #[test]
    fn formula_starts_are_defused() {
        assert_eq!(cell("=1+1"), "\"'=1+1\"");
        assert_eq!(cell("+8613800138000"), "\"'+8613800138000\"");
        assert_eq!(cell("-2"), "\"'-2\"");
        assert_eq!(cell("@SUM(A1)"), "\"'@SUM(A1)\"");
        assert_eq!(cell("\tx"), "\"'\tx\"");
        assert_eq!(cell("1=1"), "1=1");
    }
}
