#include "retroanim/ck/behavior/behavior_graph_builder.h"

#include <algorithm>
#include <cstring>

#include "retroanim/error.h"

namespace retroanim::ck {

namespace {

// The flags of a script as the game's files save them, without the run-time
// bits: script, topmost, compatible class id saved (BeObject).
constexpr uint32_t kScriptFlags = behavior_flag::kScript | behavior_flag::kTopmost | behavior_flag::kCompatibleClassId;
// The scene flags (identifier 0x200000) both scripts of MenuLevel.nmo carry.
constexpr uint32_t kScriptSceneFlags = 0x50;

// The four little-endian bytes of `bits`.
std::vector<uint8_t> dword_bytes(uint32_t bits) {
  std::vector<uint8_t> out;
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  return out;
}

}  // namespace

BehaviorGraphBuilder::BehaviorGraphBuilder(FileIndex first_index, ObjectId first_id)
    : first_index_(first_index), next_id_(first_id) {}

SavedObject& BehaviorGraphBuilder::add(SavedObjectKind kind, const std::string& name) {
  SavedObject& o = graph_.objects.emplace_back();
  o.kind = kind;
  o.index = first_index_ + static_cast<FileIndex>(graph_.objects.size() - 1);
  o.id = next_id_++;
  o.name = name;
  return o;
}

SavedObject& BehaviorGraphBuilder::object(FileIndex index) {
  return const_cast<SavedObject&>(static_cast<const BehaviorGraphBuilder*>(this)->object(index));
}

const SavedObject& BehaviorGraphBuilder::object(FileIndex index) const {
  const FileIndex at = index - first_index_;
  if (index < first_index_ || static_cast<size_t>(at) >= graph_.objects.size())
    throw Error("behaviour graph: object " + std::to_string(index) + " was not built here");
  return graph_.objects[static_cast<size_t>(at)];
}

SavedBehavior& BehaviorGraphBuilder::behavior(FileIndex index) {
  SavedObject& o = object(index);
  if (o.kind != SavedObjectKind::kBehavior)
    throw Error("behaviour graph: object " + std::to_string(index) + " '" + o.name + "' is not a behaviour");
  return o.behavior;
}

FileIndex BehaviorGraphBuilder::script_of(FileIndex b) const {
  for (int guard = 0; guard < 256; ++guard) {
    auto it = parent_.find(b);
    if (it == parent_.end()) return b;
    b = it->second;
  }
  return b;
}

FileIndex BehaviorGraphBuilder::add_script(const std::string& name, FileIndex owner) {
  SavedObject& start = add(SavedObjectKind::kBehaviorIO, "Start");
  start.io.flags = behavior_io_flag::kIn;
  const FileIndex start_index = start.index;
  SavedObject& s = add(SavedObjectKind::kBehavior, name);
  s.behavior.flags = kScriptFlags;
  s.behavior.compatible_class_id = class_id::kBeObject;
  s.behavior.scene_flags = kScriptSceneFlags;
  s.behavior.inputs.push_back(start_index);
  const FileIndex index = s.index;
  if (owner != kNoObject) graph_.script_owners.emplace_back(index, owner);
  return index;
}

FileIndex BehaviorGraphBuilder::add_block(FileIndex parent, const BehaviorPrototype& proto, const std::string& name) {
  behavior(parent);  // checks the parent
  const FileIndex script = script_of(parent);
  SavedBehavior b;
  b.flags = behavior_flag::kUseFunction | behavior_flag::kBuildingBlock | proto.behavior_flags;
  b.prototype_guid = proto.guid;
  b.version = proto.version;
  if (proto.compatible_class_id != class_id::kBeObject) {
    b.flags |= behavior_flag::kCompatibleClassId;
    b.compatible_class_id = proto.compatible_class_id;
  }
  for (const std::string& n : proto.inputs) {
    SavedObject& io = add(SavedObjectKind::kBehaviorIO, n);
    io.io.flags = behavior_io_flag::kIn;
    b.inputs.push_back(io.index);
  }
  for (const std::string& n : proto.outputs) {
    SavedObject& io = add(SavedObjectKind::kBehaviorIO, n);
    io.io.flags = behavior_io_flag::kOut;
    b.outputs.push_back(io.index);
  }
  std::vector<FileIndex> script_locals;
  // A pin and the local that feeds it (in the script's locals).
  auto pin_with_local = [&](const std::string& pin_name, const std::string& local_name, Guid type,
                            SavedParameterValue value) {
    SavedObject& local = add(SavedObjectKind::kLocal, local_name);
    local.parameter.type = type;
    local.parameter.value = std::move(value);
    const FileIndex local_index = local.index;
    script_locals.push_back(local_index);
    SavedObject& pin = add(SavedObjectKind::kParameterIn, pin_name);
    pin.parameter_in.type = type;
    pin.parameter_in.source = local_index;
    return pin.index;
  };
  for (const ParameterDeclaration& d : proto.input_params)
    b.in_params.push_back(pin_with_local(d.name, d.name, d.type, saved_value(d.default_value, d.type)));
  for (const ParameterDeclaration& d : proto.output_params) {
    SavedObject& out = add(SavedObjectKind::kParameterOut, d.name);
    out.parameter.type = d.type;
    out.parameter.value = saved_value(d.default_value, d.type);
    b.out_params.push_back(out.index);
  }
  for (const ParameterDeclaration& d : proto.locals) {
    SavedObject& local = add(SavedObjectKind::kLocal, d.name);
    local.parameter.type = d.type;
    local.parameter.value = saved_value(d.default_value, d.type);
    local.parameter.is_setting = d.is_setting;
    b.locals.push_back(local.index);
  }
  if (proto.behavior_flags & behavior_flag::kTargetable) {
    SavedParameterValue none = object_value(kNoObject);
    b.target = pin_with_local("Target", "Target", proto.target_type, none);
  }
  SavedObject& block = add(SavedObjectKind::kBehavior, name.empty() ? proto.name : name);
  block.behavior = std::move(b);
  const FileIndex index = block.index;
  parent_[index] = parent;
  behavior(parent).subs.push_back(index);
  SavedBehavior& s = behavior(script);
  s.locals.insert(s.locals.end(), script_locals.begin(), script_locals.end());
  return index;
}

FileIndex BehaviorGraphBuilder::add_unknown_block(FileIndex parent, const std::string& name, Guid guid,
                                                  const std::vector<std::string>& inputs,
                                                  const std::vector<std::string>& outputs) {
  BehaviorPrototype proto;
  proto.name = name;
  proto.guid = guid;
  proto.version = 0x00010000;
  proto.inputs = inputs;
  proto.outputs = outputs;
  return add_block(parent, proto, name);
}

FileIndex BehaviorGraphBuilder::add_link(FileIndex parent, FileIndex from, FileIndex to, int16_t delay) {
  behavior(parent);
  for (FileIndex io : {from, to})
    if (object(io).kind != SavedObjectKind::kBehaviorIO)
      throw Error("behaviour graph: a link joins IOs; object " + std::to_string(io) + " is not one");
  SavedObject& l = add(SavedObjectKind::kLink, "");
  l.link.delay = delay;
  l.link.initial_delay = delay;
  l.link.source = from;
  l.link.destination = to;
  const FileIndex index = l.index;
  behavior(parent).sub_links.push_back(index);
  return index;
}

FileIndex BehaviorGraphBuilder::find_io(FileIndex b, const std::string& name, bool input) const {
  const SavedObject& o = object(b);
  for (FileIndex i : input ? o.behavior.inputs : o.behavior.outputs)
    if (object(i).name == name) return i;
  throw Error("behaviour graph: '" + o.name + "' has no " + (input ? "input" : "output") + " '" + name + "'");
}

FileIndex BehaviorGraphBuilder::input(FileIndex b, const std::string& name) const { return find_io(b, name, true); }
FileIndex BehaviorGraphBuilder::output(FileIndex b, const std::string& name) const { return find_io(b, name, false); }

FileIndex BehaviorGraphBuilder::pin_local(FileIndex b, const std::string& pin) const {
  const SavedObject& o = object(b);
  std::vector<FileIndex> pins = o.behavior.in_params;
  if (o.behavior.target != kNoObject) pins.push_back(o.behavior.target);
  for (FileIndex i : pins) {
    const SavedObject& p = object(i);
    if (p.name != pin) continue;
    if (p.parameter_in.source == kNoObject || object(p.parameter_in.source).kind != SavedObjectKind::kLocal)
      throw Error("behaviour graph: '" + o.name + "'." + pin + " is not fed by a local");
    return p.parameter_in.source;
  }
  throw Error("behaviour graph: '" + o.name + "' has no input parameter '" + pin + "'");
}

void BehaviorGraphBuilder::set_input(FileIndex b, const std::string& pin, SavedParameterValue value) {
  object(pin_local(b, pin)).parameter.value = std::move(value);
}

void BehaviorGraphBuilder::set_local(FileIndex b, const std::string& local, SavedParameterValue value) {
  const SavedObject& o = object(b);
  for (FileIndex i : o.behavior.locals)
    if (object(i).name == local) {
      object(i).parameter.value = std::move(value);
      return;
    }
  throw Error("behaviour graph: '" + o.name + "' has no local parameter '" + local + "'");
}

void BehaviorGraphBuilder::set_target(FileIndex b, FileIndex target) {
  const SavedObject& o = object(b);
  if (o.behavior.target == kNoObject) throw Error("behaviour graph: '" + o.name + "' is not targetable");
  set_input(b, object(o.behavior.target).name, object_value(target));
}

void BehaviorGraphBuilder::connect(FileIndex b, const std::string& pin, FileIndex source, const std::string& output) {
  const FileIndex local = pin_local(b, pin);
  FileIndex out = kNoObject;
  for (FileIndex i : object(source).behavior.out_params)
    if (object(i).name == output) out = i;
  if (out == kNoObject)
    throw Error("behaviour graph: '" + object(source).name + "' has no output parameter '" + output + "'");
  for (FileIndex i : object(b).behavior.in_params)
    if (object(i).name == pin) object(i).parameter_in.source = out;
  // The local no longer feeds anything: it leaves the script's locals (it stays
  // in the file as an unlisted parameter, as the engine's undo would leave it).
  std::erase(behavior(script_of(b)).locals, local);
}

SavedParameterValue BehaviorGraphBuilder::float_value(float v) {
  SavedParameterValue s;
  s.form = SavedParameterValue::Form::kBytes;
  uint32_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  s.bytes = dword_bytes(bits);
  return s;
}

SavedParameterValue BehaviorGraphBuilder::int_value(int32_t v) {
  SavedParameterValue s;
  s.form = SavedParameterValue::Form::kBytes;
  s.bytes = dword_bytes(static_cast<uint32_t>(v));
  return s;
}

SavedParameterValue BehaviorGraphBuilder::object_value(FileIndex object) {
  SavedParameterValue s;
  s.form = SavedParameterValue::Form::kObject;
  s.object = object;
  return s;
}

SavedParameterValue BehaviorGraphBuilder::curve_value(const Curve2d& curve) {
  SavedParameterValue s;
  s.form = SavedParameterValue::Form::kCurve2d;
  s.curve = std::make_shared<Curve2d>(curve);
  return s;
}

SavedParameterValue BehaviorGraphBuilder::saved_value(const ParameterValue& value, Guid type) {
  SavedParameterValue s;
  ValueKind kind = value.kind() == ValueKind::kNone ? value_kind_of(type) : value.kind();
  switch (kind) {
    case ValueKind::kBytes:
      s.form = SavedParameterValue::Form::kBytes;
      for (size_t i = 0; i < value.size(); ++i) s.bytes.push_back(value.data()[i]);
      if (s.bytes.empty()) s.bytes = dword_bytes(0);
      break;
    case ValueKind::kObject: s = object_value(kNoObject); break;
    case ValueKind::kCurve2d: s = curve_value(value.curve2d() ? *value.curve2d() : Curve2d()); break;
    case ValueKind::kString:
      s.form = SavedParameterValue::Form::kString;
      s.text = value.string();
      break;
    case ValueKind::kNone: break;
  }
  return s;
}

}  // namespace retroanim::ck
