//! The search's event stream tells the truth about the search.

use queens::{Event, Trace, reference};

#[test]
fn the_trace_finds_every_solution_in_order() {
    for n in 0..=8usize {
        let mut trace = Trace::new(n);
        let mut board: Vec<u32> = Vec::new();
        let mut found = Vec::new();
        while let Some(event) = trace.next() {
            match event {
                Event::Place { row, column } => {
                    assert_eq!(row as usize, board.len());
                    assert!(
                        board
                            .iter()
                            .zip(0..)
                            .all(|(&c, r)| c != column && c.abs_diff(column) != row - r),
                        "n = {n}: {column} in row {row} is attacked"
                    );
                    board.push(column);
                }
                Event::Conflict { row, column, by } => {
                    assert_eq!(row as usize, board.len());
                    let c = board[by as usize];
                    assert!(
                        c == column || c.abs_diff(column) == row - by,
                        "n = {n}: no attack from row {by}"
                    );
                }
                Event::Remove { row, column } => {
                    assert_eq!(board.pop(), Some(column));
                    assert_eq!(row as usize, board.len());
                }
                Event::Solution { index } => {
                    assert_eq!(index as usize, found.len());
                    assert_eq!(board.len(), n);
                    found.push(board.clone());
                }
            }
            assert_eq!(trace.columns(), &board[..]);
        }
        assert!(
            board.is_empty(),
            "n = {n}: the search ends with an empty board"
        );
        assert_eq!(found, reference::solutions(n), "n = {n}");
    }
}

#[test]
fn with_givens_the_trace_finds_their_completions_and_never_moves_them() {
    for n in 1..=7usize {
        let all = reference::solutions(n);
        // Every pattern of up to two givens on the board, and one off it.
        let mut patterns = vec![vec![None; n]];
        for r in 0..n {
            for c in 0..n as u32 + 1 {
                let mut one = vec![None; n];
                one[r] = Some(c);
                patterns.push(one.clone());
                let r2 = (r + 2) % n;
                if r2 != r {
                    one[r2] = Some((c + 1) % n as u32);
                    patterns.push(one);
                }
            }
        }
        for given in patterns {
            let mut found = Vec::new();
            let mut trace = Trace::with_givens(given.clone());
            while let Some(event) = trace.next() {
                match event {
                    Event::Place { row, column } | Event::Conflict { row, column, .. } => {
                        if let Some(g) = given[row as usize] {
                            assert_eq!(column, g, "n = {n}, {given:?}: row {row} tried {column}");
                        }
                    }
                    Event::Solution { .. } => found.push(trace.columns().to_vec()),
                    Event::Remove { .. } => {}
                }
            }
            let expected: Vec<Vec<u32>> = all
                .iter()
                .filter(|s| {
                    given
                        .iter()
                        .zip(s.iter())
                        .all(|(g, &c)| g.is_none_or(|g| g == c))
                })
                .cloned()
                .collect();
            assert_eq!(found, expected, "n = {n}, {given:?}");
        }
    }
}
