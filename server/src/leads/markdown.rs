//! What a visitor typed, made safe to put into the enterprise WeChat robot's Markdown (issue
//! #16). The robot documents no escape character, so each character its Markdown reads as markup
//! is replaced by its full-width form, which sales read the same and the robot reads as text: a
//! name like `[合同](https://evil.example)` arrives as `［合同］(https://evil.example)`, not as a
//! link, and `<font>` or `<@userid>` neither colours nor mentions anyone. The exact values stay
//! on the sales page and in the export.

/// `text` with every Markdown marker of the robot replaced, in running text and at line starts.
pub(crate) fn literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let content = line.trim_start_matches([' ', '\t']);
        out.push_str(&line[..line.len() - content.len()]);
        let digits = content.bytes().take_while(u8::is_ascii_digit).count();
        for (at, c) in content.char_indices() {
            let starts_block = (at == 0 && matches!(c, '-' | '+' | '='))
                || (at == digits && digits > 0 && matches!(c, '.' | ')'));
            let replaced = if starts_block {
                line_start_full_width(c)
            } else {
                full_width(c)
            };
            out.push(replaced.unwrap_or(c));
        }
    }
    out
}

/// The full-width twin of a character that is markup anywhere in a line.
fn full_width(c: char) -> Option<char> {
    Some(match c {
        // Links and images.
        '[' => '［',
        ']' => '］',
        // Emphasis and strike-through.
        '*' => '＊',
        '_' => '＿',
        '~' => '～',
        // Code.
        '`' => '｀',
        // Tags (<font color>, <@userid> mentions) and quotes.
        '<' => '＜',
        '>' => '＞',
        // Headings.
        '#' => '＃',
        // Escapes and table cells.
        '\\' => '＼',
        '|' => '｜',
        _ => return None,
    })
}

/// The full-width twin of a character that is markup only where a line starts (lists, rules,
/// heading underlines).
fn line_start_full_width(c: char) -> Option<char> {
    Some(match c {
        '-' => '－',
        '+' => '＋',
        '=' => '＝',
        '.' => '．',
        ')' => '）',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_emphasis_code_tags_and_headings_arrive_as_text() {
        let cases = [
            (
                "[合同](https://evil.example)",
                "［合同］(https://evil.example)",
            ),
            (
                "![x](https://evil.example/p.png)",
                "!［x］(https://evil.example/p.png)",
            ),
            ("**急** _斜_ ~~删~~", "＊＊急＊＊ ＿斜＿ ～～删～～"),
            ("`code`", "｀code｀"),
            (
                "<font color=\"warning\">红</font><@all>",
                "＜font color=\"warning\"＞红＜/font＞＜@all＞",
            ),
            ("# 标题", "＃ 标题"),
            ("a\\*b | c", "a＼＊b ｜ c"),
        ];
        for (typed, sent) in cases {
            assert_eq!(literal(typed), sent, "{typed:?}");
        }
    }

    #[test]
    fn markers_at_line_starts_are_defused_and_the_same_characters_elsewhere_kept() {
        let typed = "第一行\n> 引用\n  - 列表\n+ 加\n1. 有序\n12) 也是\n===\n010-12345678 a.b";
        let sent = "第一行\n＞ 引用\n  － 列表\n＋ 加\n1． 有序\n12） 也是\n＝==\n010-12345678 a.b";
        assert_eq!(literal(typed), sent);
    }

    #[test]
    fn plain_text_is_unchanged() {
        for text in [
            "寻境科技有限公司",
            "13800138000",
            "zhang.san@example.com",
            "A&B (北京)",
            "",
        ] {
            assert_eq!(literal(text), text);
        }
    }
}
