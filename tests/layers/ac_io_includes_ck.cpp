// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ac_io only; must not compile: the other engine.
#include "retroanim/ck/scene/entity.h"
