#include "retroanim/ck/io/curve_io.h"

namespace retroanim::ck::io {

// CKCurvePoint::Load (FUN_1001701d), after CK3dEntity::Load
std::optional<CurvePointChunkData> read_curve_point_data(ChunkReader& r) {
  CurvePointChunkData out;
  bool found = false;
  if (r.data_version() >= 5) {
    if (!r.seek_identifier(curve_chunk::kPointData)) return std::nullopt;
    out.curve = r.read_object();
    out.data.user_tangents = r.read_int() != 0;
    out.data.linear = r.read_int() != 0;
    out.data.tension = r.read_float();
    out.data.continuity = r.read_float();
    out.data.bias = r.read_float();
    out.data.in = r.read_vector();
    out.data.out = r.read_vector();
    return out;
  }
  if (r.seek_identifier(curve_chunk::kPointData)) {
    found = true;
    out.curve = r.read_object();
    out.data.user_tangents = r.read_int() != 0;
    out.data.linear = r.read_int() != 0;
    out.position = r.read_vector();
  }
  if (r.seek_identifier(curve_chunk::kPointTcb)) {
    found = true;
    out.data.tension = r.read_float();
    out.data.continuity = r.read_float();
    out.data.bias = r.read_float();
  }
  if (r.seek_identifier(curve_chunk::kPointRaw)) {
    found = true;
    out.raw = r.read_vector();
  }
  if (r.seek_identifier(curve_chunk::kPointTangents)) {
    found = true;
    out.data.in = r.read_vector();
    out.data.out = r.read_vector();
  }
  if (!found) return std::nullopt;
  return out;
}

// CKCurvePoint::Save
void write_curve_point_data(ChunkWriter& w, FileIndex curve, const CurvePointData& d) {
  w.write_identifier(curve_chunk::kPointData);
  w.write_object(curve);
  w.write_int(d.user_tangents ? 1 : 0);
  w.write_int(d.linear ? 1 : 0);
  w.write_float(d.tension);
  w.write_float(d.continuity);
  w.write_float(d.bias);
  w.write_vector(d.in);
  w.write_vector(d.out);
}

// CKCurve::Load (FUN_10016342), after CK3dEntity::Load
std::optional<CurveChunkData> read_curve_data(ChunkReader& r) {
  CurveChunkData out;
  if (r.data_version() >= 5) {
    if (!r.seek_identifier(curve_chunk::kCurveData)) return std::nullopt;
    out.points = r.read_object_array();
    out.data.fitting = r.read_float();
    out.data.step_count = r.read_int();
    out.data.open = r.read_int() != 0;
    return out;
  }
  bool found = false;
  if (r.seek_identifier(curve_chunk::kCurvePoints)) {
    found = true;
    out.points = r.read_object_array();
  }
  if (r.seek_identifier(curve_chunk::kCurveFitting)) {
    found = true;
    out.data.fitting = r.read_float();
  }
  if (r.seek_identifier(curve_chunk::kCurveSteps)) {
    found = true;
    out.data.step_count = r.read_int();
  }
  if (r.seek_identifier(curve_chunk::kCurveOpen)) {
    found = true;
    out.data.open = r.read_int() != 0;
  }
  if (!found) return std::nullopt;
  return out;
}

// CKCurve::Save
void write_curve_data(ChunkWriter& w, const std::vector<FileIndex>& points, const CurveData& d) {
  w.write_identifier(curve_chunk::kCurveData);
  w.write_object_array(points);
  w.write_float(d.fitting);
  w.write_int(d.step_count);
  w.write_int(d.open ? 1 : 0);
}

}  // namespace retroanim::ck::io
