//! The fields of an enquiry, listed once (docs/enquiries.md sections 1 and 3). Every other list of
//! fields is derived from [`Field::ALL`]: what a body may carry, what validation judges, the
//! form's markers, the labels a catalog must have and the export's columns.

/// One field of an enquiry: sent by the visitor, or added by the server for sales.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    Id,
    CreatedAt,
    Status,
    Name,
    Company,
    Phone,
    Email,
    Scenario,
    Product,
    Message,
    /// The page the form was sent from.
    Page,
    Variant,
    UserAgent,
    /// Whether sales have been told (a column of the admin page).
    Delivery,
    /// The privacy policy checkbox.
    Consent,
    /// The honeypot: hidden from people, so any value means a bot.
    LeaveEmpty,
}

/// The kinds of form input, which decide how a field is decoded, judged and shown again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Input {
    /// A text box or area the visitor types in.
    Typed,
    /// A list of the catalog's choices.
    Choice,
    Checkbox,
    /// Filled in by the page, not by the visitor.
    Hidden,
    /// Hidden from people; see [`Field::LeaveEmpty`].
    Honeypot,
    /// Not an input: added by the server.
    Server,
}

impl Field {
    /// Every field; those in the export in the order of its columns.
    pub const ALL: [Field; 16] = [
        Field::Id,
        Field::CreatedAt,
        Field::Status,
        Field::Name,
        Field::Company,
        Field::Phone,
        Field::Email,
        Field::Scenario,
        Field::Product,
        Field::Message,
        Field::Page,
        Field::Variant,
        Field::UserAgent,
        Field::Delivery,
        Field::Consent,
        Field::LeaveEmpty,
    ];

    /// The contract key: the form's input name, the JSON key, the catalog's label key and the
    /// name in the form template's markers.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Id => "id",
            Field::CreatedAt => "created_at",
            Field::Status => "status",
            Field::Name => "name",
            Field::Company => "company",
            Field::Phone => "phone",
            Field::Email => "email",
            Field::Scenario => "scenario",
            Field::Product => "product",
            Field::Message => "message",
            Field::Page => "page",
            Field::Variant => "variant",
            Field::UserAgent => "user_agent",
            Field::Delivery => "delivery",
            Field::Consent => "consent",
            Field::LeaveEmpty => "leave_empty",
        }
    }

    /// The field named `name`; None for anything else.
    pub fn parse(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|field| field.name() == name)
    }

    /// How the field reaches the server.
    const fn input(self) -> Input {
        match self {
            Field::Name | Field::Company | Field::Phone | Field::Email | Field::Message => {
                Input::Typed
            }
            Field::Scenario | Field::Product => Input::Choice,
            Field::Consent => Input::Checkbox,
            Field::Page => Input::Hidden,
            Field::LeaveEmpty => Input::Honeypot,
            Field::Id
            | Field::CreatedAt
            | Field::Status
            | Field::Variant
            | Field::UserAgent
            | Field::Delivery => Input::Server,
        }
    }

    /// Sent by the visitor as text (a checkbox is on or off).
    pub const fn is_text(self) -> bool {
        !matches!(self.input(), Input::Checkbox | Input::Server)
    }

    /// Judged by validation, so it may carry an error (and has the form's error markers).
    /// `page` never does: a bad one is dropped.
    pub const fn is_validated(self) -> bool {
        matches!(self.input(), Input::Typed | Input::Choice | Input::Checkbox)
    }

    /// Written back into the form as sent. Choices are restored by selecting them, consent by
    /// checking it; the honeypot never is.
    pub const fn is_refilled(self) -> bool {
        matches!(self.input(), Input::Typed | Input::Hidden)
    }

    /// Shown to sales, under the catalog's label for it.
    pub const fn is_labelled(self) -> bool {
        !matches!(self, Field::Consent | Field::LeaveEmpty)
    }

    /// A column of the export: what sales see, but the delivery state, which is about this
    /// server's notices rather than the enquiry.
    pub const fn is_exported(self) -> bool {
        self.is_labelled() && !matches!(self, Field::Delivery)
    }

    /// Keeps its line breaks.
    pub const fn is_multiline(self) -> bool {
        matches!(self, Field::Message)
    }

    /// The longest value kept, in Unicode scalar values after cleaning; None for fields
    /// without a limit (the choices, consent).
    pub const fn max_chars(self) -> Option<usize> {
        match self {
            Field::Name => Some(40),
            Field::Company => Some(100),
            Field::Phone => Some(20),
            Field::Email => Some(254),
            Field::Message => Some(1000),
            Field::Page => Some(300),
            Field::UserAgent => Some(500),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_to_their_field() {
        for field in Field::ALL {
            assert_eq!(Field::parse(field.name()), Some(field));
        }
        assert_eq!(Field::parse("fax"), None);
    }

    #[test]
    fn the_export_has_the_contract_columns_in_order() {
        let columns: Vec<&str> = Field::ALL
            .into_iter()
            .filter(|field| field.is_exported())
            .map(Field::name)
            .collect();
        assert_eq!(
            columns.join(","),
            "id,created_at,status,name,company,phone,email,scenario,product,message,page,variant,user_agent"
        );
    }
}
