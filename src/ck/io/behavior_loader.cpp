#include "retroanim/ck/io/behavior_loader.h"

#include <algorithm>
#include <memory>
#include <string>

#include "retroanim/ck/behavior_prototype.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/error.h"

namespace retroanim::ck::io {

namespace {

// Class ids of the behaviour objects (virtools-behaviors.md section 1).
constexpr uint32_t kClassParameterIn = 2;
constexpr uint32_t kClassParameterOut = 3;
constexpr uint32_t kClassBehaviorLink = 6;
constexpr uint32_t kClassBehavior = 8;
constexpr uint32_t kClassBehaviorIO = 9;
constexpr uint32_t kClassParameterLocal = 45;
constexpr uint32_t kClassParameter = 46;

// Identifiers (virtools-behaviors.md sections 3-8).
constexpr uint32_t kIdBehaviorData = 0x20;
constexpr uint32_t kIdBehaviorIO = 0x8;
constexpr uint32_t kIdLinkData = 0x20;
constexpr uint32_t kIdPinShared = 0x800;
constexpr uint32_t kIdPinDirect = 0x1000;
constexpr uint32_t kIdPinDisabled = 0x2000;
constexpr uint32_t kIdParamValue = 0x40;
constexpr uint32_t kIdParamDestinations = 0x20;
constexpr uint32_t kIdLocalMyself = 0x200;
constexpr uint32_t kIdLocalSetting = 0x400;
constexpr uint32_t kIdBeObjectScripts = 0x800;
constexpr uint32_t kId2dCurveChunk = 0xe;
constexpr uint32_t kId2dCurveData = 0x100;
constexpr uint32_t kId2dCurveFitting = 0x40;
constexpr uint32_t kId2dCurveOldPoints = 0x3f800;

// Behaviour flag bits the loader clears (run-time state saved with the object).
constexpr uint32_t kRuntimeFlags = 0x1 | 0x4 | 0x10 | 0x200000 | 0x400000 | 0x800000 | 0x10000000;

ck::Guid to_ck(io::Guid g) { return {g.d1, g.d2}; }

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

struct Loader {
  const Scene& scene;
  BehaviorManager& manager;
  const ObjectResolver* resolver;
  LoadedBehaviors out;

  // References, resolved once every object exists.
  struct PinRefs {
    ParameterIn* pin;
    FileIndex source = kNoObject;
    FileIndex shared = kNoObject;
  };
  struct ParamRefs {
    Parameter* param;
    FileIndex object = kNoObject;
    bool has_object = false;
    std::vector<FileIndex> destinations{};
  };
  struct LinkRefs {
    const ObjectRecord* rec;
    int16_t delay, initial_delay;
    FileIndex source, destination;
  };
  struct BehRefs {
    Behavior* beh;
    FileIndex target = kNoObject;
    std::vector<FileIndex> subs{}, sub_links{}, in_params{}, out_params{}, locals{}, inputs{}, outputs{};
  };
  std::vector<PinRefs> pin_refs{};
  std::vector<ParamRefs> param_refs{};
  std::vector<LinkRefs> link_refs{};
  std::vector<BehRefs> beh_refs{};

  // CKBehaviorIO::Load
  void load_io(const ObjectRecord& rec) {
    BehaviorIO& io = manager.create_io(rec.name, behavior_io_flag::kIn);
    io.id = rec.id;
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      if (r.seek_identifier(kIdBehaviorIO)) io.flags = r.read_dword();
    }
    out.ios[rec.file_index] = &io;
  }

  // CKParameterIn::Load
  void load_parameter_in(const ObjectRecord& rec) {
    ParameterIn& pin = manager.create_parameter_in(rec.name, {});
    pin.id = rec.id;
    PinRefs refs{&pin};
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      bool legacy = r.data_version() < 5;
      if (r.seek_identifier(kIdPinDirect)) {
        pin.type = to_ck(r.read_guid());
        if (legacy) r.read_dword();
        refs.source = r.read_object();
      } else if (r.seek_identifier(kIdPinShared)) {
        pin.type = to_ck(r.read_guid());
        if (legacy) r.read_dword();
        refs.shared = r.read_object();
      }
      if (r.seek_identifier(kIdPinDisabled)) pin.enabled = false;
    }
    pin_refs.push_back(refs);
    out.parameter_ins[rec.file_index] = &pin;
  }

  // CKParameter::Load / CKParameterLocal::Load / CKParameterOut::Load
  void load_parameter(const ObjectRecord& rec, ParameterClass klass) {
    Parameter& p = manager.create_parameter(rec.name, {}, klass);
    p.id = rec.id;
    ParamRefs refs{&p};
    if (rec.chunk) {
      ChunkReader r(*rec.chunk, resolver);
      if (r.seek_identifier(kIdParamValue)) {
        p.type = to_ck(r.read_guid());
        uint32_t mode = r.read_dword();
        if (mode == 1) {
          std::vector<uint8_t> bytes = r.read_buffer();
          if (value_kind_of(p.type) == ValueKind::kString) {
            // A CKSTRING value is saved as a C string with its terminating NUL.
            size_t len = 0;
            while (len < bytes.size() && bytes[len] != 0) ++len;
            p.value.set_string(std::string(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(len)));
          } else {
            p.value.set_bytes(bytes.data(), bytes.size());
          }
        } else if (mode == 2) {
          refs.object = r.read_object();
          refs.has_object = true;
        } else if (mode == 0) {
          std::optional<StateChunk> sub = r.read_sub_chunk();
          if (sub && value_kind_of(p.type) == ValueKind::kCurve2d)
            p.value.set_curve2d(std::make_shared<Curve2d>(read_curve2d(*sub)));
        } else if (mode != 3) {
          // A manager value: d1 (= mode), d2, then the manager's int.
          r.read_dword();
          p.value.set_int(r.read_int());
        }
      }
      if (klass == ParameterClass::kOut && r.seek_identifier(kIdParamDestinations))
        refs.destinations = read_array(r, "destination");
      if (klass == ParameterClass::kLocal) {
        if (r.seek_identifier(kIdLocalMyself)) p.is_myself = true;
        if (r.seek_identifier(kIdLocalSetting)) p.is_setting = true;
      }
    }
    param_refs.push_back(std::move(refs));
    out.parameters[rec.file_index] = &p;
  }

  // CKBehaviorLink::Load
  void load_link(const ObjectRecord& rec) {
    if (!rec.chunk) return;
    ChunkReader r(*rec.chunk, resolver);
    if (!r.seek_identifier(kIdLinkData)) return;
    uint32_t delays = r.read_dword();
    FileIndex src = r.read_object();
    FileIndex dst = r.read_object();
    link_refs.push_back({&rec, static_cast<int16_t>(delays & 0xffffu), static_cast<int16_t>(delays >> 16), src, dst});
  }

  // CKBehavior::Load (data version >= 5, identifier 0x20)
  void load_behavior(const ObjectRecord& rec) {
    if (!rec.chunk) return;
    ChunkReader r(*rec.chunk, resolver);
    if (r.data_version() < 5) {
      out.skipped.push_back(rec.name + ": behaviour data version " + std::to_string(r.data_version()) +
                            " (before 5) is not supported");
      return;
    }
    if (!r.seek_identifier(kIdBehaviorData)) {
      out.skipped.push_back(rec.name + ": no behaviour data (identifier 0x20)");
      return;
    }
    Behavior& b = manager.create_behavior(rec.name);
    b.id = rec.id;
    BehRefs refs{&b};
    uint32_t flags = r.read_dword();
    if (flags & behavior_flag::kBuildingBlock) {
      b.prototype_guid = to_ck(r.read_guid());
      b.version = r.read_dword();
    }
    if (flags & behavior_flag::kPrioritySaved) b.priority = r.read_int();
    if (flags & behavior_flag::kCompatibleClassId) b.compatible_class_id = r.read_dword();
    if (flags & behavior_flag::kTargetable) refs.target = r.read_object();
    uint32_t mask = r.read_dword();
    if (mask & 0x100) refs.subs = read_array(r, "sub-behaviour");
    if (mask & 0x80000) refs.sub_links = read_array(r, "sub-behaviour link");
    if (mask & 0x4000) read_array(r, "parameter operation");  // operations are not run
    if (mask & 0x200) refs.in_params = read_array(r, "input parameter");
    if (mask & 0x400) refs.out_params = read_array(r, "output parameter");
    if (mask & 0x20000) refs.locals = read_array(r, "local parameter");
    if (mask & 0x800) refs.inputs = read_array(r, "input");
    if (mask & 0x1000) refs.outputs = read_array(r, "output");
    b.flags = flags & ~kRuntimeFlags;
    const BehaviorPrototype* proto =
        (flags & behavior_flag::kBuildingBlock) ? find_prototype(b.prototype_guid) : nullptr;
    if (proto) {
      b.function = proto->function;
      b.callback = proto->callback;
    }
    beh_refs.push_back(std::move(refs));
    out.behaviors[rec.file_index] = &b;
  }

  template <class T>
  T* lookup(const std::unordered_map<FileIndex, T*>& map, FileIndex idx, const std::string& who, const char* what) {
    if (idx == kNoObject) return nullptr;
    auto it = map.find(idx);
    if (it == map.end()) {
      out.skipped.push_back(who + ": " + what + " reference " + std::to_string(idx) + " is not of the expected class");
      return nullptr;
    }
    return it->second;
  }

  void resolve() {
    for (const LinkRefs& lr : link_refs) {
      BehaviorIO* src = lookup(out.ios, lr.source, lr.rec->name, "link source");
      BehaviorIO* dst = lookup(out.ios, lr.destination, lr.rec->name, "link destination");
      if (!src || !dst) continue;
      BehaviorLink& l = manager.create_link(*src, *dst, lr.initial_delay);
      l.delay = lr.delay;
      l.id = lr.rec->id;
      out.links[lr.rec->file_index] = &l;
    }
    for (BehRefs& br : beh_refs) {
      Behavior& b = *br.beh;
      // Each listed object that resolves gets `b` as owner and joins `list`.
      auto adopt = [&](const auto& table, const std::vector<FileIndex>& indices, auto& list, const char* what) {
        for (FileIndex i : indices)
          if (auto* x = lookup(table, i, b.name, what)) {
            x->owner = &b;
            list.push_back(x);
          }
      };
      adopt(out.ios, br.inputs, b.inputs, "input");
      adopt(out.ios, br.outputs, b.outputs, "output");
      adopt(out.parameter_ins, br.in_params, b.input_params, "input parameter");
      adopt(out.parameters, br.out_params, b.output_params, "output parameter");
      adopt(out.parameters, br.locals, b.local_params, "local parameter");
      if (ParameterIn* p = lookup(out.parameter_ins, br.target, b.name, "target parameter")) {
        p->owner = &b;
        b.target_param = p;
      }
      for (FileIndex i : br.subs)
        if (Behavior* s = lookup(out.behaviors, i, b.name, "sub-behaviour")) {
          if (s == &b || s->parent) continue;  // a behaviour belongs to one graph
          s->parent = &b;
          b.sub_behaviors.push_back(s);
        }
      for (FileIndex i : br.sub_links)
        if (BehaviorLink* l = lookup(out.links, i, b.name, "sub-behaviour link")) b.sub_links.push_back(l);
      // CKBehavior::SortSubs: by decreasing priority (kept stable here).
      std::stable_sort(b.sub_behaviors.begin(), b.sub_behaviors.end(),
                       [](const Behavior* x, const Behavior* y) { return x->priority > y->priority; });
    }
    for (PinRefs& pr : pin_refs) {
      if (pr.shared != kNoObject) pr.pin->shared_source = lookup(out.parameter_ins, pr.shared, pr.pin->name, "shared pin");
      if (pr.source != kNoObject) pr.pin->direct_source = lookup(out.parameters, pr.source, pr.pin->name, "source");
    }
    for (ParamRefs& pr : param_refs) {
      if (pr.has_object) pr.param->value.set_object(object_ref_of(scene, pr.object));
      for (FileIndex d : pr.destinations)
        if (Parameter* dst = lookup(out.parameters, d, pr.param->name, "destination")) pr.param->destinations.push_back(dst);
    }
  }

  // A script's owner: the BeObject whose script list (CKBeObject identifier 0x800) holds it.
  void find_script_owners() {
    std::unordered_map<FileIndex, FileIndex> owner_of;
    for (const ObjectRecord& rec : scene.objects()) {
      if (!rec.chunk || rec.class_id == kClassBehavior || !is_child_class_of(rec.class_id, class_id::kBeObject))
        continue;
      ChunkReader r(*rec.chunk, resolver);
      if (!r.seek_identifier(kIdBeObjectScripts)) continue;
      for (FileIndex s : read_array(r, "script")) owner_of.emplace(s, rec.file_index);
    }
    for (const BehRefs& br : beh_refs) {
      Behavior* s = br.beh;
      if (!(s->flags & behavior_flag::kScript)) continue;
      FileIndex idx = out.index_of(s);
      auto o = owner_of.find(idx);
      if (o != owner_of.end()) s->owner = object_ref_of(scene, o->second);
      out.scripts.push_back(s);
      manager.add_script(*s);
    }
  }

  // CKBehavior::SetSubBehaviorOwner, and the "myself" locals (value = owner).
  void propagate_owner(Behavior& b, const ObjectRef& owner, int depth) {
    if (depth > 256) return;
    b.owner = owner;
    for (Parameter* p : b.local_params)
      if (p && p->is_myself) p->value.set_object(owner);
    for (Behavior* s : b.sub_behaviors) propagate_owner(*s, owner, depth + 1);
  }
};

}  // namespace

Behavior* LoadedBehaviors::find(const std::string& name) const {
  Behavior* best = nullptr;
  FileIndex best_idx = 0;
  for (const auto& [idx, b] : behaviors)
    if (b->name == name && (!best || idx < best_idx)) {
      best = b;
      best_idx = idx;
    }
  return best;
}

FileIndex LoadedBehaviors::index_of(const Behavior* b) const {
  for (const auto& [idx, p] : behaviors)
    if (p == b) return idx;
  return kNoObject;
}

ObjectRef object_ref_of(const Scene& scene, FileIndex index) {
  ObjectRef ref;
  const ObjectRecord* rec = scene.at(index);
  if (!rec) return ref;
  ref.id = rec->id;
  ref.class_id = rec->class_id;
  ref.name = rec->name;
  ref.entity = rec->entity;
  ref.curve = rec->curve;
  ref.object_animation = rec->object_animation;
  ref.keyed_animation = rec->keyed_animation;
  return ref;
}

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
        if (s.seek_identifier(0x4000)) {
          s.read_object_raw();
          p.user_tangents = s.read_dword() != 0;
          p.linear = s.read_dword() != 0;
          p.pos.x = s.read_float();
          p.pos.y = s.read_float();
        }
        if (s.seek_identifier(0x800)) {
          p.tension = s.read_float();
          p.continuity = s.read_float();
          p.bias = s.read_float();
        }
        if (s.seek_identifier(0x1000)) {
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

LoadedBehaviors load_behaviors(const Scene& scene, BehaviorManager& manager) {
  Loader L{scene, manager, &scene.resolver(), {}};
  for (const ObjectRecord& rec : scene.objects()) {
    switch (rec.class_id) {
      case kClassBehaviorIO: L.load_io(rec); break;
      case kClassParameterIn: L.load_parameter_in(rec); break;
      case kClassParameterOut: L.load_parameter(rec, ParameterClass::kOut); break;
      case kClassParameterLocal: L.load_parameter(rec, ParameterClass::kLocal); break;
      case kClassParameter: L.load_parameter(rec, ParameterClass::kParameter); break;
      case kClassBehaviorLink: L.load_link(rec); break;
      case kClassBehavior: L.load_behavior(rec); break;
      default: break;
    }
  }
  L.resolve();
  L.find_script_owners();
  for (Behavior* s : L.out.scripts) L.propagate_owner(*s, s->owner, 0);
  for (const Loader::BehRefs& br : L.beh_refs)
    if (br.beh->uses_function()) br.beh->call_callback(behavior_message::kLoad, &manager);
  return std::move(L.out);
}

}  // namespace retroanim::ck::io
