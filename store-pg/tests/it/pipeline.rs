//! The one-round-trip commit (`store-pg/src/pipeline.rs`) on PostgreSQL: a statement the
//! server refuses in the middle of the batch writes nothing of the commit and is reported by
//! its cause (a failed compare-and-swap as a conflict, anything else as the store's
//! failure, not as the "transaction is aborted" of the statements after it), and the
//! connections stay usable.

use skald_session::User;
use skald_session::store::{Commit, CommitError, Store, StoreError};
use skald_session::user::UserDoc;
use skald_store_pg::testkit::fresh_store;

fn user(name: &str) -> UserDoc {
    UserDoc::new(User::new("console", name, name))
}

fn new_users(docs: &[&UserDoc]) -> Commit {
    Commit {
        users: docs.iter().map(|d| (None, (*d).clone())).collect(),
        ..Commit::default()
    }
}

#[test]
fn a_refused_statement_in_the_batch_writes_nothing_and_says_why() {
    let store = fresh_store("pipeline");
    let (ann, bob, cat) = (user("ann"), user("bob"), user("cat"));
    store.commit(new_users(&[&ann])).expect("a first user");

    // A compare-and-swap failing in the middle (ann exists already): a conflict, and the
    // users before and after it in the batch are not written.
    for _ in 0..20 {
        match store.commit(new_users(&[&bob, &ann, &cat])) {
            Err(CommitError::Conflict) => {}
            other => panic!("expected a conflict, got {:?}", other.map(|g| g.len())),
        }
    }
    for who in [&bob, &cat] {
        assert!(
            store.user(&who.user.id).expect("reads").is_none(),
            "a conflicting commit wrote {}",
            who.user.id
        );
    }

    // A statement the server refuses for another reason (a NUL in a text column): the
    // store's failure, naming the cause, and nothing of the commit written.
    let mut nul = user("dan");
    nul.user.name = "d\0n".into();
    match store.commit(new_users(&[&bob, &nul, &cat])) {
        Err(CommitError::Store(StoreError::Backend { source, .. })) => {
            let text = source.to_string();
            assert!(!text.contains("aborted"), "{text}");
            assert!(text.contains("0x00"), "{text}");
        }
        other => panic!("expected a failure, got {:?}", other.map(|g| g.len())),
    }
    assert!(store.user(&bob.user.id).expect("reads").is_none());

    // Every pooled connection still works (none was left inside a transaction).
    for who in [&bob, &cat] {
        store.commit(new_users(&[who])).expect("applies");
    }
    for _ in 0..40 {
        let read = store.user(&ann.user.id).expect("reads");
        let mut renamed = read.as_ref().expect("exists").doc.clone();
        renamed.user.name.push('x');
        store
            .commit(Commit {
                users: vec![(read, renamed)],
                ..Commit::default()
            })
            .expect("over the version read");
    }
}
