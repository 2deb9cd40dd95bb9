//! Canonical encoding of the fields that get hashed, MACed or signed.
//!
//! * byte string / UTF-8 string: `u32` big-endian length, then the bytes;
//! * `u64` / `u32`: fixed-width big-endian;
//! * draw-kind tag: one byte.

/// Appends `bytes` with its `u32` big-endian length prefix.
///
/// # Panics
/// If `bytes` is longer than `u32::MAX` (see the crate docs).
pub(crate) fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    let len = u32::try_from(bytes.len()).expect("fairness: field longer than u32::MAX bytes");
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(bytes);
}

/// Appends a UTF-8 string as a length-prefixed byte string.
pub(crate) fn put_str(out: &mut Vec<u8>, s: &str) {
    put_bytes(out, s.as_bytes());
}

pub(crate) fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_be_bytes());
}

pub(crate) fn put_u64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_prefixes_are_big_endian_and_make_fields_unambiguous() {
        let mut a = Vec::new();
        put_str(&mut a, "ab");
        put_str(&mut a, "c");
        let mut b = Vec::new();
        put_str(&mut b, "a");
        put_str(&mut b, "bc");
        assert_eq!(a, [0, 0, 0, 2, b'a', b'b', 0, 0, 0, 1, b'c']);
        assert_ne!(a, b);

        let mut n = Vec::new();
        put_u64(&mut n, 0x0102_0304_0506_0708);
        put_u32(&mut n, 9);
        assert_eq!(n, [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 9]);
    }
}
