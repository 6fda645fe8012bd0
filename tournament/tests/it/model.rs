//! The tournament record: start numbers by rating, points by the point system.

use skald_tournament::{Player, PointSystem, RoundEntry, Tournament, TournamentKind};

#[test]
fn start_numbers_follow_rating_then_title_then_name() {
    let mut t = Tournament::new("Seeds", TournamentKind::SwissDutch, 5);
    let mut b = Player::new(7, "Bera", 1900);
    b.title = "FM".into();
    let mut a = Player::new(8, "Asta", 1900);
    a.title = "IM".into();
    t.players = vec![
        Player::new(9, "Carl", 1500),
        b,
        a,
        Player::new(3, "Dag", 2100),
    ];
    t.assign_start_numbers_by_rating();
    let order: Vec<(u32, &str)> = t
        .players
        .iter()
        .map(|p| (p.start_number, p.name.as_str()))
        .collect();
    assert_eq!(
        order,
        vec![(1, "Dag"), (2, "Asta"), (3, "Bera"), (4, "Carl")]
    );
}

#[test]
fn the_point_system_is_configurable() {
    let three = PointSystem {
        win: 30,
        draw: 10,
        loss: 0,
        forfeit_loss: 0,
        zero_point_bye: 0,
        pairing_bye: 30,
    };
    let entries = [
        RoundEntry::PairingBye,
        RoundEntry::HalfPointBye,
        RoundEntry::ZeroPointBye,
    ];
    assert_eq!(three.total(&entries, 3), 40);
    assert_eq!(PointSystem::default().total(&entries, 3), 15);
    assert_eq!(PointSystem::default().total(&entries, 1), 10);
}
