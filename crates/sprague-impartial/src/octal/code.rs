//! Take-and-break codes: `d0.d1d2d3...`, read and validated.
//!
//! Digit `dk` says what may happen when `k` stones are removed from a heap,
//! read as a sum of powers of two (Berlekamp, Conway and Guy, *Winning
//! Ways*, ch. 4; Flammenkamp's tables of octal games): `1` the heap may be
//! removed entirely (it had exactly `k` stones), `2` one non-empty heap may
//! be left, `4` two non-empty heaps may be left, and, in hexadecimal codes,
//! `8` three non-empty heaps may be left. The digit before the point is
//! `d0`: removing nothing can only split a heap, so it may contain `4` and
//! `8` but never `1` or `2` (a move that leaves the heap as it was would
//! make the game loopy).

use std::fmt;

use sprague_core::error::ParseError;

/// The most digits after the point a code may have.
pub const MAX_CODE_DIGITS: usize = 256;

/// A validated take-and-break code such as `0.137`, `4.07` or `0.f7`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `d0, d1, ..., dt`, with no trailing zero digits beyond `d1`.
    digits: Vec<u8>,
}

impl OctalCode {
    /// Reads a code. Spans in errors are byte offsets into `text`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the span of the offending part: a missing
    /// point, a non-hexadecimal digit, more than one digit before the point,
    /// a digit before the point that contains 1 or 2, or too many digits.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles = sprague_impartial::OctalCode::parse("0.77").unwrap();
    /// assert_eq!(kayles.digits(), &[0, 7, 7]);
    /// assert_eq!(kayles.to_string(), "0.77");
    /// assert!(sprague_impartial::OctalCode::parse("3.7").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<OctalCode, ParseError> {
        OctalCode::parse_at(text, 0)
    }

    /// Reads a code that starts at byte `offset` of a larger text, so that
    /// error spans point into that text.
    ///
    /// # Errors
    ///
    /// As [`OctalCode::parse`].
    pub fn parse_at(text: &str, offset: usize) -> Result<OctalCode, ParseError> {
        let whole = offset..offset + text.len();
        let Some(point) = text.find('.') else {
            return Err(ParseError::bad_parameters(
                "a take-and-break code needs a point, like 0.77 or 4.07",
                whole,
            ));
        };
        let (before, after) = (&text[..point], &text[point + 1..]);
        let d0 = match before.len() {
            0 => 0,
            1 => match before.chars().next().and_then(|c| c.to_digit(16)) {
                Some(d) => d as u8,
                None => {
                    return Err(ParseError::bad_parameters(
                        "the digit before the point must be a hexadecimal digit",
                        offset..offset + 1,
                    ));
                }
            },
            _ => {
                return Err(ParseError::bad_parameters(
                    "a take-and-break code has one digit before the point",
                    offset..offset + point,
                ));
            }
        };
        if d0 & 3 != 0 {
            return Err(ParseError::bad_parameters(
                format!(
                    "the digit before the point may be 0, 4, 8 or c (removing no stones must split the heap), not {d0:x}"
                ),
                offset..offset + point,
            ));
        }
        if after.is_empty() {
            return Err(ParseError::bad_parameters(
                "a take-and-break code needs digits after the point",
                offset + point..offset + point + 1,
            ));
        }
        let mut digits = vec![d0];
        for (i, c) in after.char_indices() {
            let at = offset + point + 1 + i;
            match c.to_digit(16) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(ParseError::bad_parameters(
                        format!("`{c}` is not a hexadecimal digit"),
                        at..at + c.len_utf8(),
                    ));
                }
            }
        }
        if digits.len() - 1 > MAX_CODE_DIGITS {
            return Err(ParseError::bad_parameters(
                format!("at most {MAX_CODE_DIGITS} digits after the point are supported"),
                whole,
            ));
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }

    /// The code with digits `d0, d1, ...`.
    ///
    /// # Errors
    ///
    /// As [`OctalCode::parse`], with an empty span.
    pub fn from_digits(digits: &[u8]) -> Result<OctalCode, ParseError> {
        let text: String = digits
            .iter()
            .enumerate()
            .flat_map(|(i, &d)| {
                let c = char::from_digit(u32::from(d.min(15)), 16).unwrap_or('?');
                if i == 0 { vec![c, '.'] } else { vec![c] }
            })
            .collect();
        if digits.iter().any(|&d| d > 15) || digits.len() < 2 {
            return Err(ParseError::bad_parameters(
                "digits of a code are 0..=15, with at least one after the point",
                0..0,
            ));
        }
        OctalCode::parse(&text).map_err(|e| ParseError { span: 0..0, ..e })
    }

    /// The digits `d0, d1, ..., dt`.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether a digit uses the hexadecimal bit `8` (leave three heaps).
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }
}

impl fmt::Display for OctalCode {
    /// Writes the code as in the literature: `0.77`, `4.07`, `0.f7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.digits.iter().enumerate() {
            write!(f, "{d:x}")?;
            if i == 0 {
                f.write_str(".")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_and_normalised() {
        assert_eq!(OctalCode::parse("0.137").unwrap().digits(), &[0, 1, 3, 7]);
        assert_eq!(OctalCode::parse("4.07").unwrap().digits(), &[4, 0, 7]);
        assert_eq!(OctalCode::parse(".6").unwrap().to_string(), "0.6");
        assert_eq!(OctalCode::parse("0.600").unwrap().to_string(), "0.6");
        assert_eq!(OctalCode::parse("0.f7").unwrap().digits(), &[0, 15, 7]);
        assert!(OctalCode::parse("0.f7").unwrap().is_hexadecimal());
    }

    #[test]
    fn bad_codes_are_typed_errors_with_spans() {
        assert_eq!(OctalCode::parse_at("077", 5).unwrap_err().span, 5..8);
        assert_eq!(OctalCode::parse_at("0.7g", 10).unwrap_err().span, 13..14);
        assert_eq!(OctalCode::parse("12.7").unwrap_err().span, 0..2);
        assert_eq!(OctalCode::parse("1.7").unwrap_err().span, 0..1);
        assert_eq!(OctalCode::parse("0.").unwrap_err().span, 1..2);
        assert!(OctalCode::parse(&format!("0.{}", "1".repeat(300))).is_err());
    }
}
