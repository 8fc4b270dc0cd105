#include "retroanim/ck/behavior/behavior_builder.h"

#include <algorithm>
#include <memory>
#include <string>

#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck {

namespace {

static_assert(saved_behavior_flag::kPrioritySaved == behavior_flag::kPrioritySaved);
static_assert(saved_behavior_flag::kCompatibleClassId == behavior_flag::kCompatibleClassId);
static_assert(saved_behavior_flag::kBuildingBlock == behavior_flag::kBuildingBlock);
static_assert(saved_behavior_flag::kTargetable == behavior_flag::kTargetable);

// Behaviour flag bits the loader clears (run-time state saved with the object).
constexpr uint32_t kRuntimeFlags = 0x1 | 0x4 | 0x10 | 0x200000 | 0x400000 | 0x800000 | 0x10000000;

// Deepest behaviour nesting the owner propagation follows (a guard against cycles).
constexpr int kMaxOwnerDepth = 256;

ParameterClass parameter_class_of(SavedObjectKind kind) {
  switch (kind) {
    case SavedObjectKind::kParameterOut: return ParameterClass::kOut;
    case SavedObjectKind::kLocal: return ParameterClass::kLocal;
    default: return ParameterClass::kParameter;
  }
}

struct Builder {
  const ObjectLookup& object_at;
  BehaviorManager& manager;
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
    const SavedObject* rec;
  };
  struct BehRefs {
    Behavior* beh;
    const SavedBehavior* saved;
  };
  std::vector<PinRefs> pin_refs{};
  std::vector<ParamRefs> param_refs{};
  std::vector<LinkRefs> link_refs{};
  std::vector<BehRefs> beh_refs{};

  // CKBehaviorIO::Load
  void build_io(const SavedObject& rec) {
    BehaviorIO& io = manager.create_io(rec.name, behavior_io_flag::kIn);
    io.id = rec.id;
    if (rec.io.flags) io.flags = *rec.io.flags;
    out.ios[rec.index] = &io;
  }

  // CKParameterIn::Load
  void build_parameter_in(const SavedObject& rec) {
    ParameterIn& pin = manager.create_parameter_in(rec.name, {});
    pin.id = rec.id;
    pin.type = rec.parameter_in.type;
    if (!rec.parameter_in.enabled) pin.enabled = false;
    pin_refs.push_back({&pin, rec.parameter_in.source, rec.parameter_in.shared});
    out.parameter_ins[rec.index] = &pin;
  }

  // CKParameter::Load / CKParameterLocal::Load / CKParameterOut::Load
  void build_parameter(const SavedObject& rec) {
    Parameter& p = manager.create_parameter(rec.name, {}, parameter_class_of(rec.kind));
    p.id = rec.id;
    const SavedParameter& s = rec.parameter;
    p.type = s.type;
    ParamRefs refs{&p};
    using Form = SavedParameterValue::Form;
    switch (s.value.form) {
      case Form::kBytes: p.value.set_bytes(s.value.bytes.data(), s.value.bytes.size()); break;
      case Form::kString: p.value.set_string(s.value.text); break;
      case Form::kObject:
        refs.object = s.value.object;
        refs.has_object = true;
        break;
      case Form::kCurve2d: p.value.set_curve2d(s.value.curve); break;
      case Form::kInt: p.value.set_int(s.value.int_value); break;
      case Form::kNone: break;
    }
    refs.destinations = s.destinations;
    if (s.is_myself) p.is_myself = true;
    if (s.is_setting) p.is_setting = true;
    param_refs.push_back(std::move(refs));
    out.parameters[rec.index] = &p;
  }

  // CKBehavior::Load
  void build_behavior(const SavedObject& rec) {
    const SavedBehavior& s = rec.behavior;
    Behavior& b = manager.create_behavior(rec.name);
    b.id = rec.id;
    if (s.flags & behavior_flag::kBuildingBlock) {
      b.prototype_guid = s.prototype_guid;
      b.version = s.version;
    }
    if (s.flags & behavior_flag::kPrioritySaved) b.priority = s.priority;
    if (s.flags & behavior_flag::kCompatibleClassId) b.compatible_class_id = s.compatible_class_id;
    b.flags = s.flags & ~kRuntimeFlags;
    const BehaviorPrototype* proto =
        (s.flags & behavior_flag::kBuildingBlock) ? find_prototype(b.prototype_guid) : nullptr;
    if (proto) {
      b.function = proto->function;
      b.callback = proto->callback;
    }
    beh_refs.push_back({&b, &s});
    out.behaviors[rec.index] = &b;
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
      const SavedLink& sl = lr.rec->link;
      BehaviorIO* src = lookup(out.ios, sl.source, lr.rec->name, "link source");
      BehaviorIO* dst = lookup(out.ios, sl.destination, lr.rec->name, "link destination");
      if (!src || !dst) continue;
      BehaviorLink& l = manager.create_link(*src, *dst, sl.initial_delay);
      l.delay = sl.delay;
      l.id = lr.rec->id;
      out.links[lr.rec->index] = &l;
    }
    for (BehRefs& br : beh_refs) {
      Behavior& b = *br.beh;
      const SavedBehavior& s = *br.saved;
      // Each listed object that resolves gets `b` as owner and joins `list`.
      auto adopt = [&](const auto& table, const std::vector<FileIndex>& indices, auto& list, const char* what) {
        for (FileIndex i : indices)
          if (auto* x = lookup(table, i, b.name, what)) {
            x->owner = &b;
            list.push_back(x);
          }
      };
      adopt(out.ios, s.inputs, b.inputs, "input");
      adopt(out.ios, s.outputs, b.outputs, "output");
      adopt(out.parameter_ins, s.in_params, b.input_params, "input parameter");
      adopt(out.parameters, s.out_params, b.output_params, "output parameter");
      adopt(out.parameters, s.locals, b.local_params, "local parameter");
      if (ParameterIn* p = lookup(out.parameter_ins, s.target, b.name, "target parameter")) {
        p->owner = &b;
        b.target_param = p;
      }
      for (FileIndex i : s.subs)
        if (Behavior* sub = lookup(out.behaviors, i, b.name, "sub-behaviour")) {
          if (sub == &b || sub->parent) continue;  // a behaviour belongs to one graph
          sub->parent = &b;
          b.sub_behaviors.push_back(sub);
        }
      for (FileIndex i : s.sub_links)
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
      if (pr.has_object) pr.param->value.set_object(runtime_ref(out, object_at, pr.object));
      for (FileIndex d : pr.destinations)
        if (Parameter* dst = lookup(out.parameters, d, pr.param->name, "destination")) pr.param->destinations.push_back(dst);
    }
  }

  // CKDataArray::Load's cells: object cells by reference, parameter cells
  // as the file's CKParameterOut objects.
  void build_data_arrays(const BehaviorGraphDesc& graph) {
    for (const auto& [index, saved] : graph.data_arrays) {
      DataArray& a = manager.create_data_array();
      ObjectRef self = object_at(index);
      a.name = self.name;
      a.id = self.id;
      a.columns = saved.columns;
      out.data_arrays[index] = &a;
    }
    for (const auto& [index, saved] : graph.data_arrays) {
      DataArray& a = *out.data_arrays[index];
      for (const std::vector<SavedArrayCell>& row : saved.rows) {
        std::vector<ArrayCell>& cells = a.rows.emplace_back(row.size());
        for (size_t c = 0; c < row.size() && c < a.columns.size(); ++c) {
          cells[c].int_value = row[c].int_value;
          cells[c].float_value = row[c].float_value;
          cells[c].text = row[c].text;
          if (a.columns[c].type == ArrayColumnType::kObject) cells[c].object = runtime_ref(out, object_at, row[c].reference);
          if (a.columns[c].type == ArrayColumnType::kParameter && row[c].reference != kNoObject) {
            auto it = out.parameters.find(row[c].reference);
            if (it != out.parameters.end()) cells[c].parameter = it->second;
            else out.skipped.push_back(a.name + ": cell parameter " + std::to_string(row[c].reference) + " is not a parameter");
          }
        }
      }
    }
  }

  // CKParameterOperation::Load + Update: the pins and the output resolved,
  // the output marked as the operation's (CK_PARAMETEROUT_PARAMOP).
  void build_operations(const BehaviorGraphDesc& graph) {
    for (const SavedOperation& s : graph.operations) {
      ParameterOperation& op = manager.create_operation();
      op.name = s.name;
      op.id = s.id;
      op.operation = s.operation;
      op.in1 = lookup(out.parameter_ins, s.in1, s.name, "operation input");
      op.in2 = lookup(out.parameter_ins, s.in2, s.name, "operation input");
      op.out = lookup(out.parameters, s.out, s.name, "operation output");
      if (op.out) op.out->operation = &op;
      op.update();
      out.operations[s.index] = &op;
    }
  }

  // A script's owner: the object whose script list holds it.
  void find_script_owners(const BehaviorGraphDesc& graph) {
    std::unordered_map<FileIndex, FileIndex> owner_of;
    for (const auto& [script, owner] : graph.script_owners) owner_of.emplace(script, owner);
    for (const BehRefs& br : beh_refs) {
      Behavior* s = br.beh;
      if (!(s->flags & behavior_flag::kScript)) continue;
      FileIndex idx = out.index_of(s);
      auto o = owner_of.find(idx);
      if (o != owner_of.end()) s->owner = object_at(o->second);
      out.scripts.push_back(s);
      manager.add_script(*s);
    }
  }

  // (retroanim's own) Behavior::file_script of a script's whole graph.
  void mark_script(Behavior& b, const std::string& script, int depth) {
    if (depth > kMaxOwnerDepth) return;
    b.file_script = script;
    for (Behavior* s : b.sub_behaviors)
      if (s && s != &b) mark_script(*s, script, depth + 1);
  }

  // CKBehavior::SetSubBehaviorOwner, and the "myself" locals (value = owner).
  void propagate_owner(Behavior& b, const ObjectRef& owner, int depth) {
    if (depth > kMaxOwnerDepth) return;
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

ObjectRef runtime_ref(const LoadedBehaviors& loaded, const ObjectLookup& object_at, FileIndex index) {
  ObjectRef ref = object_at(index);
  if (index == kNoObject) return ref;
  if (auto a = loaded.data_arrays.find(index); a != loaded.data_arrays.end()) ref.data_array = a->second;
  if (auto b = loaded.behaviors.find(index); b != loaded.behaviors.end()) ref.script = b->second;
  return ref;
}

FileIndex LoadedBehaviors::index_of(const Behavior* b) const {
  for (const auto& [idx, p] : behaviors)
    if (p == b) return idx;
  return kNoObject;
}

LoadedBehaviors build_behaviors(const BehaviorGraphDesc& graph, const ObjectLookup& object_at,
                                BehaviorManager& manager) {
  Builder B{object_at, manager, {}};
  B.out.skipped = graph.skipped;
  for (const SavedObject& rec : graph.objects) {
    switch (rec.kind) {
      case SavedObjectKind::kBehaviorIO: B.build_io(rec); break;
      case SavedObjectKind::kParameterIn: B.build_parameter_in(rec); break;
      case SavedObjectKind::kParameterOut:
      case SavedObjectKind::kLocal:
      case SavedObjectKind::kParameter: B.build_parameter(rec); break;
      case SavedObjectKind::kLink: B.link_refs.push_back({&rec}); break;
      case SavedObjectKind::kBehavior: B.build_behavior(rec); break;
    }
  }
  B.build_data_arrays(graph);
  B.resolve();
  B.build_operations(graph);
  B.find_script_owners(graph);
  for (Behavior* s : B.out.scripts) B.propagate_owner(*s, s->owner, 0);
  for (Behavior* s : B.out.scripts) B.mark_script(*s, s->name, 0);
  for (const Builder::BehRefs& br : B.beh_refs)
    if (br.beh->uses_function()) br.beh->call_callback(behavior_message::kLoad, &manager);
  return std::move(B.out);
}

}  // namespace retroanim::ck
