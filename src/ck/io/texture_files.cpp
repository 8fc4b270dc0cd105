#include "retroanim/ck/io/texture_files.h"

#include <filesystem>
#include <system_error>

#include "retroanim/ck/io/bitmap_data_io.h"
#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

namespace retroanim::ck::io {

namespace fs = std::filesystem;

namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// The entry of `dir` named `name` ignoring ASCII case (an exact match first).
std::optional<fs::path> entry_named(const fs::path& dir, std::string_view name) {
  if (name.empty() || name == "." ) return dir;
  if (name == "..") return dir / "..";
  std::error_code ec;
  fs::path exact = dir / retroanim::io::utf8_path(name);
  if (fs::exists(exact, ec)) return exact;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (same_name(retroanim::io::utf8_string(it->path().filename()), name)) return it->path();
  }
  return std::nullopt;
}

// The components of a stored name, split at '\\' and '/'.
std::vector<std::string> components(std::string_view name) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : name) {
    if (c == '\\' || c == '/') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::optional<fs::path> walk(const fs::path& dir, const std::vector<std::string>& parts) {
  fs::path p = dir;
  for (const std::string& c : parts) {
    auto next = entry_named(p, c);
    if (!next) return std::nullopt;
    p = *next;
  }
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return std::nullopt;
  return p;
}

}  // namespace

std::vector<std::string> texture_search_dirs(const std::string& scene_path, const std::vector<std::string>& extra) {
  std::vector<std::string> dirs = extra;
  fs::path here = retroanim::io::utf8_path(scene_path).parent_path();
  if (here.empty()) here = ".";
  dirs.push_back(retroanim::io::utf8_string(here));
  for (const fs::path& up : {here, here / "..", here / ".." / ".."}) {
    auto textures = entry_named(up, "Textures");
    if (!textures || !is_dir(*textures)) continue;
    dirs.push_back(retroanim::io::utf8_string(*textures));
    std::error_code ec;
    for (fs::directory_iterator it(*textures, ec), end; !ec && it != end; it.increment(ec)) {
      if (is_dir(it->path())) dirs.push_back(retroanim::io::utf8_string(it->path()));
    }
  }
  return dirs;
}

std::optional<std::string> find_texture_file(std::string_view file_name, const std::vector<std::string>& dirs) {
  std::vector<std::string> parts = components(file_name);
  if (parts.empty()) return std::nullopt;
  // A drive letter ("C:") cannot be followed here: the name is then tried by its last component.
  const bool drive = parts.size() > 1 && parts[0].size() == 2 && parts[0][1] == ':';
  for (const std::string& d : dirs) {
    fs::path dir = retroanim::io::utf8_path(d);
    if (!is_dir(dir)) continue;
    if (!drive) {
      if (auto p = walk(dir, parts)) return retroanim::io::utf8_string(*p);
    }
    if (parts.size() > 1) {
      if (auto p = walk(dir, {parts.back()})) return retroanim::io::utf8_string(*p);
    }
  }
  return std::nullopt;
}

namespace {

const TextureSlot* current_slot(const Texture& t) {
  if (t.slots.empty()) return nullptr;
  return &t.slots[t.current_slot < t.slots.size() ? t.current_slot : 0];
}

std::string extension_of(std::string_view name) {
  size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return "";
  std::string e;
  for (char c : name.substr(dot + 1)) e += lower(c);
  return e;
}

}  // namespace

TextureImageSource resolve_texture(const Texture& t, const std::vector<std::string>& dirs) {
  TextureImageSource src;
  const TextureSlot* s = current_slot(t);
  if (!s) return src;
  src.file_name = s->file_name;
  if (s->source == TextureSource::kRawPixels) {
    src.kind = TextureImageSource::Kind::kEmbedded;
    src.format = "raw";
    return src;
  }
  if (s->source == TextureSource::kImageFile && !s->image.empty()) {
    src.kind = TextureImageSource::Kind::kEmbedded;
    src.format = s->format;
    return src;
  }
  if (s->file_name.empty()) return src;
  src.format = extension_of(s->file_name);
  if (auto p = find_texture_file(s->file_name, dirs)) {
    src.kind = TextureImageSource::Kind::kFile;
    src.path = *p;
  } else {
    src.kind = TextureImageSource::Kind::kMissing;
  }
  return src;
}

std::optional<retroanim::io::Image> load_texture_image(const Texture& t, const std::vector<std::string>& dirs,
                                                       const std::string& where) {
  TextureImageSource src = resolve_texture(t, dirs);
  switch (src.kind) {
    case TextureImageSource::Kind::kEmbedded:
      return decode_texture_slot(*current_slot(t), where);
    case TextureImageSource::Kind::kFile: {
      std::vector<uint8_t> bytes = read_file_bytes(src.path);
      return retroanim::io::decode_image(bytes, src.path);
    }
    default:
      return std::nullopt;
  }
}

}  // namespace retroanim::ck::io
