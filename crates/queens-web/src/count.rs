//! Counting with the command line's work units, spread over the page's Web Workers: each
//! worker counts ranges of the plan's units ([`Units`]), and the page adds up their shares
//! ([`Sum`]) and stops between ranges.

use queens::counting::{Plan, Share, plan};
use wasm_bindgen::prelude::*;

use crate::check_n;

/// The units a count of `n` is split into (`queens::counting::plan`): the same list on
/// every worker, so that a range of ids names the same work everywhere.
///
/// ```
/// let units = queens_web::Units::new(8).unwrap();
/// let mut sum = queens_web::Sum::new(&units);
/// let half = units.length() / 2;
/// for (first, end) in [(half, units.length()), (0, half)] {
///     sum.add(first, end, units.count(first, end)).unwrap();
/// }
/// assert!(sum.finished());
/// assert_eq!((sum.total(), sum.unique()), ("92".to_owned(), "12".to_owned()));
/// assert_eq!(sum.classes(), [11, 1, 0, 0].map(|c: u32| c.to_string()));
/// ```
#[wasm_bindgen]
pub struct Units {
    plan: Plan,
}

#[wasm_bindgen]
impl Units {
    /// The plan of a count of `n` queens.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<Units, JsError> {
        check_n(n)?;
        let plan = plan(n as usize).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Units { plan })
    }

    /// How many units.
    pub fn length(&self) -> u32 {
        self.plan.units().len() as u32
    }

    /// The expected work of the units `first..end` ([`queens::counting::Unit::cost`]), to
    /// weigh progress by and to cut the plan into ranges of even work.
    pub fn cost(&self, first: u32, end: u32) -> f64 {
        self.range(first, end).iter().map(|u| u.cost() as f64).sum()
    }

    /// Where to cut the units into about `pieces` ranges of equal expected work: the
    /// first unit of each range, then the number of units.
    ///
    /// ```
    /// let units = queens_web::Units::new(12).unwrap();
    /// let cuts = units.cuts(4);
    /// assert_eq!((cuts[0], *cuts.last().unwrap()), (0, units.length()));
    /// assert!(cuts.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn cuts(&self, pieces: u32) -> Vec<u32> {
        let units = self.plan.units();
        let whole: u64 = units.iter().map(|u| u.cost()).sum();
        let pieces = u64::from(pieces.max(1));
        let mut cuts = vec![0];
        let mut sum = 0;
        for (i, unit) in units.iter().enumerate().take(units.len().saturating_sub(1)) {
            sum += unit.cost();
            // A cut after the unit whose cost reaches the next share of the whole.
            if sum * pieces >= whole * cuts.len() as u64 {
                cuts.push(i as u32 + 1);
            }
        }
        cuts.push(units.len() as u32);
        cuts
    }

    /// Counts the units `first..end` on the calling thread, and gives their share as
    /// three decimal numbers (solutions, and those a half turn and a quarter turn leave
    /// unchanged) for [`Sum::add`]: plain strings cross from a worker to the page. The
    /// board's tables are set up by the first call and kept for the next.
    pub fn count(&self, first: u32, end: u32) -> Vec<String> {
        let share: Share = self.range(first, end).iter().map(|u| u.count()).sum();
        [share.total, share.half_turn, share.quarter_turn]
            .map(|x| x.to_string())
            .into()
    }

    fn range(&self, first: u32, end: u32) -> &[queens::counting::Unit] {
        let units = self.plan.units();
        let end = (end as usize).min(units.len());
        &units[(first as usize).min(end)..end]
    }
}

/// The shares of a count's units added up, and once every unit is in, the count up to
/// symmetry by Burnside's lemma (`queens::counting::Share::tally`).
#[wasm_bindgen]
pub struct Sum {
    n: usize,
    share: Share,
    /// The ranges of units added, and the units in the plan.
    added: Vec<(u32, u32)>,
    units: u32,
}

#[wasm_bindgen]
impl Sum {
    /// Nothing counted yet of the plan `units`.
    #[wasm_bindgen(constructor)]
    pub fn new(units: &Units) -> Sum {
        Sum {
            n: units.plan.n(),
            share: Share::default(),
            added: Vec::new(),
            units: units.length(),
        }
    }

    /// Adds the share of the units `first..end`, as [`Units::count`] gives it. A range
    /// past the plan, or that overlaps one added before, is refused: each unit counts once.
    pub fn add(&mut self, first: u32, end: u32, share: Vec<String>) -> Result<(), JsError> {
        let share =
            parse_share(&share).ok_or_else(|| JsError::new("a share is three decimal numbers"))?;
        self.take(first, end).map_err(|e| JsError::new(&e))?;
        self.share += share;
        Ok(())
    }

    /// Records the range `first..end` as added, unless it is past the plan or overlaps
    /// one added before.
    fn take(&mut self, first: u32, end: u32) -> Result<(), String> {
        if first > end || end > self.units {
            return Err(format!(
                "units {first}..{end} are not a range of the plan's 0..{}",
                self.units
            ));
        }
        if let Some(&(a, b)) = self.added.iter().find(|&&(a, b)| first < b && a < end) {
            return Err(format!(
                "units {first}..{end} overlap {a}..{b}, added before"
            ));
        }
        self.added.push((first, end));
        Ok(())
    }

    /// The solutions so far, in decimal.
    pub fn total(&self) -> String {
        self.share.total.to_string()
    }

    /// Whether every unit of the plan is in.
    pub fn finished(&self) -> bool {
        self.added.iter().map(|&(a, b)| b - a).sum::<u32>() == self.units
    }

    /// The whole count's classes, once [`finished`](Sum::finished).
    fn tally(&self) -> Option<queens::Tally> {
        self.finished().then(|| self.share.tally(self.n)).flatten()
    }

    /// The solutions up to symmetry, in decimal, once [`finished`](Sum::finished); empty
    /// before.
    pub fn unique(&self) -> String {
        self.tally()
            .map_or_else(String::new, |t| t.unique().to_string())
    }

    /// How many classes have 8, 4, 2 and 1 distinct boards, in decimal, once
    /// [`finished`](Sum::finished); empty before.
    pub fn classes(&self) -> Vec<String> {
        self.tally().map_or_else(Vec::new, |t| {
            [
                t.classes_of_8,
                t.classes_of_4,
                t.classes_of_2,
                t.classes_of_1,
            ]
            .map(|c| c.to_string())
            .into()
        })
    }
}

/// A share as [`Units::count`] writes it.
fn parse_share(share: &[String]) -> Option<Share> {
    let [total, half_turn, quarter_turn] = share else {
        return None;
    };
    Some(Share {
        total: total.parse().ok()?,
        half_turn: half_turn.parse().ok()?,
        quarter_turn: quarter_turn.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_of_units_add_up_to_the_library_count() {
        for n in 1..=12u32 {
            let units = Units::new(n).ok().unwrap();
            let mut sum = Sum::new(&units);
            let len = units.length();
            // Uneven ranges, some empty, added last first.
            let mut cuts = [
                0,
                len / 3,
                (len / 3 + 1).min(len),
                len.saturating_sub(1),
                len,
            ];
            cuts.sort_unstable();
            for w in cuts.windows(2).rev() {
                sum.take(w[0], w[1]).unwrap();
                sum.share += parse_share(&units.count(w[0], w[1])).unwrap();
            }
            let tally = queens::Counter::new().count(n as usize).unwrap();
            assert_eq!(sum.total(), tally.total.to_string(), "n = {n}");
            assert_eq!(sum.unique(), tally.unique().to_string(), "n = {n}");
            assert!(sum.finished());
            let whole = units.cost(0, len);
            assert_eq!(units.cost(0, len / 2) + units.cost(len / 2, len + 1), whole);
            for pieces in [1, 3, 64] {
                let cuts = units.cuts(pieces);
                assert_eq!((cuts[0], *cuts.last().unwrap()), (0, len), "n = {n}");
                assert!(cuts.windows(2).all(|w| w[0] < w[1]), "n = {n}");
                assert!(
                    cuts.len() as u32 <= pieces.min(len) + 1,
                    "n = {n}: {cuts:?}"
                );
            }
        }
    }

    #[test]
    fn a_sum_is_unfinished_until_every_unit_is_in() {
        let units = Units::new(12).ok().unwrap();
        let mut sum = Sum::new(&units);
        let len = units.length();
        // Without the symmetric unit the shares still divide by 8: only the units tell.
        sum.take(1, len).unwrap();
        sum.share += parse_share(&units.count(1, len)).unwrap();
        assert!(!sum.finished(), "the symmetric unit is missing");
        assert_eq!((sum.unique(), sum.classes().len()), (String::new(), 0));
        assert_eq!(sum.total(), "14200");
        let share = |s: &[&str]| parse_share(&s.iter().map(|&x| x.to_owned()).collect::<Vec<_>>());
        assert_eq!(share(&["3", "2", "1"]).map(|s| s.total), Some(3));
        assert!(share(&["1", "x", "0"]).is_none() && share(&["1", "2"]).is_none());
        // Each unit counts once, and only the plan's.
        assert!(sum.take(len - 2, len).is_err(), "overlaps");
        assert!(sum.take(len, len + 1).is_err() && sum.take(1, 0).is_err());
        assert!(!sum.finished());
        sum.take(0, 1).unwrap();
        assert!(sum.finished());
        // A range past the end counts what there is.
        assert_eq!(units.count(len - 1, len + 9), units.count(len - 1, len));
    }
}
