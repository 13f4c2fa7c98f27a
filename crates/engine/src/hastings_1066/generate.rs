//! Random legal Hastings: 1066 battles (to be written).

/// Hands `battles` random legal battles to `each`.
pub fn generate_each(_battles: u32, _seed: u64, _each: &mut dyn FnMut(&str)) {}
