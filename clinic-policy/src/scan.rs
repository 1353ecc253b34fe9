//! Fixed sets of literal needles, searched for in one pass over a text.
//!
//! The rules look for a few dozen literal strings (markers, file paths, URL schemes) in every text they screen.
//! Searching for each with `str::match_indices` builds a fresh substring searcher per needle per text; a
//! [`Needles`] set is built at compile time and finds them all in a single scan.

const MAX: usize = 64;

/// Up to 64 non-empty ASCII needles in groups, with a table of which needles start with each byte.
pub(crate) struct Needles {
    list: [&'static str; MAX],
    /// Group (index into the slice given to [`Needles::new`]) of each needle.
    group: [u8; MAX],
    /// Bit `k` of `first[b]`: needle `k` starts with byte `b`.
    first: [u64; 256],
}

impl Needles {
    /// The needles of every group, in order.
    pub(crate) const fn new(groups: &[&[&'static str]]) -> Needles {
        let mut list = [""; MAX];
        let mut group = [0u8; MAX];
        let mut first = [0u64; 256];
        let mut n = 0;
        let mut g = 0;
        while g < groups.len() {
            let mut j = 0;
            while j < groups[g].len() {
                assert!(n < MAX, "at most 64 needles");
                let b = groups[g][j].as_bytes();
                assert!(!b.is_empty() && b.is_ascii(), "needles are non-empty ASCII");
                list[n] = groups[g][j];
                group[n] = g as u8;
                first[b[0] as usize] |= 1 << n;
                n += 1;
                j += 1;
            }
            g += 1;
        }
        Needles { list, group, first }
    }

    /// Needle `k`.
    pub(crate) fn get(&self, k: usize) -> &'static str {
        self.list[k]
    }

    /// The group of needle `k`.
    pub(crate) fn group(&self, k: usize) -> usize {
        usize::from(self.group[k])
    }

    /// Every occurrence of every needle in `hay`, as `(needle index, byte offset)`, ordered by needle index and
    /// then offset. For each needle these are exactly the offsets `hay.match_indices(needle)` yields: leftmost
    /// first, non-overlapping.
    pub(crate) fn find(&self, hay: &str) -> Vec<(usize, usize)> {
        let h = hay.as_bytes();
        let mut next = [0usize; MAX];
        let mut hits = Vec::new();
        for (i, &c) in h.iter().enumerate() {
            let mut m = self.first[usize::from(c)];
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                let nd = self.list[k].as_bytes();
                if i >= next[k] && h[i..].starts_with(nd) {
                    hits.push((k, i));
                    next[k] = i + nd.len();
                }
            }
        }
        hits.sort_unstable();
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::Needles;

    /// Same offsets, in the same order, as one `match_indices` per needle.
    #[test]
    fn find_agrees_with_match_indices() {
        static N: Needles = Needles::new(&[&["aa", "-->", "a"], &["<|", "://", "aaa"]]);
        let needles = ["aa", "-->", "a", "<|", "://", "aaa"];
        for hay in [
            "",
            "a",
            "aaaaaaa",
            "x --> <!-- --> ---> <|a|> http://x https://y ://",
            "aa\u{e9}aa \u{1F600}aaa <||<|",
        ] {
            let want: Vec<(usize, usize)> = needles
                .iter()
                .enumerate()
                .flat_map(|(k, nd)| hay.match_indices(nd).map(move |(i, _)| (k, i)))
                .collect();
            assert_eq!(N.find(hay), want, "{hay:?}");
        }
        assert_eq!(N.group(2), 0);
        assert_eq!(N.group(3), 1);
        assert_eq!(N.get(4), "://");
    }
}
