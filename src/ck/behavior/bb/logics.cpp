// The Logics blocks of the menu scripts (sources: doyaGu/CKBuildingBlocks
// Logics/Behaviors/DoOp.cpp, Test.cpp, ParameterSelector.cpp, sequencer.cpp,
// CreateString.cpp, SwitchOnMessage.cpp, Random.cpp, TimerMini.cpp,
// ArrayGetElement.cpp, ArrayGetLine.cpp + ArrayGeneralFunctions.cpp, AddToGroup.cpp).
#include <cstdio>
#include <cstring>
#include <string>

#include "ck/behavior/bb/block_common.h"
#include "retroanim/ck/behavior/bb/script_blocks.h"
#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/behavior/data_array.h"
#include "retroanim/ck/behavior/parameter_operation.h"

namespace retroanim::ck::bb {

namespace {

using namespace param_guid;

ParameterValue string_value(const std::string& s) {
  ParameterValue v;
  v.set_string(s);
  return v;
}

// CKParameterManager::IsDerivedFrom(type, CKPGUID_FLOAT) for the types retroanim knows.
bool float_like(Guid t) { return t == kFloat || t == kTime || t == kPercentage || t == kAngle; }

// Splits a printf format into (prefix, one conversion, suffix); false unless
// it holds exactly one conversion (besides %%) made of flags, width,
// precision and a conversion character in `allowed`.
bool one_conversion(const std::string& f, const char* allowed) {
  int conversions = 0;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') continue;
    if (i + 1 < f.size() && f[i + 1] == '%') {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < f.size() && std::strchr("-+ #0", f[j])) ++j;
    while (j < f.size() && f[j] >= '0' && f[j] <= '9') ++j;
    if (j < f.size() && f[j] == '.') {
      ++j;
      while (j < f.size() && f[j] >= '0' && f[j] <= '9') ++j;
    }
    if (j >= f.size() || !std::strchr(allowed, f[j])) return false;
    if (j - i > 12) return false;  // no width or precision beyond what a small buffer holds
    ++conversions;
    i = j;
  }
  return conversions == 1 && f.size() < 256;
}

template <class T>
std::string apply(const std::string& format, T v) {
  int n = std::snprintf(nullptr, 0, format.c_str(), v);
  if (n <= 0) return {};
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), format.c_str(), v);
  out.resize(static_cast<size_t>(n));
  return out;
}

const DataArray* target_array(const Behavior& b) {
  const ObjectRef* t = b.target();
  return t ? t->data_array : nullptr;
}

// One cell written into an output parameter as ArrayGetElement /
// WriteOutputParameters do: by the column's type, only into a pout of the
// matching type (a parameter cell is copied whatever the types).
void write_cell(const DataArrayColumn& col, const ArrayCell& cell, Parameter& pout) {
  switch (col.type) {
    case ArrayColumnType::kInt:
      if (pout.type == kInt) pout.set_bytes(&cell.int_value, sizeof cell.int_value);
      break;
    case ArrayColumnType::kFloat:
      if (pout.type == kFloat) pout.set_bytes(&cell.float_value, sizeof cell.float_value);
      break;
    case ArrayColumnType::kString:
      if (pout.type == kString) {
        pout.value.set_string(cell.text);
        pout.data_changed();
      }
      break;
    case ArrayColumnType::kObject:
      if (uint32_t cid = class_of_parameter_type(pout.type)) {
        // CKIsChildClassOf(obj, cid): retroanim checks the exact class or the
        // generic Object / BeObject types only (G).
        bool fits = !cell.object.null() && (cell.object.class_id == cid || cid == class_id::kObject ||
                                              cid == class_id::kBeObject);
        pout.value.set_object(fits ? cell.object : ObjectRef{});
        pout.data_changed();
      }
      break;
    case ArrayColumnType::kParameter:
      if (cell.parameter) pout.copy_value_from(*cell.parameter);
      break;
  }
}

}  // namespace

std::string format_int(const std::string& format, int32_t v) {
  if (!one_conversion(format, "diouxXc")) return std::to_string(v);
  return apply(format, v);
}

std::string format_float(const std::string& format, float v) {
  if (!one_conversion(format, "eEfgG")) return apply("%g", static_cast<double>(v));
  return apply(format, static_cast<double>(v));
}

std::string format_text(const std::string& format, const std::string& text) {
  if (format.empty() || format.back() != 's' || !one_conversion(format, "s")) return text;
  return apply(format, text.c_str());
}

// DoOpera (Logics/Calculator "Op"): the operation whose GUID the block keeps
// in its locals 1 and 2, looked up by the pins' types (then with the operands
// swapped), as DoOperaCallBack does on load; retroanim looks it up on each
// run (same result). Out always fires.
int op(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  Guid operation{static_cast<uint32_t>(b.local_int(1, 0)), static_cast<uint32_t>(b.local_int(2, 0))};
  Guid t1 = b.input_type(0), t2 = b.input_type(1);
  Parameter* res = b.output_param(0);
  Guid tr = res ? res->type : Guid{};
  bool swap = false;
  OperationFunction f = find_operation(operation, tr, t1, t2);
  if (!f) {
    f = find_operation(operation, tr, t2, t1);
    swap = true;
  }
  if (f && res) {
    const Parameter* p1 = b.input_source(0);
    const Parameter* p2 = b.input_source(1);
    if (swap) std::swap(p1, p2);
    f(ctx.manager, *res, p1, p2);
  } else if (ctx.manager) {
    ctx.manager->report_once(b, "runs parameter operation " + guid_text(operation) + " (" + param_type_name(tr) +
                                    " = " + param_type_name(t1) + ", " + param_type_name(t2) +
                                    "), which is not implemented: its result is not computed");
  }
  return done(b);
}

// Test (Logics/Test): A op B on floats (integers and booleans converted), or
// on strings when either pin is a String; an operator of 0 or less fires nothing.
int test(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  b.activate_input(0, false);
  int32_t opr = b.input_int(0, comp_operator::kEqual);
  float val[2] = {0.0f, 0.0f};
  std::string str[2];
  bool strings = false;
  for (int a = 0; a < 2; ++a) {
    Guid t = b.input_type(a + 1);
    if (float_like(t)) {
      val[a] = b.input_float(a + 1, 0.0f);
    } else if (t == kString) {
      str[a] = b.input_string(a + 1);
      strings = true;
    } else {
      int32_t i = b.input_int(a + 1, 0);
      val[a] = t == kBool ? (i ? 1.0f : 0.0f) : static_cast<float>(i);
    }
  }
  if (opr > 0 && opr <= comp_operator::kGreaterEqual) {
    int c = strings ? std::strcmp(str[0].c_str(), str[1].c_str()) : 0;
    bool k = false;
    switch (opr) {
      case comp_operator::kEqual: k = strings ? c == 0 : val[0] == val[1]; break;
      case comp_operator::kNotEqual: k = strings ? c != 0 : val[0] != val[1]; break;
      case comp_operator::kLess: k = strings ? c < 0 : val[0] < val[1]; break;
      case comp_operator::kLessEqual: k = strings ? c <= 0 : val[0] <= val[1]; break;
      case comp_operator::kGreater: k = strings ? c > 0 : val[0] > val[1]; break;
      default: k = strings ? c >= 0 : val[0] >= val[1]; break;
    }
    b.activate_output(k ? 0 : 1);
  }
  return behavior_return::kOk;
}

// ParameterSelector: the first active input i copies pin i's source into
// Selected; Out fires in any case.
int parameter_selector(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  Parameter* pout = b.output_param(0);
  for (int i = 0; i < static_cast<int>(b.inputs.size()); ++i) {
    if (!b.is_input_active(i)) continue;
    b.activate_input(i, false);
    const Parameter* real = b.input_source(i);
    if (pout && real) pout->copy_value_from(*real);
    break;
  }
  b.activate_output(0);
  return behavior_return::kOk;
}

// Sequencer2: In fires the next of outputs 1..n-1 (Current counts from -1
// after Reset, wrapping to 0); Reset sets Current to -1 and fires Exit Reset.
int sequencer(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  if (b.is_input_active(1)) {
    b.activate_input(1, false);
    int32_t current = 0;
    if (Parameter* p = b.output_param(0)) p->value.copy_to(&current, sizeof current);
    ++current;
    if (current >= static_cast<int32_t>(b.outputs.size()) - 1) current = 0;
    b.set_output_int(0, current);
    b.activate_output(current + 1);
  }
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    b.set_output_int(0, -1);
    b.activate_output(0, true);
  }
  return behavior_return::kOk;
}

// CreateString: pins 1.. joined with the Delimiter, each through its format
// setting (local i-1); Create sets Text, Add Line appends a line, Clear empties it.
int create_string(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  if (b.version < 0x00020000) b.activate_output(0);
  std::string delim = b.input_string(0);
  Parameter* text = b.output_param(0);
  if (b.is_input_active(2)) {
    b.activate_input(2, false);
    b.activate_output(2);
    b.set_output_string(0, "");
    if (!b.is_input_active(0) && !b.is_input_active(1)) return behavior_return::kOk;
  }
  std::string buffer;
  for (int i = 1; i < static_cast<int>(b.input_params.size()); ++i) {
    const Parameter* src = b.input_source(i);
    if (!src) continue;
    std::string format;
    if (i - 1 < static_cast<int>(b.local_params.size()) && b.local_params[i - 1] &&
        b.local_params[i - 1]->value.kind() == ValueKind::kString)
      format = b.local_params[i - 1]->value.string();
    std::string piece;
    if (!format.empty()) {
      if (src->type == kInt) piece = format_int(format, src->value.as_int());
      else if (src->type == kFloat) piece = format_float(format, src->value.as_float());
      else piece = format_text(format, parameter_text(*src));
    } else {
      piece = parameter_text(*src);
    }
    if (i != 1) buffer += delim;
    buffer += piece;
  }
  if (b.is_input_active(0)) {
    in_to_out(b);
    b.set_output_string(0, buffer);
  } else if (b.is_input_active(1)) {
    b.activate_input(1, false);
    b.activate_output(1);
    std::string old = text && text->value.kind() == ValueKind::kString ? text->value.string() : std::string();
    b.set_output_string(0, (b.local_params.empty() || !old.empty()) ? old + "\n" + buffer : buffer);
  }
  return behavior_return::kOk;
}

// SwitchOnMessage: while on, fires Received i for each message of type pin i
// the owner received last frame. retroanim sends no messages to these
// objects (no Send Message block runs in the scenarios), so nothing fires;
// turning it on is recorded as an event.
int switch_on_message(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  if (b.is_input_active(1)) {
    b.activate_input(1, false);
    return behavior_return::kOk;
  }
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    if (ctx.manager) {
      std::string types;
      for (int i = 0; i < static_cast<int>(b.input_params.size()); ++i)
        types += (i ? ", " : "") + std::to_string(b.input_int(i, -1));
      ctx.manager->record_event(b, "waiting for messages of types " + types);
    }
  }
  return behavior_return::kActivateNextFrame;
}

// Random: Rand = Min + rand() * (Max - Min) / RAND_MAX for float types (Time
// included), integers and vectors; a boolean takes rand() & 1. Pins of
// another type than Rand leave it unchanged. Out fires first.
int random(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  in_to_out(b);
  Parameter* pout = b.output_param(0);
  if (!pout || !ctx.manager) return behavior_return::kOk;
  BehaviorManager& m = *ctx.manager;
  constexpr int kRandMax = 0x7fff;
  Guid g = pout->type;
  auto pins_match = [&] { return b.input_type(0) == g && b.input_type(1) == g; };
  if (float_like(g)) {
    if (!pins_match()) return behavior_return::kOk;
    float mn = b.input_float(0, 0.0f), mx = b.input_float(1, 0.0f);
    float res = mn + static_cast<float>(m.rand()) * (mx - mn) / static_cast<float>(kRandMax);
    pout->set_bytes(&res, sizeof res);
  } else if (g == kInt) {
    if (!pins_match()) return behavior_return::kOk;
    int32_t mn = b.input_int(0, 0), mx = b.input_int(1, 0);
    int64_t res = mn + static_cast<int64_t>(m.rand()) * (static_cast<int64_t>(mx) - mn) / kRandMax;
    int32_t r = static_cast<int32_t>(res);
    pout->set_bytes(&r, sizeof r);
  } else if (g == kVector) {
    if (!pins_match()) return behavior_return::kOk;
    math::Vec3 mn = b.input_vector(0, {}), mx = b.input_vector(1, {});
    math::Vec3 r;
    r.x = mn.x + static_cast<float>(m.rand()) * (mx.x - mn.x) / static_cast<float>(kRandMax);
    r.y = mn.y + static_cast<float>(m.rand()) * (mx.y - mn.y) / static_cast<float>(kRandMax);
    r.z = mn.z + static_cast<float>(m.rand()) * (mx.z - mn.z) / static_cast<float>(kRandMax);
    pout->value.set_vector(r);
    pout->data_changed();
  } else if (g == kBool) {
    int32_t r = m.rand() & 1;
    pout->set_bytes(&r, sizeof r);
  }
  return behavior_return::kOk;
}

// TimerMini ("Delayer"): counts Elapsed Time up by DeltaTime from In; Out
// fires (and the block stops) once it reaches Time to Wait.
int delayer(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  float old_elapsed = 0.0f;
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    b.set_output_float(0, old_elapsed);
  }
  float maxcount = b.input_float(0, 0.0f);
  old_elapsed = b.output_float(0, 0.0f);
  float elapsed = old_elapsed + ctx.delta_ms;
  b.set_output_float(0, elapsed);
  if (elapsed >= maxcount) {
    b.activate_output(0);
    return behavior_return::kOk;
  }
  return behavior_return::kActivateNextFrame;
}

// ArrayGetElement ("Get Cell"): the target array's cell (Row Index, Column
// Index) into Cell Value; Found or Not Found. No array: CKBR_OWNERERROR.
int get_cell(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const DataArray* array = target_array(b);
  if (!array) return behavior_return::kOwnerError;
  int32_t line = b.input_int(0, 0), column = b.input_int(1, 0);
  const ArrayCell* e = array->element(line, column);
  if (!e) {
    b.activate_input(0, false);
    b.activate_output(1);
    return behavior_return::kOk;
  }
  if (Parameter* pout = b.output_param(0)) write_cell(array->columns[static_cast<size_t>(column)], *e, *pout);
  return done(b);
}

// ArrayGetLine ("Get Row"): the target array's row into the outputs, one
// per column (WriteOutputParameters); Found or Not Found. No array: CKBR_OWNERERROR.
int get_row(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const DataArray* array = target_array(b);
  if (!array) return behavior_return::kOwnerError;
  const std::vector<ArrayCell>* row = array->row(b.input_int(0, 0));
  if (!row) {
    b.activate_input(0, false);
    b.activate_output(1);
    return behavior_return::kOk;
  }
  for (size_t i = 0; i < array->columns.size() && i < row->size(); ++i)
    if (Parameter* pout = b.output_param(static_cast<int>(i))) write_cell(array->columns[i], (*row)[i], *pout);
  return done(b);
}

// AddToGroup: the target joins the Group (recorded as an event: retroanim
// keeps no groups). No group: CKBR_PARAMETERERROR.
int add_to_group(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const ObjectRef* group = b.input_object(0);
  if (!group) return behavior_return::kParameterError;
  const ObjectRef* o = b.target();
  if (ctx.manager) ctx.manager->record_event(b, "add '" + (o ? o->name : std::string()) + "' to group '" + group->name + "'");
  return done(b);
}

std::vector<BehaviorPrototype> logic_prototypes() {
  std::vector<BehaviorPrototype> v;
  {
    BehaviorPrototype p = proto("Op", kOpGuid, 0x00020000, {"In"}, {"Out"}, op);
    p.input_params = {{"p1", kFloat, float_value(0), false}, {"p2", kFloat, float_value(0), false}};
    p.output_params = {{"res", kFloat, float_value(0), false}};
    ParameterValue buf;
    buf.set_bytes("\0\0\0\0\0\0\0\0", 8);
    p.locals = {{"", kVoidBuf, buf, true}, {"", kInt, int_value(0), false}, {"", kInt, int_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Test", kTestGuid, 0x00010000, {"In"}, {"True", "False"}, test);
    p.input_params = {{"Test", kCompOperator, int_value(comp_operator::kEqual), false},
                      {"A", kFloat, float_value(0), false},
                      {"B", kFloat, float_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Parameter Selector", kParameterSelectorGuid, 0x00010000, {"In 0", "In 1"}, {"Out"},
                                parameter_selector);
    p.input_params = {{"pIn 0", kFloat, float_value(0), false}, {"pIn 1", kFloat, float_value(0), false}};
    p.output_params = {{"Selected", kFloat, float_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Sequencer", kSequencerGuid, 0x00020000, {"Reset", "In"}, {"Exit Reset", "Out 1"},
                                sequencer);
    p.output_params = {{"Current", kInt, int_value(-1), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Create String", kCreateStringGuid, 0x00020000, {"Create", "Add Line", "Clear"},
                                {"Create Out", "Add Line Out", "Clear Out"}, create_string);
    p.input_params = {{"Delimiter", kString, string_value(""), false}};
    p.output_params = {{"Text", kString, string_value(""), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Switch On Message", kSwitchOnMessageGuid, 0x00010000, {"On", "Off"},
                                {"Received 0", "Received 1"}, switch_on_message);
    p.input_params = {{"Message 0", kMessage, int_value(0), false}, {"Message 1", kMessage, int_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Random", kRandomGuid, 0x00010000, {"In"}, {"Out"}, random);
    p.input_params = {{"Min", kFloat, float_value(0), false}, {"Max", kFloat, float_value(0), false}};
    p.output_params = {{"Rand", kFloat, float_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Delayer", kDelayerGuid, 0x00010000, {"In"}, {"Out"}, delayer);
    p.input_params = {{"Time to Wait", kTime, float_value(3000.0f), false}};
    p.output_params = {{"Elapsed Time", kTime, float_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Get Cell", kGetCellGuid, 0x00010000, {"In"}, {"Found", "Not Found"}, get_cell, true,
                                class_id::kDataArray, kDataArray);
    p.input_params = {{"Row Index", kInt, int_value(0), false}, {"Column Index", kInt, int_value(0), false}};
    p.output_params = {{"Cell Value", kInt, int_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Get Row", kGetRowGuid, 0x00010000, {"In"}, {"Found", "Not Found"}, get_row, true,
                                class_id::kDataArray, kDataArray);
    p.input_params = {{"Row Index", kInt, int_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Add To Group", kAddToGroupGuid, 0x00010000, {"In"}, {"Out"}, add_to_group, true);
    p.input_params = {{"Group", kGroup, {}, false}};
    v.push_back(p);
  }
  return v;
}

}  // namespace retroanim::ck::bb
