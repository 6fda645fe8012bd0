//! A cache of static board layers (table, frame, fixed cells, labels), so a picture copies
//! them instead of drawing them again. Copying gives exactly the pixels drawing would, so
//! pictures stay byte-identical. Each layer also keeps its reduction to a palette and the
//! board's fixed palette (the layer's entries and those of swatch pictures drawn over it),
//! made on first use: the PNG encoder reuses the layer's indices for the pixels a picture
//! leaves unchanged and looks the others up in the fixed palette.

use crate::quantize::{FIXED_COLORS, Indexed, Palette, quantize, scanlines};
use std::sync::OnceLock;
use tiny_skia::Pixmap;

/// Palette entries given to the static layer; the board's fixed palette gives the rest of its
/// entries to what is drawn over the layer (pieces, header, marks; see `quantize.rs`).
pub(crate) const LAYER_COLORS: usize = 64;

/// A cached static layer.
pub(crate) struct Layer {
    /// The layer's pixels.
    pub pixmap: Pixmap,
    /// The layer reduced to at most [`LAYER_COLORS`] colours, made when first asked for.
    indexed: OnceLock<Indexed>,
    /// The board's fixed palette and the layer's scanlines under it, made when first asked
    /// for.
    fixed: OnceLock<Fixed>,
}

/// A board's fixed palette over its layer, and the layer as PNG scanlines of its entries.
pub(crate) struct Fixed {
    /// The palette: the layer's entries, then those of the swatches.
    pub palette: Palette,
    /// The layer's indices as scanlines (each row led by filter type 0).
    pub rows: Vec<u8>,
}

impl Layer {
    /// A layer of these pixels, not yet reduced.
    pub fn new(pixmap: Pixmap) -> Layer {
        Layer {
            pixmap,
            indexed: OnceLock::new(),
            fixed: OnceLock::new(),
        }
    }

    /// The layer's pixels as palette indices (computed once; the same pixels always give the
    /// same result, so pictures stay deterministic).
    pub fn indexed(&self) -> &Indexed {
        self.indexed
            .get_or_init(|| quantize(self.pixmap.data(), LAYER_COLORS))
    }

    /// The fixed palette, if [`Layer::fix`] made it.
    pub fn fixed(&self) -> Option<&Fixed> {
        self.fixed.get()
    }

    /// The fixed palette, made on first use from the pictures `swatches` gives (drawn over
    /// this layer; they must depend only on what the layer depends on, so the palette is the
    /// same whichever picture asked first).
    pub fn fix(&self, swatches: impl FnOnce() -> Vec<Vec<u8>>) -> &Fixed {
        self.fixed.get_or_init(|| {
            let base = self.indexed();
            let palette = Palette::new(self.pixmap.data(), base, &swatches(), FIXED_COLORS);
            let rows = scanlines(&base.indices, self.pixmap.width() as usize);
            Fixed { palette, rows }
        })
    }
}
