# Compiler warnings and sanitizers for every reconbound target.
add_library(reconbound_warnings INTERFACE)
target_compile_options(reconbound_warnings INTERFACE -Wall -Wextra -Wpedantic
  $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>)
if(RECONBOUND_WERROR)
  target_compile_options(reconbound_warnings INTERFACE -Werror)
endif()

if(RECONBOUND_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# The fuzz preset instruments every target (the parsers live in the core library), so
# libFuzzer gets coverage feedback from them; only the fuzz executables link libFuzzer.
option(RECONBOUND_FUZZ_INSTRUMENT "Instrument all code for libFuzzer (clang only)" OFF)
if(RECONBOUND_FUZZ_INSTRUMENT)
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
