// CKStateChunk: the unit in which a Virtools file stores one object's (or one
// manager's) state. A chunk is a dword array plus three position lists (object
// ids, sub-chunks, manager ints). Its data is a chain of identifiers; each
// identifier is followed by the position of the next one (0 = last) and then by
// its payload. This header holds the plain chunk (StateChunk), a bounds-checked
// reader (ChunkReader, the CKStateChunk::Read* functions) and a writer
// (ChunkWriter, the CKStateChunk::Write* functions) that produces chunks the
// reader and the engine accept. Every read is checked against the dwords
// present; a bad read throws retroanim::Error naming the file, the object and
// the byte offset in the (unpacked) data section.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "retroanim/ck/scene/file_index.h"
#include "retroanim/ck/scene/guid.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck::io {

// File indices (ck/file_index.h) are what FILE-bound chunks store for an object reference.
using ck::FileIndex;
using ck::kNoObject;

// CK_STATECHUNK_CHUNKOPTIONS bits of the chunk header.
namespace chunk_option {
inline constexpr uint8_t kIds = 0x01;       // an object-id position list follows the data
inline constexpr uint8_t kManagers = 0x02;  // a manager-int position list follows
inline constexpr uint8_t kChunks = 0x04;    // a sub-chunk position list follows
inline constexpr uint8_t kFile = 0x08;      // object references are file indices
}  // namespace chunk_option

// CK_STATECHUNK_CHUNKVERSION values, named for what each version brought
// (the SDK's names in the comments).
namespace chunk_version {
inline constexpr uint16_t kObjectIds = 4;     // CHUNK_VERSION1: object references as ids (older: 3-dword form)
inline constexpr uint16_t kManagerList = 5;   // CHUNK_VERSION2: manager list added
inline constexpr uint16_t kPackedHeader = 6;  // CHUNK_VERSION3: packed header (data version | class << 8 | ...)
inline constexpr uint16_t kFileIndices = 7;   // CHUNK_VERSION4 (current): object references as file indices
}  // namespace chunk_version

// Where a chunk came from, for error messages: the file, a description of the
// object ("object 12 'Name' (class 43)") and a byte offset in the unpacked data
// section. StateChunk::parse takes the offset of the chunk's first byte and
// stores, in the parsed chunk, the offset of data dword 0.
struct ChunkOrigin {
  std::string file;
  std::string object;
  uint64_t data_offset = 0;
};

// A parsed CKStateChunk (plain data: what the file holds).
struct StateChunk {
  uint32_t class_id = 0;
  uint16_t data_version = 0;
  uint16_t chunk_version = chunk_version::kFileIndices;
  bool file_bound = false;          // CHNK_OPTION_FILE: references are file indices
  std::vector<uint32_t> data;       // the identifier chain and payloads
  std::vector<uint32_t> ids;        // positions of object ids (-1, pos marks a sequence)
  std::vector<uint32_t> chunks;     // positions of sub-chunks
  std::vector<uint32_t> managers;   // positions of manager ints
  ChunkOrigin origin;               // for error messages only (not compared, not written)

  // CKStateChunk::ConvertFromBuffer: parses a chunk of `bytes` (the whole
  // extent the file gives it). Chunk versions up to 7 are accepted; every size
  // is checked against the bytes present.
  static StateChunk parse(std::span<const uint8_t> bytes, const ChunkOrigin& origin);

  // CKStateChunk::ConvertToBuffer: the chunk in the file layout of chunk
  // version 7 (header dword, size, data, then the present lists).
  std::vector<uint8_t> serialize() const;

  // The byte size serialize() produces.
  size_t serialized_size() const;

  // True when both chunks hold the same versions, class, options and dwords.
  friend bool operator==(const StateChunk& a, const StateChunk& b) {
    return a.class_id == b.class_id && a.data_version == b.data_version &&
           a.chunk_version == b.chunk_version && a.file_bound == b.file_bound && a.data == b.data &&
           a.ids == b.ids && a.chunks == b.chunks && a.managers == b.managers;
  }
};

// Maps the object references stored in a chunk to file indices. FILE-bound
// chunks store indices (checked against `object_count`); other chunks store
// object ids, looked up in `id_to_index`. Without a resolver the reader
// returns the stored values unchanged.
struct ObjectResolver {
  size_t object_count = 0;
  const std::unordered_map<uint32_t, FileIndex>* id_to_index = nullptr;
};

// A bounds-checked reader over one StateChunk, ported from the CKStateChunk
// read functions. Positions are in dwords from the start of the chunk data.
class ChunkReader {
 public:
  // Reads `chunk`; `resolver` (may be null) maps object references.
  explicit ChunkReader(const StateChunk& chunk, const ObjectResolver* resolver = nullptr);

  // The chunk being read.
  const StateChunk& chunk() const { return *chunk_; }
  // Data version of the chunk (CKStateChunk::GetDataVersion).
  uint16_t data_version() const { return chunk_->data_version; }
  // Chunk version of the chunk (CKStateChunk::GetChunkVersion).
  uint16_t chunk_version() const { return chunk_->chunk_version; }

  // CKStateChunk::SeekIdentifier: finds `identifier` in the chain, searching
  // from the identifier after the last one found to the end, then from the
  // start. Returns false when absent; the position is then unchanged. A broken
  // chain (a next position out of range or not after its identifier) throws.
  bool seek_identifier(uint32_t identifier);

  // CKStateChunk::SeekIdentifierAndReturnSize: the payload size in dwords of
  // `identifier` (up to the next identifier or the end), positioned at its
  // payload; nullopt when absent.
  std::optional<uint32_t> seek_identifier_size(uint32_t identifier);

  // The identifiers present, in chain order (checks the chain).
  std::vector<uint32_t> identifiers() const;

  // Current read position in dwords, and the number of dwords up to the end
  // of the current identifier's payload (or of the data).
  uint32_t position() const { return pos_; }
  uint32_t remaining() const;
  // Moves to dword position `pos` (<= data size).
  void go_to(uint32_t pos);
  // Skips `count` dwords (checked).
  void skip(uint32_t count);

  uint32_t read_dword();
  int32_t read_int();
  float read_float();
  Guid read_guid();
  // A VxVector: 3 floats.
  math::Vec3 read_vector();
  // A VxMatrix: 16 floats, row by row.
  math::Matrix read_matrix();
  // CKStateChunk::ReadString: byte count (including the terminating zero),
  // then the bytes padded to dwords. A count of 0 is the empty string.
  std::string read_string();
  // CKStateChunk::ReadBuffer: byte count, then ceil(count/4) dwords.
  std::vector<uint8_t> read_buffer();
  // Reads `byte_count` bytes without a size prefix (ReadAndFillBuffer(size, buf)).
  std::vector<uint8_t> read_raw_bytes(uint32_t byte_count);
  // `count` dwords as they are.
  std::vector<uint32_t> read_dwords(uint32_t count);

  // CKStateChunk::ReadObjectID: one object reference, returned as a file index
  // (kNoObject for none: a negative index, or id 0). A reference past the
  // object table, or an id not in it, throws (dangling reference).
  FileIndex read_object();
  // The stored reference dword exactly as written (no resolution).
  uint32_t read_object_raw();
  // CKStateChunk::ReadXObjectArray: a count, then that many references.
  std::vector<FileIndex> read_object_array();
  // CKStateChunk::ReadManagerInt: manager GUID then the int.
  std::pair<Guid, int32_t> read_manager_int();
  // CKStateChunk::ReadSubChunk: an inline sub-chunk; nullopt for a null one
  // (size dword 0). The reader is left after the sub-chunk.
  std::optional<StateChunk> read_sub_chunk();

  // Throws retroanim::Error "FILE: OBJECT: at byte N: WHAT" for dword `pos`.
  [[noreturn]] void fail(const std::string& what, std::optional<uint32_t> pos = std::nullopt) const;

 private:
  void need(uint32_t count, const char* what) const;
  FileIndex resolve(uint32_t stored) const;
  uint32_t next_of(uint32_t ident_pos) const;
  // Makes the identifier at `ident_pos` the current one, positioned at its payload.
  void enter_identifier(uint32_t ident_pos);

  const StateChunk* chunk_;
  const ObjectResolver* resolver_;
  uint32_t pos_ = 0;
  uint32_t prev_identifier_ = 0;
  bool have_identifier_ = false;
};

// Builds a StateChunk with the CKStateChunk write functions, FILE-bound
// (object references written as file indices), chunk version 7.
class ChunkWriter {
 public:
  // Starts a chunk of class `class_id` with data version `data_version`.
  ChunkWriter(uint32_t class_id, uint16_t data_version, bool file_bound = true);

  // CKStateChunk::WriteIdentifier: links the previous identifier to this one.
  void write_identifier(uint32_t identifier);
  void write_dword(uint32_t v);
  void write_int(int32_t v);
  void write_float(float v);
  void write_guid(Guid g);
  void write_vector(math::Vec3 v);
  void write_matrix(const math::Matrix& m);
  // CKStateChunk::WriteString: size including the terminating zero, then the
  // bytes padded to dwords.
  void write_string(const std::string& s);
  void write_buffer(std::span<const uint8_t> bytes);
  void write_raw_bytes(std::span<const uint8_t> bytes);
  // CKStateChunk::WriteObjectID in a file: the file index (kNoObject = -1).
  void write_object(FileIndex index);
  // WriteObjectArray in a file: count, then the indices.
  void write_object_array(std::span<const FileIndex> indices);
  // CKStateChunk::StartObjectIDSequence: writes `count` and records its
  // position in the id list as a sequence (-1, position); the caller then
  // writes the `count` references as dwords.
  void start_object_sequence(uint32_t count);
  // CKStateChunk::WriteManagerInt: records the position in the manager list.
  void write_manager_int(Guid manager, int32_t value);
  // CKStateChunk::WriteSubChunk (nullptr writes a null sub-chunk).
  void write_sub_chunk(const StateChunk* sub);

  // Current position in dwords.
  uint32_t position() const { return static_cast<uint32_t>(chunk_.data.size()); }
  // CKStateChunk::CloseChunk: the finished chunk.
  StateChunk finish() &&;

 private:
  StateChunk chunk_;
  uint32_t prev_identifier_ = 0;
  bool have_identifier_ = false;
};

}  // namespace retroanim::ck::io
