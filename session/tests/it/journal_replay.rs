//! The store's journal: commits whose sled writes are lost (sled writes its log in the
//! background) come back from the journal when the store opens. Simulated exactly: the
//! store's directory as it was before some commits, with the journal those commits wrote
//! (copied while the store was open, as a crash leaves it), must open to the same data as
//! the directory that saw them all. A clean close empties the journal.

use crate::common::{open, temp_dir};
use skald_session::clock::FakeClock;
use skald_session::{Context, ReplyKind, Session, User};
use std::path::Path;

fn ok(s: &Session, who: &str, line: &str) -> String {
    let ctx = Context::private(User::new("console", who, who), "console", "console");
    let r = s.handle(&ctx, line);
    assert_eq!(r.kind, ReplyKind::Done, "@{who} {line}: {}", r.text.en());
    r.text.en()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

fn export(s: &Session) -> String {
    let mut out = Vec::new();
    s.store().export(&mut out).expect("exports");
    String::from_utf8(out).expect("utf-8")
}

#[test]
fn commits_lost_by_sled_come_back_from_the_journal() {
    let dir = temp_dir("journal-full");
    let before = temp_dir("journal-before");
    let t = FakeClock::EPOCH;
    {
        let s = open(&dir.0, t);
        ok(&s, "alice", "challenge tafl @bob first");
        ok(&s, "bob", "accept");
        ok(&s, "alice", "move d1-d4");
    }
    // The directory as sled had it durably before the next commits...
    copy_dir(&dir.0, &before.0);
    let expected = {
        let s = open(&dir.0, t);
        ok(&s, "bob", "move e7-e9");
        ok(&s, "carol", "challenge subulata @dave first");
        ok(&s, "dave", "accept");
        ok(&s, "alice", "challenge daldosa @carol");
        ok(&s, "bob", "resign");
        // ... with the journal those commits wrote, as a crash would leave it (a clean
        // close empties it): the same data once opened.
        std::fs::copy(
            dir.0.join(skald_session::journal::FILE_NAME),
            before.0.join(skald_session::journal::FILE_NAME),
        )
        .expect("copy the journal");
        export(&s)
    };
    let s = open(&before.0, t);
    assert_eq!(
        export(&s),
        expected,
        "the replayed store holds every commit"
    );
    assert!(expected.contains("resigned"), "the last commit is there");
    // The id counter went past every number the replayed commits used.
    let text = ok(&s, "erin", "challenge adelta @frank");
    assert!(text.starts_with("Challenge #4"), "{text}");
    drop(s);
    // Replayed once: opening again changes nothing.
    let s = open(&before.0, t);
    let again = export(&s);
    assert!(again.contains("\"id\":4"), "the new challenge stayed");
}

#[test]
fn a_clean_close_leaves_nothing_to_replay() {
    let dir = temp_dir("journal-clean");
    {
        let s = open(&dir.0, FakeClock::EPOCH);
        ok(&s, "alice", "challenge tafl @bob first");
        ok(&s, "bob", "accept");
    }
    let (_, pending) = skald_session::journal::Journal::open(&dir.0).expect("the journal opens");
    assert!(pending.is_empty(), "{} records left", pending.len());
}
