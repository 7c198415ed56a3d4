//! Times of enquiries: stored as Unix milliseconds (the same on SQLite and PostgreSQL), shown
//! to sales in China Standard Time (+08:00, no daylight saving), wherever the server runs. The
//! flow analytics' days are the same calendar ([`date_of_day`], [`day_of_date`]).

use std::time::{SystemTime, UNIX_EPOCH};

const CST_OFFSET_SECS: i64 = 8 * 3600;

pub(crate) fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}

/// `2026-12-01T09:30:00+08:00`
pub(crate) fn rfc3339_cst(millis: i64) -> String {
    let (date, time) = civil_cst(millis);
    format!("{date}T{time}+08:00")
}

/// `2026-12-01 09:30:00`: what Excel reads as a date and time.
pub(crate) fn display_cst(millis: i64) -> String {
    let (date, time) = civil_cst(millis);
    format!("{date} {time}")
}

/// `20261201`, for file names.
pub(crate) fn date_compact_cst(millis: i64) -> String {
    civil_cst(millis).0.replace('-', "")
}

fn civil_cst(millis: i64) -> (String, String) {
    let secs = millis.div_euclid(1000) + CST_OFFSET_SECS;
    let days = secs.div_euclid(86_400);
    let of_day = secs.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    (
        format!("{year:04}-{month:02}-{day:02}"),
        format!(
            "{:02}:{:02}:{:02}",
            of_day / 3600,
            of_day % 3600 / 60,
            of_day % 60
        ),
    )
}

/// `2026-11-25` of a day counted from 1970-01-01.
pub(crate) fn date_of_day(days: i64) -> String {
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The day (from 1970-01-01) of `2026-11-25`; `None` unless it is such a date that exists.
pub(crate) fn day_of_date(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    if !text.is_ascii() || bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = &text[range];
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    if !(1..=12).contains(&month) || day < 1 {
        return None;
    }
    // Howard Hinnant's civil-to-days, the inverse of `civil_from_days`.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    // 31 February comes back as a day of March: refuse it.
    (civil_from_days(days) == (year, month, day)).then_some(days)
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_in_china_standard_time() {
        // Unix milliseconds and the time in Beijing, each on a date boundary.
        let cases = [
            (0, "1970-01-01 08:00:00"),
            // 2024-02-29T16:30:05Z is already 1 March.
            (1_709_224_205_123, "2024-03-01 00:30:05"),
            // 2000-02-29T00:00:00Z, the leap day of a year divisible by 400.
            (951_782_400_000, "2000-02-29 08:00:00"),
            // 2026-11-23T16:30:00Z is already the 24th.
            (1_795_451_400_000, "2026-11-24 00:30:00"),
            (1_798_761_599_000, "2027-01-01 07:59:59"),
        ];
        for (millis, shown) in cases {
            assert_eq!(display_cst(millis), shown);
            assert_eq!(
                rfc3339_cst(millis),
                format!("{}+08:00", shown.replace(' ', "T"))
            );
            assert_eq!(date_compact_cst(millis), shown[..10].replace('-', ""));
            let days = (millis / 1000 + CST_OFFSET_SECS).div_euclid(86_400);
            assert_eq!(date_of_day(days), shown[..10]);
            assert_eq!(day_of_date(&shown[..10]), Some(days));
        }
        for wrong in [
            "2026-02-29",
            "2026-13-01",
            "2026-11-0",
            "2026/11/25",
            "２026-11-25",
            "２02-11-25",
            "",
        ] {
            assert_eq!(day_of_date(wrong), None, "{wrong}");
        }
    }
}
