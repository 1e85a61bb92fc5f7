//! Byte offsets in a document ↔ LSP positions (line, UTF-16 column).
//! Lines end at `\n`, `\r\n` or a lone `\r`, as in the rules grammar and
//! the protocol.

use lsp_types::{Position, Range};
use sowspec_core::Span;

/// Where each line of a text starts.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`.
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            let ends_line = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends_line {
                starts.push(i + 1);
            }
        }
        LineIndex { text, starts }
    }

    /// The position of a byte offset (clamped to the text, and moved back to
    /// a character boundary).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let column = self.text[self.starts[line]..offset].encode_utf16().count();
        Position::new(line as u32, column as u32)
    }

    /// The range of a span.
    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end.max(span.start)))
    }

    /// The byte offset of a position; a column past the line's end (or
    /// inside a character's surrogate pair) means the end of the line (or
    /// that character), a line past the end the end of the text.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else { return self.text.len() };
        let end = self.starts.get(position.line as usize + 1).copied().unwrap_or(self.text.len());
        let line = self.text[start..end].trim_end_matches(['\n', '\r']);
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The range of the whole text.
    pub fn whole(&self) -> Range {
        Range::new(Position::new(0, 0), self.position(self.text.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_and_all_line_ends() {
        let text = "ab\r\n“é” 𝄞x\rlast\nend";
        let idx = LineIndex::new(text);
        assert_eq!(idx.position(0), Position::new(0, 0));
        assert_eq!(idx.position(4), Position::new(1, 0));
        let x = text.find('x').unwrap();
        // “ é ” space: 4 units; 𝄞 is a surrogate pair: 2 units.
        assert_eq!(idx.position(x), Position::new(1, 6));
        assert_eq!(idx.offset(Position::new(1, 6)), x);
        assert_eq!(idx.position(text.find("last").unwrap()), Position::new(2, 0));
        assert_eq!(idx.position(text.len()), Position::new(3, 3));
        assert_eq!(idx.offset(Position::new(0, 99)), 2);
        assert_eq!(idx.offset(Position::new(99, 0)), text.len());
        // Inside a character: moved back to its start.
        assert_eq!(idx.position(text.find('é').unwrap() + 1), Position::new(1, 1));
    }
}
