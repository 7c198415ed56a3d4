//! Lossy WebP from rows of pixels, for the server's image renderer.
//!
//! libwebp encodes a whole picture held as YUV planes (1.5 bytes a pixel, 2.5 with alpha). The
//! usual way in, importing an RGB(A) buffer (and the `webp` crate's way, through ARGB, 4 bytes a
//! pixel more), needs the whole picture as RGB(A) first: for a 2400x1350 rendering, 13 MB of
//! RGBA and 13 MB of ARGB beside the 5 MB of planes. Here rows arrive a few at a time, as a
//! streaming resize hands them out; every 16 rows libwebp's own import converts them into a
//! small picture, whose planes are copied into the whole one. So the conversion is libwebp's,
//! to the bit, and the memory is the planes. Chroma is one sample per two rows, so a strip of
//! an even number of rows converts exactly as it would within the whole picture.
//!
//! This crate is the server's one door to libwebp's C API: the unsafe code is here, each block
//! with the reason it holds.

use std::ffi::c_int;
use std::fmt;

use libwebp_sys as sys;

/// Rows converted at once: even, see the crate's documentation.
const STRIP_ROWS: usize = 16;
/// libwebp's largest width or height (`WEBP_MAX_DIMENSION`).
pub const MAX_SIDE: u32 = 16383;

/// How a row holds its pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Rgb8,
    Rgba8,
}

impl Layout {
    fn bytes_per_pixel(self) -> usize {
        match self {
            Layout::Rgb8 => 3,
            Layout::Rgba8 => 4,
        }
    }
}

/// Why a picture could not be made or encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebpError(String);

impl fmt::Display for WebpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WebpError {}

fn error(message: impl Into<String>) -> WebpError {
    WebpError(message.into())
}

/// A picture filled row by row, then encoded. See the crate's documentation.
pub struct RowsPicture {
    planes: Picture,
    layout: Layout,
    width: u32,
    height: u32,
    /// Rows waiting to be converted, fewer than `STRIP_ROWS`.
    strip: Vec<u8>,
    /// Rows converted into `planes`.
    converted: u32,
}

impl RowsPicture {
    /// A picture of `width` by `height` pixels whose rows will come in `layout`; with alpha it
    /// keeps an alpha plane, which libwebp encodes only if some pixel is not opaque.
    pub fn new(width: u32, height: u32, layout: Layout) -> Result<Self, WebpError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(error(format!(
                "WebP pictures are 1 to {MAX_SIDE} pixels a side, not {width}x{height}"
            )));
        }
        let mut planes = Picture::new(width, height)?;
        planes.0.colorspace = match layout {
            Layout::Rgb8 => sys::WebPEncCSP::WEBP_YUV420,
            Layout::Rgba8 => sys::WebPEncCSP::WEBP_YUV420A,
        };
        // SAFETY: the picture was initialised by WebPPictureInit and owns no memory yet; with
        // use_argb 0, WebPPictureAlloc allocates the YUV(A) planes for the size and colour
        // space set above and records them in the picture, which `Picture` frees when dropped.
        if unsafe { sys::WebPPictureAlloc(&mut planes.0) } == 0 {
            return Err(error("libwebp could not allocate the picture's planes"));
        }
        let row = width as usize * layout.bytes_per_pixel();
        Ok(Self {
            planes,
            layout,
            width,
            height,
            strip: Vec::with_capacity(STRIP_ROWS * row),
            converted: 0,
        })
    }

    /// Bytes the planes of such a picture take, for memory budgets.
    pub fn plane_bytes(width: u32, height: u32, layout: Layout) -> u64 {
        let (width, height) = (u64::from(width), u64::from(height));
        let luma = width * height;
        let chroma = 2 * width.div_ceil(2) * height.div_ceil(2);
        let alpha = if layout == Layout::Rgba8 { luma } else { 0 };
        luma + chroma + alpha
    }

    /// Takes the next row, top to bottom.
    pub fn push_row(&mut self, row: &[u8]) -> Result<(), WebpError> {
        let row_bytes = self.width as usize * self.layout.bytes_per_pixel();
        if row.len() != row_bytes {
            return Err(error(format!(
                "a row of {} bytes, not {row_bytes}",
                row.len()
            )));
        }
        if self.converted as usize + self.strip.len() / row_bytes == self.height as usize {
            return Err(error("more rows than the picture has"));
        }
        self.strip.extend_from_slice(row);
        if self.strip.len() == STRIP_ROWS * row_bytes {
            self.convert_strip()?;
        }
        Ok(())
    }

    /// Encodes the picture, every row of which has been pushed, at `quality` (0 to 100) with
    /// libwebp's default settings otherwise.
    pub fn encode(mut self, quality: f32) -> Result<Vec<u8>, WebpError> {
        if !self.strip.is_empty() {
            self.convert_strip()?;
        }
        if self.converted != self.height {
            return Err(error(format!(
                "{} rows of {} were pushed",
                self.converted, self.height
            )));
        }
        let config =
            sys::WebPConfig::new_with_preset(sys::WebPPreset::WEBP_PRESET_DEFAULT, quality)
                .map_err(|()| error("libwebp refused its default settings"))?;
        let mut writer = MemoryWriter::new();
        self.planes.0.writer = Some(sys::WebPMemoryWrite);
        self.planes.0.custom_ptr = (&raw mut writer.0).cast();
        // SAFETY: the config comes from libwebp's own initialiser; the picture holds planes for
        // every row (checked above); the writer it names is initialised and outlives the call,
        // and WebPMemoryWrite only appends to the buffer it owns.
        let encoded = unsafe { sys::WebPEncode(&config, &mut self.planes.0) };
        if encoded == 0 {
            return Err(error(format!(
                "libwebp could not encode the picture: {:?}",
                self.planes.0.error_code
            )));
        }
        Ok(writer.bytes().to_vec())
    }

    /// Converts the rows waiting into the picture's planes.
    fn convert_strip(&mut self) -> Result<(), WebpError> {
        let row_bytes = self.width as usize * self.layout.bytes_per_pixel();
        let rows = self.strip.len() / row_bytes;
        let mut part = Picture::new(self.width, rows as u32)?;
        let stride = row_bytes as c_int;
        // SAFETY: `part` is initialised with this width and `rows` rows, and the strip holds
        // exactly `rows` rows of `stride` bytes in the layout named; the import allocates
        // part's planes (freed when `part` drops) and reads the strip within those rows.
        let imported = unsafe {
            match self.layout {
                Layout::Rgb8 => sys::WebPPictureImportRGB(&mut part.0, self.strip.as_ptr(), stride),
                Layout::Rgba8 => {
                    sys::WebPPictureImportRGBA(&mut part.0, self.strip.as_ptr(), stride)
                }
            }
        };
        if imported == 0 {
            return Err(error("libwebp could not convert a strip of rows"));
        }
        let (top, width) = (self.converted as usize, self.width as usize);
        copy_rows(part.luma(), &mut self.planes.luma_mut(), top, rows, width);
        let (chroma_top, chroma_rows) = (top / 2, rows.div_ceil(2));
        let chroma_width = width.div_ceil(2);
        for (from, mut to) in part.chroma().into_iter().zip(self.planes.chroma_mut()) {
            copy_rows(from, &mut to, chroma_top, chroma_rows, chroma_width);
        }
        if let Some(mut to) = self.planes.alpha_mut() {
            match part.alpha() {
                Some(from) => copy_rows(from, &mut to, top, rows, width),
                // libwebp leaves out the alpha plane of a strip with nothing transparent.
                None => {
                    for row in to.rows.chunks_mut(to.stride).skip(top).take(rows) {
                        row[..width].fill(255);
                    }
                }
            }
        }
        self.converted += rows as u32;
        self.strip.clear();
        Ok(())
    }
}

/// Copies `rows` rows of `width` bytes from the top of `from` into `to` from row `top`.
fn copy_rows(from: Plane<'_>, to: &mut PlaneMut<'_>, top: usize, rows: usize, width: usize) {
    let sources = from.rows.chunks(from.stride).take(rows);
    let targets = to.rows.chunks_mut(to.stride).skip(top).take(rows);
    for (source, target) in sources.zip(targets) {
        target[..width].copy_from_slice(&source[..width]);
    }
}

/// A libwebp picture, freed when dropped.
struct Picture(sys::WebPPicture);

#[derive(Clone, Copy)]
struct Plane<'a> {
    rows: &'a [u8],
    stride: usize,
}

struct PlaneMut<'a> {
    rows: &'a mut [u8],
    stride: usize,
}

impl Picture {
    /// A picture with no planes yet, set to YUV (not ARGB) at this size.
    fn new(width: u32, height: u32) -> Result<Self, WebpError> {
        let mut picture =
            sys::WebPPicture::new().map_err(|()| error("libwebp could not set up a picture"))?;
        picture.use_argb = 0;
        picture.width = width as c_int;
        picture.height = height as c_int;
        Ok(Self(picture))
    }

    fn height(&self) -> usize {
        self.0.height as usize
    }

    /// One plane as a slice: `rows` rows of `stride` bytes at `data`, or None when absent.
    fn plane(&self, data: *mut u8, stride: c_int, rows: usize) -> Option<Plane<'_>> {
        if data.is_null() {
            return None;
        }
        let stride = stride as usize;
        // SAFETY: libwebp allocated this plane (WebPPictureAlloc or an import) with `rows` rows
        // of `stride` bytes, and frees it only in WebPPictureFree, when `self` drops; the slice
        // borrows `self`, so it cannot outlive the plane.
        let rows = unsafe { std::slice::from_raw_parts(data, stride * rows) };
        Some(Plane { rows, stride })
    }

    fn plane_mut(&mut self, data: *mut u8, stride: c_int, rows: usize) -> Option<PlaneMut<'_>> {
        if data.is_null() {
            return None;
        }
        let stride = stride as usize;
        // SAFETY: as in `plane`; the slice borrows `self` mutably, so it is the only view of
        // the plane while it lives.
        let rows = unsafe { std::slice::from_raw_parts_mut(data, stride * rows) };
        Some(PlaneMut { rows, stride })
    }

    fn luma(&self) -> Plane<'_> {
        self.plane(self.0.y, self.0.y_stride, self.height())
            .expect("a picture with planes has luma")
    }

    fn luma_mut(&mut self) -> PlaneMut<'_> {
        let (data, stride, rows) = (self.0.y, self.0.y_stride, self.height());
        self.plane_mut(data, stride, rows)
            .expect("a picture with planes has luma")
    }

    fn chroma(&self) -> Vec<Plane<'_>> {
        let rows = self.height().div_ceil(2);
        [self.0.u, self.0.v]
            .into_iter()
            .filter_map(|data| self.plane(data, self.0.uv_stride, rows))
            .collect()
    }

    fn chroma_mut(&mut self) -> Vec<PlaneMut<'_>> {
        let (rows, stride) = (self.height().div_ceil(2), self.0.uv_stride as usize);
        let (u, v) = (self.0.u, self.0.v);
        if u.is_null() || v.is_null() {
            return Vec::new();
        }
        // SAFETY: as in `plane`; u and v are two distinct allocations (or two disjoint parts
        // of one), so the two mutable slices do not overlap.
        let (u, v) = unsafe {
            (
                std::slice::from_raw_parts_mut(u, stride * rows),
                std::slice::from_raw_parts_mut(v, stride * rows),
            )
        };
        vec![PlaneMut { rows: u, stride }, PlaneMut { rows: v, stride }]
    }

    fn alpha(&self) -> Option<Plane<'_>> {
        self.plane(self.0.a, self.0.a_stride, self.height())
    }

    fn alpha_mut(&mut self) -> Option<PlaneMut<'_>> {
        let (data, stride, rows) = (self.0.a, self.0.a_stride, self.height());
        self.plane_mut(data, stride, rows)
    }
}

impl Drop for Picture {
    fn drop(&mut self) {
        // SAFETY: the picture was initialised by WebPPictureInit; WebPPictureFree releases the
        // planes libwebp allocated for it, if any, and nothing refers to them afterwards.
        unsafe { sys::WebPPictureFree(&mut self.0) };
    }
}

/// libwebp's in-memory output, freed when dropped.
struct MemoryWriter(sys::WebPMemoryWriter);

impl MemoryWriter {
    fn new() -> Self {
        let mut writer = sys::WebPMemoryWriter {
            mem: std::ptr::null_mut(),
            size: 0,
            max_size: 0,
            pad: [0],
        };
        // SAFETY: WebPMemoryWriterInit only sets the fields of the writer it is given.
        unsafe { sys::WebPMemoryWriterInit(&mut writer) };
        Self(writer)
    }

    fn bytes(&self) -> &[u8] {
        if self.0.mem.is_null() {
            return &[];
        }
        // SAFETY: WebPMemoryWrite keeps `size` written bytes at `mem`, freed only when the
        // writer drops; the slice borrows the writer.
        unsafe { std::slice::from_raw_parts(self.0.mem, self.0.size) }
    }
}

impl Drop for MemoryWriter {
    fn drop(&mut self) {
        // SAFETY: frees the buffer WebPMemoryWrite allocated (if any) and resets the writer.
        unsafe { sys::WebPMemoryWriterClear(&mut self.0) };
    }
}
