//! Source text -> syntax tree, with the pest grammar in `grammar/sow.pest`. Syntax errors are
//! turned into located diagnostics in the user's words: what was found, and the words, numbers
//! or text that could have come there.

use std::sync::Arc;

use pest::Parser as _;
use pest::iterators::Pair;

use crate::lang::diagnostic::{Diagnostic, SourceFile, Span, closest};
use crate::lang::geometry::Side;
use crate::lang::lap_rule::{
    Base, ChainReach, Claimer, Column, Condition, Effect, GameEndLine, LapRule, LapRuleLine, Pits, Place,
    Predicate, Quantifier, Receiver, SownSeeds, Total,
};
use crate::lang::legality::{MustPlayLine, OneSeedLine, RelayAsMove, SeatOnlyLine};
use crate::lang::phases::{
    Distribute, EmptyLoses, FeedOneLine, HandSowingLine, KeepWay, OnlyIfCaptures, OpeningLine, PlaceHand,
    SeatPit, SetupLine, StoreMoveLine, SwapChoice, TakeOpeningLine, Target,
};
use crate::lang::rounds::{
    BothFilled, CopyFill, FillBeyond, FillFirst, FillOn, FillOrder, FillOwner, MatchEnd, Pool, RefillLine,
    RoundBegin, RoundEnd, RoundOver, RoundScore, RoundTake, SetupAgain, ShortFill, StonesBack, TieLine,
    TopUp, Unfilled,
};
use crate::lang::stages::{PassWhen, RearrangeLine, StagesLine};
use crate::lang::stones::{EndPlaceLine, HandRefillLine, NoStoneEnd, StoneWorth};
use crate::lang::syntax::*;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/sow.pest"]
struct SowParser;

/// Parses one variant file.
pub fn parse(file: &Arc<SourceFile>) -> Result<VariantAst, Diagnostic> {
    let mut pairs = SowParser::parse(Rule::file, &file.text).map_err(|e| syntax_error(file, e))?;
    let file_pair = pairs.next().expect("the file rule matched");
    let variant =
        file_pair.into_inner().find(|p| p.as_rule() == Rule::variant).expect("a file holds a variant");
    Builder { file }.variant(variant)
}

/// The words a rule can start with, for guesses at a misspelt one.
const FIRST_WORDS: &[&str] = &[
    "board",
    "seeds",
    "players",
    "sowing",
    "turns",
    "capture",
    "end",
    "counter-clockwise",
    "clockwise",
    "either",
    "direction",
    "first",
    "laps",
    "single",
    "a",
    "sow",
    "relay",
    "last",
    "must",
    "chain",
    "no",
    "grand",
    "player",
    "leftover",
    "ply",
    "winner",
    "game",
    "when",
    "after",
];

/// Parses one rule as given on the command line (see `rule_line` in the grammar): the rule
/// lines it states, in order.
pub fn parse_rule(file: &Arc<SourceFile>) -> Result<Vec<Spanned<RuleLine>>, Diagnostic> {
    if file.text.trim().is_empty() {
        return Err(Diagnostic::error("the rule is empty").at(file, 0..0, "expected a rule").help(
            "write a rule as a variant file would, e.g. `seeds 4 in each pit` or `first seed into the emptied pit`",
        ));
    }
    let mut pairs = SowParser::parse(Rule::rule_line, &file.text).map_err(|e| {
        let mut d = syntax_error(file, e);
        // The messages speak of a file; here the text is one rule.
        if d.message.ends_with("after the end of the variant") {
            d.message = d.message.replace("after the end of the variant", "after the end of the rule");
            d.notes = vec!["help: give one rule an option: `--set` may be repeated".to_string()];
            if let Some(l) = d.location.as_mut() {
                l.label = "the rule is complete before this".into();
            }
        }
        d.message = d.message.replace("the file ends", "the rule ends");
        // A rule's first word misspelt: the closest word a rule starts with.
        let first = file.text.split_whitespace().next().unwrap_or("");
        let at_start = d
            .location
            .as_ref()
            .is_some_and(|l| l.span.start == file.text.len() - file.text.trim_start().len());
        // `counter clockwise`: two words for one.
        let joined = file.text.split_whitespace().take(2).collect::<Vec<_>>().join("-");
        let hyphenated = FIRST_WORDS.iter().copied().filter(|w| w.contains('-'));
        match closest(first, FIRST_WORDS.iter().copied()).or_else(|| closest(&joined, hyphenated)) {
            Some(guess)
                if at_start
                    && guess != first
                    && !d.notes.iter().any(|n| n.starts_with("help: did you mean")) =>
            {
                d.help(format!("did you mean `{guess}`?"))
            }
            _ => d,
        }
    })?;
    let line = pairs.next().expect("the rule_line rule matched");
    let builder = Builder { file };
    let mut out = Vec::new();
    for p in values(line) {
        match p.as_rule() {
            Rule::board
            | Rule::seeds
            | Rule::players
            | Rule::pit_store
            | Rule::end_place
            | Rule::never_played
            | Rule::plays_other
            | Rule::sowing
            | Rule::turns
            | Rule::capture
            | Rule::end
            | Rule::rounds => builder.item(p, &mut out)?,
            _ => {
                let sp = span(&p);
                for rule in builder.block_line(p)? {
                    out.push(Spanned::new(rule, sp.clone()));
                }
            }
        }
    }
    Ok(out)
}

/// Most times a line may be tried again from the pit it took: a chain of takes round a board
/// of at most 64 pits.
const MAX_AGAIN: u8 = 63;

/// A line of the players block that is a rule of its own, about pits named from each seat:
/// `each player's rightmost pit is their store`, `... is an end place`, `... cannot be played`.
fn seat_rule(line: Pair<'_, Rule>) -> Spanned<RuleLine> {
    let sp = span(&line);
    let rule = line.as_rule();
    if rule == Rule::plays_other {
        return Spanned::new(RuleLine::PlaysOther(PlaysOther), sp);
    }
    let mut inner = values(line);
    let pits = inner.next().expect("a pit");
    let made = match rule {
        Rule::never_played => RuleLine::NeverPlayed(values(pits).map(seat_word).collect()),
        Rule::end_place => {
            RuleLine::EndPlace(EndPlaceLine { pit: seat_pit(pits), big_stone: inner.next().is_some() })
        }
        _ => RuleLine::PitStore(seat_pit(pits)),
    };
    Spanned::new(made, sp)
}

/// `the next pit`, ... as a [`Base`].
fn base_of(pair: Pair<'_, Rule>) -> Base {
    match pair.as_rule() {
        Rule::next_place => Base::Next,
        Rule::after_next => Base::AfterNext,
        Rule::opposite_place => Base::Opposite,
        Rule::start_place => Base::Start,
        _ => Base::Last,
    }
}

struct Builder<'f> {
    file: &'f Arc<SourceFile>,
}

fn span(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    s.start()..s.end()
}

/// Keywords and punctuation carry no value: the tree builder skips them.
fn is_value(pair: &Pair<'_, Rule>) -> bool {
    !matches!(pair.as_rule(), Rule::open | Rule::close | Rule::colon | Rule::comma | Rule::EOI)
        && !format!("{:?}", pair.as_rule()).starts_with("k_")
}

fn values<'i>(pair: Pair<'i, Rule>) -> impl Iterator<Item = Pair<'i, Rule>> {
    pair.into_inner().filter(is_value)
}

/// `rightmost pit`, `4th pit`: a pit of each player's row, from their seat.
fn seat_pit(pair: Pair<'_, Rule>) -> Spanned<SeatPit> {
    seat_word(only(pair))
}

/// `rightmost`, `4th`; an ordinal too large for any board is kept as 255, which no board has.
fn seat_word(pair: Pair<'_, Rule>) -> Spanned<SeatPit> {
    let sp = span(&pair);
    let pit = match pair.as_rule() {
        Rule::seat_leftmost => SeatPit::Leftmost,
        Rule::seat_centre => SeatPit::Centre,
        Rule::seat_rightmost => SeatPit::Rightmost,
        _ => {
            let digits = pair.as_str().trim_end_matches(|c: char| c.is_ascii_alphabetic());
            SeatPit::Nth(digits.parse::<u64>().map_or(u8::MAX, |n| n.min(u8::MAX as u64) as u8))
        }
    };
    Spanned::new(pit, sp)
}

fn only<'i>(pair: Pair<'i, Rule>) -> Pair<'i, Rule> {
    values(pair).next().expect("grammar guarantees a value")
}

fn string(pair: Pair<'_, Rule>) -> Spanned<String> {
    debug_assert_eq!(pair.as_rule(), Rule::string);
    let sp = span(&pair);
    let raw = pair.into_inner().next().map_or("", |p| p.as_str());
    let mut text = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            text.extend(chars.next());
        } else {
            text.push(c);
        }
    }
    Spanned::new(text, sp)
}

impl Builder<'_> {
    fn number(&self, pair: Pair<'_, Rule>) -> Result<Number, Diagnostic> {
        debug_assert_eq!(pair.as_rule(), Rule::number);
        let sp = span(&pair);
        pair.as_str().parse::<u64>().map(|n| Spanned::new(n, sp.clone())).map_err(|_| {
            Diagnostic::error("this number is too large").at(
                self.file,
                sp,
                "far larger than any count of pits, seeds or plies",
            )
        })
    }

    /// Seed counts, as the grammar's rule `counts` writes them: `2 or more but not 4`.
    fn counts(&self, pair: Pair<'_, Rule>) -> Result<WrittenCounts, Diagnostic> {
        debug_assert_eq!(pair.as_rule(), Rule::counts);
        let sp = span(&pair);
        let mut base = CountBase::List(Vec::new());
        let mut except = Vec::new();
        for part in values(pair) {
            match part.as_rule() {
                Rule::count_list => base = CountBase::List(self.count_list(part)?),
                Rule::any_count => {
                    base = CountBase::Any;
                    if let Some(but) = values(part).next() {
                        except = self.count_list(only(but))?;
                    }
                }
                Rule::parity => {
                    let mut inner = values(part);
                    let parity = match inner.next().expect("even or odd").as_rule() {
                        Rule::odd => Parity::Odd,
                        _ => Parity::Even,
                    };
                    let within = inner.next().map(|l| self.count_list(l)).transpose()?;
                    base = CountBase::Parity(parity, within.unwrap_or_default());
                }
                Rule::but_not => except = self.count_list(only(part))?,
                r => unreachable!("not a part of counts: {r:?}"),
            }
        }
        Ok(Spanned::new(CountForm { base, except }, sp))
    }

    /// `2, 3 or 5 or more`: each item with its place.
    fn count_list(&self, pair: Pair<'_, Rule>) -> Result<Vec<Spanned<CountItem<Number>>>, Diagnostic> {
        debug_assert_eq!(pair.as_rule(), Rule::count_list);
        let mut out = Vec::new();
        for item in values(pair) {
            let sp = span(&item);
            let value = match item.as_rule() {
                Rule::number => CountItem::One(self.number(item)?),
                Rule::count_or_more => CountItem::OrMore(self.number(only(item))?),
                Rule::count_or_fewer => CountItem::OrFewer(self.number(only(item))?),
                _ => {
                    let mut ends = values(item);
                    let from = self.number(ends.next().expect("a range's first count"))?;
                    CountItem::Range(from, self.number(ends.next().expect("a range's last count"))?)
                }
            };
            out.push(Spanned::new(value, sp));
        }
        Ok(out)
    }

    /// `makes 2 or 4 in an opponent's pit`, as the capture and the relay write it: the
    /// counts, then which pits.
    fn counts_in(&self, pair: Pair<'_, Rule>) -> Result<(WrittenCounts, Where), Diagnostic> {
        let mut inner = values(pair);
        let counts = self.counts(inner.next().expect("counts"))?;
        let pits = match only(inner.next().expect("where")).as_rule() {
            Rule::opponent_pit => Where::Opponents,
            Rule::own_pit => Where::Own,
            _ => Where::Any,
        };
        Ok((counts, pits))
    }

    /// `chain backward while 2 or 4 in the opponent's pits`, as the chain line and a rule
    /// after each lap write it; with the span of `or empty` where it is written.
    fn chain_rule(&self, pair: Pair<'_, Rule>) -> Result<(ChainLine, Option<Span>), Diagnostic> {
        let mut inner = values(pair).peekable();
        let direction = match inner.next().expect("direction").as_rule() {
            Rule::backward => ChainDirection::Backward,
            _ => ChainDirection::Forward,
        };
        let counts = self.counts(inner.next().expect("counts"))?;
        let empty = inner.next_if(|p| p.as_rule() == Rule::chain_empty).map(|p| span(&p));
        let pits = match inner.next().map(|w| only(w).as_rule()) {
            Some(Rule::opponent_pits) => Where::Opponents,
            Some(Rule::own_pits) => Where::Own,
            _ => Where::Any,
        };
        Ok((ChainLine { direction, counts, pits }, empty))
    }

    /// A place: `the last pit`, `the pit behind the opposite pit`; `it` (`the pit behind it`)
    /// is `before`, the place named just before in the line.
    fn place(&self, pair: Pair<'_, Rule>, before: Option<Place>) -> Result<Place, Diagnostic> {
        let p = only(pair);
        if p.as_rule() != Rule::column_place {
            return Ok(Place::of(base_of(p)));
        }
        let mut inner = values(p.clone());
        let column = match inner.next().expect("behind or in front of").as_rule() {
            Rule::behind => Column::Behind,
            _ => Column::InFront,
        };
        let named = inner.next().expect("a place");
        if named.as_rule() != Rule::it_place {
            return Ok(Place { base: base_of(named), column });
        }
        match before {
            Some(Place { base, column: Column::Same }) => Ok(Place { base, column }),
            Some(place) => {
                Err(Diagnostic::error(format!("`it` here is {}, itself named from a column", place.words()))
                    .at(self.file, span(&named), "name the place")
                    .help("write the place in full, such as `the pit behind the opposite pit`"))
            }
            None => Err(Diagnostic::error("`it` names the place before it, and no place comes before it")
                .at(self.file, span(&named), "no place before it")
                .help("write the place in full, such as `the pit behind the opposite pit`")),
        }
    }

    /// `when ...: ...` or `after each lap[, when ...]: ...`.
    fn lap_rule(&self, pair: Pair<'_, Rule>) -> Result<LapRuleLine, Diagnostic> {
        let every_lap = pair.as_rule() == Rule::every_lap;
        let mut conditions = Vec::new();
        let mut effects = Vec::new();
        // The place named last, for `it`.
        let mut named = None;
        for part in values(pair) {
            match part.as_rule() {
                Rule::conditions => conditions = self.conditions(values(part), &mut named)?,
                _ => {
                    for e in values(part) {
                        let e = only(e);
                        // A relay the mover may replace by other effects: those follow it.
                        let instead = (e.as_rule() == Rule::relay_from)
                            .then(|| values(e.clone()).find(|p| p.as_rule() == Rule::relay_instead))
                            .flatten();
                        effects.push(self.effect(e, &mut named)?);
                        if let Some(alt) = instead {
                            let alt = values(alt)
                                .map(|x| self.effect(only(x), &mut named))
                                .collect::<Result<Vec<_>, _>>()?;
                            effects.push(Effect::Instead(alt));
                        }
                    }
                }
            }
        }
        Ok(LapRule { every_lap, conditions, effects })
    }

    /// Conditions joined with `and`, each a `condition` or a `predicate` of the grammar;
    /// `named` is the place named last, for `it`.
    fn conditions<'i>(
        &self,
        pairs: impl Iterator<Item = Pair<'i, Rule>>,
        named: &mut Option<Place>,
    ) -> Result<Vec<Condition<WrittenCounts>>, Diagnostic> {
        let mut conditions = Vec::new();
        // A predicate without a place of its own (`and is an opponent's`) speaks of the place
        // before it.
        let mut place = Place::LAST;
        for c in pairs {
            if c.as_rule() == Rule::predicate {
                conditions.push(Condition::At(place, self.predicate(c)?));
                continue;
            }
            let mut inner = values(c);
            let first = inner.next().expect("a condition");
            if first.as_rule() == Rule::board_holds {
                conditions.push(Condition::Total(Total::Board, self.counts(only(first))?));
            } else if first.as_rule() == Rule::captured_total {
                let mut parts = values(first);
                let whose = match parts.next().map(|p| p.as_rule()) {
                    Some(Rule::total_opponent) => Where::Opponents,
                    _ => Where::Own,
                };
                let counts = self.counts(parts.next().expect("counts"))?;
                conditions.push(Condition::Total(Total::Captured(whose), counts));
            } else if first.as_rule() == Rule::set_holds {
                let mut parts = values(first);
                let q = match parts.next().expect("every or no").as_rule() {
                    Rule::all_of => Quantifier::Every,
                    _ => Quantifier::No,
                };
                let pits = self.pit_set(parts.next().expect("the pits"), named)?;
                let predicate = self.predicate(parts.next().expect("a predicate"))?;
                conditions.push(Condition::Each(q, pits, predicate));
            } else if first.as_rule() == Rule::lap_lifted {
                conditions.push(Condition::Lifted(self.counts(only(first))?));
            } else if first.as_rule() == Rule::mover_claims {
                let has = only(first).as_rule() == Rule::has_one;
                conditions.push(Condition::MoverClaims(has));
            } else if first.as_rule() == Rule::row_empty_now {
                let (mut whose, mut side, mut yes) = (Where::Opponents, Side::Inner, true);
                for part in values(first) {
                    match part.as_rule() {
                        Rule::mover_row => whose = Where::Own,
                        Rule::outer => side = Side::Outer,
                        Rule::negated => yes = false,
                        _ => {}
                    }
                }
                conditions.push(Condition::RowEmpty(whose, side, yes));
            } else {
                place = self.place(first, *named)?;
                *named = Some(place);
                let predicate = self.predicate(inner.next().expect("a predicate"))?;
                conditions.push(Condition::At(place, predicate));
            }
        }
        Ok(conditions)
    }

    /// Groups of pits named from a seat, each `other_pits` or a `row_group` of the grammar (with
    /// its row, on 4 rows).
    fn row_groups<'i>(
        &self,
        pairs: impl Iterator<Item = Pair<'i, Rule>>,
    ) -> Result<Vec<(PitGroup, Option<RowPart>)>, Diagnostic> {
        let count = |g: Pair<'_, Rule>| -> Result<Option<Number>, Diagnostic> {
            values(g).next().map(|n| self.number(n)).transpose()
        };
        let mut groups = Vec::new();
        for part in pairs {
            if part.as_rule() == Rule::other_pits {
                groups.push((PitGroup::Others, None));
                continue;
            }
            let mut parts = values(part);
            let group = parts.next().expect("a group");
            let row = parts.next().map(|r| match values(r).next().map(|s| s.as_rule()) {
                Some(Rule::inner) => RowPart::Inner,
                Some(Rule::outer) => RowPart::Outer,
                _ => RowPart::Each,
            });
            let group = match group.as_rule() {
                Rule::leftmost => PitGroup::Leftmost(count(group)?),
                Rule::rightmost => PitGroup::Rightmost(count(group)?),
                Rule::centre => PitGroup::Centre,
                Rule::end_pits => PitGroup::Ends,
                _ => {
                    let nth = seat_word(only(group));
                    let n = match nth.value {
                        SeatPit::Nth(n) => n as u64,
                        _ => 0,
                    };
                    PitGroup::FromEachEnd(Spanned::new(n, nth.span))
                }
            };
            groups.push((group, row));
        }
        Ok(groups)
    }

    /// The pits of `every_pits` (`sown pit`, `pit of the opponent's`, `pit beside PLACE`);
    /// `named` is the place named last, for `it`.
    fn pit_set(&self, pair: Pair<'_, Rule>, named: &mut Option<Place>) -> Result<Pits, Diagnostic> {
        let set = only(pair);
        Ok(match set.as_rule() {
            Rule::sown_pits if set.clone().into_inner().any(|p| p.as_rule() == Rule::sown_but) => {
                Pits::SownButLast
            }
            Rule::sown_pits => Pits::Sown,
            Rule::beside_pits => {
                let p = self.place(only(set), *named)?;
                *named = Some(p);
                Pits::Beside(p)
            }
            Rule::owned_pits => {
                let mover = set.into_inner().any(|w| w.as_rule() == Rule::k_mover_s);
                Pits::Owned(if mover { Where::Own } else { Where::Opponents })
            }
            _ => Pits::Board,
        })
    }

    fn predicate(&self, pair: Pair<'_, Rule>) -> Result<Predicate<WrittenCounts>, Diagnostic> {
        let p = only(pair);
        Ok(match p.as_rule() {
            Rule::holds => Predicate::Holds(self.counts(only(p))?),
            Rule::is_empty => Predicate::Empty,
            Rule::is_occupied => Predicate::Occupied,
            Rule::is_own => Predicate::Owned(Where::Own),
            Rule::is_store => Predicate::Store(true),
            Rule::is_not_store => Predicate::Store(false),
            Rule::is_claimed
            | Rule::is_played
            | Rule::is_mirror
            | Rule::is_seat_pit
            | Rule::is_row_pit
            | Rule::is_end_place => {
                let rule = p.as_rule();
                let mut yes = true;
                let mut claimer = Claimer::Anyone;
                let mut seats = Vec::new();
                let mut row = None;
                let mut round = false;
                for part in values(p) {
                    match part.as_rule() {
                        Rule::negated => yes = false,
                        Rule::this_round => round = true,
                        Rule::inner => row = Some(crate::lang::geometry::Side::Inner),
                        Rule::outer => row = Some(crate::lang::geometry::Side::Outer),
                        Rule::by_mover => claimer = Claimer::Mover,
                        Rule::by_opponent => claimer = Claimer::Opponent,
                        Rule::seat_pits => seats = values(part).map(|w| seat_word(w).value).collect(),
                        _ => {}
                    }
                }
                match rule {
                    Rule::is_played => Predicate::Played(yes, round),
                    Rule::is_claimed => Predicate::Claimed(claimer, yes),
                    Rule::is_mirror => Predicate::Mirror(yes),
                    Rule::is_end_place => Predicate::EndPlace(yes),
                    _ => Predicate::Seat(seats, row, yes),
                }
            }
            Rule::is_in_row => {
                let (mut yes, mut whose, mut side) = (true, Where::Any, None);
                for part in values(p) {
                    match part.as_rule() {
                        Rule::negated => yes = false,
                        Rule::row_of_mover => whose = Where::Own,
                        Rule::row_of_opponent => whose = Where::Opponents,
                        Rule::inner => side = Some(Side::Inner),
                        Rule::outer => side = Some(Side::Outer),
                        _ => {}
                    }
                }
                Predicate::InRow(whose, side, yes)
            }
            _ => Predicate::Owned(Where::Opponents),
        })
    }

    /// An effect; `named` is the place named last in the line, for `it`.
    fn effect(
        &self,
        pair: Pair<'_, Rule>,
        named: &mut Option<Place>,
    ) -> Result<Effect<WrittenCounts>, Diagnostic> {
        let mut place = |p: Pair<'_, Rule>| -> Result<Place, Diagnostic> {
            let place = self.place(p, *named)?;
            *named = Some(place);
            Ok(place)
        };
        let receiver = |p: Option<Pair<'_, Rule>>| match p.map(|r| only(r).as_rule()) {
            Some(Rule::for_opponent) => Receiver::Opponent,
            Some(Rule::for_owner) => Receiver::Owner,
            Some(Rule::out_of_play) => Receiver::Nobody,
            _ => Receiver::Mover,
        };
        Ok(match pair.as_rule() {
            Rule::take_places => {
                let mut places = Vec::new();
                let mut to = None;
                for p in values(pair) {
                    match p.as_rule() {
                        Rule::place => places.push(place(p)?),
                        _ => to = Some(p),
                    }
                }
                Effect::Take(places, receiver(to))
            }
            Rule::take_every => {
                let mut inner = values(pair);
                let pits = self.pit_set(inner.next().expect("the pits"), named)?;
                let mut holding = None;
                let mut to = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::counts => holding = Some(self.counts(p)?),
                        _ => to = Some(p),
                    }
                }
                Effect::TakeEvery { pits, holding, to: receiver(to) }
            }
            Rule::take_board => {
                Effect::TakeEvery { pits: Pits::Board, holding: None, to: receiver(values(pair).next()) }
            }
            Rule::take_chosen => {
                let parts: Vec<_> = values(pair).collect();
                let declined = parts.iter().any(|p| p.as_rule() == Rule::may_decline);
                let to = parts.into_iter().find(|p| p.as_rule() == Rule::receiver);
                Effect::TakeChosen(receiver(to), declined)
            }
            Rule::relay_from => Effect::Relay(place(values(pair).next().expect("a place"))?),
            Rule::sow_taken => {
                let mut parts = values(pair).peekable();
                let them = parts.next_if(|p| p.as_rule() == Rule::sow_only).is_some();
                let at = place(parts.next().expect("a place"))?;
                let what = match parts.next() {
                    Some(own) => SownSeeds::TakenOrAll(self.counts(only(own))?),
                    None if them => SownSeeds::Taken,
                    None => SownSeeds::All,
                };
                Effect::SowTaken(at, what)
            }
            Rule::sow_end => {
                let mut seat = None;
                let mut edge = 0;
                for part in values(pair) {
                    match part.as_rule() {
                        Rule::end_seat => {
                            seat = Some(self.number(only(part))?.value.min(u8::MAX as u64) as u8);
                        }
                        Rule::number => edge = self.number(part)?.value.min(u8::MAX as u64) as u8,
                        _ => {}
                    }
                }
                Effect::SowEnd(crate::lang::lap_rule::EndRule { seat, edge })
            }
            Rule::claim => Effect::Claim(values(pair).map(place).collect::<Result<_, _>>()?),
            Rule::end_move => Effect::End,
            Rule::take_seeds => {
                let mut inner = values(pair);
                let n = self.number(inner.next().expect("a number of seeds"))?;
                let from = place(inner.next().expect("from a place"))?;
                let to = receiver(inner.next());
                let seeds = match u8::try_from(n.value) {
                    Ok(seeds @ 1..) => seeds,
                    _ => {
                        return Err(Diagnostic::error(format!(
                            "a line takes 1 to 255 seeds, not {}",
                            n.value
                        ))
                        .at(self.file, n.span, "not 1 to 255"));
                    }
                };
                Effect::TakeSeeds { seeds, from, to }
            }
            Rule::move_seeds => {
                let mut inner = values(pair);
                let n = self.number(inner.next().expect("a number of seeds"))?;
                let from = place(inner.next().expect("from a place"))?;
                let to = place(inner.next().expect("into a place"))?;
                let seeds = match u8::try_from(n.value) {
                    Ok(seeds @ 1..) => seeds,
                    _ => {
                        return Err(Diagnostic::error(format!(
                            "a line moves 1 to 255 seeds, not {}",
                            n.value
                        ))
                        .at(self.file, n.span, "not 1 to 255"));
                    }
                };
                Effect::Move { seeds, from, to }
            }
            Rule::lap_chain => {
                let mut inner = values(pair);
                let (ChainLine { direction, counts, pits }, empty) =
                    self.chain_rule(inner.next().expect("chain"))?;
                let (mut opposite, mut sown) = (false, false);
                let mut reach = ChainReach { empty: empty.is_some(), ..ChainReach::default() };
                for part in inner {
                    match part.as_rule() {
                        Rule::as_sown => sown = true,
                        Rule::chain_through => reach.through = true,
                        Rule::chain_most => {
                            let n = self.number(only(part))?;
                            reach.most = match u8::try_from(n.value) {
                                Ok(most @ 1..) => Some(most),
                                _ => {
                                    return Err(Diagnostic::error(format!(
                                        "a chain takes at most 1 to 255 pits, not {}",
                                        n.value
                                    ))
                                    .at(
                                        self.file,
                                        n.span,
                                        "not 1 to 255",
                                    ));
                                }
                            };
                        }
                        _ => opposite = true,
                    }
                }
                Effect::Chain { direction, counts, pits, opposite, sown, reach }
            }
            Rule::chain_opposite => {
                let (ChainLine { direction, counts, .. }, _) = self.chain_rule(pair)?;
                Effect::ChainOpposite { direction, counts }
            }
            _ => {
                let n = self.number(only(pair))?;
                match u8::try_from(n.value) {
                    Ok(times @ 1..=MAX_AGAIN) => Effect::Again(times),
                    _ => {
                        return Err(Diagnostic::error(format!(
                            "a line may be tried again 1 to {MAX_AGAIN} times, not {}",
                            n.value
                        ))
                        .at(self.file, n.span, "not 1 to 63"));
                    }
                }
            }
        })
    }

    fn variant(&self, pair: Pair<'_, Rule>) -> Result<VariantAst, Diagnostic> {
        let whole = span(&pair);
        let mut name = None;
        let mut extends = None;
        let mut header_end = whole.end;
        let mut about = Vec::new();
        let mut rules = Vec::new();
        let mut rulesets = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::string => name = Some(string(p)),
                Rule::extends => {
                    let mut inner = values(p);
                    let base = string(inner.next().expect("extends names a base"));
                    let ruleset = inner.next().map(|r| string(only(r)));
                    extends = Some(Extends { base, ruleset });
                }
                Rule::open => header_end = span(&p).end,
                Rule::ruleset => rulesets.push(self.ruleset(p)?),
                _ if is_value(&p) => {
                    if let Some(m) = self.meta(&p)? {
                        about.push(m);
                    } else {
                        self.item(p, &mut rules)?;
                    }
                }
                _ => {}
            }
        }
        Ok(VariantAst {
            name: name.expect("a variant has a name"),
            extends,
            header: whole.start..header_end,
            about,
            rules,
            rulesets,
        })
    }

    fn ruleset(&self, pair: Pair<'_, Rule>) -> Result<RulesetAst, Diagnostic> {
        let mut inner = values(pair);
        let name = string(inner.next().expect("a ruleset has a name"));
        let mut about = Vec::new();
        let mut rules = Vec::new();
        for p in inner {
            if let Some(m) = self.meta(&p)? {
                about.push(m);
            } else {
                self.item(p, &mut rules)?;
            }
        }
        Ok(RulesetAst { name, about, rules })
    }

    fn meta(&self, pair: &Pair<'_, Rule>) -> Result<Option<Spanned<Meta>>, Diagnostic> {
        let sp = span(pair);
        let text = |p: &Pair<'_, Rule>| string(only(p.clone())).value;
        let meta = match pair.as_rule() {
            Rule::other_names => Meta::OtherNames(values(pair.clone()).map(|s| string(s).value).collect()),
            Rule::region => Meta::Region(text(pair)),
            Rule::people => Meta::People(text(pair)),
            Rule::note => Meta::Note(text(pair)),
            Rule::documented => {
                let mut inner = values(pair.clone());
                let by = string(inner.next().expect("documented names someone")).value;
                let year = inner.next().map(|y| self.number(only(y))).transpose()?;
                Meta::Documented { by, year }
            }
            Rule::source => {
                let mut inner = values(pair.clone());
                let title = string(inner.next().expect("a source has a title")).value;
                let url = inner.next().map(|u| string(only(u)).value);
                Meta::Source { title, url }
            }
            _ => return Ok(None),
        };
        Ok(Some(Spanned::new(meta, sp)))
    }

    /// The rule lines of a line or block, added to `out` in order.
    fn item(&self, pair: Pair<'_, Rule>, out: &mut Vec<Spanned<RuleLine>>) -> Result<(), Diagnostic> {
        let sp = span(&pair);
        match pair.as_rule() {
            Rule::board => {
                let mut inner = values(pair);
                let rows = self.number(inner.next().expect("rows"))?;
                let pits_per_row = self.number(inner.next().expect("pits"))?;
                let stores = inner.next().expect("stores").as_rule() == Rule::store_each;
                out.push(Spanned::new(RuleLine::Board(BoardLine { rows, pits_per_row, stores }), sp));
            }
            Rule::seeds => {
                let form = only(pair);
                let line = match form.as_rule() {
                    Rule::seeds_each => SeedsLine::Each(self.number(only(form))?),
                    Rule::seeds_hand => {
                        let mut inner = values(form);
                        let first = inner.next().expect("seeds");
                        match inner.next() {
                            // `seeds 72 in player 1's hand`
                            Some(who) => SeedsLine::PlayerHand(self.number(only(who))?, self.number(first)?),
                            None => SeedsLine::Hand(self.number(first)?),
                        }
                    }
                    _ => {
                        // `..., and 22 in each player's hand`: the last part, if written.
                        let hand = match values(form.clone()).last() {
                            Some(h) if h.as_rule() == Rule::listed_hand => Some(self.number(only(h))?),
                            _ => None,
                        };
                        let counts = values(form).filter(|p| p.as_rule() == Rule::number);
                        SeedsLine::Listed(counts.map(|n| self.number(n)).collect::<Result<_, _>>()?, hand)
                    }
                };
                out.push(Spanned::new(RuleLine::Seeds(line), sp));
            }
            Rule::players => {
                let first = pair.clone().into_inner().next().expect("a block starts with its keyword");
                let keyword = span(&first);
                let mut inner = values(pair);
                let count = self.number(inner.next().expect("player count"))?;
                // A store on the circuit is a rule of its own, stated in the players block.
                let (stores, lines): (Vec<_>, Vec<_>) = inner.partition(|l| {
                    matches!(
                        l.as_rule(),
                        Rule::pit_store | Rule::end_place | Rule::never_played | Rule::plays_other
                    )
                });
                let lines = lines.into_iter().map(|l| self.player_line(l)).collect::<Result<_, _>>()?;
                let block = PlayersBlock { keyword: keyword.clone(), count, lines, span: sp };
                out.push(Spanned::new(RuleLine::Players(block), keyword));
                out.extend(stores.into_iter().map(seat_rule));
            }
            Rule::pit_store | Rule::end_place | Rule::never_played | Rule::plays_other => {
                out.push(seat_rule(pair))
            }
            Rule::sowing
            | Rule::turns
            | Rule::capture
            | Rule::end
            | Rule::opening_block
            | Rule::claims
            | Rule::rounds => {
                for line in values(pair) {
                    let sp = span(&line);
                    for rule in self.block_line(line)? {
                        out.push(Spanned::new(rule, sp.clone()));
                    }
                }
            }
            r => unreachable!("not a rule item: {r:?}"),
        }
        Ok(())
    }

    fn player_line(&self, pair: Pair<'_, Rule>) -> Result<Spanned<PlayerLine>, Diagnostic> {
        let sp = span(&pair);
        let rule = pair.as_rule();
        let mut inner = values(pair);
        let player = self.number(inner.next().expect("a player number"))?;
        let line = if rule == Rule::starts {
            PlayerLine::Starts { player }
        } else {
            let what = inner.next().expect("what the player owns");
            let pits = if matches!(what.as_rule(), Rule::row | Rule::two_rows | Rule::row_and_half) {
                let form = what.as_rule();
                let row = if only(what).as_rule() == Rule::south { Row::South } else { Row::North };
                match form {
                    Rule::two_rows => Ownership::TwoRows(row),
                    Rule::row_and_half => Ownership::RowAndHalf(row),
                    _ => Ownership::Row(row),
                }
            } else {
                let mut ranges = Vec::new();
                for r in values(what) {
                    let mut ends = values(r);
                    let from = self.number(ends.next().expect("a pit"))?;
                    let to = ends.next().map(|n| self.number(n)).transpose()?;
                    ranges.push((from, to));
                }
                Ownership::Pits(ranges)
            };
            PlayerLine::Owns { player, pits }
        };
        Ok(Spanned::new(line, sp))
    }

    /// A line of a sowing, capture or end block: one rule, or two for `capture { none }`.
    fn block_line(&self, pair: Pair<'_, Rule>) -> Result<Vec<RuleLine>, Diagnostic> {
        let one = match pair.as_rule() {
            Rule::direction => RuleLine::Direction(match only(pair).as_rule() {
                Rule::clockwise => DirectionLine::All(Direction::Clockwise),
                Rule::either_way => DirectionLine::Either,
                _ => DirectionLine::All(Direction::CounterClockwise),
            }),
            Rule::by_pit => {
                let mut lines = Vec::new();
                for line in values(pair) {
                    let sp = span(&line);
                    let mut inner = values(line);
                    let groups = self.row_groups(values(inner.next().expect("pits")))?;
                    let way = match only(inner.next().expect("way")).as_rule() {
                        Rule::clockwise => Way::Only(Direction::Clockwise),
                        Rule::counter_clockwise => Way::Only(Direction::CounterClockwise),
                        _ => Way::Either,
                    };
                    lines.push(Spanned::new(PitWay { groups, way }, sp));
                }
                RuleLine::Direction(DirectionLine::ByPit(lines))
            }
            Rule::opening => RuleLine::Opening(match only(pair).as_rule() {
                Rule::emptied_pit => Opening::EmptiedPit,
                _ => Opening::NextPit,
            }),
            Rule::single_seed => RuleLine::SingleSeed(SingleSeed),
            Rule::claim_unplayable => {
                RuleLine::ClaimUnplayable(ClaimUnplayable(values(pair).next().is_some()))
            }
            Rule::claim_round => RuleLine::ClaimRound(ClaimRound),
            Rule::claim_seeds => RuleLine::ClaimSeeds(match only(pair).as_rule() {
                Rule::claim_after_lap => ClaimSeeds::AfterLap,
                Rule::claim_after_move => ClaimSeeds::AfterMove,
                Rule::claim_at_round => ClaimSeeds::AtRoundEnd,
                _ => ClaimSeeds::AtEnd,
            }),
            Rule::first_move_from => {
                let sp = span(&pair);
                let mut inner = values(pair);
                let who = inner.next().expect("whose first move");
                let player = match who.as_rule() {
                    Rule::one_player => Some(self.number(only(who))?),
                    _ => None,
                };
                let mut from = inner.next().expect("where from");
                let mut of_match = None;
                if from.as_rule() == Rule::first_of_match {
                    of_match = Some(span(&from));
                    from = inner.next().expect("where from");
                }
                let from = match from.as_rule() {
                    Rule::first_pit => FirstFrom::Pit(self.number(only(from))?),
                    Rule::first_group => FirstFrom::Pits(self.row_groups(values(from))?),
                    _ => FirstFrom::Side { rightmost: only(from).as_rule() == Rule::first_rightmost },
                };
                RuleLine::FirstMoves(vec![Spanned::new(FirstMoveLine { player, of_match, from }, sp)])
            }
            Rule::laps => RuleLine::Laps(match only(pair).as_rule() {
                Rule::laps_skip => Laps::SkipOrigin,
                _ => Laps::SowOrigin,
            }),
            Rule::lap_count => RuleLine::LapCount(LapCount::Single),
            Rule::min_seeds => RuleLine::MinSeeds(self.number(only(pair))?),
            Rule::store_sowing => RuleLine::StoreSowing(match only(pair).as_rule() {
                Rule::own_store => StoreSowing::Own,
                Rule::both_stores => StoreSowing::Both,
                _ => StoreSowing::Neither,
            }),
            Rule::relay => RuleLine::Relay({
                let when = only(pair);
                if when.as_rule() == Rule::relay_occupied {
                    RelayLine::Occupied
                } else {
                    let (counts, pits) = self.counts_in(when)?;
                    RelayLine::Makes { counts, pits }
                }
            }),
            Rule::capture_start => RuleLine::CaptureStart({
                let which = only(pair);
                let plies = match which.as_rule() {
                    Rule::first_moves => self.number(only(which))?,
                    _ => Spanned::new(1, span(&which)),
                };
                CaptureStart { plies }
            }),
            Rule::extra_turn => RuleLine::ExtraTurn(ExtraTurn),
            Rule::must_feed => RuleLine::MustFeed(MustFeed),
            Rule::lap_feeds => RuleLine::LapFeeds(match only(pair).as_rule() {
                Rule::feeds_each => LapFeeds::EachLap,
                _ => LapFeeds::FirstLap,
            }),
            Rule::leaves_a_move => RuleLine::LeavesMove(LeavesMove),
            Rule::store_move => {
                let mut inner = values(pair);
                let holds = self.counts(inner.next().expect("the store's counts"))?;
                let (mut skip_stores, mut take) = (false, None);
                for part in inner {
                    match part.as_rule() {
                        Rule::skipping_stores => skip_stores = true,
                        _ => take = Some(self.counts(only(part))?),
                    }
                }
                RuleLine::StoreMove(StoreMoveLine { holds, skip_stores, take })
            }
            Rule::hand_sowing => {
                let mut inner = values(pair);
                let into = inner.next().expect("from or into").as_rule() == Rule::hand_into;
                let pit = seat_pit(inner.next().expect("the pit"));
                RuleLine::HandSowing(HandSowingLine { pit, into })
            }
            Rule::only_if_captures => {
                let mut inner = values(pair);
                let clockwise = only(inner.next().expect("a direction")).as_rule() == Rule::clockwise;
                let test = inner.next().expect("the test");
                let before = match test.as_rule() {
                    Rule::holds_before => Some(self.conditions(values(only(test)), &mut None)?),
                    _ => None,
                };
                let later = inner.next().is_some();
                RuleLine::OnlyIfCaptures(OnlyIfCaptures { clockwise, before, later })
            }
            Rule::relay_as_move => RuleLine::RelayAsMove(RelayAsMove),
            Rule::relay_decline => RuleLine::RelayDecline(self.row_groups(values(pair))?),
            Rule::one_seed => {
                let (mut unless, mut next_empty, mut ends) = (None, false, false);
                for part in values(pair) {
                    match part.as_rule() {
                        Rule::no_pit_holds => unless = Some(self.counts(only(part))?),
                        Rule::next_empty => next_empty = true,
                        _ => ends = true,
                    }
                }
                RuleLine::OneSeed(OneSeedLine { unless, next_empty, ends })
            }
            Rule::seat_only => {
                let mut inner = values(pair);
                let pit = seat_pit(inner.next().expect("the pit")).value;
                let counts = self.counts(inner.next().expect("the counts"))?;
                RuleLine::SeatOnly(SeatOnlyLine { pit, counts })
            }
            Rule::must_play => {
                let mut parts = values(pair).peekable();
                let way = parts.next_if(|p| p.as_rule() == Rule::move_way).map(|w| {
                    if only(w).as_rule() == Rule::clockwise {
                        Direction::Clockwise
                    } else {
                        Direction::CounterClockwise
                    }
                });
                // `whose last pit ...`: the first predicate speaks of the last pit; the line ends
                // with what becomes of the moves that pass the test.
                let mut parts: Vec<_> = parts.collect();
                let never = parts.pop().is_some_and(|p| p.as_rule() == Rule::may_not_be);
                let conditions = self.conditions(parts.into_iter(), &mut Some(Place::LAST))?;
                if never {
                    RuleLine::NeverPlay(MustPlayLine { way, conditions })
                } else {
                    RuleLine::MustPlay(MustPlayLine { way, conditions })
                }
            }
            // `a player whose pits are all empty loses` is `game over when a player's pits are
            // all empty: they lose`, its outcome the whole line.
            Rule::empty_loses => {
                let sp = span(&pair);
                match values(pair).next() {
                    Some(_) => RuleLine::EmptyLoses(EmptyLoses { inner: true }),
                    None => RuleLine::SideEmpty(Ending {
                        outcome: Some(Spanned::new(EndOutcome::Lose, sp)),
                        after_lap: false,
                    }),
                }
            }
            Rule::place_hand => {
                use crate::lang::geometry::Side;
                let target = only(pair);
                let row = match target.as_rule() {
                    Rule::place_row => Some(match only(target).as_rule() {
                        Rule::inner => Side::Inner,
                        _ => Side::Outer,
                    }),
                    _ => None,
                };
                RuleLine::PlaceHand(PlaceHand { row })
            }
            Rule::keep_way => RuleLine::KeepWay(match only(pair).as_rule() {
                Rule::keep_each => KeepWay::Each,
                _ => KeepWay::Both,
            }),
            Rule::opening_move => {
                let sp = span(&pair);
                let mut inner = values(pair).peekable();
                let who = match inner.next_if(|p| p.as_rule() == Rule::one_player) {
                    Some(p) => Some(self.number(only(p))?),
                    None => None,
                };
                let first = inner.next().expect("how many moves");
                let (moves, mut pits) = if first.as_rule() == Rule::number {
                    (self.number(first)?, inner.next().expect("the pits"))
                } else {
                    (Spanned::new(1, span(&first)), first)
                };
                // `sow 2 seeds of ...`: the seeds the move sows.
                let seeds = if pits.as_rule() == Rule::sown_seeds {
                    let n = self.number(only(pits))?;
                    pits = inner.next().expect("the pits");
                    Some(n)
                } else {
                    None
                };
                // `a pit of theirs`: none named, any of theirs; `the opponent's ... pit`: theirs.
                let opponent = pits.as_rule() == Rule::opponent_seat;
                let from = match pits.as_rule() {
                    Rule::any_own_pit => Vec::new(),
                    Rule::opponent_seat => values(only(pits)).map(seat_word).collect(),
                    _ => values(pits).map(seat_word).collect(),
                };
                // Nothing after the pits: `sow the seeds of ...`, sown as the variant sows.
                let mut relay = None;
                let to = match inner.next() {
                    None => Target::Sow { single: false },
                    Some(t) if t.as_rule() == Rule::sown_relay => {
                        relay = Some(self.place(only(t), None)?);
                        Target::Sow { single: false }
                    }
                    Some(t) if t.as_rule() == Rule::sown_lap => Target::Sow { single: true },
                    Some(t) if t.as_rule() == Rule::their_store => Target::Store,
                    Some(t) if t.as_rule() == Rule::their_hand => Target::Hand,
                    Some(t) if t.as_rule() == Rule::next_pit => Target::Next,
                    Some(t) if t.as_rule() == Rule::spread_drops => Target::Spread,
                    Some(t) => Target::Pit(seat_pit(t).value),
                };
                RuleLine::OpeningMoves(vec![Spanned::new(
                    OpeningLine { who, moves, from, opponent, to, seeds, relay },
                    sp,
                )])
            }
            Rule::opening_turns => {
                let mut order = Vec::new();
                let (mut holds, mut to, mut first) = (None, Receiver::Mover, None);
                for p in values(pair) {
                    match p.as_rule() {
                        Rule::turn_order => {
                            for t in values(p) {
                                order.push(self.number(only(t))?);
                            }
                        }
                        Rule::counted_pit => holds = Some(self.counts(only(p))?),
                        Rule::receiver => {
                            to = match only(p).as_rule() {
                                Rule::for_opponent => Receiver::Opponent,
                                Rule::for_owner => Receiver::Owner,
                                Rule::out_of_play => Receiver::Nobody,
                                _ => Receiver::Mover,
                            }
                        }
                        Rule::turn_player => first = Some(self.number(only(p))?),
                        _ => {}
                    }
                }
                let first = first.expect("who moves first");
                RuleLine::TakeOpening(TakeOpeningLine { order, holds, to, first })
            }
            // Nothing is captured, so there is no chain either.
            Rule::capture_none => {
                return Ok(vec![RuleLine::Landing(None), RuleLine::Chain(None), RuleLine::Opposite(None)]);
            }
            Rule::opposite => {
                let mut inner = values(pair);
                let pits = match only(inner.next().expect("which empty pit")).as_rule() {
                    Rule::own_empty => Where::Own,
                    _ => Where::Any,
                };
                let take = inner.next().expect("what is taken");
                let take_last = take.as_rule() == Rule::take_both;
                let even_if_empty = values(take).any(|p| p.as_rule() == Rule::even_if_empty);
                RuleLine::Opposite(Some(OppositeLine { pits, take_last, even_if_empty }))
            }
            Rule::grand_slam => RuleLine::GrandSlam(match only(pair).as_rule() {
                Rule::slam_nothing => GrandSlam::NoCapture,
                Rule::slam_illegal => GrandSlam::NotAllowed,
                _ => GrandSlam::Take,
            }),
            Rule::ending => {
                let line_span = span(&pair);
                let parts: Vec<_> = values(pair).collect();
                let which = parts[0].clone();
                let after_lap = parts.iter().find(|p| p.as_rule() == Rule::after_lap);
                // `: they win`: the outcome, underlined without its colon.
                let outcome = parts.iter().find(|p| p.as_rule() == Rule::end_outcome).map(|o| {
                    let o = only(o.clone());
                    let outcome = match o.as_rule() {
                        Rule::they_win => EndOutcome::Win,
                        Rule::they_lose => EndOutcome::Lose,
                        _ => EndOutcome::Draw,
                    };
                    Spanned::new(outcome, span(&o))
                });
                if which.as_rule() == Rule::end_conditions {
                    let conditions = self.conditions(values(only(which)), &mut None)?;
                    // `the board holds 0 or 1 seeds` alone, after each move: the line it always was.
                    if let ([Condition::Total(Total::Board, counts)], None) = (&conditions[..], after_lap) {
                        return Ok(vec![RuleLine::BoardSeeds(BoardEnding {
                            counts: counts.clone(),
                            outcome,
                        })]);
                    }
                    let line = GameEndLine { conditions, after_lap: after_lap.is_some(), outcome };
                    return Ok(vec![RuleLine::EndRules(vec![Spanned::new(line, line_span)])]);
                }
                if let Some(lap) = after_lap.filter(|_| which.as_rule() != Rule::side_empty) {
                    return Err(Diagnostic::error("this ending is looked at after each move only")
                        .at(self.file, span(lap), "not after each lap")
                        .help(
                            "an ending written as conditions, or `a player's pits are all empty`, may be looked \
                             at after each lap: `game over when the board holds 1 seed, after each lap`",
                        ));
                }
                let ending = Ending { outcome: outcome.clone(), after_lap: after_lap.is_some() };
                match which.as_rule() {
                    Rule::side_empty => RuleLine::SideEmpty(ending),
                    Rule::unclaimed_empty => RuleLine::UnclaimedEmpty(ending),
                    Rule::majority => RuleLine::Majority(ending),
                    Rule::no_big_stone => RuleLine::NoStoneEnd(NoStoneEnd { outcome }),
                    Rule::nobody_moves => RuleLine::NobodyMoves(ending),
                    _ => RuleLine::Repetition(ending),
                }
            }
            Rule::landing => {
                let (counts, pits) = self.counts_in(pair)?;
                RuleLine::Landing(Some(LandingLine { counts, pits }))
            }
            Rule::chain => {
                let rule = only(pair);
                if rule.as_rule() == Rule::no_chain {
                    return Ok(vec![RuleLine::Chain(None)]);
                }
                let (line, empty) = self.chain_rule(rule)?;
                if let Some(at) = empty {
                    return Err(Diagnostic::error("the chain line takes pits that hold seeds: `or empty` is for a chain in a `when` line")
                        .at(self.file, at, "not in the chain line")
                        .help("write the capture as a `when` line: `when the last pit holds 2 or 4: take the last pit, then chain forward while 2, 4 or empty`"));
                }
                RuleLine::Chain(Some(line))
            }
            Rule::no_move => RuleLine::NoMove(match only(pair).as_rule() {
                Rule::pass => NoMove::Pass,
                Rule::lose => NoMove::Lose,
                Rule::pass_then_lose => NoMove::PassThenLose,
                _ => NoMove::GameOver,
            }),
            Rule::leftovers => RuleLine::Leftovers(match only(pair).as_rule() {
                Rule::to_owner => Leftovers::Owner,
                Rule::to_last_mover => Leftovers::LastMover,
                Rule::to_not_run_out => Leftovers::NotRunOut,
                _ => Leftovers::Nobody,
            }),
            Rule::ply_limit => RuleLine::PlyLimit(self.number(only(pair))?),
            Rule::stone_worth => RuleLine::StoneWorth(StoneWorth(self.number(only(pair))?)),
            Rule::hand_refill => {
                let mut inner = values(pair);
                let after_each_lap = inner.next().expect("when").as_rule() == Rule::refill_lap;
                let seeds = self.number(inner.next().expect("seeds"))?;
                RuleLine::HandRefill(HandRefillLine { after_each_lap, seeds })
            }
            Rule::winner => RuleLine::Winner(Winner::MostCaptured),
            Rule::lap_rule => {
                let sp = span(&pair);
                RuleLine::LapRules(vec![Spanned::new(self.lap_rule(only(pair))?, sp)])
            }
            Rule::setup => RuleLine::Setup(SetupLine { seeds: self.number(only(pair))? }),
            Rule::distribute => RuleLine::Distribute(Distribute { facing: values(pair).next().is_some() }),
            Rule::swap_choice => RuleLine::SwapChoice(SwapChoice { points: values(pair).next().is_some() }),
            Rule::feed_one => {
                let mut inner = values(pair);
                let seeds = self.number(inner.next().expect("seeds"))?;
                let pit = seat_pit(inner.next().expect("the pit"));
                RuleLine::FeedOne(FeedOneLine { seeds, pit })
            }
            Rule::rearrange => {
                let mut pass = Vec::new();
                for part in values(pair) {
                    if part.as_rule() == Rule::pass_most {
                        let (group, row) = self.row_groups(values(part))?.remove(0);
                        pass.push(PassWhen::Most(group, row));
                    } else {
                        let mut inner = values(part);
                        let row = match inner.next().expect("a row").as_rule() {
                            Rule::inner => RowPart::Inner,
                            _ => RowPart::Outer,
                        };
                        pass.push(PassWhen::Each(row, self.counts(inner.next().expect("counts"))?));
                    }
                }
                RuleLine::Rearrange(RearrangeLine { pass })
            }
            Rule::stages_line => {
                let mut inner = values(pair);
                let until = self.counts(inner.next().expect("counts"))?;
                let from = self.counts(inner.next().expect("counts"))?;
                RuleLine::Stages(StagesLine { until, from, most: inner.next().is_some() })
            }
            Rule::round_score => RuleLine::RoundScore(RoundScore),
            Rule::setup_again => RuleLine::SetupAgain(SetupAgain),
            Rule::round_begin => RuleLine::RoundBegin(RoundBegin),
            Rule::fill_first => {
                RuleLine::FillFirst(FillFirst(values(pair).next().map(|n| self.number(n)).transpose()?))
            }
            Rule::round_over
            | Rule::round_take
            | Rule::refill
            | Rule::refill_fewer
            | Rule::copy_fill
            | Rule::fill_beyond
            | Rule::fill_owner
            | Rule::fill_on
            | Rule::top_up
            | Rule::pool
            | Rule::both_filled
            | Rule::short_fill
            | Rule::stones_back
            | Rule::unfilled
            | Rule::match_end => self.rounds_line(pair)?,
            r => unreachable!("not a block line: {r:?}"),
        };
        Ok(vec![one])
    }

    /// A line of a `rounds` block.
    /// A player of a rule for two players (`player 2`), 0-based; any other number is refused
    /// at the number, with `label`.
    fn player_of_two(&self, pair: Pair<'_, Rule>, label: &str) -> Result<u8, Diagnostic> {
        let n = self.number(pair)?;
        if !(1..=2).contains(&n.value) {
            return Err(
                Diagnostic::error(format!("there is no player {}", n.value)).at(self.file, n.span, label)
            );
        }
        Ok(n.value as u8 - 1)
    }

    /// `player 2 on a tie` or `drawn at random on a tie`.
    fn tie(&self, pair: Pair<'_, Rule>) -> Result<TieLine, Diagnostic> {
        let who = only(pair);
        Ok(match who.as_rule() {
            Rule::tie_drawn => TieLine::Drawn,
            _ => TieLine::Player(self.number(who)?),
        })
    }

    fn rounds_line(&self, pair: Pair<'_, Rule>) -> Result<RuleLine, Diagnostic> {
        Ok(match pair.as_rule() {
            Rule::round_over => {
                let which = only(pair);
                match which.as_rule() {
                    Rule::nobody_moves => RuleLine::RoundOver(RoundOver {
                        when: RoundEnd::NobodyCanMove,
                        after_each_lap: false,
                    }),
                    Rule::none_in_play => RuleLine::RoundOver(RoundOver {
                        when: RoundEnd::NoneInPlay,
                        after_each_lap: values(which).next().is_some(),
                    }),
                    Rule::mover_row_empty => RuleLine::RoundOver(RoundOver {
                        when: RoundEnd::MoverRowEmpty,
                        after_each_lap: values(which).next().is_some(),
                    }),
                    Rule::no_big_stone => {
                        RuleLine::RoundOver(RoundOver { when: RoundEnd::NoBigStone, after_each_lap: false })
                    }
                    Rule::board_empty => {
                        RuleLine::RoundOver(RoundOver { when: RoundEnd::BoardEmpty, after_each_lap: false })
                    }
                    Rule::board_at_most => {
                        let mut inner = values(which);
                        let n = self.number(inner.next().expect("a number of seeds"))?;
                        if n.value > u16::MAX as u64 {
                            return Err(Diagnostic::error(format!("a board of {} seeds", n.value)).at(
                                self.file,
                                n.span,
                                "no board holds that many",
                            ));
                        }
                        RuleLine::RoundOver(RoundOver {
                            when: RoundEnd::BoardAtMost(n.value as u16),
                            after_each_lap: inner.next().is_some(),
                        })
                    }
                    Rule::all_claimed => {
                        RuleLine::RoundOver(RoundOver { when: RoundEnd::AllClaimed, after_each_lap: false })
                    }
                    Rule::pits_empty => {
                        RuleLine::RoundOver(RoundOver { when: RoundEnd::PitsEmpty, after_each_lap: false })
                    }
                    _ => RuleLine::RoundOver(RoundOver {
                        when: RoundEnd::RowEmpty,
                        after_each_lap: values(which).next().is_some(),
                    }),
                }
            }
            Rule::round_take => RuleLine::RoundTake(match values(pair).next() {
                Some(p) if p.as_rule() == Rule::take_row => RoundTake::Row,
                Some(p) if p.as_rule() == Rule::take_split => RoundTake::OwnSplit {
                    odd: self.player_of_two(only(p), "a shared pit is shared by players 1 and 2")?,
                },
                Some(p) if p.as_rule() == Rule::take_all => RoundTake::AllToNext,
                Some(p) if p.as_rule() == Rule::board_to => {
                    RoundTake::BoardTo(self.player_of_two(only(p), "rounds are for players 1 and 2")?)
                }
                _ => RoundTake::OwnPits,
            }),
            Rule::fill_beyond => RuleLine::FillBeyond(match values(pair).next() {
                Some(p) if p.as_rule() == Rule::beyond_other => FillBeyond::OtherRow,
                Some(p) if p.as_rule() == Rule::beyond_pits => FillBeyond::OtherPits,
                _ => FillBeyond::AnyEmpty,
            }),
            Rule::fill_on => RuleLine::FillOn(FillOn(self.number(only(pair))?)),
            Rule::top_up => {
                let mut inner = values(pair);
                let n = self.number(inner.next().expect("a number of seeds"))?;
                RuleLine::TopUp(TopUp(n, inner.next().is_some()))
            }
            Rule::stones_back => RuleLine::StonesBack(StonesBack),
            Rule::short_fill => {
                RuleLine::ShortFill(ShortFill(values(pair).next().map(|n| self.number(n)).transpose()?))
            }
            Rule::pool => RuleLine::Pool(Pool(self.tie(only(pair))?)),
            Rule::both_filled => RuleLine::BothFilled(BothFilled(self.tie(only(pair))?)),
            Rule::fill_owner => RuleLine::FillOwner(FillOwner),
            Rule::refill => {
                let mut inner = values(pair);
                let order = match inner.next().expect("which pit").as_rule() {
                    Rule::fill_choice => FillOrder::Choice,
                    Rule::fill_rightmost => FillOrder::Rightmost,
                    _ => FillOrder::Leftmost,
                };
                RuleLine::Refill(RefillLine {
                    order,
                    seeds: self.number(inner.next().expect("seeds"))?,
                    fewer_tie: None,
                })
            }
            // One seed at a time, into any pit of the placer's.
            Rule::refill_fewer => {
                let tie = self.number(only(pair))?;
                let one = Number { value: 1, span: tie.span.clone() };
                RuleLine::Refill(RefillLine { order: FillOrder::AnyPit, seeds: one, fewer_tie: Some(tie) })
            }
            Rule::copy_fill => RuleLine::CopyFill(CopyFill),
            Rule::unfilled => {
                let how = only(pair);
                RuleLine::Unfilled(match how.as_rule() {
                    Rule::stay_in_play => Unfilled::InPlay,
                    Rule::sown_unplayed => Unfilled::Unplayable,
                    _ if only(how).as_rule() == Rule::for_good => Unfilled::ForGood,
                    _ => Unfilled::ForRound,
                })
            }
            _ => {
                let who = values(pair).next().expect("who loses");
                RuleLine::MatchEnd(match who.as_rule() {
                    Rule::no_pit_left => MatchEnd::NoPitInPlay,
                    Rule::no_seeds_left => MatchEnd::NoSeeds,
                    Rule::held_at_most => {
                        let n = self.number(values(who).next().expect("a count"))?.value;
                        MatchEnd::HeldAtMost(n.min(u16::MAX as u64) as u16)
                    }
                    Rule::owns_at_most => match values(who).next() {
                        Some(n) if n.as_rule() == Rule::number => {
                            MatchEnd::OwnsAtMost(self.number(n)?.value.min(u8::MAX as u64) as u8)
                        }
                        _ => MatchEnd::OwnsAtMost(0),
                    },
                    Rule::points_win => {
                        let n = self.number(values(who).next().expect("a count"))?.value;
                        MatchEnd::Points(n.min(u16::MAX as u64) as u16)
                    }
                    Rule::mover_all_but => {
                        let n = self.number(values(who).next().expect("a count"))?.value;
                        MatchEnd::MoverAllBut(n.min(u16::MAX as u64) as u16)
                    }
                    _ => MatchEnd::CannotFill,
                })
            }
        })
    }
}

// ------------------------------------------------------------------------------------------------
// Syntax errors

/// What a grammar rule means to a user, in the list of what was expected.
fn expected_phrases(rule: Rule) -> Vec<String> {
    let name = format!("{rule:?}");
    if let Some(word) = name.strip_prefix("k_") {
        let word = match word {
            "counter_clockwise" => "counter-clockwise",
            "opponent_s" => "opponent's",
            "owner_s" => "owner's",
            "mover_s" => "mover's",
            "pit_s" => "pit's",
            "player_s" => "player's",
            w => w,
        };
        return vec![format!("`{word}`")];
    }
    let phrase = match rule {
        Rule::direction => {
            return vec![
                "`counter-clockwise`".into(),
                "`clockwise`".into(),
                "`either way, as the mover chooses`".into(),
            ];
        }
        Rule::number => "a number",
        Rule::string | Rule::string_text => "text in double quotes",
        Rule::open => "`{`",
        Rule::close => "`}`",
        Rule::colon => "`:`",
        Rule::comma => "`,`",
        Rule::EOI => "the end of the file",
        Rule::rule_line => "a rule such as `seeds 4 in each pit` or `first seed into the next pit`",
        Rule::variant => "`variant`",
        Rule::counts | Rule::count_list => "seed counts such as `2 or 4`, `2 or more` or `an even count`",
        Rule::any_count => "`any count`",
        Rule::parity => return vec!["`an even count`".into(), "`an odd count`".into()],
        Rule::any_but | Rule::but_not => "`but not`",
        Rule::count_range | Rule::count_or_more | Rule::count_or_fewer => "a number",
        Rule::chain => return vec!["`chain`".into(), "`no chain`".into()],
        Rule::tie => return vec!["`player 2 on a tie`".into(), "`drawn at random on a tie`".into()],
        Rule::capture_none => "`none`",
        Rule::by_pit => "`direction by pit, from each player's seat { ... }`",
        Rule::pit_way | Rule::pit_group => "pits and their direction, such as `the leftmost pit: clockwise`",
        Rule::way => {
            return vec![
                "`clockwise`".into(),
                "`counter-clockwise`".into(),
                "`either way, as the mover chooses`".into(),
            ];
        }
        Rule::relay => "`relay when the last seed ...`",
        Rule::seat_pits | Rule::seat_pit => {
            "a pit named from the player's seat, such as `4th pit` or `rightmost pit`"
        }
        Rule::any_own_pit => "`a pit of theirs`",
        Rule::spread_drops => "`, one or more into each pit, as the mover chooses`",
        Rule::sown_lap => "`, in a single lap`",
        Rule::sown_relay => "`, relaying from the next pit while it is occupied`",
        Rule::opening_move => "`each player's first move: ...` or `player 1's first move: ...`",
        Rule::opponent_seat => "`the opponent's 6th pit`",
        Rule::instead_effect => "a take, a claim or a move of seeds, such as `take the opposite pit`",
        Rule::relay_instead => "`or, as the mover chooses, ...`",
        Rule::row_of_mover | Rule::row_of_opponent => {
            return vec!["`the mover's row`".into(), "`an opponent's row`".into()];
        }
        Rule::sown_but => "`but the last`",
        Rule::sown_seeds => "a number of seeds, such as `2 seeds`",
        Rule::leaves_a_move => "`a move must leave the opponent a move`",
        Rule::capture_start => "`no capture on the first move of the game`",
        Rule::lap_rule => return vec!["`when ...: ...`".into(), "`after each lap: ...`".into()],
        Rule::when_rule => "`when ...: ...`",
        Rule::every_lap => "`after each lap: ...`",
        Rule::after_lap => "`, after each lap`",
        Rule::place | Rule::column_place => {
            "a place such as `the last pit`, `the next pit`, `the opposite pit` or `the pit behind the last pit`"
        }
        Rule::predicate => {
            "`holds ...`, `is empty`, `is occupied`, `is the mover's own` or `is an opponent's`"
        }
        Rule::condition => "a condition such as `the next pit is empty`",
        Rule::effect => {
            "`take ...`, `relay from ...`, `chain ...`, `again from the pit taken, ...`, `claim ...` or `move ...`"
        }
        Rule::every_pits => {
            return vec![
                "`sown pit`".into(),
                "`pit`".into(),
                "`pit of the mover's`".into(),
                "`pit of the opponent's`".into(),
                "`pit beside PLACE`".into(),
            ];
        }
        Rule::receiver => "`for the opponent`, `for its owner`, `for the mover` or `out of play`",
        Rule::move_way => return vec!["`clockwise`".into(), "`counter-clockwise`".into()],
        Rule::empty_pit => return vec!["`an empty pit of the mover's own`".into(), "`any empty pit`".into()],
        Rule::ordinal => "an ordinal such as `4th`",
        Rule::row_group | Rule::first_group => {
            "pits named from the seat, such as `the leftmost pit`, `the 2 rightmost pits` or `the end pits`"
        }
        Rule::as_sown => "`, counted as the sowing left them`",
        Rule::even_if_empty => "`, even if that is empty`",
        Rule::listed_hand => "`, and N in each player's hand`",
        Rule::may_decline => "`, which the mover may decline`",
        Rule::move_ends => "`, and then the move ends`",
        Rule::not_first => "`, and not in a player's first move`",
        Rule::own_too => "`, with its own seeds when it holds ...`",
        Rule::stage_most => "`, then one move from a pit holding the most seeds`",
        Rule::take_split => "`, a shared pit split with the odd seed to player N`",
        Rule::with_opposite => "`, each with the opposite pit`",
        Rule::chain_empty => "`or empty`",
        Rule::chain_most => "`, at most N pits`",
        Rule::chain_through => "`, through the pit the lap started from`",
        Rule::this_round => "`this round`",
        // Lines whose first words are one of several: each beginning.
        Rule::first_move_from => {
            return vec![
                "`player N's first move is from ...`".into(),
                "`each player's first move is from ...`".into(),
            ];
        }
        Rule::keep_way => {
            return vec![
                "`each player keeps the direction of their first move`".into(),
                "`both players keep the direction of the first move`".into(),
            ];
        }
        Rule::hand_refill => "`after each lap, a player whose pits are all empty puts ...`",
        Rule::fill_beyond => {
            return vec![
                "`a player whose row is full fills ...`".into(),
                "`a player whose pits are all full fills ...`".into(),
            ];
        }
        Rule::round_take => {
            return vec![
                "`each player takes the seeds of their own pits`".into(),
                "`the player to move next takes all the seeds`".into(),
            ];
        }
        Rule::match_end => {
            return vec![
                "`a player who ... loses the match`".into(),
                "`a mover who has captured all but N seeds wins the match`".into(),
                "`the first player to reach N points wins the match`".into(),
            ];
        }
        // A rule the list has no words for is left out: its name is the grammar's, not a
        // user's (a test finds every rule a mistake in a bundled line can expect).
        _ => return Vec::new(),
    };
    vec![phrase.to_string()]
}

/// The forms of each line, shown when a line is left unfinished or misspelt inside.
fn line_forms(first: &str, second: &str) -> Option<&'static str> {
    Some(match (first, second) {
        ("variant", _) => "`variant \"Name\" { ... }` or `variant \"Name\" extends \"Base\" { ... }`",
        ("ruleset", _) => "`ruleset \"name\" { ... }`",
        ("other", _) => "`other names \"First\" \"Second\"`",
        ("region", _) => "`region \"Jbala, northern Morocco\"`",
        ("people", _) => "`people \"Jbala shepherds\"`",
        ("documented", _) => "`documented by \"Name\"` or `documented by \"Name\" in 2009`",
        ("source", _) => "`source \"Title\"` or `source \"Title\" at \"https://...\"`",
        ("note", _) => "`note \"text\"`",
        ("board", _) => {
            "`board 2 rows of 3 pits, no stores` or `board 2 rows of 6 pits, one store per player`"
        }
        ("seeds", _) => "`seeds 6 in each pit` or `seeds pit by pit 4 4 4 0 0 0`",
        ("players", _) => "`players 2 { ... }`",
        ("player", "to") => "`player to move cannot move: game over`, `...: they pass` or `...: they lose`",
        ("player", whose) if whose.ends_with("'s") => {
            "`player 1's first move is from pit 11` (in a turns block), or `player 1's first move: sow 2 seeds of \
             their 11th pit` (in an opening block)"
        }
        ("player", _) => {
            "`player 1 owns the south row`, `player 2 owns pits 4 to 6` or `player 1 starts` (in a players block), \
             or `player 1, player 2, then player 1 again each take every seed of an occupied pit of theirs, of \
             their choice, out of play; then player 2 moves first` (in an opening block)"
        }
        ("sowing", _) => "`sowing { ... }`",
        ("first", _) => "`first seed into the next pit` or `first seed into the emptied pit`",
        ("laps", _) => "`laps sow into the emptied pit` or `laps skip the emptied pit`",
        ("single", _) => "`single lap`",
        ("either", _) => "`either way, as the mover chooses`",
        ("a", "player") => {
            "`a player who cannot fill a pit loses the match`, `a player left with no pit in play loses \
             the match`, `a player left with no seeds loses the match`, `a player who holds 9 seeds or fewer at \
             the end of a round loses the match`, `a player whose row is full fills any empty pit` (or `... \
             fills on into the other row`), `a player goes on filling while they hold 10 or more seeds`, `a \
             player left with 3 or more seeds puts them into the next empty pit, and the other player tops it \
             up` or `a player whose pits are all empty loses`"
        }
        ("a", "move") => {
            "`a move may sow any number of the mover's captured seeds from their leftmost pit` or `a move \
             whose last pit is in the mover's inner row and the opposite pit is occupied before the move \
             must be played when there is one`"
        }
        ("a", "counter-clockwise") | ("a", "clockwise") => {
            "`a counter-clockwise move whose last pit is in the mover's inner row and the opposite pit is \
             occupied before the move must be played when there is one`"
        }
        ("a", "pit") => {
            "`a pit needs 2 seeds to be played`, `a pit of one seed sows it into the next pit` (in a sowing \
             block), `a pit of one seed may be played only when no pit of the mover's holds 2 or more, and \
             only when the next pit is empty` (in a turns block), `a pit filled belongs to the player who \
             filled it` or `a pit both players filled belongs to the player who put in more, drawn at random \
             on a tie` (in a rounds block)"
        }
        ("a", "mover") => "`a mover who has captured all but 6 seeds wins the match`",
        ("a", "big") => "`a big stone counts as 10 seeds`",
        ("a", "relay") => "`a relay sows as a move from its pit would`",
        ("the", "mover") => "`the mover may decline a relay from the rightmost pit of their outer row`",
        ("a", _) => {
            "`a pit needs 1 seed to be played`, `a pit needs 2 seeds to be played` or (in a rounds block) `a \
             pit filled belongs to the player who filled it`"
        }
        ("sow", _) => "`sow into the mover's own store`, `sow into both stores` or `sow into no store`",
        ("turns", _) => "`turns { ... }`",
        ("must", _) => "`must feed an opponent who has no seeds`",
        ("each", "player") => {
            "`each player takes the seeds of their own pits`, `... of their own pits, a shared pit split with \
             the odd seed to player 1` or `... of their row` (a fill is written `in turns, each player fills \
             their leftmost empty pit with 6 seeds`), or (in a turns block) `each player keeps the direction \
             of their first move`"
        }
        ("both", "players") => "`both players keep the direction of the first move`",
        ("each", _) => {
            "`each player's rightmost pit is their store` or `each player's leftmost pit is an end place` \
             (in a players block), or `each player's first move: move the seeds of their 4th pit into their \
             store` (in an opening block)"
        }
        ("opening", _) => "`opening { ... }`",
        ("once", _) => {
            "`once a game, when the mover's store holds 13 or more: they must sow their store, skipping \
             the stores, then take every opponent's pit that holds 2 or 3`"
        }
        ("direction", _) => "`direction by pit, from each player's seat { ... }`",
        ("relay", _) => {
            "`relay when the last seed falls into an occupied pit` or `relay when the last seed makes 7 \
             in an opponent's pit`"
        }
        ("no", "capture") => {
            "`no capture on the first move of the game` or `no capture in the first 2 moves of the game`"
        }
        ("grand", _) => "`grand slam: take them`, `grand slam: no capture` or `grand slam: not allowed`",
        ("game", _) => {
            "`game over when a player's pits are all empty` (and its outcome, if any: `: they win`, `: they \
             lose` or `: the game is a draw`), `game over when a player has captured more than half the \
             seeds`, `game over when a position repeats since the last capture`, `game over when nobody \
             can move: the game is a draw`, or conditions on the board, as the `when` lines write them: \
             `game over when the board holds 0 or 1 seeds`, `game over when every pit holds 1 or fewer \
             seeds` (and `, after each lap` to look at them after each lap too)"
        }
        ("capture", _) => "`capture { ... }` or `capture { none }`",
        ("last", _) => {
            "`last seed makes 2 or 4 in any pit: take them` (or `in an opponent's pit`, \
             `in the mover's own pit`), `last seed in an empty pit of the mover's own: take it and the \
             opposite pit`, or (in a turns block) `last seed in the mover's own store: they move again`"
        }
        ("chain", _) | ("no", "chain") => {
            "`chain forward while 2 or 4`, `chain backward while 2 or 3 in the opponent's pits` \
             or `no chain`"
        }
        ("end", _) => "`end { ... }`",
        ("leftover", _) => {
            "`leftover seeds: nobody`, `leftover seeds: each pit's owner`, \
             `leftover seeds: the last mover` or `leftover seeds: the player who did not run out`"
        }
        ("ply", _) => "`ply limit 1000`",
        ("winner", _) => "`winner: most captured`",
        ("when", "both") => {
            "`when both players hold fewer seeds than a fill, they put them all into the next empty pit, which \
             belongs to the player who put in more, player 2 on a tie` (or `..., drawn at random on a tie`)"
        }
        ("when", _) => {
            "`when the next pit is occupied: relay from the next pit` or `when the last pit holds 4: \
             take the last pit` (conditions joined with `and`, effects with `, then`)"
        }
        ("after", _) => "`after each lap: take every sown pit that holds 4 for its owner`",
        ("rounds", _) => "`rounds { ... }`",
        ("round", _) => {
            "`round over when a row is empty`, `round over when a row is empty, after each lap`, `round \
             over when nobody can move`, `round over when no pit in play holds seeds`, `round over when \
             the player to move has an empty row` or `round over when no big stone is on the board`"
        }
        ("in", "turns") => {
            "`in turns, each player fills their leftmost empty pit with 6 seeds` or `in turns, each player \
             fills an empty pit of their choice with 4 seeds` (in a rounds block), or `in turns, each player \
             puts 1 seed from their hand into a pit of their choice` (in an opening block)"
        }
        ("the", "player") => {
            "`the player with fewer seeds puts them one at a time into pits of their choice, player 2 on a tie`"
        }
        ("the", "other") => "`the other player copies the arrangement into the opposite pits`",
        ("big", _) => "`big stones go back to the end places`",
        ("pits", "not") => {
            "`pits not filled are out of play for the round`, `... for good`, `pits not filled stay in play` \
             or `pits not filled are sown into but cannot be played`"
        }
        _ => return None,
    })
}

/// The lines of the language, as grammar rules: what [`line_at`] reads a block as.
const LINE_RULES: &[Rule] = &[
    Rule::other_names,
    Rule::region,
    Rule::people,
    Rule::documented,
    Rule::source,
    Rule::note,
    Rule::board,
    Rule::seeds,
    Rule::owns,
    Rule::starts,
    Rule::direction,
    Rule::pit_way,
    Rule::opening,
    Rule::laps,
    Rule::lap_count,
    Rule::min_seeds,
    Rule::store_sowing,
    Rule::relay,
    Rule::extra_turn,
    Rule::must_feed,
    Rule::lap_feeds,
    Rule::leaves_a_move,
    Rule::store_move,
    Rule::hand_sowing,
    Rule::place_hand,
    Rule::only_if_captures,
    Rule::one_seed,
    Rule::relay_as_move,
    Rule::relay_decline,
    Rule::must_play,
    Rule::seat_only,
    Rule::keep_way,
    Rule::empty_loses,
    Rule::pit_store,
    Rule::end_place,
    Rule::never_played,
    Rule::plays_other,
    Rule::hand_refill,
    Rule::stone_worth,
    Rule::opening_move,
    Rule::opening_turns,
    Rule::landing,
    Rule::opposite,
    Rule::chain,
    Rule::grand_slam,
    Rule::capture_start,
    Rule::capture_none,
    Rule::no_move,
    Rule::leftovers,
    Rule::ply_limit,
    Rule::winner,
    Rule::ending,
    Rule::lap_rule,
    Rule::round_over,
    Rule::round_take,
    Rule::refill,
    Rule::fill_beyond,
    Rule::fill_owner,
    Rule::fill_on,
    Rule::top_up,
    Rule::pool,
    Rule::both_filled,
    Rule::short_fill,
    Rule::stones_back,
    Rule::refill_fewer,
    Rule::copy_fill,
    Rule::unfilled,
    Rule::match_end,
    Rule::setup,
    Rule::distribute,
    Rule::swap_choice,
    Rule::feed_one,
    Rule::rearrange,
    Rule::stages_line,
    Rule::round_score,
    Rule::setup_again,
    Rule::round_begin,
    Rule::fill_first,
];

/// The line a mistake at `pos` is in, found by reading the lines of its block from the
/// block's start (the last `{` or `}` before it), each as the longest line of the language
/// that parses there, rather than by line breaks: lines may share a line of the file, or
/// run over several. Returns the index in `toks` (the tokens before `pos`) of the first token
/// of the line that does not parse (`None` when it starts at `pos`), and the first token and
/// the end of the complete line before it, if any.
fn line_at(text: &str, toks: &[(usize, usize)], pos: usize) -> (Option<usize>, Option<(usize, usize)>) {
    let mut i = toks.iter().rposition(|&(s, e)| matches!(&text[s..e], "{" | "}")).map_or(0, |b| b + 1);
    let mut before = None;
    while i < toks.len() {
        let at = toks[i].0;
        let end = LINE_RULES
            .iter()
            .filter_map(|&rule| {
                SowParser::parse(rule, &text[at..]).ok()?.next().map(|p| at + p.as_span().end())
            })
            .max();
        match end {
            Some(end) if end <= pos => {
                before = Some((i, end));
                i = toks.iter().position(|&(s, _)| s >= end).unwrap_or(toks.len());
            }
            _ => return (Some(i), before),
        }
    }
    (None, before)
}

/// A run of pits written with a dash (`1-3`, `1 - 3`, `1–3`) where an `owns` line ends before
/// it: "a run of pits is written `1 to 3`"; or a range of counts so written, where `to` could
/// have come (`expects_to`).
fn dashed_run(
    file: &Arc<SourceFile>,
    toks: &[(usize, usize)],
    pos: usize,
    line_before: Option<(usize, usize)>,
    expects_to: bool,
) -> Option<Diagnostic> {
    let text = &file.text;
    let owns = line_before.is_some_and(|(first, end)| {
        toks[first..].iter().any(|&(s, e)| &text[s..e] == "owns")
            && (end == pos || text[end..pos].trim().is_empty())
    });
    if !owns && !expects_to {
        return None;
    }
    // The number the run starts with: the last token of the line.
    let &(from_start, from_end) = toks.last()?;
    let from = &text[from_start..from_end];
    if !from.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rest = &text[pos..];
    let dash = ["-", "\u{2013}", "\u{2014}", ".."].into_iter().find(|d| rest.starts_with(d))?;
    let after = &rest[dash.len()..];
    let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
    let digits = after[gap..].chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let to = &after[gap..gap + digits];
    let span_end = pos + dash.len() + gap + digits;
    let d = if owns {
        Diagnostic::error("a run of pits is written with `to`")
            .at(file, from_start..span_end, format!("write `{from} to {to}`"))
            .help(
                "list pits with spaces or commas, and runs with `to`: `pits 1 2`, `pits 5, 6`, `pits 4 to 6`",
            )
    } else {
        Diagnostic::error("a range of counts is written with `to`")
            .at(file, from_start..span_end, format!("write `{from} to {to}`"))
            .help(
                "list counts with commas and `or`, and ranges with `to`: `2, 4 or 6`, `2 to 6`, `2 or more`",
            )
    };
    Some(d)
}

/// What to write for the pits a line names (`written`, the words after its `in`), when they
/// are named as another kind of line names them: a capture or a relay names one pit (`in an
/// opponent's pit`), a chain its pits (`in the opponent's pits`).
fn where_phrase(first: &str, written: &str) -> Option<String> {
    let chain = match first {
        "chain" => true,
        "last" | "relay" => false,
        _ => return None,
    };
    let right = if written.contains("opponent") {
        if chain { "the opponent's pits" } else { "an opponent's pit" }
    } else if written.contains("mover") || written.contains("own") {
        if chain { "the mover's own pits" } else { "the mover's own pit" }
    } else if written.starts_with("any") {
        "any pit"
    } else {
        return None;
    };
    if written == right || written.strip_prefix(right).is_some_and(|r| r.starts_with(' ')) {
        return None;
    }
    let forms = if chain {
        "A chain names the pits it takes `in any pit`, `in the opponent's pits` or `in the mover's own pits`"
    } else if first == "relay" {
        "A relay names the pit it relays from `in any pit`, `in an opponent's pit` or `in the mover's own pit`"
    } else {
        "A capture names the pit the last seed falls into `in any pit`, `in an opponent's pit` or `in the \
         mover's own pit`"
    };
    Some(format!("did you mean `in {right}`? {forms}"))
}

/// The tokens of `text` as (start, end) byte ranges, comments and whitespace left out; text in
/// quotes is one token.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if c == '#' {
            while chars.next_if(|&(_, c)| c != '\n' && c != '\r').is_some() {}
            continue;
        }
        let mut end = i + c.len_utf8();
        if c == '"' {
            while let Some((j, d)) = chars.next() {
                end = j + d.len_utf8();
                if d == '"' || d == '\n' {
                    break;
                }
                if d == '\\'
                    && let Some((k, e)) = chars.next()
                {
                    end = k + e.len_utf8();
                }
            }
        } else if is_word_char(c) {
            while let Some((j, d)) = chars.next_if(|&(_, d)| is_word_char(d)) {
                end = j + d.len_utf8();
            }
        }
        out.push((i, end));
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '\'')
}

/// The help for a receiver written after a `last seed makes ...: take them` line: the same
/// capture as a `when` line, which names who receives what it takes.
fn receiver_help(line: &str, rest: &str) -> String {
    let receiver = rest[..rest.find(['\n', '\r', '}', '#']).unwrap_or(rest.len())].trim_end();
    let counts = line
        .split_once("makes ")
        .and_then(|(_, after)| after.split_once(" in "))
        .map_or("4", |(counts, _)| counts.trim());
    let mine = if line.contains("opponent's") {
        " and is an opponent's"
    } else if line.contains("mover's own") {
        " and is the mover's own"
    } else {
        ""
    };
    format!(
        "a take that says who receives it is a `when` line: `when the last pit holds {counts}{mine}: take the last pit {receiver}`"
    )
}

/// Text quoted in a message, cut after 40 characters: a runaway word is not repeated whole.
fn cut(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// What stands at a position, for "unexpected ...", and its length in bytes.
fn found_at(text: &str, pos: usize) -> (String, usize) {
    let rest = &text[pos..];
    let Some(c) = rest.chars().next() else {
        return ("end of file".into(), 0);
    };
    let word_len = rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len());
    if word_len > 0 {
        let word = &rest[..word_len];
        let what = if word.chars().all(|c| c.is_ascii_digit()) { "number" } else { "word" };
        return (format!("{what} `{}`", cut(word)), word_len);
    }
    if c == '"' {
        let len = rest[1..].find(['"', '\n']).map_or(rest.len(), |i| i + 2);
        return (format!("text {}", cut(rest[..len].trim_end())), len);
    }
    (format!("`{c}`"), c.len_utf8())
}

/// The block a position is in, judged by the words that could start a line there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    Variant,
    Ruleset,
    Sowing,
    Turns,
    Capture,
    End,
    Players,
}

impl Context {
    fn of(positives: &[Rule]) -> Option<Context> {
        let has = |r| positives.contains(&r);
        Some(if has(Rule::k_board) && has(Rule::k_region) {
            Context::Variant
        } else if has(Rule::k_board) {
            Context::Ruleset
        } else if has(Rule::k_first) {
            Context::Sowing
        } else if has(Rule::k_must) {
            Context::Turns
        } else if has(Rule::k_last) {
            Context::Capture
        } else if has(Rule::k_leftover) {
            Context::End
        } else if has(Rule::k_player) {
            Context::Players
        } else {
            return None;
        })
    }

    /// The block a line starting with `word` (then `next`) belongs in.
    fn of_word(word: &str, next: &str) -> Option<Context> {
        Some(match word {
            "counter-clockwise" | "clockwise" | "either" | "first" | "laps" | "single" | "a" | "sow"
            | "direction" => Context::Sowing,
            "must" => Context::Turns,
            "last" | "chain" | "none" | "grand" | "when" | "after" => Context::Capture,
            "game" => Context::End,
            "no" if next == "chain" || next == "capture" => Context::Capture,
            "relay" => Context::Sowing,
            "leftover" | "ply" | "winner" => Context::End,
            "player" if next == "to" => Context::End,
            "player" => Context::Players,
            "board" | "seeds" | "players" | "sowing" | "turns" | "capture" | "end" | "ruleset" | "source"
            | "note" => Context::Variant,
            "region" | "people" | "other" | "documented" => Context::Variant,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Context::Variant => "variant",
            Context::Ruleset => "ruleset",
            Context::Sowing => "sowing",
            Context::Turns => "turns",
            Context::Capture => "capture",
            Context::End => "end",
            Context::Players => "players",
        }
    }

    /// "unknown setting `x`", "unknown sowing rule `x`", ...
    fn unknown(self, word: &str) -> String {
        match self {
            Context::Variant | Context::Ruleset => format!("unknown setting `{word}`"),
            Context::Players => format!("unknown line `{word}` in the players block"),
            other => format!("unknown {} rule `{word}`", other.name()),
        }
    }
}

/// The expected keyword closest to a misspelt word, if it is close enough to be a guess.
fn suggestion<'e>(word: &str, expected: &'e [String]) -> Option<&'e str> {
    let words = expected
        .iter()
        .filter_map(|e| e.strip_prefix('`')?.strip_suffix('`'))
        .filter(|e| e.chars().next().is_some_and(char::is_alphanumeric));
    closest(word, words)
}

/// A character a reader may not see or recognise, named by its code point.
fn odd_character(c: char) -> Option<String> {
    let name = match c {
        '\u{a0}' => "non-breaking space",
        '\u{feff}' => "byte order mark",
        '\u{200b}' => "zero-width space",
        '\u{2028}' => "line separator",
        '\u{2029}' => "paragraph separator",
        '\u{201c}' | '\u{201d}' => "curly quote",
        '\u{2018}' | '\u{2019}' => "curly apostrophe",
        c if c.is_control() => "control character",
        c if c.is_whitespace() => "unusual space",
        c if !c.is_ascii() && !c.is_alphanumeric() => "character",
        _ => return None,
    };
    Some(format!("{name} (U+{:04X})", c as u32))
}

/// Where each `{` before `pos` that is still open was written: the first word of its line.
fn open_blocks(text: &str, toks: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut stack = Vec::new();
    for (i, &(s, e)) in toks.iter().enumerate() {
        match &text[s..e] {
            "{" => {
                // The statement that opened it: back to the first token on its line.
                let line_start = text[..s].rfind(['\n', '\r']).map_or(0, |p| p + 1);
                let first = toks[..=i].iter().find(|&&(ts, _)| ts >= line_start).copied().unwrap_or((s, e));
                stack.push(first);
            }
            "}" => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack
}

fn syntax_error(file: &Arc<SourceFile>, err: pest::error::Error<Rule>) -> Diagnostic {
    let text = &file.text;
    let mut pos = match err.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let positives = match err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives,
        pest::error::ErrorVariant::CustomError { message } => {
            return Diagnostic::error(message).at(file, pos..pos, "");
        }
    };
    let toks = tokens(&text[..pos]);
    let word = |t: Option<&(usize, usize)>| t.map_or("", |&(s, e)| &text[s..e]);
    let line = |offset: usize| file.line_col(offset).0;

    if tokens(text).is_empty() {
        let what = if text.trim().is_empty() { "the file is empty" } else { "the file holds only comments" };
        return Diagnostic::error(what)
            .at(file, pos..pos, "expected `variant`")
            .help("a variant file starts with `variant \"Name\" {` and ends with `}`");
    }

    // A position where a new line could start accepts `}` or the end of the file; anywhere
    // else, a line was begun and not finished.
    let between_lines = positives.iter().any(|&r| matches!(r, Rule::close | Rule::EOI));
    let (found, found_len) = found_at(text, pos);
    let found_word = found.strip_prefix("word `").and_then(|w| w.strip_suffix('`'));

    let mut expected: Vec<String> = Vec::new();
    for phrase in positives.iter().flat_map(|&r| expected_phrases(r)) {
        // Where a new line starts, words that could only have continued the line before
        // (`at` after a source, `in` after a name) would mislead.
        let continues = ["`at`", "`in`", "`to`", "`or`", "a number", "text in double quotes"];
        if between_lines && found_word.is_some() && continues.contains(&phrase.as_str()) {
            continue;
        }
        if !expected.contains(&phrase) {
            expected.push(phrase);
        }
    }
    // Words first, then numbers and text, then punctuation, each group in alphabetical order.
    expected.sort_by_key(|p| {
        (!p.starts_with("`") || !p.chars().nth(1).is_some_and(char::is_alphanumeric), p.clone())
    });
    let label = match expected.len() {
        0 => String::new(),
        1 => format!("expected {}", expected[0]),
        _ => format!("expected one of {}", crate::lang::words::or_list(&expected)),
    };
    // A guess at a misspelt word; failing that, at one written as two (`counter clockwise`),
    // underlined whole.
    let next_word = tokens(&text[pos..]).get(1).map(|&(s, e)| (pos + s, pos + e));
    let guessed: Option<(&str, usize)> = found_word.and_then(|w| match suggestion(w, &expected) {
        Some(s) => Some((s, found_len)),
        None => {
            let (s, e) = next_word?;
            let joined = format!("{w}-{}", &text[s..e]);
            let hyphenated = expected
                .iter()
                .filter_map(|e| e.strip_prefix('`')?.strip_suffix('`'))
                .filter(|e| e.contains('-'));
            closest(&joined, hyphenated).map(|g| (g, e - pos))
        }
    });
    let guess = |d: Diagnostic| match guessed {
        Some((s, _)) => d.help(format!("did you mean `{s}`?")),
        None => d,
    };
    let guessed_len = guessed.map_or(found_len, |g| g.1);
    // The line `pos` is in, read from the start of its block: where it starts (a token of
    // `toks`), and the complete line before it.
    let (line_start, line_before) = line_at(text, &toks, pos);

    if text[pos..].starts_with('"') {
        let rest = &text[pos + 1..];
        let end = rest.find(['"', '\n', '\r']).unwrap_or(rest.len());
        if let Some(b) = rest[..end].find('\\') {
            let at = pos + 1 + b;
            let escape: String = text[at..].chars().take(2).collect();
            return Diagnostic::error(format!("`{escape}` is not allowed in text"))
                .at(file, at..at + escape.len(), "a backslash starts `\\\"` or `\\\\` only")
                .help("write `\\\\` for a backslash and `\\\"` for a double quote");
        }
        if !rest[end..].starts_with('"') {
            return Diagnostic::error("text without its closing `\"`")
                .at(file, pos..pos + 1 + end, "this text runs to the end of the line")
                .help("text is written between double quotes on one line: `\"like this\"`");
        }
    }
    // `pits 1-3`: a run of pits written with a dash, which the language writes `1 to 3`.
    if let Some(d) = dashed_run(file, &toks, pos, line_before, positives.contains(&Rule::k_to)) {
        return d;
    }
    // `take 3 occupied pits of the opponent's, chosen by the mover`: a number after `take`
    // counts seeds; the mover chooses one pit at a time.
    if positives.contains(&Rule::k_seeds)
        && toks.len() >= 2
        && word(toks.get(toks.len() - 2)) == "take"
        && word(toks.last()).chars().all(|c| c.is_ascii_digit())
        && matches!(found_word, Some("occupied" | "empty" | "pits" | "pit"))
    {
        let (s, _) = toks[toks.len() - 1];
        return Diagnostic::error("a take of several pits chosen by the mover")
            .at(file, s..pos + found_len, "`take N` takes N seeds of one place")
            .note("a line asks the mover to choose one pit: the move pauses for it")
            .help("write `take an occupied pit of the opponent's, chosen by the mover`, or `take 2 seeds from the last pit` for seeds");
    }
    // `2 or more but 4`: only `any count` leaves counts out with `but` alone.
    if positives == [Rule::k_not] && word(toks.last()) == "but" {
        return Diagnostic::error("counts are left out with `but not`")
            .at(file, pos..pos + found_len, "expected `not`")
            .help("write `2 or more but not 4`; only `any count` takes `but` alone: `any count but 4`");
    }
    if let Some(c) = text[pos..].chars().next()
        && let Some(name) = odd_character(c)
    {
        let d = Diagnostic::error(format!("unexpected {name}")).at(file, pos..pos + c.len_utf8(), label);
        return if c.is_whitespace() || c == '\u{feff}' || c == '\u{200b}' {
            d.help("replace it with an ordinary space, or remove it")
        } else if matches!(c, '\u{201c}' | '\u{201d}') {
            d.help("text is written between straight double quotes: `\"like this\"`")
        } else {
            d
        };
    }

    if between_lines {
        let block = Context::of(&positives);
        // Only the end of the file may follow: the variant was closed before this.
        if positives == [Rule::EOI] {
            let what = found_word.map_or(found.clone(), |w| format!("`{w}`"));
            return Diagnostic::error(format!("{what} after the end of the variant"))
                .at(file, pos..pos + found_len, "the variant's closing `}` came before this")
                .help("remove the extra `}`, or move this inside the variant");
        }
        if found_len == 0 {
            let open = open_blocks(text, &toks);
            let mut d = Diagnostic::error("the file ends before a block is closed").at(
                file,
                pos..pos,
                "expected `}`",
            );
            if let Some(&(s, e)) = open.last() {
                d = d.note(format!(
                    "the `{}` block opened on line {} has no closing `}}`",
                    &text[s..e],
                    line(s)
                ));
            }
            return d;
        }
        if word(toks.last()) == "none" {
            return Diagnostic::error("`capture { none }` cannot have other lines")
                .at(file, pos..pos + found_len, "after `none`")
                .help("remove `none` to capture seeds, or remove this line");
        }
        if let (Some(w), Some(block)) = (found_word, block) {
            let next = word(tokens(&text[pos..]).get(1).map(|&(s, e)| (pos + s, pos + e)).as_ref());
            let belongs = Context::of_word(w, next);
            let d = match belongs {
                Some(Context::Variant) if matches!(w, "region" | "people" | "other" | "documented") && block == Context::Ruleset => {
                    Diagnostic::error(format!("`{w}` cannot be given in a ruleset"))
                        .at(file, pos..pos + found_len, label)
                        .note("a ruleset holds `source`, `note` and rules; `region`, `people`, `other names` and `documented by` describe the whole variant")
                }
                Some(Context::Variant) if !matches!(block, Context::Variant | Context::Ruleset) => {
                    let open = open_blocks(text, &toks);
                    let mut d = Diagnostic::error(format!("`{w}` cannot come inside a {} block", block.name()))
                        .at(file, pos..pos + found_len, label);
                    if let Some(&(s, e)) = open.last() {
                        d = d.help(format!(
                            "is the `}}` that closes the `{}` block of line {} missing?",
                            &text[s..e],
                            line(s)
                        ));
                    }
                    d
                }
                Some(inner) if inner != Context::Variant && inner != block => {
                    let d = Diagnostic::error(format!("`{w}` starts a {} rule, which belongs inside `{} {{ ... }}`", inner.name(), inner.name()))
                        .at(file, pos..pos + found_len, label);
                    if matches!(block, Context::Variant | Context::Ruleset) {
                        d.help(format!("was the {} block closed too early?", inner.name()))
                    } else {
                        d
                    }
                }
                _ => {
                    // A word that starts no line, after a line complete on the same line of the
                    // file: that line ends before it (`relay when ... an occupied pit of the
                    // opponent`).
                    let after = line_before.filter(|&(_, end)| !text[end..pos].contains(['\n', '\r']));
                    match after.map(|(i, _)| (word(Some(&toks[i])), word(toks.get(i + 1)))) {
                        // A guess at a rule's first word, after a complete line on the same line
                        // of the file, reads the end of that line as a new rule: a short word
                        // (`as`) is more likely the line going on.
                        Some((first, second))
                            if (guessed.is_none() || w.chars().count() < 4) && line_forms(w, next).is_none() =>
                        {
                            let d = Diagnostic::error(format!(
                                "unexpected word `{w}` after a complete `{first}` line"
                            ))
                            .at(file, pos..pos + found_len, format!("the `{first}` line ends before this"));
                            let (line_at, _) = after.expect("a line before");
                            match line_forms(first, second) {
                                // `last seed makes 4 in any pit: take them for its owner`: the
                                // receivers are the `when` lines' (`for ...`, `out of play`).
                                Some(_) if first == "last" && matches!(w, "for" | "out") => {
                                    d.help(receiver_help(&text[toks[line_at].0..pos], &text[pos..]))
                                }
                                Some(forms) => d.help(format!("write it as {forms}")),
                                None => d,
                            }
                        }
                        _ => guess(Diagnostic::error(block.unknown(w)).at(file, pos..pos + guessed_len, label)),
                    }
                }
            };
            return d;
        }
        return guess(Diagnostic::error(format!("unexpected {found}")).at(file, pos..pos + found_len, label));
    }

    // The line's first token. When the words read as a line stop short of the mistake and
    // what follows starts no line, the mistake is in that line's optional end (`chain ...
    // while 2 in any pits`).
    let starts_a_line = |i: usize| line_forms(word(Some(&toks[i])), word(toks.get(i + 1))).is_some();
    let start = match (line_start, line_before) {
        (Some(i), Some((b, _))) if !starts_a_line(i) => Some(b),
        (Some(i), _) => Some(i),
        (None, before) => before.map(|b| b.0),
    };
    let first = word(start.map(|i| &toks[i]));
    let second = word(start.and_then(|i| toks.get(i + 1)));
    let forms = line_forms(first, second);
    // A line naming its pits as another kind of line does: the capture and the relay name one
    // pit, a chain its pits.
    let where_fix = start.and_then(|i| {
        let at = (i..toks.len()).rev().find(|&j| word(Some(&toks[j])) == "in")?;
        // Of the lines starting `last` or `relay`, only `... makes COUNTS in ...` names pits so.
        if first != "chain" && !(i..at).any(|j| word(Some(&toks[j])) == "makes") {
            return None;
        }
        let rest = &text[toks[at].1..];
        let written = rest[..rest.find([':', '}', '\n', '\r']).unwrap_or(rest.len())].split_whitespace();
        where_phrase(first, &written.collect::<Vec<_>>().join(" "))
    });
    let guess = |d: Diagnostic| match where_fix {
        Some(fix) => d.help(fix),
        None => guess(d),
    };

    // A line cut short is shown at its end, not at the start of the next line.
    let (message, len) = match toks.last() {
        Some(&(_, end)) if text[end..pos].contains(['\n', '\r']) || found_len == 0 => {
            pos = end;
            (format!("this `{first}` line is incomplete"), 0)
        }
        _ => (format!("unexpected {found}"), found_len),
    };
    let d = guess(Diagnostic::error(message).at(file, pos..pos + len, label));
    match forms {
        Some(forms) => d.help(format!("write it as {forms}")),
        None => d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        let file = SourceFile::new("t.sow", text);
        parse(&file).unwrap_err().to_string()
    }

    /// Whether a rule is said in words when a mistake expects it.
    fn has_words(rule: Rule) -> bool {
        !expected_phrases(rule).is_empty()
    }

    /// Every rule the grammar may expect where a bundled line is cut short or goes on with a
    /// stray word has words in messages: no grammar name reaches a user.
    #[test]
    fn every_rule_a_mistake_expects_is_said_in_words() {
        use pest::error::ErrorVariant;
        let mut unsaid = std::collections::BTreeMap::new();
        for (name, text) in crate::lang::library::BUNDLED {
            let file = SourceFile::new(format!("{name}.sow"), text.to_string());
            let ast = parse(&file).unwrap();
            for line in ast.rules.iter().chain(ast.rulesets.iter().flat_map(|r| &r.rules)) {
                let written = &text[line.span.clone()];
                let words: Vec<&str> = written.split_whitespace().collect();
                for k in 1..=words.len() {
                    for tail in ["", " zzz"] {
                        let cut = format!("{}{tail}", words[..k].join(" "));
                        let Err(e) = SowParser::parse(Rule::rule_line, &cut) else { continue };
                        if let ErrorVariant::ParsingError { positives, .. } = e.variant {
                            for r in positives.into_iter().filter(|&r| !has_words(r) && r != Rule::EOI) {
                                unsaid.entry(format!("{r:?}")).or_insert(cut.clone());
                            }
                        }
                    }
                }
            }
        }
        // In a whole file too: a stray word at the end of each line.
        for (_, text) in crate::lang::library::BUNDLED {
            let mut at = 0;
            for line in text.split_inclusive('\n') {
                let end = at + line.trim_end().len();
                let stray = format!("{} zzz{}", &text[..end], &text[end..]);
                at += line.len();
                let Err(e) = SowParser::parse(Rule::file, &stray) else { continue };
                if let ErrorVariant::ParsingError { positives, .. } = e.variant {
                    for r in positives.into_iter().filter(|&r| !has_words(r)) {
                        unsaid.entry(format!("{r:?}")).or_insert(text[at - line.len()..end].to_string());
                    }
                }
            }
        }
        assert!(unsaid.is_empty(), "rules without words, and a text that expects each: {unsaid:#?}");
    }

    #[test]
    fn parses_a_minimal_variant() {
        let file = SourceFile::new(
            "t.sow",
            "variant \"T\" { source \"s\" at \"u\" board 2 rows of 3 pits, no stores }",
        );
        let v = parse(&file).unwrap();
        assert_eq!(v.name.value, "T");
        assert_eq!(v.about.len(), 1);
        assert_eq!(v.rules.len(), 1);
    }

    #[test]
    fn unknown_setting_is_named_and_underlined() {
        let e = err("variant \"T\" {\n  colour \"red\"\n}\n");
        assert!(e.starts_with("error: unknown setting `colour`\n --> t.sow:2:3\n"), "{e}");
        assert!(e.contains("^^^^^^ expected one of"), "{e}");
        assert!(e.contains("`board`"), "{e}");
        assert!(e.contains("`}`"), "{e}");
    }

    #[test]
    fn misspelt_keyword_is_reported_whole() {
        let e = err("variant \"T\" {\n  boards 2 rows of 3 pits, no stores\n}\n");
        assert!(e.contains("unknown setting `boards`"), "{e}");
        assert!(e.contains("  ^^^^^^ "), "{e}");
    }

    #[test]
    fn huge_numbers_are_an_error_not_a_panic() {
        let e = err("variant \"T\" { board 99999999999999999999999 rows of 3 pits, no stores }");
        assert!(e.contains("this number is too large"), "{e}");
    }

    #[test]
    fn strings_unescape() {
        let file = SourceFile::new("t.sow", r#"variant "a \"b\" \\ c" { }"#);
        assert_eq!(parse(&file).unwrap().name.value, r#"a "b" \ c"#);
    }
}
