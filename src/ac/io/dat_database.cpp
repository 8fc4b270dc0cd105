// DatDatabase: the client's dat reading path (CLBlockAllocator::OpenDataFile,
// Load_Data, BTree::Lookup/Search/HasEntry, Build_Id_List, DiskController::
// LoadDataEx/Decompress) over a memory-mapped file, with every offset, size and
// count checked against the bytes present.
#include "retroanim/ac/io/dat_database.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unordered_set>

#include "io/mapped_file.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_order.h"
#include "retroanim/io/compression.h"
#include "io/hex.h"

namespace retroanim::ac::io {

namespace {

// Deepest B-tree the reader follows; order 62 reaches 62^8 entries long before this.
constexpr int kMaxDepth = 32;

using retroanim::io::hex;
using retroanim::io::load_u32_le;

}  // namespace

std::string format_dat_id(uint32_t id) { return hex(id, 8); }

struct DatDatabase::Impl {
  std::string name;
  std::vector<uint8_t> owned;
  retroanim::io::MappedFile file;  // the mapped (or read) file behind `data`
  std::span<const uint8_t> data;
  DatHeader header;

  [[noreturn]] void fail(const std::string& object, std::optional<uint64_t> offset, const std::string& what) const {
    throw Error(describe_error(name, object, offset, what));
  }

  // CLBlockAllocator::OpenDataFile (0x674980): reads DiskFileInfo_t at 0x140 and checks the magic.
  void read_header() {
    if (data.size() < kDatHeaderOffset + kDatHeaderSize) {
      fail("header", kDatHeaderOffset,
           "file of " + std::to_string(data.size()) + " bytes is too short for the dat header");
    }
    const uint8_t* p = data.data() + kDatHeaderOffset;
    DatHeader h;
    h.magic = load_u32_le(p + 0x00);
    h.block_size = load_u32_le(p + 0x04);
    h.file_size = load_u32_le(p + 0x08);
    h.data_set = load_u32_le(p + 0x0C);
    h.data_subset = load_u32_le(p + 0x10);
    h.first_free = load_u32_le(p + 0x14);
    h.final_free = load_u32_le(p + 0x18);
    h.free_blocks = load_u32_le(p + 0x1C);
    h.btree_root = load_u32_le(p + 0x20);
    h.young_lru = load_u32_le(p + 0x24);
    h.old_lru = load_u32_le(p + 0x28);
    h.use_lru = load_u32_le(p + 0x2C);
    h.master_map_id = load_u32_le(p + 0x30);
    h.engine_pack_version = load_u32_le(p + 0x34);
    h.game_pack_version = load_u32_le(p + 0x38);
    std::memcpy(h.id_stamp.guid.data(), p + 0x3C, 16);
    h.id_stamp.number = load_u32_le(p + 0x4C);
    if (h.magic != kDatMagic) fail("header", kDatHeaderOffset, "bad magic " + hex(h.magic) + " (expected 0x5442)");
    if (h.block_size < 8 || h.block_size > (1u << 24)) {
      fail("header", kDatHeaderOffset + 4, "implausible block size " + std::to_string(h.block_size));
    }
    header = h;
  }

  // CLBlockAllocator::Load_Data (0x6744E0): follows the chain from `offset`, taking
  // block_size - 4 payload bytes from each block (only what is left from the
  // last), until `size` bytes are read. A link with bit 31 set (free block)
  // fails the read; a link of 0 before the end fails it; with `exact`, the
  // last block's link must be 0 (the client's non-short read).
  std::vector<uint8_t> load_chain(uint32_t offset, uint32_t size, bool exact, const std::string& object) const {
    std::vector<uint8_t> out;
    if (size == 0) return out;
    if (size > data.size()) {
      fail(object, offset, "size " + std::to_string(size) + " is larger than the file (" +
                               std::to_string(data.size()) + " bytes)");
    }
    out.reserve(size);
    const uint32_t payload = header.block_size - 4;
    uint64_t remaining = size;
    uint32_t cur = offset;
    uint32_t next = 0;
    std::vector<uint32_t> visited;
    while (true) {
      if (cur == 0) {
        fail(object, std::nullopt,
             "block chain ends with " + std::to_string(remaining) + " of " + std::to_string(size) + " bytes unread");
      }
      const uint64_t chunk = std::min<uint64_t>(payload, remaining);
      if (cur < kDatHeaderOffset + kDatHeaderSize || static_cast<uint64_t>(cur) + 4 + chunk > data.size()) {
        fail(object, cur, "block offset " + hex(cur) + " lies outside the block area of the file (" +
                              std::to_string(data.size()) + " bytes)");
      }
      next = load_u32_le(data.data() + cur);
      out.insert(out.end(), data.begin() + cur + 4, data.begin() + cur + 4 + static_cast<size_t>(chunk));
      remaining -= chunk;
      visited.push_back(cur);
      if ((next & kDatFreeBlockBit) != 0) fail(object, cur, "block at " + hex(cur) + " is marked free");
      if (remaining == 0) break;
      cur = next;
    }
    if (visited.size() > 1) {
      std::vector<uint32_t> sorted = visited;
      std::sort(sorted.begin(), sorted.end());
      auto dup = std::adjacent_find(sorted.begin(), sorted.end());
      if (dup != sorted.end()) fail(object, *dup, "block chain visits block " + hex(*dup) + " twice (cycle)");
    }
    if (exact && next != 0) {
      fail(object, visited.back(), "block chain continues past the end of the data (link " + hex(next) + ")");
    }
    return out;
  }

  DatNode read_node(uint32_t offset) const {
    const std::string object = "B-tree node at " + hex(offset);
    std::vector<uint8_t> raw = load_chain(offset, kDatNodeSize, false, object);
    DatNode node;
    const uint8_t* p = raw.data();
    for (int i = 0; i < kDatBranches; ++i) node.branches[i] = load_u32_le(p + 4 * i);
    p += 4 * kDatBranches;
    node.count = load_u32_le(p);
    p += 4;
    if (node.count > static_cast<uint32_t>(kDatMaxEntries)) {
      fail(object, offset, "entry count " + std::to_string(node.count) + " exceeds 61");
    }
    for (int i = 0; i < kDatMaxEntries; ++i) {
      DatEntry& e = node.entries[i];
      e.flags = load_u32_le(p + 0);
      e.id = load_u32_le(p + 4);
      e.offset = load_u32_le(p + 8);
      e.size = load_u32_le(p + 12);
      e.date = load_u32_le(p + 16);
      e.iteration = load_u32_le(p + 20);
      p += kDatEntrySize;
    }
    return node;
  }

  // BTree::HasEntry (0x671D80): binary search for `id` among the node's entries; on a miss
  // the index is the branch to descend.
  static bool has_entry(const DatNode& node, uint32_t id, int& index) {
    int hi = static_cast<int>(node.count) - 1;
    int lo = 0;
    int mid = 0;
    bool found = false;
    while (lo <= hi) {
      mid = (hi + lo) / 2;
      const uint32_t key = node.entries[mid].id;
      if (id == key) {
        found = true;
        lo = hi + 1;
      } else if (id >= key) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (!found && node.count > 0 && id > node.entries[mid].id) ++mid;
    index = mid;
    return found;
  }

  // BTree::Lookup (0x673800) / BTree::Search (0x6731C0).
  std::optional<DatEntry> find(uint32_t id) const {
    DatNode node = read_node(header.btree_root);
    if (node.count == 0) return std::nullopt;
    uint32_t offset = header.btree_root;
    for (int depth = 0;; ++depth) {
      int index = 0;
      if (has_entry(node, id, index)) return node.entries[index];
      if (node.leaf()) return std::nullopt;
      if (depth >= kMaxDepth) {
        fail("B-tree node at " + hex(offset), offset, "B-tree deeper than 32 levels (cycle in branches?)");
      }
      offset = node.branches[index];
      node = read_node(offset);
    }
  }

  // BTree::Build_Id_List (0x673C20, the MinID/MaxID form), visiting in key order.
  void collect(uint32_t offset, uint32_t first, uint32_t last, std::vector<DatEntry>& out,
               std::unordered_set<uint32_t>& seen, int depth) const {
    const std::string object = "B-tree node at " + hex(offset);
    if (depth > kMaxDepth) fail(object, offset, "B-tree deeper than 32 levels (cycle in branches?)");
    if (!seen.insert(offset).second) fail(object, offset, "B-tree node reached twice (cycle in branches)");
    const DatNode node = read_node(offset);
    const int count = static_cast<int>(node.count);
    for (int i = 0; i <= count; ++i) {
      if (!node.leaf()) {
        const bool above_low = (i == 0) || node.entries[i - 1].id < last;
        const bool below_high = (i == count) || node.entries[i].id > first;
        if (above_low && below_high) collect(node.branches[i], first, last, out, seen, depth + 1);
      }
      if (i < count && node.entries[i].id >= first && node.entries[i].id <= last) out.push_back(node.entries[i]);
    }
  }

  // DiskController::Decompress (0x670A80): a 4-byte uncompressed size, then zlib data.
  std::vector<uint8_t> decompress(const DatEntry& entry, const std::vector<uint8_t>& stored) const {
    const std::string object = "entry " + format_dat_id(entry.id);
    if (stored.size() < 0x10) {
      fail(object, entry.offset, "compressed record of " + std::to_string(stored.size()) + " bytes is shorter than 16");
    }
    const uint32_t want = load_u32_le(stored.data());
    const std::span<const uint8_t> packed(stored.data() + 4, stored.size() - 4);
    if (want > retroanim::io::max_inflated_size(packed.size())) {
      fail(object, entry.offset, "uncompressed size " + std::to_string(want) + " is impossible for " +
                                     std::to_string(packed.size()) + " bytes of zlib data");
    }
    std::vector<uint8_t> out(want);
    const retroanim::io::InflateResult z = retroanim::io::inflate_exact(packed, out);
    if (!z.ok()) fail(object, entry.offset, "bad zlib data (" + z.zlib_message() + ")");
    if (z.produced != want) {
      fail(object, entry.offset, "zlib data gives " + std::to_string(z.produced) + " bytes, prefix says " +
                                     std::to_string(want));
    }
    return out;
  }
};

DatDatabase::DatDatabase(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DatDatabase::DatDatabase(DatDatabase&&) noexcept = default;
DatDatabase& DatDatabase::operator=(DatDatabase&&) noexcept = default;
DatDatabase::~DatDatabase() = default;

DatDatabase DatDatabase::open(const std::string& path) {
  auto impl = std::make_unique<Impl>();
  impl->name = path;
  impl->file = retroanim::io::MappedFile::open(path);
  impl->data = impl->file.bytes();
  impl->read_header();
  return DatDatabase(std::move(impl));
}

DatDatabase DatDatabase::from_bytes(std::vector<uint8_t> bytes, std::string name) {
  auto impl = std::make_unique<Impl>();
  impl->name = std::move(name);
  impl->owned = std::move(bytes);
  impl->data = std::span<const uint8_t>(impl->owned.data(), impl->owned.size());
  impl->read_header();
  return DatDatabase(std::move(impl));
}

const DatHeader& DatDatabase::header() const { return impl_->header; }
const std::string& DatDatabase::name() const { return impl_->name; }
uint64_t DatDatabase::file_size() const { return impl_->data.size(); }

std::optional<DatEntry> DatDatabase::find(uint32_t id) const { return impl_->find(id); }

std::vector<uint8_t> DatDatabase::read_raw(const DatEntry& entry) const {
  return impl_->load_chain(entry.offset, entry.size, true, "entry " + format_dat_id(entry.id));
}

std::vector<uint8_t> DatDatabase::read(const DatEntry& entry) const {
  std::vector<uint8_t> stored = read_raw(entry);
  if (!entry.compressed()) return stored;
  return impl_->decompress(entry, stored);
}

std::vector<uint8_t> DatDatabase::read(uint32_t id) const {
  auto entry = find(id);
  if (!entry) impl_->fail("entry " + format_dat_id(id), std::nullopt, "no such file in the dat");
  return read(*entry);
}

std::vector<DatEntry> DatDatabase::entries_in_range(uint32_t first, uint32_t last) const {
  std::vector<DatEntry> out;
  if (first > last) return out;
  const DatNode root = impl_->read_node(impl_->header.btree_root);
  if (root.count == 0) return out;
  std::unordered_set<uint32_t> seen;
  impl_->collect(impl_->header.btree_root, first, last, out, seen, 0);
  return out;
}

std::vector<DatEntry> DatDatabase::entries() const { return entries_in_range(0, 0xFFFFFFFFu); }

std::vector<uint32_t> DatDatabase::ids_of_type(uint8_t type) const {
  const uint32_t first = static_cast<uint32_t>(type) << 24;
  std::vector<uint32_t> ids;
  for (const DatEntry& e : entries_in_range(first, first | 0x00FFFFFFu)) ids.push_back(e.id);
  return ids;
}

DatNode DatDatabase::read_node(uint32_t offset) const { return impl_->read_node(offset); }

}  // namespace retroanim::ac::io
