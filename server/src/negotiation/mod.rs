//! What a request's `Accept` headers ask for, read the one way every part that answers them
//! needs: the HTTP layer's encodings, the image optimizer's formats and the API's language.

pub(crate) mod language;
pub(crate) mod weighted_list;
