# Compiler warnings and sanitizers for every reconbound target.
add_library(reconbound_warnings INTERFACE)
target_compile_options(reconbound_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow=local)
if(RECONBOUND_WERROR)
  target_compile_options(reconbound_warnings INTERFACE -Werror)
endif()

if(RECONBOUND_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
