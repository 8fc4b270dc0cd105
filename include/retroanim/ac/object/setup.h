// Setup (client CSetup, dat type 0x02): the parts an object is made of, their
// parents, default scales, placement frames and the default ids used when the
// object is created. Plain data, filled by the dat reader or a scenario.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/math/frame.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// Setup flag bits as stored in the dat.
namespace setup_flag {
inline constexpr uint32_t kHasParent = 0x1;        // parent_index present
inline constexpr uint32_t kHasDefaultScale = 0x2;  // default_scale present
inline constexpr uint32_t kAllowFreeHeading = 0x4;
inline constexpr uint32_t kHasPhysicsBsp = 0x8;
}  // namespace setup_flag

// A collision sphere (center, radius).
struct Sphere {
  math::Vec3 center{};
  float radius = 0.0f;
};

// A collision cylinder-sphere (low point, height, radius).
struct CylSphere {
  math::Vec3 low_point{};
  float height = 0.0f;
  float radius = 0.0f;
};

// A holding location or connection point: a part index and a frame on it.
struct LocationType {
  int32_t part_id = 0;
  math::AFrame frame{};
};

// A light attached to the setup.
struct LightInfo {
  math::AFrame view_space_location{};
  uint32_t color = 0;
  float intensity = 0.0f;
  float falloff = 0.0f;
  float cone_angle = 0.0f;
};

// A setup: parts (gfx object ids), parent index per part (-1 / 0xFFFFFFFF =
// the object itself; the client does not use parents to place parts: every
// part frame is relative to the object), default scale per part, placement
// frames by placement id (0x65 is the resting placement the client selects
// first), collision shapes, and default ids.
struct Setup {
  uint32_t id = 0;
  uint32_t flags = 0;
  std::vector<uint32_t> part_ids;            // num_parts entries
  std::vector<uint32_t> parent_index;        // num_parts entries, or empty
  std::vector<math::Vec3> default_scale;     // num_parts entries, or empty (= 1, 1, 1)
  std::vector<std::pair<uint32_t, LocationType>> holding_locations;
  std::vector<std::pair<uint32_t, LocationType>> connection_points;
  std::vector<std::pair<uint32_t, AnimationFrame>> placement_frames;  // in dat order
  std::vector<CylSphere> cyl_spheres;
  std::vector<Sphere> spheres;
  float height = 0.0f;
  float radius = 0.0f;
  float step_up_height = 0.0f;
  float step_down_height = 0.0f;
  Sphere sorting_sphere{};
  Sphere selection_sphere{};
  std::vector<std::pair<uint32_t, LightInfo>> lights;
  uint32_t default_animation = 0;
  uint32_t default_script = 0;
  uint32_t default_motion_table = 0;
  uint32_t default_sound_table = 0;
  uint32_t default_script_table = 0;

  // Number of parts.
  uint32_t num_parts() const { return static_cast<uint32_t>(part_ids.size()); }

  // The placement frame with this id, or else the one with id 0, or nullptr
  // (the lookup of CPartArray::SetPlacementFrame 0x5193D0).
  const AnimationFrame* find_placement_frame(uint32_t placement_id, uint32_t* found_id = nullptr) const;
};

// The client's resting placement id, selected when parts are created.
inline constexpr uint32_t kPlacementResting = 0x65;

// A source of setups by id (retroanim's own: what the client's DBObj cache
// serves to CPhysicsObj::makeObject), e.g. io::DatContent.
class SetupProvider {
 public:
  virtual ~SetupProvider() = default;
  // The setup with this id, or nullptr when there is none; throws
  // retroanim::Error when it is malformed. The object stays alive (and
  // unchanged) as long as the provider.
  virtual const Setup* get_setup(uint32_t id) const = 0;
};

}  // namespace retroanim::ac
