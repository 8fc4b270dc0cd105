// DatWriter: lays files out in the container the client reads (DiskHeaderBlock_t,
// DiskFileInfo_t at 0x140, BTNode/BTEntry, block chains, free list as
// CLBlockAllocator::CreateDataFile tags it). The B-tree is bulk-built with all
// leaves at one depth instead of by the client's insert-and-split.
#include "retroanim/ac/io/dat_writer.h"

#include <cstdio>
#include <cstring>
#include <fstream>

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_writer.h"
#include "retroanim/io/compression.h"
#include "retroanim/io/file_path.h"

namespace retroanim::ac::io {

namespace {

using retroanim::io::patch_u32_le;

// DiskController::AttemptToCompress's compress2 level (best compression).
constexpr int kDatCompressionLevel = 9;

// A node being built: its entries (indices into the sorted file list) and children.
struct BuildNode {
  std::vector<size_t> entries;
  std::vector<size_t> children;  // indices into the node list
  uint32_t offset = 0;
};

// Entries a tree of `height` levels can hold (61 per node, 62 children).
uint64_t capacity(int height) {
  uint64_t c = 0;
  for (int h = 0; h < height; ++h) c = c * kDatBranches + kDatMaxEntries;
  return c;
}

// Builds the subtree over sorted items [begin, end) with the given height;
// returns its node index. Items are split evenly among the fewest children
// that can hold them, separators taken between the groups.
size_t build_subtree(std::vector<BuildNode>& nodes, size_t begin, size_t end, int height) {
  const size_t index = nodes.size();
  nodes.emplace_back();
  const size_t n = end - begin;
  if (height == 1) {
    for (size_t i = begin; i < end; ++i) nodes[index].entries.push_back(i);
    return index;
  }
  const uint64_t child_cap = capacity(height - 1);
  size_t children = 2;
  while (children < static_cast<size_t>(kDatBranches) && n - (children - 1) > children * child_cap) ++children;
  const size_t items = n - (children - 1);
  size_t pos = begin;
  for (size_t c = 0; c < children; ++c) {
    const size_t take = items / children + (c < items % children ? 1 : 0);
    const size_t child = build_subtree(nodes, pos, pos + take, height - 1);
    nodes[index].children.push_back(child);
    pos += take;
    if (c + 1 < children) nodes[index].entries.push_back(pos++);
  }
  return index;
}

}  // namespace

bool compress_dat_record(const std::vector<uint8_t>& data, std::vector<uint8_t>& out) {
  // DiskController::AttemptToCompress (0x670630): only records over 16 bytes,
  // compress2 level 9 into a buffer 4 bytes smaller than the data.
  if (data.size() <= 0x10) return false;
  std::vector<uint8_t> packed;
  if (!retroanim::io::deflate_into(data, kDatCompressionLevel, data.size() - 4, packed)) return false;
  std::vector<uint8_t> buf(4 + packed.size());
  patch_u32_le(buf, 0, static_cast<uint32_t>(data.size()));
  std::memcpy(buf.data() + 4, packed.data(), packed.size());
  out = std::move(buf);
  return true;
}

DatWriter::DatWriter(DatWriterOptions options) : options_(options) {
  if (options_.block_size < 8 || options_.block_size > (1u << 24)) {
    throw Error(describe_error("", "dat writer", std::nullopt,
                               "block size " + std::to_string(options_.block_size) + " is outside 8..16777216"));
  }
}

void DatWriter::add(uint32_t id, std::vector<uint8_t> bytes, DatFileOptions options) {
  if (files_.count(id) != 0) {
    throw Error(describe_error("", "entry " + format_dat_id(id), std::nullopt, "id added twice to the dat writer"));
  }
  files_.emplace(id, File{std::move(bytes), options});
}

std::vector<uint8_t> DatWriter::build() const {
  const uint32_t bs = options_.block_size;
  const uint32_t payload = bs - 4;
  auto blocks_for = [&](uint64_t size) -> uint64_t { return size == 0 ? 1 : (size + payload - 1) / payload; };

  // Stored form of each file, in id order.
  std::vector<uint32_t> ids;
  std::vector<std::vector<uint8_t>> stored;
  std::vector<DatEntry> entries;
  for (const auto& [id, file] : files_) {
    DatEntry e;
    e.id = id;
    e.date = file.options.date;
    e.iteration = file.options.iteration;
    e.flags = static_cast<uint32_t>(file.options.version) << 16;
    std::vector<uint8_t> packed;
    if (file.options.compress && compress_dat_record(file.bytes, packed)) {
      e.flags |= 1u;
      stored.push_back(std::move(packed));
    } else {
      stored.push_back(file.bytes);
    }
    e.size = static_cast<uint32_t>(stored.back().size());
    ids.push_back(id);
    entries.push_back(e);
  }

  // The B-tree: the smallest height that holds every entry.
  std::vector<BuildNode> nodes;
  int height = 1;
  while (capacity(height) < entries.size()) ++height;
  build_subtree(nodes, 0, entries.size(), height);

  // Layout: nodes (root first, depth-first order of creation), then files, then free blocks.
  uint64_t cursor = kDatDataStart;
  for (BuildNode& node : nodes) {
    node.offset = static_cast<uint32_t>(cursor);
    cursor += blocks_for(kDatNodeSize) * bs;
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    entries[i].offset = static_cast<uint32_t>(cursor);
    cursor += blocks_for(stored[i].size()) * bs;
  }
  const uint64_t free_start = cursor;
  cursor += static_cast<uint64_t>(options_.free_blocks) * bs;
  if (cursor > 0x7FFFFFFFu) {
    throw Error(describe_error("", "dat writer", std::nullopt, "the dat would exceed 2 GiB"));
  }
  std::vector<uint8_t> out(cursor, 0);

  // Writes `bytes` as a chain of consecutive blocks from `offset`; the last link is 0.
  auto write_chain = [&](uint32_t offset, const uint8_t* bytes, size_t size) {
    const uint64_t n = blocks_for(size);
    size_t done = 0;
    for (uint64_t b = 0; b < n; ++b) {
      const uint64_t at = offset + b * bs;
      const uint32_t next = (b + 1 < n) ? static_cast<uint32_t>(at + bs) : 0u;
      patch_u32_le(out, at, next);
      const size_t chunk = std::min<size_t>(payload, size - done);
      if (chunk > 0) std::memcpy(out.data() + at + 4, bytes + done, chunk);
      done += chunk;
    }
  };

  for (const BuildNode& node : nodes) {
    std::vector<uint8_t> raw(kDatNodeSize, 0);
    for (size_t c = 0; c < node.children.size(); ++c) patch_u32_le(raw, 4 * c, nodes[node.children[c]].offset);
    patch_u32_le(raw, 4 * kDatBranches, static_cast<uint32_t>(node.entries.size()));
    for (size_t k = 0; k < node.entries.size(); ++k) {
      const DatEntry& e = entries[node.entries[k]];
      const size_t at = 4 * kDatBranches + 4 + k * kDatEntrySize;
      patch_u32_le(raw, at + 0, e.flags);
      patch_u32_le(raw, at + 4, e.id);
      patch_u32_le(raw, at + 8, e.offset);
      patch_u32_le(raw, at + 12, e.size);
      patch_u32_le(raw, at + 16, e.date);
      patch_u32_le(raw, at + 20, e.iteration);
    }
    write_chain(node.offset, raw.data(), raw.size());
  }
  for (size_t i = 0; i < entries.size(); ++i) write_chain(entries[i].offset, stored[i].data(), stored[i].size());

  // Free blocks, chained and tagged as CLBlockAllocator::CreateDataFile does.
  for (uint32_t b = 0; b < options_.free_blocks; ++b) {
    const uint64_t at = free_start + static_cast<uint64_t>(b) * bs;
    const uint32_t next = (b + 1 < options_.free_blocks) ? static_cast<uint32_t>(at + bs) : 0u;
    patch_u32_le(out, at, next | kDatFreeBlockBit);
  }

  // DiskHeaderBlock_t: the decorative version string (DiskDev::Open_File), the
  // transaction record (left zero), DiskFileInfo_t at 0x140.
  const char* banner = "\nFile Header Structure Default Constructor v1.3\n";
  std::memcpy(out.data(), banner, std::strlen(banner));
  out[255] = 0x1A;
  const size_t h = kDatHeaderOffset;
  patch_u32_le(out, h + 0x00, kDatMagic);
  patch_u32_le(out, h + 0x04, bs);
  patch_u32_le(out, h + 0x08, static_cast<uint32_t>(cursor));
  patch_u32_le(out, h + 0x0C, options_.data_set);
  patch_u32_le(out, h + 0x10, options_.data_subset);
  const uint32_t first_free = options_.free_blocks ? static_cast<uint32_t>(free_start) : 0u;
  const uint32_t final_free =
      options_.free_blocks ? static_cast<uint32_t>(free_start + uint64_t{options_.free_blocks - 1} * bs) : 0u;
  patch_u32_le(out, h + 0x14, first_free);
  patch_u32_le(out, h + 0x18, final_free);
  patch_u32_le(out, h + 0x1C, options_.free_blocks);
  patch_u32_le(out, h + 0x20, nodes[0].offset);
  patch_u32_le(out, h + 0x24, 0);
  patch_u32_le(out, h + 0x28, 0);
  patch_u32_le(out, h + 0x2C, 0);
  patch_u32_le(out, h + 0x30, options_.master_map_id);
  patch_u32_le(out, h + 0x34, options_.engine_pack_version);
  patch_u32_le(out, h + 0x38, options_.game_pack_version);
  std::memcpy(out.data() + h + 0x3C, options_.id_stamp.guid.data(), 16);
  patch_u32_le(out, h + 0x4C, options_.id_stamp.number);
  return out;
}

void DatWriter::write_file(const std::string& path) const {
  const std::vector<uint8_t> bytes = build();
  std::ofstream f(retroanim::io::utf8_path(path), std::ios::binary | std::ios::trunc);
  if (!f) throw Error(describe_error(path, "", std::nullopt, "cannot create file"));
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  f.flush();  // a full disk shows at the flush
  if (!f) throw Error(describe_error(path, "", std::nullopt, "write failed"));
}

}  // namespace retroanim::ac::io
