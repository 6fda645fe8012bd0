//! Log lines that tell an admin nothing, dropped before they are written. matrix-sdk logs
//! every failed HTTP request at ERROR ("Error while sending request"), including the 404s
//! it expects at every start when it probes account data the bot's account does not have
//! (`m.secret_storage.default_key`, `m.direct`, …): there a 404 means "not set", and the
//! code that asked handles it. A 404 that matters is still reported by whoever made the
//! request (Skald logs its own failed sends), and every other ERROR, matrix-sdk's included,
//! is kept.
//!
//! matrix-sdk's crypto also warns "Trying to backup room keys but no backup key was found"
//! (or "... the backup key wasn't uploaded") every time it would back up new room keys,
//! about once a second while players talk in encrypted rooms: the bot keeps no server-side
//! key backup (its device and its sqlite crypto store are its keys' home), so there is
//! nothing to act on. Those two lines are dropped; the crypto's other warnings stay.

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::layer::{Context, Layer};

/// The layer dropping matrix-sdk's ERROR lines for `404 M_NOT_FOUND` answers.
pub struct QuietExpectedNotFound;

/// The target of matrix-sdk's failed-request line.
const HTTP_CLIENT: &str = "matrix_sdk::http_client";

/// The target of matrix-sdk's key backup warnings.
const BACKUPS: &str = "matrix_sdk_crypto::backups";

impl<S: Subscriber> Layer<S> for QuietExpectedNotFound {
    fn event_enabled(&self, event: &Event<'_>, _ctx: Context<'_, S>) -> bool {
        let meta = event.metadata();
        let (target, level) = (meta.target(), *meta.level());
        let noise: fn(&str) -> bool = if target == HTTP_CLIENT && level == Level::ERROR {
            is_not_found
        } else if target == BACKUPS && level == Level::WARN {
            is_no_backup
        } else {
            return true;
        };
        let mut message = Message(String::new());
        event.record(&mut message);
        !noise(&message.0)
    }
}

/// Whether a key backup warning says only that the bot keeps no backup.
fn is_no_backup(text: &str) -> bool {
    text.starts_with("Trying to backup room keys but no backup key was found")
        || text.starts_with("Trying to backup room keys but the backup key wasn't uploaded")
}

/// Whether a failed request's description is a 404 with the `M_NOT_FOUND` code.
fn is_not_found(text: &str) -> bool {
    text.contains("status_code: 404") && (text.contains("NotFound") || text.contains("M_NOT_FOUND"))
}

/// Collects an event's message.
struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_not_found_answers_are_quieted() {
        assert!(is_not_found(
            "Error while sending request: Api(Server(ClientApi(Error { status_code: 404, body: Standard { kind: NotFound, message: \"Account data not found\" } })))"
        ));
        assert!(!is_not_found(
            "Error while sending request: Api(Server(ClientApi(Error { status_code: 403, body: Standard { kind: Forbidden, message: \"no\" } })))"
        ));
        assert!(!is_not_found(
            "Error while sending request: Reqwest(connection refused)"
        ));
    }

    #[test]
    fn only_the_missing_backup_warnings_are_quieted() {
        assert!(is_no_backup(
            "Trying to backup room keys but no backup key was found"
        ));
        assert!(is_no_backup(
            "Trying to backup room keys but the backup key wasn't uploaded"
        ));
        assert!(!is_no_backup(
            "Tried to mark a pending backup as sent but the request id didn't match"
        ));
    }
}
