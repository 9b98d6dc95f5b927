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
