//! Lowering: from the syntax tree to generic setup and actions (to come).
