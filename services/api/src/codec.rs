//! The protobuf codec of every generated Arbiter client and server (set in `build.rs` through
//! `codec_path`).
//!
//! It is tonic-prost's codec except for one thing: a body that does not decode is
//! `INVALID_ARGUMENT` (the caller sent bad bytes), where tonic-prost answers `INTERNAL`, which
//! should mean a bug of ours. A client reading an undecodable response sees the same code.

use std::marker::PhantomData;

use prost::Message;
use tonic::codec::{BufferSettings, DecodeBuf, Decoder};
use tonic::Status;
use tonic_prost::ProstEncoder;

/// The codec named in the generated code: `Codec::default()` for each method.
#[derive(Debug, Clone, Copy)]
pub struct Codec<T, U>(PhantomData<(T, U)>);

impl<T, U> Default for Codec<T, U> {
    fn default() -> Self {
        Codec(PhantomData)
    }
}

impl<T, U> tonic::codec::Codec for Codec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = ProstEncoder<T>;
    type Decoder = ProtoDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ProstEncoder::new(BufferSettings::default())
    }

    fn decoder(&mut self) -> Self::Decoder {
        ProtoDecoder(PhantomData)
    }
}

/// Decodes `U`; a malformed body is `INVALID_ARGUMENT`.
#[derive(Debug, Clone, Copy)]
pub struct ProtoDecoder<U>(PhantomData<U>);

impl<U: Message + Default> Decoder for ProtoDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        U::decode(buf)
            .map(Some)
            .map_err(|e| Status::invalid_argument(format!("the message is not a valid protobuf encoding of this method's message type: {e}")))
    }
}
