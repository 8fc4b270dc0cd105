#include "retroanim/ck/io/nmo_file.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "retroanim/error.h"
#include "retroanim/io/byte_order.h"
#include "retroanim/io/byte_reader.h"
#include "retroanim/io/compression.h"
#include "io/hex.h"
#include "retroanim/io/file_path.h"
#include "retroanim/io/text_encoding.h"
#include "io/plain_text.h"

namespace retroanim::ck::io {

namespace {

constexpr size_t kHeaderSize = 64;
// The shortest file read: the signature and six header dwords (CRC to Hdr1 packed size).
constexpr size_t kMinHeaderSize = 32;
// Fixed bytes of an object table entry (id, class, file offset, name length), before the name.
constexpr size_t kObjectEntrySize = 16;
// Fixed bytes of a manager entry (GUID, chunk size), before the chunk.
constexpr size_t kManagerEntrySize = 12;
// Fixed bytes of a plugin dependency (category, GUID count), before the GUIDs; one GUID is 8 bytes.
constexpr size_t kPluginEntrySize = 8;
constexpr size_t kGuidSize = 8;
// The most included files accepted (each needs at least 8 bytes after the data section).
constexpr uint32_t kMaxIncludedFiles = 1u << 24;
constexpr char kSignature[8] = {'N', 'e', 'm', 'o', ' ', 'F', 'i', '\0'};
using retroanim::io::append_u32_le;
using retroanim::io::hex;
using retroanim::io::HexCase;

// One section of the file read through the shared little-endian reader;
// failures name the section and, when given, the object within it.
class SectionReader {
 public:
  SectionReader(std::span<const uint8_t> bytes, std::string file, std::string section, uint64_t base)
      : r_(bytes, std::move(file), std::move(section), base) {}

  size_t offset() const { return r_.offset(); }
  size_t remaining() const { return r_.remaining(); }
  uint64_t absolute() const { return r_.absolute(); }
  const std::string& section() const { return r_.object(); }

  [[noreturn]] void fail(const std::string& what, const std::string& object = {}) const {
    std::string obj = object.empty() ? section() : section() + ": " + object;
    throw Error(describe_error(r_.file(), obj, r_.absolute(), what));
  }
  void need(size_t n, const char* what, const std::string& object = {}) const {
    if (n > remaining()) {
      fail(std::string("truncated: ") + what + " needs " + std::to_string(n) + " bytes, " +
               std::to_string(remaining()) + " left",
           object);
    }
  }
  uint32_t u32(const char* what, const std::string& object = {}) {
    need(4, what, object);
    return r_.u32(what);
  }
  std::span<const uint8_t> take(size_t n, const char* what, const std::string& object = {}) {
    need(n, what, object);
    return r_.bytes(n, what);
  }

 private:
  retroanim::io::ByteReader r_;
};

// CKUnPackData: zlib-inflates `packed` into exactly `unpack_size` bytes.
std::vector<uint8_t> unpack(std::span<const uint8_t> packed, uint32_t unpack_size, const std::string& file,
                            const std::string& section, uint64_t offset) {
  if (uint64_t{unpack_size} > retroanim::io::max_inflated_size(packed.size())) {
    throw Error(describe_error(file, section, offset,
                               "unpacked size " + std::to_string(unpack_size) + " is impossible for " +
                                   std::to_string(packed.size()) + " packed bytes"));
  }
  std::vector<uint8_t> out(unpack_size);
  const retroanim::io::InflateResult z = retroanim::io::inflate_exact(packed, out);
  if (!z.ok() || z.produced != unpack_size) {
    throw Error(describe_error(file, section, offset,
                               std::string("zlib error (") + (z.ok() ? "short output" : z.zlib_message()) +
                                   ") unpacking " + std::to_string(packed.size()) + " bytes to " +
                                   std::to_string(unpack_size)));
  }
  return out;
}

// A section as the file stores it: its `pack_size` bytes at `offset` of `bytes`,
// inflated into `storage` when its unpacked size differs (a packed section).
std::span<const uint8_t> section_bytes(std::span<const uint8_t> bytes, size_t offset, uint32_t pack_size,
                                       uint32_t unpack_size, const std::string& file, const std::string& section,
                                       std::vector<uint8_t>& storage) {
  auto packed = bytes.subspan(offset, pack_size);
  if (pack_size == unpack_size) return packed;
  storage = unpack(packed, unpack_size, file, section, offset);
  return storage;
}

// CKPackData: zlib-deflates `raw` at `level`.
std::vector<uint8_t> pack(std::span<const uint8_t> raw, int level) {
  std::vector<uint8_t> out;
  int rc = 0;
  if (!retroanim::io::deflate_into(raw, level, 0, out, &rc)) {
    throw Error("zlib error while packing: " + retroanim::io::zlib_message(rc));
  }
  return out;
}

std::string describe_object(size_t index, const FileObject& o) {
  // Messages are UTF-8: the name as the default code page reads it, controls
  // escaped (made for every object as it is read: a plain name is used as is).
  if (retroanim::io::is_plain_ascii(o.name))
    return "object " + std::to_string(index) + " '" + o.name + "' (class " + std::to_string(o.class_id) + ")";
  return "object " + std::to_string(index) + " '" + retroanim::io::escape_controls(retroanim::io::decode_text(o.name)) +
         "' (class " + std::to_string(o.class_id) + ")";
}

std::array<uint8_t, kHeaderSize> encode_header(const FileHeader& h) {
  std::array<uint8_t, kHeaderSize> b{};
  std::memcpy(b.data(), kSignature, 8);
  const uint32_t fields[14] = {h.crc,           h.ck_version,       h.file_version,     h.file_version2,
                               h.write_mode,    h.hdr1_pack_size,   h.data_pack_size,   h.data_unpack_size,
                               h.manager_count, h.object_count,     h.max_id_saved,     h.product_version,
                               h.product_build, h.hdr1_unpack_size};
  for (size_t i = 0; i < std::size(fields); ++i) retroanim::io::store_u32_le(b.data() + 8 + 4 * i, fields[i]);
  return b;
}

}  // namespace

uint32_t compute_crc(std::span<const uint8_t> bytes, uint32_t crc) { return retroanim::io::adler32(bytes, crc); }

std::unordered_map<uint32_t, FileIndex> NmoFile::id_map() const {
  std::unordered_map<uint32_t, FileIndex> m;
  m.reserve(objects.size());
  for (size_t i = 0; i < objects.size(); ++i) m.emplace(objects[i].id, static_cast<FileIndex>(i));
  return m;
}

std::vector<uint8_t> read_file_bytes(const std::string& path) {
  std::ifstream in(retroanim::io::utf8_path(path), std::ios::binary);
  if (!in) throw Error(describe_error(path, "", std::nullopt, "cannot open the file"));
  std::vector<uint8_t> bytes;
  // One read of the file's size when the stream knows it (a regular file);
  // otherwise, and for whatever follows, chunks until the end.
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  if (size > 0 && in) {
    bytes.resize(static_cast<size_t>(size));
    in.read(reinterpret_cast<char*>(bytes.data()), size);
    bytes.resize(static_cast<size_t>(in.gcount()));
  }
  in.clear(in.rdstate() & ~(std::ios::failbit | std::ios::eofbit));
  char chunk[65536];
  while (in && !in.eof()) {
    in.read(chunk, sizeof chunk);
    bytes.insert(bytes.end(), chunk, chunk + in.gcount());
  }
  if (in.bad()) throw Error(describe_error(path, "", std::nullopt, "cannot read the file"));
  return bytes;
}

NmoFile read_nmo_file(const std::string& path, const ReadOptions& options) {
  std::vector<uint8_t> bytes = read_file_bytes(path);
  return read_nmo(bytes, path, options);
}

namespace {

// CKFile::ReadFileHeaders keeps an object's name as a C string: the name is
// the stored bytes up to the first NUL; the rest (a few Ballance names carry
// one to three trailing NULs) is kept apart so the writer can restore it.
void split_name(std::span<const uint8_t> stored, FileObject& o) {
  const char* text = reinterpret_cast<const char*>(stored.data());
  size_t len = 0;
  while (len < stored.size() && text[len] != '\0') ++len;
  o.name.assign(text, len);
  o.name_tail.assign(text + len, stored.size() - len);
}

// The object table entries of Hdr1 (file version >= 7).
void read_object_table(SectionReader& r, NmoFile& f) {
  uint32_t count = f.header.object_count;
  if (uint64_t{count} * kObjectEntrySize > r.remaining()) {
    r.fail("object count " + std::to_string(count) + " does not fit in the " + std::to_string(r.remaining()) +
           " bytes of the object table");
  }
  f.objects.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    FileObject& o = f.objects[i];
    std::string what = "object table entry " + std::to_string(i);
    uint32_t id = r.u32("object id", what);
    o.reference_only = (id & 0x80000000u) != 0;
    o.id = id & 0x7fffffffu;
    o.class_id = r.u32("class id", what);
    o.file_offset = r.u32("file index", what);
    uint32_t name_len = r.u32("name length", what);
    auto name = r.take(name_len, "object name", what);
    split_name(name, o);
  }
}

// Plugin dependencies and the included-file list of Hdr1 (file version >= 8).
// `bytes_after_data` is what the file holds after its data section, where the
// included files are.
void read_dependencies(SectionReader& r, NmoFile& f, uint64_t bytes_after_data) {
  uint32_t dep_count = r.u32("plugin dependency count");
  if (uint64_t{dep_count} * kPluginEntrySize > r.remaining()) r.fail("plugin dependency count " + std::to_string(dep_count) + " too large");
  f.plugins.resize(dep_count);
  for (uint32_t i = 0; i < dep_count; ++i) {
    std::string what = "plugin dependency " + std::to_string(i);
    f.plugins[i].category = r.u32("category", what);
    uint32_t n = r.u32("GUID count", what);
    if (uint64_t{n} * kGuidSize > r.remaining()) r.fail("GUID count " + std::to_string(n) + " too large", what);
    f.plugins[i].guids.resize(n);
    for (uint32_t k = 0; k < n; ++k) {
      f.plugins[i].guids[k].d1 = r.u32("GUID", what);
      f.plugins[i].guids[k].d2 = r.u32("GUID", what);
    }
  }
  int32_t included_size = static_cast<int32_t>(r.u32("included-file header size"));
  if (included_size < 0) r.fail("negative included-file header size");
  if (included_size > 0) {
    uint32_t count = r.u32("included-file count");
    included_size -= 4;
    if (included_size < 0) r.fail("included-file header size too small");
    // Each included file needs at least 8 bytes after the data section (checked
    // before the list is made: a count of millions would allocate for nothing).
    if (count > kMaxIncludedFiles || uint64_t{count} * 8 > bytes_after_data) {
      r.fail("included-file count " + std::to_string(count) + " does not fit in the " +
             std::to_string(bytes_after_data) + " bytes after the data section");
    }
    f.included_files.resize(count);
  }
  r.take(static_cast<size_t>(included_size), "the rest of the included-file header");
}

// Manager and object chunks of the (unpacked) data section.
void read_data_section(SectionReader& r, NmoFile& f, const std::string& file_name) {
  uint32_t mcount = f.header.manager_count;
  if (uint64_t{mcount} * kManagerEntrySize > r.remaining()) r.fail("manager count " + std::to_string(mcount) + " too large");
  f.managers.resize(mcount);
  for (uint32_t i = 0; i < mcount; ++i) {
    std::string what = "manager " + std::to_string(i);
    f.managers[i].guid.d1 = r.u32("manager GUID", what);
    f.managers[i].guid.d2 = r.u32("manager GUID", what);
    int32_t size = static_cast<int32_t>(r.u32("manager chunk size", what));
    if (size > 0) {
      uint64_t at = r.absolute();
      auto bytes = r.take(static_cast<size_t>(size), "manager chunk", what);
      f.managers[i].chunk = StateChunk::parse(bytes, ChunkOrigin{file_name, r.section() + ": " + what, at});
    }
  }
  for (size_t i = 0; i < f.objects.size(); ++i) {
    FileObject& o = f.objects[i];
    std::string what = describe_object(i, o);
    int32_t size = static_cast<int32_t>(r.u32("object chunk size", what));
    if (size > 0) {
      uint64_t at = r.absolute();
      auto bytes = r.take(static_cast<size_t>(size), "object chunk", what);
      o.data_offset = at;
      o.chunk = StateChunk::parse(bytes, ChunkOrigin{file_name, r.section() + ": " + what, at});
    }
  }
}

}  // namespace

// CKFile::ReadFileHeaders + CKFile::ReadFileData
NmoFile read_nmo(std::span<const uint8_t> bytes, const std::string& file_name, const ReadOptions& options) {
  NmoFile f;
  SectionReader top(bytes, file_name, "header", 0);
  if (bytes.size() < kMinHeaderSize) top.fail("file too short for a Virtools header (" + std::to_string(bytes.size()) + " bytes)");
  if (std::memcmp(bytes.data(), kSignature, 8) != 0) top.fail("not a Virtools file (bad signature)");
  top.take(8, "signature");
  FileHeader& h = f.header;
  h.crc = top.u32("CRC");
  h.ck_version = top.u32("CK version");
  h.file_version = top.u32("file version");
  h.file_version2 = top.u32("file version 2");
  h.write_mode = top.u32("write mode");
  h.hdr1_pack_size = top.u32("Hdr1 packed size");
  if (h.file_version2 != 0) top.fail("unsupported file (second version field is " + std::to_string(h.file_version2) + ")");
  if (h.file_version < 7 || h.file_version > 9) {
    top.fail("unsupported file version " + std::to_string(h.file_version) + " (7 to 9 are read)");
  }
  h.data_pack_size = top.u32("data packed size");
  h.data_unpack_size = top.u32("data unpacked size");
  h.manager_count = top.u32("manager count");
  h.object_count = top.u32("object count");
  h.max_id_saved = top.u32("max id saved");
  h.product_version = top.u32("product version");
  h.product_build = top.u32("product build");
  h.hdr1_unpack_size = top.u32("Hdr1 unpacked size");

  if (h.file_version >= 8) {
    // CRC over the header with the CRC zeroed, then the packed Hdr1 and data.
    if (uint64_t{h.hdr1_pack_size} + h.data_pack_size > bytes.size() - kHeaderSize) {
      top.fail("section sizes (Hdr1 " + std::to_string(h.hdr1_pack_size) + " + data " +
               std::to_string(h.data_pack_size) + " bytes) exceed the " + std::to_string(bytes.size() - kHeaderSize) +
               " bytes after the header");
    }
    std::array<uint8_t, kHeaderSize> zeroed;
    std::memcpy(zeroed.data(), bytes.data(), kHeaderSize);
    std::memset(zeroed.data() + 8, 0, 4);
    uint32_t crc = compute_crc(zeroed, 0);
    crc = compute_crc(bytes.subspan(kHeaderSize, size_t{h.hdr1_pack_size} + h.data_pack_size), crc);
    f.computed_crc = crc;
    if (crc != h.crc && !options.ignore_crc) {
      throw Error(describe_error(file_name, "header", 8,
                                 "CRC mismatch: the header says " + hex(h.crc, 8, HexCase::kLower) +
                                     ", computed " + hex(crc, 8, HexCase::kLower)));
    }

    std::vector<uint8_t> hdr1_storage;
    SectionReader hr(section_bytes(bytes, kHeaderSize, h.hdr1_pack_size, h.hdr1_unpack_size, file_name, "Hdr1",
                                   hdr1_storage),
                     file_name, "Hdr1", 0);
    read_object_table(hr, f);
    read_dependencies(hr, f, bytes.size() - kHeaderSize - h.hdr1_pack_size - h.data_pack_size);

    size_t data_start = kHeaderSize + h.hdr1_pack_size;
    std::vector<uint8_t> data_storage;
    SectionReader dr(section_bytes(bytes, data_start, h.data_pack_size, h.data_unpack_size, file_name, "data section",
                                   data_storage),
                     file_name, "data section", 0);
    read_data_section(dr, f, file_name);

    // Included files, then whatever else follows.
    SectionReader tail(bytes.subspan(data_start + h.data_pack_size), file_name, "included files",
                    data_start + h.data_pack_size);
    for (size_t i = 0; i < f.included_files.size(); ++i) {
      std::string what = "included file " + std::to_string(i);
      uint32_t name_len = tail.u32("name length", what);
      auto name = tail.take(name_len, "name", what);
      f.included_files[i].name.assign(reinterpret_cast<const char*>(name.data()), name.size());
      uint32_t size = tail.u32("size", what);
      auto body = tail.take(size, "contents", what);
      f.included_files[i].data.assign(body.begin(), body.end());
    }
    auto rest = tail.take(tail.remaining(), "trailing bytes");
    f.trailing.assign(rest.begin(), rest.end());
    return f;
  }

  // File version 7: the object table follows the header uncompressed, and the
  // data section (packed when the write mode says so) starts with the max id
  // and the object count; its CRC covers the unpacked data.
  SectionReader hr(bytes.subspan(kHeaderSize), file_name, "object table", kHeaderSize);
  read_object_table(hr, f);
  size_t data_start = kHeaderSize + hr.offset();
  auto rest = bytes.subspan(data_start);
  std::vector<uint8_t> data_storage;
  std::span<const uint8_t> data = rest;
  if (h.write_mode & (write_mode::kChunkCompressedOld | write_mode::kWholeCompressed)) {
    if (h.data_pack_size > rest.size()) {
      hr.fail("data packed size " + std::to_string(h.data_pack_size) + " exceeds the " + std::to_string(rest.size()) +
              " bytes left");
    }
    data_storage = unpack(rest.first(h.data_pack_size), h.data_unpack_size, file_name, "data section", data_start);
    data = data_storage;
  }
  uint32_t crc = compute_crc(data, 0);
  f.computed_crc = crc;
  if (crc != h.crc && !options.ignore_crc) {
    throw Error(describe_error(file_name, "data section", 0, "CRC mismatch"));
  }
  SectionReader dr(data, file_name, "data section", 0);
  h.max_id_saved = dr.u32("max id saved");
  uint32_t count = dr.u32("object count");
  if (count != f.objects.size()) dr.fail("object count " + std::to_string(count) + " differs from the object table");
  read_data_section(dr, f, file_name);
  return f;
}

// CKFile::EndSave
std::vector<uint8_t> write_nmo(const NmoFile& file, const WriteOptions& options) {
  FileHeader h = file.header;
  h.file_version = 8;
  h.file_version2 = 0;
  h.write_mode = options.compress ? (file.header.write_mode | write_mode::kWholeCompressed)
                                  : (file.header.write_mode & ~(write_mode::kWholeCompressed | write_mode::kChunkCompressedOld));
  h.object_count = static_cast<uint32_t>(file.objects.size());
  h.manager_count = static_cast<uint32_t>(file.managers.size());

  // Chunk buffers first: their sizes give the object offsets.
  std::vector<std::vector<uint8_t>> object_bytes(file.objects.size());
  for (size_t i = 0; i < file.objects.size(); ++i)
    if (file.objects[i].chunk) object_bytes[i] = file.objects[i].chunk->serialize();

  std::vector<uint8_t> managers;
  for (const auto& m : file.managers) {
    append_u32_le(managers, m.guid.d1);
    append_u32_le(managers, m.guid.d2);
    if (m.chunk) {
      auto b = m.chunk->serialize();
      append_u32_le(managers, static_cast<uint32_t>(b.size()));
      managers.insert(managers.end(), b.begin(), b.end());
    } else {
      append_u32_le(managers, 0);
    }
  }

  // Hdr1: object table, plugin dependencies, included-file header.
  size_t hdr1_size = 0;
  for (const auto& o : file.objects) hdr1_size += kObjectEntrySize + o.name.size() + o.name_tail.size();
  hdr1_size += 4;  // the plugin dependency count
  for (const auto& p : file.plugins) hdr1_size += kPluginEntrySize + p.guids.size() * kGuidSize;
  hdr1_size += 8;  // the included-file header size and count
  std::vector<uint8_t> hdr1;
  hdr1.reserve(hdr1_size);
  uint32_t offset = static_cast<uint32_t>(kHeaderSize + hdr1_size + managers.size());
  for (size_t i = 0; i < file.objects.size(); ++i) {
    const FileObject& o = file.objects[i];
    append_u32_le(hdr1, o.id | (o.reference_only ? 0x80000000u : 0u));
    append_u32_le(hdr1, o.class_id);
    append_u32_le(hdr1, offset);
    append_u32_le(hdr1, static_cast<uint32_t>(o.name.size() + o.name_tail.size()));
    hdr1.insert(hdr1.end(), o.name.begin(), o.name.end());
    hdr1.insert(hdr1.end(), o.name_tail.begin(), o.name_tail.end());
    offset += static_cast<uint32_t>(object_bytes[i].size() + 4);
  }
  append_u32_le(hdr1, static_cast<uint32_t>(file.plugins.size()));
  for (const auto& p : file.plugins) {
    append_u32_le(hdr1, p.category);
    append_u32_le(hdr1, static_cast<uint32_t>(p.guids.size()));
    for (Guid g : p.guids) {
      append_u32_le(hdr1, g.d1);
      append_u32_le(hdr1, g.d2);
    }
  }
  append_u32_le(hdr1, 4);
  append_u32_le(hdr1, static_cast<uint32_t>(file.included_files.size()));

  std::vector<uint8_t> data = std::move(managers);
  for (size_t i = 0; i < file.objects.size(); ++i) {
    append_u32_le(data, static_cast<uint32_t>(object_bytes[i].size()));
    data.insert(data.end(), object_bytes[i].begin(), object_bytes[i].end());
  }

  h.hdr1_unpack_size = static_cast<uint32_t>(hdr1.size());
  h.data_unpack_size = static_cast<uint32_t>(data.size());
  if (options.compress) {
    auto p = pack(hdr1, options.compression_level);
    if (p.size() < hdr1.size()) hdr1 = std::move(p);
    auto q = pack(data, options.compression_level);
    if (q.size() < data.size()) data = std::move(q);
  }
  h.hdr1_pack_size = static_cast<uint32_t>(hdr1.size());
  h.data_pack_size = static_cast<uint32_t>(data.size());

  h.crc = 0;
  auto head = encode_header(h);
  uint32_t crc = compute_crc(head, 0);
  crc = compute_crc(hdr1, crc);
  crc = compute_crc(data, crc);
  h.crc = crc;
  head = encode_header(h);

  std::vector<uint8_t> out;
  out.reserve(kHeaderSize + hdr1.size() + data.size() + file.trailing.size());
  out.insert(out.end(), head.begin(), head.end());
  out.insert(out.end(), hdr1.begin(), hdr1.end());
  out.insert(out.end(), data.begin(), data.end());
  for (const auto& inc : file.included_files) {
    append_u32_le(out, static_cast<uint32_t>(inc.name.size()));
    out.insert(out.end(), inc.name.begin(), inc.name.end());
    append_u32_le(out, static_cast<uint32_t>(inc.data.size()));
    out.insert(out.end(), inc.data.begin(), inc.data.end());
  }
  out.insert(out.end(), file.trailing.begin(), file.trailing.end());
  return out;
}

}  // namespace retroanim::ck::io
