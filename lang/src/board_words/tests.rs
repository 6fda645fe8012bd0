//! Text boards: English exactly as the boards always read, French for every game, and the
//! first line alone saying where the game stands.

use super::*;
use crate::Lang;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn at(rule_set: RuleSetId, notation: &str) -> Position {
    Position::from_notation(rule_set, notation)
        .unwrap_or_else(|e| panic!("{rule_set} {notation}: {e}"))
}

fn en(position: &Position, viewer: Viewer) -> String {
    text_board(position, viewer).en()
}

fn fr(position: &Position, viewer: Viewer) -> String {
    text_board(position, viewer).render(Lang::Fr)
}

fn play(position: &mut Position, mv: &str) {
    if let Err(e) = position.play(mv) {
        panic!("{mv}: {e}");
    }
}

/// The lines after the first one.
fn rest(board: &str) -> Option<String> {
    board.split_once('\n').map(|(_, r)| r.to_string())
}

#[test]
fn hnefatafl_boards() {
    let start = Position::start(RuleSetId::Hnefatafl, 0);
    let want = "\
Hnefatafl 11x11, move 1: attackers (A) to play.
    a b c d e f g h i j k
11  # . . A A A A A . . #  11
10  . . . . . A . . . . .  10
 9  . . . . . . . . . . .  9
 8  A . . . . D . . . . A  8
 7  A . . . D D D . . . A  7
 6  A A . D D K D D . A A  6
 5  A . . . D D D . . . A  5
 4  A . . . . D . . . . A  4
 3  . . . . . . . . . . .  3
 2  . . . . . A . . . . .  2
 1  # . . A A A A A . . #  1
    a b c d e f g h i j k
Attackers: 24 on the board, 0 lost.
Defenders: 12 and the king on the board, 0 lost.
A attacker, D defender, K king, # corner, + throne, . empty.";
    assert_eq!(en(&start, Viewer::Public), want);
    let french = fr(&start, Viewer::Public);
    assert!(
        french.starts_with("Hnefatafl 11x11, coup 1\u{a0}: aux assaillants (A) de jouer.\n"),
        "{french}"
    );
    assert!(french.contains("\nAssaillants\u{a0}: 24 sur le tablier, 0 perdu.\n"));
    assert!(french.contains("\nDéfenseurs\u{a0}: 12 et le roi sur le tablier, 0 perdu.\n"));
    assert!(french.ends_with("\nA assaillant, D défenseur, K roi, # forteresse de coin, + forteresse centrale, . case vide."));
    // Moves are numbered as the move list numbers them: an attackers' move and the reply.
    let mut p = start.clone();
    for (mv, title) in [
        ("d1-d4", "Hnefatafl 11x11, move 1: defenders (D) to play."),
        ("e5-e2", "Hnefatafl 11x11, move 2: attackers (A) to play."),
        ("d4-d2", "Hnefatafl 11x11, move 2: defenders (D) to play."),
    ] {
        play(&mut p, mv);
        let board = en(&p, Viewer::Public);
        assert_eq!(board.lines().next(), Some(title), "{board}");
    }
    let mut p = at(
        RuleSetId::Hnefatafl,
        "11/11/3D7/11/11/11/4AKA4/11/11/11/5A5 a 0 -",
    );
    play(&mut p, "f1-f4");
    let board = en(&p, Viewer::Final);
    assert!(
        board.starts_with(
            "Hnefatafl 11x11, after move 1: game over, the attackers win (the king was captured)."
        ),
        "{board}"
    );
    assert!(board.contains(" 6  . . . . . + . . . . .  6"), "{board}");
    assert!(board.contains("Defenders: 1 on the board, 11 lost; the king was captured."));
    let french = fr(&p, Viewer::Final);
    assert!(
        french.starts_with(
            "Hnefatafl 11x11, après le coup 1\u{a0}: partie terminée, les assaillants gagnent \
             (le roi a été capturé).\n"
        ),
        "{french}"
    );
    assert!(
        french
            .contains("Défenseurs\u{a0}: 1 sur le tablier, 11 perdus\u{a0}; le roi a été capturé."),
        "{french}"
    );
    // Only the first line says where the game stands: the rest is the same whoever moves.
    let mut moved = start.clone();
    for mv in ["d1-d2", "e5-e4", "d2-d1", "e4-e5"] {
        play(&mut moved, mv);
    }
    assert_ne!(moved, start);
    assert_eq!(
        rest(&en(&moved, Viewer::Public)),
        rest(&en(&start, Viewer::Public))
    );
    let mut p = at(
        RuleSetId::Hnefatafl,
        "11/11/11/11/11/11/4K6/11/D10/AD9/11 d 1 -",
    );
    play(&mut p, "e5-e6");
    assert!(
        en(&p, Viewer::Public).contains("the defenders win (the attackers have no legal move)")
    );
    assert!(
        fr(&p, Viewer::Public)
            .contains("les défenseurs gagnent (les assaillants n'ont plus de coup possible)")
    );
}

#[test]
fn adelta_boards() {
    let start = Position::start(RuleSetId::Adelta, 0);
    assert_eq!(
        en(&start, Viewer::Public),
        "Ad Elta Stelpur (Ludens Planet rules), no step played: the opening roll decides who \
         starts (higher total of two dice).\n \
         24 23 22 21 20 19 | 18 17 16 15 14 13\n  \
         .  .  .  .  .  . |  B  B  B  B  B  B\n  \
         W  W  W  W  W  W |  .  .  .  .  .  .\n  \
         1  2  3  4  5  6 |  7  8  9 10 11 12\n\
         Corners: 1 6 7 12 13 18 19 24. Pieces move 1 -> 12, then 13 -> 24, then 1 again.\n\
         White (W): 6 pieces on the board, 0 lost. Black (B): 6 pieces on the board, 0 lost."
    );
    assert_eq!(
        fr(&start, Viewer::Public),
        "Ad Elta Stelpur (règles Ludens Planet), aucun déplacement joué\u{a0}: le lancer \
         d'ouverture décide qui commence (le plus grand total de deux dés).\n \
         24 23 22 21 20 19 | 18 17 16 15 14 13\n  \
         .  .  .  .  .  . |  B  B  B  B  B  B\n  \
         W  W  W  W  W  W |  .  .  .  .  .  .\n  \
         1  2  3  4  5  6 |  7  8  9 10 11 12\n\
         Coins\u{a0}: 1 6 7 12 13 18 19 24. Les pions vont de 1 à 12, puis de 13 à 24, puis \
         reviennent en 1.\n\
         Blanc (W)\u{a0}: 6 pions sur le tablier, 0 perdu. Noir (B)\u{a0}: 6 pions sur le \
         tablier, 0 perdu."
    );
    // "lost" counts the pieces a side lost; one piece is "1 piece".
    let p = at(RuleSetId::Adelta, "BBB............W........ w 66+ 0");
    let board = en(&p, Viewer::Seat(Seat::A));
    assert!(
        board.contains("White (W, you): 1 piece on the board, 5 lost, Hornaskella on 16."),
        "{board}"
    );
    assert!(
        board.contains("Black (B): 3 pieces on the board, 3 lost."),
        "{board}"
    );
    assert!(board.starts_with(
        "Ad Elta Stelpur (Ludens Planet rules), no step played: White (you) to move; steps \
         left: 6, 6, then rolls again.\n"
    ));
    let french = fr(&p, Viewer::Seat(Seat::A));
    assert!(
        french.starts_with(
            "Ad Elta Stelpur (règles Ludens Planet), aucun déplacement joué\u{a0}: à Blanc \
             (vous) de jouer\u{a0}; déplacements restants\u{a0}: 6, 6, puis nouveau lancer.\n"
        ),
        "{french}"
    );
    assert!(
        french.contains(
            "Blanc (W, vous)\u{a0}: 1 pion sur le tablier, 5 perdus, Hornaskella sur la case 16."
        ),
        "{french}"
    );
    let p = at(RuleSetId::Adelta, "BBB............W........ b - 1");
    assert!(
        en(&p, Viewer::Public)
            .starts_with("Ad Elta Stelpur (Ludens Planet rules), after 1 step: Black to roll.\n")
    );
    assert!(fr(&p, Viewer::Public).starts_with(
        "Ad Elta Stelpur (règles Ludens Planet), après 1 déplacement\u{a0}: à Noir de lancer les dés.\n"
    ));
    let p = at(RuleSetId::AdeltaRustik, "...............W........ w - 9");
    assert!(en(&p, Viewer::Final).starts_with(
        "Ad Elta Stelpur (Alex le Rustik rules), after 9 steps: game over, White wins (Black \
         has no pieces left).\n"
    ));
    assert!(fr(&p, Viewer::Final).starts_with(
        "Ad Elta Stelpur (règles d'Alex le Rustik), après 9 déplacements\u{a0}: partie \
         terminée, Blanc gagne (Noir n'a plus de pion).\n"
    ));
    // The winner seen by its own player: "White (you)" is one player.
    assert!(en(&p, Viewer::Seat(Seat::B)).contains("White wins (Black (you) has no pieces left)"));
    // Only the first line tells whose turn it is, the steps left or the result.
    let turns = ["w 16 3", "b - 4", "b 11+ 12"]
        .map(|t| at(RuleSetId::Adelta, &format!("W...W.......B........... {t}")));
    for p in &turns {
        for board in [en(p, Viewer::Public), fr(p, Viewer::Public)] {
            assert_eq!(rest(&board).map(|r| r.len() > 100), Some(true));
        }
        assert_eq!(
            rest(&en(p, Viewer::Public)),
            rest(&en(&turns[0], Viewer::Public))
        );
        assert_eq!(
            rest(&fr(p, Viewer::Public)),
            rest(&fr(&turns[0], Viewer::Public))
        );
    }
}

#[test]
fn daldosa_boards() {
    let mut p = Position::start(RuleSetId::Daldosa, 0);
    let want = concat!(
        "Daldøsa, no step played: White to roll two four-sided dice.\n",
        "      1  2  3  4  5  6  7  8  9 10 11 12\n",
        " w    w  w  w  w  w  w  w  w  w  w  w  w\n",
        " m    .  .  .  .  .  .  .  .  .  .  .  .\n",
        " b    b  b  b  b  b  b  b  b  b  b  b  b\n",
        "    prow                           stern\n",
        "Paths: White w1-w12, m12-m1, b1-b12, off; Black b1-b12, m12-m1, w1-w12, off\n",
        "White (w inactive, W active): 12 inactive, 0 active, 0 off, 0 lost\n",
        "Black (b inactive, B active): 12 inactive, 0 active, 0 off, 0 lost"
    );
    assert_eq!(en(&p, Viewer::Public), want);
    let want = concat!(
        "Daldøsa, aucun déplacement joué\u{a0}: à Blanc de lancer les deux dés à quatre faces.\n",
        "      1  2  3  4  5  6  7  8  9 10 11 12\n",
        " w    w  w  w  w  w  w  w  w  w  w  w  w\n",
        " m    .  .  .  .  .  .  .  .  .  .  .  .\n",
        " b    b  b  b  b  b  b  b  b  b  b  b  b\n",
        "    proue                          poupe\n",
        "Parcours\u{a0}: Blanc w1-w12, m12-m1, b1-b12, sortie\u{a0}; Noir b1-b12, m12-m1, \
         w1-w12, sortie\n",
        "Blanc (w inactif, W actif)\u{a0}: 12 inactifs, 0 actif, 0 sorti, 0 perdu\n",
        "Noir (b inactif, B actif)\u{a0}: 12 inactifs, 0 actif, 0 sorti, 0 perdu"
    );
    assert_eq!(fr(&p, Viewer::Public), want);
    if let Err(e) = p.roll(&[1, 3]) {
        panic!("{e}");
    }
    // The dice are the dice; which step of the turn it is is said in words.
    let board = en(&p, Viewer::Public);
    assert!(
        board.starts_with(
            "Daldøsa, no step played: White to move, dice to use: 1 3 (first step of the turn).\n"
        ),
        "{board}"
    );
    assert!(fr(&p, Viewer::Public).starts_with(
        "Daldøsa, aucun déplacement joué\u{a0}: à Blanc de jouer, dés à jouer\u{a0}: 1 3 \
         (premier déplacement du tour).\n"
    ));
    let rest_before = rest(&board);
    play(&mut p, "w12+1");
    let board = en(&p, Viewer::Seat(Seat::A));
    assert!(board.contains("11 inactive, 1 active"), "{board}");
    assert!(
        board.starts_with(
            "Daldøsa, after 1 step: White to move, die to use: 3 (second step of the turn).\n"
        ),
        "{board}"
    );
    assert!(fr(&p, Viewer::Public).starts_with(
        "Daldøsa, après 1 déplacement\u{a0}: à Blanc de jouer, dé à jouer\u{a0}: 3 (second \
         déplacement du tour).\n"
    ));
    // Only the first line tells whose turn it is and the dice.
    let start = Position::start(RuleSetId::Daldosa, 0);
    assert_eq!(rest(&en(&start, Viewer::Public)), rest_before);
    // Both ends of the game.
    let p = at(
        RuleSetId::Daldosa,
        "w.........../........W.../............ w - 81 0,0",
    );
    let first = en(&p, Viewer::Public);
    assert!(
        first.lines().next().is_some_and(
            |l| l.ends_with(": game over, White wins (Black has no pegs left on the board).")
        ),
        "{first}"
    );
    assert!(
        fr(&p, Viewer::Public)
            .contains("partie terminée, Blanc gagne (Noir n'a plus de pion en jeu).\n")
    );
    let mut p = at(
        RuleSetId::Daldosa,
        "............/............/bbbbbbbbbbbW w 1 90 0,0",
    );
    play(&mut p, "b12+1");
    assert!(
        en(&p, Viewer::Public)
            .contains(": game over, Black wins (White has no pegs left on the board).\n")
    );
}

const EXAMPLE_4: &str = "1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0 \
                         5W22W6/8W4/9/9/4B14/3B35/9/1B57/B98 w 40";

#[test]
fn subulata_boards() {
    let p = at(RuleSetId::Subulata, EXAMPLE_4);
    let expected = "\
Subulata, after move 20: game over, no legal move left; White 15, Black 20; Black wins.
    a   b   c     d   e   f     g   h   i
  +-------------+-------------+-------------+
9 | w   f   l   | l   l   lW2 | w   w   fW6 | 9
8 | f   l   w   | w   w   w   | w   f   lW4 | 8
7 | l   w   f   | f   f   f   | f   l   l   | 7
  +-------------+-------------+-------------+
6 | f   w   f   | l   f   w   | w   l   w   | 6
5 | l   w   l   | l   fB1 w   | f   f   f   | 5
4 | f   w   l   | lB3 f   w   | l   w   l   | 4
  +-------------+-------------+-------------+
3 | f   l   f   | w   f   f   | f   f   w   | 3
2 | l   wB5 l   | l   w   f   | l   l   w   | 2
1 | fB9 w   w   | l   l   w   | w   f   l   | 1
  +-------------+-------------+-------------+
    a   b   c     d   e   f     g   h   i
Cells: w water (moves 1), f flower (2), l leaf (3); W White, B Black, ? hidden value.
White: 3 pieces on the board, 6 lost, 2 on goal g7-i9, final score 15.
Black: 4 pieces on the board, 5 lost, 2 on goal a1-c3, final score 20.";
    assert_eq!(en(&p, Viewer::Final), expected);
    let french = fr(&p, Viewer::Final);
    assert!(
        french.starts_with(
            "Subulata, après le coup 20\u{a0}: partie terminée, plus aucun coup possible\u{a0}; \
             Blanc 15, Noir 20\u{a0}; Noir gagne.\n"
        ),
        "{french}"
    );
    assert!(french.contains(
        "\nCases\u{a0}: w eau (avance de 1), f fleur (2), l feuille (3)\u{a0}; W Blanc, B Noir, ? \
         valeur cachée.\n"
    ));
    assert!(french.ends_with(
        "\nNoir\u{a0}: 4 pions sur le plateau, 5 perdus, 2 sur la tuile d'arrivée a1-c3, score \
         final 20."
    ));
    // The public sees no value and no score, and no winner the hidden values would decide.
    let public = en(&p, Viewer::Public);
    assert!(
        public.contains("lW? |") && !public.contains("score"),
        "{public}"
    );
    for viewer in [Viewer::Public, Viewer::Seat(Seat::A), Viewer::Final] {
        let start = Position::start(RuleSetId::Subulata, 9);
        let board = en(&start, viewer);
        assert!(board.lines().all(|l| !l.ends_with(' ')), "{board}");
        assert!(board.starts_with("Subulata, move 1: White (W) to move, right or up.\n"));
        assert!(fr(&start, viewer).starts_with(
            "Subulata, coup 1\u{a0}: à Blanc (W) de jouer, vers la droite ou vers le haut.\n"
        ));
    }
    // Moves are numbered as the move list numbers them (White's move and Black's reply); a
    // lone piece is "1 piece"; "lost" counts the pieces a side lost.
    let p = at(
        RuleSetId::Subulata,
        "1r0,2r0,3r0,4r0,5r0,6r0,7r0,8r0,9r0 9/9/9/9/4B24/9/2B46/9/W18 b 3",
    );
    let board = en(&p, Viewer::Seat(Seat::A));
    assert!(
        board.starts_with("Subulata, move 2: Black (B) to move, left or down.\n"),
        "{board}"
    );
    assert!(
        board.contains("White: 1 piece on the board, 8 lost, 0 on goal g7-i9, score now 7."),
        "{board}"
    );
    assert!(
        board.contains("Black: 2 pieces on the board, 7 lost, 1 on goal a1-c3."),
        "{board}"
    );
    let french = fr(&p, Viewer::Seat(Seat::A));
    assert!(
        french.contains(
            "Blanc\u{a0}: 1 pion sur le plateau, 8 perdus, 0 sur la tuile d'arrivée g7-i9, \
             score actuel 7."
        ),
        "{french}"
    );
}

/// Random positions of every game, finished ones included, for every viewer: both languages
/// render, every line of the grid stays as the rules drew it, French and English boards have
/// the same lines below the heading except for words, and no line ends with a space.
#[test]
fn every_game_reads_in_both_languages() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xb0a2d);
    for rule_set in RuleSetId::ALL {
        let mut over = 0;
        for seed in 0..8 {
            let mut p = Position::start(rule_set, seed);
            for _ in 0..400 {
                p.roll_while_needed(&mut rng);
                for viewer in [Viewer::Public, Viewer::Seat(Seat::A), Viewer::Final] {
                    let (english, french) = (en(&p, viewer), fr(&p, viewer));
                    let grid = p.text_grid(viewer);
                    assert!(
                        english.contains(&grid) && french.contains(&grid),
                        "{english}"
                    );
                    assert_eq!(english.lines().count(), french.lines().count());
                    assert_ne!(english.lines().next(), french.lines().next());
                    for line in english.lines().chain(french.lines()) {
                        assert_eq!(line, line.trim_end(), "{rule_set}");
                        assert!(!line.contains("board-") && !line.contains('{'), "{line}");
                    }
                    // The Daldøsa prow and stern line up with the holes in every language.
                    if rule_set == RuleSetId::Daldosa {
                        let width = |b: &str| b.lines().nth(5).map(|l| l.chars().count());
                        assert_eq!(width(&english), Some(40));
                        assert_eq!(width(&french), Some(40));
                    }
                }
                let legal = p.legal_moves();
                if legal.is_empty() {
                    over += usize::from(p.status().outcome().is_some());
                    break;
                }
                let mv = legal[rng.random_range(0..legal.len())].clone();
                play(&mut p, &mv);
            }
        }
        assert!(
            over > 0 || rule_set == RuleSetId::Hnefatafl13,
            "{rule_set}: no game ended"
        );
    }
}

/// A game that ended outside its rules: the first line gives the result, the rest is the
/// board as it stands (as the session words it: "{game}, game over: {result}").
#[test]
fn a_board_ended_outside_the_rules_says_so_first() {
    let p = Position::start(RuleSetId::Subulata, 3);
    let result = Text::verbatim("bob (Black) resigned; alice (White) wins");
    let board = text_board_ended(&p, Viewer::Public, result.clone()).en();
    let old = en(&p, Viewer::Public);
    assert_eq!(
        board,
        format!(
            "Subulata, game over: bob (Black) resigned; alice (White) wins\n{}",
            rest(&old).unwrap_or_default()
        )
    );
    let french = text_board_ended(&p, Viewer::Public, result).render(Lang::Fr);
    assert!(french.starts_with("Subulata, partie terminée\u{a0}: bob (Black) resigned"));
    assert_eq!(rest(&french), rest(&fr(&p, Viewer::Public)));
}

#[test]
fn tafl_community_boards() {
    let start = Position::start(RuleSetId::Brandubh, 0);
    let want = "\
Brandubh, move 1: attackers (A) to play.
    a b c d e f g
 7  # . . A . . #  7
 6  . . . A . . .  6
 5  . . . D . . .  5
 4  A A D K D A A  4
 3  . . . D . . .  3
 2  . . . A . . .  2
 1  # . . A . . #  1
    a b c d e f g
Attackers: 8 on the board, 0 lost.
Defenders: 4 and the king on the board, 0 lost.
A attacker, D defender, K king, # corner, + throne, . empty.";
    assert_eq!(en(&start, Viewer::Public), want);
    assert!(
        fr(&start, Viewer::Public)
            .starts_with("Brandubh, coup 1\u{a0}: aux assaillants (A) de jouer.\n")
    );
    // The armed king takes the attacker on c3 against the defender on b3.
    let mut p = at(RuleSetId::Brandubh, "7/7/7/7/1DA2K1/7/7 d 1 -");
    play(&mut p, "f3-d3");
    assert!(en(&p, Viewer::Public).contains(" 3  . D . K . . .  3"));
    let board = en(&p, Viewer::Public);
    assert!(
        board.contains("Attackers: 0 on the board, 8 lost."),
        "{board}"
    );
    let cph = Position::start(RuleSetId::Copenhagen, 0);
    let board = fr(&cph, Viewer::Public);
    assert!(
        board.starts_with("Hnefatafl de Copenhague, coup 1\u{a0}: aux assaillants (A) de jouer."),
        "{board}"
    );
}
