//! The words of TEXT and MTEXT entities, where they stand.

use dxf::entities::EntityType;

use crate::points;

/// A text's position (drawing coordinates) and words, trimmed; None for other entities and
/// for texts with no words.
pub(crate) fn label(specific: &EntityType) -> Option<([f64; 2], String)> {
    let (at, words) = match specific {
        EntityType::Text(text) => {
            let at = points::to_world(specific, vec![[text.location.x, text.location.y]]);
            (at[0], text.value.trim().to_owned())
        }
        // MTEXT's insertion point is in drawing coordinates already.
        EntityType::MText(text) => {
            let raw: String = text.extended_text.concat() + &text.text;
            (
                [text.insertion_point.x, text.insertion_point.y],
                plain_mtext(&raw),
            )
        }
        _ => return None,
    };
    (!words.is_empty()).then_some((at, words))
}

/// MTEXT's words without its formatting: `\P` breaks, `{\fSimSun;会议室}` groups and codes.
fn plain_mtext(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' | '}' => {}
            '\\' => match chars.next() {
                Some('P' | 'X' | '~') => out.push(' '),
                Some(c @ ('\\' | '{' | '}')) => out.push(c),
                // Underline, overline and strike-through switch on and off without an argument.
                Some('L' | 'l' | 'O' | 'o' | 'K' | 'k') => {}
                // Codes with an argument run to the next `;`.
                Some(_) => {
                    for c in chars.by_ref() {
                        if c == ';' {
                            break;
                        }
                    }
                }
                None => {}
            },
            c => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn mtext_loses_its_formatting() {
        assert_eq!(super::plain_mtext(r"{\fSimSun|b0;会议室}\P3F"), "会议室 3F");
        assert_eq!(super::plain_mtext(r"\A1;茶水间"), "茶水间");
    }
}
