//! Units and pieces by id: the table every action's words are looked up in.
//!
//! Ids are short (`VI`, `A1`, `NF1`). One of at most seven bytes is packed
//! with its length into a number, so a lookup hashes and compares one
//! integer instead of a string, and naming a unit allocates nothing; a
//! longer id is kept as a string.

use std::collections::HashMap;

use foldhash::fast::FixedState;

/// Values by id.
#[derive(Clone, Debug, PartialEq)]
pub struct IdMap<V> {
    /// Ids of at most [`PACKED`] bytes, by [`packed`] key.
    short: HashMap<u64, V, FixedState>,
    long: HashMap<Box<str>, V, FixedState>,
}

/// The longest id packed into a number.
const PACKED: usize = 7;

impl<V> Default for IdMap<V> {
    fn default() -> Self {
        IdMap::with_capacity(0)
    }
}

impl<V> IdMap<V> {
    /// Room for `count` short ids without growing.
    pub fn with_capacity(count: usize) -> Self {
        IdMap {
            short: HashMap::with_capacity_and_hasher(count, FixedState::default()),
            long: HashMap::default(),
        }
    }

    pub fn get(&self, id: &str) -> Option<&V> {
        match packed(id) {
            Some(key) => self.short.get(&key),
            None => self.long.get(id),
        }
    }

    pub fn get_mut(&mut self, id: &str) -> Option<&mut V> {
        match packed(id) {
            Some(key) => self.short.get_mut(&key),
            None => self.long.get_mut(id),
        }
    }

    /// The value of `id`, `value` put there first if it had none.
    pub fn first_or_insert(&mut self, id: &str, value: V) -> &mut V {
        match packed(id) {
            Some(key) => self.short.entry(key).or_insert(value),
            None => self.long.entry(id.into()).or_insert(value),
        }
    }

    /// Every id, in no order: for messages that list them.
    pub fn ids(&self) -> impl Iterator<Item = String> + '_ {
        let short = self.short.keys().map(|&key| unpacked(key));
        short.chain(self.long.keys().map(|id| id.to_string()))
    }

    pub fn len(&self) -> usize {
        self.short.len() + self.long.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An id of at most [`PACKED`] bytes, its bytes and its length in one
/// number (so `A` and `A\0` differ); `None` for a longer one.
fn packed(id: &str) -> Option<u64> {
    let bytes = id.as_bytes();
    if bytes.len() > PACKED {
        return None;
    }
    let mut key = [0u8; 8];
    key[..bytes.len()].copy_from_slice(bytes);
    key[PACKED] = bytes.len() as u8;
    Some(u64::from_le_bytes(key))
}

/// The id a [`packed`] key holds.
fn unpacked(key: u64) -> String {
    let bytes = key.to_le_bytes();
    let len = usize::from(bytes[PACKED]).min(PACKED);
    String::from_utf8_lossy(&bytes[..len]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every id finds its own value and no other's, short and long, ids
    /// that differ only in length or past the seventh byte included, and
    /// lists back as written.
    #[test]
    fn an_id_finds_its_own_value() {
        let ids = [
            "",
            "A",
            "A\0",
            "I",
            "II",
            "VI",
            "VII",
            "A1",
            "NF1",
            "ÆÐ",
            "abcdefg",
            "abcdefgh",
            "abcdefgi",
            "Saxons.VI",
            "VIIIIIIII",
        ];
        let mut map = IdMap::default();
        for (value, id) in ids.iter().enumerate() {
            assert_eq!(*map.first_or_insert(id, value), value, "{id:?}");
        }
        assert_eq!(map.len(), ids.len());
        for (value, id) in ids.iter().enumerate() {
            assert_eq!(map.get(id), Some(&value), "{id:?}");
            // The first value stays.
            assert_eq!(*map.first_or_insert(id, 99), value, "{id:?}");
        }
        for absent in ["B", "A\0\0", "abcdefghi", "abcdef", "V", "vi"] {
            assert_eq!(map.get(absent), None, "{absent:?}");
        }
        *map.get_mut("VI").unwrap() = 42;
        *map.get_mut("abcdefgh").unwrap() = 43;
        assert_eq!((map.get("VI"), map.get("abcdefgh")), (Some(&42), Some(&43)));
        let mut listed: Vec<String> = map.ids().collect();
        listed.sort();
        let mut written: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        written.sort();
        assert_eq!(listed, written);
    }
}
