//! Boards drawn in the terminal, pits labelled by number, each row with its owner.

use crate::lang::spec::{Row, Spec};

const CELL: usize = 5;

/// The pit numbers of a row in the order they are drawn, left to right: the north row is
/// drawn from its highest number, so that pit 4 sits above pit 3 on a 2 x 3 board.
fn drawn_order(spec: &Spec, row: Row) -> Vec<usize> {
    let mut pits = spec.row_pits(row);
    if row == Row::North {
        pits.reverse();
    }
    pits
}

/// The owner of a whole row, if one player owns all of it.
fn row_owner(spec: &Spec, row: Row) -> Option<u8> {
    let pits = spec.row_pits(row);
    let first = spec.owners[pits[0] - 1];
    pits.iter().all(|&p| spec.owners[p - 1] == first).then_some(first)
}

/// Each player's store on the circuit (1-based pit), if the variant has them.
fn pit_stores(spec: &Spec) -> Vec<Option<usize>> {
    let k = spec.pits_per_row as usize;
    (0..spec.players)
        .map(|p| {
            let row = crate::lang::phases::seat_row(&spec.owners, p);
            spec.phases.store_pit.and_then(|s| s.index(k)).and_then(|i| row.get(i)).map(|&q| q + 1)
        })
        .collect()
}

/// Each player's end place (1-based pit), if the variant has them.
fn end_places(spec: &Spec) -> Vec<usize> {
    let k = spec.pits_per_row as usize;
    (0..spec.players.min(2))
        .filter_map(|p| {
            let row = crate::lang::phases::seat_row(&spec.owners, p);
            spec.stones.end_place.and_then(|s| s.index(k)).and_then(|i| row.get(i)).map(|&q| q + 1)
        })
        .collect()
}

/// The line under a board naming each player's claimed pits, if any are claimed.
fn claimed_line(claimed: &[u64]) -> Option<String> {
    let marks: Vec<String> = claimed
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(p, &c)| {
            let list = crate::lang::spec::pit_numbers(c);
            format!("player {} {}", p + 1, crate::lang::words::pit_list(&list))
        })
        .collect();
    (!marks.is_empty()).then(|| format!("claimed (*): {}", marks.join(", ")))
}

/// The pits never played (`each player's centre pit cannot be played`), 1-based.
fn never_played(spec: &Spec) -> Vec<usize> {
    let mask = spec.seat_mask(&spec.phases.never_played);
    crate::lang::spec::pit_numbers(mask)
}

/// Draws a position: seeds per pit (pit 1 first) and what each player has captured. A store
/// on the circuit is numbered in brackets, `[5]`, and its seeds are its owner's.
pub fn board(spec: &Spec, pits: &[u8], captured: &[u16]) -> String {
    board_marked(spec, pits, captured, &[], 0)
}

/// [`board`], with the pits each player has claimed (bit `p` for pit `p + 1`, player 1's
/// first) and the pits `out` of play (games of rounds; a mask, bit 0 for pit 1): a claimed
/// pit's seeds are marked with its claimer (`3*1`: claimed by player 1), the seeds of a pit out
/// of play drawn in brackets, `(0)`, and a line under the board names each kind.
pub fn board_marked(spec: &Spec, pits: &[u8], captured: &[u16], claimed: &[u64], out: u64) -> String {
    board_owned(spec, pits, captured, claimed, out, 0, 0)
}

/// [`board_marked`], with the pits `annexed` for the round (games of rounds whose pits change
/// owner; a mask, bit 0 for pit 1): each belongs to the player who does not own its row, and
/// its seeds are marked with that owner (`4@2`: player 2's, in player 1's row), named under
/// the board. The pits both players own (`shared`, a mask: `... and the other player tops it
/// up`) are marked `5@@`.
pub fn board_owned(
    spec: &Spec,
    pits: &[u8],
    captured: &[u16],
    claimed: &[u64],
    out: u64,
    annexed: u64,
    shared: u64,
) -> String {
    if spec.rows != 2 {
        return stacked_rows(spec, pits, captured, claimed);
    }
    let claimer = |p: usize| claimed.iter().position(|&c| c >> (p - 1) & 1 != 0);
    // Two players: a pit annexed is the other row owner's.
    let holder = |p: usize| (annexed >> (p - 1) & 1 != 0).then(|| (spec.owners[p - 1] ^ 1) as usize);
    let label_width = "player 8 ".len();
    let whole_rows = row_owner(spec, Row::South).is_some() && row_owner(spec, Row::North).is_some();
    let pad = " ".repeat(label_width);
    let stores = pit_stores(spec);
    let ends = end_places(spec);
    let never = never_played(spec);
    let number = |p: &usize| {
        if stores.contains(&Some(*p)) {
            format!("[{p}]")
        } else if ends.contains(p) {
            format!("<{p}>")
        } else if never.contains(p) {
            format!("{p}!")
        } else {
            p.to_string()
        }
    };
    let numbers = |row: Row| -> String {
        let cells: String =
            drawn_order(spec, row).iter().map(|p| format!("{:^w$}", number(p), w = CELL + 1)).collect();
        format!("{pad}{}", cells.trim_end())
    };
    let owners = |row: Row| -> String {
        let cells: String = drawn_order(spec, row)
            .iter()
            .map(|&p| format!("{:^w$}", format!("P{}", spec.owners[p - 1] + 1), w = CELL + 1))
            .collect();
        format!("{:<label_width$}{}", "owner", cells.trim_end())
    };
    let rule = format!("{pad}+{}", format!("{}+", "-".repeat(CELL)).repeat(spec.pits_per_row as usize));
    let seeds_row = |row: Row| -> String {
        let label = match (whole_rows, row_owner(spec, row)) {
            (true, Some(p)) => format!("player {}", p + 1),
            _ => String::new(),
        };
        let cells: String = drawn_order(spec, row)
            .iter()
            .map(|&p| match claimer(p) {
                _ if out >> (p - 1) & 1 != 0 => format!("{:>4} |", format!("({})", pits[p - 1])),
                _ if shared >> (p - 1) & 1 != 0 => format!("{:>3}@@|", pits[p - 1]),
                _ if holder(p).is_some() => format!("{:>3}@{}|", pits[p - 1], holder(p).unwrap_or(0) + 1),
                Some(c) => format!("{:>3}*{}|", pits[p - 1], c + 1),
                None => format!("{:>3}  |", pits[p - 1]),
            })
            .collect();
        format!("{label:<label_width$}|{cells}")
    };
    let mut lines = Vec::new();
    if !whole_rows {
        lines.push(owners(Row::North));
    }
    lines.push(numbers(Row::North));
    lines.push(rule.clone());
    lines.push(seeds_row(Row::North));
    lines.push(rule.clone());
    lines.push(seeds_row(Row::South));
    lines.push(rule);
    lines.push(numbers(Row::South));
    if !whole_rows {
        lines.push(owners(Row::South));
    }
    let kept = if spec.stores || spec.phases.store_pit.is_some() {
        "in store"
    } else if spec.hand_seeds > 0 {
        // The seeds start in the hands: what a player holds is their hand.
        "in hand"
    } else {
        "captured"
    };
    let stored = |p: usize| stores.get(p).copied().flatten().map_or(0, |q| pits[q - 1] as u16);
    let scores: Vec<String> =
        captured.iter().enumerate().map(|(p, c)| format!("player {} {}", p + 1, c + stored(p))).collect();
    lines.push(format!("{kept}: {}", scores.join(", ")));
    lines.extend(claimed_line(claimed));
    let held: Vec<String> = (0..2)
        .filter_map(|owner| {
            let list: Vec<usize> = (1..=pits.len()).filter(|&p| holder(p) == Some(owner)).collect();
            (!list.is_empty())
                .then(|| format!("player {} {}", owner + 1, crate::lang::words::pit_list(&list)))
        })
        .collect();
    if !held.is_empty() {
        lines.push(format!("owned across the rows (@): {}", held.join(", ")));
    }
    if shared != 0 {
        let both: Vec<usize> = (1..=pits.len()).filter(|&p| shared >> (p - 1) & 1 != 0).collect();
        lines.push(format!("owned by both players (@@): {}", crate::lang::words::pit_list(&both)));
    }
    if !ends.is_empty() {
        let stone = if spec.stones.big_stones { ", each starting with a big stone" } else { "" };
        lines.push(format!("end places <>: {}{stone}", crate::lang::words::pit_list(&ends)));
    }
    if !never.is_empty() {
        lines.push(format!("never played (!): {}", crate::lang::words::pit_list(&never)));
    }
    if out != 0 {
        let listed: Vec<usize> = (1..=pits.len()).filter(|&p| out >> (p - 1) & 1 != 0).collect();
        lines.push(format!("out of play: {}", crate::lang::words::pit_list(&listed)));
    }
    lines.join("\n") + "\n"
}

/// Where the big stones lie (whether each player's end place still holds its own) and how many
/// each player has taken: `big stones: pit 7; taken: player 1 1`.
pub fn stones_line(spec: &Spec, in_place: [bool; 2], won: [u8; 2]) -> String {
    let ends = end_places(spec);
    let pits: Vec<usize> = (0..ends.len().min(2)).filter(|&p| in_place[p]).map(|p| ends[p]).collect();
    let left =
        if pits.is_empty() { "none on the board".to_string() } else { crate::lang::words::pit_list(&pits) };
    let taken: Vec<String> = won
        .iter()
        .enumerate()
        .filter(|&(_, &w)| w > 0)
        .map(|(p, w)| format!("player {} {w}", p + 1))
        .collect();
    if taken.is_empty() {
        format!("big stones: {left}\n")
    } else {
        format!("big stones: {left}; taken: {}\n", taken.join(", "))
    }
}

/// [`board_marked`] on a board of 3 or 4 rows: each row labelled with its owner and side. On 4
/// rows the outer rows' numbers are at the board's edges and the inner rows' between them; on
/// 3, the middle row's numbers are under it.
fn stacked_rows(spec: &Spec, pits: &[u8], captured: &[u16], claimed: &[u64]) -> String {
    let c = spec.pits_per_row as usize;
    let claimer = |p: usize| claimed.iter().position(|&m| m >> (p - 1) & 1 != 0);
    let label_width = "player 8 ".len();
    let pad = " ".repeat(label_width);
    let numbers = |row: &[usize]| -> String {
        let cells: String = row.iter().map(|p| format!("{:^w$}", p, w = CELL + 1)).collect();
        format!("{pad}{}", cells.trim_end())
    };
    let rule = format!("{pad}+{}", format!("{}+", "-".repeat(CELL)).repeat(c));
    let seeds_row = |label: &str, row: &[usize]| -> String {
        let cells: String = row
            .iter()
            .map(|&p| match claimer(p) {
                Some(m) => format!("{:>3}*{}|", pits[p - 1], m + 1),
                None => format!("{:>3}  |", pits[p - 1]),
            })
            .collect();
        format!("{label:<label_width$}|{cells}")
    };
    let rows: Vec<Vec<usize>> =
        spec.geometry().drawn_rows().into_iter().map(|r| r.into_iter().map(|p| p + 1).collect()).collect();
    // Each row's label, and whether its numbers go above it (else below).
    let layout: &[(&str, bool)] = if spec.rows == 4 {
        &[("P2 outer", true), ("P2 inner", false), ("P1 inner", true), ("P1 outer", false)]
    } else {
        &[("P2", true), ("middle", false), ("P1", false)]
    };
    let mut lines = Vec::new();
    for (i, (row, &(label, above))) in rows.iter().zip(layout).enumerate() {
        if above {
            lines.push(numbers(row));
        }
        // A row right under another shares its rule.
        if i == 0 || above || !layout[i - 1].1 {
            lines.push(rule.clone());
        }
        lines.push(seeds_row(label, row));
        lines.push(rule.clone());
        if !above {
            lines.push(numbers(row));
        }
    }
    let scores: Vec<String> =
        captured.iter().enumerate().map(|(p, n)| format!("player {} {n}", p + 1)).collect();
    lines.push(format!(
        "{}: {}",
        if spec.hand_seeds > 0 { "in hand" } else { "captured" },
        scores.join(", ")
    ));
    lines.extend(claimed_line(claimed));
    lines.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claimed_pits_are_marked_with_their_claimer_and_named_under_the_board() {
        let file = crate::lang::library::load("bakuk").expect("bundled");
        let (spec, _) = crate::lang::check::check(&file, None).expect("valid");
        let pits = [1, 2, 3, 4, 5, 6];
        let plain = board(&spec, &pits, &[0, 0]);
        assert!(!plain.contains('*') && !plain.contains("claimed"));
        // Pit 5 (player 2's row) claimed by player 1, pit 2 by player 2.
        let drawn = board_marked(&spec, &pits, &[0, 0], &[1 << 4, 1 << 1], 0);
        assert!(drawn.contains("  5*1|") && drawn.contains("  2*2|"), "{drawn}");
        assert_eq!(drawn.matches('*').count(), 3, "two pits marked and the legend: {drawn}");
        assert!(drawn.ends_with("claimed (*): player 1 pit 5, player 2 pit 2\n"), "{drawn}");
        // The same board otherwise, line for line.
        assert_eq!(drawn.lines().count(), plain.lines().count() + 1);
    }

    #[test]
    fn pits_owned_across_the_rows_are_marked_with_their_owner() {
        let file = crate::lang::library::load("bakuk").expect("bundled");
        let (spec, _) = crate::lang::check::check(&file, None).expect("valid");
        let pits = [1, 2, 3, 4, 5, 6];
        // Pit 2 (player 1's row) held by player 2; pits 4 and 6 (player 2's row) by player 1.
        let drawn = board_owned(&spec, &pits, &[0, 0], &[], 0, 1 << 1 | 1 << 3 | 1 << 5, 0);
        assert!(drawn.contains("  2@2|") && drawn.contains("  4@1|") && drawn.contains("  6@1|"), "{drawn}");
        assert!(drawn.contains("  1  |") && drawn.contains("  5  |"), "{drawn}");
        assert!(
            drawn.ends_with("owned across the rows (@): player 1 pits 4 and 6, player 2 pit 2\n"),
            "{drawn}"
        );
        // An out-of-play pit is drawn so, a single out of play line under the board.
        let out = board_owned(&spec, &pits, &[0, 0], &[], 1 << 2, 0, 0);
        assert_eq!(out.matches("out of play").count(), 1, "{out}");
    }
}
