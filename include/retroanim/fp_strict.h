// Floating-point contraction guard for arithmetic defined in public headers.
//
// The library reproduces the originals' float rounding exactly, which needs
// every multiply and add rounded separately: no fused multiply-add. The
// library itself is compiled with -ffp-contract=off, but inline functions in
// its public headers are compiled again inside each user's program, with the
// user's flags (say -O3 -march=native -ffp-contract=fast, where GCC would fuse
// a*b + c into one FMA and change the last bit). Headers therefore wrap such
// functions in RETROANIM_FP_STRICT_BEGIN / RETROANIM_FP_STRICT_END:
//  - GCC: `#pragma GCC optimize("fp-contract=off")` for the functions inside
//    (users also get no-tree-slp-vectorize, see below). In the library
//    (already built with that flag) they inline as before, so its speed is
//    unchanged; in a user built with other flags GCC keeps them out of line,
//    compiled without contraction, so they return the library's bits. The
//    in-tree programs (tests, benchmarks, CLI) are built with the library's
//    flags and RETROANIM_LIBRARY_FLAGS, so they inline them as the library
//    does (a differing optimize set blocks inlining: quat_to_matrix out of
//    line made prepared sampling in bench_anim 1.3x slower).
//  - Clang: `#pragma clang fp contract(off)`, which Clang honours unless the
//    user passes -ffp-contract=fast (Clang's "fast" ignores pragmas); the
//    CMake target therefore adds -ffp-contract=on for Clang C++ users, under
//    which the pragma holds (retroanim-config.cmake, docs in README).
//  - MSVC does not contract under its default /fp:precise.
#pragma once

#if defined(__clang__)
#define RETROANIM_FP_STRICT_BEGIN _Pragma("float_control(push)") _Pragma("clang fp contract(off)")
#define RETROANIM_FP_STRICT_END _Pragma("float_control(pop)")
#elif defined(__GNUC__) && (defined(RETROANIM_BUILDING_LIBRARY) || defined(RETROANIM_LIBRARY_FLAGS))
// The library's own flags: the functions inline as they always did.
#define RETROANIM_FP_STRICT_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define RETROANIM_FP_STRICT_END _Pragma("GCC pop_options")
#elif defined(__GNUC__)
// Users: no contraction, and no SLP vectorisation, which GCC 12 at -O2/-O3
// with -march=native (AVX-512) was seen to break here: it fused a multiply
// and add into vfmsubadd despite fp-contract=off (Quat multiply), and kept a
// double where the code rounds to float (Frame::set_rotate).
#define RETROANIM_FP_STRICT_BEGIN \
  _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\", \"no-tree-slp-vectorize\")")
#define RETROANIM_FP_STRICT_END _Pragma("GCC pop_options")
#else
#define RETROANIM_FP_STRICT_BEGIN
#define RETROANIM_FP_STRICT_END
#endif
