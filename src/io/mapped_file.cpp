// MappedFile (mapped_file.h): Win32 file mapping, POSIX mmap, or a read into memory.
#include "io/mapped_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "retroanim/error.h"

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#elif defined(__unix__) || defined(__APPLE__)
#define RETROANIM_HAVE_MMAP 1
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace retroanim::io {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw Error(describe_error(path, "", std::nullopt, what));
}

#if defined(_WIN32)
std::wstring widen(const std::string& path) {
  if (path.empty()) return {};
  int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path.data(), static_cast<int>(path.size()), nullptr, 0);
  if (n <= 0) fail(path, "cannot open: the path is not valid UTF-8");
  std::wstring w(static_cast<size_t>(n), L'\0');
  MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path.data(), static_cast<int>(path.size()), w.data(), n);
  return w;
}

std::string win32_message(DWORD code) {
  // The common cases in the C library's words, as on POSIX.
  if (code == ERROR_FILE_NOT_FOUND || code == ERROR_PATH_NOT_FOUND) return std::strerror(ENOENT);
  if (code == ERROR_ACCESS_DENIED) return std::strerror(EACCES);
  char buf[256] = {};
  DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, code, 0, buf,
                           sizeof buf, nullptr);
  while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == '.')) buf[--n] = '\0';
  return n > 0 ? std::string(buf) : "error " + std::to_string(code);
}
#endif

// The fallback: the whole file read into `out` through stdio.
void read_whole(const std::string& path, std::vector<uint8_t>& out) {
#if defined(_WIN32)
  FILE* f = _wfopen(widen(path).c_str(), L"rb");
#else
  FILE* f = std::fopen(path.c_str(), "rb");
#endif
  if (f == nullptr) fail(path, std::string("cannot open: ") + std::strerror(errno));
  uint8_t buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.insert(out.end(), buf, buf + n);
  bool bad = std::ferror(f) != 0;
  std::fclose(f);
  if (bad) fail(path, "cannot read: I/O error");
}

}  // namespace

MappedFile::MappedFile(MappedFile&& other) noexcept { *this = std::move(other); }

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    release();
    owned_ = std::move(other.owned_);
    map_ = std::exchange(other.map_, nullptr);
    size_ = std::exchange(other.size_, 0);
    data_ = map_ != nullptr ? std::exchange(other.data_, nullptr) : owned_.data();
    other.data_ = nullptr;
  }
  return *this;
}

MappedFile::~MappedFile() { release(); }

void MappedFile::release() noexcept {
  if (map_ != nullptr) {
#if defined(_WIN32)
    UnmapViewOfFile(map_);
#elif defined(RETROANIM_HAVE_MMAP)
    munmap(map_, size_);
#endif
  }
  map_ = nullptr;
  data_ = nullptr;
  size_ = 0;
  owned_.clear();
}

MappedFile MappedFile::open(const std::string& path) {
  MappedFile m;
#if defined(_WIN32)
  HANDLE file = CreateFileW(widen(path).c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                            FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE) fail(path, "cannot open: " + win32_message(GetLastError()));
  LARGE_INTEGER size{};
  if (!GetFileSizeEx(file, &size)) {
    DWORD err = GetLastError();
    CloseHandle(file);
    fail(path, "cannot stat: " + win32_message(err));
  }
  if (size.QuadPart > 0) {
    HANDLE mapping = CreateFileMappingW(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
    void* view = mapping != nullptr ? MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0) : nullptr;
    if (mapping != nullptr) CloseHandle(mapping);  // the view keeps the mapping alive
    if (view != nullptr) {
      m.map_ = view;
      m.size_ = static_cast<size_t>(size.QuadPart);
      m.data_ = static_cast<const uint8_t*>(view);
    }
  }
  CloseHandle(file);
  if (m.map_ != nullptr || size.QuadPart == 0) return m;
#elif defined(RETROANIM_HAVE_MMAP)
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    fail(path, std::string("cannot stat: ") + std::strerror(err));
  }
  const size_t size = static_cast<size_t>(st.st_size);
  if (size > 0) {
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      m.map_ = p;
      m.size_ = size;
      m.data_ = static_cast<const uint8_t*>(p);
    }
  }
  ::close(fd);
  if (m.map_ != nullptr || size == 0) return m;
#endif
  // No mapping on this platform, or it failed (a pipe, a special file): read it.
  read_whole(path, m.owned_);
  m.size_ = m.owned_.size();
  m.data_ = m.owned_.data();
  return m;
}

}  // namespace retroanim::io
