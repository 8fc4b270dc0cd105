// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ck_anim only; must not compile: a private header of a higher layer.
#include "ck/io/object_errors.h"
