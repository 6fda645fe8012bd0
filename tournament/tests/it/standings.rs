//! Standings and tie-breaks on examples worked out by hand.

use skald_tournament::berger::single_round_robin;
use skald_tournament::standings::{TieBreak, crosstable, standings, standings_with};
use skald_tournament::{
    Color, GameScore, Player, RoundEntry, StartNumber, Tournament, TournamentKind,
};

fn game(opponent: StartNumber, color: Color, score: GameScore) -> RoundEntry {
    RoundEntry::Game {
        opponent,
        color,
        score,
        played: true,
        rated: true,
    }
}

fn forfeit(opponent: StartNumber, color: Color, score: GameScore) -> RoundEntry {
    RoundEntry::Game {
        opponent,
        color,
        score,
        played: false,
        rated: true,
    }
}

/// Five players on the Berger table for six (6 is the bye), the bye worth nothing as in
/// FIDE round-robins (`pairing_bye: 0`):
///
/// | round | boards (white first)   | results        | bye |
/// |-------|------------------------|----------------|-----|
/// | 1     | 2-5, 3-4               | 1-0, ½-½       | 1   |
/// | 2     | 5-3, 1-2               | 0-1, ½-½       | 4   |
/// | 3     | 3-1, 4-5               | 0-1, 1-0       | 2   |
/// | 4     | 1-4, 2-3               | 1-0, ½-½       | 5   |
/// | 5     | 4-2, 5-1               | 0-1, ½-½       | 3   |
///
/// Points: 1: ½+1+1+½ = 3; 2: 1+½+½+1 = 3; 3: ½+1+0+½ = 2; 4: ½+1+0+0 = 1½; 5: 0+0+0+½ = ½.
///
/// Sonneborn-Berger (opponent's score for a win, half of it for a draw):
/// - 1: draw 2 (3/2 = 1.5) + win 3 (2) + win 4 (1.5) + draw 5 (0.5/2 = 0.25) = 5.25
/// - 2: win 5 (0.5) + draw 1 (1.5) + draw 3 (1) + win 4 (1.5) = 4.5
/// - 3: draw 4 (0.75) + win 5 (0.5) + loss 1 (0) + draw 2 (1.5) = 2.75
/// - 4: draw 3 (1) + win 5 (0.5) = 1.5
/// - 5: draw 1 (1.5) = 1.5
///
/// 1 and 2 tie on 3 points; Sonneborn-Berger puts 1 first.
fn five_player_round_robin() -> Tournament {
    use GameScore::{Draw, Loss, Win};
    let mut t = Tournament::new("Five", TournamentKind::RoundRobin { cycles: 1 }, 5);
    t.points.pairing_bye = 0;
    t.players = (1..=5)
        .map(|n| Player::new(n, format!("P{n}"), 2000))
        .collect();
    // White's result per board, round by round, in the schedule's board order.
    let results = [
        [Win, Draw],
        [Loss, Draw],
        [Loss, Win],
        [Win, Draw],
        [Loss, Draw],
    ];
    let schedule = single_round_robin(5).expect("schedule");
    for (round, pairing) in schedule.iter().enumerate() {
        for (board, &(white, black)) in pairing.pairs.iter().enumerate() {
            let score = results[round][board];
            t.players[white as usize - 1]
                .rounds
                .push(game(black, Color::White, score));
            t.players[black as usize - 1]
                .rounds
                .push(game(white, Color::Black, score.opposite()));
        }
        if let Some(bye) = pairing.bye {
            t.players[bye as usize - 1]
                .rounds
                .push(RoundEntry::PairingBye);
        }
    }
    t
}

#[test]
fn a_five_player_round_robin_with_byes_ranks_by_points_then_sonneborn_berger() {
    let t = five_player_round_robin();
    let table = standings(&t);
    let rows: Vec<(u32, StartNumber, u32, u64)> = table
        .iter()
        .map(|s| (s.rank, s.start_number, s.points, s.tiebreaks[0].1))
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, 1, 30, 525),
            (2, 2, 30, 450),
            (3, 3, 20, 275),
            (4, 4, 15, 150),
            (5, 5, 5, 150),
        ]
    );
    assert_eq!(table[0].tiebreaks[0].0, TieBreak::SonnebornBerger);
    // Wins: 1 and 2 won twice, 3 and 4 once, 5 never.
    let wins: Vec<u64> = table.iter().map(|s| s.tiebreaks[2].1).collect();
    assert_eq!(wins, vec![2, 2, 1, 1, 0]);
}

#[test]
fn the_crosstable_has_rows_and_columns_by_start_number() {
    let t = five_player_round_robin();
    let table = crosstable(&t);
    let text = table.to_text();
    let expected = concat!(
        "      1 2 3 4 5   Pts\n",
        "   1  X ½ 1 1 ½   3.0\n",
        "   2  ½ X ½ 1 1   3.0\n",
        "   3  0 ½ X ½ 1   2.0\n",
        "   4  0 0 ½ X 1   1.5\n",
        "   5  ½ 0 0 0 X   0.5\n",
    );
    assert_eq!(text, expected);
}

#[test]
fn a_double_round_robin_cell_holds_both_results() {
    let mut t = Tournament::new("Two", TournamentKind::RoundRobin { cycles: 2 }, 2);
    let mut a = Player::new(1, "A", 1500);
    let mut b = Player::new(2, "B", 1500);
    a.rounds = vec![
        game(2, Color::White, GameScore::Win),
        game(2, Color::Black, GameScore::Draw),
    ];
    b.rounds = vec![
        game(1, Color::Black, GameScore::Loss),
        game(1, Color::White, GameScore::Draw),
    ];
    t.players = vec![a, b];
    let text = crosstable(&t).to_text();
    let expected = concat!(
        "       1  2   Pts\n",
        "   1   X 1½   1.5\n",
        "   2  0½  X   0.5\n",
    );
    assert_eq!(text, expected);
}

/// Six players, three Swiss rounds, with a requested half-point bye, a forfeit and the
/// pairing-allocated bye:
///
/// | round | games                                   | unplayed                     |
/// |-------|-----------------------------------------|------------------------------|
/// | 1     | 1-4 1-0, 2-5 ½-½, 3-6 1-0               |                              |
/// | 2     | 2-3 0-1, 4-6 forfeit (4 wins)           | 1 half-point bye, 5 PAB      |
/// | 3     | 1-3 ½-½, 2-4 1-0, 5-6 0-1               |                              |
///
/// Points: 1: 2; 2: 1½; 3: 2½; 4: 1; 5: 1½; 6: 1. Nobody withdrew, so every opponent's score
/// counts as it is. Own unplayed rounds count as a dummy opponent with the player's own
/// score, capped at a draw a round (1½) for a bye, at the forfeiting opponent's score for a
/// forfeit. Cut 1 cuts a voluntarily unplayed round (the half-point bye, the forfeit loss)
/// first, else the lowest value:
/// - 1: 4 (1) + bye min(2, 1½) = 1½, voluntary + 3 (2½): cut the bye, 3.5
/// - 2: 5 (1½) + 3 (2½) + 4 (1): cut 1, 4.0
/// - 3: 6 (1) + 2 (1½) + 1 (2): cut 1, 3.5
/// - 4: 1 (2) + forfeit win min(1, 6's 1) = 1 + 2 (1½): cut 1, 3.5
/// - 5: 2 (1½) + PAB min(1½, 1½) = 1½ + 6 (1): cut 1, 3.0
/// - 6: 3 (2½) + forfeit loss min(1, 4's 1) = 1, voluntary + 5 (1½): cut the forfeit, 4.0
///
/// Ranking: 3, 1, then 2 before 5 on Buchholz (4.0 > 3.0), then 6 before 4 (4.0 > 3.5).
#[test]
fn a_swiss_ranks_by_points_then_buchholz_cut_1() {
    use Color::{Black, White};
    use GameScore::{Draw, Loss, Win};
    let mut t = Tournament::new("Swiss", TournamentKind::SwissDutch, 3);
    let rounds: [Vec<RoundEntry>; 6] = [
        vec![
            game(4, White, Win),
            RoundEntry::HalfPointBye,
            game(3, White, Draw),
        ],
        vec![
            game(5, White, Draw),
            game(3, White, Loss),
            game(4, White, Win),
        ],
        vec![
            game(6, White, Win),
            game(2, Black, Win),
            game(1, Black, Draw),
        ],
        vec![
            game(1, Black, Loss),
            forfeit(6, White, Win),
            game(2, Black, Loss),
        ],
        vec![
            game(2, Black, Draw),
            RoundEntry::PairingBye,
            game(6, White, Loss),
        ],
        vec![
            game(3, Black, Loss),
            forfeit(4, Black, Loss),
            game(5, Black, Win),
        ],
    ];
    t.players = rounds
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let mut p = Player::new(i as u32 + 1, format!("P{}", i + 1), 2000);
            p.rounds = r;
            p
        })
        .collect();
    let table = standings(&t);
    let rows: Vec<(u32, StartNumber, u32, u64)> = table
        .iter()
        .map(|s| (s.rank, s.start_number, s.points, s.tiebreaks[0].1))
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, 3, 25, 350),
            (2, 1, 20, 350),
            (3, 2, 15, 400),
            (4, 5, 15, 300),
            (5, 6, 10, 400),
            (6, 4, 10, 350),
        ]
    );
    assert_eq!(table[0].tiebreaks[0].0, TieBreak::BuchholzCut1);
}

/// Two players level on points and on the first tie-break: the one who won their game is
/// ahead (direct encounter); when they did not meet, wins decide.
#[test]
fn direct_encounter_then_wins_break_remaining_ties() {
    use Color::{Black, White};
    use GameScore::{Draw, Loss, Win};
    let mut t = Tournament::new("Tie", TournamentKind::SwissDutch, 2);
    let rounds: [Vec<RoundEntry>; 4] = [
        vec![game(2, White, Loss), game(3, White, Win)],
        vec![game(1, Black, Win), game(4, Black, Loss)],
        vec![game(4, White, Draw), game(1, Black, Loss)],
        vec![game(3, Black, Draw), game(2, White, Win)],
    ];
    t.players = rounds
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let mut p = Player::new(i as u32 + 1, format!("P{}", i + 1), 2000);
            p.rounds = r;
            p
        })
        .collect();
    let table = standings_with(&t, &[TieBreak::DirectEncounter, TieBreak::Wins]);
    let order: Vec<StartNumber> = table.iter().map(|s| s.start_number).collect();
    // 1, 2 and 4 have 1 point... 1: 0+1, 2: 1+0, 4: ½+1 = 1½; 3: ½+0.
    // 4 leads on points; 2 beat 1 directly.
    assert_eq!(order, vec![4, 2, 1, 3]);
    assert_eq!(table[1].tiebreaks[0], (TieBreak::DirectEncounter, 100));
    assert_eq!(table[2].tiebreaks[0], (TieBreak::DirectEncounter, 0));
}
