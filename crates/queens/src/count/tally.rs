//! The one type a count's answer is kept in, from a unit's share to a whole board.

use std::ops::{Add, AddAssign};

/// Solutions counted in full and up to symmetry, with the class breakdown: what a count
/// answers, what one work unit of a plan counts, and what unit records and checkpoints
/// keep. Every field adds up across units.
///
/// A class of solutions (a solution and its images under the 8 rotations and reflections)
/// has 8 members, or 4 when a half turn leaves them unchanged, or 2 when a quarter turn
/// does, so `total = 8·c8 + 4·c4 + 2·c2`. For n = 0 and n = 1 the one solution is its own
/// image under every symmetry: a class of one (`c1`).
///
/// Serialized (serde) as `{"total":92,"unique":12,"classes":{"8":11,"4":1,"2":0,"1":0}}`,
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

    /// The sum of two tallies, or `None` where a field would overflow: for adding up
    /// tallies read back from files, which a damaged or edited file could make wrap.
    ///
    /// ```
    /// use queens::Tally;
    ///
    /// let big = Tally { total: u128::MAX, ..Tally::default() };
    /// assert_eq!(big.checked_add(Tally { total: 1, ..Tally::default() }), None);
    /// ```
    pub fn checked_add(self, o: Tally) -> Option<Tally> {
        Some(Tally {
            total: self.total.checked_add(o.total)?,
            classes_of_8: self.classes_of_8.checked_add(o.classes_of_8)?,
            classes_of_4: self.classes_of_4.checked_add(o.classes_of_4)?,
            classes_of_2: self.classes_of_2.checked_add(o.classes_of_2)?,
            classes_of_1: self.classes_of_1.checked_add(o.classes_of_1)?,
        })
    }

    /// Whether the classes add up to the total, `8·c8 + 4·c4 + 2·c2 + c1 = total`, as they
    /// do in every tally a count makes: a check on tallies read back from files.
    ///
    /// ```
    /// use queens::Tally;
    ///
    /// assert!(Tally { total: 12, classes_of_8: 1, classes_of_4: 1, ..Tally::default() }.is_consistent());
    /// assert!(!Tally { total: 13, classes_of_8: 1, classes_of_4: 1, ..Tally::default() }.is_consistent());
    /// ```
    pub fn is_consistent(&self) -> bool {
        let members = [
            (self.classes_of_8, 8u128),
            (self.classes_of_4, 4),
            (self.classes_of_2, 2),
            (self.classes_of_1, 1),
        ]
        .into_iter()
        .try_fold(0u128, |sum, (classes, size)| {
            sum.checked_add(classes.checked_mul(size)?)
        });
        members == Some(self.total)
    }

    pub(crate) fn class(&mut self, size: usize) {
        self.total += size as u128;
        match size {
            8 => self.classes_of_8 += 1,
            4 => self.classes_of_4 += 1,
            2 => self.classes_of_2 += 1,
            _ => self.classes_of_1 += 1,
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
    /// classes; whether the classes add up to the total is [`Tally::is_consistent`]'s to
    /// say.
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
