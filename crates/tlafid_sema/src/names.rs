//! Small helpers about names: "did you mean" suggestions.

/// The candidate closest to `name` by edit distance, if one is close enough to suggest.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if candidate == name {
            continue;
        }
        let distance = edit_distance(&name.to_lowercase(), &candidate.to_lowercase());
        let better = match best {
            Some((d, c)) => (distance, candidate) < (d, c),
            None => true,
        };
        if distance <= limit && better {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_nearest_name() {
        let names = ["Init", "Next", "TypeOK"];
        assert_eq!(closest("Nxt", names.iter().copied()), Some("Next"));
        assert_eq!(closest("TypeOk", names.iter().copied()), Some("TypeOK"));
        assert_eq!(closest("Zebra", names.iter().copied()), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
