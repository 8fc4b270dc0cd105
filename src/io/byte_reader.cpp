// The failure paths of io::ByteReader, kept out of line (see byte_reader.h).
#include "retroanim/io/byte_reader.h"

namespace retroanim::io {

void ByteReader::fail_at(size_t offset, const std::string& what) const {
  throw Error(describe_error(file_, object_, base_ + offset, what));
}

void ByteReader::fail_truncated(size_t n, const char* what) const {
  fail("truncated " + std::string(what) + ": needs " + std::to_string(n) + " bytes, " +
       std::to_string(remaining()) + " left");
}

void ByteReader::fail_count(uint64_t count, const char* what) const {
  fail(std::string(what) + " count " + std::to_string(count) + " needs more than the " +
       std::to_string(remaining()) + " bytes left");
}

}  // namespace retroanim::io
