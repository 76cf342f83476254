//! The OpenAPI 3.1 document served at `/v1/openapi.json`: `spec/openapi.json` with the
//! report's and the brief report's JSON Schemas put in where it refers to their files, so
//! the document served stands alone and the schemas are the ones `/v1/schema` gives.

/// The document as kept in the repository.
pub const SOURCE: &str = include_str!("../../../spec/openapi.json");

/// The document with the schemas embedded (each keeps its `$id`, against which its own
/// `#/$defs/...` references resolve).
pub fn document() -> String {
    let Ok(mut doc) = serde_json::from_str::<serde_json::Value>(SOURCE) else {
        // A test holds the file to valid JSON; should it not be, the file is served as it is.
        return SOURCE.to_string();
    };
    if let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(serde_json::Value::as_object_mut)
    {
        schemas.insert("Report".into(), report::schema());
        schemas.insert("Brief".into(), report::brief_schema());
    }
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| SOURCE.to_string())
}
