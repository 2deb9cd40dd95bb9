// The Arbiter match API in the browser: the client generated from proto/ (protobuf-es), called
// over Connect's gRPC-Web transport, which the orchestrator's own port answers (docs/security.md,
// "gRPC-Web"). No message type here is written by hand.

import { create } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { ChoiceSchema, MatchService, type Choice, type Decision } from "../gen/arbiter/match/v1/match_pb.js";

export type MatchClient = Client<typeof MatchService>;

/** A client of the orchestrator at `baseUrl` (e.g. http://127.0.0.1:50051). `bearer` gives the
 *  credential of each call: a seat token, the platform key, or nothing for a spectator. */
export function connect(baseUrl: string, bearer: () => string | undefined): MatchClient {
  const auth: Interceptor = (next) => async (req) => {
    const credential = bearer();
    if (credential) req.header.set("authorization", `Bearer ${credential}`);
    return next(req);
  };
  return createClient(MatchService, createGrpcWebTransport({ baseUrl, useBinaryFormat: true, interceptors: [auth] }));
}

/** 32 fresh random bytes: a seat's entropy for the match key (docs/fairness.md, §4). */
export function entropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

/** The answer a form gathered, as the API's `Choice`. */
export type Answer =
  | { kind: "pick"; ids: string[] }
  | { kind: "number"; value: bigint }
  | { kind: "split"; parts: { targetId: string; amount: number }[] }
  | { kind: "order"; ids: string[] };

export function choice(a: Answer): Choice {
  switch (a.kind) {
    case "pick":
      return create(ChoiceSchema, { value: { case: "pick", value: { optionIds: a.ids } } });
    case "number":
      return create(ChoiceSchema, { value: { case: "number", value: a.value } });
    case "split":
      return create(ChoiceSchema, { value: { case: "split", value: { parts: a.parts } } });
    case "order":
      return create(ChoiceSchema, { value: { case: "order", value: { itemIds: a.ids } } });
  }
}

/** Whether `d` is a decision the holder of `seat` answers (spectators answer none). */
export function isMine(d: Decision | undefined, seat: number | undefined): d is Decision {
  return d !== undefined && seat !== undefined && d.seat === seat && d.spec.case !== undefined;
}
