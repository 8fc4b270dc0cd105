// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ac_object only; must not compile: motion is above object.
#include "retroanim/ac/motion/motion_table.h"
