//! A tournament's standings as a file: the table made from the tournament record (places,
//! names, points, tie-breaks, games left, and a round-robin's crosstable) and stored as text,
//! its headers and legend worded in the reader's language only when it is drawn.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use skald_lang::{Lang, Text, t};
use skald_render::{
    CrosstableBlock, MAX_CROSSTABLE_PLAYERS, MAX_STANDINGS_ROWS, StandingsPicture, StandingsRow,
};
use skald_tournament::standings::{TieBreak, crosstable, default_tiebreaks, standings_with};
use skald_tournament::{RoundEntry, StartNumber, Tenths, Tournament, TournamentKind};

use super::{File, FileBody};

/// A standings table as posted: every value already written out ("2½", "7¼"), the column
/// headers and legend left to the reader's language.
///
/// Exists so a standings picture can wait in the outbox like any file: it holds the table,
/// not the tournament, and is drawn by [`File::render`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingsOf {
    /// The tournament's name, the picture's first line.
    pub title: String,
    /// Where the tournament stands, the second line.
    pub stage: Stage,
    /// The tie-breaks, in the order the table shows them after the points.
    pub tiebreaks: Vec<TieBreak>,
    /// The players shown, best first (at most [`MAX_STANDINGS_ROWS`]).
    pub rows: Vec<StandingsLine>,
    /// How many more players the tournament has than [`StandingsOf::rows`] shows.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more: u32,
    /// The crosstable, rows and columns in the order of [`StandingsOf::rows`]: "1", "½",
    /// "0", "+", "-", "·" for a game not played yet, "×" on the diagonal. Only for a
    /// round-robin of at most [`MAX_CROSSTABLE_PLAYERS`] players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crosstable: Option<Vec<Vec<String>>>,
    /// True when a round-robin had too many players for its crosstable (the legend says so).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crosstable_left_out: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Where a tournament stands when its standings are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Stage {
    /// No round played yet.
    NotStarted {
        /// The planned rounds.
        rounds: u32,
    },
    /// Every player has a result for `round`, and none for later rounds.
    AfterRound {
        /// The last round played.
        round: u32,
        /// The planned rounds.
        rounds: u32,
    },
    /// Some results of `round` are still to come.
    UnderWay {
        /// The round being played.
        round: u32,
        /// The planned rounds.
        rounds: u32,
    },
    /// Every round is played.
    Final {
        /// The rounds played.
        rounds: u32,
    },
}

impl Stage {
    /// The words for it.
    pub fn text(self) -> Text {
        match self {
            Stage::NotStarted { rounds } => t!("standings-not-started", rounds = rounds),
            Stage::AfterRound { round, rounds } => {
                t!("standings-after-round", round = round, rounds = rounds)
            }
            Stage::UnderWay { round, rounds } => {
                t!("standings-round-under-way", round = round, rounds = rounds)
            }
            Stage::Final { rounds } => t!("standings-final", rounds = rounds),
        }
    }
}

/// One player's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingsLine {
    /// The place; players equal on points and every tie-break share it.
    pub place: u32,
    /// The name shown.
    pub name: String,
    /// Points as written ("2½").
    pub points: String,
    /// One value per [`StandingsOf::tiebreaks`], as written.
    pub tiebreaks: Vec<String>,
    /// Rounds the player has no result for yet.
    pub games_left: u32,
}

/// The standings file of a tournament with its kind's tie-breaks (Sonneborn-Berger for a
/// round-robin, Buchholz Cut 1 for a Swiss, then direct encounter and wins).
///
/// `id` is the tournament's number (the file is `skald-tournament-<id>-standings.png`),
/// `title` its name as players know it, `names` each player's display name by start number
/// (a player missing from it goes by the name in the tournament record). Nothing else of
/// the record is shown.
pub fn standings_file(
    id: u64,
    title: &str,
    tournament: &Tournament,
    names: &HashMap<StartNumber, String>,
) -> File {
    standings_file_with(
        id,
        title,
        tournament,
        names,
        &default_tiebreaks(tournament.kind),
    )
}

/// [`standings_file`] with chosen tie-breaks, in the order they apply.
pub fn standings_file_with(
    id: u64,
    title: &str,
    tournament: &Tournament,
    names: &HashMap<StartNumber, String>,
    tiebreaks: &[TieBreak],
) -> File {
    let table = StandingsOf::of(title, tournament, names, tiebreaks);
    let caption = t!(
        "file-standings-caption",
        title = title,
        stage = table.stage.text()
    );
    File {
        game: id,
        stem: format!("skald-tournament-{id}-standings"),
        body: FileBody::Standings(table),
        caption,
    }
}

impl StandingsOf {
    /// The table of a tournament.
    pub fn of(
        title: &str,
        tournament: &Tournament,
        names: &HashMap<StartNumber, String>,
        tiebreaks: &[TieBreak],
    ) -> StandingsOf {
        let lines = standings_with(tournament, tiebreaks);
        let rounds = tournament.total_rounds;
        let name = |n: StartNumber| {
            names
                .get(&n)
                .cloned()
                .or_else(|| tournament.player(n).map(|p| p.name.clone()))
                .unwrap_or_else(|| n.to_string())
        };
        // Games left: a round-robin's bye is no game, so a player there has (players - 1)
        // games a cycle, whichever round their bye falls in; a Swiss's bye is not known
        // before its round, so every round left may be a game. A round whose game is still
        // being played (`NotPaired` in the record) is left to play.
        let planned_games = match tournament.kind {
            TournamentKind::RoundRobin { cycles } => Some(
                u32::try_from(tournament.players.len().saturating_sub(1))
                    .unwrap_or(u32::MAX)
                    .saturating_mul(u32::from(cycles)),
            ),
            _ => None,
        };
        let games_left = |n: StartNumber| {
            let done = |counts: &dyn Fn(&RoundEntry) -> bool| {
                tournament.player(n).map_or(0, |p| {
                    u32::try_from(p.rounds.iter().filter(|r| counts(r)).count()).unwrap_or(u32::MAX)
                })
            };
            match planned_games {
                Some(planned) => planned.saturating_sub(done(&|r| {
                    !matches!(r, RoundEntry::NotPaired | RoundEntry::PairingBye)
                })),
                None => rounds.saturating_sub(done(&|r| *r != RoundEntry::NotPaired)),
            }
        };
        let rows: Vec<StandingsLine> = lines
            .iter()
            .take(MAX_STANDINGS_ROWS)
            .map(|l| StandingsLine {
                place: l.rank,
                name: name(l.start_number),
                points: tenths(l.points),
                tiebreaks: l
                    .tiebreaks
                    .iter()
                    .map(|&(tb, v)| match tb {
                        TieBreak::Wins => v.to_string(),
                        _ => hundredths(v),
                    })
                    .collect(),
                games_left: games_left(l.start_number),
            })
            .collect();
        let round_robin = matches!(tournament.kind, TournamentKind::RoundRobin { .. });
        let fits = lines.len() <= MAX_CROSSTABLE_PLAYERS;
        let crosstable = (round_robin && fits).then(|| {
            let table = crosstable(tournament);
            let index: HashMap<StartNumber, usize> = table
                .players
                .iter()
                .enumerate()
                .map(|(i, &p)| (p, i))
                .collect();
            let order: Vec<Option<usize>> = lines
                .iter()
                .map(|l| index.get(&l.start_number).copied())
                .collect();
            order
                .iter()
                .map(|&row| {
                    order
                        .iter()
                        .map(|&col| match (row, col) {
                            (Some(r), Some(c)) if r == c => "×".to_string(),
                            (Some(r), Some(c)) => {
                                let marks = table
                                    .cells
                                    .get(r)
                                    .and_then(|cells| cells.get(c))
                                    .map(|cell| cell.iter().map(|m| m.mark()).collect::<String>())
                                    .unwrap_or_default();
                                if marks.is_empty() {
                                    "·".to_string()
                                } else {
                                    marks
                                }
                            }
                            _ => "·".to_string(),
                        })
                        .collect()
                })
                .collect()
        });
        StandingsOf {
            title: title.to_string(),
            stage: stage(tournament),
            tiebreaks: tiebreaks.to_vec(),
            more: u32::try_from(lines.len().saturating_sub(rows.len())).unwrap_or(u32::MAX),
            rows,
            crosstable,
            crosstable_left_out: round_robin && !fits,
        }
    }

    /// The picture to draw, its headers and legend in `lang`.
    pub(super) fn picture(&self, lang: Lang) -> StandingsPicture {
        let word = |text: Text| text.render(lang);
        let mut value_headers = vec![word(t!("standings-points"))];
        let mut legend = vec![word(t!("standings-legend-points"))];
        for tb in &self.tiebreaks {
            let (header, meaning) = match tb {
                TieBreak::SonnebornBerger => (
                    t!("standings-sonneborn-berger"),
                    t!("standings-legend-sonneborn-berger"),
                ),
                TieBreak::BuchholzCut1 => (
                    t!("standings-buchholz-cut1"),
                    t!("standings-legend-buchholz-cut1"),
                ),
                TieBreak::DirectEncounter => (
                    t!("standings-direct-encounter"),
                    t!("standings-legend-direct-encounter"),
                ),
                TieBreak::Wins => (t!("standings-wins"), t!("standings-legend-wins")),
            };
            value_headers.push(word(header));
            legend.push(word(meaning));
        }
        value_headers.push(word(t!("standings-games-left")));
        legend.push(word(t!("standings-legend-games-left")));
        if self.crosstable.is_some() {
            legend.push(word(t!("standings-legend-crosstable")));
        }
        if self.crosstable_left_out {
            legend.push(word(t!(
                "standings-legend-no-crosstable",
                max = MAX_CROSSTABLE_PLAYERS
            )));
        }
        if self.more > 0 {
            legend.push(word(t!("standings-legend-more", count = self.more)));
        }
        StandingsPicture {
            title: self.title.clone(),
            subtitle: word(self.stage.text()),
            place_header: word(t!("standings-place")),
            player_header: word(t!("standings-player")),
            value_headers,
            rows: self
                .rows
                .iter()
                .map(|r| StandingsRow {
                    place: r.place.to_string(),
                    player: r.name.clone(),
                    values: std::iter::once(r.points.clone())
                        .chain(r.tiebreaks.iter().cloned())
                        .chain(std::iter::once(r.games_left.to_string()))
                        .collect(),
                })
                .collect(),
            crosstable: self.crosstable.as_ref().map(|cells| CrosstableBlock {
                title: word(t!("standings-crosstable")),
                cells: cells.clone(),
            }),
            legend,
        }
    }
}

/// Where a tournament stands: the rounds every player has a result for (a game still being
/// played is none yet), and whether any later round has started. A round-robin whose
/// games all started at once is "round 1 under way" until every round-1 game has ended.
fn stage(tournament: &Tournament) -> Stage {
    let rounds = tournament.total_rounds;
    let recorded = tournament.rounds_recorded();
    if recorded == 0 {
        return Stage::NotStarted { rounds };
    }
    let complete = (0..recorded)
        .take_while(|&r| {
            tournament.players.iter().all(|p| {
                p.rounds
                    .get(r)
                    .is_some_and(|e| *e != skald_tournament::RoundEntry::NotPaired)
            })
        })
        .count();
    let round = u32::try_from(complete).unwrap_or(u32::MAX);
    match round {
        r if r >= rounds => Stage::Final { rounds: r },
        r if complete == recorded && r > 0 => Stage::AfterRound { round: r, rounds },
        r => Stage::UnderWay {
            round: r.saturating_add(1),
            rounds,
        },
    }
}

/// Points in tenths as players write them: "2", "2½", "½", else one decimal ("2.3").
pub(super) fn tenths(points: Tenths) -> String {
    hundredths(u64::from(points) * 10)
}

/// A value in hundredths of a point: quarters as fractions ("7¼", "½", "3¾"), else up to two
/// decimals ("7.3", "7.35").
pub(super) fn hundredths(value: u64) -> String {
    let (whole, part) = (value / 100, value % 100);
    let fraction = match part {
        0 => return whole.to_string(),
        25 => "¼",
        50 => "½",
        75 => "¾",
        p if p.is_multiple_of(10) => return format!("{whole}.{}", p / 10),
        p => return format!("{whole}.{p:02}"),
    };
    if whole == 0 {
        fraction.to_string()
    } else {
        format!("{whole}{fraction}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skald_tournament::{Color, GameScore, Player, RoundEntry, RoundPairing, berger, dutch};

    /// Display names for the gallery and the tests: short, long, Cyrillic, Greek, Icelandic.
    const NAMES: &[&str] = &[
        "Astrid",
        "Bjørn Ironside",
        "Ragnhildr Sigurðardóttir the Unconquerable of the Western Fjords",
        "Алексей",
        "Ευδοξία",
        "Hákon",
        "Ingrid Løvås",
        "Sven",
        "Þórunn",
        "Eirik the Red",
        "Gunnhild",
        "Leif",
    ];

    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Records one round's pairing with results drawn from `seed` (the higher start number
    /// loses more often).
    fn play(t: &mut Tournament, pairing: &RoundPairing, seed: &mut u64) {
        for &(white, black) in &pairing.pairs {
            let score = match rng(seed) % 10 {
                0..=4 if white < black => GameScore::Win,
                0..=4 => GameScore::Loss,
                5..=7 => GameScore::Draw,
                8 => GameScore::Loss,
                _ => GameScore::Win,
            };
            let played = !rng(seed).is_multiple_of(25);
            for (me, other, color, score) in [
                (white, black, Color::White, score),
                (black, white, Color::Black, score.opposite()),
            ] {
                if let Some(p) = t.players.iter_mut().find(|p| p.start_number == me) {
                    p.rounds.push(RoundEntry::Game {
                        opponent: other,
                        color,
                        score,
                        played,
                        rated: true,
                    });
                }
            }
        }
        if let Some(bye) = pairing.bye
            && let Some(p) = t.players.iter_mut().find(|p| p.start_number == bye)
        {
            p.rounds.push(RoundEntry::PairingBye);
        }
    }

    fn tournament(kind: TournamentKind, players: u32, rounds: u32) -> Tournament {
        let mut t = Tournament::new("record name", kind, rounds);
        for n in 1..=players {
            t.players
                .push(Player::new(n, format!("record-name-{n}"), 2000));
        }
        t
    }

    fn names(players: u32) -> HashMap<StartNumber, String> {
        (1..=players)
            .map(|n| {
                let name = NAMES[(n as usize - 1) % NAMES.len()];
                let name = if n as usize > NAMES.len() {
                    format!("{name} {n}")
                } else {
                    name.to_string()
                };
                (n, name)
            })
            .collect()
    }

    /// A 5-player round-robin after `played` of its 5 rounds.
    fn round_robin(played: usize) -> Tournament {
        let mut t = tournament(TournamentKind::RoundRobin { cycles: 1 }, 5, 5);
        t.points.pairing_bye = 0;
        let schedule = berger::single_round_robin(5).unwrap_or_default();
        let mut seed = 7;
        for round in schedule.iter().take(played) {
            play(&mut t, round, &mut seed);
        }
        t
    }

    /// A Swiss of `players` after `played` of its `rounds`.
    fn swiss(players: u32, rounds: u32, played: u32) -> Tournament {
        let mut t = tournament(TournamentKind::SwissDutch, players, rounds);
        let mut seed = 0x5eed + u64::from(players);
        for _ in 0..played {
            match dutch::pair_next_round(&t) {
                Ok(pairing) => play(&mut t, &pairing, &mut seed),
                Err(e) => panic!("cannot pair: {e}"),
            }
        }
        t
    }

    fn table(file: &File) -> &StandingsOf {
        match &file.body {
            FileBody::Standings(table) => table,
            _ => panic!("not standings: {file:?}"),
        }
    }

    #[test]
    fn values_are_written_as_players_write_them() {
        assert_eq!(tenths(0), "0");
        assert_eq!(tenths(5), "½");
        assert_eq!(tenths(25), "2½");
        assert_eq!(tenths(30), "3");
        assert_eq!(tenths(23), "2.3");
        assert_eq!(hundredths(725), "7¼");
        assert_eq!(hundredths(375), "3¾");
        assert_eq!(hundredths(1205), "12.05");
    }

    #[test]
    fn a_round_robin_bye_is_not_a_game_left() {
        // 5 players: each plays 4 games and sits out one of the 5 rounds.
        let t = round_robin(1);
        let table = standings_file(4, "Spring league", &t, &names(5));
        let table = self::table(&table);
        let schedule = berger::single_round_robin(5).unwrap_or_default();
        let bye = schedule[0].bye.expect("a bye in round 1");
        let name = &names(5)[&bye];
        for row in &table.rows {
            let expected = if row.name == *name { 4 } else { 3 };
            assert_eq!(row.games_left, expected, "{}: {row:?}", row.name);
        }
        // Before any round, every player has 4 games to play, not 5.
        let t = round_robin(0);
        let table = standings_file(4, "Spring league", &t, &names(5));
        assert!(self::table(&table).rows.iter().all(|r| r.games_left == 4));
        // All rounds started at once, round 1's games still being played (the record holds
        // `NotPaired` there): those games are still to play, the bye is not.
        let mut t = round_robin(2);
        for p in &mut t.players {
            if p.rounds[0] != RoundEntry::PairingBye {
                p.rounds[0] = RoundEntry::NotPaired;
            }
        }
        let table = standings_file(4, "Spring league", &t, &names(5));
        let bye2 = schedule[1].bye.expect("a bye in round 2");
        for row in &self::table(&table).rows {
            // The round-2 bye played no game yet: 4 left; everyone else played one: 3.
            let expected = if row.name == names(5)[&bye2] { 4 } else { 3 };
            assert_eq!(row.games_left, expected, "{}: {row:?}", row.name);
        }
        // At the end, none.
        let t = round_robin(5);
        let table = standings_file(4, "Spring league", &t, &names(5));
        assert!(self::table(&table).rows.iter().all(|r| r.games_left == 0));
    }

    #[test]
    fn a_round_robin_shows_its_crosstable_in_standings_order() {
        let t = round_robin(3);
        let file = standings_file(4, "Spring league", &t, &names(5));
        assert_eq!(file.stem, "skald-tournament-4-standings");
        let table = table(&file);
        assert_eq!(
            table.stage,
            Stage::AfterRound {
                round: 3,
                rounds: 5
            }
        );
        assert_eq!(table.rows.len(), 5);
        let Some(cross) = &table.crosstable else {
            panic!("no crosstable");
        };
        for (i, row) in cross.iter().enumerate() {
            assert_eq!(row[i], "×");
        }
        // each player has 4 games in all (the bye is none), less those played; the cells
        // agree: the cells of a row hold as many results as the player played games
        for (i, line) in table.rows.iter().enumerate() {
            let results = cross[i]
                .iter()
                .filter(|c| !matches!(c.as_str(), "×" | "·"))
                .count();
            let games = t
                .players
                .iter()
                .find(|p| names(5).get(&p.start_number) == Some(&line.name))
                .map(|p| p.rounds.iter().filter(|e| e.opponent().is_some()).count());
            assert_eq!(Some(results), games, "{line:?}");
            assert_eq!(
                Some(line.games_left as usize),
                games.map(|g| 4 - g),
                "{line:?}"
            );
        }
        // the places go up, the points down
        assert!(table.rows.windows(2).all(|w| w[0].place <= w[1].place));
        // the picture's crosstable is the same
        let picture = table.picture(Lang::En);
        assert_eq!(picture.crosstable.map(|c| c.cells), Some(cross.clone()));
        assert_eq!(picture.subtitle, "After round 3 of 5");
        assert_eq!(
            picture.value_headers,
            ["Pts", "SB", "DE", "W", "Left"].map(String::from)
        );
    }

    #[test]
    fn a_swiss_has_no_crosstable_and_a_large_round_robin_says_why_it_has_none() {
        let swiss = standings_file(1, "Swiss", &swiss(12, 7, 4), &names(12));
        assert_eq!(table(&swiss).crosstable, None);
        assert!(!table(&swiss).crosstable_left_out);
        let big = tournament(TournamentKind::RoundRobin { cycles: 1 }, 20, 19);
        let file = standings_file(2, "Big", &big, &names(20));
        assert_eq!(table(&file).crosstable, None);
        assert!(table(&file).crosstable_left_out);
        let picture = table(&file).picture(Lang::En);
        assert!(picture.legend.iter().any(|l| l.contains("16 players")));
        assert_eq!(picture.subtitle, "Before round 1 of 19");
    }

    #[test]
    fn only_the_given_names_and_numbers_are_shown() {
        // names with markup and mentions are shown as they are, and nothing of the record
        // (its names, ratings) goes into the file
        let mut given = names(5);
        given.insert(1, "@everyone <b>**x**</b>".into());
        given.remove(&2);
        let t = round_robin(5);
        let file = standings_file(9, "League", &t, &given);
        let json = serde_json::to_string(&file.body).unwrap_or_default();
        assert!(json.contains("@everyone <b>**x**</b>"));
        // the player without a display name goes by the record's name; no one else does
        assert_eq!(json.matches("record-name-").count(), 1, "{json}");
        assert!(json.contains("record-name-2"));
        assert!(!json.contains("2000"));
        assert!(!json.contains("record name"));
        let picture = table(&file).picture(Lang::Fr);
        let mut shown: Vec<String> = picture.rows.iter().map(|r| r.player.clone()).collect();
        shown.sort();
        let mut want: Vec<String> = (1..=5)
            .map(|n| {
                given
                    .get(&n)
                    .cloned()
                    .unwrap_or_else(|| format!("record-name-{n}"))
            })
            .collect();
        want.sort();
        assert_eq!(shown, want);
        assert_eq!(picture.title, "League");
        // every value cell is a number as players write them
        for row in &picture.rows {
            for v in &row.values {
                assert!(
                    v.chars().all(|c| c.is_ascii_digit() || "½¼¾.".contains(c)),
                    "{v}"
                );
            }
        }
        assert_eq!(
            picture.subtitle,
            "Classement final après 5\u{a0}rondes".replace('\u{a0}', " ")
        );
    }

    #[test]
    fn standings_round_trip_through_the_store() {
        for file in [
            standings_file(3, "RR", &round_robin(2), &names(5)),
            standings_file(5, "Swiss", &swiss(12, 7, 4), &names(12)),
        ] {
            let stored = serde_json::to_string(&file).unwrap_or_default();
            assert!(stored.contains("\"standings\""), "{stored}");
            match serde_json::from_str::<File>(&stored) {
                Ok(back) => assert!(back == file, "{stored}"),
                Err(e) => panic!("{e}: {stored}"),
            }
        }
    }

    #[test]
    fn more_players_than_a_picture_holds_are_counted_in_the_legend() {
        let players = MAX_STANDINGS_ROWS as u32 + 3;
        let t = tournament(TournamentKind::SwissDutch, players, 9);
        let file = standings_file(6, "Open", &t, &names(players));
        assert_eq!(table(&file).rows.len(), MAX_STANDINGS_ROWS);
        assert_eq!(table(&file).more, 3);
        let picture = table(&file).picture(Lang::En);
        assert!(
            picture
                .legend
                .iter()
                .any(|l| l == "3 more players not shown")
        );
        assert!(file.render(Lang::En, u64::MAX).is_ok());
    }

    #[test]
    fn the_picture_is_a_png_within_the_limit_or_a_refusal() {
        let file = standings_file(7, "Swiss", &swiss(12, 7, 4), &names(12));
        let ready = match file.render(Lang::Fr, u64::MAX) {
            Ok(ready) => ready,
            Err(e) => panic!("{}", e.en()),
        };
        assert_eq!(ready.name, "skald-tournament-7-standings.png");
        assert_eq!(ready.mime, "image/png");
        assert!(ready.bytes.starts_with(b"\x89PNG"));
        assert!(ready.size.is_some_and(|(w, h)| w >= 480 && h > 12 * 38));
        match file.render(Lang::En, 1000) {
            Ok(_) => panic!("a picture over the limit was posted"),
            Err(e) => assert_eq!(e.message_ids(), ["file-standings-too-big"]),
        }
        assert_eq!(file.caption.en(), "Standings of Swiss: After round 4 of 7");
    }

    /// Draws the gallery's standings pictures; `SKALD_WRITE_GALLERY=1` writes them to
    /// `docs/gallery/` (run from the workspace root's `session/`, as cargo does).
    #[test]
    fn gallery() {
        let pictures = [
            (
                "standings-round-robin-5",
                standings_file(
                    1,
                    "Hnefatafl spring round-robin",
                    &round_robin(4),
                    &names(5),
                ),
            ),
            (
                "standings-swiss-12",
                standings_file(2, "Autumn Daldøsa Swiss", &swiss(12, 7, 4), &names(12)),
            ),
            (
                "standings-swiss-64",
                standings_file(3, "Winter Open", &swiss(64, 6, 3), &names(64)),
            ),
        ];
        let french = (
            "standings-round-robin-5-fr",
            standings_file(1, "Ronde de printemps", &round_robin(4), &names(5)),
        );
        for (name, file) in pictures.into_iter().chain([french]) {
            let lang = if name.ends_with("-fr") {
                Lang::Fr
            } else {
                Lang::En
            };
            let ready = match file.render(lang, u64::MAX) {
                Ok(ready) => ready,
                Err(e) => panic!("{name}: {}", e.en()),
            };
            if std::env::var_os("SKALD_WRITE_GALLERY").is_some() {
                let path = format!("../docs/gallery/{name}.png");
                if let Err(e) = std::fs::write(&path, &ready.bytes) {
                    panic!("{path}: {e}");
                }
            }
        }
    }
}
