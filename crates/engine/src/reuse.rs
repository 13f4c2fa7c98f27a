//! What spares checking an action its allocations: short lists kept inline,
//! and buffers kept from one action to the next.
//!
//! Each buffer is a thread's own: the replay of a battle runs on one thread,
//! and a lint worker's next battle finds the buffer as large as it was left.

use std::cell::Cell;
use std::ops::{Deref, DerefMut};
use std::thread::LocalKey;

use smallvec::SmallVec;

/// The cells a move enters, in order: held inline up to a dozen, more than
/// any allowance covers, so an event's path takes no allocation.
pub type Path = SmallVec<[senlac_board::Cell; 12]>;

/// A thread's reusable buffer, declared with
/// `thread_local! { static NAME: Buffer<T> = const { Cell::new(Vec::new()) }; }`.
pub type Buffer<T> = Cell<Vec<T>>;

/// A thread's buffer, lent empty and given back, with the room it grew to,
/// when dropped. Lending it again while it is out lends a new, empty one:
/// nesting is safe, only not free.
pub struct Lent<T: 'static> {
    key: &'static LocalKey<Buffer<T>>,
    items: Vec<T>,
}

impl<T> Lent<T> {
    pub fn new(key: &'static LocalKey<Buffer<T>>) -> Lent<T> {
        let mut items = key.take();
        items.clear();
        Lent { key, items }
    }
}

impl<T> Deref for Lent<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.items
    }
}

impl<T> DerefMut for Lent<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.items
    }
}

impl<T> Drop for Lent<T> {
    fn drop(&mut self) {
        self.items.clear();
        self.key.set(std::mem::take(&mut self.items));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static NUMBERS: Buffer<u32> = const { Cell::new(Vec::new()) };
    }

    #[test]
    fn a_buffer_is_lent_empty_and_given_back_with_its_room() {
        let capacity = {
            let mut numbers = Lent::new(&NUMBERS);
            assert!(numbers.is_empty());
            numbers.extend(0..100);
            numbers.capacity()
        };
        {
            let numbers = Lent::new(&NUMBERS);
            assert!(numbers.is_empty());
            assert_eq!(numbers.capacity(), capacity);
            // Lent again while out: a new buffer, not this one.
            let inner = Lent::new(&NUMBERS);
            assert_eq!(inner.capacity(), 0);
        }
        // The buffer given back last is kept: the outer one, dropped after.
        assert_eq!(Lent::new(&NUMBERS).capacity(), capacity);
    }
}
