//! Words that every stage writes: small numbers and ordinals as words, numbers with their
//! thousands marked, and lists joined as English joins them (`2, 4 or 6`, `pits 1-3 and 5`).

/// Small numbers as words, as a field description would write them.
pub fn number_word(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    WORDS.get(n).map_or_else(|| n.to_string(), |w| w.to_string())
}

/// `one seed`, `four seeds`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("{} {one}", number_word(n)) } else { format!("{} {many}", number_word(n)) }
}

/// Counts as written, with the word for what they count: `1 seed`, `2 or 3 seeds`.
pub fn seeds_of(counts: &str) -> String {
    if counts == "1" { "1 seed".into() } else { format!("{counts} seeds") }
}

/// `first`, `second`, ... `twelfth`, then `13th`.
pub fn ordinal(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth", "eleventh", "twelfth",
    ];
    WORDS.get(n).map_or_else(|| format!("{n}th"), |w| w.to_string())
}

/// `20000` as `20,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `2`, `2 or 4`, `2, 4 or 6`.
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Pit numbers with runs joined: `pits 1-3`, `pits 1 and 2`, `pit 5`, `pits 1, 3 and 5`.
pub fn pit_list(pits: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &p in pits {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == p => *end = p,
            _ => runs.push((p, p)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .flat_map(|&(a, b)| match b - a {
            0 => vec![a.to_string()],
            1 => vec![a.to_string(), b.to_string()],
            _ => vec![format!("{a}-{b}")],
        })
        .collect();
    let word = if pits.len() == 1 { "pit" } else { "pits" };
    format!("{word} {}", and_list(&parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pit_lists_join_runs() {
        assert_eq!(pit_list(&[1, 2, 3]), "pits 1-3");
        assert_eq!(pit_list(&[1, 2]), "pits 1 and 2");
        assert_eq!(pit_list(&[5]), "pit 5");
        assert_eq!(pit_list(&[1, 3, 5]), "pits 1, 3 and 5");
        assert_eq!(pit_list(&[1, 2, 3, 5]), "pits 1-3 and 5");
    }
}
