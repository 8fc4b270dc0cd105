// The Narratives blocks (Activate Script, Object Create, Texture Load) and the
// blocks whose effect lies outside the animation runtime (cameras, lights,
// materials and textures, fog, sound, TT sky and debug, particles) of the
// menu scripts.
// Sources: doyaGu/CKBuildingBlocks Narratives/Behaviors/ActivateScript.cpp,
// ObjectCreator.cpp, TextureLoader.cpp; Cameras/Behaviors/SetAsActiveCamera.cpp;
// Lights/Behaviors/SetColorLight.cpp; Materials-Textures/Behaviors/SetTexture.cpp,
// ChangeTextureVideoFormat.cpp; WorldEnvironment/Behaviors/SetFog.cpp;
// Sounds/Behaviors/WavePlay.cpp; TT_Gravity_RT/Behaviors/Sky.cpp;
// TT_Toolbox_RT/Behaviors/Debug.cpp (Point Particle System: no source, its
// interface only).
#include <cstdio>
#include <string>

#include "ck/behavior/bb/block_common.h"
#include "retroanim/ck/behavior/bb/script_blocks.h"
#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/behavior/parameter_operation.h"

namespace retroanim::ck::bb {

namespace {

using namespace param_guid;

void event(const BehaviorContext& ctx, std::string what) {
  if (ctx.manager) ctx.manager->record_event(*ctx.behavior, std::move(what));
}

std::string name_of(const ObjectRef* o) { return o ? o->name : std::string(); }

// A VxColor pin (4 floats) as text.
std::string color_text(const Behavior& b, int pos) {
  float c[4] = {0, 0, 0, 0};
  b.get_input_value(pos, c, sizeof c);
  char buf[96];
  std::snprintf(buf, sizeof buf, "(%g, %g, %g, %g)", static_cast<double>(c[0]), static_cast<double>(c[1]),
                static_cast<double>(c[2]), static_cast<double>(c[3]));
  return buf;
}

}  // namespace

// ActivateScript: Out fires first; each Script pin's script is activated
// (reset when Reset ? is TRUE) from the next frame on, as CKScene::ActivateScript
// does (CKBEHAVIOR_ACTIVATENEXTFRAME / RESETNEXTFRAME). Awake Object (the
// owner's scene activity) has nothing to act on in retroanim.
int activate_script(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  in_to_out(b);
  auto activate = [&](const ObjectRef* ref, bool reset) {
    if (!ref || !ref->script) return false;
    if (ctx.manager) {
      ctx.manager->activate_script_next_frame(*ref->script, reset);
      event(ctx, "activate script '" + ref->script->name + "'" + (reset ? " (reset)" : ""));
    }
    return true;
  };
  if (b.input_type(0) == kBool) {
    bool reset = b.input_int(0, 1) != 0;
    for (int i = 1; i < static_cast<int>(b.input_params.size()); ++i) activate(b.input_object(i), reset);
  } else {
    bool reset = b.input_int(1, 1) != 0;
    if (!activate(b.input_object(0), reset)) return behavior_return::kParameterError;
  }
  return behavior_return::kOk;
}

// ObjectCreator ("Object Create"): Out fires first; a new object of Class
// named Name (retroanim knows it by id, class and name) goes to Object.
int object_create(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  in_to_out(b);
  int32_t cls = b.input_int(0, static_cast<int32_t>(class_id::k3dEntity));
  if (cls == 24) {  // CKCID_LEVEL (a level cannot be created)
    event(ctx, "cannot create a level");
    return behavior_return::kOk;
  }
  std::string name = b.input_string(1);
  ObjectRef created;
  if (ctx.manager) created = ctx.manager->create_object(static_cast<uint32_t>(cls), name);
  b.set_output_object(0, created);
  event(ctx, "create object '" + name + "' of class " + std::to_string(cls));
  return behavior_return::kOk;
}

// TextureLoader ("Texture Load", without the loading thread): retroanim
// loads no images, so every load takes the path of a file that could not be
// loaded (Error), and the event names the file. No target texture: Error
// and CKBR_PARAMETERERROR.
int texture_load(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const ObjectRef* tex = b.target();
  if (!tex) {
    b.activate_output(1);
    return behavior_return::kParameterError;
  }
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    std::string file = b.input_string(0);
    event(ctx, file.empty() ? std::string("texture load: no file name")
                            : "texture '" + tex->name + "' not loaded (retroanim loads no images): " + file);
    b.activate_output(1);
    return behavior_return::kOk;
  }
  if (b.is_input_active(1)) b.activate_input(1, false);
  return behavior_return::kOk;
}

// SetAsActiveCamera: the target camera becomes the active camera
// (AttachViewpointToCamera). No target: CKBR_OWNERERROR.
int set_as_active_camera(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const ObjectRef* cam = b.target();
  if (!cam) return behavior_return::kOwnerError;
  in_to_out(b);
  if (ctx.manager) ctx.manager->set_active_camera(*cam);
  return behavior_return::kOk;
}

// SetColorLight ("Set Light Color"). No target light: CKBR_OWNERERROR.
int set_light_color(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const ObjectRef* light = b.target();
  if (!light) return behavior_return::kOwnerError;
  event(ctx, "light '" + light->name + "' color " + color_text(b, 0));
  return done(b);
}

// SetTexture: Out fires before the target material is checked (no material:
// CKBR_OWNERERROR after Out).
int set_texture(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  in_to_out(b);
  const ObjectRef* mat = b.target();
  if (!mat) return behavior_return::kOwnerError;
  event(ctx, "material '" + mat->name + "' texture '" + name_of(b.input_object(0)) + "'");
  return behavior_return::kOk;
}

// ChangeVideoFormat ("Change Texture Video Format"): a format outside 0..13
// fires Failed with CKBR_PARAMETERERROR; no target: CKBR_BEHAVIORERROR. With
// no render context (retroanim renders nothing) no format is found: Failed.
int change_texture_video_format(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  constexpr int32_t kFormatCount = 14;  // TEXTURE_VIDEO_FORMAT_COUNT
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    int32_t desired = b.input_int(0, 0);
    if (desired < 0 || desired >= kFormatCount) {
      b.activate_output(1);
      return behavior_return::kParameterError;
    }
    const ObjectRef* tex = b.target();
    if (!tex) return behavior_return::kBehaviorError;
    event(ctx, "texture '" + tex->name + "' video format " + std::to_string(desired) + ": no render context");
  }
  b.activate_output(1);
  return behavior_return::kOk;
}

// SetFog: Out fires first; the fog is recorded as an event.
int set_fog(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  in_to_out(b);
  char buf[160];
  std::snprintf(buf, sizeof buf, "fog mode %d start %g end %g density %g color ", b.input_int(0, 0),
                static_cast<double>(b.input_float(1, 0.0f)), static_cast<double>(b.input_float(2, 0.0f)),
                static_cast<double>(b.input_float(3, 0.0f)));
  event(ctx, buf + color_text(b, 4));
  return behavior_return::kOk;
}

// WavePlay ("Wave Player"): Play fires Start Playing and runs on until the
// sound stops (looped: the block stops at once); Stop fires End Playing
// (fade out 0) or runs on; Pause/Resume fires its output. retroanim plays no
// sound: like an engine without a sound device, IsPlaying() is false, so a
// sound started without Loop ends (End Playing) in the next frame. No target
// sound: CKBR_PARAMETERERROR.
int wave_player(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const ObjectRef* wave = b.target();
  if (!wave) return behavior_return::kParameterError;
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    bool loop = b.input_int(2, 0) != 0;
    char buf[64];
    std::snprintf(buf, sizeof buf, " (fade in %g ms%s)", static_cast<double>(b.input_float(0, 0.0f)),
                  loop ? ", loop" : "");
    event(ctx, "play sound '" + wave->name + "'" + buf);
    b.activate_output(0);
    return loop ? behavior_return::kOk : behavior_return::kActivateNextFrame;
  }
  if (b.inputs.size() > 2 && b.is_input_active(2)) {
    b.activate_input(2, false);
    b.activate_output(2);
    // Neither playing nor paused: falls through, as the source does.
  }
  if (b.is_input_active(1)) {
    b.activate_input(1, false);
    float fadeout = b.input_float(1, 0.0f);
    event(ctx, "stop sound '" + wave->name + "'");
    if (fadeout == 0.0f) {
      b.activate_output(1);
      return behavior_return::kOk;
    }
    return behavior_return::kActivateNextFrame;
  }
  b.activate_output(1);  // IsPlaying() is false: the sound is over
  return behavior_return::kOk;
}

// Sky (TT_Gravity "TT Sky"): On fires Exit On and builds the sky (an event
// naming its side materials), then runs every frame (the sky follows the
// camera when rendered); Off fires Exit Off and stops it.
int tt_sky(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    b.activate_output(0, true);
    std::string mats;
    for (int i = 7; i < static_cast<int>(b.input_params.size()); ++i)
      mats += (i > 7 ? ", " : "") + std::string("'") + name_of(b.input_object(i)) + "'";
    event(ctx, "sky on (radius " + std::to_string(b.input_float(3, 70.0f)) + ", materials " + mats + ")");
  }
  if (b.is_input_active(1)) {
    b.activate_input(1, false);
    b.activate_output(1, true);
    event(ctx, "sky off");
    return behavior_return::kOk;
  }
  return behavior_return::kActivateNextFrame;
}

// Point Particle System (the ParticleSystems plugin; no source among the
// references, so the control flow is read from the block's interface, G):
// On fires Exit On and starts the emission from the owner (an event), and
// the block runs every frame while it emits; Freeze fires Exit Freeze and
// toggles the frozen state (an event); Off fires Exit Off, stops the
// emission and the block. retroanim draws no particles.
int point_particle_system(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  const std::string emitter = "'" + b.owner.name + "'";
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    b.activate_output(0, true);
    event(ctx, "particles on (emitter " + emitter + ")");
  }
  if (b.is_input_active(2)) {
    b.activate_input(2, false);
    b.activate_output(2, true);
    event(ctx, "particles freeze toggled (emitter " + emitter + ")");
  }
  if (b.is_input_active(1)) {
    b.activate_input(1, false);
    b.activate_output(1, true);
    event(ctx, "particles off (emitter " + emitter + ")");
    return behavior_return::kOk;
  }
  return behavior_return::kActivateNextFrame;
}

// Debug (TT_Toolbox "TT_Debug"): the text goes to the console (an event), Exit fires.
int tt_debug(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  if (b.is_input_active(0)) {
    b.activate_input(0, false);
    if (b.input_int(3, 1) != 0) event(ctx, "debug: " + b.input_string(0));
  }
  b.activate_output(0, true);
  return behavior_return::kOk;
}

std::vector<BehaviorPrototype> narrative_prototypes() {
  std::vector<BehaviorPrototype> v;
  {
    BehaviorPrototype p = proto("Activate Script", kActivateScriptGuid, 0x00010000, {"In"}, {"Out"}, activate_script);
    p.input_params = {{"Reset ?", kBool, int_value(1), false}, {"Script", kScript, {}, false}};
    p.locals = {{"Awake Object", kBool, int_value(1), true}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Object Create", kObjectCreateGuid, 0x00010000, {"In"}, {"Out"}, object_create);
    p.input_params = {{"Class", kClassId, int_value(static_cast<int32_t>(class_id::k3dEntity)), false},
                      {"Name", kString, {}, false}};
    p.output_params = {{"Object", kObject, {}, false}};
    p.locals = {{"Dynamic", kBool, int_value(1), true}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Texture Load", kTextureLoadGuid, 0x00010000, {"On"}, {"Loaded", "Error"},
                                texture_load, true, class_id::kTexture, kTexture);
    p.input_params = {{"Texture File", kString, {}, false}, {"Slot", kInt, int_value(0), false}};
    v.push_back(p);
  }
  return v;
}

std::vector<BehaviorPrototype> effect_prototypes() {
  std::vector<BehaviorPrototype> v;
  v.push_back(proto("Set As Active Camera", kSetAsActiveCameraGuid, 0x00010000, {"In"}, {"Out"}, set_as_active_camera,
                    true, class_id::kCamera, kCamera));
  {
    BehaviorPrototype p = proto("Set Light Color", kSetLightColorGuid, 0x00010000, {"In"}, {"Out"}, set_light_color,
                                true, class_id::kLight, kLight);
    ParameterValue white;
    const float w[4] = {1, 1, 1, 1};
    white.set_bytes(w, sizeof w);
    p.input_params = {{"Color", kColor, white, false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Set Texture", kSetTextureGuid, 0x00010000, {"In"}, {"Out"}, set_texture, true,
                                class_id::kMaterial, kMaterial);
    p.input_params = {{"Texture", kTexture, {}, false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Change Texture Video Format", kChangeTextureVideoFormatGuid, 0x00010000, {"In"},
                                {"Success", "Failed"}, change_texture_video_format, true, class_id::kTexture, kTexture);
    p.input_params = {{"Desired Video Format", kInt, int_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Set Fog", kSetFogGuid, 0x00020000, {"In"}, {"Out"}, set_fog);
    p.input_params = {{"Fog Mode", kInt, int_value(0), false},
                      {"Fog Start", kFloat, float_value(0), false},
                      {"Fog End", kFloat, float_value(0), false},
                      {"Fog Density", kFloat, float_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("Wave Player", kWavePlayerGuid, 0x00010000, {"Play", "Stop", "Pause/Resume"},
                                {"Start Playing", "End Playing", "Paused/Resumed"}, wave_player, true,
                                class_id::kWaveSound, kWaveSound);
    p.input_params = {{"Fade In", kFloat, float_value(0), false},
                      {"Fade Out", kFloat, float_value(0), false},
                      {"Loop", kBool, int_value(0), false}};
    v.push_back(p);
  }
  {
    BehaviorPrototype p = proto("TT Sky", kTtSkyGuid, 0x00010000, {"On", "Off"}, {"Exit On", "Exit Off"}, tt_sky);
    v.push_back(p);
  }
  v.push_back(proto("Point Particle System", kPointParticleSystemGuid, 0x00010000, {"On", "Off", "Freeze"},
                    {"Exit On", "Exit Off", "Exit Freeze"}, point_particle_system, false, class_id::k3dEntity));
  {
    BehaviorPrototype p = proto("TT_Debug", kTtDebugGuid, 0x00010000, {"IN"}, {"Exit"}, tt_debug);
    p.input_params = {{"DebugText", kString, {}, false},
                      {"Console", kBool, int_value(1), false},
                      {"Log-File", kBool, int_value(0), false},
                      {"Enable", kBool, int_value(1), false}};
    v.push_back(p);
  }
  return v;
}

}  // namespace retroanim::ck::bb
