//! A play-out allocates nothing once its buffers have grown: counted by a
//! global allocator that tallies every allocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use gamut::ai::random_playout;
use gamut::engine::{Engine, Successors};
use gamut::load::check_game;
use gamut::rng::Rng;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn play_outs_allocate_nothing_after_warm_up() {
    for name in gamut::games::names() {
        let engine = Engine::new(check_game(name).unwrap().rules.unwrap());
        let start = engine.start();
        let mut history = Vec::new();
        let mut buffer = Successors::default();
        let play = |seed: u64, history: &mut Vec<u64>, buffer: &mut Successors| {
            let mut rng = Rng::new(seed);
            history.clear();
            random_playout(&engine, &start, &mut rng, 600, history, buffer)
        };
        // Warm up: the same games grow every buffer to the size they need.
        for seed in 0..8 {
            play(seed, &mut history, &mut buffer);
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut plies = 0;
        for seed in 0..8 {
            plies += play(seed, &mut history, &mut buffer).plies;
        }
        let allocated = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert_eq!(
            allocated, 0,
            "{name}: {allocated} allocations in {plies} plies"
        );
    }
}
