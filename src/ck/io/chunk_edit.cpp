#include "retroanim/ck/io/chunk_edit.h"

#include <unordered_map>

namespace retroanim::ck::io {

namespace {

struct Block {
  uint32_t identifier;
  uint32_t start;  // position of the identifier dword
  uint32_t end;    // one past the payload
};

std::vector<Block> blocks_of(const StateChunk& c) {
  ChunkReader r(c);
  std::vector<Block> out;
  if (c.data.size() < 2) return out;
  std::vector<uint32_t> ids = r.identifiers();  // validates the chain
  uint32_t p = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    uint32_t next = c.data[p + 1];
    uint32_t end = next == 0 ? static_cast<uint32_t>(c.data.size()) : next;
    out.push_back({c.data[p], p, end});
    p = next;
  }
  return out;
}

// Copies the entries of `list` that fall in [b.start, b.end) to `out`, moved
// by `delta`; a 0xffffffff marker travels with the entry it precedes.
void carry_list(const std::vector<uint32_t>& list, const Block& b, int64_t delta, std::vector<uint32_t>& out) {
  for (size_t i = 0; i < list.size(); ++i) {
    bool marker = list[i] == 0xffffffffu && i + 1 < list.size();
    uint32_t pos = marker ? list[i + 1] : list[i];
    if (pos >= b.start && pos < b.end) {
      if (marker) out.push_back(0xffffffffu);
      out.push_back(static_cast<uint32_t>(int64_t{pos} + delta));
    }
    if (marker) ++i;
  }
}

// Builds a chunk block by block (the header fields of `like`).
struct ChunkAssembler {
  StateChunk out;
  uint32_t prev = 0;
  bool have_prev = false;

  explicit ChunkAssembler(const StateChunk& like) {
    out.class_id = like.class_id;
    out.data_version = like.data_version;
    out.chunk_version = like.chunk_version;
    out.file_bound = like.file_bound;
    out.origin = like.origin;
  }

  void emit(const StateChunk& src, const Block& b) {
    uint32_t at = static_cast<uint32_t>(out.data.size());
    if (have_prev) out.data[prev + 1] = at;
    prev = at;
    have_prev = true;
    out.data.insert(out.data.end(), src.data.begin() + b.start, src.data.begin() + b.end);
    out.data[at + 1] = 0;
    int64_t delta = int64_t{at} - int64_t{b.start};
    carry_list(src.ids, b, delta, out.ids);
    carry_list(src.chunks, b, delta, out.chunks);
    carry_list(src.managers, b, delta, out.managers);
  }
};

}  // namespace

StateChunk remove_identifiers(const StateChunk& chunk, std::span<const uint32_t> identifiers) {
  ChunkAssembler a(chunk);
  for (const Block& b : blocks_of(chunk)) {
    bool drop = false;
    for (uint32_t id : identifiers) drop = drop || id == b.identifier;
    if (!drop) a.emit(chunk, b);
  }
  return std::move(a.out);
}

StateChunk merge_identifiers(const StateChunk& original, const StateChunk& replacement) {
  std::vector<Block> orig = blocks_of(original);
  std::vector<Block> repl = blocks_of(replacement);
  std::unordered_map<uint32_t, size_t> repl_index;
  for (size_t i = 0; i < repl.size(); ++i) repl_index.emplace(repl[i].identifier, i);
  std::vector<bool> used(repl.size(), false);

  ChunkAssembler a(original);
  auto emit = [&a](const StateChunk& src, const Block& b) { a.emit(src, b); };

  for (const Block& b : orig) {
    auto it = repl_index.find(b.identifier);
    if (it != repl_index.end() && !used[it->second]) {
      used[it->second] = true;
      emit(replacement, repl[it->second]);
    } else {
      emit(original, b);
    }
  }
  for (size_t i = 0; i < repl.size(); ++i)
    if (!used[i]) emit(replacement, repl[i]);
  return std::move(a.out);
}

}  // namespace retroanim::ck::io
