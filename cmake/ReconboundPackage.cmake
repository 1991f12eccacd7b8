# The CMake package of the SDK (docs/writing-a-plugin.md): `cmake --install` writes
# <prefix>/lib/cmake/reconbound/ so that find_package(reconbound) gives the targets of the
# export set reconboundTargets under the namespace reconbound:: (reconbound::sdk, ::engine, ::jobs, ...)
# and reconbound_add_plugin. Include it after every target of the export set is defined.
include(CMakePackageConfigHelpers)

set(RECONBOUND_PACKAGE_DESTINATION lib/cmake/reconbound)

install(EXPORT reconboundTargets
  NAMESPACE reconbound::
  DESTINATION ${RECONBOUND_PACKAGE_DESTINATION}
  FILE reconboundTargets.cmake)

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/reconboundConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/package/reconboundConfig.cmake"
  INSTALL_DESTINATION ${RECONBOUND_PACKAGE_DESTINATION})
# 0.x: a new minor version may change the plugin interfaces.
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/package/reconboundConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)

install(FILES
  "${CMAKE_BINARY_DIR}/package/reconboundConfig.cmake"
  "${CMAKE_BINARY_DIR}/package/reconboundConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/ReconboundPlugin.cmake"
  DESTINATION ${RECONBOUND_PACKAGE_DESTINATION})
