//! Reduces a picture to at most 256 colours, so it can be stored as an indexed PNG (one byte
//! a pixel instead of three, and far longer repeats for the compressor).
//!
//! Board pictures are flat areas in a few theme colours plus anti-aliased edges, text, wood
//! grain and shaded pieces: a few thousand distinct colours, of which the 256 most common
//! cover 94-97% of the pixels. The quantiser counts the exact colours (walking runs of equal
//! pixels, so a flat area costs one comparison a pixel), then splits the colour set into
//! boxes by variance (a median cut along the channel that spreads most, where the two
//! halves' squared error is least), each box's colour being the weighted mean of its members.
//! When a picture has 256 colours or fewer every box holds one colour and the result is
//! lossless.
//!
//! Most of a board picture is its cached static layer (table, frame, board, labels), and the
//! rest is drawn from a fixed set of sprites, marks and text colours. So each board gets a
//! fixed [`Palette`], made once with its layer: the layer reduced to 64 entries
//! ([`crate::layer::Layer::indexed`]), then the pixels that swatch pictures (`swatch.rs`, every
//! kind of piece and mark on every kind of cell) draw over the layer reduced to up to
//! [`FIXED_COLORS`] entries in all, remembering the entry of each colour. A picture then costs
//! a comparison per pixel against the layer ([`index_over`]): unchanged pixels keep the
//! layer's index, changed ones look their exact colour up (runs of one colour once); a colour
//! no swatch drew takes the nearest entry when it is close, else one of the entries left
//! (the far colours reduced by the same median cut). Everything depends only on the pixels
//! and the board, so the same picture always gives the same palette and indices.
//! ([`quantize_over`], a picture's changed colours reduced on their own, is the fallback for
//! a canvas whose layer has no fixed palette.)

/// At most this many palette entries (8-bit indexed PNG).
pub(crate) const MAX_COLORS: usize = 256;

/// A picture as palette indices.
pub(crate) struct Indexed {
    /// RGB triples, one per entry (at most [`MAX_COLORS`]).
    pub palette: Vec<u8>,
    /// One palette index per pixel, row by row.
    pub indices: Vec<u8>,
}

/// Quantises premultiplied opaque RGBA pixels (`tiny-skia`'s pixmap data; alpha is ignored,
/// as the pictures are opaque) to at most `max_colors` colours (clamped to 1..=256).
pub(crate) fn quantize(rgba: &[u8], max_colors: usize) -> Indexed {
    let max_colors = max_colors.clamp(1, MAX_COLORS);
    // Pass 1: runs of equal pixels, each colour counted once per run and given a dense id.
    let mut scan = Scan::new(rgba.len() / 64);
    // Four pixels at a time while they continue the run (most of a board is flat areas).
    let mut quads = rgba.chunks_exact(16);
    for quad in &mut quads {
        let four = quad_word(quad);
        let same = scan
            .pixel
            .is_some_and(|p| four == u128::from(p) * 0x0000_0001_0000_0001_0000_0001_0000_0001);
        if same {
            scan.len += 4;
            scan.position += 4;
        } else {
            for i in 0..4 {
                scan.next((four >> (32 * i)) as u32);
            }
        }
    }
    for px in quads.remainder().chunks_exact(4) {
        scan.next(pixel_word(px));
    }
    scan.end_run();
    let mut indices = vec![0; rgba.len() / 4];
    let palette = scan.finish(max_colors, 0, &mut indices);
    Indexed { palette, indices }
}

/// Quantises `rgba` knowing that it was drawn over `base_rgba` (the cached static layer of
/// the same size), which `base` already reduced: pixels the picture left as they were keep
/// the layer's palette entry, and only the changed ones (pieces, header, marks) are counted
/// and get entries of their own, up to `max_colors` in all. Most pixels of a board picture
/// are unchanged, so this costs a comparison a pixel instead of a colour count.
///
/// Falls back to [`quantize`] when the sizes differ or the layer's palette leaves no room.
pub(crate) fn quantize_over(
    rgba: &[u8],
    base_rgba: &[u8],
    base: &Indexed,
    max_colors: usize,
) -> Indexed {
    let max_colors = max_colors.clamp(1, MAX_COLORS);
    let taken = base.palette.len() / 3;
    if base_rgba.len() != rgba.len() || base.indices.len() * 4 != rgba.len() || taken >= max_colors
    {
        return quantize(rgba, max_colors);
    }
    let mut scan = Scan::new(rgba.len() / 32);
    let mut quads = rgba.chunks_exact(16).zip(base_rgba.chunks_exact(16));
    for (quad, under) in &mut quads {
        let (four, was) = (quad_word(quad), quad_word(under));
        if four == was {
            scan.end_run();
            scan.position += 4;
            continue;
        }
        for i in 0..4 {
            let (px, old) = ((four >> (32 * i)) as u32, (was >> (32 * i)) as u32);
            if px == old {
                scan.end_run();
                scan.position += 1;
            } else {
                scan.next(px);
            }
        }
    }
    let done = rgba.len() / 16 * 16;
    let rest = rgba.get(done..).unwrap_or_default();
    let rest_under = base_rgba.get(done..).unwrap_or_default();
    for (px, was) in rest.chunks_exact(4).zip(rest_under.chunks_exact(4)) {
        let (px, was) = (pixel_word(px), pixel_word(was));
        if px == was {
            scan.end_run();
            scan.position += 1;
        } else {
            scan.next(px);
        }
    }
    scan.end_run();
    let mut indices = base.indices.clone();
    let mut palette = base.palette.clone();
    if !scan.runs.is_empty() {
        palette.extend(scan.finish(max_colors - taken, taken, &mut indices));
    }
    Indexed { palette, indices }
}

/// Entries a board's fixed [`Palette`] may use; the other `256 - FIXED_COLORS` are left for
/// the colours of a picture that no entry is close to.
pub(crate) const FIXED_COLORS: usize = 224;

/// A colour this close to a palette entry (squared RGB distance) takes that entry when it is
/// not one of the palette's known colours; farther ones get entries of the picture's own.
const CLOSE: u32 = 3 * 6 * 6;

/// A board's fixed palette: the static layer's entries, then entries for what is drawn over
/// it (pieces, marks, header), made once from swatch pictures, with every colour seen in the
/// layer and the swatches and the entry it went to. Indexing a picture against it is an
/// exact-colour lookup per changed pixel instead of a colour reduction.
pub(crate) struct Palette {
    /// RGB triples, the layer's entries first.
    pub rgb: Vec<u8>,
    /// Colour key to entry, for every colour the swatches drew over the layer (a changed
    /// pixel of the layer's own colour is rare: it takes the nearest entry).
    known: ColorMap,
}

impl Palette {
    /// The palette of a layer (`base_rgba`, reduced to `base`) under the pictures `swatches`
    /// (each drawn over the layer, so of the same size): the layer's entries, then the
    /// swatches' changed pixels reduced to the rest of `max_colors` entries.
    pub fn new(
        base_rgba: &[u8],
        base: &Indexed,
        swatches: &[Vec<u8>],
        max_colors: usize,
    ) -> Palette {
        let max_colors = max_colors.clamp(1, MAX_COLORS - 1);
        let mut rgb = base.palette.clone();
        let taken = rgb.len() / 3;
        let mut table = ColorTable::with_capacity(8192);
        for swatch in swatches.iter().filter(|s| s.len() == base_rgba.len()) {
            for (px, was) in swatch.chunks_exact(4).zip(base_rgba.chunks_exact(4)) {
                let (px, was) = (pixel_word(px), pixel_word(was));
                if px != was {
                    table.add(key(px), 1);
                }
            }
        }
        let mut known = ColorMap::with_capacity(table.colors.len());
        if taken < max_colors && !table.colors.is_empty() {
            let colors = table.colors;
            let mut order: Vec<u32> = (0..colors.len() as u32).collect();
            let boxes = median_cut(&colors, &mut order, max_colors - taken);
            for (index, b) in boxes.iter().enumerate() {
                rgb.extend_from_slice(&b.sums.mean());
                for &id in order.get(b.start..b.end).unwrap_or_default() {
                    if let Some(c) = colors.get(id as usize) {
                        known.insert(c.key(), (taken + index).min(254) as u8);
                    }
                }
            }
        }
        Palette { rgb, known }
    }

    /// How many entries the palette has.
    pub fn len(&self) -> usize {
        self.rgb.len() / 3
    }

    /// The entry nearest to colour `key` and its squared distance (the first of equals).
    fn nearest(&self, key: u32) -> (u32, u32) {
        let [r, g, b, _] = key.to_le_bytes().map(i32::from);
        let mut best = (0, u32::MAX);
        for (i, e) in self.rgb.chunks_exact(3).enumerate() {
            let (dr, dg, db) = (
                r - i32::from(e[0]),
                g - i32::from(e[1]),
                b - i32::from(e[2]),
            );
            let d = (dr * dr + dg * dg + db * db).unsigned_abs();
            if d < best.1 {
                best = (i as u32, d);
            }
        }
        best
    }
}

/// A picture as PNG scanlines of palette indices.
pub(crate) struct Rows {
    /// RGB triples, one per entry (at most [`MAX_COLORS`]).
    pub palette: Vec<u8>,
    /// Each row of `width` indices led by its filter type byte (0, none).
    pub rows: Vec<u8>,
}

/// The layer's indices as PNG scanlines (`width` indices a row, each row led by a 0).
pub(crate) fn scanlines(indices: &[u8], width: usize) -> Vec<u8> {
    let width = width.max(1);
    let mut out = Vec::with_capacity(indices.len() + indices.len() / width + 1);
    for row in indices.chunks(width) {
        out.push(0);
        out.extend_from_slice(row);
    }
    out
}

/// Indexes `rgba` (`width` pixels a row), drawn over `base_rgba` whose scanlines under
/// `palette` are `base_rows`: unchanged pixels keep the layer's index, changed ones take the
/// entry of their exact colour when the palette knows it, else the nearest entry when it is
/// [`CLOSE`], else entries of the picture's own (the far colours reduced to the entries left).
/// A pure function of its inputs: the same picture gives the same bytes.
///
/// `None` when the sizes do not match.
pub(crate) fn index_over(
    rgba: &[u8],
    base_rgba: &[u8],
    base_rows: &[u8],
    width: usize,
    palette: &Palette,
) -> Option<Rows> {
    let width = width.max(1);
    let height = rgba.len() / 4 / width;
    if rgba.len() != width * height * 4
        || base_rgba.len() != rgba.len()
        || base_rows.len() != height * (width + 1)
        || palette.len() > MAX_COLORS
    {
        return None;
    }
    let mut rows = base_rows.to_vec();
    let mut lookup = Lookup::new(palette);
    let row_bytes = width * 4;
    let rgba_rows = rgba
        .chunks_exact(row_bytes)
        .zip(base_rgba.chunks_exact(row_bytes));
    for (y, (row, under)) in rgba_rows.enumerate() {
        // Most rows, and most blocks of the others, are the layer's: compared a row, then 16
        // pixels, then 4 at a time.
        if row == under {
            continue;
        }
        let out_start = y * (width + 1) + 1;
        let out = rows.get_mut(out_start..out_start + width)?;
        let blocks = row.chunks(64).zip(under.chunks(64)).enumerate();
        for (b, (block, was)) in blocks.filter(|(_, (block, was))| !same_block(block, was)) {
            let x0 = 16 * b;
            let mut quads = block.chunks_exact(16).zip(was.chunks_exact(16)).enumerate();
            for (q, (quad, old)) in &mut quads {
                let (four, old) = (quad_word(quad), quad_word(old));
                if four == old {
                    continue;
                }
                for i in 0..4 {
                    let (px, before) = ((four >> (32 * i)) as u32, (old >> (32 * i)) as u32);
                    let x = x0 + 4 * q + i;
                    if px != before
                        && let Some(o) = out.get_mut(x)
                    {
                        *o = lookup.entry(px, out_start + x);
                    }
                }
            }
            let done = block.len() / 16 * 16;
            let rest = block.get(done..).unwrap_or_default();
            let rest_under = was.get(done..).unwrap_or_default();
            for (i, (px, old)) in rest
                .chunks_exact(4)
                .zip(rest_under.chunks_exact(4))
                .enumerate()
            {
                let (px, old) = (pixel_word(px), pixel_word(old));
                let x = x0 + done / 4 + i;
                if px != old
                    && let Some(o) = out.get_mut(x)
                {
                    *o = lookup.entry(px, out_start + x);
                }
            }
        }
    }
    let mut colors = palette.rgb.clone();
    colors.extend(lookup.place_far(&mut rows));
    Some(Rows {
        palette: colors,
        rows,
    })
}

/// What [`index_over`] learns while it goes: the colours it already placed, and the far ones.
struct Lookup<'a> {
    palette: &'a Palette,
    /// The last colour looked up and its entry (changed pixels come in runs).
    last: Option<(u32, u8)>,
    /// The colours looked up lately, `key << 8 | value` or [`NONE`], by a hash of the key:
    /// a picture draws the same few hundred colours again and again, and this small table
    /// stays in the first-level cache where the palette's map of thousands does not.
    recent: Vec<u32>,
    /// Colours not known to the palette: the entry they take, or [`FAR`].
    seen: ColorMap,
    /// The far colours, counted.
    far: ColorTable,
    /// (where in the rows, far colour id) of each far pixel.
    far_at: Vec<(u32, u32)>,
}

/// Slots of [`Lookup::recent`] (16 KB).
const RECENT: usize = 4096;

/// Marks a far colour in [`Lookup::seen`].
const FAR: u8 = 254;

impl Lookup<'_> {
    fn new(palette: &Palette) -> Lookup<'_> {
        Lookup {
            palette,
            last: None,
            recent: vec![NONE; RECENT],
            seen: ColorMap::with_capacity(512),
            far: ColorTable::with_capacity(64),
            far_at: Vec::new(),
        }
    }

    /// The entry of pixel `px`, at `at` in the rows (a far colour's entry comes later).
    #[inline]
    fn entry(&mut self, px: u32, at: usize) -> u8 {
        let k = key(px);
        match self.last {
            Some((last, entry)) if last == k => entry,
            _ => self.look_up(k, at),
        }
    }

    /// [`Lookup::entry`] for a colour other than the last one.
    #[inline(never)]
    fn look_up(&mut self, k: u32, at: usize) -> u8 {
        let slot = (k.wrapping_mul(0x9E37_79B9) >> 16) as usize & (RECENT - 1);
        let value = match self.recent.get(slot) {
            Some(&r) if r != NONE && r >> 8 == k => r as u8,
            _ => {
                let value = self.remember(k);
                if let Some(r) = self.recent.get_mut(slot) {
                    *r = k << 8 | u32::from(value);
                }
                value
            }
        };
        if value == FAR {
            let id = self.far.add(k, 1);
            self.far_at.push((at as u32, id));
            self.last = None;
            return 0;
        }
        self.last = Some((k, value));
        value
    }

    /// The value of colour `k`: its entry in the palette, else the nearest if it is close,
    /// else [`FAR`].
    fn remember(&mut self, k: u32) -> u8 {
        match self.palette.known.get(k) {
            Some(v) => v,
            None => match self.seen.get(k) {
                Some(v) => v,
                None => {
                    let (entry, distance) = self.palette.nearest(k);
                    let v = if distance <= CLOSE {
                        entry.min(253) as u8
                    } else {
                        FAR
                    };
                    self.seen.insert(k, v);
                    v
                }
            },
        }
    }

    /// Reduces the far colours to the entries left after the palette's, writes their
    /// entries into `rows`, and returns the new entries' RGB triples.
    fn place_far(self, rows: &mut [u8]) -> Vec<u8> {
        let colors = self.far.colors;
        if colors.is_empty() {
            return Vec::new();
        }
        let first = self.palette.len();
        let mut order: Vec<u32> = (0..colors.len() as u32).collect();
        let boxes = median_cut(&colors, &mut order, MAX_COLORS - first);
        let mut rgb = Vec::with_capacity(boxes.len() * 3);
        let mut entry_of = vec![0u8; colors.len()];
        for (index, b) in boxes.iter().enumerate() {
            rgb.extend_from_slice(&b.sums.mean());
            for &id in order.get(b.start..b.end).unwrap_or_default() {
                if let Some(e) = entry_of.get_mut(id as usize) {
                    *e = (first + index).min(255) as u8;
                }
            }
        }
        for (at, id) in self.far_at {
            if let (Some(o), Some(&e)) = (rows.get_mut(at as usize), entry_of.get(id as usize)) {
                *o = e;
            }
        }
        rgb
    }
}

/// An open-addressing map from colour keys (24 bits) to entries (below 255), a slot of four
/// bytes each so that the map of a board's few thousand colours stays in the fastest caches.
struct ColorMap {
    /// Slot to `key << 8 | value`, or [`NONE`].
    slots: Vec<u32>,
    len: usize,
}

/// No slot holds this (values are below 255), so it marks an empty slot.
const NONE: u32 = u32::MAX;

impl ColorMap {
    /// An empty map with room for `capacity` keys before it grows.
    fn with_capacity(capacity: usize) -> ColorMap {
        ColorMap {
            slots: vec![NONE; (2 * capacity).next_power_of_two().max(16)],
            len: 0,
        }
    }

    /// Where `key` is or belongs, and its value if it is there.
    fn find(&self, key: u32) -> (usize, Option<u8>) {
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9) >> 12) as usize & mask;
        loop {
            match self.slots.get(i) {
                Some(&slot) if slot == NONE => return (i, None),
                Some(&slot) if slot >> 8 == key => return (i, Some(slot as u8)),
                Some(_) => i = (i + 1) & mask,
                None => return (i, None),
            }
        }
    }

    /// The value of `key`, if any.
    fn get(&self, key: u32) -> Option<u8> {
        self.find(key).1
    }

    /// Sets `key` (24 bits) to `value` (below 255).
    fn insert(&mut self, key: u32, value: u8) {
        let (mut i, old) = self.find(key);
        if old.is_none() {
            if (self.len + 1) * 2 > self.slots.len() {
                let doubled = vec![NONE; self.slots.len() * 2];
                let old_slots = std::mem::replace(&mut self.slots, doubled);
                for slot in old_slots.into_iter().filter(|&s| s != NONE) {
                    let (j, _) = self.find(slot >> 8);
                    if let Some(s) = self.slots.get_mut(j) {
                        *s = slot;
                    }
                }
                i = self.find(key).0;
            }
            self.len += 1;
        }
        if let Some(s) = self.slots.get_mut(i) {
            *s = (key & 0x00ff_ffff) << 8 | u32::from(value.min(254));
        }
    }
}

/// Whether two blocks of up to 16 pixels are equal (a full block is compared as a fixed-size
/// array, which the compiler does in a few vector instructions rather than a `memcmp` call).
fn same_block(a: &[u8], b: &[u8]) -> bool {
    match (<&[u8; 64]>::try_from(a), <&[u8; 64]>::try_from(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Four pixels (16 bytes, from `chunks_exact(16)`) as one little-endian word.
fn quad_word(quad: &[u8]) -> u128 {
    let mut bytes = [0u8; 16];
    if let Some(src) = quad.get(..16) {
        bytes.copy_from_slice(src);
    }
    u128::from_le_bytes(bytes)
}

/// One pixel (4 bytes, from `chunks_exact(4)`) as a little-endian word.
fn pixel_word(px: &[u8]) -> u32 {
    match px {
        [r, g, b, a, ..] => u32::from_le_bytes([*r, *g, *b, *a]),
        _ => 0,
    }
}

/// The first pass's state: the colours so far, the runs so far, and the run going on.
struct Scan {
    table: ColorTable,
    /// (colour id, first pixel, length) of each finished run.
    runs: Vec<(u32, u32, u32)>,
    /// The pixel of the run going on (premultiplied RGBA as a little-endian word).
    pixel: Option<u32>,
    /// Where the next pixel goes, and the length of the run going on (which ends there).
    position: u32,
    len: u32,
}

impl Scan {
    /// An empty scan, with room for `runs` runs before it grows.
    fn new(runs: usize) -> Scan {
        Scan {
            table: ColorTable::with_capacity(8192),
            runs: Vec::with_capacity(runs),
            pixel: None,
            position: 0,
            len: 0,
        }
    }

    /// The pixel at `position`, right after the previous one.
    fn next(&mut self, px: u32) {
        if self.pixel == Some(px) {
            self.len += 1;
        } else {
            self.end_run();
            self.pixel = Some(px);
            self.len = 1;
        }
        self.position += 1;
    }

    /// Counts the run going on, if any (it ends before `position`).
    fn end_run(&mut self) {
        if let Some(p) = self.pixel.take() {
            let id = self.table.add(key(p), self.len);
            self.runs
                .push((id, self.position.saturating_sub(self.len), self.len));
        }
        self.len = 0;
    }

    /// Reduces the colours seen to at most `max_colors` entries numbered from `first`,
    /// writes each run's entry into `indices`, and returns the entries' RGB triples.
    fn finish(self, max_colors: usize, first: usize, indices: &mut [u8]) -> Vec<u8> {
        let colors = self.table.colors;
        let mut order: Vec<u32> = (0..colors.len() as u32).collect();
        let boxes = median_cut(&colors, &mut order, max_colors);
        let mut palette = Vec::with_capacity(boxes.len() * 3);
        let mut entry_of = vec![0u8; colors.len()];
        for (index, b) in boxes.iter().enumerate() {
            palette.extend_from_slice(&b.sums.mean());
            for &id in order.get(b.start..b.end).unwrap_or_default() {
                if let Some(e) = entry_of.get_mut(id as usize) {
                    // `first` + at most 256 - `first` boxes: the entry fits a byte.
                    *e = (first + index).min(255) as u8;
                }
            }
        }
        for (id, start, len) in self.runs {
            let entry = entry_of.get(id as usize).copied().unwrap_or(0);
            let (start, end) = (start as usize, start as usize + len as usize);
            if let Some(run) = indices.get_mut(start..end) {
                run.fill(entry);
            }
        }
        palette
    }
}

/// A distinct colour of the picture and how many pixels have it.
#[derive(Clone, Copy)]
struct Color {
    rgb: [u8; 3],
    count: u32,
}

impl Color {
    /// The colour as [`key`] gives it.
    fn key(&self) -> u32 {
        let [r, g, b] = self.rgb.map(u32::from);
        r | g << 8 | b << 16
    }
}

/// A pixel's colour as a hash key: its RGB bytes, little-endian (alpha dropped).
fn key(px: u32) -> u32 {
    px & 0x00ff_ffff
}

/// No slot holds this (colour keys have no high byte), so it marks an empty slot.
const EMPTY: u64 = u64::MAX;

/// An open-addressing hash table giving each distinct colour a dense id (the order of first
/// appearance) and counting its pixels. The standard `HashMap` with its DoS-resistant hasher
/// costs several times more a lookup here, and the input is our own drawing.
struct ColorTable {
    /// Slot to `key << 32 | id`, or [`EMPTY`]: one load finds both.
    slots: Vec<u64>,
    /// Colours by id.
    colors: Vec<Color>,
}

impl ColorTable {
    /// An empty table with `capacity` slots (rounded up to a power of two).
    fn with_capacity(capacity: usize) -> ColorTable {
        ColorTable {
            slots: vec![EMPTY; capacity.next_power_of_two().max(16)],
            colors: Vec::new(),
        }
    }

    /// Where `key` is or belongs: the slot index, and the id if it is there.
    fn find(&self, key: u32) -> (usize, Option<u32>) {
        let mask = self.slots.len() - 1;
        // Fibonacci hashing: the product's high bits spread neighbouring colours apart.
        let mut i = (key.wrapping_mul(0x9E37_79B9) >> 12) as usize & mask;
        loop {
            match self.slots.get(i) {
                Some(&slot) if slot == EMPTY => return (i, None),
                Some(&slot) if (slot >> 32) as u32 == key => return (i, Some(slot as u32)),
                Some(_) => i = (i + 1) & mask,
                None => return (i, None),
            }
        }
    }

    /// Adds `count` pixels of colour `key` and returns the colour's id.
    fn add(&mut self, key: u32, count: u32) -> u32 {
        let id = match self.find(key) {
            (_, Some(id)) => id,
            (mut i, None) => {
                if (self.colors.len() + 1) * 2 > self.slots.len() {
                    self.grow();
                    i = self.find(key).0;
                }
                let id = self.colors.len() as u32;
                if let Some(slot) = self.slots.get_mut(i) {
                    *slot = u64::from(key) << 32 | u64::from(id);
                }
                self.colors.push(Color {
                    rgb: [key as u8, (key >> 8) as u8, (key >> 16) as u8],
                    count: 0,
                });
                id
            }
        };
        if let Some(c) = self.colors.get_mut(id as usize) {
            c.count = c.count.saturating_add(count);
        }
        id
    }

    /// Doubles the slots (keeps the table at most half full, so probes stay short); ids stay.
    fn grow(&mut self) {
        let doubled = vec![EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        for slot in old.into_iter().filter(|&s| s != EMPTY) {
            let (i, _) = self.find((slot >> 32) as u32);
            if let Some(s) = self.slots.get_mut(i) {
                *s = slot;
            }
        }
    }
}

/// Sums over a set of colours, enough for their mean and squared error.
#[derive(Clone, Copy, Default)]
struct Sums {
    count: u64,
    sum: [u64; 3],
    squares: [u64; 3],
}

impl Sums {
    fn add(&mut self, c: &Color) {
        let n = u64::from(c.count);
        let [r, g, b] = c.rgb.map(u64::from);
        self.count += n;
        self.sum[0] += n * r;
        self.sum[1] += n * g;
        self.sum[2] += n * b;
        self.squares[0] += n * r * r;
        self.squares[1] += n * g * g;
        self.squares[2] += n * b * b;
    }

    fn plus(&self, o: &Sums) -> Sums {
        Sums {
            count: self.count + o.count,
            sum: [
                self.sum[0] + o.sum[0],
                self.sum[1] + o.sum[1],
                self.sum[2] + o.sum[2],
            ],
            squares: [
                self.squares[0] + o.squares[0],
                self.squares[1] + o.squares[1],
                self.squares[2] + o.squares[2],
            ],
        }
    }

    fn minus(&self, o: &Sums) -> Sums {
        Sums {
            count: self.count.saturating_sub(o.count),
            sum: [
                self.sum[0].saturating_sub(o.sum[0]),
                self.sum[1].saturating_sub(o.sum[1]),
                self.sum[2].saturating_sub(o.sum[2]),
            ],
            squares: [
                self.squares[0].saturating_sub(o.squares[0]),
                self.squares[1].saturating_sub(o.squares[1]),
                self.squares[2].saturating_sub(o.squares[2]),
            ],
        }
    }

    /// Sum of squared distances of the pixels to their mean colour, per channel.
    fn channel_errors(&self) -> [f64; 3] {
        if self.count == 0 {
            return [0.0; 3];
        }
        let n = self.count as f64;
        let e = |i: usize| (self.squares[i] as f64 - (self.sum[i] as f64).powi(2) / n).max(0.0);
        [e(0), e(1), e(2)]
    }

    /// Sum of squared distances of the pixels to their mean colour.
    fn error(&self) -> f64 {
        self.channel_errors().iter().sum()
    }

    /// The mean colour, rounded.
    fn mean(&self) -> [u8; 3] {
        let n = self.count.max(1);
        self.sum.map(|s| ((s + n / 2) / n).min(255) as u8)
    }
}

/// A box of the median cut: the colours `order[start..end]`, with the best way to split it.
struct ColorBox {
    start: usize,
    end: usize,
    sums: Sums,
    split: Option<Split>,
}

/// Cutting a box along `channel`: colours with a value up to `at` go left.
#[derive(Clone, Copy)]
struct Split {
    channel: usize,
    at: u8,
    /// How much the squared error drops.
    gain: f64,
    /// The sums of the colours that go left.
    left: Sums,
}

impl ColorBox {
    /// The box `order[start..end]`, whose colours add up to `sums`.
    fn new(
        colors: &[Color],
        order: &[u32],
        (start, end): (usize, usize),
        sums: Sums,
        bins: &mut [Sums; 256],
    ) -> ColorBox {
        let members = order.get(start..end).unwrap_or_default();
        let split = best_split(colors, members, &sums, bins);
        ColorBox {
            start,
            end,
            sums,
            split,
        }
    }
}

/// Splits the colours into at most `max` boxes: each time the box whose best cut lowers the
/// squared error most, at the value along the channel that lowers it most. Reorders `order`
/// so that each box is a contiguous range of it.
fn median_cut(colors: &[Color], order: &mut [u32], max: usize) -> Vec<ColorBox> {
    let mut bins = [Sums::default(); 256];
    let mut all = Sums::default();
    for c in colors {
        all.add(c);
    }
    let mut boxes = vec![ColorBox::new(
        colors,
        order,
        (0, order.len()),
        all,
        &mut bins,
    )];
    while boxes.len() < max {
        let mut pick = None;
        let mut best = 0.0;
        for (i, b) in boxes.iter().enumerate() {
            if let Some(s) = b.split
                && s.gain > best
            {
                best = s.gain;
                pick = Some((i, s));
            }
        }
        let Some((i, split)) = pick else { break };
        let Some((start, end, sums)) = boxes.get(i).map(|b| (b.start, b.end, b.sums)) else {
            break;
        };
        let Some(members) = order.get_mut(start..end) else {
            break;
        };
        let left = partition(members, |id| {
            colors
                .get(id as usize)
                .and_then(|c| c.rgb.get(split.channel))
                .is_some_and(|&v| v <= split.at)
        });
        let right = ColorBox::new(
            colors,
            order,
            (start + left, end),
            sums.minus(&split.left),
            &mut bins,
        );
        if let Some(b) = boxes.get_mut(i) {
            *b = ColorBox::new(colors, order, (start, start + left), split.left, &mut bins);
        }
        boxes.push(right);
    }
    boxes
}

/// Moves the items for which `left` holds to the front; returns how many there are.
fn partition(items: &mut [u32], left: impl Fn(u32) -> bool) -> usize {
    let mut n = 0;
    for i in 0..items.len() {
        if items.get(i).is_some_and(|&id| left(id)) {
            items.swap(n, i);
            n += 1;
        }
    }
    n
}

/// The cut of `members` (whose sums are `total`) that lowers the squared error most: for each
/// channel, the colours are binned by value and every boundary between bins is tried.
/// `bins` is scratch space, all zero on entry and on return.
fn best_split(
    colors: &[Color],
    members: &[u32],
    total: &Sums,
    bins: &mut [Sums; 256],
) -> Option<Split> {
    if members.len() < 2 {
        return None;
    }
    let error = total.error();
    // Only along the channel that spreads most: trying all three costs three times as much
    // and changed no sample picture visibly.
    let spread = total.channel_errors();
    let mut channel = 0;
    for c in 1..3 {
        if spread.get(c) > spread.get(channel) {
            channel = c;
        }
    }
    let mut best: Option<Split> = None;
    let (mut lo, mut hi) = (255usize, 0usize);
    for &id in members {
        if let Some(c) = colors.get(id as usize) {
            let v = usize::from(c.rgb.get(channel).copied().unwrap_or(0));
            if let Some(bin) = bins.get_mut(v) {
                bin.add(c);
            }
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    let mut left = Sums::default();
    for v in lo..hi {
        // Cutting anywhere between two values present is the same cut: try each once.
        match bins.get(v) {
            Some(bin) if bin.count > 0 => left = left.plus(bin),
            _ => continue,
        }
        let gain = error - left.error() - total.minus(&left).error();
        if best.is_none_or(|b| gain > b.gain) {
            best = Some(Split {
                channel,
                at: v as u8,
                gain,
                left,
            });
        }
    }
    for bin in bins.get_mut(lo..=hi).unwrap_or_default() {
        *bin = Sums::default();
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixels(colors: &[[u8; 3]]) -> Vec<u8> {
        colors
            .iter()
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect()
    }

    fn decoded(q: &Indexed) -> Vec<[u8; 3]> {
        q.indices
            .iter()
            .map(|&i| {
                let i = usize::from(i) * 3;
                match q.palette.get(i..i + 3) {
                    Some(c) => [c[0], c[1], c[2]],
                    None => panic!("index {i} outside the palette"),
                }
            })
            .collect()
    }

    #[test]
    fn few_colours_come_back_exactly() {
        let colors: Vec<[u8; 3]> = (0..1000u32)
            .map(|i| {
                let k = (i * 7 % 200) as u8;
                [k, 255 - k, k / 2]
            })
            .collect();
        let q = quantize(&pixels(&colors), 256);
        assert_eq!(q.palette.len(), 200 * 3);
        assert_eq!(decoded(&q), colors);
    }

    #[test]
    fn many_colours_fit_the_palette_and_stay_close() {
        let colors: Vec<[u8; 3]> = (0..65536u32)
            .map(|i| [(i & 0xff) as u8, (i >> 8) as u8, ((i * 31) & 0xff) as u8])
            .collect();
        let q = quantize(&pixels(&colors), 256);
        assert!(q.palette.len() <= 256 * 3);
        assert_eq!(q.indices.len(), colors.len());
        for (got, want) in decoded(&q).iter().zip(&colors) {
            for (g, w) in got.iter().zip(want) {
                assert!(g.abs_diff(*w) <= 64, "{got:?} for {want:?}");
            }
        }
    }

    #[test]
    fn a_dominant_colour_keeps_its_exact_value() {
        let mut colors = vec![[0x6c, 0x52, 0x40]; 50_000];
        colors.extend((0..5000u32).map(|i| [(i % 256) as u8, (i / 20) as u8, 7]));
        let q = quantize(&pixels(&colors), 256);
        assert_eq!(decoded(&q).first(), Some(&[0x6c, 0x52, 0x40]));
    }

    #[test]
    fn over_a_layer_unchanged_pixels_keep_the_layer_entries() {
        let layer: Vec<[u8; 3]> = (0..4000u32)
            .map(|i| [(i % 97) as u8, (i % 13) as u8 * 9, 200])
            .collect();
        let base = quantize(&pixels(&layer), 64);
        let mut picture = layer.clone();
        for (i, p) in picture.iter_mut().enumerate().skip(1000).take(600) {
            *p = [250, (i % 200) as u8, 3];
        }
        let over = quantize_over(&pixels(&picture), &pixels(&layer), &base, 256);
        assert!(over.palette.len() <= 256 * 3);
        assert_eq!(
            over.palette.get(..base.palette.len()),
            Some(&base.palette[..])
        );
        for (i, (a, b)) in over.indices.iter().zip(&base.indices).enumerate() {
            if !(1000..1600).contains(&i) {
                assert_eq!(a, b, "pixel {i}");
            }
        }
        // the changed pixels (200 colours) fit the 192 entries left, close to their colour
        for (got, want) in decoded(&over).iter().zip(&picture).skip(1000).take(600) {
            for (g, w) in got.iter().zip(want) {
                assert!(g.abs_diff(*w) <= 2, "{got:?} for {want:?}");
            }
        }
    }

    #[test]
    fn against_a_fixed_palette_known_colours_are_looked_up_and_far_ones_get_entries() {
        // A layer of 40 x 50 pixels, a swatch that drew 100 colours over part of it.
        let width = 40;
        let layer: Vec<[u8; 3]> = (0..2000u32)
            .map(|i| [(i % 97) as u8, (i % 13) as u8 * 9, 200])
            .collect();
        let base = quantize(&pixels(&layer), 64);
        let mut swatch = layer.clone();
        for (i, p) in swatch.iter_mut().enumerate().skip(400).take(100) {
            *p = [250, (2 * i) as u8, 3];
        }
        let palette = Palette::new(&pixels(&layer), &base, &[pixels(&swatch)], FIXED_COLORS);
        assert!(palette.len() <= FIXED_COLORS);
        assert_eq!(
            palette.rgb.get(..base.palette.len()),
            Some(&base.palette[..])
        );
        let rows = scanlines(&base.indices, width);
        // A picture with some swatch colours, a colour next to one, and far colours.
        let mut picture = layer.clone();
        picture[10] = swatch[450];
        picture[11] = [swatch[450][0] - 1, swatch[450][1], swatch[450][2] + 2];
        for p in picture.iter_mut().skip(1000).take(300) {
            *p = [0, 250, 250];
        }
        picture[1999] = [90, 0, 90];
        let Some(out) = index_over(&pixels(&picture), &pixels(&layer), &rows, width, &palette)
        else {
            panic!("the sizes match");
        };
        assert!(out.palette.len() <= MAX_COLORS * 3);
        assert_eq!(out.palette.get(..palette.rgb.len()), Some(&palette.rgb[..]));
        let entry = |i: usize| {
            let at = i / width * (width + 1) + 1 + i % width;
            usize::from(out.rows[at])
        };
        for (i, (p, was)) in picture.iter().zip(&layer).enumerate() {
            let e = entry(i);
            let got = &out.palette[e * 3..e * 3 + 3];
            if p == was {
                assert_eq!(
                    e,
                    usize::from(base.indices[i]),
                    "pixel {i} keeps the layer's"
                );
            } else {
                for (g, w) in got.iter().zip(p) {
                    assert!(g.abs_diff(*w) <= 6, "pixel {i}: {got:?} for {p:?}");
                }
            }
        }
        // the far colours have entries of their own, after the palette's
        assert!(entry(1000) >= palette.len() && entry(1999) >= palette.len());
        assert_eq!(out.rows.iter().step_by(width + 1).max(), Some(&0));
    }

    #[test]
    fn over_a_layer_of_another_size_falls_back() {
        let picture = pixels(&[[1, 2, 3], [4, 5, 6]]);
        let base = quantize(&pixels(&[[1, 2, 3]]), 64);
        let q = quantize_over(&picture, &pixels(&[[1, 2, 3]]), &base, 256);
        assert_eq!(decoded(&q), vec![[1, 2, 3], [4, 5, 6]]);
    }

    #[test]
    fn empty_and_tiny_inputs_work() {
        let q = quantize(&[], 256);
        assert!(q.indices.is_empty());
        let q = quantize(&pixels(&[[1, 2, 3]]), 0);
        assert_eq!(
            (q.palette.as_slice(), q.indices.as_slice()),
            (&[1, 2, 3][..], &[0][..])
        );
    }
}
