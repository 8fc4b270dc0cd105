# Install rules: the library, its public headers, the CMake package
# (retroanim::retroanim), retroanim.pc, the CLI, the docs and the licences;
# and the Debian package (cpack -G DEB).
install(TARGETS retroanim EXPORT retroanim-targets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Development
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(h IN LISTS RETROANIM_PUBLIC_HEADERS)
  get_filename_component(d ${h} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/include/${h} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${d})
endforeach()
install(FILES ${PROJECT_BINARY_DIR}/include/retroanim/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/retroanim)

set(RETROANIM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/retroanim)
install(EXPORT retroanim-targets NAMESPACE retroanim:: DESTINATION ${RETROANIM_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/retroanim-config.cmake.in
  ${PROJECT_BINARY_DIR}/retroanim-config.cmake INSTALL_DESTINATION ${RETROANIM_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/retroanim-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/retroanim-config.cmake ${PROJECT_BINARY_DIR}/retroanim-config-version.cmake
  DESTINATION ${RETROANIM_CMAKE_DIR})

# pkg-config. A static-only install puts what the archive needs into Libs
# (there is no shared library to carry it), so `cc x.c $(pkg-config --cflags
# --libs retroanim)` links either way; a shared install keeps it in Libs.private.
# Relocatable: paths relative to the .pc file (pkg-config's ${pcfiledir}), so
# the same file serves a prefix install, a .deb and `dpkg -x` into any root.
file(RELATIVE_PATH RETROANIM_PC_UP "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
string(REGEX REPLACE "/$" "" RETROANIM_PC_UP "${RETROANIM_PC_UP}")
set(RETROANIM_PC_PREFIX "\${pcfiledir}/${RETROANIM_PC_UP}")
file(RELATIVE_PATH RETROANIM_PC_LIBDIR "${CMAKE_INSTALL_PREFIX}" "${CMAKE_INSTALL_FULL_LIBDIR}")
set(RETROANIM_PC_LIBDIR "\${exec_prefix}/${RETROANIM_PC_LIBDIR}")
file(RELATIVE_PATH RETROANIM_PC_INCLUDEDIR "${CMAKE_INSTALL_PREFIX}" "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
set(RETROANIM_PC_INCLUDEDIR "\${prefix}/${RETROANIM_PC_INCLUDEDIR}")
set(RETROANIM_PC_CFLAGS "")
set(RETROANIM_PC_LIBS "")
if(NOT BUILD_SHARED_LIBS)
  set(RETROANIM_PC_CFLAGS " -DRETROANIM_STATIC")
  set(RETROANIM_PC_LIBS " ${RETROANIM_PC_LIBS_PRIVATE}")
  set(RETROANIM_PC_LIBS_PRIVATE "")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/retroanim.pc.in ${PROJECT_BINARY_DIR}/retroanim.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/retroanim.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

if(RETROANIM_INSTALL_HARNESS)
  # The optional libretroanim-harness (docs/C-API.md): its own component.
  install(TARGETS retroanim_harness_shared COMPONENT harness
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(FILES ${PROJECT_SOURCE_DIR}/harness/capi/retroanim_harness.h COMPONENT harness
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/retroanim-harness)
endif()
if(TARGET retroanim_cli)
  install(TARGETS retroanim_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # The viewer of `retroanim view`: the files its MANIFEST lists, to
  # share/retroanim/viewer, where the CLI looks beside its bin/ folder. three.js's
  # files (tools/viewer/node_modules, from npm ci) are installed when present.
  file(STRINGS ${PROJECT_SOURCE_DIR}/tools/viewer/MANIFEST RETROANIM_VIEWER_FILES REGEX "^[^#]")
  set(RETROANIM_VIEWER_DEST ${CMAKE_INSTALL_DATADIR}/retroanim/viewer)
  install(FILES ${PROJECT_SOURCE_DIR}/tools/viewer/MANIFEST DESTINATION ${RETROANIM_VIEWER_DEST})
  foreach(f IN LISTS RETROANIM_VIEWER_FILES)
    get_filename_component(d ${f} DIRECTORY)
    install(FILES ${PROJECT_SOURCE_DIR}/tools/viewer/${f} DESTINATION ${RETROANIM_VIEWER_DEST}/${d} OPTIONAL)
  endforeach()
  install(FILES ${PROJECT_SOURCE_DIR}/tools/viewer/node_modules/three/LICENSE
    DESTINATION ${RETROANIM_VIEWER_DEST}/node_modules/three OPTIONAL)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/THIRD-PARTY-NOTICES.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# Debian package: `cpack -G DEB` in the build directory.
set(CPACK_PACKAGE_NAME retroanim)
set(CPACK_PACKAGE_VENDOR "retroanim")
set(CPACK_PACKAGE_CONTACT "retroanim maintainers <retroanim@localhost>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "zlib1g, libstdc++6, libgcc-s1, libc6")
if(NOT BUILD_SHARED_LIBS)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "zlib1g, zlib1g-dev, libstdc++6, libgcc-s1, libc6")  # the CLI loads zlib; the static library needs its -dev
endif()
if(TARGET retroanim_export)
  # The CLI's glTF export links Debian's tinygltf shared library.
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libtinygltf2d")
endif()
if(RETROANIM_PYTHON)
  # The Python module (usr/lib/python3/dist-packages/retroanim), built for this interpreter.
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS
         ", python3 (>= ${Python_VERSION_MAJOR}.${Python_VERSION_MINOR}), python3 (<< ${Python_VERSION_MAJOR}.${Python_VERSION_MINOR}.999), python3-numpy")
endif()
include(CPack)
