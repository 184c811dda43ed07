//! Two texts compared word by word, as the page's "Compare with" marks them: the longest run
//! of words the two share, in order, left unmarked, every other word marked as one side's own.

use serde::Serialize;

/// The longest texts compared word by word (in words, each side); longer ones are marked
/// whole, so that the work stays bounded whatever a variant's text.
pub const MAX_WORDS: usize = 1_000;

/// A run of words of one side: shared with the other side, or its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Part {
    pub text: String,
    pub changed: bool,
}

/// The words of `a` and of `b`, each side's in runs, those not in a longest common
/// subsequence of the two marked `changed`.
pub fn compare(a: &str, b: &str) -> (Vec<Part>, Vec<Part>) {
    let x: Vec<&str> = a.split_whitespace().collect();
    let y: Vec<&str> = b.split_whitespace().collect();
    let (kept_a, kept_b) = if x.len() > MAX_WORDS || y.len() > MAX_WORDS {
        (vec![false; x.len()], vec![false; y.len()])
    } else {
        common(&x, &y)
    };
    (runs(&x, &kept_a), runs(&y, &kept_b))
}

/// Which words of each side a longest common subsequence keeps.
fn common(x: &[&str], y: &[&str]) -> (Vec<bool>, Vec<bool>) {
    let (n, m) = (x.len(), y.len());
    // longest[i][j]: the longest common subsequence of x[i..] and y[j..].
    let mut longest = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            longest[i][j] = if x[i] == y[j] {
                longest[i + 1][j + 1] + 1
            } else {
                longest[i + 1][j].max(longest[i][j + 1])
            };
        }
    }
    let (mut kept_a, mut kept_b) = (vec![false; n], vec![false; m]);
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if x[i] == y[j] {
            kept_a[i] = true;
            kept_b[j] = true;
            i += 1;
            j += 1;
        } else if longest[i + 1][j] >= longest[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    (kept_a, kept_b)
}

/// The words joined into runs of words alike kept or changed.
fn runs(words: &[&str], kept: &[bool]) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    for (w, &k) in words.iter().zip(kept) {
        match parts.last_mut() {
            Some(p) if p.changed != k => {
                p.text.push(' ');
                p.text.push_str(w);
            }
            _ => parts.push(Part { text: w.to_string(), changed: !k }),
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(parts: &[Part]) -> Vec<&str> {
        parts.iter().filter(|p| p.changed).map(|p| p.text.as_str()).collect()
    }

    #[test]
    fn only_the_words_that_differ_are_marked() {
        let (a, b) = compare("Four seeds in each pit, 48 in all.", "Six seeds in each pit, 72 in all.");
        assert_eq!(marked(&a), ["Four", "48"]);
        assert_eq!(marked(&b), ["Six", "72"]);
        assert_eq!(a.len(), 4);
        let (a, b) = compare("sow from the next pit", "sow from the next pit");
        assert!(marked(&a).is_empty() && marked(&b).is_empty());
        let (a, b) = compare("", "captures the pit opposite");
        assert!(a.is_empty());
        assert_eq!(marked(&b), ["captures the pit opposite"]);
    }

    #[test]
    fn texts_too_long_are_marked_whole() {
        let long = "w ".repeat(MAX_WORDS + 1);
        let (a, b) = compare(&long, "w");
        assert_eq!(a.len(), 1);
        assert!(a[0].changed && b[0].changed);
    }
}
