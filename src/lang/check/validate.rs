//! The checks of every value of the merged rules: ranges, consistency, rules no layer states;
//! then the [`Spec`] they make.

use std::collections::BTreeMap;

use crate::lang::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::lang::kinds::{Kind, Merged, Stated};
use crate::lang::words::{ordinal, pit_list};

use super::about;
use crate::lang::lap_rule::{Condition, Effect, LapRule, Place, Predicate, Receiver};
use crate::lang::library::VariantFile;
use crate::lang::spec::*;
use crate::lang::syntax::*;

use super::layers::LayerRef;

mod endings;
mod legality;

use legality::{pit_of_each, seat_place};
mod phases;
mod rounds;
mod rows;
mod stages;
mod stones;

/// The fewest seeds the pit the last seed falls into holds, and so a chained pit: the least
/// count a capture, chain or relay may name.
const LAST_PIT: u8 = 1;

pub(super) struct Validator<'a> {
    v: &'a VariantFile,
    m: &'a Merged,
    diags: &'a mut Diagnostics,
    /// Rules no layer states: what, and a line that would state it.
    missing: Vec<(&'static str, &'static str)>,
}

impl<'a> Validator<'a> {
    pub fn new(v: &'a VariantFile, m: &'a Merged, diags: &'a mut Diagnostics) -> Validator<'a> {
        Validator { v, m, diags, missing: Vec::new() }
    }

    /// The player `n` names, 0-based, or an error at it when the game has no such player.
    fn player_number(&mut self, file: &std::sync::Arc<SourceFile>, n: &Number, players: u8) -> Option<u8> {
        if n.value == 0 || n.value > players as u64 {
            self.diags.push(Diagnostic::error(format!("there is no player {}", n.value)).at(
                file,
                n.span.clone(),
                format!("players are numbered 1 to {players}"),
            ));
            return None;
        }
        Some(n.value as u8 - 1)
    }

    /// A first move from a pit that cannot be played (`each player's centre pit cannot be
    /// played`): refused, the player could not make it.
    fn first_move_played(
        &mut self,
        first: &[Option<u64>],
        never: &[crate::lang::phases::SeatPit],
        owners: &[u8],
    ) {
        let (Some(n), Some(f)) = (&self.m.never_played, &self.m.first_moves) else { return };
        for (p, pits) in first.iter().enumerate() {
            let row = crate::lang::phases::seat_row(owners, p as u8);
            let never =
                never.iter().filter_map(|s| s.index(row.len()).map(|i| row[i])).fold(0u64, |m, q| m | 1 << q);
            // Every pit a first move may be from is one that cannot be played.
            if let Some(pits) = pits.filter(|&pits| pits & !never == 0) {
                let named = crate::lang::spec::pit_numbers(pits);
                self.diags.push(
                    n.error(
                        format!(
                            "player {}'s first move is from {}, which cannot be played",
                            p + 1,
                            pit_list(&named)
                        ),
                        "never played",
                    )
                    .note(format!(
                        "{} names {} for the first move",
                        f.at.seen_from(&n.at),
                        if named.len() == 1 { "that pit" } else { "those pits" }
                    )),
                );
                return;
            }
        }
    }

    /// Notes a rule no layer states; reported together by [`Validator::report_missing`].
    fn required<'m, T>(&mut self, slot: &'m Option<Stated<T>>, kind: Kind) -> Option<&'m Stated<T>> {
        if slot.is_none() {
            self.missing.push(kind.required().expect("a required kind of rule"));
        }
        slot.as_ref()
    }

    /// One error for every rule left unstated, each with the line that would state it.
    fn report_missing(&mut self) {
        let ast = &self.v.ast;
        // A rule may be missing from a base as well: name every file that could state it.
        let mut who = format!("\"{}\"", ast.name.value);
        let mut base = self.v.base.as_deref();
        let mut bases = Vec::new();
        while let Some(b) = base {
            bases.push(format!("\"{}\" ({})", b.name(), b.origin));
            base = b.base.as_deref();
        }
        if !bases.is_empty() {
            who = format!("neither {who} nor {}", bases.join(" nor "));
        }
        let verb = if bases.is_empty() { "does not say" } else { "says" };
        let mut d = match self.missing.as_slice() {
            [] => return,
            [(what, _)] => Diagnostic::error(format!("{who} {verb} {what}")),
            many if bases.is_empty() => {
                Diagnostic::error(format!("{who} leaves {} rules unstated", many.len()))
            }
            many => Diagnostic::error(format!(
                "{} rules are stated neither in {}",
                many.len(),
                &who["neither ".len()..]
            )),
        }
        .at(&self.v.file, ast.name.span.clone(), "in this variant");
        for (what, example) in &self.missing {
            d = if self.missing.len() == 1 {
                d.help(format!("add {example}"))
            } else {
                d.help(format!("to say {what}, add {example}"))
            };
        }
        self.diags.push(d);
    }

    pub fn spec(
        mut self,
        stack: &[LayerRef<'_>],
        provenance: &BTreeMap<Kind, usize>,
        ruleset: Option<&str>,
    ) -> Option<Spec> {
        let m = self.m;
        let board = self.required(&m.board, Kind::Board);
        let seeds = self.required(&m.seeds, Kind::Seeds);
        let players = self.required(&m.players, Kind::Players);
        let direction = self.required(&m.direction, Kind::Direction);
        let opening = self.required(&m.opening, Kind::Opening);
        let laps = self.required(&m.laps, Kind::Laps);
        // A variant that captures only the opposite pit, or by rules after each lap, need not
        // state a `last seed makes` rule.
        let landing = if m.opposite.is_some() || m.lap_rules.is_some() {
            m.landing.as_ref()
        } else {
            self.required(&m.landing, Kind::Landing)
        };
        let no_move = self.required(&m.no_move, Kind::NoMove);
        let leftovers = self.required(&m.leftovers, Kind::Leftovers);
        self.report_missing();

        let pits = board.and_then(|b| self.board(b));
        let seeds = match (seeds, pits) {
            (Some(s), Some(n)) => self.seeds(s, n),
            (Some(s), None) => {
                self.seed_counts_fit(s);
                None
            }
            _ => None,
        };
        let owners = match (players, pits) {
            (Some(p), Some(n)) => self.players(p, n, board.map_or(2, |b| b.value.rows.value)),
            _ => None,
        };
        let hand_seeds = match (seeds.is_some().then_some(m.seeds.as_ref()).flatten(), &owners) {
            (Some(s), Some((count, ..))) => self.start_hands(s, *count),
            _ => Some((0, None)),
        };
        // Hands that cannot be: no count of seeds to check the other rules against.
        let seeds = seeds.filter(|_| hand_seeds.is_some());
        let (hand_seeds, hand_of) = hand_seeds.unwrap_or((0, None));
        let hands = if hand_of.is_some() { 1 } else { owners.as_ref().map_or(0, |o| o.0 as usize) };
        let total: usize = seeds.as_ref().map_or(0, |s: &Vec<u8>| s.iter().map(|&x| x as usize).sum())
            + hand_seeds as usize * hands;
        let min_seeds = match &m.min_seeds {
            None => 1,
            Some(n) => {
                let v = n.value.value;
                if v == 0 {
                    self.diags.push(
                        n.error("a pit cannot need 0 seeds", "every pit needs at least 1 seed to be played"),
                    );
                } else if v > MAX_SEEDS as u64 {
                    self.diags.push(
                        n.error(format!("a pit cannot hold {v} seeds"), format!("at most {MAX_SEEDS}")),
                    );
                } else if seeds.is_some() && v as usize > total {
                    self.diags.push(
                        n.error("no pit can ever be played", format!("the board holds only {total} seeds")),
                    );
                }
                v.clamp(1, MAX_SEEDS as u64) as u8
            }
        };
        let landing_rule = landing.and_then(|l| {
            let LandingLine { counts, pits } = l.value.as_ref()?;
            Some(CaptureRule { counts: self.counts("capture", counts, l, total, LAST_PIT)?, pits: *pits })
        });
        let chain = m.chain.as_ref().and_then(|c| {
            let ChainLine { direction, counts, pits } = c.value.as_ref()?;
            if landing.is_some_and(|l| l.value.is_none()) {
                self.diags.push(
                    c.error("a chain without a capture", "this chain never starts")
                        .note("the capture rules say nothing is captured: a chain only follows a capture"),
                );
                return None;
            }
            Some(ChainRule {
                direction: *direction,
                rule: CaptureRule { counts: self.counts("chain", counts, c, total, LAST_PIT)?, pits: *pits },
            })
        });
        let relay = m.relay.as_ref().and_then(|r| match &r.value {
            RelayLine::Occupied => Some(Relay::Occupied),
            RelayLine::Makes { counts, pits } => {
                let counts = self.counts("relay", counts, r, total, LAST_PIT)?;
                if counts.contains(1)
                    && opening.is_some_and(|o| o.value == Opening::EmptiedPit)
                    && m.single_seed.is_none()
                {
                    self.diags.push(
                        r.error(
                            "a relay of a single seed would never end",
                            "a last seed making 1 is lifted and dropped back into its pit",
                        )
                        .note("the first seed of every lap goes back into the emptied pit"),
                    );
                    return None;
                }
                Some(Relay::Makes(CaptureRule { counts, pits: *pits }))
            }
        });
        let capture_start = match &m.capture_start {
            None => 0,
            Some(c) => {
                let v = c.value.plies.value;
                if v == 0 || v > MAX_PLY_LIMIT as u64 {
                    self.diags.push(
                        Diagnostic::error(format!("{v} moves without capture is out of range")).at(
                            &c.at.file,
                            c.value.plies.span.clone(),
                            format!("expected 1 to {MAX_PLY_LIMIT}"),
                        ),
                    );
                } else if landing.is_some_and(|l| l.value.is_none())
                    && m.opposite.as_ref().is_none_or(|o| o.value.is_none())
                {
                    self.diags.push(c.error(
                        "moves without capture at the start, but nothing is ever captured",
                        "this rule changes nothing",
                    ));
                }
                v.clamp(1, MAX_PLY_LIMIT as u64) as u32
            }
        };
        let ply_limit = match &m.ply_limit {
            None => DEFAULT_PLY_LIMIT,
            Some(n) => {
                let v = n.value.value;
                if v == 0 || v > MAX_PLY_LIMIT as u64 {
                    let d = n.error(
                        format!("a ply limit of {v} is out of range"),
                        format!("expected 1 to {MAX_PLY_LIMIT}"),
                    );
                    self.diags.push(if v == 0 {
                        d
                    } else {
                        d.note(format!(
                            "games are counted to their last ply, so sow plays at most {MAX_PLY_LIMIT} plies a game"
                        ))
                    });
                }
                v.clamp(1, MAX_PLY_LIMIT as u64) as u32
            }
        };
        if let Some(c) = &m.capture_start
            && capture_start >= ply_limit
        {
            self.diags.push(Diagnostic::warning("no move of a game can capture").at(
                &c.at.file,
                c.at.span.clone(),
                format!("a game ends after at most {ply_limit} plies"),
            ));
        }
        if let Some(one) = &m.single_seed
            && opening.is_some_and(|o| o.value == Opening::NextPit)
        {
            self.diags.push(
                one.error("a pit of one seed sows it into the next pit already", "this rule changes nothing")
                    .note("the first seed of every sowing goes into the next pit")
                    .help("the rule is for variants whose first seed goes into the emptied pit"),
            );
        }

        let (board, seeds, (players, owners, first_player)) = (board?, seeds?, owners?);
        // The distributor of the first round is the first player: the seeds must be theirs.
        if let (Some(h), Some(_), Some(line)) = (hand_of, &m.distribute, &m.seeds)
            && h != first_player
        {
            self.diags.push(
                line.error(format!("the seeds are in player {}'s hand", h + 1), "not the distributor's")
                    .note(format!(
                        "the player to move distributes them, and player {} starts",
                        first_player + 1
                    )),
            );
            return None;
        }
        let directions =
            direction.and_then(|d| self.directions(d, board.value.pits_per_row.value as usize, &owners));
        let store_sowing = m.store_sowing.as_ref().map_or(StoreSowing::Neither, |s| s.value);
        let two = |this: &mut Self, at: &crate::lang::kinds::Origin, what: &str| {
            if players != 2 {
                this.diags.push(at.error(
                    format!("{what} is a rule for two players"),
                    format!("this variant has {players}"),
                ));
            }
        };
        if let Some(sown) = &m.store_sowing
            && sown.value != StoreSowing::Neither
        {
            if let Some(d) = direction
                && matches!(d.value, DirectionLine::ByPit(_))
            {
                // Say what the block makes of the board: pits of different ways, a direction
                // the mover chooses, or one way for every pit (a plain direction).
                let ways = match &directions {
                    Some(Directions::ByPit { ways, .. }) => ways.clone(),
                    _ => Vec::new(),
                };
                let alike = ways.first().filter(|&&w| ways.iter().all(|&x| x == w));
                // Every pit either way, as the mover chooses: each store lies where sowing
                // counter-clockwise puts it, and is sown into both ways (`Tables::path_back`).
                let (label, help) = match alike {
                    Some(&Way::Only(one)) => {
                        let word = one.word();
                        (
                            format!("every pit sows {word}"),
                            Some(format!("write `{word}` in place of the direction by pit")),
                        )
                    }
                    None if ways.is_empty() => ("a direction for each pit".to_string(), None),
                    _ => ("pits that sow different ways".to_string(), None),
                };
                if alike != Some(&Way::Either) {
                    let e = d.error("a direction by pit, but seeds are sown into stores", label).note(
                        "a player's store lies after their last pit in the sowing direction, so seeds are \
                         sown into stores only when the whole board sows one way, or every pit either way \
                         as the mover chooses",
                    );
                    self.diags.push(match help {
                        Some(h) => e.help(h),
                        None => e,
                    });
                }
            }
            if !board.value.stores {
                self.diags.push(
                    sown.error("seeds are sown into stores, but the board has none", "sown into a store")
                        .help(format!(
                            "write the board as `board 2 rows of {} pits, one store per player`",
                            board.value.pits_per_row.value
                        )),
                );
            } else {
                let rows = (0..players).all(|p| {
                    let mine: Vec<usize> = (0..owners.len()).filter(|&i| owners[i] == p).collect();
                    let k = board.value.pits_per_row.value as usize;
                    mine == (0..k).collect::<Vec<_>>() || mine == (k..2 * k).collect::<Vec<_>>()
                });
                if players != 2 || !rows {
                    self.diags.push(
                        sown.error(
                            "seeds can be sown into stores only when two players own a row each",
                            "sown into a store",
                        )
                        .note("a player's store lies at the end of their row: it comes after their last pit"),
                    );
                }
            }
        }
        if let Some(e) = &m.extra_turn
            && store_sowing == StoreSowing::Neither
        {
            self.diags.push(
                e.error(
                    "an extra turn from the store, but no seed is sown into a store",
                    "the last seed never reaches a store",
                )
                .help("add `sow into the mover's own store` to the sowing block"),
            );
        }
        if let Some(f) = &m.must_feed {
            two(&mut self, &f.at, "feeding an opponent");
        }
        if let Some(p) = &m.plays_other {
            two(&mut self, &p.at, "playing from the opponent's row");
            // The opponent's row is the row they own: each player must own one whole row.
            let rows = owners.len() % 2 == 0 && {
                let k = owners.len() / 2;
                owners[..k].iter().all(|&o| o == owners[0]) && owners[k..].iter().all(|&o| o == owners[k])
            };
            if players == 2 && !rows {
                self.diags.push(
                    p.error("each player must own a row to play from the opponent's", "the opponent's row")
                        .help("give each player a row: `player 1 owns the south row`, `player 2 owns the north row`"),
                );
            }
        }
        if let Some(f) = &m.lap_feeds {
            two(&mut self, &f.at, "leaving the opponent seeds after a lap");
            // The relays' part of the line says nothing where no lap is sown on.
            let relays = m.relay.is_some()
                || m.lap_rules.as_ref().is_some_and(|l| {
                    l.value
                        .iter()
                        .flat_map(|r| &r.value.effects)
                        .any(|e| matches!(e, Effect::Relay(_) | Effect::SowTaken(..) | Effect::SowEnd(_)))
                });
            if f.value == LapFeeds::EachLap && !relays {
                self.diags.push(
                    f.error("a rule for the relays of a move, but no lap is sown on", "a relay that would not")
                        .help("every move is one lap: write `a move must leave the opponent seeds after its first lap`"),
                );
            }
        }
        if let Some(f) = &m.leaves_move {
            two(&mut self, &f.at, "leaving the opponent a move");
        }
        if let Some(l) = &m.leftovers
            && l.value == Leftovers::NotRunOut
        {
            two(&mut self, &l.at, "leftovers to the player who did not run out");
        }
        if let Some(n) = &m.no_move
            && n.value == NoMove::Lose
            && players != 2
        {
            self.diags.push(
                n.error(
                    "a player who cannot move loses, but the game has more than two players",
                    "a rule for two players",
                )
                .note("the other player wins: this needs two players"),
            );
        }
        let grand_slam = m.grand_slam.as_ref().map_or(GrandSlam::Take, |g| g.value);
        if let Some(g) = &m.grand_slam
            && g.value != GrandSlam::Take
        {
            two(&mut self, &g.at, "the grand slam");
            let captures = landing.is_some_and(|l| l.value.is_some())
                || m.opposite.as_ref().is_some_and(|o| o.value.is_some());
            // Lines that take after each lap get a message of their own, below.
            let lap_takes = m.lap_rules.as_ref().is_some_and(|l| l.value.iter().any(|r| r.value.takes()));
            if !captures && !lap_takes {
                self.diags.push(
                    g.error("a grand slam rule, but nothing is ever captured", "no move can be a grand slam"),
                );
            }
        }
        let rounds = m.round_over.is_some();
        let lap_rules =
            m.lap_rules.as_ref().map_or_else(Vec::new, |l| self.lap_rules(l, total, players, rounds));
        // A pit of one seed that sows it into the next pit changes the board, and so does one
        // whose seed, back in the emptied pit, a capture takes there (`last seed makes 1 ...`,
        // or Ako Okwe's `when ... the last pit holds 1: take the last pit`).
        let takes_a_single = landing_rule.as_ref().is_some_and(|c| c.counts.contains(1) && c.pits != Where::Opponents)
            || lap_rules.iter().any(|r| {
                r.takes()
                    && r.conditions.iter().any(|c| {
                        matches!(c, Condition::At(p, Predicate::Holds(counts)) if *p == Place::LAST && counts.contains(1))
                    })
            });
        if let (Some(o), Some(Opening::EmptiedPit)) = (opening, opening.map(|o| o.value))
            && min_seeds < 2
            && m.single_seed.is_none()
            && !takes_a_single
        {
            self.diags.push(
                Diagnostic::warning("a pit holding 1 seed can be played without changing the board")
                    .at(&o.at.file, o.at.span.clone(), "the first seed goes back into the emptied pit")
                    .help("if the sources forbid that move, add `a pit needs 2 seeds to be played`"),
            );
        }
        if let Some(l) = &m.lap_rules
            && lap_rules.iter().any(LapRule::takes)
        {
            let first = l.value.iter().find(|r| r.value.takes()).unwrap_or(&l.value[0]);
            let at = |what: &str| format!("{what} applies to the `last seed ...` lines, not to `when` lines");
            // The line that takes, named in its own file when the rule is in another (a base).
            let takes = |rule_file: &crate::lang::diagnostic::SourceFile| {
                let line = l.at.file.line_col(first.span.start).0;
                if rule_file.name == l.at.file.name {
                    format!("the line on line {line} takes seeds")
                } else {
                    format!("the line on line {line} of {} takes seeds", l.at.file.name)
                }
            };
            if let Some(g) = m.grand_slam.as_ref().filter(|g| g.value != GrandSlam::Take) {
                self.diags.push(
                    g.error("a grand slam rule with lines that take after each lap", at("this rule"))
                        .note(takes(&g.at.file)),
                );
            }
        }
        if board.value.rows.value != 2 {
            self.more_rows(board, &owners, players);
        } else {
            self.no_columns();
        }
        let phases = self.phases(board, &owners, players, first_player, total);
        let claims = self.claims(&lap_rules);
        let rounds = self.rounds(total, board.value.pits_per_row.value as usize, players);
        let (first_move, first_move_of_match) = self.first_moves(players, &owners, rounds.is_some());
        self.first_move_played(&first_move, &phases.never_played, &owners);
        let stones = self.stones(board, &owners, players);
        let legality = self.legality(
            total,
            &owners,
            board.value.rows.value as usize,
            board.value.pits_per_row.value as usize,
        );
        let staging = self.staging(total, &owners, board.value.pits_per_row.value as usize, players);
        // The board may be empty: its counts start at 0.
        let board_end =
            m.board_seeds.as_ref().and_then(|b| self.counts("board", &b.value.counts, b, total, 0));
        let endings = self.endings(players);
        let game_ends = m.end_rules.as_ref().map_or_else(Vec::new, |l| self.game_ends(l, total));
        let layer_of = |i: usize| stack[i].layer.clone();
        let ruleset_about = stack.last().and_then(|l| l.about).map(about).unwrap_or_default();
        let about = about(&self.v.ast.about);
        let mut bases = Vec::new();
        let mut cur = self.v;
        while let (Some(b), Some(ext)) = (&cur.base, &cur.ast.extends) {
            bases.push(Layer {
                variant: b.name().to_string(),
                ruleset: ext.ruleset.as_ref().map(|r| r.value.clone()),
            });
            cur = b;
        }
        if self.diags.has_errors() {
            return None;
        }
        Some(Spec {
            name: self.v.name().to_string(),
            ruleset: ruleset.map(str::to_string),
            about,
            ruleset_about,
            bases,
            rows: board.value.rows.value as u8,
            pits_per_row: board.value.pits_per_row.value as u8,
            stores: board.value.stores,
            seeds,
            hand_seeds,
            hand_of,
            players,
            owners,
            first_player,
            direction: directions?,
            opening: opening?.value,
            single_seed: m.single_seed.is_some(),
            laps: laps?.value,
            min_seeds,
            landing: landing_rule,
            chain,
            no_move: no_move?.value,
            leftovers: leftovers?.value,
            ply_limit,
            winner: m.winner.as_ref().map_or(Winner::MostCaptured, |w| w.value),
            store_sowing,
            extra_turn: m.extra_turn.is_some(),
            must_feed: m.must_feed.is_some(),
            lap_feeds: m.lap_feeds.as_ref().map(|f| f.value),
            plays_other: m.plays_other.is_some(),
            leaves_move: m.leaves_move.is_some(),
            opposite: m.opposite.as_ref().and_then(|o| o.value),
            grand_slam,
            relay,
            capture_start,
            lap_rules,
            phases,
            claims,
            first_move,
            first_move_of_match,
            rounds,
            stones,
            legality,
            staging,
            board_end,
            endings,
            game_ends,
            provenance: provenance.iter().map(|(&t, &i)| (t, layer_of(i))).collect(),
            lines: RuleLines {
                kinds: Kind::ALL
                    .iter()
                    .filter_map(|&k| {
                        let at = m.origin(k)?;
                        Some((k, RuleAt { file: at.file.clone(), span: at.span.clone() }))
                    })
                    .collect(),
                lap_rules: m.lap_rules.as_ref().map_or_else(Vec::new, |l| {
                    l.value.iter().map(|r| RuleAt { file: l.at.file.clone(), span: r.span.clone() }).collect()
                }),
                game_ends: m.end_rules.as_ref().map_or_else(Vec::new, |l| {
                    l.value.iter().map(|r| RuleAt { file: l.at.file.clone(), span: r.span.clone() }).collect()
                }),
            },
        })
    }

    /// The number of pits, if the board can be played.
    fn board(&mut self, b: &Stated<BoardLine>) -> Option<usize> {
        let (rows, per_row) = (&b.value.rows, &b.value.pits_per_row);
        let here = |n: &Number| Diagnostic::error("").at(&b.at.file, n.span.clone(), "");
        if !(2..=4).contains(&rows.value) {
            let mut d = here(rows);
            d.message = format!("sow plays boards of 2, 3 or 4 rows, not {}", rows.value);
            if let Some(l) = &mut d.location {
                l.label = "expected 2, 3 or 4".into();
            }
            self.diags.push(d.note("games of 1 row are not supported yet"));
            return None;
        }
        // The middle row of 3 is shared in halves.
        if rows.value == 3 && per_row.value % 2 == 1 {
            let mut d = here(per_row);
            d.message =
                format!("a board of 3 rows needs an even number of pits in a row, not {}", per_row.value);
            if let Some(l) = &mut d.location {
                l.label = "an odd number".into();
            }
            self.diags.push(d.note("each player owns half of the middle row"));
            return None;
        }
        if per_row.value == 0 {
            let mut d = here(per_row);
            d.message = "a row needs at least 1 pit".into();
            if let Some(l) = &mut d.location {
                l.label = format!("expected 1 to {}", MAX_PITS / rows.value as usize);
            }
            self.diags.push(d);
            return None;
        }
        let pits = rows.value.saturating_mul(per_row.value);
        if pits > MAX_PITS as u64 {
            self.diags.push(
                b.error(
                    format!("this board has {pits} pits, too many to simulate"),
                    format!("sow plays boards of at most {MAX_PITS} pits"),
                )
                .note(format!("at most {} pits in a row", MAX_PITS / rows.value as usize)),
            );
            return None;
        }
        Some(pits as usize)
    }

    /// Each pit's count fits a pit, whatever the board.
    fn seed_counts_fit(&mut self, s: &Stated<SeedsLine>) -> bool {
        let numbers: &[Number] = match &s.value {
            SeedsLine::Each(n) | SeedsLine::Hand(n) | SeedsLine::PlayerHand(_, n) => std::slice::from_ref(n),
            SeedsLine::Listed(list, _) => list,
        };
        let mut ok = true;
        for n in numbers.iter().filter(|n| n.value > MAX_SEEDS as u64) {
            self.diags.push(Diagnostic::error(format!("a pit cannot hold {} seeds", n.value)).at(
                &s.at.file,
                n.span.clone(),
                format!("sow counts at most {MAX_SEEDS} seeds on a board"),
            ));
            ok = false;
        }
        ok
    }

    fn seeds(&mut self, s: &Stated<SeedsLine>, pits: usize) -> Option<Vec<u8>> {
        if !self.seed_counts_fit(s) {
            return None;
        }
        let numbers: Vec<&Number> = match &s.value {
            // The pits start empty; the hands are checked with the players.
            SeedsLine::Hand(_) | SeedsLine::PlayerHand(..) => return Some(vec![0; pits]),
            SeedsLine::Each(n) => vec![n; pits],
            SeedsLine::Listed(list, _) => {
                if list.len() != pits {
                    self.diags.push(s.error(
                        format!("{} seed counts for a board of {pits} pits", list.len()),
                        format!("expected {pits} numbers, one per pit from pit 1"),
                    ));
                    return None;
                }
                list.iter().collect()
            }
        };
        let total: u64 = numbers.iter().map(|n| n.value).fold(0, u64::saturating_add);
        if total > MAX_SEEDS as u64 {
            self.diags.push(
                s.error(
                    format!("the board would start with {total} seeds"),
                    format!("sow counts at most {MAX_SEEDS} seeds on a board"),
                )
                .note("a pit's seeds are counted in one byte, so that simulations stay fast"),
            );
            return None;
        }
        if total == 0 {
            self.diags.push(s.error("the board starts without seeds", "no move could ever be played"));
            return None;
        }
        Some(numbers.iter().map(|n| n.value as u8).collect())
    }

    /// `seeds 36 in each player's hand`: the seeds each hand starts with (0 for any other
    /// seeds line), all the seeds fitting the count of a board, and a rule to put them into play.
    fn start_hands(&mut self, s: &Stated<SeedsLine>, players: u8) -> Option<(u8, Option<u8>)> {
        let (n, one) = match &s.value {
            SeedsLine::Hand(n) => (n, None),
            SeedsLine::PlayerHand(p, n) => (n, Some(self.player_number(&s.at.file, p, players)?)),
            SeedsLine::Listed(_, Some(n)) => (n, None),
            _ => return Some((0, None)),
        };
        let mut total = n.value.saturating_mul(if one.is_some() { 1 } else { players as u64 });
        // The pits listed hold seeds too.
        let on_board = match &s.value {
            SeedsLine::Listed(list, _) => list.iter().map(|n| n.value).fold(0, u64::saturating_add),
            _ => 0,
        };
        total = total.saturating_add(on_board);
        if total > MAX_SEEDS as u64 {
            self.diags.push(
                s.error(
                    format!(
                        "the {} would start with {total} seeds",
                        if on_board > 0 { "pits and hands" } else { "hands" }
                    ),
                    format!("sow counts at most {MAX_SEEDS} seeds in a game"),
                )
                .note("a pit's seeds are counted in one byte, so that simulations stay fast"),
            );
            return None;
        }
        if n.value == 0 {
            self.diags.push(s.error("the game starts without seeds", "no move could ever be played"));
            return None;
        }
        if self.m.setup.is_none() && self.m.distribute.is_none() && self.m.place_hand.is_none() {
            let label = if on_board > 0 {
                "the pits hold the seeds listed; the hands' would stay there"
            } else {
                "the pits start empty"
            };
            self.diags.push(
                s.error("seeds in the players' hands, and no rule puts them into play", label).help(
                    "add a rule that plays them: `opening { in turns, each player puts 1 seed from their hand into a \
                     pit of their choice }`, or in the turns block `while the mover holds seeds in hand, a move puts \
                     one of them into one of their pits, as the last seed of a lap`",
                ),
            );
        }
        Some((n.value as u8, one))
    }

    /// Owners of each pit, the player count and the first player.
    fn players(&mut self, p: &Stated<PlayersBlock>, pits: usize, rows: u64) -> Option<(u8, Vec<u8>, u8)> {
        let block = &p.value;
        let file = &p.at.file;
        let count = block.count.value;
        let before = self.diags.0.len();
        let err =
            |span: &Span, msg: String, label: String| Diagnostic::error(msg).at(file, span.clone(), label);
        if count < 2 {
            self.diags.push(err(
                &block.count.span,
                format!("a game needs at least 2 players, not {count}"),
                "expected 2 or more".into(),
            ));
            return None;
        }
        if count > MAX_PLAYERS as u64 {
            self.diags.push(err(
                &block.count.span,
                format!("sow plays games of at most {MAX_PLAYERS} players"),
                format!("expected 2 to {MAX_PLAYERS}"),
            ));
            return None;
        }
        if count as usize > pits {
            self.diags.push(err(
                &block.count.span,
                format!("{count} players cannot share {pits} pits"),
                "every player needs a pit of their own".into(),
            ));
            return None;
        }
        let count = count as u8;
        let mut owner: Vec<Option<(u8, usize)>> = vec![None; pits];
        let mut owns_line: Vec<Option<Span>> = vec![None; count as usize];
        let mut first: Option<(u8, Span)> = None;
        let player_of = |n: &Number, this: &mut Self| -> Option<u8> {
            if n.value == 0 || n.value > count as u64 {
                this.diags.push(err(
                    &n.span,
                    format!("there is no player {}", n.value),
                    format!("players are numbered 1 to {count}"),
                ));
                None
            } else {
                Some(n.value as u8 - 1)
            }
        };
        for line in &block.lines {
            match &line.value {
                PlayerLine::Starts { player } => {
                    let Some(pl) = player_of(player, self) else { continue };
                    if let Some((_, span)) = &first {
                        self.diags.push(
                            err(
                                &line.span,
                                "the first player is stated twice".into(),
                                "stated again here".into(),
                            )
                            .note(format!("first stated on line {}", file.line_col(span.start).0)),
                        );
                    }
                    first = Some((pl, line.span.clone()));
                }
                PlayerLine::Owns { player, pits: what } => {
                    let Some(pl) = player_of(player, self) else { continue };
                    if let Some(span) = &owns_line[pl as usize] {
                        self.diags.push(
                            err(
                                &line.span,
                                format!("player {} owns pits on two lines", pl + 1),
                                "second line".into(),
                            )
                            .note(format!("the first is line {}", file.line_col(span.start).0))
                            .help("list all of a player's pits on one line: `player 1 owns pits 1 2 5`"),
                        );
                        continue;
                    }
                    owns_line[pl as usize] = Some(line.span.clone());
                    // (pit index, span naming it)
                    let mut listed: Vec<(usize, Span)> = Vec::new();
                    match what {
                        // A row of a board of 2, a side of a board of 4, a row and a half of
                        // a board of 3: half the pits.
                        Ownership::Row(row) | Ownership::TwoRows(row) | Ownership::RowAndHalf(row) => {
                            let side = if *row == Row::South { "south" } else { "north" };
                            let needs = match what {
                                Ownership::TwoRows(_) => 4,
                                Ownership::RowAndHalf(_) => 3,
                                _ => 2,
                            };
                            if needs != rows {
                                let write = match rows {
                                    4 => format!("the two {side} rows"),
                                    3 => format!("the {side} row and the right half of the middle row"),
                                    _ => format!("the {side} row"),
                                };
                                let has = match rows {
                                    _ if needs == 3 => format!("a board of {rows} rows has no middle row"),
                                    4 => format!("a board of 4 rows has two {side} rows"),
                                    3 => "a board of 3 rows has a middle row, shared by the players"
                                        .to_string(),
                                    _ => format!("a board of 2 rows has one {side} row"),
                                };
                                self.diags.push(err(&line.span, has, format!("write `{write}`")));
                                continue;
                            }
                            let k = pits / 2;
                            let range = match row {
                                Row::South => 0..k,
                                Row::North => k..pits,
                            };
                            listed.extend(range.map(|i| (i, line.span.clone())));
                        }
                        Ownership::Pits(ranges) => {
                            for (from, to) in ranges {
                                let to = to.as_ref().unwrap_or(from);
                                let span = from.span.start..to.span.end;
                                let mut bad = false;
                                for n in [from, to] {
                                    if n.value == 0 || n.value > pits as u64 {
                                        self.diags.push(err(
                                            &n.span,
                                            format!("there is no pit {}", n.value),
                                            format!("pits are numbered 1 to {pits}"),
                                        ));
                                        bad = true;
                                    }
                                }
                                if bad {
                                    continue;
                                }
                                if from.value > to.value {
                                    self.diags.push(err(
                                        &span,
                                        format!("the range {} to {} is backwards", from.value, to.value),
                                        format!("write `{} to {}`", to.value, from.value),
                                    ));
                                    continue;
                                }
                                listed.extend(
                                    (from.value as usize - 1..to.value as usize).map(|i| (i, span.clone())),
                                );
                            }
                        }
                    }
                    // The pits of one item (a range) owned already, by whom (none: by this
                    // player, listed twice; or another player and where their line starts):
                    // one message each.
                    type Clash = Option<(u8, usize)>;
                    let mut clashes: Vec<(Span, Clash, Vec<usize>)> = Vec::new();
                    for (i, span) in listed {
                        let clash = match owner[i] {
                            Some((other, _)) if other == pl => None,
                            Some((other, line_start)) => Some((other, line_start)),
                            None => {
                                owner[i] = Some((pl, line.span.start));
                                continue;
                            }
                        };
                        match clashes.iter_mut().find(|(sp, c, _)| *sp == span && *c == clash) {
                            Some((_, _, pits)) => pits.push(i + 1),
                            None => clashes.push((span, clash, vec![i + 1])),
                        }
                    }
                    for (span, clash, pits) in clashes {
                        let (what, are) = (pit_list(&pits), if pits.len() == 1 { "is" } else { "are" });
                        self.diags.push(match clash {
                            None => {
                                err(&span, format!("{what} {are} listed twice"), "listed again here".into())
                            }
                            Some((other, line_start)) => err(
                                &span,
                                format!("{what} {are} owned by two players"),
                                format!(
                                    "player {} already owns {} (line {})",
                                    other + 1,
                                    if pits.len() == 1 { "it" } else { "them" },
                                    file.line_col(line_start).0
                                ),
                            ),
                        });
                    }
                }
            }
        }
        for (pl, line) in owns_line.iter().enumerate() {
            if line.is_none() {
                self.diags.push(
                    err(
                        &block.keyword,
                        format!("player {} owns no pits", pl + 1),
                        format!("in this players block of {count} players"),
                    )
                    .help(format!(
                        "give player {} pits of their own with a line `player {} owns pits ...`; every pit belongs to exactly one player",
                        pl + 1,
                        pl + 1
                    )),
                );
            }
        }
        let unowned: Vec<usize> =
            owner.iter().enumerate().filter(|(_, o)| o.is_none()).map(|(i, _)| i + 1).collect();
        // After a mistake in an `owns` line, unowned pits are its echo, not news.
        let clean = !self.diags.0[before..].iter().any(Diagnostic::is_error);
        if !unowned.is_empty() && owns_line.iter().all(Option::is_some) && clean {
            let verb = if unowned.len() == 1 { "is" } else { "are" };
            self.diags.push(
                err(
                    &block.keyword,
                    format!("{} {verb} owned by nobody", pit_list(&unowned)),
                    "every pit must have an owner".into(),
                )
                .help("add the pits to a player's `owns` line"),
            );
        }
        if self.diags.0[before..].iter().any(Diagnostic::is_error) {
            return None;
        }
        let owners = owner.iter().map(|o| o.expect("all owned").0).collect();
        Some((count, owners, first.map_or(0, |(p, _)| p)))
    }

    /// The direction of every pit. A direction by pit names pits from each player's seat, so
    /// it needs two players owning a row each (on 4 rows, the two rows on their side, each group
    /// naming its row).
    fn directions(&mut self, line: &Stated<DirectionLine>, k: usize, owners: &[u8]) -> Option<Directions> {
        // Each player's pits, in number order: one row on a board of 2 rows, two on 4.
        let h = owners.len() / 2;
        let four = h == 2 * k;
        let groups = match &line.value {
            DirectionLine::All(d) => return Some(Directions::All(*d)),
            // The whole board, as `every pit: either way, as the mover chooses` says it.
            DirectionLine::Either => {
                return Some(Directions::ByPit {
                    groups: vec![(vec![(PitGroupSpec::Others, None)], Way::Either, (0..h as u8).collect())],
                    ways: vec![Way::Either; owners.len()],
                });
            }
            DirectionLine::ByPit(groups) => groups,
        };
        let rows = owners[..h].iter().all(|&o| o == owners[0])
            && owners[h..].iter().all(|&o| o == owners[h])
            && owners[0] != owners[h]
            && owners.iter().all(|&o| o < 2);
        if !rows {
            self.diags.push(
                line.error(
                    "a direction by pit needs two players who own a row each",
                    "pits named from a player's seat",
                )
                .note("`the leftmost pit` is the pit at a player's left hand, in the row they own"),
            );
            return None;
        }
        let before = self.diags.0.len();
        let here = |g: &crate::lang::syntax::Spanned<PitWay>, msg: String, label: String| {
            Diagnostic::error(msg).at(&line.at.file, g.span.clone(), label)
        };
        // The way of each of a player's pits, by its place among them in number order: on 2
        // rows, counted from the player's left.
        let mut place: Vec<Option<Way>> = vec![None; h];
        let mut out = Vec::new();
        let mut others = None;
        for g in groups {
            if let [(PitGroup::Others, _)] = g.value.groups.as_slice() {
                if others.is_some() {
                    self.diags.push(here(
                        g,
                        "the other pits are named twice".into(),
                        "named again here".into(),
                    ));
                }
                others = Some((g, g.value.way));
                continue;
            }
            let mut parts = Vec::new();
            let mut places = Vec::new();
            for (group, row) in &g.value.groups {
                if let Some((spec, mine)) = self.row_group(&line.at.file, &g.span, group, *row, k, four) {
                    parts.push((spec, *row));
                    places.extend(mine);
                }
            }
            if parts.len() < g.value.groups.len() {
                continue;
            }
            for &q in &places {
                if place[q].is_some() {
                    self.diags.push(here(
                        g,
                        format!("{} already has a direction", pit_of_each(q, k, four)),
                        "named a second time here".into(),
                    ));
                }
                place[q] = Some(g.value.way);
            }
            places.sort_unstable();
            places.dedup();
            out.push((parts, g.value.way, places.iter().map(|&q| q as u8).collect()));
        }
        if let Some((g, way)) = others {
            let rest: Vec<usize> = (0..h).filter(|&q| place[q].is_none()).collect();
            if rest.is_empty() {
                self.diags.push(here(
                    g,
                    "there are no other pits".into(),
                    "every pit of a row is named by the other lines".into(),
                ));
            }
            for &q in &rest {
                place[q] = Some(way);
            }
            out.push((vec![(PitGroupSpec::Others, None)], way, rest.iter().map(|&q| q as u8).collect()));
        }
        let unnamed: Vec<usize> = (0..h).filter(|&q| place[q].is_none()).collect();
        if !unnamed.is_empty() && self.diags.0.len() == before {
            let message = if four {
                // By row, each counted from the player's left.
                let rows: Vec<String> = [("outer", 0..k), ("inner", k..h)]
                    .into_iter()
                    .filter_map(|(row, range)| {
                        let mut places: Vec<usize> =
                            unnamed.iter().filter(|q| range.contains(q)).map(|&q| seat_place(q, k)).collect();
                        places.sort_unstable();
                        let which: Vec<String> = places.iter().map(|&q| ordinal(q + 1)).collect();
                        (!which.is_empty()).then(|| {
                            format!(
                                "the {} pit{} of their {row} row",
                                crate::lang::words::and_list(&which),
                                if which.len() == 1 { "" } else { "s" }
                            )
                        })
                    })
                    .collect();
                format!("no direction is given to {}, from each player's left", rows.join(" and "))
            } else {
                let which: Vec<String> = unnamed.iter().map(|&q| ordinal(q + 1)).collect();
                format!(
                    "the {} pit{} from each player's left ha{} no direction",
                    crate::lang::words::and_list(&which),
                    if unnamed.len() == 1 { "" } else { "s" },
                    if unnamed.len() == 1 { "s" } else { "ve" }
                )
            };
            self.diags.push(
                line.error(message, "every pit of a row needs one")
                    .help("name it, or add a line such as `the other pits: counter-clockwise`"),
            );
        }
        if self.diags.0[before..].iter().any(Diagnostic::is_error) {
            return None;
        }
        let ways = (0..owners.len()).map(|p| place[p % h].expect("every place named")).collect();
        Some(Directions::ByPit { groups: out, ways })
    }

    /// The rules after each lap, each line checked: its counts, a take before a chain or an
    /// `again`, one relay at most, rules for two players.
    /// The lines about claimed pits (`claimed pits { ... }`, the ending on unclaimed pits),
    /// which need a line that claims.
    fn claims(&mut self, lap_rules: &[LapRule<CountSet>]) -> Claims {
        let m = self.m;
        let claimed = lap_rules.iter().any(LapRule::claims)
            || m.lap_rules.as_ref().is_some_and(|l| l.value.iter().any(|r| r.value.claims()));
        let never = |o: &crate::lang::kinds::Origin| {
            o.error("a rule for claimed pits, but no line claims a pit", "no pit is ever claimed").help(
                "a pit is claimed by a `when` line such as `when the last pit holds 3: claim the last pit`",
            )
        };
        // The round's end a claim makes needs claims, and seeds that go to claimers when a round
        // is over need rounds; claims that end with the round too.
        let all_claimed = m
            .round_over
            .as_ref()
            .filter(|o| o.value.when == crate::lang::rounds::RoundEnd::AllClaimed)
            .map(|o| &o.at);
        if let Some(c) = &m.claim_round
            && m.round_over.is_none()
        {
            self.diags.push(
                c.error("claims that end with the round, but there are no rounds", "no round ends")
                    .help("remove this line: without rounds a claim lasts the game"),
            );
        }
        if let Some(c) = m.claim_seeds.as_ref().filter(|c| c.value == ClaimSeeds::AtRoundEnd)
            && m.round_over.is_none()
        {
            self.diags.push(
                c.error(
                    "seeds that go to their claimer at the end of each round, but there are no rounds",
                    "no round ends",
                )
                .help("write `seeds in a claimed pit go to its claimer at the end`, or add a rounds block"),
            );
        }
        if let Some(c) = m.claim_seeds.as_ref().filter(|c| c.value == ClaimSeeds::AtEnd)
            && m.round_over.is_some()
        {
            self.diags.push(
                c.error("seeds that go to their claimer at the end, in a game of rounds", "which end?")
                    .help("write `seeds in a claimed pit go to its claimer at the end of each round`: claims last a round"),
            );
        }
        if !claimed {
            for at in [
                all_claimed,
                m.claim_unplayable.as_ref().map(|c| &c.at),
                m.claim_seeds.as_ref().map(|c| &c.at),
                m.claim_round.as_ref().map(|c| &c.at),
                m.unclaimed_empty.as_ref().map(|c| &c.at),
            ]
            .into_iter()
            .flatten()
            {
                self.diags.push(never(at));
            }
        }
        Claims {
            unplayable: m.claim_unplayable.is_some(),
            claimer_plays: m.claim_unplayable.as_ref().is_some_and(|c| c.value.0),
            round_only: m.claim_round.is_some(),
            seeds: m.claim_seeds.as_ref().map(|c| c.value),
        }
    }

    /// The first moves of the game (`player 1's first move is from pit 6`): for each player,
    /// at most one line, naming pits of their own (a mask, bit 0 for pit 1); and the players
    /// whose first move is the match's (a bit each), in a game of rounds.
    fn first_moves(&mut self, players: u8, owners: &[u8], rounds: bool) -> (Vec<Option<u64>>, u8) {
        let m = self.m;
        let mut first = vec![None; players as usize];
        let mut of_match = 0u8;
        // The line that gave each player's first move.
        let mut stated: Vec<Option<usize>> = vec![None; players as usize];
        if let Some(lines) = &m.first_moves {
            let k = owners.len() / 2;
            // On 4 rows each player owns two rows of `row` pits.
            let row = m.board.as_ref().map_or(k, |b| b.value.pits_per_row.value as usize);
            let four = k == 2 * row;
            for line in &lines.value {
                let at = crate::lang::kinds::Origin {
                    file: lines.at.file.clone(),
                    span: line.span.clone(),
                    layer: lines.at.layer,
                };
                let who: Vec<u8> = match &line.value.player {
                    Some(n) => match self.player_number(&at.file, n, players) {
                        Some(p) => vec![p],
                        None => continue,
                    },
                    None => (0..players).collect(),
                };
                if let Some(span) = &line.value.of_match {
                    if !rounds {
                        self.diags.push(
                            Diagnostic::error("the first move of the match, in a game without rounds")
                                .at(&at.file, span.clone(), "a game of one round has one first move")
                                .help("write `first move is from ...`: without rounds it is the game's"),
                        );
                        continue;
                    }
                    of_match |= who.iter().fold(0, |bits, &p| bits | 1 << p);
                }
                // Pits named from the seat: their places among each player's pits, once.
                let places = match &line.value.from {
                    FirstFrom::Pits(groups) => {
                        let sides = owners[..k].iter().all(|&o| o == owners[0])
                            && owners[k..].iter().all(|&o| o == owners[k])
                            && owners[0] != owners[k];
                        if !sides {
                            self.diags.push(at.error(
                                "a first move from pits named from each player's seat needs two players who own a row each",
                                "pits named from a player's seat",
                            ));
                            continue;
                        }
                        let mut places = Vec::new();
                        let named = groups.iter().all(|(group, r)| {
                            self.row_group(&at.file, &at.span, group, *r, row, four)
                                .map(|(_, mine)| places.extend(mine))
                                .is_some()
                        });
                        if !named {
                            continue;
                        }
                        places
                    }
                    _ => Vec::new(),
                };
                for p in who {
                    let pits: u64 = match &line.value.from {
                        FirstFrom::Pit(n) => {
                            let mine = n.value >= 1
                                && (n.value as usize) <= owners.len()
                                && owners[n.value as usize - 1] == p;
                            if !mine {
                                let pits = (0..owners.len()).filter(|&q| owners[q] == p).map(|q| q + 1);
                                self.diags.push(
                                    Diagnostic::error(format!("pit {} is not player {}'s", n.value, p + 1))
                                        .at(
                                            &at.file,
                                            n.span.clone(),
                                            "a first move is from the player's own pit",
                                        )
                                        .note(format!(
                                            "player {} owns {}",
                                            p + 1,
                                            pit_list(&pits.collect::<Vec<_>>())
                                        )),
                                );
                                continue;
                            }
                            1 << (n.value - 1)
                        }
                        FirstFrom::Side { .. } if four => {
                            self.diags.push(
                                at.error(
                                    "on a board of 4 rows each player owns two rows",
                                    "their leftmost and rightmost pits are those of a row",
                                )
                                .help("name the row: `from the rightmost pit of their outer row`"),
                            );
                            break;
                        }
                        FirstFrom::Side { rightmost } => {
                            // A row seen from its owner's seat: the south row's left is pit 1,
                            // the north row's the pit after the south row's last.
                            let south = (0..k).all(|q| owners[q] == p);
                            let north = (k..2 * k).all(|q| owners[q] == p);
                            if !(south ^ north) {
                                self.diags.push(at.error(
                                    format!("player {} does not own one row", p + 1),
                                    "their leftmost and rightmost pits are those of the row they own",
                                ));
                                continue;
                            }
                            let left = if south { 0 } else { k };
                            1 << if *rightmost { left + k - 1 } else { left }
                        }
                        FirstFrom::Pits(_) => {
                            let mine = crate::lang::phases::seat_row(owners, p);
                            places.iter().fold(0, |m, &q| m | 1 << mine[q])
                        }
                    };
                    if let Some(line) = stated[p as usize] {
                        self.diags.push(
                            at.error(
                                format!("player {}'s first move is stated twice", p + 1),
                                "stated again here",
                            )
                            .note(format!("first stated on line {line}")),
                        );
                    }
                    first[p as usize] = Some(pits);
                    stated[p as usize] = Some(at.line());
                }
            }
        }
        (first, of_match)
    }

    /// Does the chain at `i` follow the take it starts from? A chain starts from the pit
    /// taken just before it: the take of one place, or, for a chain that takes each pit with
    /// the opposite pit, of several (it starts from the last named).
    fn chain_follows_take<C>(rule: &LapRule<C>, i: usize, opposite: bool) -> bool {
        matches!(rule.effects.get(i.wrapping_sub(1)), Some(Effect::Take(p, _)) if p.len() == 1 || opposite)
    }

    /// The error for a chain that follows no take it may start from.
    fn chain_without_take(at: &Stated<()>, opposite: bool) -> Diagnostic {
        if opposite {
            return at
                .error(
                    "a chain with the opposite pit must follow a take",
                    "the chain starts from the pit taken just before it",
                )
                .help(
                    "write it as `take the opposite pit and the last pit, then chain backward while an even \
                     count, each with the opposite pit`",
                );
        }
        at.error(
            "a chain must follow the take of one place",
            "the chain starts from the pit taken just before it",
        )
        .help("write it as `take the last pit, then chain backward while 4`")
    }

    /// `relay from ... or, as the mover chooses, ...`: right after the line's relay, last, and
    /// in a block small enough for the paused move to name its line.
    fn instead(
        &mut self,
        at: &Stated<()>,
        rule: &crate::lang::lap_rule::LapRuleLine,
        i: usize,
        lines: usize,
    ) {
        if i == 0 || !matches!(rule.effects[i - 1], Effect::Relay(_)) || i + 1 != rule.effects.len() {
            self.diags.push(
                at.error(
                    "a choice instead of a relay must follow the line's relay and end it",
                    "not after a relay",
                )
                .help(
                    "write it as `relay from the last pit or, as the mover chooses, take the opposite pit`",
                ),
            );
        }
        if lines > 64 {
            self.diags.push(at.error(
                "a choice instead of a relay in a block of more than 64 lines",
                format!("this block has {lines}"),
            ));
        }
        let pits =
            self.m.board.as_ref().map_or(0, |b| (b.value.rows.value * b.value.pits_per_row.value) as usize);
        // The choice not to relay is written `pass`, a move no pit of such a board can be.
        if pits >= crate::lang::spec::MAX_PITS {
            self.diags.push(at.error(
                format!(
                    "a relay may be replaced only on a board of fewer than {} pits",
                    crate::lang::spec::MAX_PITS
                ),
                "as the mover chooses",
            ));
        }
    }

    /// The effects a mover may choose instead of a relay: what the line's own would be told.
    fn instead_effects<C>(&mut self, at: &Stated<()>, alt: &[Effect<C>], players: u8) {
        for e in alt {
            match e {
                Effect::Claim(_) if players != 2 => self.diags.push(
                    at.error("a claim is a rule for two players", format!("this variant has {players}")),
                ),
                Effect::Move { from, to, .. } if from == to => self
                    .diags
                    .push(at.error(format!("seeds moved from {} into itself", from.words()), "in this line")),
                _ => {}
            }
        }
    }

    /// `take ..., chosen by the mover`: two players, last in a `when` line that does not relay.
    fn chosen_take(
        &mut self,
        at: &Stated<()>,
        rule: &crate::lang::lap_rule::LapRuleLine,
        i: usize,
        players: u8,
    ) {
        if players != 2 {
            self.diags.push(at.error(
                "a pit of the opponent's is a rule for two players",
                format!("this variant has {players}"),
            ));
        }
        if rule.every_lap {
            self.diags.push(
                at.error(
                    "an `after each lap` line cannot ask the mover to choose",
                    "the `when` lines come after it",
                )
                .help("write it as a `when` line"),
            );
        }
        if i + 1 != rule.effects.len() {
            self.diags.push(
                at.error("a pit chosen by the mover must end its line", "effects after it")
                    .note("the move pauses for the choice, and ends after it"),
            );
        }
        // Effects after the choice are the message above's; before it, a lap sown on or a
        // line gone again would come before the choice it waits for.
        if rule.effects[..i]
            .iter()
            .any(|e| matches!(e, Effect::Relay(_) | Effect::SowTaken(..) | Effect::SowEnd(_)))
        {
            self.diags.push(
                at.error("a line that asks the mover to choose a pit cannot go on sowing", "the move ends after the choice")
                    .help("take the pit chosen last: `take the opposite pit, then take an occupied pit of the opponent's, chosen by the mover`"),
            );
        }
    }

    /// `sow them from PLACE`: after a take, last in its line, the takes for nobody else.
    fn sow_taken(&mut self, at: &Stated<()>, rule: &crate::lang::lap_rule::LapRuleLine, i: usize) {
        let takes = |e: &Effect<_>| matches!(e, Effect::Take(..) | Effect::TakeEvery { .. });
        if !rule.effects[..i].iter().any(takes) {
            self.diags.push(
                at.error("`sow them` must follow a take", "nothing taken before it")
                    .help("write it as `take the opposite pit, then sow them from the last pit`"),
            );
        }
        if i + 1 != rule.effects.len() {
            let d = at
                .error("`sow them from ...` must end its line", "effects after it")
                .note("the seeds are sown on as a new lap: the rules are tried again after it");
            self.diags.push(if rule.effects[i + 1..].contains(&Effect::End) {
                d.help("to end the move after that lap, write a `when` line that holds then, with `end the move` alone")
            } else {
                d
            });
        }
        if rule.receivers().any(|r| r != Receiver::Mover) {
            self.diags.push(
                at.error("a take whose seeds are sown on cannot also go to someone", "this take gives them away")
                    .help("leave out `for the opponent`, `for its owner` or `out of play`: the seeds stay on the board"),
            );
        }
    }

    /// `sow them from the end of the mover's inner row ...`: on a board of 4 rows, two players,
    /// an edge within half a row, a `when` line whose takes name places from the last pit (they
    /// are named again once the mover has chosen the end).
    fn sow_end(
        &mut self,
        at: &Stated<()>,
        rule: &crate::lang::lap_rule::LapRuleLine,
        end: crate::lang::lap_rule::EndRule,
        players: u8,
    ) {
        use crate::lang::lap_rule::Base;
        let (rows, per_row) =
            self.m.board.as_ref().map_or((2, 0), |b| (b.value.rows.value, b.value.pits_per_row.value));
        if rows != 4 {
            self.diags.push(
                at.error(
                    "an end of the mover's inner row needs a board of 4 rows",
                    format!("this board has {rows}"),
                )
                .help("on other boards, sow the seeds on from a place: `sow them from the last pit`"),
            );
            return;
        }
        if players != 2 {
            self.diags.push(at.error(
                "sowing from an end of the inner row is a rule for two players",
                format!("this variant has {players}"),
            ));
        }
        if end.edge == 0 || end.edge as u64 > per_row / 2 {
            self.diags.push(at.error(
                format!("{} pits at either end of a row of {per_row}", end.edge),
                format!("expected 1 to {}", per_row / 2),
            ));
        }
        if let Some(seat) = end.seat
            && (seat == 0 || seat > players)
        {
            self.diags
                .push(at.error(format!("there is no player {seat}"), format!("expected 1 to {players}")));
        }
        if rule.every_lap {
            self.diags.push(
                at.error(
                    "an `after each lap` line cannot ask the mover to choose",
                    "the `when` lines come after it",
                )
                .help("write it as a `when` line"),
            );
        }
        let named_from_last = rule.effects.iter().all(|e| match e {
            Effect::Take(places, _) => places.iter().all(|p| matches!(p.base, Base::Last | Base::Opposite)),
            Effect::SowEnd(_) => true,
            _ => false,
        });
        if !named_from_last {
            self.diags.push(
                at.error("the seeds sown from an end must be taken from places named from the last pit", "another effect, or another place")
                    .note("the move may pause for the mover to choose the end: the places are taken once it is chosen")
                    .help("write it as `take the opposite pit, then sow them from the end of the mover's inner row ...`"),
            );
        }
    }

    fn lap_rules(
        &mut self,
        lines: &Stated<crate::lang::lap_rule::LapRuleLines>,
        total: usize,
        players: u8,
        rounds: bool,
    ) -> Vec<LapRule<CountSet>> {
        let mut out = Vec::new();
        for line in &lines.value {
            let at = Stated {
                value: (),
                at: crate::lang::kinds::Origin {
                    file: lines.at.file.clone(),
                    span: line.span.clone(),
                    layer: lines.at.layer,
                },
            };
            let before = self.diags.0.len();
            let rule = &line.value;
            // The board may hold no seed; a pit's count is said `is empty`.
            // A place that may be empty, and the board, count from 0 (`is empty` says 0 too).
            let checked =
                rule.try_map(|counts, lowest| self.counts("condition", counts, &at, total, lowest).ok_or(()));
            for c in &rule.conditions {
                if let Some(Predicate::Store(_)) = c.predicate()
                    && self.m.pit_store.is_none()
                {
                    self.diags.push(
                        at.error("a condition on a store, but no pit is a store", "this line speaks of a store")
                            .help("make a pit the store, in the players block: `each player's rightmost pit is their store`"),
                    );
                }
                // Pits named from the owner's seat, in a row of `k`.
                if let Some(Predicate::Seat(seats, row, _)) = c.predicate() {
                    let k = self.m.board.as_ref().map_or(0, |b| b.value.pits_per_row.value as usize);
                    let rows = self.m.board.as_ref().map_or(2, |b| b.value.rows.value);
                    if row.is_some() && rows != 4 {
                        self.diags.push(
                            at.error(
                                format!("an inner or outer row on a board of {rows} rows"),
                                "a row of its owner's",
                            )
                            .note("only a board of 4 rows gives each player an inner and an outer row")
                            .help("name the pit from its owner's seat alone: `is its owner's 5th pit`"),
                        );
                    }
                    for &s in seats {
                        self.seat_pit_in_row(&at.at.file, &at.at.span, s, k);
                    }
                }
                if let Condition::Total(crate::lang::lap_rule::Total::Captured(w), _) = c
                    && *w != Where::Own
                    && players != 2
                {
                    self.diags.push(at.error(
                        "a condition on the seeds the opponent has captured is a rule for two players",
                        format!("this variant has {players}"),
                    ));
                }
                // A pit's history is forgotten when a round is over: the line says so.
                if let Some(Predicate::Played(_, round)) = c.predicate()
                    && *round != rounds
                {
                    self.diags.push(if rounds {
                        at.error(
                            "a pit played from, in a game of rounds, but not said of which round",
                            "this line does not say `this round`",
                        )
                        .note("the pits played from are forgotten when a round is over")
                        .help("write `has been played from this round`")
                    } else {
                        at.error(
                            "a pit played from `this round`, but there are no rounds",
                            "this line speaks of a round",
                        )
                        .help("write `has been played from` (earlier in the game)")
                    });
                }
                if let Condition::At(Place::LAST, Predicate::Empty) = c {
                    self.diags.push(at.error(
                        "the last pit is never empty",
                        "it holds the last seed",
                    ).help("to speak of a pit that was empty before the last seed fell, write `the last pit holds 1`"));
                }
            }
            let mut took = false;
            let mut relays = 0;
            for (i, e) in rule.effects.iter().enumerate() {
                match e {
                    Effect::Take(places, _) => {
                        took = true;
                        let mut seen = Vec::new();
                        for p in places {
                            if seen.contains(p) {
                                self.diags
                                    .push(at.error(format!("{} is taken twice", p.words()), "in this line"));
                            }
                            seen.push(*p);
                        }
                    }
                    Effect::TakeEvery { .. } | Effect::TakeSeeds { .. } => took = true,
                    Effect::TakeChosen(_, declined) => {
                        took = true;
                        self.chosen_take(&at, rule, i, players);
                        // `pass` is written in a move set as no pit of such a board can be.
                        let pits = self
                            .m
                            .board
                            .as_ref()
                            .map_or(0, |b| (b.value.rows.value * b.value.pits_per_row.value) as usize);
                        if *declined && pits >= crate::lang::spec::MAX_PITS {
                            self.diags.push(at.error(
                                format!(
                                    "a take may be declined only on a board of fewer than {} pits",
                                    crate::lang::spec::MAX_PITS
                                ),
                                "which the mover may decline",
                            ));
                        }
                    }
                    Effect::Relay(_) => relays += 1,
                    Effect::Instead(alt) => {
                        took |= !alt.is_empty();
                        self.instead(&at, rule, i, lines.value.len());
                        self.instead_effects(&at, alt, players);
                    }
                    Effect::SowTaken(..) => {
                        relays += 1;
                        self.sow_taken(&at, rule, i);
                    }
                    Effect::SowEnd(end) => {
                        relays += 1;
                        self.sow_taken(&at, rule, i);
                        self.sow_end(&at, rule, *end, players);
                    }
                    Effect::Chain { opposite, .. } if !Self::chain_follows_take(rule, i, *opposite) => {
                        self.diags.push(Self::chain_without_take(&at, *opposite));
                    }
                    Effect::Again(_) => {
                        // After a pit chosen by the mover, its own message says the line ends.
                        let after_choice =
                            rule.effects[..i].iter().any(|e| matches!(e, Effect::TakeChosen(..)));
                        if !after_choice
                            && (i + 1 != rule.effects.len()
                                || !rule.effects[..i]
                                    .iter()
                                    .any(|e| matches!(e, Effect::Take(p, _) if p.len() == 1)))
                        {
                            self.diags.push(at.error(
                                "`again from the pit taken` must end a line that takes one place",
                                "nothing to go on from",
                            ).help("write it as `take the pit after the next, then again from the pit taken, at most 3 times`"));
                        }
                        if rule.every_lap {
                            self.diags.push(
                                at.error(
                                    "an `after each lap` line cannot go again",
                                    "only a `when` line can",
                                ),
                            );
                        }
                    }
                    Effect::Chain { .. } => {}
                    Effect::End => self.end_the_move(&at, rule),
                    Effect::Claim(places) => {
                        took = true;
                        let mut seen = Vec::new();
                        for p in places {
                            if seen.contains(p) {
                                self.diags.push(
                                    at.error(format!("{} is claimed twice", p.words()), "in this line"),
                                );
                            }
                            seen.push(*p);
                        }
                        if players != 2 {
                            self.diags.push(at.error(
                                "a claim is a rule for two players",
                                format!("this variant has {players}"),
                            ));
                        }
                    }
                    Effect::Move { from, to, .. } => {
                        took = true;
                        if from == to {
                            self.diags.push(at.error(
                                format!("seeds moved from {} into itself", from.words()),
                                "in this line",
                            ));
                        }
                    }
                    // It takes for whoever the take before it took for.
                    Effect::ChainOpposite { .. } if !took => {
                        self.diags.push(
                            at.error("a chain over the opposite pits must follow a take", "nothing taken before it")
                                .help("write it as `take the opposite pit, then chain forward over the opposite pits while 1 or 3`"),
                        );
                    }
                    Effect::ChainOpposite { .. } => {}
                }
            }
            if relays > 1 {
                self.diags.push(at.error("a line relays from one place at most", "more than one relay"));
            }
            if rule.every_lap && relays > 0 {
                self.diags.push(
                    at.error("an `after each lap` line cannot relay", "a relay ends the lap's rules")
                        .help("write it as a `when` line"),
                );
            }
            let ends = rule.effects.contains(&Effect::End);
            if !took && relays == 0 && !ends {
                self.diags.push(at.error("this line does nothing", "nothing taken, no relay"));
            }
            if rule.asks_of_claims() && !lines.value.iter().any(|l| l.value.claims()) {
                self.diags.push(
                    at.error("this line asks about claimed pits, but no line claims a pit", "never claimed")
                        .help("a pit is claimed by a `when` line such as `when the last pit holds 3: claim the last pit`"),
                );
            }
            let two_only = rule.receivers().any(|r| r == Receiver::Opponent);
            if two_only && players != 2 {
                self.diags.push(at.error(
                    "a take for the opponent is a rule for two players",
                    format!("this variant has {players}"),
                ));
            }
            if let Ok(rule) = &checked {
                self.lifted_counts(&at, rule);
            }
            if let (Ok(rule), false) = (checked, self.diags.0[before..].iter().any(Diagnostic::is_error)) {
                out.push(rule);
            }
        }
        out
    }

    /// `what` is "capture" or "chain".
    /// The counts of a capture, a chain or a relay (`what`), of a pit that holds at least
    /// `lowest` seeds ([`LAST_PIT`] for the pit the last seed falls into, or a chained pit;
    /// 0 for a place that may be empty). Every mistake is reported at the words that make it:
    /// a count out of range, a range written backwards, a count listed twice, an exception
    /// that takes nothing away, a set left empty.
    fn counts<T>(
        &mut self,
        what: &str,
        counts: &WrittenCounts,
        line: &Stated<T>,
        total: usize,
        lowest: u8,
    ) -> Option<CountSet> {
        let file = &line.at.file;
        let form = &counts.value;
        let mut ok = true;
        // Each number in range first: the checks after read the counts as bytes.
        let mut items =
            |list: &[Spanned<CountItem<Number>>], this: &mut Self| -> Vec<(CountItem<u8>, Span)> {
                let mut out = Vec::new();
                for item in list {
                    match this.count_item(what, &item.value, line, lowest) {
                        Some(i) => out.push((i, item.span.clone())),
                        None => ok = false,
                    }
                }
                out
            };
        let except = items(&form.except, self);
        let written = match &form.base {
            CountBase::List(list) => CountBase::List(items(list, self)),
            CountBase::Any => CountBase::Any,
            CountBase::Parity(p, list) => CountBase::Parity(*p, items(list, self)),
        };
        if !ok {
            return None;
        }
        let lists: Vec<&[(CountItem<u8>, Span)]> = match &written {
            CountBase::List(l) | CountBase::Parity(_, l) => vec![l, &except],
            CountBase::Any => vec![&except],
        };
        for list in lists {
            ok &= self.listed_once(list, line);
        }
        if let CountBase::Parity(p, list) = &written {
            for (item, sp) in list {
                let (lo, hi) = item.bounds();
                if !(lo..=hi).any(|n| p.holds(n)) {
                    self.diags.push(
                        Diagnostic::error(format!("`{}` holds no {} count", item.words(), p.word())).at(
                            file,
                            sp.clone(),
                            format!("nothing here is an {} count", p.word()),
                        ),
                    );
                    ok = false;
                }
            }
        }
        let strip = |l: &[(CountItem<u8>, Span)]| l.iter().map(|(i, _)| *i).collect::<Vec<_>>();
        let base = match &written {
            CountBase::List(l) => CountBase::List(strip(l)),
            CountBase::Any => CountBase::Any,
            CountBase::Parity(p, l) => CountBase::Parity(*p, strip(l)),
        };
        let before = CountSet::new(CountForm { base: base.clone(), except: vec![] }, lowest);
        for (item, sp) in &except {
            if !item.bits().iter().zip(before.bits()).any(|(a, b)| a & b != 0) {
                let but = if matches!(base, CountBase::Any) { "but" } else { "but not" };
                self.diags.push(
                    Diagnostic::error(format!("`{but} {}` takes nothing away", item.words())).at(
                        file,
                        sp.clone(),
                        format!("not among `{}`", before.words()),
                    ),
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let set = CountSet::new(CountForm { base, except: strip(&except) }, lowest);
        if set.is_empty() {
            self.diags.push(
                Diagnostic::error(format!("`{}` holds no count", set.words()))
                    .at(file, counts.span.clone(), format!("this {what} could never happen"))
                    .help(format!("counts start at {lowest}")),
            );
            return None;
        }
        // Counts more than the board holds: the rule is written for another board, or mistyped.
        if total > 0 {
            let mut warned = false;
            if let CountBase::List(list) = &written {
                for (item, sp) in list.iter().filter(|(i, _)| i.bounds().0 as usize > total) {
                    warned = true;
                    self.diags.push(
                        Diagnostic::warning(format!("a count of {} can never be reached", item.words())).at(
                            file,
                            sp.clone(),
                            format!("the board holds {total} seeds in all"),
                        ),
                    );
                }
            }
            if !warned && set.iter().next().is_some_and(|n| n as usize > total) {
                self.diags.push(Diagnostic::warning(format!("`{}` can never be reached", set.words())).at(
                    file,
                    counts.span.clone(),
                    format!("the board holds {total} seeds in all"),
                ));
            }
        }
        Some(set)
    }

    /// One item of a list of counts, its numbers in range: a count of 0 or of more than a pit
    /// holds, or a range written backwards, is reported.
    fn count_item<T>(
        &mut self,
        what: &str,
        item: &CountItem<Number>,
        line: &Stated<T>,
        lowest: u8,
    ) -> Option<CountItem<u8>> {
        let file = &line.at.file;
        let mut count = |n: &Number| -> Option<u8> {
            let here = |msg: String, label: &str| Diagnostic::error(msg).at(file, n.span.clone(), label);
            if n.value < u64::from(lowest) {
                let label = match what {
                    "relay" => "the last seed always makes at least 1",
                    "condition" => "the last pit always holds the last seed",
                    "store" => "an empty store has nothing to sow",
                    _ => "an empty pit has nothing to capture",
                };
                self.diags.push(here(format!("a {what} count cannot be 0"), label).help("counts start at 1"));
                None
            } else if n.value > MAX_SEEDS as u64 {
                // A board's count is said of the whole board, which holds at most as many.
                let whole = if lowest == 0 { "the board never holds" } else { "no pit can hold" };
                self.diags.push(here(format!("{whole} {} seeds", n.value), &format!("at most {MAX_SEEDS}")));
                None
            } else {
                Some(n.value as u8)
            }
        };
        match item {
            CountItem::One(n) => Some(CountItem::One(count(n)?)),
            CountItem::OrMore(n) => Some(CountItem::OrMore(count(n)?)),
            CountItem::OrFewer(n) => Some(CountItem::OrFewer(count(n)?)),
            CountItem::Range(a, b) => {
                let (lo, hi) = (count(a), count(b));
                let (lo, hi) = (lo?, hi?);
                if lo > hi {
                    self.diags.push(
                        Diagnostic::error(format!("the range {lo} to {hi} is reversed: it holds no count"))
                            .at(file, a.span.start..b.span.end, "from a larger count to a smaller one")
                            .help(format!("write it from the smaller count: `{hi} to {lo}`")),
                    );
                    return None;
                }
                Some(CountItem::Range(lo, hi))
            }
        }
    }

    /// Whether no count of a list is in two of its items; each that is, reported.
    fn listed_once<T>(&mut self, list: &[(CountItem<u8>, Span)], line: &Stated<T>) -> bool {
        let mut ok = true;
        for (i, (item, sp)) in list.iter().enumerate() {
            let (lo, hi) = item.bounds();
            let Some((earlier, n)) =
                list[..i].iter().find_map(|(e, _)| (lo..=hi).find(|&n| e.contains(n)).map(|n| (e, n)))
            else {
                continue;
            };
            let label = match (item, earlier) {
                (CountItem::One(_), CountItem::One(_)) => "listed again here".to_string(),
                _ => format!("already in `{}`", earlier.words()),
            };
            self.diags.push(Diagnostic::error(format!("the count {n} is listed twice")).at(
                &line.at.file,
                sp.clone(),
                label,
            ));
            ok = false;
        }
        ok
    }
}
