//! Lanczos3 on a stream of rows: a picture's rows go in top to bottom and the resized rows come
//! out as soon as they are complete, so neither the whole source nor the whole result is ever
//! held (as libvips, behind sharp, resizes on demand). Each block of source rows is resized
//! across by `fast_image_resize` (its SIMD kernels); down the picture, each row resized across
//! is added with its weight into the few output rows it reaches, in `f32`. With alpha the
//! pixels are premultiplied before either pass and divided after both, as in
//! [`crate::lanczos3`], so transparent edges do not bleed dark fringes.

use std::collections::VecDeque;

use fast_image_resize::images::{TypedImage, TypedImageRef};
use fast_image_resize::pixels::{U8x3, U8x4};
use fast_image_resize::{FilterType, MulDiv, PixelTrait, ResizeAlg, ResizeOptions, Resizer};

use crate::{Layout, ResizeError};

/// Source bytes resized across at once. `fast_image_resize` computes its coefficients afresh at
/// every call (about 0.3 ms for 2400 to 640 pixels): blocks of 64 KiB made a resize 15 times
/// slower than one call for the whole picture, blocks of 1 MiB about twice (both passes).
const BLOCK_BYTES: usize = 1 << 20;
/// Lanczos3's reach on each side of a pixel's centre, in source pixels (times the shrink
/// factor when shrinking).
const SUPPORT: f64 = 3.0;

/// Resizes a picture that arrives a few rows at a time. See the module's documentation.
pub struct RowResizer {
    layout: Layout,
    from: (u32, u32),
    to: (u32, u32),
    /// Whole source rows waiting to be resized across (premultiplied when `alpha`).
    block: Vec<u8>,
    block_rows: usize,
    /// The block resized across.
    across: Vec<u8>,
    resizer: Resizer,
    mul_div: MulDiv,
    alpha: bool,
    down: Down,
    /// Source rows taken so far.
    rows_in: u32,
}

/// The pass down the picture.
struct Down {
    /// Per output row: the first source row it takes and one weight per source row from there;
    /// empty when the height does not change.
    taps: Vec<(u32, Vec<f32>)>,
    /// Output rows still collecting source rows, oldest first, with their sums.
    open: VecDeque<(u32, Vec<f32>)>,
    /// The next output row to open.
    next: u32,
    /// Source rows added so far.
    added: u32,
    /// Sums of finished rows, kept for reuse.
    spare: Vec<Vec<f32>>,
    /// The source row being added, as `f32`.
    source: Vec<f32>,
    /// A finished row as bytes.
    row: Vec<u8>,
}

impl RowResizer {
    /// A resizer from `from` (width, height) to `to`, which is no larger either way.
    pub fn new(layout: Layout, from: (u32, u32), to: (u32, u32)) -> Result<Self, ResizeError> {
        if from.0 == 0 || from.1 == 0 || to.0 == 0 || to.1 == 0 || to.0 > from.0 || to.1 > from.1 {
            return Err(ResizeError(format!("cannot resize {from:?} to {to:?}")));
        }
        // The same size: rows pass through, and nothing is held.
        let block_rows = if from == to {
            0
        } else {
            block_rows(layout, from.0)
        };
        let out_row = to.0 as usize * layout.bytes_per_pixel();
        Ok(Self {
            layout,
            from,
            to,
            block: Vec::with_capacity(block_rows * from.0 as usize * layout.bytes_per_pixel()),
            block_rows,
            across: if from.0 == to.0 {
                Vec::new()
            } else {
                vec![0; block_rows * out_row]
            },
            resizer: Resizer::new(),
            mul_div: MulDiv::default(),
            alpha: layout == Layout::Rgba8 && from != to,
            down: Down::new(from.1, to.1, if from == to { 0 } else { out_row }),
            rows_in: 0,
        })
    }

    /// Bytes a resizer from `from` to `to` holds at most, for memory budgets.
    pub fn buffer_bytes(layout: Layout, from: (u32, u32), to: (u32, u32)) -> u64 {
        if from == to {
            return 0;
        }
        let pixel = layout.bytes_per_pixel() as u64;
        let (row, out_row) = (u64::from(from.0) * pixel, u64::from(to.0) * pixel);
        let block = block_rows(layout, from.0) as u64 * (row + out_row);
        let scale = f64::from(from.1) / f64::from(to.1.max(1));
        // Output rows open at once (those within reach of one source row), and the source row
        // as f32.
        let open = (2.0 * SUPPORT + 3.0) as u64;
        let taps_per_row = (2.0 * SUPPORT * scale.max(1.0)).ceil() as u64 + 2;
        block + open * out_row * 4 + u64::from(to.1) * (taps_per_row * 4 + 32) + out_row
    }

    /// Takes the next source rows (whole rows, top to bottom, in the resizer's layout) and hands
    /// every output row they complete to `emit`, top to bottom.
    pub fn push<E: From<ResizeError>>(
        &mut self,
        rows: &[u8],
        emit: &mut dyn FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let row_bytes = self.from.0 as usize * self.layout.bytes_per_pixel();
        if !rows.len().is_multiple_of(row_bytes) {
            return Err(ResizeError(format!("{} bytes are not whole rows", rows.len())).into());
        }
        let count = (rows.len() / row_bytes) as u32;
        if count > self.from.1 - self.rows_in {
            return Err(ResizeError("more rows than the picture has".to_owned()).into());
        }
        self.rows_in += count;
        if self.from == self.to {
            return rows.chunks_exact(row_bytes).try_for_each(&mut *emit);
        }
        for row in rows.chunks_exact(row_bytes) {
            self.block.extend_from_slice(row);
            if self.block.len() == self.block_rows * row_bytes {
                self.flush(emit)?;
            }
        }
        if self.rows_in == self.from.1 && !self.block.is_empty() {
            self.flush(emit)?;
        }
        Ok(())
    }

    /// True once every source row has been taken; by then every output row has been handed out.
    pub fn is_done(&self) -> bool {
        self.rows_in == self.from.1
    }

    /// Resizes the block across and adds its rows down.
    fn flush<E: From<ResizeError>>(
        &mut self,
        emit: &mut dyn FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let pixel = self.layout.bytes_per_pixel();
        let rows = (self.block.len() / (self.from.0 as usize * pixel)) as u32;
        if self.alpha {
            premultiply(&self.mul_div, &mut self.block, self.from.0, rows)?;
        }
        let out_row = self.to.0 as usize * pixel;
        let across: &[u8] = if self.from.0 == self.to.0 {
            &self.block
        } else {
            let out = &mut self.across[..rows as usize * out_row];
            across(
                &mut self.resizer,
                self.layout,
                &self.block,
                (self.from.0, rows),
                self.to.0,
                out,
            )?;
            out
        };
        let (alpha, mul_div, width) = (self.alpha, &self.mul_div, self.to.0);
        let mut finish = |row: &mut [u8]| -> Result<(), E> {
            if alpha {
                unpremultiply(mul_div, row, width)?;
            }
            emit(row)
        };
        for row in across.chunks_exact(out_row) {
            self.down.add(row, &mut finish)?;
        }
        self.block.clear();
        Ok(())
    }
}

fn block_rows(layout: Layout, width: u32) -> usize {
    (BLOCK_BYTES / (width as usize * layout.bytes_per_pixel())).clamp(1, 256)
}

impl Down {
    fn new(from: u32, to: u32, out_row: usize) -> Self {
        Self {
            taps: if from == to {
                Vec::new()
            } else {
                taps(from, to)
            },
            open: VecDeque::new(),
            next: 0,
            added: 0,
            spare: Vec::new(),
            source: vec![0.0; out_row],
            row: vec![0; out_row],
        }
    }

    /// Adds the next source row (resized across) to every output row it reaches, and finishes
    /// those it was the last row of.
    fn add<E>(
        &mut self,
        source: &[u8],
        finish: &mut dyn FnMut(&mut [u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        let index = self.added;
        self.added += 1;
        if self.taps.is_empty() {
            self.row.copy_from_slice(source);
            return finish(&mut self.row);
        }
        while let Some((first, _)) = self.taps.get(self.next as usize) {
            if *first > index {
                break;
            }
            let mut sums = self.spare.pop().unwrap_or_default();
            sums.clear();
            sums.resize(source.len(), 0.0);
            self.open.push_back((self.next, sums));
            self.next += 1;
        }
        for (value, &byte) in self.source.iter_mut().zip(source) {
            *value = f32::from(byte);
        }
        for (out, sums) in &mut self.open {
            let (first, weights) = &self.taps[*out as usize];
            if let Some(&weight) = weights.get((index - first) as usize) {
                accumulate(sums, &self.source, weight);
            }
        }
        while let Some((out, _)) = self.open.front() {
            let (first, weights) = &self.taps[*out as usize];
            if first + weights.len() as u32 > index + 1 {
                break;
            }
            let (_, sums) = self.open.pop_front().expect("a front row");
            for (byte, sum) in self.row.iter_mut().zip(&sums) {
                *byte = (sum + 0.5).clamp(0.0, 255.0) as u8;
            }
            self.spare.push(sums);
            finish(&mut self.row)?;
        }
        Ok(())
    }
}

/// `sums += weight * source`, in lanes of eight the compiler turns into vector instructions.
fn accumulate(sums: &mut [f32], source: &[f32], weight: f32) {
    let mut sum_lanes = sums.chunks_exact_mut(8);
    let mut source_lanes = source.chunks_exact(8);
    for (sum, value) in (&mut sum_lanes).zip(&mut source_lanes) {
        for lane in 0..8 {
            sum[lane] += weight * value[lane];
        }
    }
    for (sum, value) in sum_lanes
        .into_remainder()
        .iter_mut()
        .zip(source_lanes.remainder())
    {
        *sum += weight * value;
    }
}

/// Lanczos3 weights down the picture, normalised per output row, as `fast_image_resize`
/// computes them across: an output row's centre in source rows, a reach scaled by the shrink
/// factor, and rows past the edges left out.
fn taps(from: u32, to: u32) -> Vec<(u32, Vec<f32>)> {
    let scale = f64::from(from) / f64::from(to);
    let filter_scale = scale.max(1.0);
    let radius = SUPPORT * filter_scale;
    (0..to)
        .map(|out| {
            let centre = (f64::from(out) + 0.5) * scale;
            let first = (centre - radius).floor().max(0.0) as u32;
            let end = ((centre + radius).ceil() as u32).min(from);
            let weights: Vec<f64> = (first..end)
                .map(|row| lanczos3((f64::from(row) + 0.5 - centre) / filter_scale))
                .collect();
            let total: f64 = weights.iter().sum();
            let weights = weights.iter().map(|w| (w / total) as f32).collect();
            (first, weights)
        })
        .collect()
}

fn lanczos3(x: f64) -> f64 {
    fn sinc(x: f64) -> f64 {
        if x == 0.0 {
            1.0
        } else {
            let x = x * std::f64::consts::PI;
            x.sin() / x
        }
    }
    if (-SUPPORT..SUPPORT).contains(&x) {
        sinc(x) * sinc(x / SUPPORT)
    } else {
        0.0
    }
}

fn across(
    resizer: &mut Resizer,
    layout: Layout,
    block: &[u8],
    (width, rows): (u32, u32),
    to_width: u32,
    out: &mut [u8],
) -> Result<(), ResizeError> {
    match layout {
        Layout::Rgb8 => across_typed::<U8x3>(resizer, block, (width, rows), to_width, out),
        Layout::Rgba8 => across_typed::<U8x4>(resizer, block, (width, rows), to_width, out),
    }
}

fn across_typed<P: PixelTrait>(
    resizer: &mut Resizer,
    block: &[u8],
    (width, rows): (u32, u32),
    to_width: u32,
    out: &mut [u8],
) -> Result<(), ResizeError> {
    let failed = |error: &dyn std::fmt::Display| ResizeError(error.to_string());
    let source = TypedImageRef::<P>::from_buffer(width, rows, block).map_err(|e| failed(&e))?;
    let mut target = TypedImage::<P>::from_buffer(to_width, rows, out).map_err(|e| failed(&e))?;
    // The block is premultiplied already, and divided once both passes are done.
    let options = ResizeOptions::new()
        .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
        .use_alpha(false);
    resizer
        .resize_typed(&source, &mut target, &options)
        .map_err(|e| failed(&e))
}

fn premultiply(
    mul_div: &MulDiv,
    pixels: &mut [u8],
    width: u32,
    rows: u32,
) -> Result<(), ResizeError> {
    let mut image = TypedImage::<U8x4>::from_buffer(width, rows, pixels)
        .map_err(|e| ResizeError(e.to_string()))?;
    mul_div
        .multiply_alpha_inplace_typed(&mut image)
        .map_err(|e| ResizeError(e.to_string()))
}

fn unpremultiply(mul_div: &MulDiv, row: &mut [u8], width: u32) -> Result<(), ResizeError> {
    let mut image =
        TypedImage::<U8x4>::from_buffer(width, 1, row).map_err(|e| ResizeError(e.to_string()))?;
    mul_div
        .divide_alpha_inplace_typed(&mut image)
        .map_err(|e| ResizeError(e.to_string()))
}
