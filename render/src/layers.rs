//! The cache of static board layers ([`crate::layer::Layer`]): a picture's canvas starts as a
//! copy of its board's layer, drawn once per size, scale and detail.

use crate::RenderError;
use crate::canvas::Canvas;
use crate::layer::Layer;
use std::sync::{Arc, Mutex};

/// What a cached layer depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    board: u32,
    scale_bits: u32,
    detail: bool,
}

/// At most this many layers are kept (boards x scales in use is small).
const CAPACITY: usize = 24;

static LAYERS: Mutex<Vec<(Key, Arc<Layer>)>> = Mutex::new(Vec::new());

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
            .find(|(k, l)| *k == key && (l.pixmap.width(), l.pixmap.height()) == size)
            .map(|(_, l)| Arc::clone(l))
    };
    if let Some(layer) = found {
        return Ok(Canvas {
            pixmap: layer.pixmap.clone(),
            scale,
            detail,
            base: Some(layer),
        });
    }
    let mut c = Canvas::new(width, height, scale, detail)?;
    draw(&mut c);
    // The canvas keeps its layer even when the cache is full: the PNG encoder's output must
    // not depend on whether the layer was cached (the layer's reduction depends only on its
    // pixels, so cached or not gives the same bytes).
    let layer = Arc::new(Layer::new(c.pixmap.clone()));
    c.base = Some(Arc::clone(&layer));
    let mut layers = LAYERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if layers.len() < CAPACITY && !layers.iter().any(|(k, _)| *k == key) {
        layers.push((key, layer));
    }
    Ok(c)
}
