//! The header band: game name and id, the players, where the game stands (the move number,
//! whose turn or the result), and the dice still to use while the game goes on.

use crate::RenderError;
use crate::canvas::{Canvas, circle, ring};
use crate::dice;
use crate::font::{Align, Face, Fonts};
use crate::frame::{Header, Turn};
use crate::pictured::{crowned, die_of, seat_tone};
use crate::pieces::{Tone, crown};
use crate::theme::{INK_DIM, INK_LIGHT, MARGIN, Rgba, WIDTH};
use skald_lang::{rule_set_name, seat_key, seat_name, t};
use skald_rules::{RuleSetId, Seat};

/// Checks the dice against the rule set.
pub(crate) fn check(header: &Header) -> Result<(), RenderError> {
    if header.dice.is_empty() {
        return Ok(());
    }
    let Some(die) = die_of(header.rule_set) else {
        return Err(RenderError::InvalidScene(format!(
            "{} uses no dice, but the header has {:?}",
            header.rule_set, header.dice
        )));
    };
    if header.dice.len() > 4 {
        return Err(RenderError::InvalidScene(format!(
            "at most four dice to use, got {}",
            header.dice.len()
        )));
    }
    if let Some(bad) = header.dice.iter().find(|&&d| d == 0 || d > die.sides()) {
        return Err(RenderError::InvalidScene(format!(
            "die value {bad} outside 1..={}",
            die.sides()
        )));
    }
    Ok(())
}

/// A small piece icon for the legend and the turn line.
fn icon(c: &mut Canvas, cx: f32, cy: f32, rule_set: RuleSetId, seat: Seat) {
    let tone = seat_tone(rule_set, seat);
    let king = crowned(rule_set, seat);
    let id = 0x400 + 2 * u32::from(tone == Tone::Dark) + u32::from(king);
    crate::sprite::stamp(c, id, cx, cy, 10.0, |c, cx, cy| {
        c.fill(circle(cx, cy, 8.5), tone.body());
        c.fill_even_odd(ring(cx, cy, 7.0, 8.5), tone.edge());
        if king {
            crown(c, cx, cy + 0.5, 4.2, tone.edge());
        }
    });
}

/// Draws the header into the top [`crate::theme::HEADER_HEIGHT`] pixels, its words in the
/// header's language.
pub(crate) fn draw(c: &mut Canvas, fonts: &Fonts, header: &Header) {
    let rs = header.rule_set;
    let lang = header.lang;
    let left = MARGIN + 4.0;
    // a finished game has no dice left to use, whatever the caller left in the header
    let over = matches!(header.turn, Turn::Over(_));
    let to_use: &[u8] = if over { &[] } else { &header.dice };
    let dice_w = dice::row_width(to_use.len());
    let text_right = WIDTH - MARGIN - if dice_w > 0.0 { dice_w + 24.0 } else { 0.0 };
    let max_w = text_right - left;

    // Line 1: the game's name, then its id.
    let name = rule_set_name(rs).render(lang);
    let name = fonts.fit(&name, 24.0, Face::Bold, max_w - 60.0);
    let w = fonts.draw(
        c,
        &name,
        left,
        36.0,
        24.0,
        Face::Bold,
        INK_LIGHT,
        Align::Left,
    );
    let id = format!("· {}", rs.id());
    if left + w + 12.0 + fonts.measure(&id, 14.0, Face::Regular) <= text_right {
        fonts.draw(
            c,
            &id,
            left + w + 10.0,
            36.0,
            14.0,
            Face::Regular,
            INK_DIM,
            Align::Left,
        );
    }

    // Line 2: the players, seat A first, each with a piece icon.
    let half = max_w / 2.0;
    for seat in Seat::BOTH {
        let x = left + half * seat.index() as f32;
        icon(c, x + 9.0, 58.0, rs, seat);
        let side = seat_name(rs, seat);
        let label = match &header.players[seat.index()] {
            Some(name) => t!("board-picture-player", side = side, name = name),
            None => side,
        }
        .render(lang);
        let label = fonts.fit(&label, 15.0, Face::Regular, half - 34.0);
        fonts.draw(
            c,
            &label,
            x + 24.0,
            63.5,
            15.0,
            Face::Regular,
            INK_DIM,
            Align::Left,
        );
    }

    // Line 3: the move number and whose turn it is, or the result.
    let number = header.progress();
    let nw = fonts.draw(
        c,
        &number,
        left,
        92.0,
        17.0,
        Face::Bold,
        INK_DIM,
        Align::Left,
    );
    let x = left + nw + 14.0;
    match &header.turn {
        Turn::Seat(seat) => {
            icon(c, x + 9.0, 86.0, rs, *seat);
            let key = seat_key(rs, *seat);
            let who = match &header.players[seat.index()] {
                Some(name) => t!("board-picture-player-to-play", seat = key, name = name),
                None => t!("board-picture-to-play", seat = key),
            }
            .render(lang);
            let who = fonts.fit(&who, 17.0, Face::Bold, text_right - x - 24.0);
            fonts.draw(
                c,
                &who,
                x + 24.0,
                92.0,
                17.0,
                Face::Bold,
                INK_LIGHT,
                Align::Left,
            );
        }
        Turn::Opening => {
            fonts.draw(
                c,
                &t!("board-picture-opening-roll").render(lang),
                x,
                92.0,
                17.0,
                Face::Bold,
                INK_LIGHT,
                Align::Left,
            );
        }
        Turn::Over(result) => {
            let result = fonts.fit(result, 17.0, Face::Bold, text_right - x);
            let gold = Rgba::rgb(0xff, 0xd8, 0x7a);
            fonts.draw(c, &result, x, 92.0, 17.0, Face::Bold, gold, Align::Left);
        }
    }

    // The dice still to use, right-aligned.
    if let Some(die) = die_of(rs)
        && !to_use.is_empty()
    {
        let x = WIDTH - MARGIN - dice_w;
        let label = t!("board-picture-dice-to-use", count = to_use.len()).render(lang);
        fonts.draw(
            c,
            &label,
            x + dice_w / 2.0,
            38.0,
            13.0,
            Face::Regular,
            INK_DIM,
            Align::Center,
        );
        dice::draw_row(c, fonts, die, to_use, x, 50.0);
    }
}
