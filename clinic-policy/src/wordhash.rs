//! A hash for the word tables (the lexicon, the approved vocabulary): fixed sets of short
//! lower-case words, looked up for every word of every reading of every text. std's SipHash costs
//! ~100 instructions for such a word; this multiply-and-rotate hash (the Fx hash of rustc, written
//! here because the policy crate has no dependencies) costs a few per 8 bytes.
//!
//! The tables are built from our own static lists, so nobody outside chooses what goes into
//! them: a text can only be looked up, and a look-up costs one probe sequence whatever it hashes
//! to. That is why a keyed hash is not needed here (the output screen's caches, which do take the
//! upstream's texts as keys, use a seeded one).

use std::hash::{BuildHasherDefault, Hasher};

/// The multiplier of rustc's Fx hash.
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct WordHasher(u64);

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The hasher of the word tables.
pub(crate) type Words = BuildHasherDefault<WordHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn equal_words_hash_equal_and_different_words_mostly_differ() {
        let h = |w: &str| Words::default().hash_one(w);
        assert_eq!(h("ignore"), h("ignore"));
        let words = [
            "a",
            "b",
            "ab",
            "ba",
            "ignore",
            "ignores",
            "instructions",
            "instruction",
            "",
            "12345678",
            "123456789",
        ];
        let mut hashes: Vec<u64> = words.iter().map(|w| h(w)).collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), words.len());
    }
}
