# reconbound_add_plugin(NAME <name> SOURCES <files...> [LIBRARIES <targets...>])
#
# Builds a plugin: a MODULE library reconbound-<name>.so, C++20, hidden visibility, linked
# against reconbound::sdk alone (docs/writing-a-plugin.md). One definition serves the reconbound
# tree and plugins built out of tree against an installed reconbound, where
# find_package(reconbound) provides this function. Variables of the calling scope, all
# optional (the reconbound tree sets them, an out-of-tree build may):
#   RECONBOUND_PLUGIN_BUILD_DIR            folder the plugin is built into
#                                          (default: the current build folder)
#   RECONBOUND_PLUGIN_INSTALL_DESTINATION  where `cmake --install` puts it (default: not installed)
# Every plugin target is also appended to the global property RECONBOUND_PLUGIN_TARGETS.
function(reconbound_add_plugin)
  cmake_parse_arguments(ARG "" "NAME" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_NAME OR NOT ARG_SOURCES)
    message(FATAL_ERROR "reconbound_add_plugin needs NAME and SOURCES")
  endif()
  set(output_dir "${CMAKE_CURRENT_BINARY_DIR}")
  if(RECONBOUND_PLUGIN_BUILD_DIR)
    set(output_dir "${RECONBOUND_PLUGIN_BUILD_DIR}")
  endif()
  set(target reconbound-plugin-${ARG_NAME})
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE reconbound::sdk ${ARG_LIBRARIES})
  # The reconbound tree's warning flags (-Werror in its release preset); absent out of tree.
  if(TARGET reconbound_warnings)
    target_link_libraries(${target} PRIVATE reconbound_warnings)
  endif()
  target_compile_features(${target} PRIVATE cxx_std_20)
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME reconbound-${ARG_NAME}
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY "${output_dir}")
  if(RECONBOUND_PLUGIN_INSTALL_DESTINATION)
    install(TARGETS ${target} LIBRARY DESTINATION "${RECONBOUND_PLUGIN_INSTALL_DESTINATION}")
  endif()
  set_property(GLOBAL APPEND PROPERTY RECONBOUND_PLUGIN_TARGETS ${target})
endfunction()
