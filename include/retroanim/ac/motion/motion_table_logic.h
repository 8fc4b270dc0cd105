// The logic of the client's CMotionTable (CMTable module): how a motion command
// changes a MotionState and the animations and physics of a sequence. Every
// function is a port of the client function named beside it; the counts they
// return ("num_anims") are the number of link animations the command added,
// which MotionTableManager waits for before reporting the motion done.
#pragma once

#include <cstdint>

#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_state.h"
#include "retroanim/ac/motion/motion_table.h"

namespace retroanim::ac {

// The client's threshold below which a speed counts as zero in
// change_cycle_speed (the float 0.0002, printed 0.00019999999).
inline constexpr float kMotionSpeedEpsilon = 0.0002f;

// How deeply re_modify may re-enter GetObjectSequence. The client has no limit
// and recurses without end (a stack overflow) on tables where two substates that
// are also modifiers can be entered from each other; past this depth re_modify
// stops re-applying modifiers. Real tables never come close (depth 1 or 2).
inline constexpr int kMaxReModifyDepth = 16;

// How many modifiers re_modify may re-apply, in all, for one command: with
// nesting, the client's work can grow as (number of modifiers)^depth on such
// tables; past this count re_modify stops re-applying modifiers.
inline constexpr uint32_t kMaxReModifyCalls = 256;

// same_sign (0x522260): true when both are >= 0 or both are < 0 (a NaN counts
// as negative for the first argument and as non-negative for the second).
bool same_sign(float a, float b);

// add_motion (0x5224B0): sets the sequence's velocity and omega to the
// motion's scaled by speed and appends its animations with framerates scaled
// by speed. Null data does nothing.
void add_motion(MotionSequence& sequence, const MotionData* data, float speed_mod);

// combine_motion (0x522580): adds the motion's velocity and omega scaled by speed.
void combine_motion(MotionSequence& sequence, const MotionData* data, float speed_mod);

// subtract_motion (0x522600): subtracts the motion's velocity and omega scaled by speed.
void subtract_motion(MotionSequence& sequence, const MotionData* data, float speed_mod);

// change_cycle_speed (0x522290): multiplies the cyclic framerates by
// new/old; when the old speed is (near) zero, only a new (near) zero speed
// does anything (multiplies by 0), so a cycle stopped at speed 0 stays stopped.
void change_cycle_speed(MotionSequence& sequence, const MotionData* data, float old_speed, float new_speed);

// CMotionTable::get_link (0x522710): the link from substate to motion in a
// style. Forward (both speeds >= 0): links[style|substate][motion], else
// links[style << 16][motion]. Backward (either speed < 0): links[style|motion]
// [substate], else links[style|substate][the style's default substate].
const MotionData* get_link(const MotionTable& table, uint32_t style, uint32_t substate, float substate_speed,
                           uint32_t motion, float speed);

// CMotionTable::is_allowed (0x5226C0): false for null data; a cycle with
// bitfield bit 2 may only be entered when the object is in its style's default
// substate (or is already in that cycle).
bool is_allowed(const MotionTable& table, uint32_t motion, const MotionData* data, const MotionState& state);

// CMotionTable::re_modify (0x5222E0): re-applies the modifier list after the
// cycle changed. As in the client, the list's head is taken again on every
// pass (it is removed and re-added at the head), so with n modifiers the newest
// one is applied n times and the older ones stay listed without their physics.
void re_modify(const MotionTable& table, MotionSequence& sequence, MotionState& state);

// CMotionTable::GetObjectSequence (0x522860): performs a motion command (a
// style 0x80000000, a substate 0x40000000, an action 0x10000000 or a modifier
// 0x20000000, tried in that order). Returns false, with state and sequence
// unchanged, when the table cannot perform it. num_anims receives the number
// of link animations added (unsigned arithmetic, as in the client).
bool get_object_sequence(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                         float speed_mod, uint32_t& num_anims, bool stop_modifiers);

// CMotionTable::StopSequenceMotion (0x522FC0): stops the current substate (by
// going to the style's default substate at speed 1) or removes an active
// modifier and subtracts its physics. False when the motion is neither.
bool stop_sequence_motion(const MotionTable& table, uint32_t motion, float speed, MotionState& state,
                          MotionSequence& sequence, uint32_t& num_anims);

// CMotionTable::SetDefaultState (0x5230A0): clears modifiers and actions, puts
// the state in the default style's default substate at speed 1, clears the
// sequence and appends that cycle. num_anims = the cycle's count - 1. False
// (nothing changed) when the default style has no default substate or cycle.
bool set_default_state(const MotionTable& table, MotionState& state, MotionSequence& sequence, uint32_t& num_anims);

// CMotionTable::DoObjectMotion (0x523E90): GetObjectSequence without stopping modifiers.
bool do_object_motion(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                      float speed_mod, uint32_t& num_anims);

// CMotionTable::StopObjectMotion: StopSequenceMotion (the client's body is
// identical; its address is not in the decompilation).
bool stop_object_motion(const MotionTable& table, uint32_t motion, float speed, MotionState& state,
                        MotionSequence& sequence, uint32_t& num_anims);

// CMotionTable::StopObjectCompletely (0x523ED0): stops every modifier (head
// first), then the substate. True when anything was stopped.
bool stop_object_completely(const MotionTable& table, MotionState& state, MotionSequence& sequence,
                            uint32_t& num_anims);

}  // namespace retroanim::ac
