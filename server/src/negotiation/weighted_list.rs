//! Header lists with quality values (RFC 9110 section 12.4.2), as in `Accept` and
//! `Accept-Encoding`: `gzip;q=0.8, br` is read as `[("gzip", 0.8), ("br", 1.0)]`.

/// Each item's token (trimmed, as sent) with its `q` parameter, 1.0 when absent or unreadable.
pub(crate) fn weighted_items(list: &str) -> impl Iterator<Item = (&str, f32)> {
    list.split(',').map(|item| {
        let mut parts = item.split(';');
        let token = parts.next().unwrap_or("").trim();
        let quality = parts
            .filter_map(|param| {
                let (name, value) = param.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("q")
                    .then(|| value.trim().parse::<f32>().ok())
                    .flatten()
            })
            .next()
            .unwrap_or(1.0);
        (token, quality)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tokens_and_quality_values() {
        let items: Vec<_> =
            weighted_items("gzip;q=0.8, br ,image/webp; Q=0 ;x=1, *;q=bad").collect();
        assert_eq!(
            items,
            [("gzip", 0.8), ("br", 1.0), ("image/webp", 0.0), ("*", 1.0)]
        );
    }
}
