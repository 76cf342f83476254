//! Serves the viewer's pages alone, for trying them without the service:
//! `cargo run -p stich-viewer --example viewer_dev -- 8080`, then open http://127.0.0.1:8080/.
//! The collection pages need the service's collection routes, which this does not serve.

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port: u16 = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(8080);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    eprintln!("viewer on http://{}/", listener.local_addr()?);
    axum::serve(listener, viewer::router::<()>()).await
}
