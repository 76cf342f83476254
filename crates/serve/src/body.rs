//! A response body fed from a channel, so that reports go out as they are made.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::Bytes;
use http_body::Frame;
use tokio::sync::mpsc;

/// The body: every chunk sent on the channel, in order, until the sender is dropped.
pub struct ChannelBody {
    rx: mpsc::Receiver<Bytes>,
}

impl ChannelBody {
    /// A body and the sender that feeds it; `bound` chunks may wait for the client, so a
    /// slow reader holds up the checking rather than filling memory.
    pub fn channel(bound: usize) -> (mpsc::Sender<Bytes>, ChannelBody) {
        let (tx, rx) = mpsc::channel(bound.max(1));
        (tx, ChannelBody { rx })
    }
}

impl http_body::Body for ChannelBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.rx
            .poll_recv(cx)
            .map(|chunk| chunk.map(|b| Ok(Frame::data(b))))
    }
}
