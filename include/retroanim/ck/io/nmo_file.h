// The Virtools file container (.nmo/.cmo/.vmo), as CKFile::ReadFileHeaders /
// ReadFileData read it and CKFile::EndSave writes it: a 64-byte header, the
// Hdr1 section (object table, plugin dependencies, included-file list), the
// data section (manager chunks, then object chunks), then the included files.
// Sections are zlib data whenever their packed size differs from their unpacked
// size. File versions 7 to 9 are read; version 8 is written.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "retroanim/ck/io/state_chunk.h"

namespace retroanim::ck::io {

// CK_FILE_WRITEMODE bits.
namespace write_mode {
inline constexpr uint32_t kUncompressed = 0;
inline constexpr uint32_t kChunkCompressedOld = 1;
inline constexpr uint32_t kExternalTextures = 2;
inline constexpr uint32_t kForViewer = 4;
inline constexpr uint32_t kWholeCompressed = 8;
}  // namespace write_mode

// The 64-byte file header (CKFileHeader parts 0 and 1), all little-endian.
struct FileHeader {
  uint32_t crc = 0;
  uint32_t ck_version = 0;
  uint32_t file_version = 0;
  uint32_t file_version2 = 0;  // must be 0
  uint32_t write_mode = 0;
  uint32_t hdr1_pack_size = 0;
  uint32_t data_pack_size = 0;
  uint32_t data_unpack_size = 0;
  uint32_t manager_count = 0;
  uint32_t object_count = 0;
  uint32_t max_id_saved = 0;
  uint32_t product_version = 0;
  uint32_t product_build = 0;
  uint32_t hdr1_unpack_size = 0;
};

// One entry of the object table plus its chunk (CKFileObject).
struct FileObject {
  uint32_t id = 0;          // the object id when saved (high bit cleared)
  bool reference_only = false;  // id had the high bit: only a reference, no data
  uint32_t class_id = 0;
  uint32_t file_offset = 0;  // FileIndex field: offset of the object in the data
  std::string name;       // the name as the engine sees it: the stored bytes up to the first NUL
  std::string name_tail;  // the stored bytes from the first NUL on (usually empty), written back as they are
  std::optional<StateChunk> chunk;  // absent when the saved size is 0
  uint64_t data_offset = 0;         // where its chunk starts in the unpacked data section
};

// A manager's chunk (CKFileManagerData).
struct FileManagerData {
  Guid guid;
  std::optional<StateChunk> chunk;
};

// One category of plugin dependencies (CKFilePluginDependencies).
struct PluginDependency {
  uint32_t category = 0;
  std::vector<Guid> guids;
};

// A file stored after the data section (CKFile::IncludeFile).
struct IncludedFile {
  std::string name;
  std::vector<uint8_t> data;
};

// Options for reading.
struct ReadOptions {
  // When true a CRC mismatch is tolerated (FileInfo keeps both values).
  bool ignore_crc = false;
  // The code page of the objects' names (see io/text_encoding.h): the scene
  // loader decodes them to UTF-8 from it. NmoFile keeps the stored bytes.
  uint32_t name_code_page = 1252;
  // When false the scene loader leaves meshes, materials and textures
  // unread: their records keep their chunks (saved back unchanged) and get
  // no Mesh, Material or Texture (for programs that only animate).
  bool load_graphics = true;
};

// A whole Virtools file (plain data).
struct NmoFile {
  FileHeader header;
  uint32_t computed_crc = 0;  // the CRC of the bytes read (== header.crc unless ignored)
  std::vector<FileObject> objects;
  std::vector<FileManagerData> managers;
  std::vector<PluginDependency> plugins;
  std::vector<IncludedFile> included_files;
  // Bytes after the data section that the included-file list does not
  // describe (Virtools 3.5 appends "vtthumbnail.jpg" there). Kept as they are.
  std::vector<uint8_t> trailing;

  // Builds the id -> index map used to resolve references in non-FILE chunks.
  std::unordered_map<uint32_t, FileIndex> id_map() const;
};

// Reads a file from memory. `file_name` names the file in error messages.
// Throws retroanim::Error (file, object, byte offset) on any bad input: short
// data, bad signature, unsupported version, CRC mismatch (unless
// options.ignore_crc), zlib failure, size or count beyond the bytes present.
NmoFile read_nmo(std::span<const uint8_t> bytes, const std::string& file_name, const ReadOptions& options = {});

// Reads a file from disk (see read_nmo).
NmoFile read_nmo_file(const std::string& path, const ReadOptions& options = {});

// Options for writing.
struct WriteOptions {
  bool compress = true;        // write mode 8 (whole compressed), zlib level below
  int compression_level = 9;
};

// CKFile::EndSave: writes `file` as file version 8. The header sizes, object
// offsets (FileObject::file_offset) and CRC are recomputed; header.ck_version,
// product version/build and max_id_saved are kept. Writing the same NmoFile
// twice gives identical bytes.
std::vector<uint8_t> write_nmo(const NmoFile& file, const WriteOptions& options = {});

// CKComputeDataCRC: adler32 of `bytes` continuing from `crc` (files start at 0).
uint32_t compute_crc(std::span<const uint8_t> bytes, uint32_t crc);

// Reads a whole file into memory (retroanim::Error when it cannot be read).
std::vector<uint8_t> read_file_bytes(const std::string& path);

}  // namespace retroanim::ck::io
