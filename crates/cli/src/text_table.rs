//! Plain-text tables for the terminal, laid out by comfy-table: columns
//! two spaces apart, no borders. On a terminal (or with `COLUMNS` set) a
//! table is fitted to the width, its widest cells wrapped at spaces; piped
//! without `COLUMNS`, rows are never broken, so scripts read one per line.

use comfy_table::{ColumnConstraint, ContentArrangement, Table, TableStyle, Width};

/// The width to fit: `COLUMNS` when set, else the terminal's when standard
/// output is one, else none.
pub fn width() -> Option<u16> {
    if let Some(columns) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<u16>().ok())
        .filter(|&c| c > 0)
    {
        return Some(columns);
    }
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    terminal_size::terminal_size().map(|(w, _)| w.0)
}

/// A table of `headings` (none when empty) over `rows`, each cell one or
/// more lines, indented `indent` spaces and fitted to `fit` columns when
/// given. `at_least` gives columns a width they never go under (to line
/// several tables up), kept only where the table fits without wrapping.
///
/// A table too wide is fitted by wrapping its cells at spaces when every
/// column keeps its longest word whole; otherwise (many narrow columns, as
/// a system's unit statistics) its columns are split into blocks one under
/// the other, each repeating the first column, as R and pandas print a wide
/// frame.
pub fn layout(
    headings: &[String],
    rows: &[Vec<String>],
    indent: u16,
    fit: Option<u16>,
    at_least: &[u16],
) -> String {
    let columns = headings
        .len()
        .max(rows.iter().map(Vec::len).max().unwrap_or(0));
    let cells = |c: usize| {
        headings
            .get(c)
            .into_iter()
            .chain(rows.iter().filter_map(move |row| row.get(c)))
    };
    let widest = |c: usize, measure: &dyn Fn(&str) -> usize| -> u16 {
        let most = cells(c).map(|cell| measure(cell)).max().unwrap_or(0);
        u16::try_from(most).unwrap_or(u16::MAX)
    };
    let natural: Vec<u16> = (0..columns)
        .map(|c| {
            let least = at_least.get(c).copied().unwrap_or(0);
            widest(c, &|cell| {
                cell.lines().map(|l| l.chars().count()).max().unwrap_or(0)
            })
            .max(least)
        })
        .collect();
    let words: Vec<u16> = (0..columns)
        .map(|c| {
            widest(c, &|cell| {
                cell.split_whitespace()
                    .map(|w| w.chars().count())
                    .max()
                    .unwrap_or(0)
            })
        })
        .collect();
    let span = |widths: &[u16]| widths.iter().map(|w| w + 2).sum::<u16>() + indent;
    match fit {
        Some(width) if span(&natural) > width && span(&words) > width && columns > 2 => {
            blocks(&natural, width, indent)
                .iter()
                .map(|block| {
                    let pick = |cells: &[String]| -> Vec<String> {
                        block
                            .iter()
                            .map(|&c| cells.get(c).cloned().unwrap_or_default())
                            .collect()
                    };
                    let rows: Vec<Vec<String>> = rows.iter().map(|row| pick(row)).collect();
                    one(&pick(headings), &rows, indent, Some(width), &[])
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
        Some(width) if span(&natural) > width => one(headings, rows, indent, Some(width), &[]),
        _ => one(headings, rows, indent, None, at_least),
    }
}

/// The column blocks of a table split to fit `width`: each starts with the
/// first column and takes the next columns while they fit.
fn blocks(natural: &[u16], width: u16, indent: u16) -> Vec<Vec<usize>> {
    let first = natural[0] + 2 + indent;
    let mut blocks = Vec::new();
    let mut block = vec![0];
    let mut used = first;
    for (c, w) in natural.iter().enumerate().skip(1) {
        if block.len() > 1 && used + w + 2 > width {
            blocks.push(std::mem::replace(&mut block, vec![0]));
            used = first;
        }
        block.push(c);
        used += w + 2;
    }
    blocks.push(block);
    blocks
}

/// One table laid out: wrapped to `fit` when given, else at its natural
/// widths, never under `at_least`.
fn one(
    headings: &[String],
    rows: &[Vec<String>],
    indent: u16,
    fit: Option<u16>,
    at_least: &[u16],
) -> String {
    let mut table = Table::new();
    table.load_style(TableStyle::new());
    if !headings.is_empty() {
        table.set_header(headings.to_vec());
    }
    for row in rows {
        table.add_row(row.clone());
    }
    match fit {
        Some(width) => {
            table.set_width(width);
            table.set_content_arrangement(ContentArrangement::Dynamic);
        }
        None => {
            table.set_content_arrangement(ContentArrangement::Disabled);
            // comfy-table counts a column's padding in its width.
            for (i, (column, least)) in table.column_iter_mut().zip(at_least).enumerate() {
                let padding = 2 + if i == 0 { indent } else { 0 };
                column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(
                    least.saturating_add(padding),
                )));
            }
        }
    }
    for (i, column) in table.column_iter_mut().enumerate() {
        column.set_padding((if i == 0 { indent } else { 0 }, 2));
    }
    let mut text = table.trim_fmt();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn columns_stand_two_spaces_apart_with_no_trailing_space() {
        let text = layout(
            &strings(&["Unit", "Name"]),
            &[strings(&["I", "Huscarls"]), strings(&["VIII", "Fyrd"])],
            0,
            None,
            &[],
        );
        assert_eq!(text, "Unit  Name\nI     Huscarls\nVIII  Fyrd\n");
    }

    #[test]
    fn a_table_too_wide_is_fitted_by_wrapping_its_widest_cell() {
        let long = "a unit under Attack orders must close with the nearest enemy";
        let rows = [strings(&["attack", long])];
        let text = layout(&strings(&["Line", "Who"]), &rows, 4, Some(40), &[]);
        assert!(text.lines().count() > 2, "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 40, "{line:?} is past 40 columns");
            assert!(line.starts_with("    "), "{line:?} keeps its indent");
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(words[2..].join(" "), format!("attack {long}"));
    }

    #[test]
    fn a_table_of_many_narrow_columns_is_split_into_blocks() {
        let headings: Vec<String> = (0..12).map(|i| format!("Stat{i}")).collect();
        let mut row = vec!["Y".to_string()];
        row.extend((1..12).map(|i| (i * 10).to_string()));
        let text = layout(&headings, &[row], 0, Some(30), &[]);
        let blocks: Vec<&str> = text.split("\n\n").collect();
        assert!(blocks.len() > 2, "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 30, "{line:?} is past 30 columns");
        }
        for block in &blocks {
            assert!(
                block.starts_with("Stat0"),
                "each block repeats the first column"
            );
            assert!(block.lines().nth(1).is_some_and(|l| l.starts_with("Y ")));
        }
        assert!(text.contains("110"), "every value is kept");
    }

    #[test]
    fn tables_line_up_on_a_shared_lower_bound() {
        let one = layout(
            &strings(&["A", "B"]),
            &[strings(&["x", "y"])],
            0,
            None,
            &[6, 3],
        );
        assert_eq!(one, "A       B\nx       y\n");
    }
}
