// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ck_anim only; must not compile: io is above anim.
#include "retroanim/ck/io/scene.h"
