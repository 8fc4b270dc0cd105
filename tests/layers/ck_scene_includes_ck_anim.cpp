// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ck_scene only; must not compile: anim is above scene.
#include "retroanim/ck/anim/object_animation.h"
