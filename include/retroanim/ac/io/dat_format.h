// Plain data of the Asheron's Call dat container (client_portal.dat and its
// siblings), laid out as the client's DiskHeaderBlock_t / DiskFileInfo_t /
// BTNode / BTEntry hold them. See docs/formats/portal-dat.md.
#pragma once

#include <array>
#include <cstdint>

namespace retroanim::ac::io {

// Byte offset of DiskFileInfo_t in the file (after the 256-byte version string
// and the 64-byte transaction record).
inline constexpr uint32_t kDatHeaderOffset = 0x140;
// Size of DiskFileInfo_t.
inline constexpr uint32_t kDatHeaderSize = 0x50;
// First byte of the block area in files the client creates (CreateDataFile).
inline constexpr uint32_t kDatDataStart = 1024;
// DiskFileInfo_t::magic_ ("BT" little-endian).
inline constexpr uint32_t kDatMagic = 0x5442;
// A block link with this bit set marks a free block (CLBlockAllocator::Load_Data aborts on it).
inline constexpr uint32_t kDatFreeBlockBit = 0x80000000u;
// B-tree order: 62 branches and at most 61 entries per node.
inline constexpr int kDatBranches = 62;
// Maximum entries in one B-tree node.
inline constexpr int kDatMaxEntries = 61;
// Bytes of one BTEntry on disk.
inline constexpr uint32_t kDatEntrySize = 24;
// Bytes of one BTNode on disk: 62 branch offsets, the entry count, 61 entries.
inline constexpr uint32_t kDatNodeSize = kDatBranches * 4 + 4 + kDatMaxEntries * kDatEntrySize;  // 1716

// Object types by the top byte of their id (the DID ranges of MasterDBMap).
enum class DatType : uint8_t {
  kGfxObj = 0x01,
  kSetup = 0x02,
  kAnimation = 0x03,
  kPalette = 0x04,
  kSurfaceTexture = 0x05,
  kRenderSurface = 0x06,
  kSurface = 0x08,
  kMotionTable = 0x09,
  kDegradeInfo = 0x11,
};

// The type byte of an id (its top byte).
inline constexpr uint8_t dat_type_byte(uint32_t id) { return static_cast<uint8_t>(id >> 24); }
// The first id of a type (the type byte, then zeros).
inline constexpr uint32_t dat_type_base(DatType type) { return static_cast<uint32_t>(type) << 24; }

// DatIDStamp: a GUID and a number identifying the dat build.
struct DatIdStamp {
  std::array<uint8_t, 16> guid{};
  uint32_t number = 0;
  friend bool operator==(const DatIdStamp&, const DatIdStamp&) = default;
};

// DiskFileInfo_t, the 0x50-byte header at 0x140.
struct DatHeader {
  uint32_t magic = kDatMagic;        // +0x00
  uint32_t block_size = 1024;        // +0x04, includes the 4-byte link
  uint32_t file_size = 0;            // +0x08
  uint32_t data_set = 1;             // +0x0C, 1 portal, 2 cell, 3 local
  uint32_t data_subset = 0;          // +0x10, region or language id
  uint32_t first_free = 0;           // +0x14
  uint32_t final_free = 0;           // +0x18
  uint32_t free_blocks = 0;          // +0x1C
  uint32_t btree_root = 0;           // +0x20
  uint32_t young_lru = 0;            // +0x24
  uint32_t old_lru = 0;              // +0x28
  uint32_t use_lru = 0;              // +0x2C, a bool plus 3 pad bytes
  uint32_t master_map_id = 0;        // +0x30
  uint32_t engine_pack_version = 0;  // +0x34
  uint32_t game_pack_version = 0;    // +0x38
  DatIdStamp id_stamp;               // +0x3C
  friend bool operator==(const DatHeader&, const DatHeader&) = default;
};

// BTEntry: one file of the dat as the B-tree lists it.
struct DatEntry {
  uint32_t flags = 0;      // bit 0 compressed, bits 16-31 version
  uint32_t id = 0;         // the object's data id (the B-tree key)
  uint32_t offset = 0;     // first block of its chain
  uint32_t size = 0;       // stored bytes (after compression, without links)
  uint32_t date = 0;       // timestamp
  uint32_t iteration = 0;  // patch iteration

  // True when the stored bytes are a 4-byte size prefix and a zlib stream.
  bool compressed() const { return (flags & 1u) != 0; }
  // The record version (BTEntry::ver_, bits 16-31 of the flags).
  uint16_t version() const { return static_cast<uint16_t>(flags >> 16); }
  friend bool operator==(const DatEntry&, const DatEntry&) = default;
};

// BTNode: a B-tree node; branch[0] == 0 marks a leaf.
struct DatNode {
  std::array<uint32_t, kDatBranches> branches{};
  uint32_t count = 0;
  std::array<DatEntry, kDatMaxEntries> entries{};
  // True when the node has no children.
  bool leaf() const { return branches[0] == 0; }
};

}  // namespace retroanim::ac::io
