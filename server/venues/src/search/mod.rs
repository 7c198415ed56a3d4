//! Search over a venue's places: names, aliases, categories and pinyin (docs/venue-contract.md §4.3).
//!
//! Self-contained: the caller feeds [`SearchIndex::new`] plain [`SearchEntry`] values and gets
//! back its own keys, so nothing here knows IMDF, routing or HTTP. Pinyin comes from the `pinyin`
//! crate, with every heteronym.

mod fuzzy;
mod index;
mod match_kind;
mod matcher;
mod name;
mod query;
mod readings;

#[cfg(test)]
mod benchmark;

pub use index::{SearchEntry, SearchHit, SearchIndex};
pub use match_kind::MatchKind;
pub use query::{MAX_QUERY_CHARS, QueryError, SearchFilters, SearchQuery, normalize};
