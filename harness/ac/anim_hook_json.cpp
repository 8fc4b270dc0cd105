// The payload of an animation hook as JSON fields (shared by the scenario
// trace and the dat dump).
#include "harness/ac/anim_hook_json.h"

#include <type_traits>

namespace retroanim::ac {

namespace {

using Json = nlohmann::ordered_json;

Json origin_rotation_json(const math::Vec3& origin, float qw, float qx, float qy, float qz) {
  Json j = Json::object();
  j["origin"] = {static_cast<double>(origin.x), static_cast<double>(origin.y), static_cast<double>(origin.z)};
  j["rotation"] = {static_cast<double>(qw), static_cast<double>(qx), static_cast<double>(qy), static_cast<double>(qz)};
  return j;
}

}  // namespace

void add_hook_payload_json(Json& j, const AnimationHookData& data, HookIdJson id_json) {
  std::visit(
      [&j, id_json](const auto& d) {
        using T = std::decay_t<decltype(d)>;
        if constexpr (std::is_same_v<T, SoundHookData>) {
          j["sound_id"] = id_json(d.sound_id);
        } else if constexpr (std::is_same_v<T, SoundTableHookData>) {
          j["sound_type"] = d.sound_type;
        } else if constexpr (std::is_same_v<T, AttackHookData>) {
          j["part_index"] = d.part_index;
          j["left_x"] = d.left_x;
          j["left_y"] = d.left_y;
          j["right_x"] = d.right_x;
          j["right_y"] = d.right_y;
          j["radius"] = d.radius;
          j["height"] = d.height;
        } else if constexpr (std::is_same_v<T, ReplaceObjectHookData>) {
          j["part_index"] = d.part_index;
          j["part_id"] = id_json(d.part_id);
        } else if constexpr (std::is_same_v<T, SwitchHookData>) {
          j["value"] = d.value;
        } else if constexpr (std::is_same_v<T, RampHookData>) {
          j["start"] = d.start;
          j["end"] = d.end;
          j["time"] = d.time;
        } else if constexpr (std::is_same_v<T, PartRampHookData>) {
          j["part_index"] = d.part_index;
          j["start"] = d.start;
          j["end"] = d.end;
          j["time"] = d.time;
        } else if constexpr (std::is_same_v<T, ScaleHookData>) {
          j["end"] = d.end;
          j["time"] = d.time;
        } else if constexpr (std::is_same_v<T, CreateParticleHookData>) {
          j["emitter_info_id"] = id_json(d.emitter_info_id);
          j["part_index"] = d.part_index;
          j["offset"] = transform_json(d.offset);
          j["emitter_id"] = d.emitter_id;
        } else if constexpr (std::is_same_v<T, EmitterHookData>) {
          j["emitter_id"] = d.emitter_id;
        } else if constexpr (std::is_same_v<T, PartIndexHookData>) {
          j["part_index"] = d.part_index;
        } else if constexpr (std::is_same_v<T, CallPESHookData>) {
          j["pes_id"] = id_json(d.pes_id);
          j["pause"] = d.pause;
        } else if constexpr (std::is_same_v<T, SoundTweakedHookData>) {
          j["sound_id"] = id_json(d.sound_id);
          j["probability"] = d.probability;
          j["priority"] = d.priority;
          j["volume"] = d.volume;
        } else if constexpr (std::is_same_v<T, SetOmegaHookData>) {
          j["axis"] = {d.axis.x, d.axis.y, d.axis.z};
        } else if constexpr (std::is_same_v<T, TextureVelocityHookData>) {
          j["u_speed"] = d.u_speed;
          j["v_speed"] = d.v_speed;
        } else if constexpr (std::is_same_v<T, TextureVelocityPartHookData>) {
          j["part_index"] = d.part_index;
          j["u_speed"] = d.u_speed;
          j["v_speed"] = d.v_speed;
        }
      },
      data);
}

Json transform_json(const math::AFrame& f) { return origin_rotation_json(f.origin, f.qw, f.qx, f.qy, f.qz); }

Json transform_json(const math::Frame& f) { return origin_rotation_json(f.origin, f.qw, f.qx, f.qy, f.qz); }

}  // namespace retroanim::ac
