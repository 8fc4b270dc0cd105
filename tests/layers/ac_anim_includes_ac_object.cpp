// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ac_anim only; must not compile: object is above anim.
#include "retroanim/ac/object/setup.h"
