//! Addressed draws (step 3): the word stream, the unbiased sampler and the Fisher–Yates shuffle.
//!
//! Nothing here may be replaced by a library sampler or shuffle: the exact sequence of words
//! consumed is part of the scheme.

use hmac::Mac;

use crate::commit::{hmac, HmacSha256};
use crate::encoding::{put_str, put_u32, put_u64};
use crate::{domain, FairnessError, MatchKey};

/// Largest `n` accepted by [`DrawKind::Shuffle`].
pub const MAX_SHUFFLE_LEN: u32 = 10_000;

/// What a draw produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawKind {
    /// One value, uniform in `0..n`; `n >= 1`. A d20 is `Range(20)` plus one, added by the
    /// consumer (the scheme itself only ever produces `0..n`).
    Range(u32),
    /// A uniformly random permutation of `0..n`; `n <= MAX_SHUFFLE_LEN`.
    Shuffle(u32),
}

/// "range 20", "shuffle 40": how errors and audits name a kind.
impl std::fmt::Display for DrawKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DrawKind::Range(n) => write!(f, "range {n}"),
            DrawKind::Shuffle(n) => write!(f, "shuffle {n}"),
        }
    }
}

impl DrawKind {
    /// The one-byte tag used in the signed outcome message.
    pub(crate) fn tag(self) -> u8 {
        match self {
            DrawKind::Range(_) => 1,
            DrawKind::Shuffle(_) => 2,
        }
    }

    pub(crate) fn n(self) -> u32 {
        match self {
            DrawKind::Range(n) | DrawKind::Shuffle(n) => n,
        }
    }

    pub(crate) fn check(self) -> Result<(), FairnessError> {
        match self {
            DrawKind::Range(0) => Err(FairnessError::InvalidKind("Range(0) has no possible value; n must be at least 1".to_owned())),
            DrawKind::Shuffle(n) if n > MAX_SHUFFLE_LEN => {
                Err(FairnessError::InvalidKind(format!("Shuffle({n}) is too large; at most {MAX_SHUFFLE_LEN} elements can be shuffled")))
            }
            _ => Ok(()),
        }
    }
}

/// The draw at address `(purpose, index)` of the match with key `key`.
///
/// `Range(n)` gives one value in `0..n`; `Shuffle(n)` gives a permutation of `0..n`
/// (`Shuffle(0)` is the empty permutation). Errors on `Range(0)` and on shuffles larger than
/// [`MAX_SHUFFLE_LEN`].
pub fn draw(key: &MatchKey, purpose: &str, index: u64, kind: DrawKind) -> Result<Vec<u32>, FairnessError> {
    kind.check()?;
    let mut stream = DrawStream::new(key, purpose, index);
    let result = match kind {
        DrawKind::Range(n) => uniform(&mut stream, n).map(|v| vec![v]),
        DrawKind::Shuffle(n) => shuffle(&mut stream, n),
    };
    result.map_err(|Exhausted| FairnessError::StreamExhausted { index, purpose: purpose.to_owned() })
}

/// The word source ran dry (only possible after 2^32 blocks of one stream).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Exhausted;

/// A source of 32-bit words; the real one is [`DrawStream`], tests use fixed sequences.
pub(crate) trait WordSource {
    fn next_word(&mut self) -> Result<u32, Exhausted>;
}

/// `block_c = HMAC-SHA256(K, str("arbiter/v1/draw") ‖ str(purpose) ‖ u64(index) ‖ u32(c))`
/// for `c = 0, 1, 2, …`; each block is read as eight big-endian `u32` words, in order.
pub(crate) struct DrawStream {
    /// MAC with the fixed prefix (domain, purpose, index) already absorbed.
    prefix: HmacSha256,
    next_counter: Option<u32>,
    block: [u8; 32],
    /// Next unread byte offset in `block`; 32 means "block used up".
    pos: usize,
}

impl DrawStream {
    pub(crate) fn new(key: &MatchKey, purpose: &str, index: u64) -> Self {
        let mut prefix_bytes = Vec::with_capacity(32 + purpose.len());
        put_str(&mut prefix_bytes, domain::DRAW);
        put_str(&mut prefix_bytes, purpose);
        put_u64(&mut prefix_bytes, index);
        let mut prefix = hmac(key);
        prefix.update(&prefix_bytes);
        DrawStream { prefix, next_counter: Some(0), block: [0; 32], pos: 32 }
    }
}

impl WordSource for DrawStream {
    fn next_word(&mut self) -> Result<u32, Exhausted> {
        if self.pos == self.block.len() {
            let counter = self.next_counter.ok_or(Exhausted)?;
            self.next_counter = counter.checked_add(1);
            let mut mac = self.prefix.clone();
            let mut c = Vec::with_capacity(4);
            put_u32(&mut c, counter);
            mac.update(&c);
            self.block = mac.finalize().into_bytes().into();
            self.pos = 0;
        }
        let w = &self.block[self.pos..self.pos + 4];
        self.pos += 4;
        Ok(u32::from_be_bytes([w[0], w[1], w[2], w[3]]))
    }
}

/// The rejection threshold for `0..n`: the largest multiple of `n` that is `<= 2^32`.
/// Words `>=` this are rejected; accepted words `w` map to `w mod n` without bias, because
/// every residue then has exactly `threshold / n` preimages.
pub(crate) fn rejection_threshold(n: u32) -> u64 {
    assert!(n >= 1, "rejection_threshold needs n >= 1");
    const TWO_32: u64 = 1 << 32;
    TWO_32 - TWO_32 % u64::from(n)
}

/// A uniform value in `0..n` (`n >= 1`). Always consumes at least one word, even for `n = 1`.
pub(crate) fn uniform(src: &mut impl WordSource, n: u32) -> Result<u32, Exhausted> {
    let threshold = rejection_threshold(n);
    loop {
        let w = u64::from(src.next_word()?);
        if w < threshold {
            return Ok((w % u64::from(n)) as u32);
        }
    }
}

/// Fisher–Yates: start from `[0, 1, …, n-1]`; for `i` from `n-1` down to `1`, draw
/// `j = uniform(i + 1)` (so `0 <= j <= i`) and swap positions `i` and `j`.
pub(crate) fn shuffle(src: &mut impl WordSource, n: u32) -> Result<Vec<u32>, Exhausted> {
    let mut items: Vec<u32> = (0..n).collect();
    for i in (1..n).rev() {
        let j = uniform(src, i + 1)?;
        items.swap(i as usize, j as usize);
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed word sequence that also counts how many words were consumed.
    struct Fixed(Vec<u32>, usize);
    impl WordSource for Fixed {
        fn next_word(&mut self) -> Result<u32, Exhausted> {
            let w = self.0.get(self.1).copied().ok_or(Exhausted)?;
            self.1 += 1;
            Ok(w)
        }
    }
    fn fixed(words: &[u32]) -> Fixed {
        Fixed(words.to_vec(), 0)
    }

    const TWO_32: u64 = 1 << 32;
    const KEY: MatchKey = [42; 32];

    #[test]
    fn threshold_known_values() {
        assert_eq!(rejection_threshold(1), TWO_32);
        assert_eq!(rejection_threshold(2), TWO_32);
        assert_eq!(rejection_threshold(1 << 31), TWO_32);
        assert_eq!(rejection_threshold(3), TWO_32 - 1); // 2^32 ≡ 1 (mod 3)
        assert_eq!(rejection_threshold(6), TWO_32 - 4); // 2^32 ≡ 4 (mod 6)
        assert_eq!(rejection_threshold(10), TWO_32 - 6); // 2^32 ≡ 6 (mod 10)
        assert_eq!(rejection_threshold(20), TWO_32 - 16); // 2^32 ≡ 16 (mod 20)
        assert_eq!(rejection_threshold(u32::MAX), TWO_32 - 1);
        assert_eq!(rejection_threshold((1 << 31) + 1), (1 << 31) + 1); // rejects almost half
    }

    #[test]
    fn threshold_is_largest_multiple_of_n_fitting_in_2_pow_32() {
        let ns = (1..=2000u32).chain([52, 65_537, 1 << 20, 3 << 29, u32::MAX - 1, u32::MAX]);
        for n in ns {
            let t = rejection_threshold(n);
            let n = u64::from(n);
            assert_eq!(t % n, 0, "n={n}");
            assert!(t <= TWO_32 && t + n > TWO_32, "n={n}");
        }
    }

    #[test]
    fn sampler_rejects_words_at_or_above_threshold() {
        // n = 6: threshold 2^32 - 4, so 0xFFFF_FFFC..=0xFFFF_FFFF are rejected.
        let mut src = fixed(&[0xFFFF_FFFC, 0xFFFF_FFFF, 0xFFFF_FFFB, 7]);
        assert_eq!(uniform(&mut src, 6), Ok(0xFFFF_FFFB % 6));
        assert_eq!(src.1, 3, "two words rejected, the third accepted");
        assert_eq!(uniform(&mut src, 6), Ok(1));

        // n = 3: only u32::MAX is rejected.
        let mut src = fixed(&[u32::MAX, u32::MAX - 1]);
        assert_eq!(uniform(&mut src, 3), Ok(((TWO_32 - 2) % 3) as u32));
        assert_eq!(src.1, 2);

        // n = 2^31 + 1: the word 2^31 + 1 itself is rejected, 2^31 is the largest value.
        let n = (1u32 << 31) + 1;
        let mut src = fixed(&[n, 1 << 31]);
        assert_eq!(uniform(&mut src, n), Ok(1 << 31));
        assert_eq!(src.1, 2);

        // n = 1 never rejects but still consumes a word; powers of two never reject.
        let mut src = fixed(&[u32::MAX, u32::MAX]);
        assert_eq!(uniform(&mut src, 1), Ok(0));
        assert_eq!(uniform(&mut src, 16), Ok(15));
        assert_eq!(src.1, 2);
    }

    #[test]
    fn shuffle_follows_the_written_fisher_yates() {
        // n = 3, words [0, 0]: i=2, j=0 -> [2,1,0]; i=1, j=0 -> [1,2,0].
        let mut src = fixed(&[0, 0]);
        assert_eq!(shuffle(&mut src, 3), Ok(vec![1, 2, 0]));
        assert_eq!(src.1, 2);
        // n = 4, words [5, 4, 1]: i=3, j=5%4=1 -> [0,3,2,1]; i=2, j=4%3=1 -> [0,2,3,1];
        // i=1, j=1%2=1 -> unchanged.
        let mut src = fixed(&[5, 4, 1]);
        assert_eq!(shuffle(&mut src, 4), Ok(vec![0, 2, 3, 1]));
        // n = 0 and n = 1 consume nothing.
        let mut src = fixed(&[]);
        assert_eq!(shuffle(&mut src, 0), Ok(vec![]));
        assert_eq!(shuffle(&mut src, 1), Ok(vec![0]));
    }

    #[test]
    fn stream_reads_big_endian_words_across_blocks() {
        let mut s = DrawStream::new(&KEY, "p", 0);
        let words: Vec<u32> = (0..16).map(|_| s.next_word().unwrap()).collect();
        let block = |c: u32| {
            let mut mac = hmac(&KEY);
            let mut m = Vec::new();
            put_str(&mut m, domain::DRAW);
            put_str(&mut m, "p");
            put_u64(&mut m, 0);
            put_u32(&mut m, c);
            mac.update(&m);
            mac.finalize().into_bytes()
        };
        for c in 0..2u32 {
            let b = block(c);
            for k in 0..8 {
                let w = u32::from_be_bytes(b[4 * k..4 * k + 4].try_into().unwrap());
                assert_eq!(words[c as usize * 8 + k], w);
            }
        }
    }

    #[test]
    fn shuffle_is_a_deterministic_permutation() {
        for n in [0, 1, 2, 3, 52, 1000, MAX_SHUFFLE_LEN] {
            let p = draw(&KEY, "deck", 1, DrawKind::Shuffle(n)).unwrap();
            assert_eq!(p, draw(&KEY, "deck", 1, DrawKind::Shuffle(n)).unwrap());
            let mut sorted = p.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>());
        }
    }

    #[test]
    fn range_values_are_in_range_and_roughly_uniform() {
        let mut counts = [0u32; 6];
        for i in 0..6000 {
            let v = draw(&KEY, "die", i, DrawKind::Range(6)).unwrap();
            assert_eq!(v.len(), 1);
            counts[v[0] as usize] += 1;
        }
        // Deterministic stream, so this is not flaky; the bound is ~5 standard deviations.
        assert!(counts.iter().all(|&c| (850..=1150).contains(&c)), "{counts:?}");
    }

    #[test]
    fn address_changes_output() {
        let d = |k: &MatchKey, p: &str, i: u64| draw(k, p, i, DrawKind::Shuffle(52)).unwrap();
        let base = d(&KEY, "deck", 0);
        assert_ne!(base, d(&KEY, "deck", 1));
        assert_ne!(base, d(&KEY, "deck2", 0));
        assert_ne!(base, d(&[43; 32], "deck", 0));
    }

    #[test]
    fn invalid_kinds_are_rejected() {
        assert!(matches!(draw(&KEY, "p", 0, DrawKind::Range(0)), Err(FairnessError::InvalidKind(_))));
        assert!(matches!(draw(&KEY, "p", 0, DrawKind::Shuffle(MAX_SHUFFLE_LEN + 1)), Err(FairnessError::InvalidKind(_))));
        assert_eq!(draw(&KEY, "p", 0, DrawKind::Range(1)), Ok(vec![0]));
        assert_eq!(draw(&KEY, "p", 0, DrawKind::Range(u32::MAX)).unwrap().len(), 1);
    }
}
