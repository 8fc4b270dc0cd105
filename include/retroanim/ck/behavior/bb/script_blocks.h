// The building blocks on the paths of MenuLevel.nmo's scripts besides the
// four animation blocks (issue 19): logic (Logics: Op, Test, Parameter
// Selector, Sequencer, Create String, Switch On Message, Random, Delayer,
// Get Cell, Get Row, Add To Group), narratives (Activate Script, Object
// Create, Texture Load) and blocks whose effect lies outside the animation
// runtime (Set As Active Camera, Set Light Color, Set Texture, Change
// Texture Video Format, Set Fog, Wave Player, TT Sky, TT_Debug, Point
// Particle System). Each follows
// its source's control flow (which outputs fire, when, which results); an
// effect retroanim does not model (sound, texture, light, fog, sky, console)
// is recorded as an event in BehaviorManager::events(). docs/FIDELITY.md
// lists each with its GUID, source and what is verified.
#pragma once

#include <vector>

#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck::bb {

inline constexpr Guid kOpGuid{0x2d5d6d01, 0x6a353eb0};
inline constexpr Guid kTestGuid{0x17d66d26, 0x726b7dec};
inline constexpr Guid kParameterSelectorGuid{0x63eb2b0c, 0x27e2767e};
inline constexpr Guid kSequencerGuid{0x42530844, 0x257b6053};
inline constexpr Guid kCreateStringGuid{0x4bcd2f9d, 0x382652e2};
inline constexpr Guid kSwitchOnMessageGuid{0x1bb23f1d, 0x17ff14b9};
inline constexpr Guid kRandomGuid{0x0c622386, 0x1c3054f7};
inline constexpr Guid kDelayerGuid{0x15d472a5, 0x3bea409f};
inline constexpr Guid kGetCellGuid{0x33b99f51, 0x07d95c45};
inline constexpr Guid kGetRowGuid{0x33b77f41, 0x07b95c45};
inline constexpr Guid kAddToGroupGuid{0x00024125, 0x785420ab};
inline constexpr Guid kActivateScriptGuid{0x4c7e7bc3, 0x0b693155};
inline constexpr Guid kObjectCreateGuid{0x271538e6, 0x2fae49ac};
inline constexpr Guid kTextureLoadGuid{0x00e85ab1, 0x312a731c};
inline constexpr Guid kSetAsActiveCameraGuid{0x368f0ab1, 0x2d8957e4};
inline constexpr Guid kSetLightColorGuid{0x32115590, 0x78951230};
inline constexpr Guid kSetTextureGuid{0xeb123eb5, 0x5be321be};
inline constexpr Guid kChangeTextureVideoFormatGuid{0xf56d92ef, 0x41eb20c1};
inline constexpr Guid kSetFogGuid{0x151aaaaa, 0xffd5bdbc};
inline constexpr Guid kWavePlayerGuid{0x5bde0e45, 0x2e2107d5};
inline constexpr Guid kTtSkyGuid{0x36691920, 0x3b261630};
inline constexpr Guid kTtDebugGuid{0x4a446c43, 0x66fa2375};
inline constexpr Guid kPointParticleSystemGuid{0x506b40f7, 0x30852e46};

// CK_COMPOPERATOR (Test's first pin).
namespace comp_operator {
inline constexpr int32_t kEqual = 1;
inline constexpr int32_t kNotEqual = 2;
inline constexpr int32_t kLess = 3;
inline constexpr int32_t kLessEqual = 4;
inline constexpr int32_t kGreater = 5;
inline constexpr int32_t kGreaterEqual = 6;
}  // namespace comp_operator

// The prototypes of the blocks above (pins as their sources declare them).
std::vector<BehaviorPrototype> logic_prototypes();
std::vector<BehaviorPrototype> narrative_prototypes();
std::vector<BehaviorPrototype> effect_prototypes();

// The execute functions.
int op(const BehaviorContext& ctx);                      // DoOpera
int test(const BehaviorContext& ctx);                    // Test
int parameter_selector(const BehaviorContext& ctx);      // ParameterSelector
int sequencer(const BehaviorContext& ctx);               // Sequencer2
int create_string(const BehaviorContext& ctx);           // CreateString
int switch_on_message(const BehaviorContext& ctx);       // SwitchOnMessage
int random(const BehaviorContext& ctx);                  // Random
int delayer(const BehaviorContext& ctx);                 // TimerMini
int get_cell(const BehaviorContext& ctx);                // ArrayGetElement
int get_row(const BehaviorContext& ctx);                 // ArrayGetLine
int add_to_group(const BehaviorContext& ctx);            // AddToGroup
int activate_script(const BehaviorContext& ctx);         // ActivateScript
int object_create(const BehaviorContext& ctx);           // ObjectCreator
int texture_load(const BehaviorContext& ctx);            // TextureLoader
int set_as_active_camera(const BehaviorContext& ctx);    // SetAsActiveCamera
int set_light_color(const BehaviorContext& ctx);         // SetColorLight
int set_texture(const BehaviorContext& ctx);             // SetTexture
int change_texture_video_format(const BehaviorContext& ctx);  // ChangeVideoFormat
int set_fog(const BehaviorContext& ctx);                 // SetFog
int wave_player(const BehaviorContext& ctx);             // WavePlay
int tt_sky(const BehaviorContext& ctx);                  // Sky (TT_Gravity)
int tt_debug(const BehaviorContext& ctx);                // Debug (TT_Toolbox)

// (retroanim's own) A printf-style format of Create String applied to one
// value, safely: a format with exactly one conversion of the value's kind
// (d i o u x X c for an integer, e E f g G for a float, s for text) is
// applied; any other format gives the text of the value unchanged.
std::string format_int(const std::string& format, int32_t v);
std::string format_float(const std::string& format, float v);
std::string format_text(const std::string& format, const std::string& text);

}  // namespace retroanim::ck::bb
