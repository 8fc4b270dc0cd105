# The layer rule of docs/ARCHITECTURE.md, held by the build.
#
# Each layer of the library is an OBJECT target that compiles with one include
# folder of its own, build/layers/<layer>/, made of symbolic links to exactly
# the header folders the layer may use: its own and those of the layers below
# it (public headers under retroanim/..., private ones under src/ as ck/anim/...,
# io/...). A source that includes a header of a higher layer, or of the other
# engine, fails to compile ("No such file or directory"). Users see none of
# this: one library, retroanim::retroanim, and one header tree, include/.
#
#   foundation                 math, io, the worker pool, error.h
#   ck_scene < ck_anim < ck_io < ck_behavior          (each on the foundation)
#   ac_anim < ac_object < ac_motion < ac_io           (each on the foundation)
#   capi                       the C API, on both engines
#   export                     the glTF exporter (tinygltf), on both engines

set(RETROANIM_LAYER_ROOT ${PROJECT_BINARY_DIR}/layers)

# retroanim_include_tree(NAME PUBLIC paths... PRIVATE paths...): the folder
# ${RETROANIM_LAYER_ROOT}/NAME with a link for each path. PUBLIC paths are
# relative to include/ (or the generated build/include/), PRIVATE ones to src/.
function(retroanim_include_tree name)
  cmake_parse_arguments(T "" "" "PUBLIC;PRIVATE;HARNESS" ${ARGN})
  set(root ${RETROANIM_LAYER_ROOT}/${name})
  file(REMOVE_RECURSE ${root})
  foreach(p IN LISTS T_PUBLIC)
    if(EXISTS ${PROJECT_SOURCE_DIR}/include/${p})
      set(target ${PROJECT_SOURCE_DIR}/include/${p})
    else()
      set(target ${PROJECT_BINARY_DIR}/include/${p})
    endif()
    get_filename_component(parent ${root}/${p} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${target} ${root}/${p} SYMBOLIC)
  endforeach()
  foreach(p IN LISTS T_PRIVATE)
    get_filename_component(parent ${root}/${p} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${p} ${root}/${p} SYMBOLIC)
  endforeach()
  foreach(p IN LISTS T_HARNESS)
    file(MAKE_DIRECTORY ${root})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${p} ${root}/${p} SYMBOLIC)
  endforeach()
endfunction()

set(RETROANIM_FOUNDATION_PUBLIC retroanim/math retroanim/io retroanim/error.h retroanim/fp_strict.h
    retroanim/export.h retroanim/worker_pool.h retroanim/version.h)
set(RETROANIM_FOUNDATION_PRIVATE io math)

# retroanim_layer(NAME DIRS folders... BELOW layers... PUBLIC paths... PRIVATE paths...):
# the OBJECT target retroanim_NAME compiling src/<folder>/*.cpp (each folder
# non-recursively) with the include tree of its own paths and those of BELOW.
function(retroanim_layer name)
  cmake_parse_arguments(L "" "" "DIRS;BELOW;PUBLIC;PRIVATE" ${ARGN})
  set(pub ${L_PUBLIC})
  set(priv ${L_PRIVATE})
  foreach(b IN LISTS L_BELOW)
    get_property(bp GLOBAL PROPERTY RETROANIM_LAYER_PUBLIC_${b})
    get_property(bv GLOBAL PROPERTY RETROANIM_LAYER_PRIVATE_${b})
    list(APPEND pub ${bp})
    list(APPEND priv ${bv})
  endforeach()
  list(REMOVE_DUPLICATES pub)
  list(REMOVE_DUPLICATES priv)
  set_property(GLOBAL PROPERTY RETROANIM_LAYER_PUBLIC_${name} ${pub})
  set_property(GLOBAL PROPERTY RETROANIM_LAYER_PRIVATE_${name} ${priv})
  retroanim_include_tree(${name} PUBLIC ${pub} PRIVATE ${priv})
  set(srcs)
  foreach(d IN LISTS L_DIRS)
    file(GLOB s CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${d}/*.cpp)
    list(APPEND srcs ${s})
  endforeach()
  add_library(retroanim_${name} OBJECT ${srcs})
  set_target_properties(retroanim_${name} PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_compile_features(retroanim_${name} PUBLIC cxx_std_20)
  # Position-independent code with default-visibility public functions would let
  # GCC assume each of them may be interposed by another shared object, so calls
  # inside the library to its own public functions could not be inlined, cloned
  # or register-allocated across (measured: Curve::get_pos +3 % instructions).
  # The library does not support interposing its own symbols; Clang assumes this.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(retroanim_${name} PRIVATE -fno-semantic-interposition)
  endif()
  retroanim_public_visibility(retroanim_${name} "${RETROANIM_PUBLIC_HEADERS}")
  target_include_directories(retroanim_${name} PRIVATE ${RETROANIM_LAYER_ROOT}/${name})
  target_compile_definitions(retroanim_${name} PRIVATE RETROANIM_BUILDING_LIBRARY)
  target_link_libraries(retroanim_${name} PRIVATE ZLIB::ZLIB Threads::Threads retroanim_dev_flags)
  foreach(b IN LISTS L_BELOW)
    target_link_libraries(retroanim_${name} PRIVATE retroanim_${b})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY RETROANIM_LAYERS retroanim_${name})
endfunction()
