// Builds a dat file in the client's container format from a set of files: the
// header block, a B-tree (as many levels as the number of files needs), one
// block chain per file and per node, optional zlib compression and a free
// list. The same input always gives the same bytes.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "retroanim/ac/io/dat_format.h"

namespace retroanim::ac::io {

// How one file is stored.
struct DatFileOptions {
  // Try zlib (level 9, as DiskController::AttemptToCompress); the file is kept
  // uncompressed when it is 16 bytes or less or compression does not save 4 bytes.
  bool compress = false;
  uint16_t version = 0;     // BTEntry::ver_
  uint32_t date = 0;        // BTEntry::date_
  uint32_t iteration = 0;   // BTEntry::iter_
};

// Options for the whole file.
struct DatWriterOptions {
  uint32_t block_size = 1024;  // includes the 4-byte link; at least 8
  uint32_t data_set = 1;       // 1 portal, 2 cell, 3 local
  uint32_t data_subset = 0;
  uint32_t free_blocks = 1;    // free blocks appended after the data (link | 0x80000000)
  uint32_t engine_pack_version = 0;
  uint32_t game_pack_version = 0;
  uint32_t master_map_id = 0;
  DatIdStamp id_stamp;
};

// Collects files and writes them as one dat.
class DatWriter {
 public:
  // Creates a writer with the given file-wide options.
  explicit DatWriter(DatWriterOptions options = {});

  // Adds a file with id `id`; throws Error if the id was already added.
  void add(uint32_t id, std::vector<uint8_t> bytes, DatFileOptions options = {});
  // Number of files added.
  size_t size() const { return files_.size(); }

  // Writes the dat to memory.
  std::vector<uint8_t> build() const;
  // Writes the dat to a file; throws Error on I/O failure.
  void write_file(const std::string& path) const;

 private:
  struct File {
    std::vector<uint8_t> bytes;
    DatFileOptions options;
  };
  DatWriterOptions options_;
  std::map<uint32_t, File> files_;
};

// DiskController::AttemptToCompress: a 4-byte size and a zlib (level 9) stream,
// or nothing when the data is 16 bytes or less or does not shrink enough.
bool compress_dat_record(const std::vector<uint8_t>& data, std::vector<uint8_t>& out);

}  // namespace retroanim::ac::io
