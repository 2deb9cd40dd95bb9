#![allow(dead_code)] // each test binary uses its own part
//! A raw-bytes gRPC codec: sends any bytes as a request body to any method path, as a client
//! with a broken or hostile encoder would.

use bytes::{Buf, BufMut};
use tonic::codec::{DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::transport::Channel;
use tonic::Status;

#[derive(Clone, Copy, Default)]
pub struct RawCodec;
pub struct RawEncoder;
pub struct RawDecoder;

impl tonic::codec::Codec for RawCodec {
    type Encode = Vec<u8>;
    type Decode = Vec<u8>;
    type Encoder = RawEncoder;
    type Decoder = RawDecoder;
    fn encoder(&mut self) -> RawEncoder {
        RawEncoder
    }
    fn decoder(&mut self) -> RawDecoder {
        RawDecoder
    }
}

impl Encoder for RawEncoder {
    type Item = Vec<u8>;
    type Error = Status;
    fn encode(&mut self, item: Vec<u8>, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        buf.put_slice(&item);
        Ok(())
    }
}

impl Decoder for RawDecoder {
    type Item = Vec<u8>;
    type Error = Status;
    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<Vec<u8>>, Status> {
        let n = buf.remaining();
        Ok(Some(buf.copy_to_bytes(n).to_vec()))
    }
}

/// Send `body` as-is to `path` (e.g. `/arbiter.match.v1.MatchService/GetMatch`); only the
/// status matters. A server-streaming method's stream is dropped once it opens.
pub async fn send(channel: &Channel, path: &str, body: Vec<u8>, streaming: bool) -> Result<(), Status> {
    let mut grpc = tonic::client::Grpc::new(channel.clone());
    grpc.ready().await.map_err(|e| Status::unavailable(e.to_string()))?;
    let path: tonic::codegen::http::uri::PathAndQuery = path.parse().map_err(|_| Status::invalid_argument("the test built a bad method path"))?;
    if streaming {
        grpc.server_streaming(tonic::Request::new(body), path, RawCodec).await.map(|_| ())
    } else {
        grpc.unary(tonic::Request::new(body), path, RawCodec).await.map(|_| ())
    }
}
