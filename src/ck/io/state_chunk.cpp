#include "retroanim/ck/io/state_chunk.h"

#include <cstring>

#include "retroanim/error.h"
#include "retroanim/io/byte_order.h"
#include "io/hex.h"

namespace retroanim::ck::io {

namespace {

using retroanim::io::append_u32_le;
using retroanim::io::bits_float;
using retroanim::io::float_bits;
using retroanim::io::load_u32_le;

// Reads dwords from the chunk's byte extent, failing with the chunk's origin.
class DwordCursor {
 public:
  DwordCursor(std::span<const uint8_t> bytes, const ChunkOrigin& origin) : bytes_(bytes), origin_(origin) {}
  size_t remaining() const { return (bytes_.size() - off_) / 4; }
  uint32_t next(const char* what) {
    if (bytes_.size() - off_ < 4) fail(std::string("chunk truncated reading ") + what);
    uint32_t v = load_u32_le(bytes_.data() + off_);
    off_ += 4;
    return v;
  }
  std::vector<uint32_t> take(uint32_t count, const char* what) {
    if (count > remaining()) {
      fail(std::string("chunk ") + what + " count " + std::to_string(count) + " exceeds the " +
           std::to_string(remaining()) + " dwords present");
    }
    std::vector<uint32_t> v(count);
    retroanim::io::load_u32_le_array(v.data(), bytes_.data() + off_, count);
    off_ += size_t{count} * 4;
    return v;
  }
  size_t offset() const { return off_; }
  [[noreturn]] void fail(const std::string& what) const {
    uint64_t at = origin_.data_offset + off_;
    throw Error(describe_error(origin_.file, origin_.object, at, what));
  }

 private:
  std::span<const uint8_t> bytes_;
  const ChunkOrigin& origin_;
  size_t off_ = 0;
};

}  // namespace

// CKStateChunk::ConvertFromBuffer
StateChunk StateChunk::parse(std::span<const uint8_t> bytes, const ChunkOrigin& origin) {
  StateChunk c;
  c.origin = origin;
  DwordCursor cur(bytes, origin);
  uint32_t head = cur.next("the chunk header");
  c.data_version = static_cast<uint16_t>(head & 0xff);
  c.chunk_version = static_cast<uint16_t>((head >> 16) & 0xff);
  if (c.chunk_version < chunk_version::kPackedHeader) {
    // Older layouts: class id, data size, one unused dword, list counts.
    c.class_id = cur.next("the class id");
    uint32_t size = cur.next("the data size");
    cur.next("the header");
    uint32_t id_count = cur.next("the id count");
    uint32_t chunk_count = cur.next("the sub-chunk count");
    uint32_t manager_count = 0;
    if (c.chunk_version == chunk_version::kManagerList) manager_count = cur.next("the manager count");
    c.origin.data_offset = origin.data_offset + cur.offset();
    c.data = cur.take(size, "data size");
    c.ids = cur.take(id_count, "id list");
    c.chunks = cur.take(chunk_count, "sub-chunk list");
    c.managers = cur.take(manager_count, "manager list");
    c.file_bound = false;
    return c;
  }
  if (c.chunk_version > chunk_version::kFileIndices) {
    cur.fail("unsupported chunk version " + std::to_string(c.chunk_version));
  }
  c.class_id = (head >> 8) & 0xff;
  uint8_t options = static_cast<uint8_t>(head >> 24);
  uint32_t size = cur.next("the data size");
  c.origin.data_offset = origin.data_offset + cur.offset();
  c.data = cur.take(size, "data size");
  c.file_bound = (options & chunk_option::kFile) != 0;
  if (options & chunk_option::kIds) c.ids = cur.take(cur.next("the id count"), "id list");
  if (options & chunk_option::kChunks) c.chunks = cur.take(cur.next("the sub-chunk count"), "sub-chunk list");
  if (options & chunk_option::kManagers) c.managers = cur.take(cur.next("the manager count"), "manager list");
  return c;
}

size_t StateChunk::serialized_size() const {
  size_t n = 8 + data.size() * 4;
  if (!ids.empty()) n += 4 + ids.size() * 4;
  if (!chunks.empty()) n += 4 + chunks.size() * 4;
  if (!managers.empty()) n += 4 + managers.size() * 4;
  return n;
}

// CKStateChunk::ConvertToBuffer
std::vector<uint8_t> StateChunk::serialize() const {
  std::vector<uint8_t> out;
  out.reserve(serialized_size());
  uint32_t options = 0;
  if (!ids.empty()) options |= chunk_option::kIds;
  if (!chunks.empty()) options |= chunk_option::kChunks;
  if (!managers.empty()) options |= chunk_option::kManagers;
  if (file_bound) options |= chunk_option::kFile;
  uint32_t head = (data_version & 0xffu) | ((class_id & 0xffu) << 8) | (uint32_t{chunk_version::kFileIndices} << 16) |
                  (options << 24);
  append_u32_le(out, head);
  append_u32_le(out, static_cast<uint32_t>(data.size()));
  for (uint32_t v : data) append_u32_le(out, v);
  auto list = [&](const std::vector<uint32_t>& l) {
    if (l.empty()) return;
    append_u32_le(out, static_cast<uint32_t>(l.size()));
    for (uint32_t v : l) append_u32_le(out, v);
  };
  list(ids);
  list(chunks);
  list(managers);
  return out;
}

// ---------------------------------------------------------------------------
// ChunkReader

ChunkReader::ChunkReader(const StateChunk& chunk, const ObjectResolver* resolver)
    : chunk_(&chunk), resolver_(resolver) {}

void ChunkReader::fail(const std::string& what, std::optional<uint32_t> pos) const {
  uint64_t at = chunk_->origin.data_offset + uint64_t{pos.value_or(pos_)} * 4;
  throw Error(describe_error(chunk_->origin.file, chunk_->origin.object, at, what));
}

// Position of the identifier after the one at `ident_pos` (0 = none), checked.
uint32_t ChunkReader::next_of(uint32_t ident_pos) const {
  const auto& d = chunk_->data;
  uint32_t next = d[ident_pos + 1];
  if (next == 0) return 0;
  if (next < ident_pos + 2 || uint64_t{next} + 2 > d.size()) {  // 64-bit: next = 0xFFFFFFFF must not wrap
    fail("broken identifier chain: identifier " + retroanim::io::hex(d[ident_pos], 0, retroanim::io::HexCase::kLower) +
             " links to dword " + std::to_string(next) + " of " + std::to_string(d.size()),
         ident_pos + 1);
  }
  return next;
}

void ChunkReader::enter_identifier(uint32_t ident_pos) {
  prev_identifier_ = ident_pos;
  have_identifier_ = true;
  pos_ = ident_pos + 2;  // past the identifier and its next-position dword
}

std::vector<uint32_t> ChunkReader::identifiers() const {
  std::vector<uint32_t> out;
  const auto& d = chunk_->data;
  if (d.size() < 2) return out;
  uint32_t p = 0;
  for (;;) {
    out.push_back(d[p]);
    uint32_t n = next_of(p);
    if (n == 0) break;
    p = n;
  }
  return out;
}

// CKStateChunk::SeekIdentifier
bool ChunkReader::seek_identifier(uint32_t identifier) {
  const auto& d = chunk_->data;
  if (d.size() < 2) return false;
  // Phase 1: from the identifier after the previous one to the end.
  uint32_t start = next_of(prev_identifier_);
  uint32_t p = start;
  while (p != 0 && d[p] != identifier) p = next_of(p);
  if (p == 0) {
    // Phase 2: from the first identifier up to the start of phase 1.
    while (d[p] != identifier) {
      p = next_of(p);
      if (p == start || p == 0) return false;
    }
  }
  enter_identifier(p);
  return true;
}

// CKStateChunk::SeekIdentifierAndReturnSize
std::optional<uint32_t> ChunkReader::seek_identifier_size(uint32_t identifier) {
  const auto& d = chunk_->data;
  if (d.size() < 2) return std::nullopt;
  uint32_t p = 0;
  while (d[p] != identifier) {
    p = next_of(p);
    if (p == 0) return std::nullopt;
  }
  enter_identifier(p);
  uint32_t n = next_of(p);
  uint32_t end = n == 0 ? static_cast<uint32_t>(d.size()) : n;
  return end - p - 2;
}

uint32_t ChunkReader::remaining() const {
  uint32_t end = static_cast<uint32_t>(chunk_->data.size());
  if (have_identifier_) {
    uint32_t n = chunk_->data[prev_identifier_ + 1];
    if (n != 0 && n >= pos_ && n <= end) end = n;
  }
  return pos_ <= end ? end - pos_ : 0;
}

void ChunkReader::need(uint32_t count, const char* what) const {
  if (count > remaining()) {
    fail(std::string("chunk overrun reading ") + what + " (" + std::to_string(count) + " dwords needed, " +
         std::to_string(remaining()) + " left)");
  }
}

void ChunkReader::go_to(uint32_t pos) {
  if (pos > chunk_->data.size()) fail("seek past the chunk end to dword " + std::to_string(pos));
  pos_ = pos;
}

void ChunkReader::skip(uint32_t count) {
  need(count, "skipped dwords");
  pos_ += count;
}

uint32_t ChunkReader::read_dword() {
  need(1, "a dword");
  return chunk_->data[pos_++];
}

int32_t ChunkReader::read_int() { return static_cast<int32_t>(read_dword()); }

float ChunkReader::read_float() {
  need(1, "a float");
  return bits_float(chunk_->data[pos_++]);
}

Guid ChunkReader::read_guid() {
  need(2, "a GUID");
  Guid g{chunk_->data[pos_], chunk_->data[pos_ + 1]};
  pos_ += 2;
  return g;
}

math::Vec3 ChunkReader::read_vector() {
  need(3, "a vector");
  const auto& d = chunk_->data;
  math::Vec3 v{bits_float(d[pos_]), bits_float(d[pos_ + 1]), bits_float(d[pos_ + 2])};
  pos_ += 3;
  return v;
}

math::Matrix ChunkReader::read_matrix() {
  need(16, "a matrix");
  math::Matrix m;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) m.m[r][c] = bits_float(chunk_->data[pos_++]);
  return m;
}

std::vector<uint8_t> ChunkReader::read_raw_bytes(uint32_t byte_count) {
  uint32_t dwords = static_cast<uint32_t>((uint64_t{byte_count} + 3) / 4);
  need(dwords, "a byte buffer");
  // The bytes are the little-endian bytes of the data dwords (the last one padded).
  std::vector<uint8_t> out(size_t{dwords} * 4);
  retroanim::io::store_u32_le_array(out.data(), chunk_->data.data() + pos_, dwords);
  out.resize(byte_count);
  pos_ += dwords;
  return out;
}

// CKStateChunk::ReadString
std::string ChunkReader::read_string() {
  uint32_t size = read_dword();
  if (size == 0) return {};
  std::vector<uint8_t> bytes = read_raw_bytes(size);
  size_t len = 0;
  while (len < bytes.size() && bytes[len] != 0) ++len;
  return std::string(reinterpret_cast<const char*>(bytes.data()), len);
}

// CKStateChunk::ReadBuffer
std::vector<uint8_t> ChunkReader::read_buffer() {
  uint32_t size = read_dword();
  return read_raw_bytes(size);
}

std::vector<uint32_t> ChunkReader::read_dwords(uint32_t count) {
  need(count, "dwords");
  std::vector<uint32_t> out(chunk_->data.begin() + pos_, chunk_->data.begin() + pos_ + count);
  pos_ += count;
  return out;
}

FileIndex ChunkReader::resolve(uint32_t stored) const {
  if (chunk_->file_bound) {
    auto idx = static_cast<int32_t>(stored);
    if (idx < 0) return kNoObject;
    if (resolver_ && static_cast<size_t>(idx) >= resolver_->object_count) {
      fail("dangling object reference: file index " + std::to_string(idx) + " but the file has " +
               std::to_string(resolver_->object_count) + " objects",
           pos_ - 1);
    }
    return idx;
  }
  if (stored == 0) return kNoObject;
  if (!resolver_ || !resolver_->id_to_index) return static_cast<FileIndex>(stored);
  auto it = resolver_->id_to_index->find(stored);
  if (it == resolver_->id_to_index->end()) {
    fail("dangling object reference: id " + std::to_string(stored) + " is not in the file", pos_ - 1);
  }
  return it->second;
}

uint32_t ChunkReader::read_object_raw() { return read_dword(); }

// CKStateChunk::ReadObjectID
FileIndex ChunkReader::read_object() {
  uint32_t v = read_dword();
  if (chunk_->chunk_version >= chunk_version::kObjectIds) return resolve(v);
  // Legacy layout: a non-zero marker, two dwords, then the id.
  if (v == 0) return kNoObject;
  skip(2);
  return resolve(read_dword());
}

// CKStateChunk::ReadXObjectArray
std::vector<FileIndex> ChunkReader::read_object_array() {
  uint32_t count = read_dword();
  if (count == 0) return {};
  if (chunk_->chunk_version < chunk_version::kObjectIds) {
    skip(4);
    count = read_dword();
  }
  need(count, "an object array");
  std::vector<FileIndex> out;
  out.reserve(count);
  for (uint32_t i = 0; i < count; ++i) out.push_back(resolve(chunk_->data[pos_++]));
  return out;
}

// CKStateChunk::ReadManagerInt
std::pair<Guid, int32_t> ChunkReader::read_manager_int() {
  Guid g = read_guid();
  return {g, read_int()};
}

// CKStateChunk::ReadSubChunk
std::optional<StateChunk> ChunkReader::read_sub_chunk() {
  uint32_t size_pos = pos_;
  uint32_t size = read_dword();
  if (size == 0 || static_cast<int32_t>(size) < 0) return std::nullopt;
  need(size, "a sub-chunk");
  uint32_t end = pos_ + size;
  StateChunk sub;
  sub.class_id = read_dword();
  const auto& d = chunk_->data;
  auto bounded = [&](uint32_t count, const char* what) {
    if (count > end - pos_) {
      fail(std::string("sub-chunk ") + what + " count " + std::to_string(count) + " exceeds its size of " +
               std::to_string(size) + " dwords",
           size_pos);
    }
    std::vector<uint32_t> v(d.begin() + pos_, d.begin() + pos_ + count);
    pos_ += count;
    return v;
  };
  if (chunk_->chunk_version >= chunk_version::kObjectIds) {
    uint32_t version = bounded(1, "header")[0];
    sub.data_version = static_cast<uint16_t>(version & 0xffff);
    sub.chunk_version = static_cast<uint16_t>(version >> 16);
    uint32_t data_size = bounded(1, "header")[0];
    uint32_t has_file = bounded(1, "header")[0];
    uint32_t id_count = bounded(1, "header")[0];
    uint32_t chunk_count = bounded(1, "header")[0];
    uint32_t manager_count = 0;
    if (chunk_->chunk_version > chunk_version::kObjectIds) manager_count = bounded(1, "header")[0];
    sub.origin = chunk_->origin;
    sub.origin.data_offset = chunk_->origin.data_offset + uint64_t{pos_} * 4;
    sub.data = bounded(data_size, "data");
    sub.ids = bounded(id_count, "id list");
    sub.chunks = bounded(chunk_count, "sub-chunk list");
    sub.managers = bounded(manager_count, "manager list");
    sub.file_bound = has_file != 0 && chunk_->file_bound;
  } else {
    uint32_t data_size = bounded(1, "header")[0];
    bounded(1, "header");
    sub.chunk_version = chunk_->chunk_version;
    sub.data_version = chunk_->data_version;
    sub.origin = chunk_->origin;
    sub.origin.data_offset = chunk_->origin.data_offset + uint64_t{pos_} * 4;
    sub.data = bounded(data_size, "data");
    sub.file_bound = false;
  }
  pos_ = end;
  return sub;
}

// ---------------------------------------------------------------------------
// ChunkWriter

ChunkWriter::ChunkWriter(uint32_t class_id, uint16_t data_version, bool file_bound) {
  chunk_.class_id = class_id;
  chunk_.data_version = data_version;
  chunk_.chunk_version = chunk_version::kFileIndices;
  chunk_.file_bound = file_bound;
}

// CKStateChunk::WriteIdentifier
void ChunkWriter::write_identifier(uint32_t identifier) {
  uint32_t pos = position();
  if (have_identifier_) chunk_.data[prev_identifier_ + 1] = pos;
  prev_identifier_ = pos;
  have_identifier_ = true;
  chunk_.data.push_back(identifier);
  chunk_.data.push_back(0);
}

void ChunkWriter::write_dword(uint32_t v) { chunk_.data.push_back(v); }
void ChunkWriter::write_int(int32_t v) { chunk_.data.push_back(static_cast<uint32_t>(v)); }
void ChunkWriter::write_float(float v) { chunk_.data.push_back(float_bits(v)); }
void ChunkWriter::write_guid(Guid g) {
  chunk_.data.push_back(g.d1);
  chunk_.data.push_back(g.d2);
}
void ChunkWriter::write_vector(math::Vec3 v) {
  write_float(v.x);
  write_float(v.y);
  write_float(v.z);
}
void ChunkWriter::write_matrix(const math::Matrix& m) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) write_float(m.m[r][c]);
}

void ChunkWriter::write_raw_bytes(std::span<const uint8_t> bytes) {
  size_t dwords = (bytes.size() + 3) / 4;
  size_t at = chunk_.data.size();
  chunk_.data.resize(at + dwords, 0);
  // Pack the bytes little-endian into the new (zeroed) dwords, the last one zero-padded.
  for (size_t i = 0; i < bytes.size(); ++i) chunk_.data[at + i / 4] |= uint32_t{bytes[i]} << (8 * (i % 4));
}

// CKStateChunk::WriteString
void ChunkWriter::write_string(const std::string& s) {
  std::vector<uint8_t> bytes(s.begin(), s.end());
  bytes.push_back(0);
  write_dword(static_cast<uint32_t>(bytes.size()));
  write_raw_bytes(bytes);
}

// CKStateChunk::WriteBuffer
void ChunkWriter::write_buffer(std::span<const uint8_t> bytes) {
  write_dword(static_cast<uint32_t>(bytes.size()));
  write_raw_bytes(bytes);
}

// CKStateChunk::WriteObjectID (saving to a file)
void ChunkWriter::write_object(FileIndex index) { write_int(index); }

// CKStateChunk::WriteObjectArray (saving to a file)
void ChunkWriter::write_object_array(std::span<const FileIndex> indices) {
  write_dword(static_cast<uint32_t>(indices.size()));
  for (FileIndex i : indices) write_int(i);
}

// CKStateChunk::StartObjectIDSequence
void ChunkWriter::start_object_sequence(uint32_t count) {
  chunk_.ids.push_back(0xffffffffu);
  chunk_.ids.push_back(position());
  write_dword(count);
}

// CKStateChunk::WriteManagerInt
void ChunkWriter::write_manager_int(Guid manager, int32_t value) {
  chunk_.managers.push_back(position());
  write_guid(manager);
  write_int(value);
}

// CKStateChunk::WriteSubChunk
void ChunkWriter::write_sub_chunk(const StateChunk* sub) {
  if (!sub) {
    write_dword(0);
    return;
  }
  size_t size = 7 + sub->data.size() + sub->ids.size() + sub->chunks.size() + sub->managers.size();
  chunk_.chunks.push_back(position());
  write_dword(static_cast<uint32_t>(size));
  write_dword(sub->class_id);
  write_dword(uint32_t{sub->data_version} | (uint32_t{sub->chunk_version} << 16));
  write_dword(static_cast<uint32_t>(sub->data.size()));
  write_dword(sub->file_bound ? 1u : 0u);
  write_dword(static_cast<uint32_t>(sub->ids.size()));
  write_dword(static_cast<uint32_t>(sub->chunks.size()));
  write_dword(static_cast<uint32_t>(sub->managers.size()));
  chunk_.data.insert(chunk_.data.end(), sub->data.begin(), sub->data.end());
  chunk_.data.insert(chunk_.data.end(), sub->ids.begin(), sub->ids.end());
  chunk_.data.insert(chunk_.data.end(), sub->chunks.begin(), sub->chunks.end());
  chunk_.data.insert(chunk_.data.end(), sub->managers.begin(), sub->managers.end());
}

// CKStateChunk::CloseChunk
StateChunk ChunkWriter::finish() && { return std::move(chunk_); }

}  // namespace retroanim::ck::io
