//! The configuration's keys by name: their environment variables, the `--help` listing, and
//! load errors that name the key and where it was set.

use super::Config;

/// Turns figment's error into one line per problem naming the key and its source, e.g.
/// "key `listen` (environment variable SITE_LISTEN): invalid socket address syntax".
pub(super) fn describe_figment_error(error: figment::Error) -> String {
    let problems: Vec<String> = error
        .into_iter()
        .map(|problem| {
            let key = problem.path.join(".");
            let source = match &problem.metadata {
                Some(metadata) if metadata.name.contains("environment") => {
                    format!("environment variable {}", env_var_name(&key))
                }
                Some(metadata) => match &metadata.source {
                    Some(source) => source.to_string(),
                    None => metadata.name.to_string(),
                },
                None => "configuration".to_owned(),
            };
            if key.is_empty() {
                format!("{source}: {}", problem.kind)
            } else {
                format!("key `{key}` ({source}): {}", problem.kind)
            }
        })
        .collect();
    problems.join("; ")
}

/// Every key with its environment variable and default, for `--help` and docs/configuration.md.
pub fn keys_help() -> String {
    let defaults = Config::default();
    let mut lines = vec![
        "Configuration keys (TOML file via --config or SITE_CONFIG; each key can be overridden by"
            .to_owned(),
        "its environment variable):".to_owned(),
    ];
    let value = serde_json::to_value(&defaults).expect("config serialises");
    let mut flat = Vec::new();
    flatten_keys("", &value, &mut flat);
    for (key, default) in flat {
        let env = env_var_name(&key);
        let note = match key.as_str() {
            "origins.international" => " (https://www.<domains.international>)",
            "origins.china" => " (https://www.<domains.china>)",
            "indexnow.key" => " (IndexNow off)",
            "indexnow.key_location" => " (/<key>.txt)",
            "database_url" => " (sqlite://<data_dir>/leads.sqlite3; DATABASE_URL is read too)",
            "images.qualities" => " (the ones the pages use)",
            "leads.admin_token" => " (no sales page)",
            "leads.wechat.webhook" => " (no WeChat notice)",
            "leads.email.smtp_url" => " (no e-mail)",
            _ => "",
        };
        lines.push(format!("  {key:<33} {env:<39} default {default}{note}"));
    }
    lines.join("\n")
}

/// `domains.china` is set by `SITE_DOMAINS__CHINA`.
pub(super) fn env_var_name(key: &str) -> String {
    format!("SITE_{}", key.replace('.', "__").to_uppercase())
}

fn flatten_keys(prefix: &str, value: &serde_json::Value, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::Object(map) => {
            for (name, child) in map {
                let key = if prefix.is_empty() {
                    name.clone()
                } else {
                    format!("{prefix}.{name}")
                };
                flatten_keys(&key, child, out);
            }
        }
        leaf => out.push((prefix.to_owned(), leaf.to_string())),
    }
}

#[cfg(test)]
// figment's Jail closures return figment::Error, which clippy finds large; that is its API.
#[allow(clippy::result_large_err)]
mod tests {
    use figment::Jail;

    use super::*;
    use crate::config::testing::load_in_jail;

    #[test]
    fn example_file_sets_every_key_to_its_default() {
        Jail::expect_with(|jail| {
            jail.create_file("site.toml", include_str!("../../site.example.toml"))?;
            let config = load_in_jail(jail, Some("site.toml")).expect("example is valid");
            assert_eq!(config, Config::default());
            let value = serde_json::to_value(Config::default()).expect("config serialises");
            let mut keys = Vec::new();
            flatten_keys("", &value, &mut keys);
            let example = include_str!("../../site.example.toml");
            for (key, _) in keys {
                let leaf = key.rsplit('.').next().expect("non-empty key");
                assert!(
                    example
                        .lines()
                        .any(|line| line.starts_with(&format!("{leaf} = "))),
                    "site.example.toml does not show `{key}`"
                );
            }
            Ok(())
        });
    }

    #[test]
    fn help_lists_every_key_with_its_variable() {
        let help = keys_help();
        for needle in [
            "listen",
            "SITE_LISTEN",
            "SITE_DOMAINS__CHINA",
            "SITE_LINKS__SDK_HARMONYOS",
            "SITE_QR__ENTERPRISE_WECHAT",
            "SITE_DATA_DIR",
            "SITE_LOG__FORMAT",
            "SITE_WORKERS",
            "SITE_ORIGINS__CHINA",
            "SITE_INDEXNOW__KEY",
            "SITE_INDEXNOW__ENDPOINT",
            "SITE_ANALYTICS__SCRIPTS",
            "SITE_DATABASE_URL",
            "SITE_LEADS__ADMIN_TOKEN",
            "SITE_LEADS__TRUSTED_PROXIES",
            "SITE_LEADS__RATE_LIMIT__ACCEPTED",
            "SITE_LEADS__WECHAT__WEBHOOK",
            "SITE_LEADS__EMAIL__SMTP_URL",
            "SITE_LEADS__DELIVERY__RETRY_BASE_MILLIS",
            "SITE_VENUES__RATE_LIMIT__PER_SECOND",
            "SITE_CONNECTIONS__MAX_PER_CLIENT",
            "SITE_HEADERS__HSTS",
        ] {
            assert!(help.contains(needle), "{needle} missing from:\n{help}");
        }
    }
}
