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
//! Most of a board picture is its cached static layer (table, frame, board, labels), so the
//! layer is reduced once ([`crate::layer::Layer::indexed`], 64 entries) and a picture only
//! counts the pixels it changed, for the other 192 entries ([`quantize_over`]): that halves
//! the time for most games. Everything depends only on the pixels, so the same picture always
//! gives the same palette and indices.

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
            let id = self.table.add(p & 0x00ff_ffff, self.len);
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
