//! The values of a solution table at the width its margins need: one byte a position when the
//! board holds at most 127 seeds (every bundled two-row game but Toguz Kumalak), two
//! otherwise. Half the memory, and half the memory traffic of a solve, for the common case.

/// A margin as a table stores it: `i8` or `i16`. `OPEN` marks a position not valued yet while
/// a layer is solved; no margin reaches it (a margin is at most the seeds on the board).
pub(super) trait Margin: Copy + Send + Sync + Default + PartialEq + 'static {
    const OPEN: Self;
    /// The widest margin this type holds for every position: the most seeds on the board.
    const MOST_SEEDS: usize;
    /// A margin known to fit (at most `MOST_SEEDS` either way).
    fn from_i32(v: i32) -> Self;
    fn to_i32(self) -> i32;
    fn wrap(values: Vec<Self>) -> Values;
}

impl Margin for i8 {
    const OPEN: i8 = i8::MIN;
    const MOST_SEEDS: usize = i8::MAX as usize;
    #[inline(always)]
    fn from_i32(v: i32) -> i8 {
        debug_assert!(v.unsigned_abs() <= Self::MOST_SEEDS as u32, "{v}");
        v as i8
    }
    #[inline(always)]
    fn to_i32(self) -> i32 {
        self as i32
    }
    fn wrap(values: Vec<i8>) -> Values {
        Values::I8(values)
    }
}

impl Margin for i16 {
    const OPEN: i16 = i16::MIN;
    const MOST_SEEDS: usize = i16::MAX as usize;
    #[inline(always)]
    fn from_i32(v: i32) -> i16 {
        debug_assert!(v.unsigned_abs() <= Self::MOST_SEEDS as u32, "{v}");
        v as i16
    }
    #[inline(always)]
    fn to_i32(self) -> i32 {
        self as i32
    }
    fn wrap(values: Vec<i16>) -> Values {
        Values::I16(values)
    }
}

/// Every position's value, at the width of the table's most seeds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Values {
    I8(Vec<i8>),
    I16(Vec<i16>),
}

impl Values {
    /// Whether a table of at most `seeds` seeds on the board stores its values in one byte.
    pub fn narrow(seeds: usize) -> bool {
        seeds <= i8::MOST_SEEDS
    }

    /// Bytes a value: 1 or 2 (the tests' check of the files' sizes).
    #[cfg(test)]
    pub fn width(&self) -> usize {
        match self {
            Values::I8(_) => 1,
            Values::I16(_) => 2,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Values::I8(v) => v.len(),
            Values::I16(v) => v.len(),
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> i32 {
        match self {
            Values::I8(v) => v[i] as i32,
            Values::I16(v) => v[i] as i32,
        }
    }

    /// Every value, in the order of the positions' numbers.
    pub fn iter(&self) -> Box<dyn Iterator<Item = i32> + '_> {
        match self {
            Values::I8(v) => Box::new(v.iter().map(|&x| x as i32)),
            Values::I16(v) => Box::new(v.iter().map(|&x| x as i32)),
        }
    }

    /// Little-endian bytes, `width` a value.
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Values::I8(v) => v.iter().map(|&x| x as u8).collect(),
            Values::I16(v) => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }

    /// The inverse of [`Values::to_bytes`] (`bytes` holds a whole number of values).
    pub fn from_bytes(width: usize, bytes: &[u8]) -> Values {
        if width == 1 {
            Values::I8(bytes.iter().map(|&b| b as i8).collect())
        } else {
            Values::I16(bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_one_byte_up_to_127_seeds_and_round_trip_through_bytes() {
        assert!(Values::narrow(127));
        assert!(!Values::narrow(128));
        for values in [Values::I8(vec![-127, 0, 5, 127]), Values::I16(vec![-255, 0, 151, 255])] {
            let bytes = values.to_bytes();
            assert_eq!(bytes.len(), values.len() * values.width());
            let back = Values::from_bytes(values.width(), &bytes);
            assert_eq!(back, values);
            assert_eq!(back.iter().collect::<Vec<_>>(), (0..4).map(|i| values.get(i)).collect::<Vec<_>>());
        }
        assert_eq!(Values::I8(vec![-3]).to_bytes(), [0xfd]);
        assert_eq!(Values::I16(vec![-3]).to_bytes(), [0xfd, 0xff]);
    }
}
