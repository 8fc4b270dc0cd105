#include "retroanim/ck/io/behavior_writer.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "ck/io/behavior_layout.h"
#include "retroanim/ck/io/behavior_loader.h"
#include "retroanim/ck/io/chunk_edit.h"
#include "retroanim/error.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::ck::io {

namespace {

using namespace behavior_layout;

// The data version of the chunks written (that of the game's files, and of
// the other classes the scene writer saves).
constexpr uint16_t kDataVersion = 10;
// CK2dCurve's outer (parameter value) chunk is data version 0, its own chunk 10.
constexpr uint16_t k2dCurveOuterVersion = 0;
constexpr uint16_t k2dCurveVersion = 10;

// CKBehaviorIO::Save
void write_io(ChunkWriter& w, const SavedBehaviorIO& io) {
  if (!io.flags) return;
  w.write_identifier(kIdBehaviorIO);
  w.write_dword(*io.flags);
}

// CKParameterIn::Save
void write_parameter_in(ChunkWriter& w, const SavedParameterIn& pin) {
  if (pin.shared != kNoObject) {
    w.write_identifier(kIdPinShared);
    w.write_guid(pin.type);
    w.write_object(pin.shared);
  } else {
    w.write_identifier(kIdPinDirect);
    w.write_guid(pin.type);
    w.write_object(pin.source);
  }
  if (!pin.enabled) w.write_identifier(kIdPinDisabled);
}

// CKParameter::Save / CKParameterLocal::Save / CKParameterOut::Save
void write_parameter(ChunkWriter& w, SavedObjectKind kind, const SavedParameter& p) {
  const bool myself = kind == SavedObjectKind::kLocal && p.is_myself;
  if (!myself) {
    w.write_identifier(kIdParamValue);
    w.write_guid(p.type);
    using Form = SavedParameterValue::Form;
    const SavedParameterValue& v = p.value;
    switch (v.form) {
      case Form::kBytes:
        w.write_dword(kValueBuffer);
        if (p.type == kParameterTypeGuid && v.bytes.size() == 8) {
          // CKPGUID_PARAMETERTYPE: the type's GUID, without a byte count (as the reader reads it).
          w.write_raw_bytes(v.bytes);
        } else {
          w.write_buffer(v.bytes);
        }
        break;
      case Form::kString: {
        // A CKSTRING is saved as a C string with its terminating NUL; a buffer
        // read from a file is saved back whole (with any bytes after the NUL)
        // while the text is still what it holds.
        std::vector<uint8_t> bytes(v.text.begin(), v.text.end());
        bytes.push_back(0);
        const auto nul = std::find(v.bytes.begin(), v.bytes.end(), uint8_t{0});
        if (std::string(v.bytes.begin(), nul) == v.text) bytes = v.bytes;
        w.write_dword(kValueBuffer);
        w.write_buffer(bytes);
        break;
      }
      case Form::kObject:
        w.write_dword(kValueObject);
        w.write_object(v.object);
        break;
      case Form::kCurve2d:
        if (v.curve) {
          w.write_dword(kValueSubChunk);
          StateChunk sub = write_curve2d(*v.curve);
          w.write_sub_chunk(&sub);
        } else {
          w.write_dword(kValueNone);
        }
        break;
      case Form::kInt:
        // A manager value: the manager's GUID stands in the mode's place.
        w.write_manager_int(v.manager, v.int_value);
        break;
      case Form::kNone: w.write_dword(kValueNone); break;
    }
  }
  if (kind == SavedObjectKind::kParameterOut && !p.destinations.empty()) {
    w.write_identifier(kIdParamDestinations);
    w.write_object_array(p.destinations);
  }
  if (kind == SavedObjectKind::kLocal) {
    if (p.is_myself) w.write_identifier(kIdLocalMyself);
    if (p.is_setting) w.write_identifier(kIdLocalSetting);
  }
}

// CKBehaviorLink::Save
void write_link(ChunkWriter& w, const SavedLink& l) {
  w.write_identifier(kIdLinkData);
  // The delay in the low half, the initial delay in the high half.
  w.write_dword(uint32_t{static_cast<uint16_t>(l.delay)} | (uint32_t{static_cast<uint16_t>(l.initial_delay)} << 16));
  w.write_object(l.source);
  w.write_object(l.destination);
}

// CKBehavior::Save (data version >= 5 layout)
void write_behavior(ChunkWriter& w, const SavedBehavior& b) {
  w.write_identifier(kIdBehaviorInterface);
  w.write_sub_chunk(nullptr);
  w.write_identifier(kIdBehaviorData);
  w.write_dword(b.flags);
  if (b.flags & saved_behavior_flag::kBuildingBlock) {
    w.write_guid(b.prototype_guid);
    w.write_dword(b.version);
  }
  if (b.flags & saved_behavior_flag::kPrioritySaved) w.write_int(b.priority);
  if (b.flags & saved_behavior_flag::kCompatibleClassId) w.write_dword(b.compatible_class_id);
  if (b.flags & saved_behavior_flag::kTargetable) w.write_object(b.target);
  const std::pair<uint32_t, const std::vector<FileIndex>*> lists[] = {
      {kListSubBehaviors, &b.subs},     {kListSubLinks, &b.sub_links},   {kListOperations, &b.operations},
      {kListInputParams, &b.in_params}, {kListOutputParams, &b.out_params}, {kListLocals, &b.locals},
      {kListInputs, &b.inputs},         {kListOutputs, &b.outputs}};
  uint32_t mask = 0;
  for (const auto& [bit, list] : lists)
    if (!list->empty()) mask |= bit;
  w.write_dword(mask);
  for (const auto& [bit, list] : lists)
    if (!list->empty()) w.write_object_array(*list);
  if (b.scene_flags) {
    w.write_identifier(kIdBehaviorSceneFlags);
    w.write_dword(*b.scene_flags);
  }
}

// The identifiers the writer models for each kind (replaced in a saved chunk).
std::vector<uint32_t> modelled_identifiers(SavedObjectKind kind) {
  switch (kind) {
    case SavedObjectKind::kBehavior: return {kIdBehaviorData, kIdBehaviorSceneFlags};
    case SavedObjectKind::kBehaviorIO: return {kIdBehaviorIO};
    case SavedObjectKind::kLink: return {kIdLinkData};
    case SavedObjectKind::kParameterIn: return {kIdPinShared, kIdPinDirect, kIdPinDisabled};
    case SavedObjectKind::kParameterOut: return {kIdParamValue, kIdParamDestinations};
    case SavedObjectKind::kLocal: return {kIdParamValue, kIdLocalMyself, kIdLocalSetting};
    case SavedObjectKind::kParameter: return {kIdParamValue};
    default: return {};
  }
}

bool is_parameter(SavedObjectKind kind) {
  return kind == SavedObjectKind::kParameter || kind == SavedObjectKind::kLocal ||
         kind == SavedObjectKind::kParameterOut;
}

// "object N 'NAME' (class C)", as the readers name objects.
std::string object_label(FileIndex index, const std::string& name, uint32_t class_id) {
  return "object " + std::to_string(index) + " '" + retroanim::io::escape_controls(name) + "' (class " +
         std::to_string(class_id) + ")";
}

// `fresh` merged into the chunk a record already has: each identifier of
// `fresh` replaces the saved one in place (or is appended), a modelled
// identifier `fresh` lacks is dropped, the others stay. The saved schematic
// interface (0x10) stays. Only for chunks can_merge accepts.
bool can_merge(const StateChunk& old, const StateChunk& fresh) {
  return old.data_version == fresh.data_version && old.chunk_version >= chunk_version::kObjectIds &&
         old.data.size() >= 2;
}

StateChunk merged(const StateChunk& old, StateChunk fresh, std::vector<uint32_t> modelled) {
  ChunkReader saved(old);
  if (saved.seek_identifier(kIdBehaviorInterface))
    fresh = remove_identifiers(fresh, std::vector<uint32_t>{kIdBehaviorInterface});
  std::vector<uint32_t> present = fresh.data.size() >= 2 ? ChunkReader(fresh).identifiers() : std::vector<uint32_t>{};
  std::erase_if(modelled, [&present](uint32_t id) { return std::find(present.begin(), present.end(), id) != present.end(); });
  StateChunk out = fresh.data.empty() ? old : merge_identifiers(old, fresh);
  return modelled.empty() ? out : remove_identifiers(out, modelled);
}

// The payload dwords of `identifier` in `c` (empty when absent).
std::vector<uint32_t> payload_of(const StateChunk& c, uint32_t identifier) {
  ChunkReader r(c);
  std::optional<uint32_t> size = r.seek_identifier_size(identifier);
  if (!size) return {};
  return r.read_dwords(*size);
}

// True when two parameter values (identifier 0x40 payloads) are the same
// buffer: type, mode 1, byte count and bytes equal; only the padding of the
// last dword may differ (the engine pads with whatever its memory held).
bool same_buffer_value(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  if (a.size() != b.size() || a.size() < 4 || a[0] != b[0] || a[1] != b[1] || a[2] != kValueBuffer || b[2] != kValueBuffer ||
      a[3] != b[3])
    return false;
  const uint32_t count = a[3];
  if (a.size() != 4 + (size_t{count} + 3) / 4) return false;
  for (uint32_t i = 0; i < count; ++i) {
    const int shift = static_cast<int>(8 * (i % 4));
    if (((a[4 + i / 4] >> shift) & 0xffu) != ((b[4 + i / 4] >> shift) & 0xffu)) return false;
  }
  return true;
}

// True when the saved 0x40 payload `old` holds a 2D curve with the same
// points (position, T, C, B, flags, and the tangents of user-tangent points)
// and fitting as `curve`: the tangents of TCB points are a cache the load
// recomputes, and the engine's own values may differ from retroanim's in the
// last bit (one point of Gameplay.nmo and one of Balls.nmo), so the saved
// ones are kept.
bool same_curve_value(const StateChunk& old, const Curve2d& curve) {
  ChunkReader r(old);
  if (!r.seek_identifier(kIdParamValue) || r.remaining() < 3) return false;
  if (r.read_guid() != param_guid::k2dCurve || r.read_dword() != kValueSubChunk) return false;
  std::optional<StateChunk> sub = r.read_sub_chunk();
  if (!sub) return false;
  const Curve2d saved = read_curve2d(*sub);
  const std::vector<Curve2dPoint>& a = saved.points();
  const std::vector<Curve2dPoint>& b = curve.points();
  auto same = [](float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; };
  if (a.size() != b.size() || !same(saved.fitting(), curve.fitting())) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!same(a[i].pos.x, b[i].pos.x) || !same(a[i].pos.y, b[i].pos.y) || !same(a[i].tension, b[i].tension) ||
        !same(a[i].continuity, b[i].continuity) || !same(a[i].bias, b[i].bias) || a[i].flags() != b[i].flags())
      return false;
    if (a[i].user_tangents &&
        (!same(a[i].in_tangent.x, b[i].in_tangent.x) || !same(a[i].in_tangent.y, b[i].in_tangent.y) ||
         !same(a[i].out_tangent.x, b[i].out_tangent.x) || !same(a[i].out_tangent.y, b[i].out_tangent.y)))
      return false;
  }
  return true;
}

}  // namespace

uint32_t class_of(SavedObjectKind kind) {
  switch (kind) {
    case SavedObjectKind::kBehavior: return kClassBehavior;
    case SavedObjectKind::kBehaviorIO: return kClassBehaviorIO;
    case SavedObjectKind::kLink: return kClassBehaviorLink;
    case SavedObjectKind::kParameterIn: return kClassParameterIn;
    case SavedObjectKind::kParameter: return kClassParameter;
    case SavedObjectKind::kLocal: return kClassParameterLocal;
    case SavedObjectKind::kParameterOut: return kClassParameterOut;
    default: return 0;  // a kind this writer does not save (its records keep their chunks)
  }
}

// CK2dCurve::Write
StateChunk write_curve2d(const Curve2d& curve) {
  ChunkWriter inner(kClass2dCurve, k2dCurveVersion, false);
  inner.write_identifier(kId2dCurveData);
  const std::vector<Curve2dPoint>& points = curve.points();
  inner.start_object_sequence(static_cast<uint32_t>(points.size()));
  for (size_t i = 0; i < points.size(); ++i) inner.write_dword(0);  // the points are not objects
  inner.write_float(curve.fitting());
  for (const Curve2dPoint& p : points) {
    inner.write_dword(p.flags() | curve2d_flag::kSaved);
    inner.write_float(p.pos.x);
    inner.write_float(p.pos.y);
    inner.write_float(p.tension);
    inner.write_float(p.continuity);
    inner.write_float(p.bias);
    inner.write_float(0.0f);
    inner.write_float(0.0f);
    inner.write_float(p.in_tangent.x);
    inner.write_float(p.in_tangent.y);
    inner.write_float(p.out_tangent.x);
    inner.write_float(p.out_tangent.y);
  }
  StateChunk own = std::move(inner).finish();
  ChunkWriter outer(kClass2dCurve, k2dCurveOuterVersion, false);
  outer.write_identifier(kId2dCurveChunk);
  outer.write_sub_chunk(&own);
  return std::move(outer).finish();
}

StateChunk save_behavior_object(const SavedObject& o) {
  ChunkWriter w(class_of(o.kind), kDataVersion);
  switch (o.kind) {
    case SavedObjectKind::kBehavior: write_behavior(w, o.behavior); break;
    case SavedObjectKind::kBehaviorIO: write_io(w, o.io); break;
    case SavedObjectKind::kLink: write_link(w, o.link); break;
    case SavedObjectKind::kParameterIn: write_parameter_in(w, o.parameter_in); break;
    case SavedObjectKind::kParameter:
    case SavedObjectKind::kLocal:
    case SavedObjectKind::kParameterOut: write_parameter(w, o.kind, o.parameter); break;
    default: break;
  }
  return std::move(w).finish();
}

void save_behavior_graph(Scene& scene, const BehaviorGraphDesc& graph) {
  auto fail = [&scene](const std::string& object, const std::string& what) {
    throw Error(describe_error(scene.source_name(), object, std::nullopt, what));
  };
  bool added = false;
  for (const SavedObject& o : graph.objects) {
    const uint32_t cls = class_of(o.kind);
    if (cls == 0) continue;  // not a kind this writer saves: the record keeps its chunk
    const size_t count = scene.objects().size();
    if (o.index < 0 || static_cast<size_t>(o.index) > count)
      fail(object_label(o.index, o.name, cls),
           "a saved behaviour object's file index must be an existing record or the next one (" +
               std::to_string(count) + ")");
    if (static_cast<size_t>(o.index) == count) {
      ObjectRecord r;
      r.id = o.id;
      r.class_id = cls;
      r.name = o.name;
      scene.add_record(std::move(r));
      added = true;
    }
    ObjectRecord& rec = *scene.at(o.index);
    if (rec.class_id != cls)
      fail(object_label(o.index, rec.name, rec.class_id),
           "the record's class is not that of the saved object (class " + std::to_string(cls) + ")");
    StateChunk fresh = save_behavior_object(o);
    // A saved chunk of another data version (or none) is replaced whole.
    if (rec.chunk && can_merge(*rec.chunk, fresh)) {
      // A parameter whose value the reader does not model keeps its saved value.
      std::vector<uint32_t> modelled = modelled_identifiers(o.kind);
      // A parameter whose value the reader does not model (kNone), or whose
      // buffer is the saved one but for its padding, keeps its saved value.
      if (is_parameter(o.kind) && !(o.kind == SavedObjectKind::kLocal && o.parameter.is_myself)) {
        ChunkReader old(*rec.chunk);
        if (old.seek_identifier(kIdParamValue) &&
            (o.parameter.value.form == SavedParameterValue::Form::kNone ||
             same_buffer_value(payload_of(*rec.chunk, kIdParamValue), payload_of(fresh, kIdParamValue)) ||
             (o.parameter.value.form == SavedParameterValue::Form::kCurve2d && o.parameter.value.curve &&
              same_curve_value(*rec.chunk, *o.parameter.value.curve)))) {
          fresh = remove_identifiers(fresh, std::vector<uint32_t>{kIdParamValue});
          std::erase(modelled, kIdParamValue);
        }
      }
      rec.chunk = merged(*rec.chunk, std::move(fresh), modelled);
    } else {
      rec.chunk = std::move(fresh);
    }
  }
  // The BeObjects' script lists (CKBeObject::Save identifier 0x800), in the graph's order.
  std::map<FileIndex, std::vector<FileIndex>> scripts_of;
  std::vector<FileIndex> owners;
  for (const auto& [script, owner] : graph.script_owners) {
    if (!scripts_of.contains(owner)) owners.push_back(owner);
    scripts_of[owner].push_back(script);
  }
  for (FileIndex owner : owners) {
    ObjectRecord* rec = scene.at(owner);
    if (!rec) fail("object " + std::to_string(owner), "a script owner is not a record of the scene");
    ChunkWriter w(rec->class_id, kDataVersion);
    w.write_identifier(kIdBeObjectScripts);
    w.write_object_array(scripts_of[owner]);
    StateChunk fresh = std::move(w).finish();
    if (rec->chunk && rec->chunk->chunk_version < chunk_version::kObjectIds)
      fail(object_label(owner, rec->name, rec->class_id),
           "a script list cannot be written into a chunk of chunk version " +
               std::to_string(rec->chunk->chunk_version) + " (before 4)");
    // The list is the same in every data version: merged into the saved chunk
    // whatever its version (the object's other identifiers stay as saved).
    rec->chunk = rec->chunk && rec->chunk->data.size() >= 2 ? merge_identifiers(*rec->chunk, fresh) : std::move(fresh);
  }
  if (added) scene.reindex();
}

}  // namespace retroanim::ck::io
