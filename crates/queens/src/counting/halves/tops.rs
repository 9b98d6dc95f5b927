//! The tops on a set: found by the textbook search of the top rows restricted to the set,
//! or joined from the tables of the half's row blocks, and handed on in batches.

use super::Halves;

/// Where a search appends its tops: each is checked against `avoid` (when the search
/// does not do it), passed through `map`, and every so often, when the list holds `cap`
/// or more, handed to `full`, which empties it and says whether to go on.
pub(super) struct TopSink<'a, M> {
    pub(super) out: &'a mut Vec<u64>,
    /// The patterns before this are checked and mapped.
    settled: usize,
    pub(super) avoid: u64,
    /// Generic rather than `dyn`: it runs on every top, and a call through a pointer
    /// for each was 5% of `count 19 -j1` on a Zen 4 core.
    map: M,
    cap: usize,
    full: &'a mut dyn FnMut(&mut Vec<u64>) -> bool,
}

impl<M: Fn(u64) -> u64> TopSink<'_, M> {
    fn settle(&mut self) {
        let mut kept = self.settled;
        for i in self.settled..self.out.len() {
            let p = self.out[i];
            self.out[kept] = (self.map)(p);
            kept += usize::from(p & self.avoid == 0);
        }
        self.out.truncate(kept);
        self.settled = kept;
    }

    /// A point where the search may pause: false if `full` said to stop.
    pub(super) fn pause(&mut self) -> bool {
        if self.out.len() < self.cap {
            return true;
        }
        self.settle();
        let go_on = (self.full)(self.out);
        self.settled = self.out.len();
        go_on
    }
}

impl Halves {
    /// Appends the pattern of every top on the columns `set` with none of the pattern
    /// bits `avoid`, passed through `map`, to `out`; whenever `out` holds `cap` or more at
    /// a point where the search can pause, hands it to `full`, which empties it and says
    /// whether to go on. False if it stopped.
    pub(super) fn tops(
        &self,
        set: u32,
        avoid: u64,
        map: impl Fn(u64) -> u64,
        cap: usize,
        out: &mut Vec<u64>,
        full: &mut dyn FnMut(&mut Vec<u64>) -> bool,
    ) -> bool {
        let settled = out.len();
        let mut sink = TopSink {
            out,
            settled,
            avoid,
            map,
            cap,
            full,
        };
        let done = match &self.blocks {
            Some(blocks) => blocks.tops(set, self.h, &mut sink),
            None => {
                // Each subtree below a queen of the first row is a point to pause at.
                let mut open = u64::from(set);
                let mut done = true;
                while open != 0 && done {
                    let bit = open & open.wrapping_neg();
                    open ^= bit;
                    self.search(
                        1,
                        u64::from(set) ^ bit,
                        bit << 1,
                        bit >> 1,
                        self.bits[bit.trailing_zeros() as usize],
                        sink.out,
                    );
                    done = sink.pause();
                }
                done
            }
        };
        sink.settle();
        done
    }

    /// The textbook search of the top rows from `row` on, with `free` the set's columns
    /// still empty and `right`, `left` the squares of this row attacked diagonally.
    pub(super) fn search(
        &self,
        row: usize,
        free: u64,
        right: u64,
        left: u64,
        pattern: u64,
        out: &mut Vec<u64>,
    ) {
        if row == self.h {
            out.push(pattern);
            return;
        }
        let mut open = free & !(right | left);
        let squares = &self.bits[row * self.n..(row + 1) * self.n];
        if row + 1 == self.h {
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                out.push(pattern | squares[bit.trailing_zeros() as usize]);
            }
            return;
        }
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.search(
                row + 1,
                free ^ bit,
                (right | bit) << 1,
                (left | bit) >> 1,
                pattern | squares[bit.trailing_zeros() as usize],
                out,
            );
        }
    }
}
