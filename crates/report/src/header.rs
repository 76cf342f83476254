//! Header tags as they appear in JSON.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One header tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HeaderTag {
    /// The tag name.
    pub name: String,
    /// The value.
    pub value: String,
}

impl From<&notation::Tag> for HeaderTag {
    fn from(t: &notation::Tag) -> Self {
        HeaderTag {
            name: t.name.node.clone(),
            value: t.value.node.clone(),
        }
    }
}
