//! The enquiry export (docs/enquiries.md section 5), written for Excel as sales open it: a UTF-8
//! byte order mark (without it Excel reads UTF-8 as the local code page and Chinese turns to
//! mojibake), CRLF rows, every cell quoted (RFC 4180), and no cell that Excel would run as a
//! formula.

use super::{Catalog, Field, Lead};

/// The whole file. `display_times[i]` is lead i's time as `YYYY-MM-DD HH:MM:SS` (+08:00).
pub(crate) fn write(catalog: &Catalog, leads: &[(Lead, String)]) -> Vec<u8> {
    let columns: Vec<Field> = Field::ALL
        .into_iter()
        .filter(|field| field.is_exported())
        .collect();
    let mut out = Vec::with_capacity(256 + leads.len() * 256);
    out.extend_from_slice(b"\xEF\xBB\xBF");
    let header: Vec<&str> = columns.iter().map(|field| catalog.label(*field)).collect();
    write_row(&mut out, &header);
    for (lead, time) in leads {
        let row: Vec<&str> = columns
            .iter()
            .map(|field| value_of(catalog, lead, time, *field))
            .collect();
        write_row(&mut out, &row);
    }
    out
}

/// What the export shows of `field`: labels rather than stored values for the choices, the
/// status and the variant.
fn value_of<'a>(catalog: &'a Catalog, lead: &'a Lead, time: &'a str, field: Field) -> &'a str {
    match field {
        Field::Id => &lead.id,
        Field::CreatedAt => time,
        Field::Status => catalog.status_label(lead.status),
        Field::Name => &lead.name,
        Field::Company => &lead.company,
        Field::Phone => &lead.phone,
        Field::Email => &lead.email,
        Field::Scenario => &lead.scenario_label,
        Field::Product => &lead.product_label,
        Field::Message => &lead.message,
        Field::Page => &lead.page,
        Field::Variant => &lead.variant_label,
        Field::UserAgent => &lead.user_agent,
        // Not columns of the export.
        Field::Delivery | Field::Consent | Field::LeaveEmpty => "",
    }
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
    // Every cell is quoted, not only those with a comma, quote or line break (issue #16): how
    // a row is delimited then never depends on what a visitor typed.
    out.push(b'"');
    // OWASP's CSV-injection advice: a leading quote makes Excel show the text instead of
    // evaluating it (=HYPERLINK(...), +cmd|..., @SUM(...), -2+3).
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        out.push(b'\'');
    }
    let body = if cell.contains('\n') && !cell.contains("\r\n") {
        // Line breaks inside a cell as CRLF too, like the rows; Excel shows either.
        cell.replace('\n', "\r\n")
    } else {
        cell.to_owned()
    };
    out.extend_from_slice(body.replace('"', "\"\"").as_bytes());
    out.push(b'"');
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
    fn every_cell_is_quoted_and_formulas_are_defused() {
        let cases = [
            ("张三", "\"张三\""),
            ("", "\"\""),
            ("0755-1234567", "\"0755-1234567\""),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("line 1\nline 2", "\"line 1\r\nline 2\""),
            // A leading quote keeps Excel from evaluating these.
            ("=1+1", "\"'=1+1\""),
            ("+8613800138000", "\"'+8613800138000\""),
            ("-2", "\"'-2\""),
            ("@SUM(A1)", "\"'@SUM(A1)\""),
            ("\tx", "\"'\tx\""),
            ("1=1", "\"1=1\""),
        ];
        for (text, written) in cases {
            assert_eq!(cell(text), written, "{text:?}");
        }
    }
}
