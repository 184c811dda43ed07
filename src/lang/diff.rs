//! Two checked variants side by side, rule by rule: the rules whose words differ, in the words
//! of `describe` ([`describe::rules`]), for `sow diff`. Metadata (sources, notes, names) is not
//! compared, only what decides how the game is played.

use serde::Serialize;

use crate::lang::describe;
use crate::lang::spec::Spec;

/// A rule that two variants state differently: its name and the words of each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// What the rule decides, as [`describe::Rule::name`]: `board`, `chain`.
    pub rule: &'static str,
    pub a: String,
    pub b: String,
}

/// The rules whose words differ between `a` and `b`, in the order `describe` prints them;
/// empty when the two are played alike.
pub fn differences(a: &Spec, b: &Spec) -> Vec<Difference> {
    let theirs = describe::rules(b);
    describe::rules(a)
        .into_iter()
        .filter_map(|ours| {
            // Every variant has the same rules; a rule missing from one side reads as nothing.
            let other =
                theirs.iter().find(|r| r.name == ours.name).map_or_else(String::new, |r| r.text.clone());
            (ours.text != other).then_some(Difference { rule: ours.name, a: ours.text, b: other })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::check;
    use crate::lang::library;

    fn spec(name: &str, ruleset: Option<&str>) -> Spec {
        let file = library::load(name).expect("a bundled variant");
        check::check(&file, ruleset).expect("the bundled variants check").0
    }

    /// Every bundled variant, without a ruleset and with each of its own.
    fn every_spec() -> Vec<Spec> {
        let mut specs = Vec::new();
        for (name, _) in library::BUNDLED {
            let file = library::load(name).expect("a bundled variant");
            let rulesets: Vec<Option<String>> = std::iter::once(None)
                .chain(file.ruleset_names().iter().map(|r| Some(r.to_string())))
                .collect();
            for r in rulesets {
                if let Ok((spec, _)) = check::check(&file, r.as_deref()) {
                    specs.push(spec);
                }
            }
        }
        specs
    }

    fn rules_named(d: &[Difference]) -> Vec<&str> {
        d.iter().map(|d| d.rule).collect()
    }

    #[test]
    fn a_variant_does_not_differ_from_itself() {
        for s in every_spec() {
            assert_eq!(differences(&s, &s), vec![], "{}", s.label());
        }
    }

    #[test]
    fn koumma_differs_from_bakuk_in_its_sowing_and_captures() {
        let (bakuk, koumma) = (spec("bakuk", None), spec("koumma", None));
        let d = differences(&bakuk, &koumma);
        assert_eq!(rules_named(&d), ["sowing", "seeds to play", "laps", "capture", "chain"]);
        let seeds = &d[1];
        assert_eq!(seeds.a, "A pit with one seed can be played.");
        assert_eq!(seeds.b, "A pit with fewer than two seeds cannot be played.");
        assert!(d[2].a.starts_with("A sowing of 6 or more seeds"), "{}", d[2].a);
        assert!(d[2].b.starts_with("A sowing of 7 or more seeds"), "{}", d[2].b);
    }

    #[test]
    fn the_words_swap_with_the_sides() {
        let (bakuk, koumma) = (spec("bakuk", None), spec("koumma", None));
        let there = differences(&bakuk, &koumma);
        let back = differences(&koumma, &bakuk);
        assert_eq!(rules_named(&there), rules_named(&back));
        for (t, b) in there.iter().zip(&back) {
            assert_eq!((&t.a, &t.b), (&b.b, &b.a));
        }
    }

    #[test]
    fn a_ruleset_differs_in_what_it_changes() {
        let d = differences(&spec("oware", None), &spec("oware", Some("grand-slam-forbidden")));
        assert_eq!(rules_named(&d), ["grand slam"]);
        assert!(d[0].b.ends_with("may not be played."), "{}", d[0].b);

        let d = differences(&spec("kalah", None), &spec("kalah", Some("empty-capture")));
        assert_eq!(rules_named(&d), ["opposite capture"]);
    }

    #[test]
    fn a_rule_describe_leaves_unsaid_is_put_in_words_against_one_it_says() {
        // Bakuk has no stores, no extra turn and no ending but the last move; Kalah has them.
        let d = differences(&spec("bakuk", None), &spec("kalah", None));
        let extra = d.iter().find(|d| d.rule == "extra turn").expect("Kalah has an extra turn");
        assert_eq!(extra.a, "No move earns the mover another turn.");
        assert_eq!(
            extra.b,
            "If the last seed falls into the mover's own store, the same player moves again."
        );
        let names = rules_named(&d);
        for rule in
            ["board", "seeds", "stores sown into", "capture", "chain", "opposite capture", "empty side"]
        {
            assert!(names.contains(&rule), "{rule} missing from {names:?}");
        }
        assert!(!names.contains(&"players") && !names.contains(&"ply limit"), "{names:?}");
    }

    #[test]
    fn every_difference_has_words_on_both_sides_and_each_rule_once() {
        let specs = every_spec();
        for a in &specs {
            for b in &specs {
                let d = differences(a, b);
                let names: std::collections::HashSet<&str> = rules_named(&d).into_iter().collect();
                assert_eq!(names.len(), d.len(), "{} / {}", a.label(), b.label());
                for x in &d {
                    assert!(!x.a.is_empty() && !x.b.is_empty() && x.a != x.b, "{x:?}");
                }
            }
        }
    }
}
