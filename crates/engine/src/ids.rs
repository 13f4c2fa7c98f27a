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
    (id.len() <= PACKED).then(|| packed_head(id))
}

/// The first [`PACKED`] bytes of `text` and its length (up to 255) in one
/// number: texts packed apart differ, and texts of at most [`PACKED`]
/// bytes packed alike are equal.
///
/// Read as two overlapping words, not copied byte by byte: a copy of a
/// length not known when compiling is a call to `memcpy`, which cost more
/// than a lookup.
#[inline]
pub(crate) fn packed_head(text: &str) -> u64 {
    let all = text.as_bytes();
    let b = all.get(..PACKED).unwrap_or(all);
    let bytes = if let (Some(head), Some(tail)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        u64::from(u32::from_le_bytes(*head))
            | u64::from(u32::from_le_bytes(*tail)) << (8 * (b.len() - 4))
    } else if let (Some(head), Some(tail)) = (b.first_chunk::<2>(), b.last_chunk::<2>()) {
        u64::from(u16::from_le_bytes(*head))
            | u64::from(u16::from_le_bytes(*tail)) << (8 * (b.len() - 2))
    } else {
        b.first().map_or(0, |&byte| u64::from(byte))
    };
    bytes | (text.len().min(255) as u64) << (8 * PACKED)
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

    /// Every id of up to eight bytes over a few letters (a multi-byte one
    /// included) packs as its bytes, then its length in the top byte.
    #[test]
    fn an_id_packs_as_its_bytes_and_its_length() {
        let letters = ["A", "b", "\0", "é", "7"];
        let mut ids = vec![String::new()];
        for _ in 0..8 {
            let longer: Vec<String> = ids
                .iter()
                .filter(|id| id.len() < 8)
                .flat_map(|id| letters.iter().map(move |l| format!("{id}{l}")))
                .collect();
            ids.extend(longer);
        }
        ids.sort();
        ids.dedup();
        for id in &ids {
            let expected = (id.len() <= PACKED).then(|| {
                let mut key = [0u8; 8];
                key[..id.len()].copy_from_slice(id.as_bytes());
                key[PACKED] = id.len() as u8;
                u64::from_le_bytes(key)
            });
            assert_eq!(packed(id), expected, "{id:?}");
            let mut head = [0u8; 8];
            let kept = id.len().min(PACKED);
            head[..kept].copy_from_slice(&id.as_bytes()[..kept]);
            head[PACKED] = id.len() as u8;
            assert_eq!(packed_head(id), u64::from_le_bytes(head), "{id:?}");
            if let Some(key) = expected {
                assert_eq!(unpacked(key), *id);
            }
        }
        assert!(ids.len() > 10_000, "{}", ids.len());
    }

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
