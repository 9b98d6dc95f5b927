//! What counts add up: a work unit's [`Share`], and a board's [`Tally`] made from their sum.

use std::ops::{Add, AddAssign};

/// Solutions counted in full and up to symmetry, with the class breakdown: what a count
/// answers. Made from the sum of a plan's [`Share`]s ([`Share::tally`]).
///
/// A class of solutions (a solution and its images under the 8 rotations and reflections)
/// has 8 members, or 4 when a half turn leaves them unchanged, or 2 when a quarter turn
/// does, so `total = 8·c8 + 4·c4 + 2·c2`. For n = 0 and n = 1 the one solution is its own
/// image under every symmetry: a class of one (`c1`).
///
/// With the `serde` feature, serialized as `{"total":92,"unique":12,"classes":{"8":11,"4":1,"2":0,"1":0}}`,
/// the form of `nqueens count --json`; reading it back refuses a `unique` that is not the
/// sum of the classes.
///
/// ```
/// use queens::Tally;
///
/// let c = queens::Counter::new().count(8)?;
/// assert_eq!((c.total, c.unique()), (92, 12));
/// assert_eq!((c.classes_of_8, c.classes_of_4, c.classes_of_2, c.classes_of_1), (11, 1, 0, 0));
///
/// let a = Tally { total: 8, classes_of_8: 1, ..Tally::default() };
/// let b = Tally { total: 4, classes_of_4: 1, ..Tally::default() };
/// assert_eq!((a + b).unique(), 2);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Tally {
    /// Solutions, each class counted with all its members (for a whole board, OEIS
    /// A000170).
    pub total: u128,
    /// Classes with 8 distinct images.
    pub classes_of_8: u128,
    /// Classes with 4 distinct images: solutions unchanged by a half turn.
    pub classes_of_4: u128,
    /// Classes with 2 distinct images: solutions unchanged by a quarter turn.
    pub classes_of_2: u128,
    /// Classes of one solution, its own image under every symmetry: only n = 0 and 1.
    pub classes_of_1: u128,
}

impl Tally {
    /// Solutions up to rotation and reflection (OEIS A002562): the number of classes.
    pub fn unique(&self) -> u128 {
        self.classes_of_8 + self.classes_of_4 + self.classes_of_2 + self.classes_of_1
    }

    /// The tally of a board with `total` solutions, n ≥ 2, the classes from the solutions
    /// a quarter and a half turn leave unchanged: `F90 = 2·c2` and `F180 = 2·c2 + 4·c4` (no
    /// solution is its own mirror image once n ≥ 2).
    pub(crate) fn from_fixed(total: u128, (quarter, half): (u128, u128)) -> Tally {
        debug_assert!(
            quarter.is_multiple_of(2)
                && (half - quarter).is_multiple_of(4)
                && (total - half).is_multiple_of(8)
        );
        Tally {
            total,
            classes_of_8: (total - half) / 8,
            classes_of_4: (half - quarter) / 4,
            classes_of_2: quarter / 2,
            classes_of_1: 0,
        }
    }
}

impl Add for Tally {
    type Output = Tally;

    fn add(self, o: Tally) -> Tally {
        Tally {
            total: self.total + o.total,
            classes_of_8: self.classes_of_8 + o.classes_of_8,
            classes_of_4: self.classes_of_4 + o.classes_of_4,
            classes_of_2: self.classes_of_2 + o.classes_of_2,
            classes_of_1: self.classes_of_1 + o.classes_of_1,
        }
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, o: Tally) {
        *self = *self + o;
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), Add::add)
    }
}

/// What one work unit of a plan counts, and what unit records and checkpoints keep:
/// numbers that add up across units. A board's [`Tally`] follows from their sum by
/// Burnside's lemma ([`Share::tally`]): a class of 8 has no member a half turn leaves
/// unchanged, a class of 4 has 4, a class of 2 has 2 that a quarter turn leaves unchanged
/// too.
///
/// With the `serde` feature, serialized as `{"total":92,"half_turn":4,"quarter_turn":0}`.
///
/// ```
/// use queens::counting::Share;
///
/// let plan = queens::counting::plan(8)?;
/// let sum: Share = plan.units().iter().map(|u| u.count()).sum();
/// assert_eq!((sum.total, sum.half_turn, sum.quarter_turn), (92, 4, 0));
/// let tally = sum.tally(8).unwrap();
/// assert_eq!((tally.unique(), tally.classes_of_4), (12, 1));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Share {
    /// Solutions.
    pub total: u128,
    /// Solutions a half turn leaves unchanged.
    pub half_turn: u128,
    /// Solutions a quarter turn leaves unchanged (a half turn does too).
    pub quarter_turn: u128,
}

impl Share {
    /// The tally of an `n × n` board whose units' shares add up to `self`, or `None` where
    /// they cannot be a whole board's: fewer solutions unchanged by a half turn than by a
    /// quarter turn, or classes that do not come out whole. Only shares read back from
    /// damaged or edited files can make it `None`.
    ///
    /// ```
    /// use queens::counting::Share;
    ///
    /// let eight = Share { total: 92, half_turn: 4, quarter_turn: 0 };
    /// assert_eq!(eight.tally(8).unwrap().classes_of_8, 11);
    /// assert_eq!(Share { total: 93, ..eight }.tally(8), None);
    /// assert_eq!(Share { total: 1, half_turn: 1, quarter_turn: 1 }.tally(1).unwrap().classes_of_1, 1);
    /// ```
    pub fn tally(self, n: usize) -> Option<Tally> {
        let Share {
            total,
            half_turn: half,
            quarter_turn: quarter,
        } = self;
        if !self.is_consistent(n) {
            return None;
        }
        if n < 2 {
            // The one solution of n = 0 or 1 is its own image under every symmetry.
            return Some(Tally {
                total,
                classes_of_1: total,
                ..Tally::default()
            });
        }
        let whole = half <= total && (total - half).is_multiple_of(8);
        whole.then(|| Tally::from_fixed(total, (quarter, half)))
    }

    /// Whether the share could be a unit's of an `n × n` board: no more solutions
    /// unchanged by a quarter turn than by a half turn, in whole orbits (a check on shares
    /// read back from files). On boards of 0 and 1 squares the one solution is its own
    /// image under every symmetry, an orbit of one.
    ///
    /// ```
    /// use queens::counting::Share;
    ///
    /// assert!(Share { total: 0, half_turn: 3000, quarter_turn: 64 }.is_consistent(12));
    /// assert!(!Share { total: 0, half_turn: 3000, quarter_turn: 65 }.is_consistent(12));
    /// assert!(Share { total: 1, half_turn: 1, quarter_turn: 1 }.is_consistent(1));
    /// assert!(!Share { total: 1, half_turn: 1, quarter_turn: 1 }.is_consistent(8));
    /// ```
    pub fn is_consistent(&self, n: usize) -> bool {
        if n < 2 {
            return self.total <= 1
                && self.half_turn == self.total
                && self.quarter_turn == self.total;
        }
        self.quarter_turn <= self.half_turn
            && self.quarter_turn.is_multiple_of(2)
            && (self.half_turn - self.quarter_turn).is_multiple_of(4)
    }

    /// The sum of two shares, or `None` where a field would overflow: for adding up
    /// shares read back from files, which a damaged or edited file could make wrap.
    ///
    /// ```
    /// use queens::counting::Share;
    ///
    /// let big = Share { total: u128::MAX, ..Share::default() };
    /// assert_eq!(big.checked_add(Share { total: 1, ..Share::default() }), None);
    /// ```
    pub fn checked_add(self, o: Share) -> Option<Share> {
        Some(Share {
            total: self.total.checked_add(o.total)?,
            half_turn: self.half_turn.checked_add(o.half_turn)?,
            quarter_turn: self.quarter_turn.checked_add(o.quarter_turn)?,
        })
    }
}

impl Add for Share {
    type Output = Share;

    fn add(self, o: Share) -> Share {
        Share {
            total: self.total + o.total,
            half_turn: self.half_turn + o.half_turn,
            quarter_turn: self.quarter_turn + o.quarter_turn,
        }
    }
}

impl AddAssign for Share {
    fn add_assign(&mut self, o: Share) {
        *self = *self + o;
    }
}

impl std::iter::Sum for Share {
    fn sum<I: Iterator<Item = Share>>(iter: I) -> Share {
        iter.fold(Share::default(), Add::add)
    }
}

/// The serde form of [`Tally`], with the crate's `serde` feature.
#[cfg(feature = "serde")]
mod serialized {
    use super::Tally;

    /// The serialized form of a [`Tally`], as `nqueens count --json` prints it.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Form {
        total: u128,
        unique: u128,
        classes: Classes,
    }

    /// How many classes have 8, 4, 2 and 1 distinct images, keyed by that number.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Classes {
        #[serde(rename = "8")]
        eight: u128,
        #[serde(rename = "4")]
        four: u128,
        #[serde(rename = "2")]
        two: u128,
        #[serde(rename = "1")]
        one: u128,
    }

    impl serde::Serialize for Tally {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Form {
                total: self.total,
                unique: self.unique(),
                classes: Classes {
                    eight: self.classes_of_8,
                    four: self.classes_of_4,
                    two: self.classes_of_2,
                    one: self.classes_of_1,
                },
            }
            .serialize(serializer)
        }
    }

    impl<'de> serde::Deserialize<'de> for Tally {
        /// Reads the serialized form back, refusing a `unique` that is not the sum of the
        /// classes.
        ///
        /// ```
        /// let tally = queens::Counter::new().count(8)?;
        /// let json = serde_json::to_string(&tally).unwrap();
        /// assert_eq!(json, r#"{"total":92,"unique":12,"classes":{"8":11,"4":1,"2":0,"1":0}}"#);
        /// assert_eq!(serde_json::from_str::<queens::Tally>(&json).unwrap(), tally);
        /// let edited = json.replace("\"unique\":12", "\"unique\":13");
        /// assert!(serde_json::from_str::<queens::Tally>(&edited).is_err());
        /// # Ok::<(), queens::Error>(())
        /// ```
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let form = Form::deserialize(deserializer)?;
            let c = form.classes;
            let tally = Tally {
                total: form.total,
                classes_of_8: c.eight,
                classes_of_4: c.four,
                classes_of_2: c.two,
                classes_of_1: c.one,
            };
            let unique = [c.eight, c.four, c.two, c.one]
                .into_iter()
                .try_fold(0u128, u128::checked_add);
            if unique != Some(form.unique) {
                return Err(serde::de::Error::custom(
                    "\"unique\" is not the number of classes",
                ));
            }
            Ok(tally)
        }
    }
}
