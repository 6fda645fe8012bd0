//! A cache of static board layers (table, frame, fixed cells, labels), so a picture copies
//! them instead of drawing them again. Copying gives exactly the pixels drawing would, so
//! pictures stay byte-identical.

use crate::RenderError;
use crate::canvas::Canvas;
use std::sync::{Arc, Mutex};
use tiny_skia::Pixmap;

/// What a cached layer depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    board: u32,
    scale_bits: u32,
    detail: bool,
}

/// At most this many layers are kept (boards x scales in use is small).
const CAPACITY: usize = 24;

static LAYERS: Mutex<Vec<(Key, Arc<Pixmap>)>> = Mutex::new(Vec::new());

/// A canvas of `width` x `height` logical pixels at `scale` holding the static layer
/// `board` (drawn by `draw` on first use at this size, scale and detail).
pub(crate) fn canvas(
    board: u32,
    width: f32,
    height: f32,
    scale: f32,
    detail: bool,
    draw: impl FnOnce(&mut Canvas),
) -> Result<Canvas, RenderError> {
    let key = Key {
        board,
        scale_bits: scale.to_bits(),
        detail,
    };
    let size = Canvas::pixel_size(width, height, scale)?;
    let found = {
        let layers = LAYERS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        layers
            .iter()
            .find(|(k, p)| *k == key && (p.width(), p.height()) == size)
            .map(|(_, p)| Pixmap::clone(p))
    };
    if let Some(pixmap) = found {
        return Ok(Canvas {
            pixmap,
            scale,
            detail,
        });
    }
    let mut c = Canvas::new(width, height, scale, detail)?;
    draw(&mut c);
    let mut layers = LAYERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if layers.len() < CAPACITY && !layers.iter().any(|(k, _)| *k == key) {
        layers.push((key, Arc::new(c.pixmap.clone())));
    }
    Ok(c)
}
