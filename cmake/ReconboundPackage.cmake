# The CMake package of the SDK (docs/writing-a-plugin.md, "Building out of tree"):
# find_package(reconbound) gives the exported targets under the namespace reconbound:: and
# reconbound_add_plugin, from an install prefix or from this build tree. Two export sets:
#   reconboundSdkTargets  reconbound::sdk, what a plugin links; the install component `sdk`
#                         with the package's own files, so `cmake --install <build> --component
#                         sdk --prefix <prefix>` is a package that builds plugins
#   reconboundTargets     reconbound::engine, ::jobs, ::reference, ::conformance: the full
#                         install's (CMake's default component)
# Include it after every target of both export sets is defined.
include(CMakePackageConfigHelpers)

set(RECONBOUND_PACKAGE_DESTINATION lib/cmake/reconbound)

install(EXPORT reconboundSdkTargets
  NAMESPACE reconbound::
  DESTINATION ${RECONBOUND_PACKAGE_DESTINATION}
  FILE reconboundSdkTargets.cmake
  COMPONENT sdk)
install(EXPORT reconboundTargets
  NAMESPACE reconbound::
  DESTINATION ${RECONBOUND_PACKAGE_DESTINATION}
  FILE reconboundTargets.cmake)

# The package's files, written once into the build tree's top folder, where they serve
# `-Dreconbound_DIR=<build>` as they are, and installed from there: the config finds the
# targets' files and ReconboundPlugin.cmake beside itself.
configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/reconboundConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/reconboundConfig.cmake"
  INSTALL_DESTINATION ${RECONBOUND_PACKAGE_DESTINATION}
  NO_SET_AND_CHECK_MACRO)
# 0.x: a new minor version may change the plugin interfaces.
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/reconboundConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
configure_file("${CMAKE_CURRENT_LIST_DIR}/ReconboundPlugin.cmake" "${CMAKE_BINARY_DIR}/ReconboundPlugin.cmake"
  COPYONLY)

# The build tree's targets (their libraries in <build>/lib, their headers in the sources): the
# SDK and the shared libraries. reconbound::reference and ::conformance are the installed
# package's only: their link interface names the tree's warning flags (reconbound_warnings,
# outside any export set) in the build tree.
export(EXPORT reconboundSdkTargets
  NAMESPACE reconbound::
  FILE "${CMAKE_BINARY_DIR}/reconboundSdkTargets.cmake")
export(TARGETS reconbound_engine reconbound_jobs
  NAMESPACE reconbound::
  FILE "${CMAKE_BINARY_DIR}/reconboundTargets.cmake")

install(FILES
  "${CMAKE_BINARY_DIR}/reconboundConfig.cmake"
  "${CMAKE_BINARY_DIR}/reconboundConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/ReconboundPlugin.cmake"
  DESTINATION ${RECONBOUND_PACKAGE_DESTINATION}
  COMPONENT sdk)
