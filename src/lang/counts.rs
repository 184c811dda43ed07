//! Sets of seed counts, as the rules write them: `2 or 4`, `2 or more`, `2 to 6`, `an even
//! count`, `any count but 4`, `2 or more but not 4`. The written form is kept beside the set,
//! so that `describe` (and `diff`, which compares its words) says the rule as it was written.
//!
//! The form is generic in how a count is held: the syntax tree holds numbers as written (with
//! their places, before their range is checked), a [`CountSet`] holds them as bytes.

use crate::lang::words::or_list;

/// One item of a list of counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Item<N> {
    /// `2`
    One(N),
    /// `4 or more`
    OrMore(N),
    /// `3 or fewer`: from the least the place can hold.
    OrFewer(N),
    /// `2 to 6`, both ends included.
    Range(N, N),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Parity {
    Even,
    Odd,
}

impl Parity {
    pub fn word(self) -> &'static str {
        match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        }
    }

    pub fn holds(self, n: u8) -> bool {
        n.is_multiple_of(2) == (self == Parity::Even)
    }
}

/// The counts a set starts from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Base<I> {
    /// `2, 3 or 5 or more`: the counts of every item.
    List(Vec<I>),
    /// `any count`: every count the place can hold.
    Any,
    /// `an even count`, or with a list, `an odd count of 3 or more`: the counts of that parity
    /// (among the list's, when there is one).
    Parity(Parity, Vec<I>),
}

/// How a set of counts is written: the counts it starts from, less those of `except`
/// (`but not 4`, or after `any count`, `but 4`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Form<I> {
    pub base: Base<I>,
    pub except: Vec<I>,
}

impl<I> Form<I> {
    /// The same form with each item changed by `f`.
    pub fn map<J>(&self, mut f: impl FnMut(&I) -> J) -> Form<J> {
        let mut list = |items: &[I]| items.iter().map(&mut f).collect::<Vec<J>>();
        let base = match &self.base {
            Base::List(items) => Base::List(list(items)),
            Base::Any => Base::Any,
            Base::Parity(p, items) => Base::Parity(*p, list(items)),
        };
        Form { base, except: list(&self.except) }
    }
}

impl Item<u8> {
    /// The counts of the item, as a 256-bit mask.
    pub fn bits(self) -> [u64; 4] {
        let (lo, hi) = self.bounds();
        let mut bits = [0; 4];
        for n in lo..=hi {
            // A reversed range (`6 to 2`) holds nothing: `lo..=hi` is empty.
            bits[(n >> 6) as usize] |= 1 << (n & 63);
        }
        bits
    }

    /// The first and last count of the item (`lo > hi` for a reversed range).
    pub fn bounds(self) -> (u8, u8) {
        match self {
            Item::One(n) => (n, n),
            Item::OrMore(n) => (n, u8::MAX),
            Item::OrFewer(n) => (0, n),
            Item::Range(a, b) => (a, b),
        }
    }

    pub fn contains(self, n: u8) -> bool {
        let (lo, hi) = self.bounds();
        lo <= n && n <= hi
    }

    /// The item as a rule writes it: `2`, `2 or more`, `2 to 6`.
    pub fn words(self) -> String {
        match self {
            Item::One(n) => n.to_string(),
            Item::OrMore(n) => format!("{n} or more"),
            Item::OrFewer(n) => format!("{n} or fewer"),
            Item::Range(a, b) => format!("{a} to {b}"),
        }
    }
}

/// The counts of the items, `N or fewer` starting from `lowest`.
fn union(items: &[Item<u8>], lowest: u8) -> [u64; 4] {
    items.iter().fold([0; 4], |acc, &i| {
        let b = match i {
            Item::OrFewer(n) => Item::Range(lowest, n).bits(),
            i => i.bits(),
        };
        std::array::from_fn(|w| acc[w] | b[w])
    })
}

fn list_words(items: &[Item<u8>]) -> String {
    or_list(&items.iter().map(|i| i.words()).collect::<Vec<_>>())
}

/// A set of seed counts (0..=255) and how it was written, for describe and diff.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CountSet {
    bits: [u64; 4],
    form: Form<Item<u8>>,
}

impl CountSet {
    /// The set a form writes, where the smallest count a pit can hold is `lowest`: what `any
    /// count` and `an even count` start from. The places counts are written today (the pit the
    /// last seed falls into, a chained pit) hold at least 1; a place that may be empty would
    /// give 0. Items are kept in ascending order, as `describe` says them.
    pub fn new(form: Form<Item<u8>>, lowest: u8) -> CountSet {
        let mut form = form;
        let sort = |items: &mut Vec<Item<u8>>| items.sort_by_key(|i| i.bounds());
        match &mut form.base {
            Base::List(items) | Base::Parity(_, items) => sort(items),
            Base::Any => {}
        }
        sort(&mut form.except);
        let from_lowest = Item::OrMore(lowest).bits();
        let base = match &form.base {
            Base::List(items) => union(items, lowest),
            Base::Any => from_lowest,
            Base::Parity(p, items) => {
                let within = if items.is_empty() { from_lowest } else { union(items, lowest) };
                let mut parity = [0u64; 4];
                for n in (0..=u8::MAX).filter(|&n| p.holds(n)) {
                    parity[(n >> 6) as usize] |= 1 << (n & 63);
                }
                std::array::from_fn(|w| within[w] & parity[w])
            }
        };
        let except = union(&form.except, lowest);
        CountSet { bits: std::array::from_fn(|w| base[w] & !except[w]), form }
    }

    /// The counts listed, written as the list (`2, 4 or 6`).
    pub fn from_list(counts: &[u8]) -> CountSet {
        CountSet::new(
            Form { base: Base::List(counts.iter().map(|&n| Item::One(n)).collect()), except: vec![] },
            1,
        )
    }

    pub fn contains(&self, n: u8) -> bool {
        (self.bits[(n >> 6) as usize] >> (n & 63)) & 1 != 0
    }

    /// The set as a 256-bit mask: count `n` is bit `n % 64` of word `n / 64`.
    pub fn bits(&self) -> [u64; 4] {
        self.bits
    }

    /// The counts, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=u8::MAX).filter(|&n| self.contains(n))
    }

    pub fn is_empty(&self) -> bool {
        self.bits == [0; 4]
    }

    /// How the set was written.
    pub fn form(&self) -> &Form<Item<u8>> {
        &self.form
    }

    /// The set as `describe` says it, in the words it was written with: `2 or 4`, `2, 4 or 6`,
    /// `2 or more but not 4`, `an even count`, `an odd count of 3 or more`, `any count but 3`.
    pub fn words(&self) -> String {
        let base = match &self.form.base {
            Base::List(items) => list_words(items),
            Base::Any => "any count".to_string(),
            Base::Parity(p, items) if items.is_empty() => format!("an {} count", p.word()),
            Base::Parity(p, items) => format!("an {} count of {}", p.word(), list_words(items)),
        };
        match (&self.form.base, self.form.except.as_slice()) {
            (_, []) => base,
            (Base::Any, except) => format!("{base} but {}", list_words(except)),
            (_, except) => format!("{base} but not {}", list_words(except)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(base: Base<Item<u8>>, except: Vec<Item<u8>>) -> CountSet {
        CountSet::new(Form { base, except }, 1)
    }

    fn counts(s: &CountSet) -> Vec<u8> {
        s.iter().collect()
    }

    #[test]
    fn a_list_reads_as_today() {
        assert_eq!(CountSet::from_list(&[2]).words(), "2");
        assert_eq!(CountSet::from_list(&[2, 4]).words(), "2 or 4");
        assert_eq!(CountSet::from_list(&[6, 2, 4]).words(), "2, 4 or 6");
        assert_eq!(counts(&CountSet::from_list(&[6, 2, 4])), [2, 4, 6]);
    }

    #[test]
    fn the_bits_are_the_engine_mask() {
        let s = CountSet::from_list(&[1, 2, 64, 200, 255]);
        assert_eq!(s.bits(), [0b110, 1, 0, 1 << (200 - 192) | 1 << 63]);
        for n in 0..=255u8 {
            assert_eq!(s.contains(n), [1, 2, 64, 200, 255].contains(&n), "{n}");
        }
    }

    #[test]
    fn items_hold_their_counts() {
        let s = set(Base::List(vec![Item::OrMore(5), Item::One(2), Item::One(3)]), vec![]);
        assert_eq!(counts(&s), [2, 3].into_iter().chain(5..=255).collect::<Vec<_>>());
        assert_eq!(s.words(), "2, 3 or 5 or more");
        let r = set(Base::List(vec![Item::Range(2, 6)]), vec![]);
        assert_eq!(counts(&r), [2, 3, 4, 5, 6]);
        assert_eq!(r.words(), "2 to 6");
        assert!(set(Base::List(vec![Item::Range(3, 2)]), vec![]).is_empty());
        assert_eq!(counts(&set(Base::List(vec![Item::Range(254, 255)]), vec![])), [254, 255]);
    }

    #[test]
    fn exceptions_are_left_out() {
        let s = set(Base::List(vec![Item::OrMore(2)]), vec![Item::One(4)]);
        assert_eq!(counts(&s), [2, 3].into_iter().chain(5..=255).collect::<Vec<_>>());
        assert_eq!(s.words(), "2 or more but not 4");
        let a = set(Base::Any, vec![Item::One(6), Item::One(4)]);
        assert_eq!(counts(&a), [1, 2, 3, 5].into_iter().chain(7..=255).collect::<Vec<_>>());
        assert_eq!(a.words(), "any count but 4 or 6");
        assert!(set(Base::Any, vec![Item::OrMore(1)]).is_empty());
    }

    #[test]
    fn parity_starts_from_the_lowest_count() {
        let even = set(Base::Parity(Parity::Even, vec![]), vec![]);
        assert_eq!(counts(&even), (2..=254).step_by(2).collect::<Vec<_>>());
        assert_eq!(even.words(), "an even count");
        // A place that may be empty: 0 is an even count there.
        let even0 = CountSet::new(Form { base: Base::Parity(Parity::Even, vec![]), except: vec![] }, 0);
        assert!(even0.contains(0));
        assert!(CountSet::new(Form { base: Base::Any, except: vec![] }, 0).contains(0));
        assert!(!set(Base::Any, vec![]).contains(0));
        let odd = set(Base::Parity(Parity::Odd, vec![Item::OrMore(3)]), vec![]);
        assert_eq!(counts(&odd), (3..=255).step_by(2).collect::<Vec<_>>());
        assert_eq!(odd.words(), "an odd count of 3 or more");
        let but = set(Base::Parity(Parity::Even, vec![]), vec![Item::One(2)]);
        assert_eq!(but.words(), "an even count but not 2");
        assert_eq!(but.iter().next(), Some(4));
    }

    /// The counts of a capture line, as `sow` reads and checks them.
    fn read(counts: &str) -> CountSet {
        let text = format!(
            "variant \"T\" extends \"Bakuk\" {{ source \"s\" capture {{ last seed makes {counts} in any pit: take them }} }}"
        );
        let file = crate::lang::library::load_text("t.sow", &text).unwrap_or_else(|e| panic!("{e}"));
        let (spec, _) = crate::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{counts}: {e}"));
        spec.landing.expect("a capture").counts
    }

    #[test]
    fn each_form_reads_into_its_counts_and_is_said_as_written() {
        let upto = |v: Vec<u8>, from: u8| v.into_iter().chain(from..=255).collect::<Vec<u8>>();
        let cases: [(&str, Vec<u8>, &str); 16] = [
            ("2", vec![2], "2"),
            ("4 or 2", vec![2, 4], "2 or 4"),
            ("2, 4, or 6", vec![2, 4, 6], "2, 4 or 6"),
            ("2 or more", upto(vec![], 2), "2 or more"),
            ("2 to 6", vec![2, 3, 4, 5, 6], "2 to 6"),
            ("2, 3, or 5 or more", upto(vec![2, 3], 5), "2, 3 or 5 or more"),
            ("2 or more but not 4", upto(vec![2, 3], 5), "2 or more but not 4"),
            ("any count but 3", upto(vec![1, 2], 4), "any count but 3"),
            ("any count but not 3", upto(vec![1, 2], 4), "any count but 3"),
            ("an even count", (2..=254).step_by(2).collect(), "an even count"),
            ("an odd count of 3 or more", (3..=255).step_by(2).collect(), "an odd count of 3 or more"),
            ("an even count of 2 to 8 but not 4", vec![2, 6, 8], "an even count of 2 to 8 but not 4"),
            // A pit the last seed falls into holds 1 or more: `3 or fewer` starts there.
            ("3 or fewer", vec![1, 2, 3], "3 or fewer"),
            ("3 or less", vec![1, 2, 3], "3 or fewer"),
            ("5 or more or 2 or fewer", upto(vec![1, 2], 5), "2 or fewer or 5 or more"),
            ("an even count of 6 or fewer but not 2", vec![4, 6], "an even count of 6 or fewer but not 2"),
        ];
        for (written, counts, words) in cases {
            let set = read(written);
            assert_eq!(set.iter().collect::<Vec<_>>(), counts, "{written}");
            assert_eq!(set.words(), words, "{written}");
            assert_eq!(set.bits(), CountSet::from_list(&counts).bits(), "{written}");
        }
    }

    #[test]
    fn or_fewer_starts_from_the_least_the_place_holds() {
        let form = || Form { base: Base::List(vec![Item::OrFewer(3)]), except: vec![] };
        assert_eq!(counts(&CountSet::new(form(), 1)), [1, 2, 3]);
        // The board may be empty: from 0.
        assert_eq!(counts(&CountSet::new(form(), 0)), [0, 1, 2, 3]);
    }

    #[test]
    fn equal_sets_written_alike_are_equal() {
        assert_eq!(CountSet::from_list(&[4, 2]), CountSet::from_list(&[2, 4]));
        // The same counts written otherwise are said otherwise, so they differ.
        let range = set(Base::List(vec![Item::Range(2, 4)]), vec![]);
        let list = CountSet::from_list(&[2, 3, 4]);
        assert_eq!(range.bits(), list.bits());
        assert_ne!(range, list);
    }
}
