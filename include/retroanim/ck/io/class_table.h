// The Virtools class table (CK_CLASSID): every class id retroanim knows, with
// the class name and its parent, as the SDK's CKDefines.h and class headers
// give them (Virtools-SDK-2.1). Used to name objects and to test class
// inheritance (CKIsChildClassOf).
#pragma once

#include <cstdint>
#include <string>

namespace retroanim::ck::io {

// One class: its id, the SDK name without the "CK" prefix (e.g. "3dEntity")
// and its parent class id (0 for CKObject, the root).
struct ClassInfo {
  uint32_t id = 0;
  const char* name = nullptr;
  uint32_t parent = 0;
};

// The class with id `class_id`, or nullptr when retroanim does not know it.
const ClassInfo* find_class(uint32_t class_id);

// The class name ("3dEntity"), or "Class N" for an unknown id.
std::string class_name(uint32_t class_id);

// CKIsChildClassOf: true when `class_id` is `ancestor` or derives from it.
// Unknown classes derive only from themselves.
bool is_child_class_of(uint32_t class_id, uint32_t ancestor);

}  // namespace retroanim::ck::io
