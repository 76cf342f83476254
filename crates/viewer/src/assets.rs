//! The pages and their assets, embedded in the binary: a fixed table of names, so that no
//! request path ever reaches the file system.

/// The paste and upload page (`GET /`).
pub const INDEX: &str = include_str!("../assets/index.html");
/// A record's page (`GET /view`).
pub const VIEW: &str = include_str!("../assets/view.html");
/// A collection's page (`GET /c/{cid}`).
pub const COLLECTION: &str = include_str!("../assets/collection.html");

/// One embedded file under `/assets/`.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// Its name after `/assets/`.
    pub name: &'static str,
    /// Its media type.
    pub content_type: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every asset.
pub static ASSETS: [Asset; 6] = [
    Asset {
        name: "stich.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../assets/stich.css"),
    },
    Asset {
        name: "common.js",
        content_type: JS,
        body: include_bytes!("../assets/common.js"),
    },
    Asset {
        name: "check.js",
        content_type: JS,
        body: include_bytes!("../assets/check.js"),
    },
    Asset {
        name: "view.js",
        content_type: JS,
        body: include_bytes!("../assets/view.js"),
    },
    Asset {
        name: "collection.js",
        content_type: JS,
        body: include_bytes!("../assets/collection.js"),
    },
    Asset {
        name: "icon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("../assets/icon.svg"),
    },
];

/// The asset named `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_page_names_only_embedded_assets() {
        for page in [super::INDEX, super::VIEW, super::COLLECTION] {
            for part in page.split("/assets/").skip(1) {
                let name: String = part.chars().take_while(|c| *c != '"').collect();
                assert!(super::find(&name).is_some(), "{name} is not embedded");
            }
            assert!(
                !page.contains("http://") && !page.contains("https://"),
                "a page names another host"
            );
        }
        assert!(super::find("../Cargo.toml").is_none());
    }
}
