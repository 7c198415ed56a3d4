//! The enquiry tables' rows as the code reads them back.

use crate::database::row;

row! {
    /// A stored enquiry as read back, before labels are attached.
    LeadRow {
        id: String,
        created_at: i64,
        status: String,
        name: String,
        company: String,
        phone: String,
        email: String,
        scenario: String,
        scenario_label: String,
        product: String,
        product_label: String,
        message: String,
        page: String,
        variant: String,
        user_agent: String,
        /// Outbox rows not delivered (given-up ones included).
        pending: i64,
        /// Outbox rows given up after too many failed attempts.
        dead: i64,
        /// 1 when it was stored past the hourly cap of notices, without any.
        unannounced: i64,
    }
}

row! {
    /// An outbox row the worker has leased.
    OutboxRow {
        id: String,
        lead_id: String,
        channel: String,
        /// When the enquiry was stored and the notice first due, Unix milliseconds.
        created_at: i64,
        attempts: i64,
    }
}
