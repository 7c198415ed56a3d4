// Generated from the server's answer types (server/src/http/answer_types.rs): do not edit.
// SITE_WRITE_ANSWER_TYPES=1 cargo test --release -p site-server --lib answer_types writes it again.

export type EnquiryAccepted = { id: string, 
/**
 * The page thanking the visitor.
 */
thanks_path: string, };

export type EnquiryRefused = { 
/**
 * For the visitor, in Chinese.
 */
message: string, 
/**
 * Each field at fault with its message: for a submission that fails the rules (empty for
 * a bot's), absent for the other refusals.
 */
errors?: Record<string, string>, 
/**
 * When the visitor may send again (too many enquiries from one address).
 */
retry_after_secs?: number, };
