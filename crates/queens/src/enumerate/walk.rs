//! The solutions in lexicographic order from the first, found by a walk that asks the
//! completion search at every step instead of backtracking blindly.
//!
//! The first solution of a large board in lexicographic order is a hard problem with a
//! public record (OEIS A141843): a backtracker spends hours in the subtrees of the first
//! columns of the top rows, which have no solution but are huge. The walk settles each
//! such subtree with one question to [`Completion::find`], which proves "no completion"
//! of a prefix with its propagation instead of enumerating it: row by row, the columns in
//! increasing order, it keeps the first whose prefix has a completion. A completion found
//! for a prefix is also a witness for every row below, so only the columns left of it
//! are asked about. Near the bottom, where the subtrees are small, the enumerator
//! answers instead.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::time::Instant;

use super::{Solutions, UniqueSolutions};
use crate::bitboard::check_board;
use crate::board::validate_rows;
use crate::limits::MAX_N;
use crate::symmetry::CanonicalTest;
use crate::{Cancel, Completion, Error, Outcome};

/// Rows left below which a prefix is finished by the enumerator, whose search of so few
/// rows costs less than setting up the completion search's proof.
const ENUMERATE_ROWS: usize = 14;

/// The solutions of `n` queens in lexicographic order, each found by the walk of the
/// module above: the first of n = 36 in seconds on two cores, where a backtracker takes
/// hours (figures in docs/first-solutions.md).
///
/// Each [`next_solution`](Self::next_solution) answers [`Outcome::Completed`] with the
/// next solution, [`Outcome::Impossible`] after the last, or [`Outcome::Unknown`] when the
/// deadline passed first (the walk can then be asked again with a later one: it resumes
/// after the last solution it gave). The solutions below the walk's deepest prefix, the
/// last 14 rows free, are streamed by the enumerator ([`Solutions`]) before the walk
/// moves on.
///
/// ```
/// use queens::{LexWalk, Outcome};
///
/// let mut walk = LexWalk::new(8)?;
/// let Outcome::Completed(first) = walk.next_solution(None)? else { unreachable!() };
/// assert_eq!(first.columns(), [0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(first, queens::Solutions::new(8)?.next().unwrap());
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct LexWalk {
    n: usize,
    threads: Option<NonZeroUsize>,
    /// Rows left from which the enumerator finishes a prefix.
    enumerate_rows: usize,
    /// The enumerator below the current deepest prefix, past the last solution given.
    below: Option<Solutions>,
    /// The last solution given; `None` before the first.
    last: Option<Vec<u32>>,
    /// Whether the last solution has been given.
    ended: bool,
    /// Prefixes known to have no completion: not asked about again.
    refuted: HashSet<Vec<u32>>,
    /// Where the walk starts: the first solution that starts with it or comes after it.
    start: Vec<u32>,
    /// Stops the completion searches.
    cancel: Option<Cancel>,
    /// Where only the smallest image of each class is given: its test.
    unique: Option<CanonicalTest>,
}

impl LexWalk {
    /// The board size from which the walk finds the first solution sooner than
    /// [`Solutions`]: below it a backtracker's first solution comes within a tenth of a
    /// second, and [`Solutions`] lists the rest faster (measured in
    /// docs/first-solutions.md).
    pub const FROM_N: usize = 30;

    /// The walk over the solutions of an `n × n` board, n up to
    /// [`MAX_N`](crate::limits::MAX_N).
    pub fn new(n: usize) -> Result<LexWalk, Error> {
        // The enumerator's check: one message for a board too large.
        check_board(n, 0)?;
        debug_assert!(n <= MAX_N);
        Ok(LexWalk {
            n,
            threads: None,
            enumerate_rows: ENUMERATE_ROWS,
            below: None,
            last: None,
            ended: false,
            refuted: HashSet::new(),
            start: Vec::new(),
            cancel: None,
            unique: None,
        })
    }

    /// The walk that gives one solution per class of solutions equal under rotation and
    /// reflection, the smallest of its 8 images, as [`UniqueSolutions`] lists them: the
    /// same solutions in the same order, the first of a large board as soon as the walk
    /// finds it (the first solution of a board is the smallest of its class).
    ///
    /// ```
    /// use queens::{LexWalk, Outcome, UniqueSolutions};
    ///
    /// let mut walk = LexWalk::new(8)?.unique();
    /// let mut reps = Vec::new();
    /// while let Outcome::Completed(p) = walk.next_solution(None)? {
    ///     reps.push(p);
    /// }
    /// assert_eq!(reps, UniqueSolutions::new(8)?.collect::<Vec<_>>());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn unique(mut self) -> LexWalk {
        self.unique = Some(CanonicalTest::default());
        self
    }

    /// Stops the walk's completion searches when `cancel` is cancelled: the question in
    /// flight ends with [`Error::Cancelled`], within a few thousand nodes of its search.
    pub fn cancel_on(mut self, cancel: Cancel) -> LexWalk {
        self.cancel = Some(cancel);
        self
    }

    /// The walk from the first solution that starts with `key`, the columns of the first
    /// rows, or comes after every one that does, in lexicographic order: a listing resumed
    /// from where it stopped, or the solutions of a subtree and those after it.
    ///
    /// Fails if `key` has more than n rows, or its queens stand off the board or attack
    /// each other.
    ///
    /// ```
    /// use queens::{LexWalk, Outcome, Solutions};
    ///
    /// // n = 8's solutions from the first that starts with 2, 4.
    /// let mut walk = LexWalk::new(8)?.starting_at(&[2, 4])?;
    /// let Outcome::Completed(s) = walk.next_solution(None)? else { unreachable!() };
    /// let expected = Solutions::new(8)?.find(|p| p.columns() >= &[2, 4][..]).unwrap();
    /// assert_eq!(s, expected);
    /// assert!(LexWalk::new(8)?.starting_at(&[0, 1]).is_err()); // attacking
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn starting_at(mut self, key: &[u32]) -> Result<LexWalk, Error> {
        check_board(self.n, key.len())?;
        validate_rows(key, self.n).map_err(Error::InvalidPrefix)?;
        self.start = key.to_vec();
        Ok(self)
    }

    /// The threads each completion search runs on; by default one per core.
    pub fn threads(mut self, threads: NonZeroUsize) -> LexWalk {
        self.threads = Some(threads);
        self
    }

    /// The walk with the enumerator finishing prefixes of at most `rows` rows left: for
    /// the tests, which walk small boards through the completion search.
    #[cfg(test)]
    pub(super) fn enumerating(mut self, rows: usize) -> LexWalk {
        self.enumerate_rows = rows;
        self
    }

    /// The walk taking `prefixes` as proved to have no completion, without asking: the
    /// refutations of an earlier run of the same board ([`LexWalk::next_solution_proving`]),
    /// so that a walk stopped by a kill or a deadline resumes where it was. A prefix
    /// wrongly listed here makes the walk skip solutions; [`FirstProof`](crate::FirstProof)
    /// checks a proof that contains it.
    pub fn assume_refuted(mut self, prefixes: impl IntoIterator<Item = Vec<u32>>) -> LexWalk {
        self.refuted.extend(prefixes);
        self
    }

    /// The row from which the plain enumerator finds the solutions: the walk settles the
    /// rows above it with completion proofs.
    pub fn searched_from(&self) -> usize {
        self.n.saturating_sub(self.enumerate_rows)
    }

    /// The next solution in lexicographic order, searching until `deadline` (or for as
    /// long as it takes).
    pub fn next_solution(&mut self, deadline: Option<Instant>) -> Result<Outcome, Error> {
        self.next_solution_proving(deadline, &mut |_| {})
    }

    /// [`LexWalk::next_solution`] that passes `refuted` each prefix it proves to have no
    /// completion, as it proves it. With the first solution they make its certificate
    /// ([`FirstProof`](crate::FirstProof)); written down as they come, they let a run
    /// resume ([`LexWalk::assume_refuted`]).
    pub fn next_solution_proving(
        &mut self,
        deadline: Option<Instant>,
        refuted: &mut dyn FnMut(&[u32]),
    ) -> Result<Outcome, Error> {
        self.next_solution_asking(deadline, refuted, &mut |_, problem| problem.find(deadline))
    }

    /// [`LexWalk::next_solution_proving`] with each question put to `ask` instead of
    /// [`Completion::find`]: `ask` gets the prefix and the completion problem of its
    /// queens (with the walk's threads and cancel), and answers [`Outcome::Completed`]
    /// with a solution that starts with the prefix, [`Outcome::Impossible`] when the
    /// prefix has none, or [`Outcome::Unknown`] to stop the walk there. This is how one
    /// walk is split over machines: each runs the same walk and searches its share of
    /// every question ([`Completion::find_share`]), and `ask` combines the shares'
    /// answers. The walk goes on from what `ask` says, so every machine must be told the
    /// same. An answer that is not a solution starting with the prefix is refused as
    /// [`Error::NotACompletion`].
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    /// use queens::{LexWalk, Outcome};
    ///
    /// // One walk with each question searched in three shares, here one after another.
    /// let of = NonZeroUsize::new(3).unwrap();
    /// let mut asked = 0;
    /// let mut walk = LexWalk::new(32)?;
    /// let first = walk.next_solution_asking(None, &mut |_| {}, &mut |_, problem| {
    ///     asked += 1;
    ///     for i in 0..3 {
    ///         if let found @ Outcome::Completed(_) = problem.find_share(None, i, of)? {
    ///             return Ok(found);
    ///         }
    ///     }
    ///     Ok(Outcome::Impossible)
    /// })?;
    /// assert!(asked > 0);
    /// assert_eq!(first, LexWalk::new(32)?.next_solution(None)?);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn next_solution_asking(
        &mut self,
        deadline: Option<Instant>,
        refuted: &mut dyn FnMut(&[u32]),
        ask: &mut Ask<'_>,
    ) -> Result<Outcome, Error> {
        let hooks = &mut Hooks { refuted, ask };
        loop {
            let found = self.next_any(deadline, hooks)?;
            let (Some(test), Outcome::Completed(p)) = (&mut self.unique, &found) else {
                return Ok(found);
            };
            // In lexicographic order, once a solution starts right of the middle so does
            // every later one, and each has a smaller mirror image.
            if UniqueSolutions::past_the_last(UniqueSolutions::max_first(self.n), p.columns()) {
                self.ended = true;
                return Ok(Outcome::Impossible);
            }
            if test.is_canonical(p.columns()) {
                return Ok(found);
            }
            // The solutions passed over may be many: the deadline holds between them.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(Outcome::Unknown);
            }
        }
    }

    /// The next solution, the smallest of its class or not.
    fn next_any(
        &mut self,
        deadline: Option<Instant>,
        hooks: &mut Hooks<'_>,
    ) -> Result<Outcome, Error> {
        if self.ended {
            return Ok(Outcome::Impossible);
        }
        if let Some(below) = &mut self.below {
            if let Some(p) = below.next() {
                self.last = Some(p.columns().to_vec());
                return Ok(Outcome::Completed(p));
            }
            self.below = None;
        }
        let found = match self.last.clone() {
            None => self.first_at(&self.start.clone(), deadline, hooks)?,
            Some(last) => self.after(&last, deadline, hooks)?,
        };
        match &found {
            Outcome::Completed(p) => self.last = Some(p.columns().to_vec()),
            Outcome::Impossible => self.ended = true,
            Outcome::Unknown => {}
        }
        Ok(found)
    }

    /// The first solution that starts with `key` or comes after every one that does.
    fn first_at(
        &mut self,
        key: &[u32],
        deadline: Option<Instant>,
        hooks: &mut Hooks<'_>,
    ) -> Result<Outcome, Error> {
        let cut = self.searched_from();
        if key.len() <= cut {
            return match self.first_with(key, deadline, hooks)? {
                Outcome::Impossible => self.after(key, deadline, hooks),
                found => Ok(found),
            };
        }
        // Below the rows the walk proves, the enumerator, from the key on.
        let valid = "the key was checked, and its rows above the cut are a part of it";
        let mut below = Solutions::with_prefix(self.n, &key[..cut]).expect(valid);
        while let Some(s) = below.next_columns() {
            if s[cut..key.len()] >= key[cut..] {
                let first = crate::Placement::new(s.to_vec());
                self.below = Some(below);
                return Ok(Outcome::Completed(first));
            }
        }
        self.after(&key[..cut], deadline, hooks)
    }

    /// The first solution after `last` (a solution, or a prefix of at most
    /// [`LexWalk::searched_from`] rows), every solution below its deepest prefix given:
    /// the one that shares the longest prefix with it and continues on a larger column.
    fn after(
        &mut self,
        last: &[u32],
        deadline: Option<Instant>,
        hooks: &mut Hooks<'_>,
    ) -> Result<Outcome, Error> {
        let n = self.n;
        for depth in (0..last.len().min(self.searched_from())).rev() {
            let mut prefix = last[..depth].to_vec();
            for c in last[depth] + 1..n as u32 {
                if attacked(&prefix, c) {
                    continue;
                }
                prefix.push(c);
                match self.first_with(&prefix, deadline, hooks)? {
                    Outcome::Impossible => {}
                    found => return Ok(found),
                }
                prefix.pop();
            }
        }
        Ok(Outcome::Impossible)
    }

    /// The first solution that starts with `prefix`, a placement without attacks.
    fn first_with(
        &mut self,
        prefix: &[u32],
        deadline: Option<Instant>,
        hooks: &mut Hooks<'_>,
    ) -> Result<Outcome, Error> {
        let n = self.n;
        if n - prefix.len() <= self.enumerate_rows {
            return Ok(self.enumerated(prefix, hooks));
        }
        let mut known = match self.completion(prefix, deadline, hooks)? {
            Outcome::Completed(p) => p.into_columns(),
            other => return Ok(other),
        };
        let mut prefix = prefix.to_vec();
        while n - prefix.len() > self.enumerate_rows {
            let row = prefix.len();
            // `known` completes the prefix: only the columns left of its queen can come
            // before it, and each must be asked about.
            let mut chosen = known[row];
            for c in 0..known[row] {
                if attacked(&prefix, c) {
                    continue;
                }
                prefix.push(c);
                let outcome = self.completion(&prefix, deadline, hooks)?;
                prefix.pop();
                match outcome {
                    Outcome::Completed(p) => {
                        known = p.into_columns();
                        chosen = c;
                        break;
                    }
                    Outcome::Impossible => {}
                    Outcome::Unknown => return Ok(Outcome::Unknown),
                }
            }
            prefix.push(chosen);
        }
        // `known` completes the prefix, so the enumerator finds a first one below it.
        Ok(self.enumerated(&prefix, hooks))
    }

    /// The first solution below `prefix`, by the enumerator, which is kept for the rest.
    fn enumerated(&mut self, prefix: &[u32], hooks: &mut Hooks<'_>) -> Outcome {
        let valid = "the walk extends prefixes without attacks, on its board";
        let mut below = Solutions::with_prefix(self.n, prefix).expect(valid);
        match below.next() {
            Some(p) => {
                self.below = Some(below);
                Outcome::Completed(p)
            }
            None => {
                (hooks.refuted)(prefix);
                Outcome::Impossible
            }
        }
    }

    /// The completion search's answer for `prefix`, passed to `refuted` when it is a
    /// proof that there is none.
    fn completion(
        &self,
        prefix: &[u32],
        deadline: Option<Instant>,
        hooks: &mut Hooks<'_>,
    ) -> Result<Outcome, Error> {
        if self.refuted.contains(prefix) {
            return Ok(Outcome::Impossible);
        }
        // The search looks at its deadline only now and then: one that has passed ends
        // the walk here.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(Outcome::Unknown);
        }
        let mut problem = Completion::new(self.n);
        if let Some(t) = self.threads {
            problem = problem.threads(t);
        }
        if let Some(cancel) = &self.cancel {
            problem = problem.cancel_on(cancel.clone());
        }
        let problem = prefix
            .iter()
            .zip(0..)
            .fold(problem, |p, (&c, r)| p.queen(r, c));
        let outcome = (hooks.ask)(prefix, &problem)?;
        match &outcome {
            Outcome::Impossible => (hooks.refuted)(prefix),
            Outcome::Completed(p) => {
                let columns = p.columns();
                if columns.len() != self.n
                    || !columns.starts_with(prefix)
                    || crate::validate(columns).is_err()
                {
                    return Err(Error::NotACompletion {
                        prefix: prefix.to_vec(),
                    });
                }
            }
            Outcome::Unknown => {}
        }
        Ok(outcome)
    }
}

/// What the walk reports to and asks of its caller: each prefix proved to have no
/// completion, and the answer to each question.
struct Hooks<'a> {
    refuted: &'a mut dyn FnMut(&[u32]),
    ask: &'a mut Ask<'a>,
}

/// Answers a question of the walk: [`LexWalk::next_solution_asking`].
type Ask<'a> = dyn FnMut(&[u32], &Completion) -> Result<Outcome, Error> + 'a;

/// Whether a queen in column `c` of the row below `prefix` is attacked by one of it.
pub(super) fn attacked(prefix: &[u32], c: u32) -> bool {
    let row = prefix.len();
    prefix
        .iter()
        .enumerate()
        .any(|(r, &q)| q == c || q.abs_diff(c) as usize == row - r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution the walk gives, asking the completion search down to `rows` rows.
    fn walked(n: usize, rows: usize, most: usize) -> Vec<Vec<u32>> {
        let mut walk = LexWalk::new(n).unwrap().enumerating(rows);
        let mut all = Vec::new();
        while all.len() < most {
            match walk.next_solution(None).unwrap() {
                Outcome::Completed(p) => all.push(p.into_columns()),
                Outcome::Impossible => break,
                Outcome::Unknown => unreachable!("no deadline"),
            }
        }
        assert!(all.len() == most || walk.next_solution(None).unwrap() == Outcome::Impossible);
        all
    }

    #[test]
    fn the_walk_lists_every_solution_in_order_on_small_boards() {
        for n in 1..=14 {
            let all: Vec<Vec<u32>> = Solutions::new(n)
                .unwrap()
                .map(|p| p.into_columns())
                .collect();
            // Down to the last row on small boards; larger ones take longer that way
            // (n = 14 down to 5 rows: 29 s, down to 8: 5 s).
            let rows: &[usize] = match n {
                ..=9 => &[0, 2, 5],
                10..=13 => &[5],
                _ => &[8],
            };
            for &rows in rows {
                assert_eq!(walked(n, rows, usize::MAX), all, "n = {n}, rows = {rows}");
            }
        }
    }

    #[test]
    fn the_unique_walk_lists_the_representatives_in_order() {
        for n in 0..=11 {
            let reps: Vec<Vec<u32>> = UniqueSolutions::new(n)
                .unwrap()
                .map(|p| p.into_columns())
                .collect();
            let rows: &[usize] = if n <= 9 { &[0, 3] } else { &[5] };
            for &rows in rows {
                let mut walk = LexWalk::new(n).unwrap().enumerating(rows).unique();
                let mut got = Vec::new();
                while let Outcome::Completed(p) = walk.next_solution(None).unwrap() {
                    got.push(p.into_columns());
                }
                assert_eq!(got, reps, "n = {n}, rows = {rows}");
            }
        }
        // Above the enumerator's rows: the first of n = 31 is its class's smallest image.
        let mut walk = LexWalk::new(31).unwrap().unique();
        let Outcome::Completed(first) = walk.next_solution(None).unwrap() else {
            panic!("n = 31 has solutions");
        };
        assert_eq!(Some(first), Solutions::new(31).unwrap().next());
    }

    #[test]
    fn the_first_solutions_of_larger_boards_are_the_enumerators() {
        for n in [12, 14, 18] {
            let first: Vec<Vec<u32>> = Solutions::new(n)
                .unwrap()
                .take(40)
                .map(|p| p.into_columns())
                .collect();
            assert_eq!(walked(n, 4, 40), first, "n = {n}");
        }
    }

    #[test]
    fn a_walk_from_any_key_lists_the_solutions_from_it_on() {
        for n in 4..=8 {
            let all: Vec<Vec<u32>> = Solutions::new(n)
                .unwrap()
                .map(|p| p.into_columns())
                .collect();
            let mut keys: Vec<Vec<u32>> = vec![vec![]];
            for len in 1..=3.min(n) {
                let mut more = Vec::new();
                for k in keys.iter().filter(|k| k.len() == len - 1) {
                    for c in 0..n as u32 {
                        if !attacked(k, c) {
                            more.push([&k[..], &[c]].concat());
                        }
                    }
                }
                keys.extend(more);
            }
            for key in &keys {
                let from = all.iter().position(|s| s[..key.len()] >= key[..]);
                let expected = from.map_or(&[][..], |i| &all[i..]);
                // The key above the rows the walk proves, and below them.
                for rows in [n - 1, 2] {
                    let mut walk = LexWalk::new(n)
                        .unwrap()
                        .enumerating(rows)
                        .starting_at(key)
                        .unwrap();
                    let mut got = Vec::new();
                    while let Outcome::Completed(p) = walk.next_solution(None).unwrap() {
                        got.push(p.into_columns());
                    }
                    assert_eq!(got, expected, "n = {n}, key {key:?}, rows {rows}");
                }
            }
        }
        let walk = LexWalk::new(8).unwrap();
        assert!(walk.clone().starting_at(&[8]).is_err());
        assert!(walk.clone().starting_at(&[0; 9]).is_err());
        assert!(walk.starting_at(&[0, 1]).is_err());
    }

    #[test]
    fn refutations_taken_as_known_are_not_proved_again() {
        let first = |walk: &mut LexWalk, refuted: &mut Vec<Vec<u32>>| {
            walk.next_solution_proving(None, &mut |p| refuted.push(p.to_vec()))
                .unwrap()
        };
        let mut refuted = Vec::new();
        let proved = first(&mut LexWalk::new(22).unwrap().enumerating(4), &mut refuted);
        assert!(!refuted.is_empty());
        let mut again = Vec::new();
        let mut resumed = LexWalk::new(22)
            .unwrap()
            .enumerating(4)
            .assume_refuted(refuted);
        assert_eq!(first(&mut resumed, &mut again), proved);
        assert_eq!(again, Vec::<Vec<u32>>::new());
    }

    #[test]
    fn a_passed_deadline_is_unknown_and_the_walk_resumes() {
        let mut walk = LexWalk::new(24).unwrap().enumerating(4);
        assert_eq!(
            walk.next_solution(Some(Instant::now())).unwrap(),
            Outcome::Unknown
        );
        let Outcome::Completed(first) = walk.next_solution(None).unwrap() else {
            panic!("n = 24 has solutions");
        };
        assert_eq!(Some(first), Solutions::new(24).unwrap().next());
    }

    #[test]
    fn an_answer_that_completes_no_prefix_is_refused() {
        let other = Solutions::new(24).unwrap().next().unwrap();
        for answer in [
            other.clone(),
            crate::Placement::new(vec![0; 24]),
            crate::Placement::new(vec![0, 2]),
        ] {
            let mut walk = LexWalk::new(24).unwrap().starting_at(&[1]).unwrap();
            let got = walk.next_solution_asking(None, &mut |_| {}, &mut |_, _| {
                Ok(Outcome::Completed(answer.clone()))
            });
            assert_eq!(
                got,
                Err(Error::NotACompletion { prefix: vec![1] }),
                "{answer:?}"
            );
        }
        // A share's answers, each question split three ways, walk to the same solutions.
        let of = NonZeroUsize::new(3).unwrap();
        let mut split = LexWalk::new(16).unwrap().enumerating(4);
        let mut whole = LexWalk::new(16).unwrap().enumerating(4);
        for _ in 0..20 {
            let got = split.next_solution_asking(None, &mut |_| {}, &mut |_, problem| {
                for i in (0..3).rev() {
                    if let found @ Outcome::Completed(_) = problem.find_share(None, i, of)? {
                        return Ok(found);
                    }
                }
                Ok(Outcome::Impossible)
            });
            assert_eq!(got, whole.next_solution(None));
        }
    }
}
