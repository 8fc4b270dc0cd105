// The CKCurvePoint and CKCurve parts of their chunks (after the CK3dEntity
// part): CKCurvePoint::Load (FUN_1001701d) and CKCurve::Load (FUN_10016342),
// with the layouts of data version >= 5 (the game's) and the older ones, and
// the matching Save layouts.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/io/state_chunk.h"

namespace retroanim::ck::io {

// Chunk identifiers of CKCurvePoint and CKCurve.
namespace curve_chunk {
inline constexpr uint32_t kPointData = 0x10000000;      // point (>= 5: everything; < 5: curve, flags, position)
inline constexpr uint32_t kPointTcb = 0x20000000;       // point < 5: tension, continuity, bias
inline constexpr uint32_t kPointTangents = 0x40000000;  // point < 5: in and out tangents
inline constexpr uint32_t kPointRaw = 0x80000000;       // point < 5: raw curve-local position
inline constexpr uint32_t kCurveData = 0xffc00000;      // curve >= 5: points, fitting, steps, open
inline constexpr uint32_t kCurvePoints = 0x800000;      // curve < 5: point array
inline constexpr uint32_t kCurveFitting = 0x400000;     // curve < 5: fitting coefficient
inline constexpr uint32_t kCurveSteps = 0x1000000;      // curve < 5: step count
inline constexpr uint32_t kCurveOpen = 0x2000000;       // curve < 5: open flag
}  // namespace curve_chunk

// What a curve point chunk stores besides the entity part.
struct CurvePointChunkData {
  FileIndex curve = kNoObject;
  CurvePointData data;
  std::optional<math::Vec3> position;  // < 5: world position applied with SetPosition
  std::optional<math::Vec3> raw;       // < 5: raw curve-local position (+0x1bc)
};

// CKCurvePoint::Load (FUN_1001701d) after the entity part; nullopt when the
// chunk has no curve-point identifier.
std::optional<CurvePointChunkData> read_curve_point_data(ChunkReader& reader);

// CKCurvePoint::Save: identifier 0x10000000 in the data version >= 5 layout.
void write_curve_point_data(ChunkWriter& writer, FileIndex curve, const CurvePointData& data);

// What a curve chunk stores besides the entity part.
struct CurveChunkData {
  std::vector<FileIndex> points;
  CurveData data;
};

// CKCurve::Load (FUN_10016342) after the entity part; nullopt when the chunk
// has no curve identifier.
std::optional<CurveChunkData> read_curve_data(ChunkReader& reader);

// CKCurve::Save: identifier 0xffc00000 (points, fitting, step count, open).
void write_curve_data(ChunkWriter& writer, const std::vector<FileIndex>& points, const CurveData& data);

}  // namespace retroanim::ck::io
