//! OEIS A000170, the number of solutions, as one named test per n.
//! The table lives here and only here: the library computes, the tests know.

/// A000170(n) for n = 0..=16.
const A000170: [u128; 17] = [
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
];

macro_rules! known_count {
    ($($name:ident: $n:expr,)*) => {$(
        #[test]
        fn $name() {
            assert_eq!(queens::count($n).unwrap(), A000170[$n], "count({})", $n);
        }
    )*};
}

known_count! {
    count_0: 0, count_1: 1, count_2: 2, count_3: 3, count_4: 4, count_5: 5, count_6: 6,
    count_7: 7, count_8: 8, count_9: 9, count_10: 10, count_11: 11, count_12: 12,
    count_13: 13, count_14: 14, count_15: 15, count_16: 16,
}

/// The enumerator is a second, independent path to the same numbers.
#[test]
fn enumerator_yields_known_counts() {
    for (n, &expected) in A000170.iter().enumerate().take(13) {
        let mut solutions = queens::Solutions::new(n).unwrap();
        let mut found = 0u128;
        while solutions.next_columns().is_some() {
            found += 1;
        }
        assert_eq!(found, expected, "Solutions::new({n})");
    }
}
