//! senlac's rules engine. Empty until the engine issue: it will lower the
//! notation's generic actions into each rule system's typed events and fold them
//! into a timeline of states.
