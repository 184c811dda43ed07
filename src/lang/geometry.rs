//! Where each pit lies on the board: its row, its column, and the pits of its column (the pit
//! facing it, the pit behind it). Computed from the board line, not stored, so that the rules
//! compared by `same_rules` and the layers see nothing new. One source for the drawing, the
//! places of the rules after each lap (`the opposite pit`, `the pit behind ...`) and the rows
//! named in conditions (`is in the mover's inner row`).
//!
//! Pits are numbered along each player's circuit (docs/language.md, "Pit numbering"): on 2
//! rows the south row 1..C from the left, the north row on from its right end; on 4 rows
//! player 1's outer row 1..C from their left, their inner row C + 1..2C from their right, and
//! player 2's two rows the same from their seat, 2C + 1..4C. Pits here are 0-based.

/// Which of its owner's rows a pit is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// A board of 2 rows: each row is one player's, neither inner nor outer.
    Only,
    /// The row at its owner's edge of the board (4 rows).
    Outer,
    /// The row next to the middle (4 rows).
    Inner,
    /// The middle row of 3, half each player's.
    Middle,
}

impl Side {
    /// `inner`, as lines write it.
    pub fn word(self) -> &'static str {
        match self {
            Side::Only => "only",
            Side::Outer => "outer",
            Side::Inner => "inner",
            Side::Middle => "middle",
        }
    }
}

/// A board's shape: rows of `cols` pits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub rows: usize,
    pub cols: usize,
}

impl Geometry {
    pub fn new(rows: usize, cols: usize) -> Geometry {
        Geometry { rows, cols }
    }

    pub fn pits(&self) -> usize {
        self.rows * self.cols
    }

    /// The rows as drawn, top to bottom, each left to right as player 1 sees the board: the
    /// 0-based pits. On 2 rows the north row then the south row; on 3 the north row, the
    /// middle row (player 2's half at player 1's left) and the south row; on 4 rows player 2's
    /// outer and inner rows, then player 1's inner and outer rows.
    pub fn drawn_rows(&self) -> Vec<Vec<usize>> {
        let c = self.cols;
        let h = c / 2;
        match self.rows {
            // Player 1's pits 0..C + C/2, their half of the middle row from its right end;
            // player 2's the same from their seat.
            3 => vec![
                (0..c).map(|i| 2 * c + h - 1 - i).collect(),
                (0..c).map(|i| if i < h { 2 * c + h + i } else { c + h - 1 - (i - h) }).collect(),
                (0..c).collect(),
            ],
            4 => vec![
                (0..c).map(|i| 3 * c - 1 - i).collect(),
                (0..c).map(|i| 3 * c + i).collect(),
                (0..c).map(|i| 2 * c - 1 - i).collect(),
                (0..c).collect(),
            ],
            _ => vec![(0..c).map(|i| 2 * c - 1 - i).collect(), (0..c).collect()],
        }
    }

    /// The row a pit is in, counted from its owner's edge of the board: which side.
    pub fn side(&self, p: usize) -> Side {
        let c = self.cols;
        match self.rows {
            4 if (p / c).is_multiple_of(2) => Side::Outer,
            4 => Side::Inner,
            3 if p % (c + c / 2) >= c => Side::Middle,
            _ => Side::Only,
        }
    }

    /// The pit facing `p` across the middle of the board: on 2 rows the pit of the other row
    /// in its column; on 4 rows the opponent's inner pit of an inner pit's column, and none
    /// for an outer pit.
    pub fn facing(&self, p: usize) -> Option<usize> {
        let (n, c) = (self.pits(), self.cols);
        match self.rows {
            4 => match p / c {
                1 => Some(3 * c + (2 * c - 1 - p)),
                3 => Some(2 * c - 1 - (p - 3 * c)),
                _ => None,
            },
            // The middle row of 3 lies between the others: no pit faces another.
            3 => None,
            _ => Some(n - 1 - p),
        }
    }

    /// The other pit of `p`'s owner in its column (outer for an inner pit, inner for an outer
    /// one): each player's two rows are numbered as a board of two rows is, so it is the pit
    /// facing `p` on that board. None on 2 rows.
    pub fn behind(&self, p: usize) -> Option<usize> {
        let half = 2 * self.cols;
        (self.rows == 4).then(|| {
            let base = p / half * half;
            base + half - 1 - (p - base)
        })
    }

    /// The pit next to `p` in its column towards the middle of the board: the pit facing an
    /// inner pit (or any pit on 2 rows), the inner pit in front of an outer one.
    pub fn in_front(&self, p: usize) -> Option<usize> {
        match self.side(p) {
            Side::Outer => self.behind(p),
            Side::Inner | Side::Only | Side::Middle => self.facing(p),
        }
    }

    /// The pits next to `p` in its row as drawn (one at a row's end), as a mask.
    pub fn beside(&self, p: usize) -> u64 {
        for row in self.drawn_rows() {
            if let Some(i) = row.iter().position(|&q| q == p) {
                let left = i.checked_sub(1).map_or(0, |j| 1u64 << row[j]);
                let right = row.get(i + 1).map_or(0, |&q| 1u64 << q);
                return left | right;
            }
        }
        0
    }

    /// The pits of a side, as a mask (bit 0 for pit 1): every pit on 2 rows for
    /// [`Side::Only`].
    pub fn side_mask(&self, side: Side) -> u64 {
        (0..self.pits()).filter(|&p| self.side(p) == side).fold(0, |m, p| m | 1 << p)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_pits_beside_a_pit_are_its_neighbours_in_its_row() {
        // 2 x 3: south 0 1 2 from the left, north 5 4 3 as drawn.
        let g = Geometry::new(2, 3);
        assert_eq!(g.beside(0), 1 << 1);
        assert_eq!(g.beside(1), 1 << 0 | 1 << 2);
        assert_eq!(g.beside(2), 1 << 1);
        assert_eq!(g.beside(3), 1 << 4);
        assert_eq!(g.beside(4), 1 << 5 | 1 << 3);
        // 4 x 4: player 1's inner row is drawn 7 6 5 4.
        let g = Geometry::new(4, 4);
        assert_eq!(g.beside(5), 1 << 6 | 1 << 4);
        assert_eq!(g.beside(7), 1 << 6);
    }

    use super::*;

    /// A 4 x 4 board as `show` draws it (docs/language.md): 13 above 8, 16 above 5; 12 behind
    /// 13, 1 behind 8.
    #[test]
    fn four_rows_of_four() {
        let g = Geometry::new(4, 4);
        let one_based = |rows: Vec<Vec<usize>>| -> Vec<Vec<usize>> {
            rows.into_iter().map(|r| r.into_iter().map(|p| p + 1).collect()).collect()
        };
        assert_eq!(
            one_based(g.drawn_rows()),
            [[12, 11, 10, 9], [13, 14, 15, 16], [8, 7, 6, 5], [1, 2, 3, 4]]
        );
        let at = |f: fn(&Geometry, usize) -> Option<usize>, p: usize| f(&g, p - 1).map(|q| q + 1);
        assert_eq!(at(Geometry::facing, 8), Some(13));
        assert_eq!(at(Geometry::facing, 13), Some(8));
        assert_eq!(at(Geometry::facing, 5), Some(16));
        assert_eq!(at(Geometry::facing, 1), None);
        assert_eq!(at(Geometry::behind, 8), Some(1));
        assert_eq!(at(Geometry::behind, 1), Some(8));
        assert_eq!(at(Geometry::behind, 13), Some(12));
        assert_eq!(at(Geometry::behind, 9), Some(16));
        assert_eq!(at(Geometry::in_front, 1), Some(8));
        assert_eq!(at(Geometry::in_front, 8), Some(13));
        assert_eq!(at(Geometry::in_front, 12), Some(13));
        assert_eq!(g.side(0), Side::Outer);
        assert_eq!(g.side(7), Side::Inner);
        assert_eq!(g.side(8), Side::Outer);
        assert_eq!(g.side(15), Side::Inner);
        assert_eq!(g.side_mask(Side::Inner), 0xf0f0);
    }

    /// Gabata's board (four-row-games.md): 15 .. 10 over 16 17 18 | 9 8 7 over 1 .. 6.
    #[test]
    fn three_rows_of_six() {
        let g = Geometry::new(3, 6);
        let one_based: Vec<Vec<usize>> =
            g.drawn_rows().into_iter().map(|r| r.into_iter().map(|p| p + 1).collect()).collect();
        assert_eq!(one_based, [[15, 14, 13, 12, 11, 10], [16, 17, 18, 9, 8, 7], [1, 2, 3, 4, 5, 6]]);
        assert_eq!(
            (g.side(0), g.side(6), g.side(8), g.side(9), g.side(15), g.side(17)),
            (Side::Only, Side::Middle, Side::Middle, Side::Only, Side::Middle, Side::Middle)
        );
        assert_eq!((g.facing(7), g.behind(7), g.in_front(0)), (None, None, None));
    }

    /// Every pit of a column reads the same from either seat: behind and in front are their
    /// own inverse, and the pits of each drawn column are one column.
    #[test]
    fn columns_are_consistent() {
        for c in 1..=16 {
            let g = Geometry::new(4, c);
            let rows = g.drawn_rows();
            let columns = rows[0].iter().zip(&rows[1]).zip(&rows[2]).zip(&rows[3]);
            for (((&p2o, &p2i), &p1i), &p1o) in columns {
                assert_eq!(g.behind(p1o), Some(p1i));
                assert_eq!(g.behind(p2o), Some(p2i));
                assert_eq!(g.facing(p1i), Some(p2i));
                assert_eq!(g.in_front(p2o), Some(p2i));
                assert_eq!(g.in_front(p2i), Some(p1i));
            }
            for p in 0..g.pits() {
                assert_eq!(g.behind(p).and_then(|q| g.behind(q)), Some(p));
            }
        }
        let g = Geometry::new(2, 6);
        assert_eq!(g.facing(0), Some(11));
        assert_eq!(g.behind(0), None);
        assert_eq!(g.in_front(3), Some(8));
        assert_eq!(g.drawn_rows(), [vec![11, 10, 9, 8, 7, 6], vec![0, 1, 2, 3, 4, 5]]);
    }
}
