#include "harness/ck/scenario_context.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "retroanim/ck/behavior/bb/script_blocks.h"
#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/data_array.h"
#include "retroanim/ck/scene/guid.h"
#include "retroanim/ck/behavior/parameter_operation.h"
#include "retroanim/io/file_path.h"

namespace retroanim::ck {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Collects the Get Object By Name uses of a script's graph (names_got_by).
struct NameWalk {
  std::vector<NameReference> out;
  std::unordered_set<const void*> seen;
  std::vector<Behavior*> scripts;  // scripts named by parameters, walked after

  void add(const std::string& name, uint32_t cls, const Behavior& block, const std::string& script) {
    if (name.empty()) return;
    for (const NameReference& r : out)
      if (r.name == name && r.class_id == cls) return;
    out.push_back({name, cls, block.name, script});
  }

  static std::string string_of(const Parameter* p) {
    return p && p->value.kind() == ValueKind::kString ? p->value.string() : std::string();
  }

  void parameter(const Parameter* p, const Behavior& block, const std::string& script, int depth) {
    if (!p || depth > 64 || !seen.insert(p).second) return;
    if (p->value.kind() == ValueKind::kObject && p->value.object().script) scripts.push_back(p->value.object().script);
    const ParameterOperation* op = p->operation;
    if (!op) return;
    const Parameter* a = op->in1 ? op->in1->real_source() : nullptr;
    const Parameter* b = op->in2 ? op->in2->real_source() : nullptr;
    if (op->operation == op_guid::kGetObjectByName && op->out) add(string_of(a), class_of_parameter_type(op->out->type), block, script);
    parameter(a, block, script, depth + 1);
    parameter(b, block, script, depth + 1);
  }

  void behavior(Behavior* b, const std::string& script, int depth) {
    if (!b || depth > 64 || !seen.insert(b).second) return;
    // An Op block running Get Object By Name (its operation GUID in locals 1 and 2).
    if (b->prototype_guid == bb::kOpGuid) {
      Guid operation{static_cast<uint32_t>(b->local_int(1, 0)), static_cast<uint32_t>(b->local_int(2, 0))};
      const Parameter* res = b->output_param(0);
      if (operation == op_guid::kGetObjectByName && res)
        add(string_of(b->input_source(0)), class_of_parameter_type(res->type), *b, script);
    }
    for (ParameterIn* pin : b->input_params)
      if (pin) parameter(pin->real_source(), *b, script, 0);
    for (Parameter* local : b->local_params) parameter(local, *b, script, 0);
    for (Behavior* s : b->sub_behaviors) behavior(s, script, depth + 1);
  }
};

}  // namespace

std::vector<NameReference> names_got_by(Behavior& script) {
  NameWalk w;
  w.behavior(&script, script.name, 0);
  // The scripts the parameters name (Activate Script), breadth first.
  for (size_t i = 0; i < w.scripts.size() && i < 4096; ++i) w.behavior(w.scripts[i], w.scripts[i]->name, 0);
  return std::move(w.out);
}

namespace {

// A regular file named `name` (case ignored) in `dir`; empty when none.
fs::path find_in_dir(const fs::path& dir, const std::string& name) {
  std::error_code ec;
  fs::path exact = dir / retroanim::io::utf8_path(name);
  if (fs::is_regular_file(exact, ec)) return exact;
  const std::string want = lower(name);
  for (fs::directory_iterator it(dir.empty() ? fs::path(".") : dir, ec), end; !ec && it != end; it.increment(ec))
    if (lower(retroanim::io::utf8_string(it->path().filename())) == want && it->is_regular_file(ec)) return it->path();
  return {};
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec);
}

}  // namespace

fs::path find_base_composition(const fs::path& played) {
  const fs::path dir = played.parent_path();
  for (const fs::path& d : {dir, dir.empty() ? fs::path("..") : dir.parent_path()}) {
    fs::path base = find_in_dir(d, "base.cmo");
    if (!base.empty()) return same_file(base, played) ? fs::path() : base;
  }
  return {};
}

std::vector<GameFile> main_loading_files(const DataArray& main_loading, const fs::path& base_dir,
                                         const fs::path& played_dir) {
  std::vector<GameFile> out;
  for (const std::vector<ArrayCell>& row : main_loading.rows) {
    if (row.size() < 2 || row[1].text.empty()) continue;
    GameFile f;
    f.listed = row[1].text;
    std::string folder = row[0].text;
    std::replace(folder.begin(), folder.end(), '\\', '/');
    while (!folder.empty() && folder.back() == '/') folder.pop_back();
    fs::path in_install = folder.empty() ? base_dir : base_dir / retroanim::io::utf8_path(folder);
    f.path = find_in_dir(in_install, f.listed);
    if (f.path.empty()) f.path = find_in_dir(played_dir, f.listed);
    out.push_back(std::move(f));
  }
  return out;
}

std::string usual_supplier(const std::string& name) {
  static const std::pair<const char*, const char*> known[] = {
      {"GameSettings", "base.cmo"}, {"AllLevel", "Levelinit.nmo"}, {"Light_Ingame", "Gameplay.nmo"}};
  for (const auto& [n, file] : known)
    if (name == n) return file;
  return {};
}

}  // namespace retroanim::ck
