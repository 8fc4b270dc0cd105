// Animation controllers (CKAnimController and its linear / TCB / Bezier / morph
// kinds) and the keyframe data that groups them (CKKeyframeData): plain data,
// as an object animation's chunk stores them (spec 5.2). A controller is its
// CKANIMATION_CONTROLLER type id, its length and its keys. decode_controller
// turns one saved key block into a controller (ReadKeysFrom) for the loader.
// Evaluation is in controller_evaluation.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "retroanim/ck/anim/keyframes.h"

namespace retroanim::ck {

// CKANIMATION_CONTROLLER: controller type ids as saved in the file (spec 5.2).
// The low byte is the base kind (which slot of the keyframe data it fills).
namespace controller_type {
inline constexpr uint32_t kPositionBase = 0x01;   // CKANIMATION_CONTROLLER_POS
inline constexpr uint32_t kRotationBase = 0x02;   // CKANIMATION_CONTROLLER_ROT
inline constexpr uint32_t kScaleBase = 0x04;      // CKANIMATION_CONTROLLER_SCL
inline constexpr uint32_t kScaleAxisBase = 0x08;  // CKANIMATION_CONTROLLER_SCLAXIS
inline constexpr uint32_t kMorphBase = 0x10;      // CKANIMATION_CONTROLLER_MORPH
inline constexpr uint32_t kBaseMask = 0xFF;       // CKANIMATION_CONTROLLER_MASK

inline constexpr uint32_t kLinearPosition = 0x637c4301;   // CKANIMATION_LINPOS_CONTROL
inline constexpr uint32_t kLinearRotation = 0x49ed4002;   // CKANIMATION_LINROT_CONTROL
inline constexpr uint32_t kLinearScale = 0x654a3a04;      // CKANIMATION_LINSCL_CONTROL
inline constexpr uint32_t kLinearScaleAxis = 0x2f200b08;  // CKANIMATION_LINSCLAXIS_CONTROL
inline constexpr uint32_t kTcbPosition = 0x347e4a01;      // CKANIMATION_TCBPOS_CONTROL
inline constexpr uint32_t kTcbRotation = 0x45b52a02;      // CKANIMATION_TCBROT_CONTROL
inline constexpr uint32_t kTcbScale = 0x1b545904;         // CKANIMATION_TCBSCL_CONTROL
inline constexpr uint32_t kTcbScaleAxis = 0x32595908;     // CKANIMATION_TCBSCLAXIS_CONTROL
inline constexpr uint32_t kBezierPosition = 0x921ab801;   // CKANIMATION_BEZIERPOS_CONTROL
inline constexpr uint32_t kBezierScale = 0x18ab4404;      // CKANIMATION_BEZIERSCL_CONTROL
inline constexpr uint32_t kMorph = 0x73847810;            // CKANIMATION_MORPH_CONTROL
}  // namespace controller_type

// Which slot of the keyframe data a controller fills (CKKeyframeData +0, +4, +8, +0xc, +0x10).
enum class ControllerSlot { kPosition, kScale, kRotation, kScaleAxis, kMorph };

// How a controller interpolates its keys.
enum class Interpolation { kLinear, kTcb, kBezier };

// What a controller type id means: its slot and interpolation. Bare base ids
// 1, 2, 4 and 0x10 are the linear (morph) controllers, as CreateController
// makes them (FUN_1004a922); a bare 8 (scale axis) has no case there and is
// not a controller (docs/FIDELITY.md).
struct ControllerKind {
  ControllerSlot slot;
  Interpolation interpolation;
};

// The slot and interpolation of a CKANIMATION_CONTROLLER id, or nullopt for an
// id CreateController does not know (the loader skips those blocks by size).
std::optional<ControllerKind> controller_kind(uint32_t type);

// The keys of a position / scale controller, in the form its interpolation uses.
using VectorKeys = std::variant<std::vector<PositionKey>, std::vector<TcbPositionKey>,
                                std::vector<BezierPositionKey>>;
// The keys of a rotation / scale-axis controller, in the form its interpolation uses.
using QuatKeys = std::variant<std::vector<RotationKey>, std::vector<TcbRotationKey>>;

// A position or scale controller (linear, TCB or Bezier): evaluates to a vector.
struct VectorController {
  uint32_t type = controller_type::kLinearPosition;  // full CKANIMATION_CONTROLLER id
  float length = 0.0f;                              // m_Length (frames), copied from the keyframe data
  VectorKeys keys;                                  // sorted by time in well-formed files

  // Number of keys (m_NbKeys).
  size_t key_count() const;
  // The interpolation the stored keys use.
  Interpolation interpolation() const;
};

// A rotation or scale-axis controller (linear or TCB): evaluates to a quaternion.
struct QuatController {
  uint32_t type = controller_type::kLinearRotation;
  float length = 0.0f;
  QuatKeys keys;

  // Number of keys (m_NbKeys).
  size_t key_count() const;
  // The interpolation the stored keys use.
  Interpolation interpolation() const;
};

// A morph controller: its key block is kept as the raw dwords the file holds
// (key count first). Morph evaluation (mesh vertices) is out of scope.
struct MorphController {
  uint32_t type = controller_type::kMorph;
  float length = 0.0f;
  uint32_t key_count = 0;        // the block's first dword
  std::vector<uint32_t> raw;     // the whole key block, count included
};

// CKKeyframeData: an object animation's controllers and its length in frames.
// An absent controller means the component is not animated.
struct KeyframeData {
  std::optional<VectorController> position;    // +0
  std::optional<VectorController> scale;       // +4
  std::optional<QuatController> rotation;      // +8
  std::optional<QuatController> scale_axis;    // +0xc
  std::optional<MorphController> morph;        // +0x10
  float length = 0.0f;                         // +0x14, frames

  // FUN_1004a5b2: sets the length and copies it to every controller.
  void set_length(float frames);
};

// Where a key block came from, for error messages: the file, the object and
// the byte offset of the block's first dword in the file (unknown: nullopt).
struct KeyBlockSource {
  std::string file;
  std::string object;
  std::optional<uint64_t> offset;
};

// CreateController(type) (FUN_1004a922) then ReadKeysFrom on `block` (the
// controller's key block: count, then count keys; Bezier keys are of variable
// size, spec 5.2). Replaces the controller of the same slot in `data`, with
// data.length as its length, and returns the number of dwords read. Returns 0
// and leaves `data` untouched for an unknown type (the loader skips it by its
// size). Throws retroanim::Error naming `source` and the byte offset when the
// block is shorter than its count says; never allocates more keys than the
// block can hold.
size_t decode_controller(KeyframeData& data, uint32_t type, std::span<const uint32_t> block,
                         const KeyBlockSource& source = {});

}  // namespace retroanim::ck
