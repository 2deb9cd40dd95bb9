//! Card numbers per match. A card's number is what every event, view and decision calls it by.
//! Were it its position in the deck lists, it would be the same card in every match, and one
//! finished match's export would name the face-down cards of the next. So each match draws a
//! permutation at setup (`Shuffle(n)`, purpose [`PURPOSE`]) before any number is shown, and the
//! card at deck-list position `p` gets number `values[p]`.

use super::RulesError;

/// The draw purpose of the card-number permutation.
pub const PURPOSE: &str = "card-numbers";

/// Reorder `cards` (indexed by deck-list position) so that the card at position `p` ends at
/// index `values[p]`; the returned vector is indexed by card number. `values` must be a
/// permutation of `0..cards.len()` (the caller's draw check ensures it; refused otherwise).
pub fn renumber<T>(cards: Vec<T>, values: &[u32]) -> Result<Vec<T>, RulesError> {
    if values.len() != cards.len() {
        return Err(RulesError::Malformed(format!("the card-number permutation has {} values for {} cards", values.len(), cards.len())));
    }
    let mut slots: Vec<Option<T>> = (0..cards.len()).map(|_| None).collect();
    for (card, &v) in cards.into_iter().zip(values) {
        match slots.get_mut(v as usize) {
            Some(slot @ None) => *slot = Some(card),
            _ => return Err(RulesError::Malformed(format!("card number {v} is out of range or repeated"))),
        }
    }
    slots.into_iter().map(|s| s.ok_or_else(|| RulesError::Malformed("a card number is missing".into()))).collect()
}

/// The number of the card at deck-list position `id`, for remapping zones built before numbering.
pub fn number_of(values: &[u32], id: u32) -> Result<u32, RulesError> {
    values.get(id as usize).copied().ok_or_else(|| RulesError::CorruptState(format!("card {id} has no number")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_at_position_p_gets_number_values_p() {
        let v = renumber(vec!["a", "b", "c"], &[2, 0, 1]).unwrap();
        assert_eq!(v, vec!["b", "c", "a"]);
        assert!(renumber(vec!["a", "b"], &[0, 0]).is_err());
        assert!(renumber(vec!["a", "b"], &[0, 2]).is_err());
        assert!(renumber(vec!["a", "b"], &[0]).is_err());
    }
}
