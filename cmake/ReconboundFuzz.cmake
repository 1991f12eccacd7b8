# reconbound_add_fuzzer(NAME <name> SOURCES <files...>)
#
# With clang, a libFuzzer target (-fsanitize=fuzzer,address,undefined): run it as
#   build/fuzz/<name>_fuzzer fuzz/corpus/<name>
# With any other compiler, the same entry point linked to a replay driver; either way a
# ctest (label `unit`) replays the committed corpus fuzz/corpus/<name>/ so that every
# input that once crashed stays fixed.
function(reconbound_add_fuzzer)
  cmake_parse_arguments(ARG "" "NAME" "SOURCES" ${ARGN})
  set(target ${ARG_NAME}_fuzzer)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    add_executable(${target} ${ARG_SOURCES})
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_options(${target} PRIVATE -fsanitize=fuzzer,address,undefined)
    set(replay_args -runs=0)
  else()
    add_executable(${target} ${ARG_SOURCES} ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
    set(replay_args)
  endif()
  target_link_libraries(${target} PRIVATE reconbound_internal reconbound_warnings)
  set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/fuzz")
  if(RECONBOUND_BUILD_TESTS)
    add_test(NAME fuzz_replay_${ARG_NAME}
             COMMAND ${target} ${replay_args} ${PROJECT_SOURCE_DIR}/fuzz/corpus/${ARG_NAME})
    set_tests_properties(fuzz_replay_${ARG_NAME} PROPERTIES LABELS unit TIMEOUT 300)
  endif()
endfunction()
