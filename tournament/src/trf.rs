//! The FIDE Tournament Report File, 2016 format (TRF-16), with the extensions pairing engines
//! read: `XXR` (planned rounds), `XXC` (initial colour) and bbpPairings' `BBW`/`BBD`/… point
//! lines. A TRF file is user input: every error names the line and what is accepted there.

use std::fmt::Write as _;

use thiserror::Error;

use crate::dutch::{self, PairingError};
use crate::model::{
    Color, GameScore, Player, PointSystem, RoundEntry, Tenths, Tournament, TournamentKind,
};
use crate::pairing::RoundPairing;

/// Why a TRF text was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfError {
    /// A line could not be read; `line` is 1-based.
    #[error("line {line}: {message}")]
    Line {
        /// The 1-based line number.
        line: usize,
        /// What was wrong and what is accepted.
        message: String,
    },
    /// The file as a whole is unusable.
    #[error("{0}")]
    File(String),
}

/// Why `pair` failed: the file, or the pairing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairTrfError {
    /// The TRF text was refused.
    #[error(transparent)]
    Trf(#[from] TrfError),
    /// The round could not be paired.
    #[error(transparent)]
    Pairing(#[from] PairingError),
}

/// Column of the first round block (1-based), and the width of a round block.
const FIRST_ROUND_COLUMN: usize = 92;
const ROUND_WIDTH: usize = 10;

/// Reads a TRF text. Lines end in `\n`, `\r\n` or `\r` (bbpPairings writes `\r`). Unknown
/// record codes are ignored, as the format asks.
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut tournament = Tournament::new("", TournamentKind::SwissDutch, 0);
    let mut declared_rounds = None;
    let mut points = PointSystem::default();
    let mut pab_given = false;
    let mut color_given = false;
    for (index, raw) in split_lines(text).enumerate() {
        let number = index + 1;
        let line = raw.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        let code: String = line.chars().take(3).collect();
        let rest = || line.get(4..).unwrap_or("").trim().to_string();
        let err = |message: String| TrfError::Line {
            line: number,
            message,
        };
        match code.as_str() {
            "001" => tournament.players.push(read_player(line).map_err(err)?),
            "012" => tournament.name = rest(),
            "042" => tournament.start_date = Some(rest()).filter(|s| !s.is_empty()),
            "052" => tournament.end_date = Some(rest()).filter(|s| !s.is_empty()),
            "092" => tournament.kind = kind_from(&rest()),
            "XXR" => {
                let value = rest();
                declared_rounds = Some(value.parse::<u32>().map_err(|_| {
                    err(format!(
                        "XXR needs the number of rounds, a whole number; found {value:?}"
                    ))
                })?);
            }
            "XXC" => {
                color_given = true;
                let value = rest().to_ascii_lowercase();
                tournament.initial_color = if value.starts_with("white") {
                    Color::White
                } else if value.starts_with("black") {
                    Color::Black
                } else {
                    return Err(err(format!(
                        "XXC accepts \"white1\" or \"black1\"; found {value:?}"
                    )));
                };
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let value = rest();
                let tenths = parse_points(&value).ok_or_else(|| {
                    err(format!(
                        "{code} needs a score from 0.0 to 99.9 like \"1.0\" or \"0.5\"; found {value:?}"
                    ))
                })?;
                match code.as_str() {
                    "BBW" => points.win = tenths,
                    "BBD" => points.draw = tenths,
                    "BBL" => points.loss = tenths,
                    "BBZ" => points.zero_point_bye = tenths,
                    "BBF" => points.forfeit_loss = tenths,
                    _ => {
                        points.pairing_bye = tenths;
                        pab_given = true;
                    }
                }
            }
            _ => {}
        }
    }
    if !pab_given {
        points.pairing_bye = points.win;
    }
    tournament.points = points;
    if tournament.players.is_empty() {
        return Err(TrfError::File(
            "no player lines: a TRF file lists players on lines starting with \"001\"".into(),
        ));
    }
    if !color_given && let Some(color) = infer_initial_color(&tournament) {
        tournament.initial_color = color;
    }
    let recorded = tournament.rounds_recorded();
    tournament.total_rounds = declared_rounds
        .unwrap_or(u32::try_from(recorded).unwrap_or(u32::MAX))
        .max(u32::try_from(recorded).unwrap_or(u32::MAX));
    tournament.players.sort_by_key(|p| p.start_number);
    if let Some(pair) = tournament
        .players
        .windows(2)
        .find(|w| w[0].start_number == w[1].start_number)
    {
        return Err(TrfError::File(format!(
            "start number {} is on two player lines",
            pair[0].start_number
        )));
    }
    Ok(tournament)
}

/// Without an XXC line, the initial colour is read from the first round with colours, as
/// bbpPairings does: the colour of the highest-ranked player paired by
/// then; if that player had no colour that round, the next one's colour reversed, and so on.
fn infer_initial_color(tournament: &Tournament) -> Option<Color> {
    let mut players: Vec<&Player> = tournament.players.iter().collect();
    players.sort_by_key(|p| p.start_number);
    let first = (0..tournament.rounds_recorded()).find(|&r| {
        players
            .iter()
            .any(|p| matches!(p.rounds.get(r), Some(RoundEntry::Game { .. })))
    })?;
    let mut flip = false;
    for p in players {
        let paired_by_then = p
            .rounds
            .iter()
            .take(first + 1)
            .any(RoundEntry::participated_in_pairing);
        if !paired_by_then {
            continue;
        }
        if let Some(RoundEntry::Game { color, .. }) = p.rounds.get(first) {
            return Some(if flip { color.invert() } else { *color });
        }
        flip = !flip;
    }
    None
}

/// Splits on `\r\n`, `\n` or a lone `\r`.
fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').flat_map(|l| l.split('\r'))
}

/// The tournament kind named on line 092 (free text in TRF-16).
fn kind_from(text: &str) -> TournamentKind {
    let lower = text.to_ascii_lowercase();
    if lower.contains("robin") || lower.contains("berger") {
        let cycles = if lower.contains("double") { 2 } else { 1 };
        TournamentKind::RoundRobin { cycles }
    } else if lower.contains("knock") {
        TournamentKind::Knockout
    } else {
        TournamentKind::SwissDutch
    }
}

/// "1.5" → 15 tenths.
fn parse_points(text: &str) -> Option<Tenths> {
    let text = text.trim();
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, "0"),
    };
    let whole: Tenths = whole.parse().ok()?;
    let digit = fraction.chars().next().unwrap_or('0');
    if fraction.chars().skip(1).any(|c| c != '0') {
        return None;
    }
    let tenths = whole.checked_mul(10)?.checked_add(digit.to_digit(10)?)?;
    // TRF writes scores in four columns ("99.9"); larger values are typing errors.
    (tenths <= MAX_POINTS).then_some(tenths)
}

/// The largest score a TRF field holds, in tenths.
const MAX_POINTS: Tenths = 999;

/// The characters of columns `from..=to` (1-based), trimmed; empty when the line is short.
fn columns(line: &str, from: usize, to: usize) -> String {
    line.chars()
        .skip(from - 1)
        .take(to + 1 - from)
        .collect::<String>()
        .trim()
        .to_string()
}

/// Reads a `001` line.
fn read_player(line: &str) -> Result<Player, String> {
    let start_text = columns(line, 5, 8);
    let start_number: u32 = start_text.parse().map_err(|_| {
        format!("columns 5-8 must hold the start number (1 to 9999); found {start_text:?}")
    })?;
    if start_number == 0 {
        return Err("the start number in columns 5-8 must be 1 or more".to_string());
    }
    let rating_text = columns(line, 49, 52);
    let rating = if rating_text.is_empty() {
        0
    } else {
        rating_text.parse().map_err(|_| {
            format!("columns 49-52 must hold the rating (digits or blank); found {rating_text:?}")
        })?
    };
    let rank_text = columns(line, 86, 89);
    let rank = if rank_text.is_empty() {
        None
    } else {
        Some(rank_text.parse().map_err(|_| {
            format!("columns 86-89 must hold the rank (digits or blank); found {rank_text:?}")
        })?)
    };
    let points_text = columns(line, 81, 84);
    if !points_text.is_empty() && parse_points(&points_text).is_none() {
        return Err(format!(
            "columns 81-84 must hold the points like \" 3.5\"; found {points_text:?}"
        ));
    }
    let mut player = Player::new(start_number, columns(line, 15, 47), rating);
    player.sex = columns(line, 10, 10);
    player.title = columns(line, 11, 13);
    player.federation = columns(line, 54, 56);
    player.fide_id = columns(line, 58, 68);
    player.birth = columns(line, 70, 79);
    player.rank = rank;
    let chars: Vec<char> = line.chars().collect();
    let mut round = 0;
    while FIRST_ROUND_COLUMN - 1 + round * ROUND_WIDTH < chars.len() {
        let begin = FIRST_ROUND_COLUMN - 1 + round * ROUND_WIDTH;
        let block: String = chars.iter().skip(begin).take(8).collect();
        let entry = read_round(&block, start_number).map_err(|m| {
            format!(
                "round {} (columns {}-{}): {m}",
                round + 1,
                begin + 1,
                begin + 8
            )
        })?;
        player.rounds.push(entry);
        round += 1;
    }
    while player.rounds.last() == Some(&RoundEntry::NotPaired) {
        player.rounds.pop();
    }
    Ok(player)
}

/// Reads one round block "oooo c r".
fn read_round(block: &str, me: u32) -> Result<RoundEntry, String> {
    let chars: Vec<char> = block.chars().collect();
    let opponent_text: String = chars.iter().take(4).collect::<String>().trim().to_string();
    let color = chars.get(5).copied().unwrap_or(' ');
    let result = chars.get(7).copied().unwrap_or(' ');
    if opponent_text.is_empty() && color == ' ' && result == ' ' {
        return Ok(RoundEntry::NotPaired);
    }
    let opponent: u32 = if opponent_text.is_empty() {
        0
    } else {
        opponent_text.parse().map_err(|_| {
            format!("the opponent must be a start number or 0000; found {opponent_text:?}")
        })?
    };
    if opponent == 0 || opponent == me {
        return match result {
            'U' | '+' => Ok(RoundEntry::PairingBye),
            'H' | '=' => Ok(RoundEntry::HalfPointBye),
            'F' | '1' => Ok(RoundEntry::FullPointBye),
            'Z' | '-' | '0' | ' ' => Ok(RoundEntry::ZeroPointBye),
            other => Err(format!(
                "without an opponent the result must be U, H, F, Z or -; found {other:?}"
            )),
        };
    }
    let color = match color {
        'w' | 'W' => Color::White,
        'b' | 'B' => Color::Black,
        '-' | ' ' if matches!(result, '+' | '-') => Color::White,
        other => return Err(format!("the colour must be w or b; found {other:?}")),
    };
    let (score, played, rated) = match result {
        '1' => (GameScore::Win, true, true),
        '=' => (GameScore::Draw, true, true),
        '0' => (GameScore::Loss, true, true),
        'W' => (GameScore::Win, true, false),
        'D' => (GameScore::Draw, true, false),
        'L' => (GameScore::Loss, true, false),
        '+' => (GameScore::Win, false, true),
        '-' => (GameScore::Loss, false, true),
        other => {
            return Err(format!(
                "a game's result must be 1, =, 0, +, -, W, D or L; found {other:?}"
            ));
        }
    };
    Ok(RoundEntry::Game {
        opponent,
        color,
        score,
        played,
        rated,
    })
}

/// Writes a tournament as TRF-16 text (lines end in `\n`).
pub fn write(tournament: &Tournament) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", tournament.name);
    if let Some(date) = &tournament.start_date {
        let _ = writeln!(out, "042 {date}");
    }
    if let Some(date) = &tournament.end_date {
        let _ = writeln!(out, "052 {date}");
    }
    let _ = writeln!(out, "062 {}", tournament.players.len());
    let kind = match tournament.kind {
        TournamentKind::SwissDutch => "Swiss Dutch".to_string(),
        TournamentKind::RoundRobin { cycles: 2 } => "Double Round Robin".to_string(),
        TournamentKind::RoundRobin { .. } => "Round Robin".to_string(),
        TournamentKind::Knockout => "Knockout".to_string(),
    };
    let _ = writeln!(out, "092 {kind}");
    let _ = writeln!(out, "XXR {}", tournament.total_rounds);
    let initial = match tournament.initial_color {
        Color::White => "white1",
        Color::Black => "black1",
    };
    let _ = writeln!(out, "XXC {initial}");
    let p = tournament.points;
    let defaults = PointSystem::default();
    for (code, value, default) in [
        ("BBW", p.win, defaults.win),
        ("BBD", p.draw, defaults.draw),
        ("BBL", p.loss, defaults.loss),
        ("BBZ", p.zero_point_bye, defaults.zero_point_bye),
        ("BBF", p.forfeit_loss, defaults.forfeit_loss),
        ("BBU", p.pairing_bye, p.win),
    ] {
        if value != default {
            let _ = writeln!(out, "{code} {}", format_points(value));
        }
    }
    let totals: Vec<Tenths> = tournament
        .players
        .iter()
        .map(|pl| p.total(&pl.rounds, pl.rounds.len()))
        .collect();
    for (i, player) in tournament.players.iter().enumerate() {
        let rank = player.rank.unwrap_or_else(|| {
            1 + tournament
                .players
                .iter()
                .enumerate()
                .filter(|(j, other)| {
                    totals[*j] > totals[i]
                        || (totals[*j] == totals[i] && other.start_number < player.start_number)
                })
                .count() as u32
        });
        out.push_str(&player_line(player, totals[i], rank));
        out.push('\n');
    }
    out
}

/// "15" tenths → "1.5".
fn format_points(tenths: Tenths) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// Left-aligned text cut to a column width.
fn fit(text: &str, width: usize) -> String {
    let cut: String = text.chars().take(width).collect();
    format!("{cut:<width$}")
}

/// One `001` line with the fixed TRF-16 columns.
fn player_line(player: &Player, total: Tenths, rank: u32) -> String {
    let title = fit(&player.title, 3);
    let fide_id = fit(&player.fide_id, 11);
    let rating = if player.rating == 0 {
        String::new()
    } else {
        player.rating.to_string()
    };
    let mut line = format!(
        "001 {:>4} {}{:>3} {} {:>4} {} {:>11} {} {:>4} {:>4}",
        player.start_number,
        fit(&player.sex, 1),
        title.trim_end(),
        fit(&player.name, 33),
        rating,
        fit(&player.federation, 3),
        fide_id.trim_end(),
        fit(&player.birth, 10),
        format_points(total),
        rank
    );
    for entry in &player.rounds {
        line.push_str("  ");
        line.push_str(&round_block(entry));
    }
    line.trim_end().to_string()
}

/// One round block "oooo c r".
fn round_block(entry: &RoundEntry) -> String {
    match entry {
        RoundEntry::Game {
            opponent,
            color,
            score,
            played,
            rated,
        } => {
            let c = match color {
                Color::White => 'w',
                Color::Black => 'b',
            };
            let r = match (score, played, rated) {
                (GameScore::Win, false, _) => '+',
                (GameScore::Loss, false, _) => '-',
                (GameScore::Draw, false, _) => '=',
                (GameScore::Win, true, true) => '1',
                (GameScore::Draw, true, true) => '=',
                (GameScore::Loss, true, true) => '0',
                (GameScore::Win, true, false) => 'W',
                (GameScore::Draw, true, false) => 'D',
                (GameScore::Loss, true, false) => 'L',
            };
            format!("{opponent:>4} {c} {r}")
        }
        RoundEntry::PairingBye => "0000 - U".to_string(),
        RoundEntry::HalfPointBye => "0000 - H".to_string(),
        RoundEntry::FullPointBye => "0000 - F".to_string(),
        RoundEntry::ZeroPointBye => "0000 - Z".to_string(),
        RoundEntry::NotPaired => "        ".to_string(),
    }
}

/// Pairs the round after those recorded in a TRF text by the Dutch system: what
/// `skald tournament pair <file.trf>` prints with [`RoundPairing::to_bbp_text`].
pub fn pair(text: &str) -> Result<RoundPairing, PairTrfError> {
    let tournament = read(text)?;
    Ok(dutch::pair_next_round(&tournament)?)
}
