//! Conversions between protobuf and domain types.
