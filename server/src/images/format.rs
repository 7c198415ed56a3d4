//! Image formats: what a source is (from its bytes, never its name), whether it is animated,
//! and which format a client gets (from its Accept header).

use crate::negotiation::weighted_list::weighted_items;

/// A source format recognised by its magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SourceFormat {
    Png,
    Jpeg,
    Gif,
    Webp,
    Avif,
    Svg,
    Ico,
    Bmp,
}

/// What the endpoint sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum OutputFormat {
    Avif,
    Webp,
    Png,
    Jpeg,
    Gif,
}

impl SourceFormat {
    /// Recognises the formats Next.js recognises, by signature.
    pub(super) fn sniff(bytes: &[u8]) -> Option<Self> {
        let starts = |magic: &[u8]| bytes.starts_with(magic);
        if starts(&[0xff, 0xd8, 0xff]) {
            Some(Self::Jpeg)
        } else if starts(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if starts(b"GIF8") {
            Some(Self::Gif)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" && &bytes[8..12] == b"avif" {
            Some(Self::Avif)
        } else if starts(b"<?xml") || starts(b"<svg") {
            Some(Self::Svg)
        } else if starts(&[0, 0, 1, 0]) {
            Some(Self::Ico)
        } else if starts(b"BM") {
            Some(Self::Bmp)
        } else {
            None
        }
    }

    pub(super) fn content_type(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
            Self::Gif => "image/gif",
            Self::Webp => "image/webp",
            Self::Avif => "image/avif",
            Self::Svg => "image/svg+xml",
            Self::Ico => "image/x-icon",
            Self::Bmp => "image/bmp",
        }
    }

    pub(super) fn extension(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Jpeg => "jpg",
            Self::Gif => "gif",
            Self::Webp => "webp",
            Self::Avif => "avif",
            Self::Svg => "svg",
            Self::Ico => "ico",
            Self::Bmp => "bmp",
        }
    }

    /// Formats sent as they are: vector images and icon containers gain nothing from resizing.
    pub(super) fn is_passed_through(self) -> bool {
        matches!(self, Self::Svg | Self::Ico | Self::Bmp)
    }

    /// The format for a client that accepts none of the modern ones: the source's own, except
    /// that WebP and AVIF sources become JPEG (such a client could not show them).
    pub(super) fn fallback_output(self) -> OutputFormat {
        match self {
            Self::Png => OutputFormat::Png,
            Self::Gif => OutputFormat::Gif,
            _ => OutputFormat::Jpeg,
        }
    }
}

impl OutputFormat {
    pub(super) fn content_type(self) -> &'static str {
        match self {
            Self::Avif => "image/avif",
            Self::Webp => "image/webp",
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
            Self::Gif => "image/gif",
        }
    }

    pub(super) fn extension(self) -> &'static str {
        match self {
            Self::Avif => "avif",
            Self::Webp => "webp",
            Self::Png => "png",
            Self::Jpeg => "jpg",
            Self::Gif => "gif",
        }
    }

    pub(super) fn from_extension(extension: &str) -> Option<Self> {
        [Self::Avif, Self::Webp, Self::Png, Self::Jpeg, Self::Gif]
            .into_iter()
            .find(|format| format.extension() == extension)
    }
}

/// The modern format the client names in Accept (AVIF only when enabled), honouring q-values;
/// `None` when it names neither. Like Next.js, `*/*` and `image/*` do not count: a client must
/// name the format to get it.
pub(super) fn negotiate(accept: Option<&str>, avif_enabled: bool) -> Option<OutputFormat> {
    let accept = accept?;
    let mut best: Option<(OutputFormat, f32)> = None;
    for (media, quality) in weighted_items(accept) {
        let format = if media.eq_ignore_ascii_case("image/webp") {
            OutputFormat::Webp
        } else if avif_enabled && media.eq_ignore_ascii_case("image/avif") {
            OutputFormat::Avif
        } else {
            continue;
        };
        if quality <= 0.0 {
            continue;
        }
        // Equal preference: AVIF is smaller, so it wins, as in Next.js's format order.
        let better = match best {
            None => true,
            Some((current, current_quality)) => {
                quality > current_quality
                    || (quality == current_quality
                        && format == OutputFormat::Avif
                        && current == OutputFormat::Webp)
            }
        };
        if better {
            best = Some((format, quality));
        }
    }
    best.map(|(format, _)| format)
}

/// True for animated GIF, APNG and animated WebP: these are passed through unchanged, since
/// resizing would keep only the first frame.
pub(super) fn is_animated(format: SourceFormat, bytes: &[u8]) -> bool {
    match format {
        SourceFormat::Gif => gif_frame_count(bytes) > 1,
        SourceFormat::Png => png_has_animation_control(bytes),
        SourceFormat::Webp => webp_is_animated(bytes),
        _ => false,
    }
}

/// Counts image descriptors, stopping at the second; malformed data counts what it saw.
fn gif_frame_count(bytes: &[u8]) -> usize {
    let mut at = 13; // Header (6) and logical screen descriptor (7).
    let Some(&flags) = bytes.get(10) else {
        return 0;
    };
    if flags & 0x80 != 0 {
        at += 3 << ((flags & 0x07) + 1);
    }
    let skip_sub_blocks = |mut at: usize| -> Option<usize> {
        loop {
            let size = usize::from(*bytes.get(at)?);
            at += 1;
            if size == 0 {
                return Some(at);
            }
            at += size;
        }
    };
    let mut frames = 0;
    while let Some(&introducer) = bytes.get(at) {
        match introducer {
            0x21 => match skip_sub_blocks(at + 2) {
                Some(next) => at = next,
                None => break,
            },
            0x2c => {
                frames += 1;
                if frames > 1 {
                    break;
                }
                let Some(&local) = bytes.get(at + 9) else {
                    break;
                };
                at += 10;
                if local & 0x80 != 0 {
                    at += 3 << ((local & 0x07) + 1);
                }
                // LZW minimum code size, then the image data sub-blocks.
                match skip_sub_blocks(at + 1) {
                    Some(next) => at = next,
                    None => break,
                }
            }
            _ => break,
        }
    }
    frames
}

/// APNG files carry an `acTL` chunk before the first `IDAT`.
fn png_has_animation_control(bytes: &[u8]) -> bool {
    let mut at = 8;
    while let Some(header) = bytes.get(at..at + 8) {
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        match &header[4..8] {
            b"acTL" => return true,
            b"IDAT" => return false,
            _ => {}
        }
        at = match at.checked_add(12 + length) {
            Some(next) => next,
            None => return false,
        };
    }
    false
}

/// Extended WebP files say so in the VP8X flags, and carry an `ANIM` chunk.
fn webp_is_animated(bytes: &[u8]) -> bool {
    bytes.get(12..16) == Some(b"VP8X") && bytes.get(20).is_some_and(|flags| flags & 0x02 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_by_signature_not_name() {
        assert_eq!(
            SourceFormat::sniff(b"\x89PNG\r\n\x1a\n...."),
            Some(SourceFormat::Png)
        );
        assert_eq!(
            SourceFormat::sniff(&[0xff, 0xd8, 0xff, 0xe0]),
            Some(SourceFormat::Jpeg)
        );
        assert_eq!(
            SourceFormat::sniff(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(SourceFormat::Webp)
        );
        assert_eq!(
            SourceFormat::sniff(b"<svg xmlns=\"\"/>"),
            Some(SourceFormat::Svg)
        );
        assert_eq!(SourceFormat::sniff(b"console.log(1)"), None);
        assert_eq!(SourceFormat::sniff(b""), None);
    }

    #[test]
    fn webp_only_when_named_and_wanted() {
        let chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
        assert_eq!(negotiate(Some(chrome), false), Some(OutputFormat::Webp));
        assert_eq!(negotiate(Some(chrome), true), Some(OutputFormat::Avif));
        assert_eq!(negotiate(Some("image/*,*/*"), true), None);
        assert_eq!(negotiate(Some("image/webp;q=0"), false), None);
        assert_eq!(
            negotiate(Some("image/avif;q=0.5, image/webp"), true),
            Some(OutputFormat::Webp)
        );
        assert_eq!(negotiate(None, true), None);
    }

    #[test]
    fn fallback_keeps_the_source_format_browsers_know() {
        assert_eq!(SourceFormat::Png.fallback_output(), OutputFormat::Png);
        assert_eq!(SourceFormat::Jpeg.fallback_output(), OutputFormat::Jpeg);
        assert_eq!(SourceFormat::Webp.fallback_output(), OutputFormat::Jpeg);
    }

    #[test]
    fn png_animation_is_found_before_image_data() {
        let chunk = |name: &[u8], data: &[u8]| {
            let mut out = (data.len() as u32).to_be_bytes().to_vec();
            out.extend_from_slice(name);
            out.extend_from_slice(data);
            out.extend_from_slice(&[0; 4]);
            out
        };
        let mut apng = b"\x89PNG\r\n\x1a\n".to_vec();
        apng.extend(chunk(b"IHDR", &[0; 13]));
        let mut still = apng.clone();
        apng.extend(chunk(b"acTL", &[0; 8]));
        apng.extend(chunk(b"IDAT", &[0; 4]));
        still.extend(chunk(b"IDAT", &[0; 4]));
        still.extend(chunk(b"acTL", &[0; 8]));
        assert!(is_animated(SourceFormat::Png, &apng));
        assert!(!is_animated(SourceFormat::Png, &still));
        assert!(!is_animated(SourceFormat::Png, &apng[..20]));
    }

    #[test]
    fn truncated_gifs_do_not_panic() {
        let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00";
        for end in 0..gif.len() {
            assert!(!is_animated(SourceFormat::Gif, &gif[..end]));
        }
    }
}
