/* Symbol export for the C API (include/retroanim/retroanim.h).
 *
 * The library is compiled with hidden visibility by default. On ELF platforms
 * (Linux, BSD) the C API carries visibility("default") and the C++ API is
 * exported through the declarations of its public headers (see
 * cmake/visibility.cmake); nothing else leaves the shared library. On Windows
 * the DLL exports the C API (__declspec(dllexport) while building, dllimport
 * for users); the C++ API is used through the static library there, whose
 * users define RETROANIM_STATIC (the CMake target and retroanim.pc do it). */
#ifndef RETROANIM_EXPORT_H
#define RETROANIM_EXPORT_H

#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(RETROANIM_BUILDING_LIBRARY)
#    define RETROANIM_C_API __declspec(dllexport)
#  elif defined(RETROANIM_STATIC)
#    define RETROANIM_C_API
#  else
#    define RETROANIM_C_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define RETROANIM_C_API __attribute__((visibility("default")))
#else
#  define RETROANIM_C_API
#endif

#endif /* RETROANIM_EXPORT_H */
