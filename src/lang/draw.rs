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

/// Draws a position: seeds per pit (pit 1 first) and what each player has captured.
pub fn board(spec: &Spec, pits: &[u8], captured: &[u16]) -> String {
    board_with_out(spec, pits, captured, 0)
}

/// [`board`], with the pits of `out` (a mask, bit 0 for pit 1) out of play (games of
/// rounds): their seeds drawn in brackets, `(0)`, and a line that says so.
pub fn board_with_out(spec: &Spec, pits: &[u8], captured: &[u16], out: u64) -> String {
    let label_width = "player 8 ".len();
    let whole_rows = row_owner(spec, Row::South).is_some() && row_owner(spec, Row::North).is_some();
    let pad = " ".repeat(label_width);
    let numbers = |row: Row| -> String {
        let cells: String =
            drawn_order(spec, row).iter().map(|p| format!("{:^w$}", p, w = CELL + 1)).collect();
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
        let cell = |p: usize| {
            if out >> (p - 1) & 1 != 0 {
                format!("{:>4} |", format!("({})", pits[p - 1]))
            } else {
                format!("{:>3}  |", pits[p - 1])
            }
        };
        let cells: String = drawn_order(spec, row).iter().map(|&p| cell(p)).collect();
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
    let kept = if spec.stores { "in store" } else { "captured" };
    let scores: Vec<String> =
        captured.iter().enumerate().map(|(p, c)| format!("player {} {c}", p + 1)).collect();
    lines.push(format!("{kept}: {}", scores.join(", ")));
    if out != 0 {
        let listed: Vec<usize> = (1..=pits.len()).filter(|&p| out >> (p - 1) & 1 != 0).collect();
        lines.push(format!("out of play: {}", crate::lang::describe::pit_list(&listed)));
    }
    lines.join("\n") + "\n"
}
