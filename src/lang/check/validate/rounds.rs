//! The checks of a game of rounds (`crate::lang::rounds`): every line of the block, the fills
//! the seeds can make, pits that change owner, the points and the end of the match.

use crate::lang::diagnostic::Diagnostic;
use crate::lang::kinds::Kind;
use crate::lang::rounds::{Tie, TieLine};
use crate::lang::syntax::{GrandSlam, NoMove};

use super::Validator;

impl Validator<'_> {
    /// The rules of rounds, if the variant plays in rounds: every line of the block stated,
    /// two players, a fill the seeds can make.
    pub(super) fn rounds(
        &mut self,
        total: usize,
        per_row: usize,
        players: u8,
    ) -> Option<crate::lang::rounds::Rounds> {
        use crate::lang::rounds::Rounds;
        let m = self.m;
        let kinds = [
            Kind::RoundOver,
            Kind::RoundTake,
            Kind::Refill,
            Kind::CopyFill,
            Kind::Unfilled,
            Kind::MatchEnd,
            Kind::FillBeyond,
            Kind::FillOwner,
            Kind::FillOn,
            Kind::TopUp,
            Kind::ShortFill,
            Kind::Pool,
            Kind::StonesBack,
            Kind::RoundScore,
            Kind::SetupAgain,
            Kind::RoundBegin,
            Kind::FillFirst,
        ];
        let again = m.setup_again.as_ref();
        // The player with fewer seeds places them where they like: no pit need be left unfilled.
        let fewer = m.refill.as_ref().and_then(|r| r.value.fewer_tie.as_ref());
        let first = kinds.iter().filter_map(|&k| m.origin(k)).min_by_key(|o| (o.layer, o.span.start))?;
        let lines = [
            (m.round_over.is_some(), "when a round is over", "round over when a row is empty"),
            (
                m.round_take.is_some(),
                "what each player takes when a round is over",
                "each player takes the seeds of their own pits",
            ),
            (
                m.refill.is_some() || again.is_some(),
                "how the pits are filled for the next round",
                "in turns, each player fills their leftmost empty pit with 4 seeds",
            ),
            (
                m.unfilled.is_some() || fewer.is_some() || again.is_some(),
                "what becomes of the pits not filled",
                "pits not filled are out of play for the round",
            ),
            (
                m.match_end.is_some(),
                "when the match is over",
                "a player who cannot fill a pit loses the match",
            ),
        ];
        let mut whole = true;
        for (stated, what, line) in lines {
            if !stated {
                self.diags.push(
                    first
                        .error(format!("the rounds do not say {what}"), "a game of rounds starts here")
                        .help(format!("add `{line}` to the rounds block")),
                );
                whole = false;
            }
        }
        if players != 2 {
            self.diags.push(
                first.error("rounds are a rule for two players", format!("this variant has {players}")),
            );
            whole = false;
        }
        if let Some(e) = &m.side_empty {
            let at = e.at.seen_from(first);
            self.diags.push(
                first.error("a round that never ends", "a round is over when a row is empty").note(format!(
                    "the game is over first, when a player's pits are all empty ({at}): a game of rounds \
                     cannot have that ending"
                )),
            );
            whole = false;
        }
        if let (Some(o), Some(n)) = (&m.round_over, &m.no_move)
            && o.value.when == crate::lang::rounds::RoundEnd::NobodyCanMove
            && n.value != NoMove::Pass
        {
            self.diags.push(o.error("a round that never ends", "a round is over when nobody can move").note(
                format!(
                    "the game is over first, when the player to move cannot move (line {}): write `player \
                         to move cannot move: they pass`",
                    n.at.line()
                ),
            ));
            whole = false;
        }
        let (filler, copy) = self.fill_by_fewer(players)?;
        if !self.rounds_in_points(whole) {
            return None;
        }
        let first_fill = self.first_filler(players, filler)?;
        if let Some(a) = again {
            // The player who moves next distributes: nobody fills, and who begins is theirs.
            let lines = [
                m.round_begin.as_ref().map(|b| (&b.at, "the players take turns to begin the rounds")),
                m.fill_first.as_ref().map(|f| (&f.at, "the player with fewer seeds fills first")),
                m.short_fill
                    .as_ref()
                    .map(|f| (&f.at, "a player holding fewer seeds than a fill fills with all they hold")),
            ];
            if let Some((at, line)) = lines.into_iter().flatten().next() {
                self.diags.push(
                    at.error(format!("{line}, but each round is set up as the first"), "not with a set-up")
                        .note(format!(
                            "{} sets each round up as the first: the player who moves next distributes",
                            a.at.seen_from(at)
                        )),
                );
                return None;
            }
            // Nobody fills: an ending looked at once the pits are filled never fires.
            if let Some(e) = m.match_end.as_ref().filter(|e| {
                matches!(
                    e.value,
                    crate::lang::rounds::MatchEnd::NoPitInPlay | crate::lang::rounds::MatchEnd::OwnsAtMost(_)
                )
            }) {
                self.diags.push(
                    e.error("an ending that can never come", "looked at once the pits are filled").note(
                        format!(
                            "{} sets each round up as the first: no pit is filled",
                            a.at.seen_from(&e.at)
                        ),
                    ),
                );
                return None;
            }
            let owners = self.round_owners();
            if !whole {
                return None;
            }
            return Some(Rounds {
                over: m.round_over.as_ref()?.value,
                order: crate::lang::rounds::FillOrder::AnyPit,
                fill: 1,
                unfilled: crate::lang::rounds::Unfilled::InPlay,
                match_end: m.match_end.as_ref()?.value,
                filler,
                copy,
                owners: owners?,
                points: m.round_score.is_some(),
                again: true,
                fill_on: 0,
                top_up: 0,
                borrow: false,
                short: 0,
                pool: None,
                both_filled: None,
                stones_back: false,
                alternate: false,
                first: first_fill,
            });
        }
        let refill = m.refill.as_ref()?;
        let n = &refill.value.seeds;
        if n.value == 0 {
            self.diags.push(Diagnostic::error("a pit cannot be filled with 0 seeds").at(
                &refill.at.file,
                n.span.clone(),
                "at least 1",
            ));
            return None;
        }
        if n.value as usize > total {
            self.diags.push(
                Diagnostic::error("no pit can ever be filled")
                    .at(&refill.at.file, n.span.clone(), format!("the board holds only {total} seeds"))
                    .note("the match would be over at the end of the first round"),
            );
            return None;
        }
        let owners = self.round_owners();
        let fills = self.round_fills(n.value, refill.value.order, filler, total);
        let stones = self.round_stones();
        if !whole || !self.rounds_threshold(total, per_row) {
            return None;
        }
        let (fill_on, top_up, pool, both_filled) = fills?;
        Some(Rounds {
            over: m.round_over.as_ref()?.value,
            order: refill.value.order,
            fill: n.value as u8,
            unfilled: m.unfilled.as_ref().map_or(crate::lang::rounds::Unfilled::InPlay, |u| u.value),
            match_end: m.match_end.as_ref()?.value,
            filler,
            copy,
            owners: owners?,
            fill_on,
            top_up,
            borrow: m.top_up.as_ref().is_some_and(|t| t.value.1),
            short: m.short_fill.as_ref().map_or(0, |s| s.value.0.as_ref().map_or(1, |n| n.value as u8)),
            pool,
            both_filled,
            stones_back: stones?,
            points: m.round_score.is_some(),
            again: false,
            alternate: m.round_begin.is_some(),
            first: first_fill,
        })
    }

    /// The fills of a player who goes on filling (`a player goes on filling while they hold N
    /// or more seeds`) and of a pit shared (`a player left with N or more seeds puts them into
    /// the next empty pit, and the other player tops it up`): counts that can happen, a next
    /// pit that the fill's order names, owners for a pit shared, and a split of a shared pit
    /// only where one can be. `None` after an error.
    fn round_fills(
        &mut self,
        fill: u64,
        order: crate::lang::rounds::FillOrder,
        filler: crate::lang::rounds::Filler,
        total: usize,
    ) -> Option<(u16, u8, Option<Tie>, Option<Tie>)> {
        use crate::lang::rounds::{FillOrder, Filler, RoundTake};
        let m = self.m;
        let mut ok = true;
        let mut fill_on = 0;
        if let Some(f) = &m.fill_on {
            let n = &f.value.0;
            if n.value == 0 || n.value as usize > total {
                self.diags.push(
                    Diagnostic::error(format!("going on filling while holding {} seeds", n.value)).at(
                        &f.at.file,
                        n.span.clone(),
                        format!("expected 1 to {total}, the seeds of the board"),
                    ),
                );
                ok = false;
            } else if filler != Filler::InTurns {
                self.diags.push(
                    f.error(
                        "a player goes on filling, but only one player fills",
                        "every fill is the placer's",
                    )
                    .help("going on filling is a rule of `in turns, each player fills ...`"),
                );
                ok = false;
            } else {
                fill_on = n.value as u16;
            }
        }
        let mut top_up = 0;
        if let Some(t) = &m.top_up {
            let n = &t.value.0;
            if n.value == 0 || n.value >= fill {
                self.diags.push(
                    Diagnostic::error(format!("a player left with {} seeds or more", n.value)).at(
                        &t.at.file,
                        n.span.clone(),
                        format!(
                            "expected 1 to {}: a player left with {fill} fills a pit of their own",
                            fill.max(2) - 1
                        ),
                    ),
                );
                ok = false;
            } else if !matches!(order, FillOrder::Leftmost | FillOrder::Rightmost)
                || filler != Filler::InTurns
            {
                self.diags.push(
                    t.error("the next empty pit of a fill of the player's choice", "no pit is next")
                        .help("a pit topped up follows `in turns, each player fills their leftmost empty pit with ...`"),
                );
                ok = false;
            } else if m.fill_owner.is_none() {
                self.diags.push(
                    t.error("a pit both players filled, but pits do not change owner", "whose is it?")
                        .help("add `a pit filled belongs to the player who filled it` to the rounds block: both own it"),
                );
                ok = false;
            } else {
                top_up = n.value as u8;
            }
        }
        if let Some(s) = &m.short_fill {
            if filler != Filler::InTurns {
                self.diags.push(
                    s.error(
                        "a fill short of seeds, but only one player fills",
                        "the placer places one seed a move",
                    )
                    .help("a short fill is a rule of `in turns, each player fills ...`"),
                );
                ok = false;
            } else if let Some(t) = &m.top_up {
                self.diags.push(
                    s.error("a player short of a fill fills with all they hold, and puts them into a pit topped up", "which?")
                        .note(format!("the pit topped up is said at {}", t.at.seen_from(&s.at)))
                        .help("keep one of the two lines"),
                );
                ok = false;
            } else if fill == 1 {
                self.diags.push(
                    s.error(
                        "a fill of 1 seed cannot be short",
                        "a player holding any seed fills a whole pit",
                    )
                    .help("remove this line"),
                );
                ok = false;
            } else if let Some(n) = s.value.0.as_ref().filter(|n| n.value == 0 || n.value >= fill) {
                self.diags.push(
                    Diagnostic::error(format!("a short fill from {} seeds or more", n.value)).at(
                        &s.at.file,
                        n.span.clone(),
                        format!("expected 1 to {}: a player holding {fill} fills a whole pit", fill - 1),
                    ),
                );
                ok = false;
            }
        }
        let pool = self.pool(fill, filler);
        ok &= pool.is_some();
        let both_filled = self.both_filled();
        ok &= both_filled.is_some();
        if let Some(take) = &m.round_take
            && matches!(take.value, RoundTake::OwnSplit { .. })
            && m.top_up.as_ref().is_none_or(|t| t.value.1)
        {
            self.diags.push(
                take.error("a shared pit split, but no pit is ever shared", "no pit has two owners").help(
                    "a pit is shared once both players fill it: `a player left with 3 or more seeds puts them into \
                     the next empty pit, and the other player tops it up`",
                ),
            );
            ok = false;
        }
        ok.then_some((fill_on, top_up, pool?, both_filled?))
    }

    /// The last pit of the fills (`when both players hold fewer seeds than a fill, they put
    /// them all into the next empty pit, ...`): the player who owns it on a tie (0-based), or
    /// `Some(None)` without the line; `None` after an error.
    fn pool(&mut self, fill: u64, filler: crate::lang::rounds::Filler) -> Option<Option<Tie>> {
        let m = self.m;
        let Some(p) = &m.pool else { return Some(None) };
        let tie = self.tie(&p.value.0, &p.at)?;
        let other = [
            m.top_up.as_ref().map(|t| (&t.at, "a pit topped up")),
            m.short_fill.as_ref().map(|s| (&s.at, "a short fill")),
        ];
        if let Some((at, what)) = other.into_iter().flatten().next() {
            // Pointed at the line written last (an extending file's, not its base's).
            let (here, there, said) = if (at.layer, at.span.start) > (p.at.layer, p.at.span.start) {
                (at, &p.at, "the last pit of both players' seeds")
            } else {
                (&p.at, at, what)
            };
            self.diags.push(
                here.error("two rules for the seeds of players short of a fill", "which?")
                    .note(format!("{said} is said at {}", there.seen_from(here)))
                    .help("keep one of the two lines"),
            );
            return None;
        }
        if filler != crate::lang::rounds::Filler::InTurns || fill < 2 {
            self.diags.push(
                p.error("a pit of both players' last seeds, but no player is ever short of a fill", "never")
                    .help("the last pit of the fills follows `in turns, each player fills ... with N seeds`, N 2 or more"),
            );
            return None;
        }
        if m.fill_owner.is_none() {
            self.diags.push(
                p.error(
                    "a pit that belongs to the player who put in more, but pits do not change owner",
                    "whose is it?",
                )
                .help("add `a pit filled belongs to the player who filled it` to the rounds block"),
            );
            return None;
        }
        Some(Some(tie))
    }

    /// Who has a pit both players put as many seeds into: player 1 or 2, or drawn.
    fn tie(&mut self, line: &TieLine, at: &crate::lang::kinds::Origin) -> Option<Tie> {
        match line {
            TieLine::Drawn => Some(Tie::Drawn),
            TieLine::Player(n) if n.value == 0 || n.value > 2 => {
                self.diags.push(Diagnostic::error(format!("player {} on a tie", n.value)).at(
                    &at.file,
                    n.span.clone(),
                    "expected player 1 or player 2: rounds are for two players",
                ));
                None
            }
            TieLine::Player(n) => Some(Tie::Player(n.value as u8 - 1)),
        }
    }

    /// Who owns a pit topped up (`a pit both players filled belongs to the player who put in
    /// more, ...`): `Some(None)` without the line; `None` after an error.
    fn both_filled(&mut self) -> Option<Option<Tie>> {
        let m = self.m;
        let Some(b) = &m.both_filled else { return Some(None) };
        let tie = self.tie(&b.value.0, &b.at)?;
        if m.top_up.is_none() {
            self.diags
                .push(b.error("a pit both players filled, but no player ever tops up a pit", "never").help(
                "both players fill a pit after `a player left with 2 or more seeds puts them into the next \
                         empty pit and borrows the rest from the other player`",
            ));
            return None;
        }
        // A pit topped up needs pits that change owner, which the top-up's check asks for.
        Some(Some(tie))
    }

    /// The rules of rounds on big stones: a round over when no big stone is left, and the big
    /// stones put back, each need big stones; the round's end cannot be the game's.
    fn round_stones(&mut self) -> Option<bool> {
        let m = self.m;
        let stones = m.end_place.as_ref().is_some_and(|e| e.value.big_stone);
        let help =
            "give the end places a big stone: `each player's leftmost pit is an end place with a big stone`";
        let mut ok = true;
        if let Some(o) =
            m.round_over.as_ref().filter(|o| o.value.when == crate::lang::rounds::RoundEnd::NoBigStone)
        {
            if !stones {
                self.diags.push(
                    o.error(
                        "a round over when no big stone is left, but there are none",
                        "every round would be over at once",
                    )
                    .help(help),
                );
                ok = false;
            } else if let Some(e) = &m.no_stone_end {
                let at = o.at.seen_from(&e.at);
                self.diags.push(
                    e.error("a round that never ends", "the game is over when no big stone is on the board").note(
                        format!(
                            "a round is over then ({at}): the game ends first, and no round after the first is played"
                        ),
                    )
                    .help("write one of the two: the round's end, in a game of rounds"),
                );
                ok = false;
            }
        }
        if let Some(b) = &m.stones_back
            && !stones
        {
            self.diags.push(b.error("big stones go back, but there are none", "no big stone").help(help));
            ok = false;
        }
        ok.then_some(m.stones_back.is_some())
    }

    /// Rounds scored in points (`the player who captured more scores the difference`, `the
    /// first player to reach 60 points wins the match`) and rounds set up as the first: each
    /// needs the other's lines. Whether all is well.
    fn rounds_in_points(&mut self, whole: bool) -> bool {
        use crate::lang::rounds::MatchEnd;
        let m = self.m;
        let mut ok = whole;
        if let Some(e) = &m.match_end
            && let MatchEnd::Points(n) = e.value
        {
            if m.round_score.is_none() {
                self.diags.push(
                    e.error("a match won by points, but no round scores any", "this never happens")
                        .help("add `the player who captured more scores the difference` to the rounds block"),
                );
                ok = false;
            } else if n == 0 {
                self.diags.push(
                    e.error("a match won with 0 points", "won before it starts")
                        .help("write 1 point or more"),
                );
                ok = false;
            }
        }
        if let Some(a) = &m.setup_again {
            if m.distribute.is_none() {
                self.diags.push(
                    a.error("each round is set up as the first, but nobody distributes the seeds", "set up how?")
                        .help("add `the player to move puts the seeds of their hand one at a time into any pits` to the opening block"),
                );
                ok = false;
            }
            for (stated, what) in [
                (m.refill.as_ref().map(|r| &r.at), "a fill"),
                (m.unfilled.as_ref().map(|r| &r.at), "the pits not filled"),
                (m.copy_fill.as_ref().map(|r| &r.at), "a copy"),
            ] {
                if let Some(at) = stated {
                    self.diags.push(
                        at.error(
                            format!("{what}, but each round is set up as the first"),
                            "not with a set-up",
                        )
                        .note(format!("line {} sets each round up as the first", a.at.line())),
                    );
                    ok = false;
                }
            }
        }
        if let Some(d) = &m.distribute
            && m.round_over.is_some()
            && m.setup_again.is_none()
        {
            self.diags.push(
                d.error("a distribution before the first round only", "the first round")
                    .help("add `each round is set up as the first` to the rounds block"),
            );
            ok = false;
        }
        ok
    }

    /// Pits that change owner between rounds (`a player whose row is full fills any empty
    /// pit`, `a pit filled belongs to the player who filled it`): the second changes nothing
    /// without the first, and neither goes with the rules that read each row as its owner's
    /// pits (feeding, the grand slam).
    fn round_owners(&mut self) -> Option<crate::lang::rounds::Owners> {
        use crate::lang::rounds::{Owners, RoundTake};
        let m = self.m;
        let (beyond, owner) = (m.fill_beyond.as_ref(), m.fill_owner.as_ref());
        let mut ok = true;
        if let (Some(o), None) = (owner, beyond) {
            self.diags.push(
                o.error("a pit filled is always its row's owner's", "this changes nothing")
                    .note("the players fill only the pits of their own row")
                    .help("add `a player whose row is full fills any empty pit` to the rounds block"),
            );
            ok = false;
        }
        if let Some(o) = owner {
            let rows = [
                m.must_feed.as_ref().map(|f| (&f.at, "feeding an opponent")),
                m.grand_slam
                    .as_ref()
                    .filter(|g| g.value != GrandSlam::Take)
                    .map(|g| (&g.at, "the grand slam")),
            ];
            for (at, what) in rows.into_iter().flatten() {
                self.diags.push(
                    at.error(
                        format!("{what} with pits that change owner"),
                        "this rule reads each row as its owner's",
                    )
                    .note(format!(
                        "a pit filled belongs to the player who filled it (line {}), whatever its row",
                        o.at.line()
                    )),
                );
                ok = false;
            }
        }
        ok.then(|| Owners {
            take: m.round_take.as_ref().map_or(RoundTake::OwnPits, |t| t.value),
            beyond: beyond.map(|b| b.value),
            to_filler: owner.is_some(),
        })
    }

    /// Who fills between rounds, and whether the other copies the placer's pits: a copy needs
    /// a single placer (`the player with fewer seeds puts them ...`), and the player named
    /// for a tie must play. `None` after an error.
    fn fill_by_fewer(&mut self, players: u8) -> Option<(crate::lang::rounds::Filler, bool)> {
        use crate::lang::rounds::Filler;
        let m = self.m;
        let tie = m.refill.as_ref().and_then(|r| r.value.fewer_tie.as_ref().map(|t| (r, t)));
        if let (Some(c), None) = (&m.copy_fill, tie) {
            self.diags.push(
                c.error("a copy of the placed seeds, but every player fills", "nothing to copy").help(
                    "the copy follows `the player with fewer seeds puts them one at a time into pits of \
                         their choice, player 2 on a tie`",
                ),
            );
            return None;
        }
        let Some((r, t)) = tie else { return Some((Filler::InTurns, false)) };
        let tie = self.player_number(&r.at.file, t, players)?;
        Some((Filler::Fewer { tie }, m.copy_fill.is_some()))
    }

    /// `the player with fewer seeds fills first[, player N on a tie]`: only where the players
    /// fill in turns (a single placer is already the player with fewer seeds), and the player
    /// named for a tie must play. `None` after an error.
    fn first_filler(
        &mut self,
        players: u8,
        filler: crate::lang::rounds::Filler,
    ) -> Option<crate::lang::rounds::FirstFiller> {
        use crate::lang::rounds::{Filler, FirstFiller};
        let Some(f) = &self.m.fill_first else { return Some(FirstFiller::Next) };
        if let (Filler::Fewer { .. }, Some(r)) = (filler, &self.m.refill) {
            self.diags.push(
                f.error("the player with fewer seeds fills first, but only they fill", "nobody fills second")
                    .note(format!("{} has the player with fewer seeds put them all", r.at.seen_from(&f.at))),
            );
            return None;
        }
        let tie = match &f.value.0 {
            Some(t) => Some(self.player_number(&f.at.file, t, players)?),
            None => None,
        };
        Some(FirstFiller::Fewer { tie })
    }

    /// `a mover who has captured all but N seeds wins the match`: the mover must then hold
    /// most of the seeds, or the rule would crown a player with fewer than the other.
    fn rounds_threshold(&mut self, total: usize, per_row: usize) -> bool {
        let Some(e) = &self.m.match_end else { return true };
        if let crate::lang::rounds::MatchEnd::HeldAtMost(n) = e.value
            && 2 * n as usize >= total
        {
            self.diags.push(
                e.error(
                    format!(
                        "every match would be lost at the end of its first round, holding {n} seeds or fewer"
                    ),
                    format!("the board holds {total} seeds"),
                )
                .note("one of the two players holds half the seeds or fewer")
                .help(format!(
                    "the count must be fewer than half the seeds: at most {}",
                    (total.max(1) - 1) / 2
                )),
            );
            return false;
        }
        if let crate::lang::rounds::MatchEnd::OwnsAtMost(n) = e.value
            && n as usize >= per_row
        {
            self.diags.push(
                e.error(
                    format!(
                        "every match would be lost once the pits are first filled, owning {n} pits or fewer"
                    ),
                    format!("a row has {per_row} pits"),
                )
                .note("of the two players, one owns at most a row's pits")
                .help(format!("the count must be fewer than a row's pits: at most {}", per_row.max(1) - 1)),
            );
            return false;
        }
        let crate::lang::rounds::MatchEnd::MoverAllBut(n) = e.value else { return true };
        if 2 * n as usize >= total {
            self.diags.push(
                e.error(
                    "this win needs fewer than half the seeds left out",
                    format!("the board holds {total} seeds"),
                )
                .help(format!(
                    "the number left out must be fewer than half the seeds: at most {}",
                    (total.max(1) - 1) / 2
                )),
            );
            return false;
        }
        true
    }
}
