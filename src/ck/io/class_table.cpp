#include "retroanim/ck/io/class_table.h"

#include <array>

namespace retroanim::ck::io {

namespace {

// CK_CLASSID values and parents (Virtools-SDK-2.1 Include/CKDefines.h and the
// class declarations in Include/CK*.h).
constexpr ClassInfo kClasses[] = {
    {1, "Object", 0},
    {2, "ParameterIn", 1},
    {3, "ParameterOut", 46},
    {4, "ParameterOperation", 1},
    {5, "State", 1},
    {6, "BehaviorLink", 1},
    {8, "Behavior", 11},
    {9, "BehaviorIO", 1},
    {10, "Scene", 19},
    {11, "SceneObject", 1},
    {12, "RenderContext", 1},
    {13, "KinematicChain", 1},
    {15, "ObjectAnimation", 11},
    {16, "Animation", 11},
    {18, "KeyedAnimation", 16},
    {19, "BeObject", 11},
    {20, "Synchro", 1},
    {21, "Level", 19},
    {22, "Place", 33},
    {23, "Group", 19},
    {24, "Sound", 19},
    {25, "WaveSound", 24},
    {26, "MidiSound", 24},
    {27, "2dEntity", 47},
    {28, "Sprite", 27},
    {29, "SpriteText", 28},
    {30, "Material", 19},
    {31, "Texture", 19},
    {32, "Mesh", 19},
    {33, "3dEntity", 47},
    {34, "Camera", 33},
    {35, "TargetCamera", 34},
    {36, "CurvePoint", 33},
    {37, "Sprite3D", 33},
    {38, "Light", 33},
    {39, "TargetLight", 38},
    {40, "Character", 33},
    {41, "3dObject", 33},
    {42, "BodyPart", 41},
    {43, "Curve", 33},
    {45, "ParameterLocal", 46},
    {46, "Parameter", 1},
    {47, "RenderObject", 19},
    {48, "InterfaceObjectManager", 1},
    {49, "CriticalSection", 1},
    {50, "Grid", 33},
    {51, "Layer", 1},
    {52, "DataArray", 19},
    {53, "PatchMesh", 32},
};

constexpr uint32_t kMaxClass = 128;

constexpr std::array<int, kMaxClass> make_index() {
  std::array<int, kMaxClass> idx{};
  for (auto& v : idx) v = -1;
  for (size_t i = 0; i < std::size(kClasses); ++i) idx[kClasses[i].id] = static_cast<int>(i);
  return idx;
}

constexpr std::array<int, kMaxClass> kIndex = make_index();

}  // namespace

const ClassInfo* find_class(uint32_t class_id) {
  if (class_id >= kMaxClass || kIndex[class_id] < 0) return nullptr;
  return &kClasses[kIndex[class_id]];
}

std::string class_name(uint32_t class_id) {
  if (const ClassInfo* c = find_class(class_id)) return c->name;
  return "Class " + std::to_string(class_id);
}

// CKIsChildClassOf
bool is_child_class_of(uint32_t class_id, uint32_t ancestor) {
  for (int guard = 0; guard < 16; ++guard) {
    if (class_id == ancestor) return true;
    const ClassInfo* c = find_class(class_id);
    if (!c || c->parent == 0) return false;
    class_id = c->parent;
  }
  return false;
}

}  // namespace retroanim::ck::io
