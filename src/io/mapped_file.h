// A read-only view of a whole file, one interface on every platform: a Win32
// file mapping on Windows, mmap on POSIX, and the file read into memory where
// neither is available or mapping fails. Paths are UTF-8 everywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace retroanim::io {

class MappedFile {
 public:
  // Opens `path` (UTF-8) and maps it read-only. Throws retroanim::Error naming
  // the file ("cannot open: ...", "cannot stat: ...", "cannot read: ...").
  static MappedFile open(const std::string& path);

  MappedFile() = default;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  // The file's bytes; valid as long as this object lives (a move keeps them).
  std::span<const uint8_t> bytes() const { return {data_, size_}; }
  // True when the bytes are mapped rather than read into memory.
  bool is_mapped() const { return map_ != nullptr; }

 private:
  void release() noexcept;

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  void* map_ = nullptr;        // the mapping's base (mmap or MapViewOfFile)
  std::vector<uint8_t> owned_; // the fallback copy
};

}  // namespace retroanim::io
