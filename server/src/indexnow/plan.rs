//! Which addresses to submit: those whose content differs from the last accepted submission,
//! grouped per origin host and cut into batches, with the JSON body the protocol asks for.
//! Pure functions; no I/O.

use serde::Serialize;

use super::state::State;

/// The indexable pages of one site, as search engines see them.
#[derive(Debug, Clone)]
pub struct OriginUrls {
    /// e.g. `https://www.indora.cn`.
    pub origin: String,
    /// The origin's host name, the protocol's `host`.
    pub host: String,
    /// Absolute page address and the hash of its content.
    pub pages: Vec<(String, String)>,
}

/// One address to submit, with the content hash to remember once the submission is
/// accepted; `None` when the page is gone (removed or now noindex), which search engines
/// also want to hear about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Change {
    pub url: String,
    pub hash: Option<String>,
}

/// One request's worth of addresses for one host.
#[derive(Debug, Clone)]
pub struct Batch {
    pub(super) host: String,
    pub(super) key_location: String,
    pub(super) changes: Vec<Change>,
}

/// The request body the IndexNow protocol defines.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SubmissionBody<'a> {
    host: &'a str,
    key: &'a str,
    key_location: &'a str,
    url_list: Vec<&'a str>,
}

impl Batch {
    pub fn host(&self) -> &str {
        &self.host
    }

    pub fn len(&self) -> usize {
        self.changes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// The JSON body of this batch's request.
    pub fn body(&self, key: &str) -> String {
        let body = SubmissionBody {
            host: &self.host,
            key,
            key_location: &self.key_location,
            url_list: self
                .changes
                .iter()
                .map(|change| change.url.as_str())
                .collect(),
        };
        serde_json::to_string(&body).expect("strings serialise")
    }
}

/// The batches to send, in order: per origin, the changed addresses in page order, then the
/// gone ones; at most `batch_size` addresses each.
pub(super) fn batches(
    current: &[OriginUrls],
    state: &State,
    key_path: &str,
    batch_size: usize,
) -> Vec<Batch> {
    let mut batches = Vec::new();
    for site in current {
        let mut changes: Vec<Change> = site
            .pages
            .iter()
            .filter(|(url, hash)| state.hash(url) != Some(hash.as_str()))
            .map(|(url, hash)| Change {
                url: url.clone(),
                hash: Some(hash.clone()),
            })
            .collect();
        let prefix = format!("{}/", site.origin);
        changes.extend(
            state
                .urls()
                .filter(|url| url.starts_with(&prefix))
                .filter(|url| !site.pages.iter().any(|(current, _)| current == url))
                .map(|url| Change {
                    url: url.to_owned(),
                    hash: None,
                }),
        );
        let key_location = format!("{}{key_path}", site.origin);
        for chunk in changes.chunks(batch_size.max(1)) {
            batches.push(Batch {
                host: site.host.clone(),
                key_location: key_location.clone(),
                changes: chunk.to_vec(),
            });
        }
    }
    batches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(origin: &str, pages: &[(&str, &str)]) -> OriginUrls {
        OriginUrls {
            origin: origin.to_owned(),
            host: origin.trim_start_matches("https://").to_owned(),
            pages: pages
                .iter()
                .map(|(path, hash)| (format!("{origin}{path}"), (*hash).to_owned()))
                .collect(),
        }
    }

    #[test]
    fn first_run_submits_every_page_per_host_in_batches() {
        let current = [
            site(
                "https://www.indora.com",
                &[("/next/", "a"), ("/next/map", "b"), ("/next/x", "c")],
            ),
            site("https://www.indora.cn", &[("/next/", "d")]),
        ];
        let batches = batches(&current, &State::default(), "/k.txt", 2);
        let shape: Vec<(&str, usize)> = batches.iter().map(|b| (b.host(), b.len())).collect();
        assert_eq!(
            shape,
            [
                ("www.indora.com", 2),
                ("www.indora.com", 1),
                ("www.indora.cn", 1)
            ]
        );
        let body: serde_json::Value = serde_json::from_str(&batches[0].body("secretkey")).unwrap();
        assert_eq!(
            body,
            serde_json::json!({
                "host": "www.indora.com",
                "key": "secretkey",
                "keyLocation": "https://www.indora.com/k.txt",
                "urlList": ["https://www.indora.com/next/", "https://www.indora.com/next/map"],
            })
        );
    }

    #[test]
    fn only_changed_and_gone_pages_are_submitted() {
        let mut state = State::default();
        for (url, hash) in [
            ("https://www.indora.com/next/", "a"),
            ("https://www.indora.com/next/map", "old"),
            ("https://www.indora.com/next/gone", "g"),
            ("https://old.example.com/next/", "o"),
        ] {
            state.record(&Change {
                url: url.into(),
                hash: Some(hash.into()),
            });
        }
        let current = [site(
            "https://www.indora.com",
            &[("/next/", "a"), ("/next/map", "b")],
        )];
        let batches = batches(&current, &state, "/k.txt", 100);
        assert_eq!(batches.len(), 1);
        assert_eq!(
            batches[0].changes,
            [
                Change {
                    url: "https://www.indora.com/next/map".into(),
                    hash: Some("b".into())
                },
                Change {
                    url: "https://www.indora.com/next/gone".into(),
                    hash: None
                },
            ]
        );
    }

    #[test]
    fn nothing_changed_means_no_batches() {
        let current = [site("https://www.indora.com", &[("/next/", "a")])];
        let mut state = State::default();
        state.record(&Change {
            url: "https://www.indora.com/next/".into(),
            hash: Some("a".into()),
        });
        assert!(batches(&current, &state, "/k.txt", 100).is_empty());
    }
}
