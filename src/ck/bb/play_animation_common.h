// Helpers shared by Play Animation 3D Entity and Play Global Animation.
#pragma once

#include "retroanim/ck/behavior.h"

namespace retroanim::ck::bb {

// The Duration pin: an Integer pin reads its real source's int (the
// "intermediary version" patch); otherwise the float (Time) value. Default 5000 ms.
float play_animation_duration(const Behavior& beh);

// (float)(int)p, the loop wrap, without UB past the int range.
float play_animation_whole_part(float p);

}  // namespace retroanim::ck::bb
