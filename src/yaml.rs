//! YAML, behind one module: the rest of the crate never names the YAML library. It is
//! yaml_serde, the maintained continuation of serde_yaml (deprecated upstream), with the same
//! API.

use serde::Serialize;

/// A value as a YAML document.
pub fn to_string<T: Serialize>(value: &T) -> String {
    yaml_serde::to_string(value).expect("a report serializes to YAML")
}
