// Helpers the subcommands share (see commands.h): the --encoding option, dat
// id option values, names shown in text output, and output checks.
#include <cstdio>
#include <exception>
#include <ostream>
#include <string>

#include "commands.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::cli {

CLI::Option* add_encoding_option(CLI::App* cmd, uint32_t& code_page) {
  return cmd
      ->add_option("--encoding", code_page,
                   "Code page of the file's object names (default 1252; also 1250, 936 (GBK), 932 (Shift-JIS), ...)")
      ->type_name("CP");
}

ck::io::ReadOptions read_options(uint32_t code_page) {
  if (!retroanim::io::code_page_supported(code_page))
    throw Error("--encoding: code page " + std::to_string(code_page) + " is not supported here");
  ck::io::ReadOptions options;
  options.name_code_page = code_page;
  return options;
}

uint32_t parse_dat_id(const std::string& text, const char* option) {
  size_t used = 0;
  unsigned long long v = 0;
  try {
    v = std::stoull(text, &used, 0);
  } catch (const std::exception&) {
    used = 0;
  }
  // stoull takes a sign (and wraps a negative value): an id has none.
  if (text.empty() || used != text.size() || v > 0xFFFFFFFFull || text[0] == '-')
    throw Error(std::string(option) + ": '" + text + "' is not a 32-bit id (decimal or 0x hex)");
  return static_cast<uint32_t>(v);
}

std::string shown(const std::string& name) { return retroanim::io::escape_controls(name); }

void check_written(std::ostream& stream, const std::string& path) {
  stream.flush();
  if (!stream) throw OutputError(describe_error(path, "", std::nullopt, "cannot write the output file"));
}

}  // namespace retroanim::cli

namespace retroanim::cli {

std::string fixed(double v, int width, int precision) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%*.*f", width, precision, v);
  std::string s(buf);
  // A value that rounds to zero prints as 0, never -0.
  const size_t minus = s.find('-');
  if (minus != std::string::npos && s.find_first_of("123456789") == std::string::npos) {
    s.erase(minus, 1);
    if (static_cast<int>(s.size()) < width) s.insert(s.begin(), ' ');
  }
  return s;
}

}  // namespace retroanim::cli
