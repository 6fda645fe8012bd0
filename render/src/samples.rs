//! Example scenes: a mid-game position of every game, each with a last move.
//!
//! They exist for the picture gallery (`examples/gallery.rs`), the benchmark and tests here
//! and in callers, so everyone looks at the same positions.

use crate::{
    AdeltaScene, DaldosaScene, Header, HnefataflScene, LastMove, Peg, Scene, Step, SubulataPiece,
    SubulataScene, TaflPiece, Terrain, Turn,
};
use skald_rules::{Cell, RuleSetId, Seat};

/// Square index of a name like `f6` on a board of side `size`.
fn square(name: &str, size: u8) -> Cell {
    let mut chars = name.chars();
    let file = chars.next().map_or(0, |c| (c as u8).wrapping_sub(b'a'));
    let rank: u8 = chars.as_str().parse().unwrap_or(1);
    rank.saturating_sub(1) * size + file
}

/// Hnefatafl 11x11 after 15 single moves (move 8 in the move list): the attackers just
/// played c10-c6, capturing c5.
pub fn hnefatafl() -> Scene {
    let header = Header {
        players: [Some("Astrid".into()), Some("Bjørn".into())],
        ..Header::new(RuleSetId::Hnefatafl, Turn::Seat(Seat::B), 15)
    };
    let mut scene = HnefataflScene::empty(header, 11);
    let attackers = [
        "d1", "e1", "f1", "g1", "h1", "f2", "d11", "e11", "f11", "g11", "h9", "c6", "c4", "a5",
        "a6", "a7", "a8", "b6", "i4", "k5", "k6", "k7", "k8", "j6",
    ];
    let defenders = [
        "f4", "f5", "g5", "d8", "e6", "g6", "h7", "e7", "f7", "i7", "f8",
    ];
    for name in attackers {
        scene.squares[usize::from(square(name, 11))] = Some(TaflPiece::Attacker);
    }
    for name in defenders {
        scene.squares[usize::from(square(name, 11))] = Some(TaflPiece::Defender);
    }
    scene.squares[usize::from(square("f6", 11))] = Some(TaflPiece::King);
    scene.last_move = LastMove {
        steps: vec![Step {
            from: square("c10", 11),
            to: Some(square("c6", 11)),
        }],
        captured: vec![square("c5", 11)],
        bumped: Vec::new(),
    };
    Scene::Hnefatafl(scene)
}

/// Hnefatafl 13x13 at the start.
pub fn hnefatafl_13_start() -> Scene {
    let mut scene = HnefataflScene::empty(
        Header::new(RuleSetId::Hnefatafl13, Turn::Seat(Seat::A), 0),
        13,
    );
    let attackers = [
        "e1", "f1", "g1", "h1", "i1", "g2", "e13", "f13", "g13", "h13", "i13", "g12", "a5", "a6",
        "a7", "a8", "a9", "b7", "m5", "m6", "m7", "m8", "m9", "l7",
    ];
    let defenders = [
        "g5", "f6", "g6", "h6", "e7", "f7", "h7", "i7", "f8", "g8", "h8", "g9",
    ];
    for name in attackers {
        scene.squares[usize::from(square(name, 13))] = Some(TaflPiece::Attacker);
    }
    for name in defenders {
        scene.squares[usize::from(square(name, 13))] = Some(TaflPiece::Defender);
    }
    scene.squares[usize::from(square("g7", 13))] = Some(TaflPiece::King);
    Scene::Hnefatafl(scene)
}

/// Ad Elta Stelpur mid-game: White's piece went 14 to 20 with a 6 and captured there, so
/// Black is down to a Hornaskella on 18; White still has a 1 to play.
pub fn adelta() -> Scene {
    let header = Header {
        players: [Some("Sigrid".into()), Some("Ulf".into())],
        dice: vec![1],
        ..Header::new(RuleSetId::Adelta, Turn::Seat(Seat::A), 18)
    };
    let mut scene = AdeltaScene::empty(header);
    for p in [3, 6, 8, 11, 15, 20] {
        scene.points[p - 1] = Some(Seat::A);
    }
    scene.points[18 - 1] = Some(Seat::B);
    scene.last_move = LastMove {
        steps: vec![Step {
            from: 14,
            to: Some(20),
        }],
        captured: vec![20],
        bumped: Vec::new(),
    };
    Scene::Adelta(scene)
}

pub use crate::subulata::subulata_terrain;

/// Subulata mid-game as White sees it (White's values shown, Black's hidden): Black just
/// played e7-e4, capturing.
pub fn subulata() -> Scene {
    subulata_for(true)
}

/// The same position as [`subulata`] as a spectator sees it (no values at all).
pub fn subulata_public() -> Scene {
    subulata_for(false)
}

fn subulata_for(white_sees: bool) -> Scene {
    let header = Header {
        players: [Some("Ingrid".into()), Some("Orm".into())],
        ..Header::new(RuleSetId::Subulata, Turn::Seat(Seat::A), 14)
    };
    let mut scene = SubulataScene::empty(header, Terrain::Water);
    scene.terrain = subulata_terrain([3, 7, 0, 5, 1, 8, 2, 6, 4]);
    let white = [
        ("a1", 4),
        ("c1", 9),
        ("b2", 2),
        ("d3", 7),
        ("f2", 5),
        ("c5", 1),
        ("g4", 8),
        ("h7", 6),
    ];
    let black = ["g9", "i9", "h8", "i7", "e4", "f6", "b6", "d8"];
    for (name, value) in white {
        scene.pieces[usize::from(square(name, 9))] = Some(SubulataPiece {
            seat: Seat::A,
            value: white_sees.then_some(value),
        });
    }
    for name in black {
        scene.pieces[usize::from(square(name, 9))] = Some(SubulataPiece {
            seat: Seat::B,
            value: None,
        });
    }
    scene.last_move = LastMove {
        steps: vec![Step {
            from: square("e7", 9),
            to: Some(square("e4", 9)),
        }],
        captured: vec![square("e4", 9)],
        bumped: Vec::new(),
    };
    Scene::Subulata(scene)
}

/// Daldøsa mid-game: White just moved m9-m5 with a 4, capturing; a 2 is left to play.
pub fn daldosa() -> Scene {
    let header = Header {
        players: [Some("Halla".into()), Some("Geir".into())],
        dice: vec![2],
        ..Header::new(RuleSetId::Daldosa, Turn::Seat(Seat::A), 22)
    };
    let mut scene = DaldosaScene::start(header);
    let hole = |row: u8, n: u8| usize::from(row * 12 + n - 1);
    let peg = |seat, active| Some(Peg { seat, active });
    for n in 9..=12 {
        scene.holes[hole(0, n)] = None;
    }
    for n in [2, 8, 9, 10, 11, 12] {
        scene.holes[hole(2, n)] = None;
    }
    for (row, n) in [(1, 10), (1, 5), (2, 2), (1, 1)] {
        scene.holes[hole(row, n)] = peg(Seat::A, true);
    }
    for (row, n) in [(1, 8), (0, 3), (0, 11)] {
        scene.holes[hole(row, n)] = peg(Seat::B, true);
    }
    scene.off = [0, 1];
    scene.last_move = LastMove {
        steps: vec![Step {
            from: 12 + 8,
            to: Some(12 + 4),
        }],
        captured: vec![12 + 4],
        bumped: Vec::new(),
    };
    Scene::Daldosa(scene)
}

/// Every sample, named by game, for the gallery.
pub fn all() -> Vec<(&'static str, Scene)> {
    vec![
        ("hnefatafl", hnefatafl()),
        ("adelta", adelta()),
        ("subulata", subulata()),
        ("daldosa", daldosa()),
    ]
}

/// Hnefatafl 11x11 at the start.
pub fn hnefatafl_start() -> HnefataflScene {
    let mut scene = HnefataflScene::empty(
        Header::new(RuleSetId::Hnefatafl, Turn::Seat(Seat::A), 0),
        11,
    );
    let attackers = [
        "d1", "e1", "f1", "g1", "h1", "f2", "d11", "e11", "f11", "g11", "h11", "f10", "a4", "a5",
        "a6", "a7", "a8", "b6", "k4", "k5", "k6", "k7", "k8", "j6",
    ];
    let defenders = [
        "f4", "e5", "f5", "g5", "d6", "e6", "g6", "h6", "e7", "f7", "g7", "f8",
    ];
    for name in attackers {
        scene.squares[usize::from(square(name, 11))] = Some(TaflPiece::Attacker);
    }
    for name in defenders {
        scene.squares[usize::from(square(name, 11))] = Some(TaflPiece::Defender);
    }
    scene.squares[usize::from(square("f6", 11))] = Some(TaflPiece::King);
    scene
}

/// A made-up Hnefatafl game of `moves` rook moves (with custodial captures), as replay
/// frames: the start, then one scene per move. Deterministic; not a legal game in every
/// detail, only a realistic load for measuring replay size and speed.
pub fn replay(moves: usize) -> Vec<Scene> {
    let size = 11i32;
    let mut scene = hnefatafl_start();
    let mut frames = vec![Scene::Hnefatafl(scene.clone())];
    let mut rng = crate::canvas::Grain::new(2024);
    let at = |s: &HnefataflScene, f: i32, r: i32| -> Option<Option<TaflPiece>> {
        if (0..size).contains(&f) && (0..size).contains(&r) {
            s.squares.get((r * size + f) as usize).copied()
        } else {
            None
        }
    };
    let mut seat = Seat::A;
    for number in 1..=moves {
        let mine = |p: TaflPiece| match seat {
            Seat::A => p == TaflPiece::Attacker,
            Seat::B => p != TaflPiece::Attacker,
        };
        // every (from, to) rook move of the side to move, through empty squares
        let mut options = Vec::new();
        for from in 0..size * size {
            let (f, r) = (from % size, from / size);
            if !matches!(at(&scene, f, r), Some(Some(p)) if mine(p)) {
                continue;
            }
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (mut nf, mut nr) = (f + df, r + dr);
                while let Some(None) = at(&scene, nf, nr) {
                    let corner = (nf == 0 || nf == size - 1) && (nr == 0 || nr == size - 1);
                    let throne = nf == 5 && nr == 5;
                    if !corner && !throne {
                        options.push((from, nr * size + nf));
                    }
                    nf += df;
                    nr += dr;
                }
            }
        }
        if options.is_empty() {
            break;
        }
        let pick = ((rng.next() * options.len() as f32) as usize).min(options.len() - 1);
        let (from, to) = options[pick];
        let piece = scene.squares[from as usize];
        scene.squares[from as usize] = None;
        scene.squares[to as usize] = piece;
        let mut captured = Vec::new();
        let (tf, tr) = (to % size, to / size);
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let victim = at(&scene, tf + df, tr + dr);
            let beyond = at(&scene, tf + 2 * df, tr + 2 * dr);
            if let (Some(Some(v)), Some(Some(b))) = (victim, beyond)
                && !mine(v)
                && v != TaflPiece::King
                && mine(b)
            {
                let idx = (tr + dr) * size + tf + df;
                scene.squares[idx as usize] = None;
                captured.push(idx as Cell);
            }
        }
        seat = seat.other();
        scene.header.turn = Turn::Seat(seat);
        scene.header.played = number as u32;
        scene.last_move = LastMove {
            steps: vec![Step {
                from: from as Cell,
                to: Some(to as Cell),
            }],
            captured,
            bumped: Vec::new(),
        };
        frames.push(Scene::Hnefatafl(scene.clone()));
    }
    if let Some(Scene::Hnefatafl(last)) = frames.last_mut() {
        last.header.turn = Turn::Over("Replay ended".into());
    }
    frames
}

/// A turning point of the Hnefatafl sample: before the defenders' move, the move played
/// (f8-f10) and the engine's preferred one (f8-f9) along the same line, with the legend.
pub fn turning_point() -> Scene {
    let mut scene = hnefatafl();
    let step = |from: &str, to: &str| LastMove::step(square(from, 11), Some(square(to, 11)));
    scene.compare(
        step("f8", "f10"),
        step("f8", "f9"),
        ["played: f8-f10".into(), "engine: f8-f9".into()],
    );
    scene
}
