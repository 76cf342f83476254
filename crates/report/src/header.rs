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

/// The header written as one JSON object, tag name to value, in written order; a tag given
/// twice (a reading finding already) keeps its first value, so that the object has each key
/// once.
pub(crate) mod as_object {
    use super::HeaderTag;
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    /// Writes the tags as an object.
    pub fn serialize<S: Serializer>(tags: &[HeaderTag], s: S) -> Result<S::Ok, S::Error> {
        let mut seen = std::collections::HashSet::new();
        let mut map = s.serialize_map(None)?;
        for t in tags {
            if seen.insert(t.name.as_str()) {
                map.serialize_entry(&t.name, &t.value)?;
            }
        }
        map.end()
    }

    /// Reads the object back as tags, in the object's order.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<HeaderTag>, D::Error> {
        struct Tags;
        impl<'de> serde::de::Visitor<'de> for Tags {
            type Value = Vec<HeaderTag>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of header tags")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((name, value)) = m.next_entry::<String, String>()? {
                    out.push(HeaderTag { name, value });
                }
                Ok(out)
            }
        }
        d.deserialize_map(Tags)
    }
}
