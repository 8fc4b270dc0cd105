// Package test: the public headers' inline arithmetic, compiled into this
// program with the user's flags, must give the library's bits. Built twice
// (CMakeLists.txt): with the flags given and with -O0 -ffp-contract=off; the
// outputs are compared. Inputs come from a run-time generator so that nothing
// is folded at compile time.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/math/frame.h"
#include "retroanim/math/hermite.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/rotation.h"
#include "retroanim/math/vec2.h"
#include "retroanim/math/vec3.h"

namespace {

// Inputs built without float arithmetic that this program's own flags could
// contract: an integer scaled by a power of two (exact).
uint32_t state = 0;
uint32_t bits() {
  state = state * 1664525u + 1013904223u;
  return state >> 8;  // 24 bits
}
float signed_unit() { return static_cast<float>(static_cast<int32_t>(bits()) - (1 << 23)) * 0x1p-23f; }  // [-1, 1)
float unit() { return static_cast<float>(bits()) * 0x1p-24f; }                                              // [0, 1)
float wide() { return static_cast<float>(static_cast<int32_t>(bits()) - (1 << 23)) * 0x1p-17f; }        // [-64, 64)
retroanim::math::Vec3 vec() { return {wide(), wide(), wide()}; }
retroanim::math::Quat quat() {
  return retroanim::math::normalize(retroanim::math::Quat{signed_unit(), signed_unit(), signed_unit(), signed_unit()});
}
void put(float f) { std::printf(" %a", static_cast<double>(f)); }
void put(retroanim::math::Vec3 v) { put(v.x), put(v.y), put(v.z); }
void put(retroanim::math::Quat q) { put(q.x), put(q.y), put(q.z), put(q.w); }
void put(const retroanim::math::Matrix& m) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) put(m.m[r][c]);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace retroanim;
  state = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 12345u;
  for (int i = 0; i < 200; ++i) {
    math::Vec3 a = vec(), b = vec(), c = vec(), d = vec();
    math::Quat p = quat(), q = quat();
    float t = unit();
    std::printf("%d:", i);
    put(math::dot(a, b)), put(math::cross(a, b)), put(math::magnitude(a)), put(math::normalize(c));
    put(math::magnitude(math::Vec2{a.x, b.y}));
    put(math::dot(p, q)), put(math::slerp(t, p, q)), put(math::multiply(p, q));
    put(math::hermite(a, b, c, d, t));
    math::HermiteWeights w = math::hermite_weights(t);
    put(w.h1), put(w.h2), put(w.h3), put(w.h4);
    math::Matrix r = math::matrix_from_rotation(a, signed_unit() * 4.0f);
    put(r), put(math::quat_to_matrix(p));
    r.m[3][0] = d.x, r.m[3][1] = d.y, r.m[3][2] = d.z;
    put(math::multiply_matrix_vector(r, b)), put(math::rotate_vector(r, c));
    math::Frame f;
    f.origin = d;
    f.set_rotate(p.w, p.x, p.y, p.z);
    put(f.qw), put(f.qx), put(f.qy), put(f.qz);
    for (float e : f.m) put(e);
    put(f.localtoglobalvec(a));
    f.rotate(math::Vec3{signed_unit(), signed_unit(), signed_unit()});
    put(f.qw), put(f.qx), put(f.qy), put(f.qz);
    ck::PositionKey k0{0.0f, a}, k1{2.0f, b};
    ck::RotationKey r0{0.0f, p}, r1{2.0f, q};
    put(ck::segment_fraction(t * 2.0f, 0.0f, 2.0f));
    put(ck::lerp_segment(k0, k1, t)), put(ck::slerp_segment(r0, r1, t));
    std::printf("\n");
  }
  return 0;
}
