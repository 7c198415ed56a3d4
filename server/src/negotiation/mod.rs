//! What a request's `Accept` headers ask for, read the one way every part that answers them
//! needs: the HTTP layer's encodings and the image optimizer's formats.

pub(crate) mod weighted_list;
