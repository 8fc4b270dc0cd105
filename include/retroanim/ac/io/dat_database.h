// Read access to an Asheron's Call dat file (client_portal.dat and the like):
// the header at 0x140, the B-tree of entries, block chains and zlib entries, as
// the client's CLBlockAllocator / BTree / DiskController read them. The file is
// memory-mapped; a lookup touches only the B-tree nodes on its path and the
// blocks of the one file. All reading methods are const and keep no mutable
// state, so any number of threads may use one DatDatabase at once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/io/dat_format.h"

namespace retroanim::ac::io {

// An open dat file. Construction validates the header; every other check
// happens when the bytes are read, and each failure throws retroanim::Error
// naming the file, the entry id or node and the byte offset.
class DatDatabase {
 public:
  // Memory-maps the file at `path` and reads its header.
  static DatDatabase open(const std::string& path);
  // Reads a dat held in memory (used by tests and fuzz targets); `name` labels errors.
  static DatDatabase from_bytes(std::vector<uint8_t> bytes, std::string name = "<memory>");

  DatDatabase(DatDatabase&&) noexcept;
  DatDatabase& operator=(DatDatabase&&) noexcept;
  ~DatDatabase();

  // The file's header (DiskFileInfo_t).
  const DatHeader& header() const;
  // The name used in error messages (the path, or the name given to from_bytes).
  const std::string& name() const;
  // Size of the file in bytes.
  uint64_t file_size() const;

  // The B-tree entry for `id`, or nullopt when the dat has no such file
  // (BTree::Lookup: binary search in each node, descending by branch).
  std::optional<DatEntry> find(uint32_t id) const;
  // The stored bytes of an entry's block chain, without links (CLBlockAllocator::Load_Data).
  std::vector<uint8_t> read_raw(const DatEntry& entry) const;
  // The file's bytes, decompressed when the entry says so (DiskController::LoadDataEx).
  std::vector<uint8_t> read(const DatEntry& entry) const;
  // The bytes of file `id`; throws Error when the dat has no such file.
  std::vector<uint8_t> read(uint32_t id) const;

  // Every entry with first <= id <= last, in ascending id order.
  std::vector<DatEntry> entries_in_range(uint32_t first, uint32_t last) const;
  // Every entry in the dat, in ascending id order.
  std::vector<DatEntry> entries() const;
  // Ids of every file whose top byte is `type` (0x03 for animations), ascending.
  std::vector<uint32_t> ids_of_type(uint8_t type) const;

  // Reads the B-tree node stored at `offset` (for tools and tests).
  DatNode read_node(uint32_t offset) const;

 private:
  struct Impl;
  explicit DatDatabase(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Formats an id as 0x%08X.
std::string format_dat_id(uint32_t id);

}  // namespace retroanim::ac::io
