//! A small seeded generator, so that every random game can be played again
//! from its seed. It sits below every stage that draws: the engine draws
//! uniform moves with it, the computer players search with it.

/// `SplitMix64`: tiny, fast, and good enough for choosing moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose draws are fixed by its seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias worth noticing.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}
