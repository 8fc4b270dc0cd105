// Rewriting part of a saved chunk: a writer that models only some identifiers
// of an object's chunk (e.g. the 3D entity data 0x100000) replaces those and
// keeps every other identifier, payload and list entry as the file had them.
#pragma once

#include <span>

#include "retroanim/ck/io/state_chunk.h"

namespace retroanim::ck::io {

// Returns `original` with each identifier that `replacement` holds replaced by
// the replacement's payload, at the original's place in the chain; identifiers
// of `replacement` that `original` lacks are appended in replacement order.
// The id / sub-chunk / manager position lists are carried along (positions
// inside replaced payloads are dropped in favour of the replacement's). The
// class, versions and FILE flag come from `original`. Throws retroanim::Error
// when either chain is broken.
StateChunk merge_identifiers(const StateChunk& original, const StateChunk& replacement);

// Returns `chunk` without the identifiers listed in `identifiers` (their
// payloads and list entries dropped; the rest keeps its order). Throws
// retroanim::Error when the chain is broken.
StateChunk remove_identifiers(const StateChunk& chunk, std::span<const uint32_t> identifiers);

}  // namespace retroanim::ck::io
