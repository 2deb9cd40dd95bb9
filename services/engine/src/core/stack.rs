//! A LIFO stack of pending items with priority passing, as used by a response window
//! (`mainframe`'s Cache and Swift Checks, MF-9).
//!
//! The stack only orders items and tracks who has passed in succession; what an item does is
//! the game's business. Items are owned by the stack, independent of whatever put them there
//! (MF-9.4: removing a source does not remove its ability).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack<T> {
    items: Vec<T>,
}

impl<T> Default for Stack<T> {
    fn default() -> Self {
        Stack { items: Vec::new() }
    }
}

impl<T> Stack<T> {
    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }
    /// The most recent item: the next to resolve.
    pub fn pop(&mut self) -> Option<T> {
        self.items.pop()
    }
    pub fn top(&self) -> Option<&T> {
        self.items.last()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// Oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.items.iter()
    }
}

/// Priority passing among seats in turn order: a window closes when every seat has passed in
/// succession (MF-9.1, MF-9.3). Any action resets the count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriorityRound {
    /// Seats that take part, in turn order starting with the one who gets priority first.
    pub order: Vec<u32>,
    /// Index into `order` of the seat holding priority.
    pub holder: usize,
    /// How many seats have passed in succession.
    pub passes: usize,
}

impl PriorityRound {
    pub fn new(order: Vec<u32>) -> Self {
        PriorityRound { order, holder: 0, passes: 0 }
    }
    /// The seat that holds priority; `None` only for an empty round.
    pub fn holder(&self) -> Option<u32> {
        self.order.get(self.holder).copied()
    }
    /// Record a pass; returns true when everyone has now passed in succession.
    pub fn pass(&mut self) -> bool {
        self.passes += 1;
        if self.passes >= self.order.len() {
            return true;
        }
        self.holder = (self.holder + 1) % self.order.len().max(1);
        false
    }
    /// Someone acted: every seat must pass again in succession before the window closes.
    /// Priority stays in turn order (MF-9.1): the holder moves on to the next seat.
    pub fn acted(&mut self) {
        self.passes = 0;
        self.holder = (self.holder + 1) % self.order.len().max(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_is_last_in_first_out() {
        let mut s = Stack::default();
        s.push(1);
        s.push(2);
        s.push(3);
        assert_eq!(s.pop(), Some(3));
        assert_eq!(s.pop(), Some(2));
        assert_eq!(s.pop(), Some(1));
        assert_eq!(s.pop(), None);
    }

    #[test]
    fn round_closes_after_everyone_passes_in_succession() {
        let mut r = PriorityRound::new(vec![2, 0, 1]);
        assert_eq!(r.holder(), Some(2));
        assert!(!r.pass());
        assert_eq!(r.holder(), Some(0));
        r.acted();
        assert!(!r.pass());
        assert!(!r.pass());
        assert!(r.pass());
    }
}
