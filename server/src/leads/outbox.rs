//! Delivery of enquiries to sales: a background worker sends the outbox rows written with each
//! enquiry, retrying with exponential backoff. Failures are of two kinds (issue #30): a
//! permanent one (the robot's key is wrong, the mail server refuses the address) is not retried,
//! and a transient one (a timeout, a 5xx, the robot's rate limit) is retried, at the longest
//! back-off once the back-off has grown, until `leads.delivery.max_attempts` attempts and
//! `leads.delivery.retry_for_secs` (a day) have both passed: an outage of the robot over a
//! night loses no notice. A notice given up (issue #16) is logged once as an error and marked
//! on the sales page, while the enquiry itself stays stored. A row is leased before it is sent,
//! so any number of server instances sharing one PostgreSQL database send each notice once; a
//! crash mid-send leaves a lease that runs out, and the notice is sent again (at least once,
//! never lost).

use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Mailbox, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use tokio::sync::{Notify, watch};

use super::store::{LeadRow, OutboxRow, Pool};
use super::{Catalog, Field, markdown, time};
use crate::config::{Delivery, LeadsConfig, redact_url};
use crate::negotiation::language::Language;

/// The enterprise WeChat robot refuses markdown content over 4096 bytes.
const WECHAT_MAX_BYTES: usize = 4096;
/// Rows leased per pass.
const BATCH: u32 = 20;

/// A configured way of telling sales.
pub(crate) enum Channel {
    WeChat {
        client: reqwest::Client,
        webhook: String,
    },
    Email {
        // Boxed: the SMTP transport is several times the size of the other variant.
        transport: Box<AsyncSmtpTransport<Tokio1Executor>>,
        from: Mailbox,
        to: Vec<Mailbox>,
    },
}

impl Channel {
    /// The channels `config` turns on; a channel that cannot be built is logged and left out
    /// (config validation makes that rare).
    pub(crate) fn from_config(config: &LeadsConfig) -> Vec<Channel> {
        let timeout = Duration::from_secs(config.delivery.timeout_secs.max(1));
        let mut channels = Vec::new();
        let webhook = config.wechat.webhook.expose();
        if !webhook.is_empty() {
            match reqwest::Client::builder().timeout(timeout).build() {
                Ok(client) => channels.push(Channel::WeChat {
                    client,
                    webhook: webhook.to_owned(),
                }),
                Err(error) => tracing::error!(%error, "WeChat notices are off: no HTTP client"),
            }
        }
        let email = &config.email;
        if !email.smtp_url.is_empty() {
            let built = AsyncSmtpTransport::<Tokio1Executor>::from_url(email.smtp_url.expose())
                .map(|builder| builder.timeout(Some(timeout)).build())
                .map_err(|error| error.to_string())
                .and_then(|transport| {
                    let from = email.from.parse::<Mailbox>().map_err(|e| e.to_string())?;
                    let to = email
                        .to
                        .iter()
                        .map(|to| to.parse::<Mailbox>().map_err(|e| e.to_string()))
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok(Channel::Email {
                        transport: Box::new(transport),
                        from,
                        to,
                    })
                });
            match built {
                Ok(channel) => channels.push(channel),
                Err(error) => tracing::error!(
                    %error,
                    smtp_url = %redact_url(email.smtp_url.expose()),
                    "notification e-mail is off"
                ),
            }
        }
        channels
    }

    /// The outbox `channel` value.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Channel::WeChat { .. } => "wechat",
            Channel::Email { .. } => "email",
        }
    }

    async fn send(&self, catalog: &Catalog, lead: &LeadRow) -> Result<(), Failure> {
        match self {
            Channel::WeChat { client, webhook } => {
                let body = serde_json::json!({
                    "msgtype": "markdown",
                    "markdown": { "content": wechat_content(catalog, lead) },
                });
                let response = client
                    .post(webhook)
                    .header("content-type", "application/json; charset=utf-8")
                    .body(body.to_string())
                    .send()
                    .await
                    // The URL holds the robot's key; reqwest errors quote it.
                    .map_err(|error| Failure::transient(error.without_url().to_string()))?;
                let status = response.status();
                let text = response
                    .text()
                    .await
                    .map_err(|error| Failure::transient(error.without_url().to_string()))?;
                if status != reqwest::StatusCode::OK {
                    let message = format!("HTTP {status}: {}", shorten(&text, 200));
                    // A 4xx other than a timeout or a rate limit is about this request or the
                    // address itself: sending it again cannot help.
                    let permanent =
                        status.is_client_error() && !matches!(status.as_u16(), 408 | 425 | 429);
                    return Err(Failure { message, permanent });
                }
                // The robot answers 200 for refusals too (45009: rate limit, 93000: bad key);
                // only errcode 0 means the group got it.
                let answer: serde_json::Value = serde_json::from_str(&text).map_err(|_| {
                    Failure::transient(format!("not a JSON answer: {}", shorten(&text, 200)))
                })?;
                match answer["errcode"].as_i64() {
                    Some(0) => Ok(()),
                    code => Err(Failure {
                        message: format!(
                            "errcode {}: {}",
                            code.map_or("missing".to_owned(), |code| code.to_string()),
                            answer["errmsg"].as_str().unwrap_or_default()
                        ),
                        permanent: code.is_some_and(wechat_refuses_for_good),
                    }),
                }
            }
            Channel::Email {
                transport,
                from,
                to,
            } => {
                let subject = format!(
                    "{} - {}",
                    catalog.message("notification_title", &[]),
                    lead.company
                );
                let mut builder = lettre::Message::builder()
                    .from(from.clone())
                    .subject(subject);
                for to in to {
                    builder = builder.to(to.clone());
                }
                let body = SinglePart::builder()
                    .header(ContentType::TEXT_PLAIN)
                    .header(ContentTransferEncoding::Base64)
                    // Mail lines end in CRLF (RFC 5322), the message's own line breaks too.
                    .body(
                        notification_lines(catalog, lead, &lead.message, str::to_owned)
                            .join("\n")
                            .replace('\n', "\r\n"),
                    );
                let message = builder.singlepart(body).map_err(|error| Failure {
                    message: error.to_string(),
                    permanent: true,
                })?;
                transport
                    .send(message)
                    .await
                    .map(|_| ())
                    .map_err(|error| Failure {
                        message: error.to_string(),
                        // A 5xx reply refuses this message for good (no such mailbox, a
                        // sender refused); a 4xx, a timeout or a broken connection may pass.
                        permanent: error.is_permanent(),
                    })
            }
        }
    }
}

/// Why a notice did not reach sales, and whether sending it again could help.
#[derive(Debug)]
struct Failure {
    message: String,
    permanent: bool,
}

impl Failure {
    fn transient(message: String) -> Self {
        Self {
            message,
            permanent: false,
        }
    }
}

/// The robot's error codes that say its key or the message itself is refused: an invalid or
/// removed webhook (93000, 93004), no right to send (48002), a malformed message (40008,
/// 44004, 40058). Its rate limit (45009) and "system busy" (-1) pass with time, and a code it
/// has not documented is given the benefit of the doubt.
fn wechat_refuses_for_good(code: i64) -> bool {
    matches!(code, 93000 | 93004 | 48002 | 40008 | 44004 | 40058)
}

fn shorten(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// "label：value" lines, message last (it is the one that may be long). What the visitor typed
/// goes through `typed` (the robot's Markdown needs it made literal, mail does not); `message`
/// has been through it already.
fn notification_lines(
    catalog: &Catalog,
    lead: &LeadRow,
    message: &str,
    typed: fn(&str) -> String,
) -> Vec<String> {
    let scenario = if lead.scenario_label.is_empty() {
        &lead.scenario
    } else {
        &lead.scenario_label
    };
    let product = if lead.product_label.is_empty() {
        &lead.product
    } else {
        &lead.product_label
    };
    let time = time::display_cst(lead.created_at);
    let fields: [(Field, String); 10] = [
        (Field::Company, typed(&lead.company)),
        (Field::Name, typed(&lead.name)),
        (Field::Phone, typed(&lead.phone)),
        (Field::Email, typed(&lead.email)),
        (Field::Scenario, scenario.clone()),
        (Field::Product, product.clone()),
        (Field::Page, lead.page.clone()),
        (
            Field::Variant,
            catalog.variant_label(&lead.variant).to_owned(),
        ),
        (Field::CreatedAt, time),
        (Field::Message, message.to_owned()),
    ];
    // An enquiry from the English pages is answered in English: the notice says so first.
    let english = Language::of_page_path(&lead.page) == Language::English;
    let language = english.then(|| catalog.message("notification_english", &[]));
    language
        .into_iter()
        .chain(
            fields
                .iter()
                .map(|(field, value)| format!("{}：{value}", catalog.label(*field))),
        )
        .collect()
}

/// The robot's markdown: a heading and the lines, the visitor's text made literal
/// (`markdown::literal`), the message cut (on a character boundary, with "…") so the whole
/// stays within the robot's 4096 bytes.
pub(crate) fn wechat_content(catalog: &Catalog, lead: &LeadRow) -> String {
    let heading = format!("## {}", catalog.message("notification_title", &[]));
    let assemble = |message: &str| {
        let mut lines = vec![heading.clone()];
        lines.extend(notification_lines(
            catalog,
            lead,
            message,
            markdown::literal,
        ));
        lines.join("\n")
    };
    let message = markdown::literal(&lead.message);
    let full = assemble(&message);
    if full.len() <= WECHAT_MAX_BYTES {
        return full;
    }
    let room = WECHAT_MAX_BYTES
        .saturating_sub(assemble("").len())
        .saturating_sub('…'.len_utf8());
    let mut end = room.min(message.len());
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    assemble(&format!("{}…", &message[..end]))
}

/// The wait before the next attempt after `attempts` failures: base doubled per failure, at
/// most max, then between half and all of that so instances do not retry in lockstep.
fn backoff_millis(delivery: &Delivery, attempts: i64) -> i64 {
    let exponent = u32::try_from(attempts.saturating_sub(1).clamp(0, 40)).unwrap_or(40);
    let full = delivery
        .retry_base_millis
        .saturating_mul(1u64 << exponent)
        .min(delivery.retry_max_millis);
    let half = full / 2;
    let wait = half + fastrand::u64(0..=full - half);
    i64::try_from(wait).unwrap_or(i64::MAX)
}

impl Worker {
    /// A transient failure is given up only once both the attempts and the time allowed have
    /// passed: twenty quick attempts must not lose a notice to a robot down for an hour.
    fn retried_enough(&self, row: &OutboxRow, attempts: i64, now: i64) -> bool {
        let retried_for = now.saturating_sub(row.created_at);
        let allowed =
            i64::try_from(self.delivery.retry_for_secs.saturating_mul(1000)).unwrap_or(i64::MAX);
        attempts >= i64::from(self.delivery.max_attempts) && retried_for >= allowed
    }
}

pub(crate) struct Worker {
    pub(crate) pool: Pool,
    pub(crate) catalog: Catalog,
    pub(crate) channels: Vec<Channel>,
    pub(crate) delivery: Delivery,
    pub(crate) wake: Arc<Notify>,
    /// True once the database is migrated.
    pub(crate) ready: watch::Receiver<bool>,
    pub(crate) stop: watch::Receiver<bool>,
}

impl Worker {
    pub(crate) async fn run(mut self) {
        if self.ready.wait_for(|ready| *ready).await.is_err() {
            return;
        }
        let names: Vec<&'static str> = self.channels.iter().map(Channel::name).collect();
        let poll = Duration::from_secs(self.delivery.poll_secs.max(1));
        tracing::info!(channels = ?names, "enquiry notifications on");
        loop {
            if *self.stop.borrow() {
                return;
            }
            self.pass(&names).await;
            // Sleep until the next row is due, the poll interval, a new enquiry, or stop.
            let next = match self.pool.next_due(&names).await {
                Ok(Some(at)) => {
                    let wait = at.saturating_sub(time::now_millis()).max(0);
                    Duration::from_millis(u64::try_from(wait).unwrap_or(0)).min(poll)
                }
                Ok(None) => poll,
                Err(error) => {
                    tracing::warn!(%error, "cannot read the notification outbox");
                    poll
                }
            };
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(next) => {}
                _ = self.stop.changed() => return,
            }
        }
    }

    /// Sends every row due now, batch by batch.
    async fn pass(&self, names: &[&str]) {
        loop {
            let now = time::now_millis();
            let due = match self.pool.due(now, names, BATCH).await {
                Ok(due) => due,
                Err(error) => {
                    tracing::warn!(%error, "cannot read the notification outbox");
                    return;
                }
            };
            if due.is_empty() {
                return;
            }
            let mut sent_any = false;
            for row in due {
                if *self.stop.borrow() {
                    return;
                }
                sent_any |= self.deliver(row).await;
            }
            if !sent_any {
                // Everything was leased elsewhere; let the other worker finish.
                return;
            }
        }
    }

    /// Leases, sends and records one row; false when the lease was taken by someone else.
    async fn deliver(&self, row: OutboxRow) -> bool {
        let now = time::now_millis();
        // Long enough for the slowest attempt, so a lease never runs out mid-send.
        let lease = i64::try_from(self.delivery.timeout_secs.saturating_mul(3).max(60) * 1000)
            .unwrap_or(i64::MAX);
        match self
            .pool
            .claim(&row.id, now, now.saturating_add(lease))
            .await
        {
            Ok(true) => {}
            Ok(false) => return false,
            Err(error) => {
                tracing::warn!(%error, "cannot lease a notification");
                return false;
            }
        }
        let Some(channel) = self.channels.iter().find(|c| c.name() == row.channel) else {
            return false;
        };
        let result = match self.pool.get(&row.lead_id).await {
            Ok(Some(lead)) => channel.send(&self.catalog, &lead).await,
            Ok(None) => Err(Failure {
                message: format!("enquiry {} is missing", row.lead_id),
                permanent: true,
            }),
            Err(error) => Err(Failure::transient(error.to_string())),
        };
        let attempts = row.attempts + 1;
        let now = time::now_millis();
        let recorded = match &result {
            Ok(()) => {
                tracing::info!(lead = %row.lead_id, channel = %row.channel, attempts, "enquiry delivered");
                self.pool.delivered(&row.id, now).await
            }
            Err(failure) if failure.permanent || self.retried_enough(&row, attempts, now) => {
                let error = &failure.message;
                let given_up = self.pool.gave_up(&row.id, &shorten(error, 1000), now).await;
                if let Ok(true) = given_up {
                    let permanent = failure.permanent;
                    tracing::error!(lead = %row.lead_id, channel = %row.channel, attempts, permanent, %error, "enquiry notice given up; sales must follow the enquiry up from /admin/leads");
                }
                given_up.map(|_| ())
            }
            Err(failure) => {
                let error = &failure.message;
                let wait = backoff_millis(&self.delivery, attempts);
                tracing::warn!(lead = %row.lead_id, channel = %row.channel, attempts, %error, retry_in_millis = wait, "enquiry notice failed; will retry");
                self.pool
                    .failed(&row.id, &shorten(error, 1000), now + wait)
                    .await
            }
        };
        if let Err(error) = recorded {
            // The lease runs out and the row is tried again: at least once, never lost.
            tracing::warn!(%error, "cannot record a notification attempt");
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leads::catalog::tests::test_catalog;

    fn row(message: &str) -> LeadRow {
        LeadRow {
            id: "id".to_owned(),
            created_at: 1_709_224_205_000,
            status: "new".to_owned(),
            name: "张三".to_owned(),
            company: "寻境科技".to_owned(),
            phone: "13800138000".to_owned(),
            email: String::new(),
            scenario: "factory".to_owned(),
            scenario_label: "智慧工厂".to_owned(),
            product: String::new(),
            product_label: String::new(),
            message: message.to_owned(),
            page: "/next/business".to_owned(),
            variant: "mobile".to_owned(),
            user_agent: "UA".to_owned(),
            pending: 1,
            dead: 0,
            unannounced: 0,
        }
    }

    #[test]
    fn wechat_content_lists_the_fields_under_the_title() {
        let content = wechat_content(&test_catalog(), &row("第一行\n第二行"));
        assert!(content.starts_with("## 新的商务咨询\n公司：寻境科技\n姓名：张三\n"));
        assert!(content.contains("站点版本：手机版\n提交时间：2024-03-01 00:30:05\n"));
        assert!(content.ends_with("需求描述：第一行\n第二行"));
    }

    #[test]
    fn an_enquiry_from_the_english_pages_says_so_first() {
        let mut lead = row("We need wayfinding for a hospital.");
        lead.page = "/next/en/business".to_owned();
        let content = wechat_content(&test_catalog(), &lead);
        assert!(
            content.starts_with("## 新的商务咨询\n英文版页面提交\n公司：寻境科技\n"),
            "{content}"
        );
        let chinese = wechat_content(&test_catalog(), &row("x"));
        assert!(!chinese.contains("英文版页面提交"));
    }

    #[test]
    fn wechat_content_shows_the_visitors_markdown_as_text_and_mail_as_typed() {
        let mut lead = row("[点我](https://evil.example)\n# 标题");
        lead.name = "**张三**".to_owned();
        let content = wechat_content(&test_catalog(), &lead);
        assert!(content.contains("\n姓名：＊＊张三＊＊\n"), "{content}");
        assert!(content.ends_with("需求描述：［点我］(https://evil.example)\n＃ 标题"));
        let mail = notification_lines(&test_catalog(), &lead, &lead.message, str::to_owned);
        assert_eq!(mail[1], "姓名：**张三**");
        assert_eq!(mail[9], "需求描述：[点我](https://evil.example)\n# 标题");
    }

    #[test]
    fn long_messages_are_cut_to_the_robots_limit_on_a_character_boundary() {
        let content = wechat_content(&test_catalog(), &row(&"需".repeat(2000)));
        assert!(content.len() <= WECHAT_MAX_BYTES, "{}", content.len());
        assert!(content.len() > WECHAT_MAX_BYTES - 4);
        assert!(content.ends_with("需…"));
        // Made literal first, then cut: full-width characters are three bytes each.
        let content = wechat_content(&test_catalog(), &row(&"*".repeat(4000)));
        assert!(content.len() <= WECHAT_MAX_BYTES, "{}", content.len());
        assert!(content.ends_with("＊…") && !content.contains('*'));
    }

    #[test]
    fn the_robots_refusals_of_its_key_or_message_are_for_good_and_its_limits_pass() {
        for code in [93000, 93004, 48002, 40008, 44004, 40058] {
            assert!(wechat_refuses_for_good(code), "{code}");
        }
        for code in [45009, -1, 12345] {
            assert!(!wechat_refuses_for_good(code), "{code}");
        }
    }

    #[test]
    fn backoff_doubles_up_to_the_maximum_with_jitter() {
        let delivery = Delivery {
            retry_base_millis: 100,
            retry_max_millis: 1000,
            ..Delivery::default()
        };
        for _ in 0..50 {
            assert!((50..=100).contains(&backoff_millis(&delivery, 1)));
            assert!((200..=400).contains(&backoff_millis(&delivery, 3)));
            assert!((500..=1000).contains(&backoff_millis(&delivery, 30)));
            assert!((500..=1000).contains(&backoff_millis(&delivery, i64::MAX)));
        }
    }
}
