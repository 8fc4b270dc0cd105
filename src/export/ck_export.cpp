// Virtools scenes as glTF (retroanim's own; docs/formats/gltf-export.md).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "export/builder.h"
#include "export/ck_meshes.h"
#include "retroanim/ck/io/texture_files.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/error.h"
#include "retroanim/math/transform_compose.h"

namespace retroanim::gltf {

namespace {

// Deviations up to this (the precision the export is checked to, 1e-5) are
// float rounding of nearly orthogonal matrices, not worth a note.
constexpr double kExactTolerance = 1e-5;

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// The largest entry difference between a matrix and the TRS the export
// writes for it (compose_matrix of its decomposition): 0 when TRS is exact.
double trs_deviation(const math::Matrix& l, const math::DecomposedMatrix& d) {
  math::Matrix back = math::compose_matrix(d.position, d.scale, d.rotation);
  double dev = 0.0;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) dev = std::max(dev, std::fabs(static_cast<double>(back.m[r][c]) - l.m[r][c]));
  return dev;
}

bool is_identity(const math::Matrix& l) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      if (l.m[r][c] != (r == c ? 1.0f : 0.0f)) return false;
  return true;
}

// The rest TRS of an animated node from its Virtools local matrix.
void set_rest_trs(tinygltf::Node& node, const math::Matrix& local) {
  math::DecomposedMatrix d = math::decompose_matrix(local);
  Builder::set_trs(node, ck_point(d.position), ck_rotation(d.rotation), ck_scale(d.scale));
}

// The node holding the hierarchy of the chosen entities.
struct NodeTable {
  std::unordered_map<const ck::Entity3d*, int> node_of;
  int of(const ck::Entity3d* e) const {
    auto it = node_of.find(e);
    return it == node_of.end() ? -1 : it->second;
  }
};

// Adds the nodes of `chosen` (scene order): animated ones get their rest TRS,
// the others their exact matrix C·Lᵀ·C; curves get their line mesh.
NodeTable add_nodes(Builder& b, Asset& asset, const ck::Scene& scene,
                    const std::unordered_set<const ck::Entity3d*>& chosen,
                    const std::unordered_set<const ck::Entity3d*>& animated, const CkExportOptions& options) {
  NodeTable t;
  std::vector<const ck::Entity3d*> order;
  for (const ck::ObjectRecord& r : scene.objects()) {
    if (r.entity && chosen.count(r.entity) && !t.node_of.count(r.entity)) {
      t.node_of[r.entity] = b.add_node(r.entity->name);
      order.push_back(r.entity);
    }
  }
  for (const ck::Entity3d* e : order) {
    const int n = t.of(e);
    const ck::Entity3d* p = e->parent();
    b.attach(n, p ? t.of(p) : -1);
    tinygltf::Node& node = b.m().nodes[static_cast<size_t>(n)];
    const math::Matrix& local = e->local_matrix();
    if (animated.count(e)) {
      set_rest_trs(node, local);
      double dev = trs_deviation(local, math::decompose_matrix(local));
      if (dev > kExactTolerance)
        asset.notes.push_back("node '" + e->name + "': rest matrix is not a TRS; exported as TRS (max deviation " +
                              fmt(dev) + ")");
    } else if (!is_identity(local)) {
      std::array<double, 16> g = ck_node_matrix(local);
      node.matrix.assign(g.begin(), g.end());
    }
  }
  // Curves: a line through get_local_pos's path, in the curve node's space.
  for (const ck::Entity3d* e : order) {
    const auto* curve = dynamic_cast<const ck::Curve*>(e);
    if (!curve || curve->control_point_count() < 2) continue;
    const float total = curve->get_length();
    const std::vector<ck::CurveKnot>& knots = curve->knots();
    const int n = static_cast<int>(knots.size());
    const bool closed = !curve->is_open();
    const int segments = closed ? n : n - 1;
    if (!(total > 0.0f) || !std::isfinite(total) || segments < 1) {
      asset.notes.push_back("curve '" + e->name + "': zero length, no line exported");
      continue;
    }
    const int per = std::max(options.curve_samples_per_segment,
                             (options.curve_min_vertices + segments - 1) / segments);
    std::vector<float> positions;
    auto add_at = [&](float step) {
      math::Vec3 p;
      if (curve->get_local_pos(step, &p).ok()) push_vec3(positions, ck_point(p));
    };
    for (int s = 0; s < segments; ++s) {
      const double s0 = knots[static_cast<size_t>(s)].length / static_cast<double>(total);
      const double s1 = (s + 1 < n ? knots[static_cast<size_t>(s + 1)].length / static_cast<double>(total) : 1.0);
      for (int j = 0; j < per; ++j) add_at(static_cast<float>(s0 + (s1 - s0) * j / per));
    }
    if (!closed) add_at(1.0f);
    const int mesh = b.add_mesh(e->name + "LineMesh", positions, {},
                                closed ? TINYGLTF_MODE_LINE_LOOP : TINYGLTF_MODE_LINE_STRIP);
    b.m().nodes[static_cast<size_t>(t.of(e))].mesh = mesh;
  }
  return t;
}

// The key times (frames) of a controller.
std::vector<float> key_times(const ck::VectorController& c) {
  std::vector<float> out;
  std::visit([&](const auto& keys) { for (const auto& k : keys) out.push_back(k.time); }, c.keys);
  return out;
}
std::vector<float> key_times(const ck::QuatController& c) {
  std::vector<float> out;
  std::visit([&](const auto& keys) { for (const auto& k : keys) out.push_back(k.time); }, c.keys);
  return out;
}

// One object animation played on a timeline of `length` frames at `fps`
// (its own length for a lone animation, its keyed animation's otherwise):
// timeline frame f is SetStep's step f / length, the animation's time
// step * anim.length (as set_step computes it), and glTF time f / fps.
struct Timeline {
  float length = 0.0f;
  float fps = 30.0f;
};

// glTF's slerp (unit keys, shortest arc, constant speed), to decide where a
// LINEAR rotation channel needs more samples; never to make an exported value.
Quatd gltf_slerp(const Quatd& a, Quatd b, double u) {
  double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0.0) {
    d = -d;
    for (double& c : b) c = -c;
  }
  double k0 = 1.0 - u, k1 = u;
  if (d < 1.0 - 1e-12) {
    const double th = std::acos(d), st = std::sin(th);
    k0 = std::sin((1.0 - u) * th) / st;
    k1 = std::sin(u * th) / st;
  }
  return unit_quat(k0 * a[0] + k1 * b[0], k0 * a[1] + k1 * b[1], k0 * a[2] + k1 * b[2], k0 * a[3] + k1 * b[3]);
}

// How far two unit quaternions' rotation matrices can differ (an entry
// bound): 4·|a ∓ b| for the closer sign.
double quat_gap(const Quatd& a, const Quatd& b) {
  double p = 0.0, m = 0.0;
  for (int i = 0; i < 4; ++i) {
    p += (a[i] - b[i]) * (a[i] - b[i]);
    m += (a[i] + b[i]) * (a[i] + b[i]);
  }
  return 4.0 * std::sqrt(std::min(p, m));
}

// glTF's slerp at the piece fractions 1/4, 1/2 and 3/4 (unit keys, the
// shorter arc) without trigonometry: the arc's midpoint is the normalised
// sum of its ends, and the quarter points are the midpoints of the halves.
// Any other fraction goes through gltf_slerp.
Quatd gltf_slerp_at(const Quatd& a, Quatd b, double u) {
  if (u != 0.25 && u != 0.5 && u != 0.75) return gltf_slerp(a, b, u);
  if (a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0.0)
    for (double& c : b) c = -c;
  auto mid = [](const Quatd& p, const Quatd& q) { return unit_quat(p[0] + q[0], p[1] + q[1], p[2] + q[2], p[3] + q[3]); };
  const Quatd m = mid(a, b);
  return u == 0.5 ? m : u == 0.25 ? mid(a, m) : mid(m, b);
}

// A sample of a rotation channel: its timeline frame, the animation time it
// was evaluated at and the library's rotation there (nullopt: none, the
// rest rotation applies).
struct RotationSample {
  double frame = 0.0;
  float time = 0.0f;
  std::optional<math::Quat> rotation;
};

// A linear rotation segment is glTF's slerp exactly only when Slerp
// (math/quat.h) moves along the arc at constant speed: it does not when the
// keys are within 0.01 of each other (it interpolates linearly) or are not
// unit (its angle comes from their raw dot product). Such a segment is cut
// into m equal pieces, m the first power of two up to 64 for which the
// library's values at the pieces' quarter and middle points differ from
// glTF's slerp of the pieces' ends by at most 1e-6; the library's values at
// the cuts become samples. The cuts' animation times are floats, and each
// sample's timeline frame is the time it was evaluated at (times `scale`,
// the timeline's frames per animation frame): keys on whole frames give
// samples on 1/64 frames, exactly representable. Every point tried is a
// multiple of 1/256 of the segment, so each is evaluated once (kept by its
// index) and the samples carry the values found.
std::vector<RotationSample> subdivide_near_rotations(const ck::ObjectAnimation& anim,
                                                     const std::vector<std::pair<double, float>>& at, double scale) {
  static constexpr int kPieces[] = {1, 2, 4, 8, 16, 32, 64};
  constexpr int kSteps = 256;  // the finest point: a quarter of a 64th
  std::vector<RotationSample> out;
  out.reserve(at.size());
  ck::PlaybackContext ctx;  // times mostly increase: remembered segments spare the key searches
  auto eval = [&](float time) {
    math::Quat r;
    RotationSample s;
    s.time = time;
    if (ck::sample_rotation(anim, time, r, &ctx)) s.rotation = r;
    return s;
  };
  // The segment's points by index k (fraction k / 256): evaluated on first use.
  std::array<RotationSample, kSteps + 1> memo;
  std::array<bool, kSteps + 1> known{};
  std::array<Quatd, kSteps + 1> unit{};
  for (size_t i = 0; i < at.size(); ++i) {
    if (i == 0 || !known[kSteps]) {
      out.push_back(eval(at[i].second));
    } else {
      out.push_back(memo[kSteps]);  // the last segment's end
    }
    out.back().frame = at[i].first;
    if (i + 1 == at.size() || !(at[i + 1].first > at[i].first)) {
      known[kSteps] = false;
      continue;
    }
    const float t0 = at[i].second, t1 = at[i + 1].second;
    known.fill(false);
    memo[0] = out.back();
    known[0] = true;
    if (memo[0].rotation) unit[0] = ck_rotation(*memo[0].rotation);
    auto point = [&](int k) -> const RotationSample& {
      if (!known[k]) {
        const double u = static_cast<double>(k) / kSteps;
        memo[k] = k == kSteps ? eval(t1) : eval(static_cast<float>(t0 + (static_cast<double>(t1) - t0) * u));
        memo[k].frame = k == kSteps ? at[i + 1].first : memo[k].time * scale;
        known[k] = true;
        if (memo[k].rotation) unit[k] = ck_rotation(*memo[k].rotation);
      }
      return memo[k];
    };
    for (int m : kPieces) {
      const int step = kSteps / m;
      double worst = 0.0;
      for (int j = 0; j < m && worst <= 1e-6; ++j) {
        const RotationSample &a = point(j * step), &b = point((j + 1) * step);
        if (!a.rotation || !b.rotation) break;
        // The fraction of the piece the float time really is at.
        const float ta = a.time, tb = b.time;
        for (int v = 1; v <= 3; ++v) {
          const RotationSample& q = point(j * step + v * step / 4);
          if (tb > ta && q.rotation) {
            const Quatd& qa = unit[j * step];
            const Quatd& qb = unit[(j + 1) * step];
            worst = std::max(
                worst, quat_gap(unit[j * step + v * step / 4],
                                gltf_slerp_at(qa, qb, (static_cast<double>(q.time) - ta) / (tb - ta))));
          }
        }
      }
      if (worst <= 1e-6 || m == 64) {
        for (int j = 1; j < m; ++j) out.push_back(point(j * step));
        break;
      }
    }
  }
  return out;
}

// glTF's CUBICSPLINE value between two samples (values v0, v1, out-tangent
// b0 of the first, in-tangent a1 of the second, per second; dt seconds
// apart) at fraction s, normalised as glTF does for rotations.
Quatd gltf_cubic(const Quatd& v0, const Quatd& b0, const Quatd& a1, const Quatd& v1, double dt, double s) {
  const double s2 = s * s, s3 = s2 * s;
  const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
  Quatd r;
  for (size_t i = 0; i < 4; ++i) r[i] = h00 * v0[i] + h10 * dt * b0[i] + h01 * v1[i] + h11 * dt * a1[i];
  return unit_quat(r[0], r[1], r[2], r[3]);
}

// A rotation quaternion converted to glTF's axes, not normalised, times `sign`.
Quatd gltf_raw(const math::Quat& q, double sign) {
  return {sign * q.x, sign * q.y, -sign * static_cast<double>(q.z), sign * q.w};
}

// Rounds a quaternion to the floats the file stores.
Quatd stored(const Quatd& q) {
  return {static_cast<float>(q[0]), static_cast<float>(q[1]), static_cast<float>(q[2]), static_cast<float>(q[3])};
}

// A linear rotation channel as a glTF CUBICSPLINE sampler that follows Slerp
// (math/quat.h) between the keys:
// - where Slerp interpolates linearly (keys within 0.01: k0 = 1 - t,
//   k1 = ±t, not normalised), both tangents of the segment are its chord's
//   slope, which makes glTF's cubic that straight line in quaternion space,
//   normalised by glTF as the export normalises every library rotation:
//   exact, with no samples between the keys;
// - where Slerp follows the arc, the segment is cut into m equal pieces (m
//   the first power of two up to 64 for which glTF's cubic is within 1e-6 of
//   the library at each piece's quarter and middle points, as for the LINEAR
//   subdivision), each cut a sample with the library's value and the
//   derivative of Slerp's weights there as both tangents.
// The values are the keys as stored, converted to glTF's axes and not
// normalised (Slerp's chord runs between them; files store keys a little
// off unit length, Record Anim's by 1e-4), each on the side of the one before
// (Slerp's flip of the second weight). Samples: `at` (the keys and the
// timeline's ends) and the cuts. Nullopt, for the LINEAR samples and their
// subdivision instead, when a key's squared length is off 1 by more than 0.01
// (glTF wants unit values; its validator allows 0.77 %), a value is not
// finite, the key times do not increase, two samples fall on one float time,
// or a timeline end falls inside a segment (its value there is not a key's).
std::optional<Channel> cubic_rotation_channel(const ck::ObjectAnimation& anim,
                                              const std::vector<std::pair<double, float>>& at, int node, float fps,
                                              double scale) {
  const auto* keys = std::get_if<std::vector<ck::RotationKey>>(&anim.keyframes.rotation->keys);
  if (keys == nullptr || keys->empty() || at.empty()) return std::nullopt;
  const std::vector<ck::RotationKey>& k = *keys;
  for (size_t i = 0; i < k.size(); ++i) {
    const math::Quat q = k[i].value;
    if (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z) || !std::isfinite(q.w) ||
        !std::isfinite(k[i].time))
      return std::nullopt;
    const double n2 = static_cast<double>(q.x) * q.x + static_cast<double>(q.y) * q.y +
                      static_cast<double>(q.z) * q.z + static_cast<double>(q.w) * q.w;
    if (std::fabs(n2 - 1.0) > 0.01) return std::nullopt;
    if (i > 0 && !(k[i].time > k[i - 1].time)) return std::nullopt;
  }
  auto seconds = [&](double frame) { return static_cast<float>(frame / fps); };
  // Each of `at`'s samples is a key: its time is a key time, or is clamped to
  // the first or last key.
  std::vector<size_t> key_of;
  size_t next = 0;
  for (const auto& [frame, time] : at) {
    size_t key;
    if (time <= k.front().time) {
      key = 0;
    } else if (time >= k.back().time) {
      key = k.size() - 1;
    } else {
      while (next < k.size() && k[next].time < time) ++next;
      if (next == k.size() || k[next].time != time) return std::nullopt;
      key = next;
    }
    key_of.push_back(key);
  }
  struct Sample {
    float t;            // seconds
    Quatd in, value, out;
  };
  std::vector<Sample> out;
  out.reserve(at.size());
  double sign = 1.0;  // the current key's side
  out.push_back({seconds(at[0].first), {}, gltf_raw(k[key_of[0]].value, sign), {}});
  ck::PlaybackContext ctx;
  for (size_t i = 0; i + 1 < at.size(); ++i) {
    const size_t k0 = key_of[i], k1 = key_of[i + 1];
    const float t0 = out.back().t, t1 = seconds(at[i + 1].first);
    if (!(t1 > t0)) return std::nullopt;
    if (k0 == k1) {  // clamped: the key held
      out.push_back({t1, {}, out.back().value, {}});
      continue;
    }
    if (k1 != k0 + 1) return std::nullopt;
    const math::Quat& q0 = k[k0].value;
    const math::Quat& q1 = k[k1].value;
    float d = math::dot(q0, q1);  // Slerp's own test, in float
    const double flip = d < 0.0f ? -1.0 : 1.0;
    if (d < 0.0f) d = -d;
    const Quatd w1 = gltf_raw(q1, sign * flip);
    Sample& first = out.back();
    if (!(1.0f - d > 0.01f)) {
      // Linear: the chord, exact.
      Quatd slope;
      for (size_t j = 0; j < 4; ++j) slope[j] = (w1[j] - first.value[j]) / (static_cast<double>(t1) - t0);
      first.out = slope;
      out.push_back({t1, slope, w1, {}});
      sign *= flip;
      continue;
    }
    // The arc: the derivative of Slerp's value in the segment fraction u
    // (theta from Slerp's float |d|). A piece's tangents are that derivative
    // times the piece's share of the segment over its length in glTF seconds
    // as stored (floats: a 64th of a frame at 125 s is off by 1 %, which the
    // cubic's tangent terms would carry).
    const double theta = std::acos(static_cast<double>(d)), st = std::sin(theta);
    const double tau0 = k[k0].time, tau1 = k[k1].time;
    const Quatd a0 = gltf_raw(q0, sign), b1 = gltf_raw(q1, sign * flip);
    auto derivative = [&](double u) {
      const double d0 = -theta * std::cos((1.0 - u) * theta) / st, d1 = theta * std::cos(u * theta) / st;
      Quatd r;
      for (size_t j = 0; j < 4; ++j) r[j] = d0 * a0[j] + d1 * b1[j];
      return r;
    };
    static constexpr int kPieces[] = {1, 2, 4, 8, 16, 32, 64};
    std::vector<Sample> cuts;
    for (int m : kPieces) {
      // The cuts' animation times (floats, as the LINEAR subdivision's), their
      // values, and the pieces' tangents.
      const size_t n = static_cast<size_t>(m);
      std::vector<float> tau(n + 1);
      std::vector<double> u(n + 1);
      std::vector<Sample> pts(n + 1);
      bool ok = true;
      for (size_t j = 0; j <= n; ++j) {
        tau[j] = j == 0 ? k[k0].time : j == n ? k[k1].time : static_cast<float>(tau0 + (tau1 - tau0) * static_cast<double>(j) / m);
        u[j] = (static_cast<double>(tau[j]) - tau0) / (tau1 - tau0);
        if (j == 0) {
          pts[j] = {t0, first.in, first.value, {}};
        } else if (j == n) {
          pts[j] = {t1, {}, w1, {}};
        } else {
          math::Quat r;
          if (!ck::sample_rotation(anim, tau[j], r, &ctx)) return std::nullopt;
          pts[j] = {seconds(static_cast<double>(tau[j]) * scale), {}, stored(gltf_raw(r, sign)), {}};
        }
        if (j > 0 && !(pts[j].t > pts[j - 1].t)) ok = false;
      }
      if (!ok) return std::nullopt;
      std::vector<Quatd> g(n + 1);  // the derivative at each cut
      for (size_t j = 0; j <= n; ++j) g[j] = derivative(u[j]);
      for (size_t j = 0; j < n; ++j) {
        const double per = (u[j + 1] - u[j]) / (static_cast<double>(pts[j + 1].t) - pts[j].t);
        for (size_t c = 0; c < 4; ++c) {
          pts[j].out[c] = static_cast<float>(g[j][c] * per);
          pts[j + 1].in[c] = static_cast<float>(g[j + 1][c] * per);
        }
      }
      double worst = 0.0;
      for (size_t j = 0; j < n && worst <= 1e-6; ++j) {
        const Sample &a = pts[j], &b = pts[j + 1];
        const float ta = tau[j], tb = tau[j + 1];
        for (double v : {0.25, 0.5, 0.75}) {
          const float tq = static_cast<float>(ta + (static_cast<double>(tb) - ta) * v);
          math::Quat r;
          if (!(tq > ta && tq < tb) || !ck::sample_rotation(anim, tq, r, &ctx)) continue;
          const double sq = (static_cast<double>(tq) - ta) / (static_cast<double>(tb) - ta);
          const Quatd lib = ck_rotation(r);
          worst = std::max(worst, quat_gap(lib, gltf_cubic(stored(a.value), a.out, b.in, stored(b.value),
                                                           static_cast<double>(b.t) - a.t, sq)));
        }
      }
      if (worst <= 1e-6 || m == 64) {
        cuts = std::move(pts);
        break;
      }
    }
    first.out = cuts.front().out;
    for (size_t j = 1; j < cuts.size(); ++j) out.push_back(cuts[j]);
    out.back().out = {};
    sign *= flip;
  }
  Channel c{node, "rotation", "CUBICSPLINE", {}, {}};
  c.times.reserve(out.size());
  c.values.reserve(out.size() * 12);
  for (const Sample& smp : out) {
    c.times.push_back(smp.t);
    for (const Quatd* q : {&smp.in, &smp.value, &smp.out})
      for (double v : *q) c.values.push_back(static_cast<float>(v));
  }
  return c;
}

struct AnimationChannels {
  std::vector<Channel> channels;
  bool exact_between_samples = true;  // every channel from linear keys
  double max_deviation = 0.0;         // of the TRS approximation (scale axis)
};

AnimationChannels object_animation_channels(const ck::ObjectAnimation& anim, int node, const Timeline& tl) {
  AnimationChannels out;
  const math::Matrix rest = anim.entity->local_matrix();
  const math::DecomposedMatrix rest_d = math::decompose_matrix(rest);
  auto anim_time = [&](float frame) {
    float step = tl.length == 0.0f ? 0.0f : frame / tl.length;
    return step * anim.keyframes.length;
  };
  // Every timeline frame (and the length when fractional).
  std::vector<float> frames;
  for (float f = 0.0f; f < tl.length; f += 1.0f) frames.push_back(f);
  frames.push_back(tl.length);
  std::vector<ck::AnimationSample> per_frame;
  uint32_t present = 0;
  ck::PlaybackContext ctx;  // increasing times: remembered segments spare the key searches (same results)
  for (float f : frames) {
    per_frame.push_back(ck::sample_animation(anim, anim_time(f), &ctx));
    present |= per_frame.back().present;
  }
  const bool matrix_mode = (present & ck::sample_bit::kScaleAxis) != 0;
  const bool merged = (anim.flags & ck::object_animation_flag::kMerged) != 0;

  auto seconds = [&](double frame) { return static_cast<float>(frame / tl.fps); };
  auto push_time = [](Channel& c, float t) {
    if (!c.times.empty() && !(t > c.times.back())) return false;
    c.times.push_back(t);
    return true;
  };

  struct Component {
    uint32_t bit;
    const char* path;
    bool linear_keys;
    std::vector<float> keys;
  };
  const auto& kf = anim.keyframes;
  auto linear = [&](const auto& c) { return c && c->interpolation() == ck::Interpolation::kLinear; };
  std::vector<Component> comps = {
      {ck::sample_bit::kPosition, "translation", linear(kf.position), kf.position ? key_times(*kf.position) : std::vector<float>{}},
      {ck::sample_bit::kRotation, "rotation", linear(kf.rotation), kf.rotation ? key_times(*kf.rotation) : std::vector<float>{}},
      {ck::sample_bit::kScale, "scale", linear(kf.scale), kf.scale ? key_times(*kf.scale) : std::vector<float>{}},
  };
  auto push_value = [&](Channel& c, uint32_t bit, const ck::AnimationSample& s) {
    if (bit == ck::sample_bit::kPosition) {
      push_vec3(c.values, ck_point((s.present & bit) ? s.position : rest_d.position));
    } else if (bit == ck::sample_bit::kRotation) {
      push_quat(c.values, ck_rotation((s.present & bit) ? s.rotation : rest_d.rotation));
    } else {
      push_vec3(c.values, ck_scale((s.present & bit) ? s.scale : rest_d.scale));
    }
  };

  if (matrix_mode) {
    // Scale axis: the composed local matrix, split into TRS at every frame.
    out.exact_between_samples = false;
    Channel ct{node, "translation", "LINEAR", {}, {}}, cr{node, "rotation", "LINEAR", {}, {}},
        cs{node, "scale", "LINEAR", {}, {}};
    for (size_t i = 0; i < frames.size(); ++i) {
      std::optional<math::Matrix> l = ck::animated_local_matrix(per_frame[i], rest);
      const math::Matrix m = l ? *l : rest;
      const math::DecomposedMatrix d = math::decompose_matrix(m);
      out.max_deviation = std::max(out.max_deviation, trs_deviation(m, d));
      const float t = seconds(frames[i]);
      if (!push_time(ct, t)) continue;
      cr.times.push_back(t);
      cs.times.push_back(t);
      push_vec3(ct.values, ck_point(d.position));
      push_quat(cr.values, ck_rotation(d.rotation));
      push_vec3(cs.values, ck_scale(d.scale));
    }
    out.channels = {std::move(ct), std::move(cr), std::move(cs)};
    return out;
  }

  for (const Component& comp : comps) {
    if (!(present & comp.bit)) continue;
    Channel c{node, comp.path, "LINEAR", {}, {}};
    if (comp.linear_keys && !merged && anim.keyframes.length > 0.0f) {
      // Linear keys: a LINEAR sampler at the key times (timeline frames), with
      // the timeline's ends added when the keys do not reach them.
      std::vector<std::pair<double, float>> at;  // (timeline frame, animation time)
      const double scale = static_cast<double>(tl.length) / anim.keyframes.length;
      at.push_back({0.0, anim_time(0.0f)});
      for (float k : comp.keys) {
        double f = k * scale;
        if (f > 0.0 && f < tl.length) at.push_back({f, k});
      }
      at.push_back({tl.length, anim_time(tl.length)});
      std::stable_sort(at.begin(), at.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      std::optional<Channel> cubic;
      if (comp.bit == ck::sample_bit::kRotation) cubic = cubic_rotation_channel(anim, at, node, tl.fps, scale);
      if (cubic) {
        c = std::move(*cubic);
      } else if (comp.bit == ck::sample_bit::kRotation) {
        // The subdivision's own evaluations are the samples (sample_rotation
        // is sample_animation's rotation, bit for bit).
        for (const RotationSample& r : subdivide_near_rotations(anim, at, scale)) {
          if (!push_time(c, seconds(r.frame))) continue;
          push_quat(c.values, ck_rotation(r.rotation ? *r.rotation : rest_d.rotation));
        }
      } else {
        for (const auto& [f, time] : at) {
          if (!push_time(c, seconds(f))) continue;
          push_value(c, comp.bit, ck::sample_animation(anim, time, &ctx));
        }
      }
    } else {
      // TCB, Bezier or merged: every timeline frame.
      out.exact_between_samples = false;
      for (size_t i = 0; i < frames.size(); ++i) {
        if (!push_time(c, seconds(frames[i]))) continue;
        push_value(c, comp.bit, per_frame[i]);
      }
    }
    out.channels.push_back(std::move(c));
  }
  return out;
}

tinygltf::Value animation_extras(const char* source, const Timeline& tl, bool exact) {
  tinygltf::Value::Object r;
  r["source"] = tinygltf::Value(std::string(source));
  r["fps"] = tinygltf::Value(static_cast<double>(tl.fps));
  r["length_frames"] = tinygltf::Value(static_cast<double>(tl.length));
  r["exact_between_samples"] = tinygltf::Value(exact);
  tinygltf::Value::Object o;
  o["retroanim"] = tinygltf::Value(std::move(r));
  return tinygltf::Value(std::move(o));
}

void add_descendants(const ck::Entity3d* e, std::unordered_set<const ck::Entity3d*>& set) {
  if (!set.insert(e).second) return;
  for (const ck::Entity3d* c : e->children()) add_descendants(c, set);
}
void add_with_ancestors(const ck::Entity3d* e, std::unordered_set<const ck::Entity3d*>& set) {
  for (const ck::Entity3d* p = e; p; p = p->parent()) set.insert(p);
}

}  // namespace

Asset export_ck_scene(ck::Scene& scene, const CkExportOptions& options) {
  Asset asset;
  Builder b(asset);
  const std::string& file = scene.source_name();
  if (options.fps && !(*options.fps > 0.0f && std::isfinite(*options.fps)))
    throw Error("--fps must be a finite number > 0");

  std::vector<ck::ObjectAnimation*> lone;
  std::vector<ck::KeyedAnimation*> keyed;
  std::unordered_set<const ck::Entity3d*> chosen;
  std::set<const void*> named;  // animations named explicitly (their errors are errors)
  if (options.names.empty()) {
    for (const ck::ObjectRecord& r : scene.objects()) {
      if (r.entity) chosen.insert(r.entity);
      if (r.object_animation && !r.object_animation->keyed) lone.push_back(r.object_animation);
      if (r.keyed_animation) keyed.push_back(r.keyed_animation);
    }
  } else {
    for (const std::string& name : options.names) {
      bool found = false;
      for (const ck::ObjectRecord& r : scene.objects()) {
        if (r.name != name) continue;
        if (r.entity) {
          add_descendants(r.entity, chosen);
          add_with_ancestors(r.entity, chosen);
          found = true;
        }
        if (r.object_animation) {
          lone.push_back(r.object_animation);
          named.insert(r.object_animation);
          found = true;
        }
        if (r.keyed_animation) {
          keyed.push_back(r.keyed_animation);
          named.insert(r.keyed_animation);
          found = true;
        }
      }
      if (!found) throw Error(file + ": --name '" + name + "': no entity, curve or animation of that name");
    }
  }

  // Animations to export, and the entities they need.
  auto usable = [&](const ck::ObjectAnimation* a, bool strict, const std::string& what) {
    if (!a->entity) {
      if (strict) throw Error(file + ": " + what + ": the animation has no entity");
      asset.notes.push_back(what + ": no entity, not exported");
      return false;
    }
    return true;
  };
  std::vector<ck::ObjectAnimation*> lone_ok;
  for (ck::ObjectAnimation* a : lone) {
    const bool strict = named.count(a) != 0;
    const std::string what = "object animation '" + a->name + "'";
    if (!(a->length() > 0.0f)) {
      if (strict) throw Error(file + ": " + what + ": the animation has zero frames");
      asset.notes.push_back(what + ": zero frames, not exported");
      continue;
    }
    if (!usable(a, strict, what)) continue;
    lone_ok.push_back(a);
  }
  std::vector<ck::KeyedAnimation*> keyed_ok;
  for (ck::KeyedAnimation* k : keyed) {
    const bool strict = named.count(k) != 0;
    const std::string what = "keyed animation '" + k->name + "'";
    if (!(k->length > 0.0f)) {
      if (strict) throw Error(file + ": " + what + ": the animation has zero frames");
      asset.notes.push_back(what + ": zero frames, not exported");
      continue;
    }
    keyed_ok.push_back(k);
  }
  std::unordered_set<const ck::Entity3d*> animated;
  for (ck::ObjectAnimation* a : lone_ok) animated.insert(a->entity);
  for (ck::KeyedAnimation* k : keyed_ok)
    for (ck::ObjectAnimation* a : k->animations)
      if (a && a->entity) animated.insert(a->entity);
  for (const ck::Entity3d* e : animated) add_with_ancestors(e, chosen);

  NodeTable nodes = add_nodes(b, asset, scene, chosen, animated, options);
  if (options.meshes)
    add_ck_meshes(b, asset, scene, nodes.node_of, ck::io::texture_search_dirs(file, options.texture_dirs));

  auto note_deviation = [&](const std::string& what, double dev) {
    if (dev > kExactTolerance)
      asset.notes.push_back(what + ": scale axis resampled at every frame as TRS (max matrix deviation " + fmt(dev) +
                            ")");
  };
  for (ck::ObjectAnimation* a : lone_ok) {
    Timeline tl{a->length(), options.fps.value_or(30.0f)};
    AnimationChannels ch = object_animation_channels(*a, nodes.of(a->entity), tl);
    note_deviation("object animation '" + a->name + "'", ch.max_deviation);
    if (!b.add_animation(a->name, std::move(ch.channels),
                         animation_extras("object animation", tl, ch.exact_between_samples)))
      asset.notes.push_back("object animation '" + a->name + "': nothing animated, not exported");
  }
  for (ck::KeyedAnimation* k : keyed_ok) {
    Timeline tl{k->length, options.fps.value_or(k->frame_rate > 0.0f ? k->frame_rate : 30.0f)};
    std::vector<Channel> all;
    bool exact = true;
    for (ck::ObjectAnimation* a : k->animations) {
      if (!a || !a->entity) continue;
      AnimationChannels ch = object_animation_channels(*a, nodes.of(a->entity), tl);
      note_deviation("keyed animation '" + k->name + "': '" + a->name + "'", ch.max_deviation);
      exact = exact && ch.exact_between_samples;
      for (Channel& c : ch.channels) all.push_back(std::move(c));
    }
    if (!b.add_animation(k->name, std::move(all), animation_extras("keyed animation", tl, exact)))
      asset.notes.push_back("keyed animation '" + k->name + "': nothing animated, not exported");
  }
  return asset;
}

// ---- behaviour runs ----

struct CkRunRecorder::Impl {
  ck::Scene* scene = nullptr;
  std::string name;
  std::vector<const ck::Entity3d*> recorded;
  std::vector<float> times;
  std::vector<std::vector<math::Matrix>> locals;  // per recorded entity
  Asset asset;
  NodeTable nodes;
};

CkRunRecorder::CkRunRecorder(ck::Scene& scene, std::vector<std::string> recorded, std::string animation_name,
                             bool meshes, const std::vector<std::string>& texture_dirs)
    : impl_(std::make_unique<Impl>()) {
  impl_->scene = &scene;
  impl_->name = std::move(animation_name);
  std::unordered_set<const ck::Entity3d*> chosen, animated;
  for (const ck::ObjectRecord& r : scene.objects())
    if (r.entity) chosen.insert(r.entity);
  for (const std::string& n : recorded) {
    const ck::Entity3d* e = scene.entity(n);
    if (!e) throw Error(scene.source_name() + ": --gltf: no entity named '" + n + "'");
    impl_->recorded.push_back(e);
    animated.insert(e);
  }
  impl_->locals.resize(impl_->recorded.size());
  Builder b(impl_->asset);
  impl_->nodes = add_nodes(b, impl_->asset, scene, chosen, animated, CkExportOptions{});
  if (meshes)
    add_ck_meshes(b, impl_->asset, scene, impl_->nodes.node_of,
                  ck::io::texture_search_dirs(scene.source_name(), texture_dirs));
}

CkRunRecorder::~CkRunRecorder() = default;

void CkRunRecorder::capture(double seconds) {
  const float t = static_cast<float>(seconds);
  if (!impl_->times.empty() && !(t > impl_->times.back())) return;
  impl_->times.push_back(t);
  for (size_t i = 0; i < impl_->recorded.size(); ++i) impl_->locals[i].push_back(impl_->recorded[i]->local_matrix());
}

Asset CkRunRecorder::finish() {
  Builder b(impl_->asset);
  std::vector<Channel> channels;
  double dev = 0.0;
  for (size_t i = 0; i < impl_->recorded.size(); ++i) {
    const int node = impl_->nodes.of(impl_->recorded[i]);
    Channel ct{node, "translation", "LINEAR", impl_->times, {}}, cr{node, "rotation", "LINEAR", impl_->times, {}},
        cs{node, "scale", "LINEAR", impl_->times, {}};
    for (const math::Matrix& m : impl_->locals[i]) {
      const math::DecomposedMatrix d = math::decompose_matrix(m);
      dev = std::max(dev, trs_deviation(m, d));
      push_vec3(ct.values, ck_point(d.position));
      push_quat(cr.values, ck_rotation(d.rotation));
      push_vec3(cs.values, ck_scale(d.scale));
    }
    channels.push_back(std::move(ct));
    channels.push_back(std::move(cr));
    channels.push_back(std::move(cs));
  }
  if (dev > kExactTolerance)
    impl_->asset.notes.push_back("run '" + impl_->name + "': recorded matrices are not TRS (max deviation " + fmt(dev) +
                                 ")");
  tinygltf::Value::Object r;
  r["source"] = tinygltf::Value(std::string("behaviour run"));
  r["exact_between_samples"] = tinygltf::Value(false);
  tinygltf::Value::Object o;
  o["retroanim"] = tinygltf::Value(std::move(r));
  if (!b.add_animation(impl_->name, std::move(channels), tinygltf::Value(std::move(o))))
    impl_->asset.notes.push_back("run '" + impl_->name + "': nothing recorded, no animation");
  return std::move(impl_->asset);
}

}  // namespace retroanim::gltf
