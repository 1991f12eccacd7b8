# Helpers of the reconbound tree itself, not installed: the data set location, the folder
# walker and reconbound_add_test. (reconbound_add_plugin, which the SDK installs too, is in
# ReconboundPlugin.cmake.)

# The gzipped IDX images of Debian's dataset-fashion-mnist: the CLI's default data set
# ("--data fashion-mnist", core/sdk/src/data/load_dataset.cpp) and the real images of the tests
# and benchmarks. The one place where their location is written down.
set(RECONBOUND_FASHION_MNIST_DIR "/usr/share/datasets/fashion-mnist" CACHE PATH
    "Folder of Debian's dataset-fashion-mnist")
set(RECONBOUND_FASHION_MNIST_TRAIN_IMAGES "${RECONBOUND_FASHION_MNIST_DIR}/train-images-idx3-ubyte.gz")
set(RECONBOUND_FASHION_MNIST_TEST_IMAGES "${RECONBOUND_FASHION_MNIST_DIR}/t10k-images-idx3-ubyte.gz")

# Adds every sub-folder with a CMakeLists.txt of the given folders (plugin kinds, tests). A
# folder may be a glob pattern: "plugins/*" adds plugins/<kind>/<name>.
macro(reconbound_add_subfolders)
  foreach(kind_dir ${ARGN})
    file(GLOB plugin_dirs LIST_DIRECTORIES true "${CMAKE_CURRENT_SOURCE_DIR}/${kind_dir}/*")
    foreach(dir ${plugin_dirs})
      if(EXISTS "${dir}/CMakeLists.txt")
        add_subdirectory("${dir}")
      endif()
    endforeach()
  endforeach()
endmacro()

# The seed of the RapidCheck property tests under ctest (RC_PARAMS="seed=..."): fixed, so a
# run is reproducible. RECONBOUND_PROPERTY_SEED in the environment of a test run overrides
# it (a number, or "random"); see docs/testing.md and tests/support/property_seed.cpp.
set(RECONBOUND_PROPERTY_SEED "2024" CACHE STRING "RapidCheck seed of the property tests under ctest")

# reconbound_add_test(NAME <name> SOURCES <files...> LABELS <labels...> [LIBRARIES <targets...>])
#
# A GoogleTest executable registered with ctest under the given labels. Tests run
# from the build tree and find the plugins through the build plugin folder.
function(reconbound_add_test)
  cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SOURCES;LABELS;LIBRARIES" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE reconbound_internal reconbound::verify
    reconbound_warnings GTest::gtest GTest::gtest_main rapidcheck_gtest ${ARG_LIBRARIES})
  set_target_properties(${ARG_NAME} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tests")
  if(NOT TARGET reconbound_property_seed)
    add_library(reconbound_property_seed OBJECT "${PROJECT_SOURCE_DIR}/tests/support/property_seed.cpp")
    target_link_libraries(reconbound_property_seed PRIVATE reconbound_warnings GTest::gtest rapidcheck)
  endif()
  target_link_libraries(${ARG_NAME} PRIVATE reconbound_property_seed)
  add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 600)
  endif()
  set_tests_properties(${ARG_NAME} PROPERTIES
    LABELS "${ARG_LABELS}"
    TIMEOUT ${ARG_TIMEOUT}
    ENVIRONMENT "RECONBOUND_SOURCE_DIR=${PROJECT_SOURCE_DIR};RC_PARAMS=seed=${RECONBOUND_PROPERTY_SEED}")
  get_property(plugins GLOBAL PROPERTY RECONBOUND_PLUGIN_TARGETS)
  if(plugins)
    add_dependencies(${ARG_NAME} ${plugins})
  endif()
endfunction()
