// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ac_motion only; must not compile: io is above motion.
#include "retroanim/ac/io/dat_database.h"
