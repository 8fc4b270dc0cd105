// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ck_behavior only; must not compile: the other engine.
#include "retroanim/ac/anim/animation.h"
