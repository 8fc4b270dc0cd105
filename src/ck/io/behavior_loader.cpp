#include "retroanim/ck/io/behavior_loader.h"

#include <memory>
#include <string>

#include "ck/io/behavior_layout.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/error.h"

namespace retroanim::ck::io {

namespace {

using namespace behavior_layout;

// The number of dwords left in the data from the reader's position.
uint32_t left(const ChunkReader& r) {
  uint32_t size = static_cast<uint32_t>(r.chunk().data.size());
  return r.position() <= size ? size - r.position() : 0;
}

// Reads a count and checks that `count * per` dwords can follow.
uint32_t read_count(ChunkReader& r, uint32_t per, const char* what) {
  uint32_t n = r.read_dword();
  if (per != 0 && n > left(r) / per) r.fail(std::string(what) + " count " + std::to_string(n) + " exceeds the chunk");
  return n;
}

// An object array whose count is checked against the dwords present.
std::vector<FileIndex> read_array(ChunkReader& r, const char* what) {
  uint32_t pos = r.position();
  uint32_t n = r.read_dword();
  if (n > left(r)) r.fail(std::string(what) + " count " + std::to_string(n) + " exceeds the chunk");
  r.go_to(pos);
  return r.read_object_array();
}

// CKBehaviorIO::Load, CKParameterIn::Load, CKParameter::Load, CKBehaviorLink::Load
// and CKBehavior::Load, reading into plain records.
struct Reader {
  const Scene& scene;
  const ObjectResolver* resolver;
  BehaviorGraphDesc out;

  SavedObject& add(const ObjectRecord& rec, SavedObjectKind kind) {
    SavedObject& o = out.objects.emplace_back();
    o.kind = kind;
    o.index = rec.file_index;
    o.id = rec.id;
    o.name = rec.name;
    return o;
  }

  // CKDataArray::Load (the format, the rows and the members; CKBeObject's part is not read)
  void read_data_array(const ObjectRecord& rec) {
    SavedDataArray a;
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      if (r.seek_identifier(kIdArrayFormat)) {
        uint32_t n = read_count(r, 2, "array column");
        for (uint32_t i = 0; i < n; ++i) {
          DataArrayColumn c;
          c.name = r.read_string();
          int32_t type = r.read_int();
          if (type < 1 || type > 5) r.fail("array column '" + c.name + "' has unknown type " + std::to_string(type));
          c.type = static_cast<ArrayColumnType>(type);
          if (c.type == ArrayColumnType::kParameter) c.parameter_type = r.read_guid();
          a.columns.push_back(std::move(c));
        }
      }
      if (r.seek_identifier(kIdArrayData)) {
        uint32_t per = a.columns.empty() ? 0 : static_cast<uint32_t>(a.columns.size());
        uint32_t rows = read_count(r, per, "array row");
        for (uint32_t i = 0; i < rows; ++i) {
          std::vector<SavedArrayCell>& row = a.rows.emplace_back(a.columns.size());
          for (size_t c = 0; c < a.columns.size(); ++c) {
            switch (a.columns[c].type) {
              case ArrayColumnType::kInt: row[c].int_value = r.read_int(); break;
              case ArrayColumnType::kFloat: row[c].float_value = r.read_float(); break;
              case ArrayColumnType::kString: row[c].text = r.read_string(); break;
              case ArrayColumnType::kObject:
              case ArrayColumnType::kParameter: row[c].reference = r.read_object(); break;
            }
          }
        }
      }
      if (r.seek_identifier(kIdArrayMembers) && left(r) >= 3) {
        a.order = r.read_int();
        a.column_index = r.read_int();
        a.key_column = r.read_int();
      }
    }
    out.data_arrays.emplace_back(rec.file_index, std::move(a));
  }

  // CKParameterOperation::Load (from a file)
  void read_operation(const ObjectRecord& rec) {
    SavedOperation op;
    op.index = rec.file_index;
    op.id = rec.id;
    op.name = rec.name;
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      if (r.seek_identifier(kIdOpNewData)) {
        op.operation = r.read_guid();
        uint32_t n = read_count(r, 1, "operation parameter");  // StartReadSequence: the count, then the objects
        if (r.data_version() < 5 && n > 0) {
          r.read_object();
          --n;
        }
        if (n > 0) op.in1 = r.read_object();
        if (n > 1) op.in2 = r.read_object();
        if (n > 2) op.out = r.read_object();
      } else {
        if (r.seek_identifier(kIdOpGuid)) op.operation = r.read_guid();
        if (r.seek_identifier(kIdOpOutput)) op.out = r.read_object();
        if (r.seek_identifier(kIdOpInputs)) {
          op.in1 = r.read_object();
          op.in2 = r.read_object();
        }
      }
    }
    out.operations.push_back(std::move(op));
  }

  // CKBehaviorIO::Load
  void read_io(const ObjectRecord& rec) {
    SavedObject& o = add(rec, SavedObjectKind::kBehaviorIO);
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      if (r.seek_identifier(kIdBehaviorIO)) o.io.flags = r.read_dword();
    }
  }

  // CKParameterIn::Load
  void read_parameter_in(const ObjectRecord& rec) {
    SavedObject& o = add(rec, SavedObjectKind::kParameterIn);
    SavedParameterIn& pin = o.parameter_in;
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      bool legacy = r.data_version() < 5;
      if (r.seek_identifier(kIdPinDirect)) {
        pin.type = r.read_guid();
        if (legacy) r.read_dword();
        pin.source = r.read_object();
      } else if (r.seek_identifier(kIdPinShared)) {
        pin.type = r.read_guid();
        if (legacy) r.read_dword();
        pin.shared = r.read_object();
      }
      if (r.seek_identifier(kIdPinDisabled)) pin.enabled = false;
    }
  }

  // CKParameter::Load / CKParameterLocal::Load / CKParameterOut::Load
  void read_parameter(const ObjectRecord& rec, SavedObjectKind kind) {
    SavedObject& o = add(rec, kind);
    SavedParameter& p = o.parameter;
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      if (r.seek_identifier(kIdParamValue)) {
        p.type = r.read_guid();
        uint32_t mode = r.read_dword();
        if (mode == kValueBuffer && p.type == kParameterTypeGuid) {
          // CKPGUID_PARAMETERTYPE: the type's GUID, no byte count (kept as its 8 bytes).
          Guid g = r.read_guid();
          p.value.form = SavedParameterValue::Form::kBytes;
          p.value.bytes.resize(8);
          for (int k = 0; k < 4; ++k) {
            p.value.bytes[static_cast<size_t>(k)] = static_cast<uint8_t>(g.d1 >> (8 * k));
            p.value.bytes[static_cast<size_t>(4 + k)] = static_cast<uint8_t>(g.d2 >> (8 * k));
          }
        } else if (mode == kValueBuffer) {
          std::vector<uint8_t> bytes = r.read_buffer();
          if (p.type == param_guid::kString) {
            // A CKSTRING value is saved as a C string with its terminating NUL.
            size_t len = 0;
            while (len < bytes.size() && bytes[len] != 0) ++len;
            p.value.form = SavedParameterValue::Form::kString;
            p.value.text = std::string(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(len));
            p.value.bytes = std::move(bytes);  // the whole buffer, bytes after the NUL included
          } else {
            p.value.form = SavedParameterValue::Form::kBytes;
            p.value.bytes = std::move(bytes);
          }
        } else if (mode == kValueObject) {
          p.value.form = SavedParameterValue::Form::kObject;
          p.value.object = r.read_object();
        } else if (mode == kValueSubChunk) {
          std::optional<StateChunk> sub = r.read_sub_chunk();
          if (sub && p.type == param_guid::k2dCurve) {
            p.value.form = SavedParameterValue::Form::kCurve2d;
            p.value.curve = std::make_shared<Curve2d>(read_curve2d(*sub));
          }
        } else if (mode != kValueNone) {
          // A manager value: d1 (= mode), d2, then the manager's int.
          p.value.manager = Guid{mode, r.read_dword()};
          p.value.form = SavedParameterValue::Form::kInt;
          p.value.int_value = r.read_int();
        }
      }
      if (kind == SavedObjectKind::kParameterOut && r.seek_identifier(kIdParamDestinations))
        p.destinations = read_array(r, "destination");
      if (kind == SavedObjectKind::kLocal) {
        if (r.seek_identifier(kIdLocalMyself)) p.is_myself = true;
        if (r.seek_identifier(kIdLocalSetting)) p.is_setting = true;
      }
    }
  }

  // CKBehaviorLink::Load
  void read_link(const ObjectRecord& rec) {
    if (!rec.chunk) return;
    ChunkReader r(*rec.chunk, resolver);
    if (!r.seek_identifier(kIdLinkData)) return;
    uint32_t delays = r.read_dword();
    FileIndex src = r.read_object();
    FileIndex dst = r.read_object();
    SavedLink& l = add(rec, SavedObjectKind::kLink).link;
    // The dword holds the delay in its low half and the initial delay in its high half.
    l.delay = static_cast<int16_t>(delays & 0xffffu);
    l.initial_delay = static_cast<int16_t>(delays >> 16);
    l.source = src;
    l.destination = dst;
  }

  // CKBehavior::Load (data version >= 5, identifier 0x20)
  void read_behavior(const ObjectRecord& rec) {
    if (!rec.chunk) return;
    ChunkReader r(*rec.chunk, resolver);
    if (r.data_version() < kMinBehaviorDataVersion) {
      out.skipped.push_back(rec.name + ": behaviour data version " + std::to_string(r.data_version()) +
                            " (before 5) is not supported");
      return;
    }
    if (!r.seek_identifier(kIdBehaviorData)) {
      out.skipped.push_back(rec.name + ": no behaviour data (identifier 0x20)");
      return;
    }
    SavedBehavior& b = add(rec, SavedObjectKind::kBehavior).behavior;
    uint32_t flags = r.read_dword();
    b.flags = flags;
    if (flags & saved_behavior_flag::kBuildingBlock) {
      b.prototype_guid = r.read_guid();
      b.version = r.read_dword();
    }
    if (flags & saved_behavior_flag::kPrioritySaved) b.priority = r.read_int();
    if (flags & saved_behavior_flag::kCompatibleClassId) b.compatible_class_id = r.read_dword();
    if (flags & saved_behavior_flag::kTargetable) b.target = r.read_object();
    uint32_t mask = r.read_dword();
    if (mask & kListSubBehaviors) b.subs = read_array(r, "sub-behaviour");
    if (mask & kListSubLinks) b.sub_links = read_array(r, "sub-behaviour link");
    if (mask & kListOperations) b.operations = read_array(r, "parameter operation");
    if (mask & kListInputParams) b.in_params = read_array(r, "input parameter");
    if (mask & kListOutputParams) b.out_params = read_array(r, "output parameter");
    if (mask & kListLocals) b.locals = read_array(r, "local parameter");
    if (mask & kListInputs) b.inputs = read_array(r, "input");
    if (mask & kListOutputs) b.outputs = read_array(r, "output");
    std::optional<uint32_t> scene = r.seek_identifier_size(kIdBehaviorSceneFlags);
    if (scene && *scene >= 1) b.scene_flags = r.read_dword();
  }

  // The script lists of the BeObjects (CKBeObject identifier 0x800).
  void read_script_owners() {
    for (const ObjectRecord& rec : scene.objects()) {
      if (!rec.chunk || rec.class_id == kClassBehavior || !is_child_class_of(rec.class_id, class_id::kBeObject))
        continue;
      ChunkReader r(*rec.chunk, resolver);
      if (!r.seek_identifier(kIdBeObjectScripts)) continue;
      for (FileIndex s : read_array(r, "script")) out.script_owners.emplace_back(s, rec.file_index);
    }
  }
};

}  // namespace

// CK2dCurve::Read (CK2dCurve 0x240013e4)
Curve2d read_curve2d(const StateChunk& outer) {
  // The parameter's sub-chunk holds identifier 0xe (CKCHNK_2DCURVE) whose
  // payload is the curve's own chunk.
  std::optional<StateChunk> inner;
  {
    ChunkReader r(outer);
    if (r.seek_identifier(kId2dCurveChunk)) inner = r.read_sub_chunk();
  }
  const StateChunk& c = inner ? *inner : outer;
  ChunkReader r(c);
  std::vector<Curve2dPoint> points;
  float fitting = 0.0f;
  if (r.data_version() < 1) {
    if (r.seek_identifier(kId2dCurveFitting)) fitting = r.read_float();
    if (r.seek_identifier(kId2dCurveOldPoints)) {
      uint32_t n = read_count(r, 2, "2D curve point");
      for (uint32_t i = 0; i < n; ++i) {
        r.read_object_raw();
        std::optional<StateChunk> sub = r.read_sub_chunk();
        if (!sub) continue;
        Curve2dPoint p;
        ChunkReader s(*sub);
        if (s.seek_identifier(kIdOldPointData)) {
          s.read_object_raw();
          p.user_tangents = s.read_dword() != 0;
          p.linear = s.read_dword() != 0;
          p.pos.x = s.read_float();
          p.pos.y = s.read_float();
        }
        if (s.seek_identifier(kIdOldPointTcb)) {
          p.tension = s.read_float();
          p.continuity = s.read_float();
          p.bias = s.read_float();
        }
        if (s.seek_identifier(kIdOldPointTangents)) {
          p.in_tangent.x = s.read_float();
          p.in_tangent.y = s.read_float();
          p.out_tangent.x = s.read_float();
          p.out_tangent.y = s.read_float();
        }
        points.push_back(p);
      }
    }
  }
  if (r.seek_identifier(kId2dCurveData)) {
    uint32_t n = read_count(r, 2, "2D curve point");
    r.skip(n);  // the (null) point object references
    fitting = r.read_float();
    points.clear();
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t flags = r.read_dword();
      if (!(flags & curve2d_flag::kSaved)) continue;
      Curve2dPoint p;
      p.user_tangents = (flags & curve2d_flag::kUserTangents) != 0;
      p.linear = (flags & curve2d_flag::kLinear) != 0;
      p.pos.x = r.read_float();
      p.pos.y = r.read_float();
      p.tension = r.read_float();
      p.continuity = r.read_float();
      p.bias = r.read_float();
      r.read_float();
      r.read_float();
      p.in_tangent.x = r.read_float();
      p.in_tangent.y = r.read_float();
      p.out_tangent.x = r.read_float();
      p.out_tangent.y = r.read_float();
      points.push_back(p);
    }
  }
  return Curve2d(std::move(points), fitting);
}

BehaviorGraphDesc read_behavior_graph(const Scene& scene) {
  Reader R{scene, &scene.resolver(), {}};
  for (const ObjectRecord& rec : scene.objects()) {
    switch (rec.class_id) {
      case kClassBehaviorIO: R.read_io(rec); break;
      case kClassParameterIn: R.read_parameter_in(rec); break;
      case kClassParameterOut: R.read_parameter(rec, SavedObjectKind::kParameterOut); break;
      case kClassParameterLocal: R.read_parameter(rec, SavedObjectKind::kLocal); break;
      case kClassParameter: R.read_parameter(rec, SavedObjectKind::kParameter); break;
      case kClassBehaviorLink: R.read_link(rec); break;
      case kClassBehavior: R.read_behavior(rec); break;
      case kClassDataArray: R.read_data_array(rec); break;
      case kClassParameterOperation: R.read_operation(rec); break;
      default: break;
    }
  }
  R.read_script_owners();
  return std::move(R.out);
}

}  // namespace retroanim::ck::io
